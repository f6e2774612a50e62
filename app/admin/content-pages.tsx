import { Link, redirect } from "react-router";
import type { Route } from "./+types/content-pages";
import { adminRequest } from "./api.server.ts";
import { Notice, primary, table, td, th, useAdminT } from "./ui.tsx";

/** /admin/content (issue 15, decision 0058): the content pages by title, published or draft; a new one. */
interface Row {
  pageId: number;
  key: string;
  title: string;
  path: string;
  published: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ contentPages: Row[] }>(
    request,
    context,
    "{ contentPages { pageId key title path published } }",
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  const deleted = new URL(request.url).searchParams.get("deleted") === "1";
  return { rows: answer.data?.contentPages ?? [], deleted };
}

export function meta() {
  return [{ title: "Mili · Content pages" }];
}

export default function ContentPages({ loaderData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { rows, deleted } = loaderData;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("content.title")}</h1>
        {may("content.edit") ? (
          <Link to="/admin/content/new" className={primary}>
            {t("content.new")}
          </Link>
        ) : null}
      </div>
      <p className="mb-4 text-stone-700">{t("content.intro")}</p>
      {deleted ? <Notice kind="ok">{t("content.deleted")}</Notice> : null}
      {rows.length ? (
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>{t("content.colTitle")}</th>
              <th className={th}>{t("content.colPath")}</th>
              <th className={th}>{t("content.colState")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.pageId}>
                <td className={td}>
                  <Link to={`/admin/content/${r.key}`} className="underline">
                    {r.title}
                  </Link>
                </td>
                <td className={td}>{r.path}</td>
                <td className={td}>{r.published ? t("content.published") : t("content.draft")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("content.none")}</p>
      )}
    </>
  );
}
