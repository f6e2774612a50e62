import { Link, redirect } from "react-router";
import type { Route } from "./+types/menus";
import { adminRequest } from "./api.server.ts";
import { table, td, th, useAdminT } from "./ui.tsx";

/** /admin/menus (issue 15, decision 0058): the storefront's menus by place, with how many items each has. */
interface Row {
  menuId: number;
  locationId: string;
  name: string;
  items: number;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ menus: Row[] }>(
    request,
    context,
    "{ menus { menuId locationId name items } }",
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  return { rows: answer.data?.menus ?? [] };
}

export function meta() {
  return [{ title: "Mili · Menus" }];
}

export default function Menus({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminT();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("menus.title")}</h1>
      <p className="mb-4 text-stone-700">{t("menus.intro")}</p>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>{t("menus.colName")}</th>
            <th className={th}>{t("menus.colLocation")}</th>
            <th className={th}>{t("menus.colItems")}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.rows.map((m) => (
            <tr key={m.menuId}>
              <td className={td}>
                <Link to={`/admin/menus/${m.locationId}`} className="underline">
                  {m.name}
                </Link>
              </td>
              <td className={td}>{m.locationId}</td>
              <td className={td}>{m.items}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
