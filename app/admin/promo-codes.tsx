import { Form, Link } from "react-router";
import type { Route } from "./+types/promo-codes";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import { primary, useAdminT, When } from "./ui.tsx";

/** /admin/promo-codes (issue 15, decision 0045): promo codes, newest first; search by code or name; 25 a page. */
const PAGE = 25;

interface Row {
  promoCodeId: number;
  code: string;
  name: string;
  validFrom: string | null;
  validTo: string | null;
  uses: number;
  maxUses: number | null;
  active: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{ promoCodes: { total: number; promoCodes: Row[] } }>(
    request,
    context,
    `query($q: String, $skip: Int, $take: Int) { promoCodes(search: $q, skip: $skip, take: $take) {
      total promoCodes { promoCodeId code name validFrom validTo uses maxUses active } } }`,
    { q: q || null, skip: (page - 1) * PAGE, take: PAGE },
  );
  return {
    q,
    page,
    total: answer.data?.promoCodes.total ?? 0,
    rows: answer.data?.promoCodes.promoCodes ?? [],
  };
}

export function meta() {
  return [{ title: "Mili · Promo codes" }];
}

export default function PromoCodes({ loaderData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { q, page, total, rows } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const link = (p: number) =>
    `/admin/promo-codes?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("promoCodes.title")}</h1>
        {may("campaigns.edit") ? (
          <Link to="/admin/promo-codes/new" className={primary}>
            {t("promoCodes.new")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="promo-q" className="block text-sm font-medium">
            {t("promoCodes.search")}
          </label>
          <input
            id="promo-q"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          />
        </p>
        <button type="submit" className={primary}>
          {t("campaigns.filter")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>{t("promoCodes.none")}</p>
      ) : (
        <DataTable
          caption={t("promoCodes.caption", { from, to, total })}
          rows={rows}
          rowKey={(r) => r.promoCodeId}
          columns={[
            {
              id: "code",
              header: t("promoCodes.code"),
              cell: (r) => (
                <Link to={`/admin/promo-codes/${r.promoCodeId}`} className="font-mono font-medium underline">
                  {r.code}
                </Link>
              ),
            },
            { id: "name", header: t("promoCodes.name"), cell: (r) => r.name },
            {
              id: "valid",
              header: t("promoCodes.valid"),
              cell: (r) =>
                !r.validFrom && !r.validTo ? (
                  t("campaigns.always")
                ) : (
                  <>
                    {r.validFrom ? <When iso={r.validFrom} lang={lang} /> : "…"} –{" "}
                    {r.validTo ? <When iso={r.validTo} lang={lang} /> : "…"}
                  </>
                ),
            },
            {
              id: "uses",
              header: t("promoCodes.uses"),
              numeric: true,
              cell: (r) => (r.maxUses === null ? r.uses : `${r.uses} / ${r.maxUses}`),
            },
            {
              id: "active",
              header: t("promoCodes.active"),
              cell: (r) => (r.active ? t("products.active") : t("products.inactive")),
            },
          ]}
        />
      )}
      <Pager
        label={t("promoCodes.title")}
        previous={page > 1 ? link(page - 1) : null}
        next={to < total ? link(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}
