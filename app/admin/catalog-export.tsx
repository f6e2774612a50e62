import { Link, redirect } from "react-router";
import { CSV_KINDS } from "#domain/catalog-csv.ts";
import type { Route } from "./+types/catalog-export";
import { adminRequest } from "./api.server.ts";
import { primary, useAdminT } from "./ui.tsx";

/**
 * /admin/catalog/export (issue 15, decision 0051): choose products, prices or stock and download the CSV. The file
 * itself comes from GET /admin/catalog/export.csv (server/admin-csv.ts), streamed; a plain form, so it works
 * without JavaScript and the browser saves the download.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ products: { total: number } }>(
    request,
    context,
    "{ products(take: 1) { total } }",
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  return { total: answer.data?.products.total ?? 0 };
}

export function meta() {
  return [{ title: "Mili · Export CSV" }];
}

export default function CatalogExport({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const count = new Intl.NumberFormat(lang === "en" ? "en-GB" : lang === "sv" ? "sv-SE" : "nb-NO").format(
    loaderData.total,
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("csv.exportTitle")}</h1>
        <Link to="/admin/catalog/import" className="underline">
          {t("csv.toImport")}
        </Link>
      </div>
      <p className="mb-4 max-w-prose">{t("csv.exportIntro", { count })}</p>
      <form method="get" action="/admin/catalog/export.csv">
        <fieldset className="mb-4">
          <legend className="mb-2 font-semibold">{t("csv.kind")}</legend>
          {CSV_KINDS.map((kind, i) => (
            <p key={kind} className="mb-1">
              <label className="inline-flex items-start gap-2">
                <input type="radio" name="kind" value={kind} defaultChecked={i === 0} className="mt-1" />
                <span>{t(`csv.kind.${kind}`)}</span>
              </label>
            </p>
          ))}
        </fieldset>
        <button type="submit" className={primary}>
          {t("csv.download")}
        </button>
      </form>
    </>
  );
}
