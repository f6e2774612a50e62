import { Form, Link } from "react-router";
import type { Route } from "./+types/campaigns";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import type { AdminTextKey } from "./texts.ts";
import { primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/campaigns (issue 15, decision 0045): price and cart campaigns, newest first; filter by status now
 * (running, scheduled, ended, switched off) and search by name; 25 a page. The state is in the URL.
 */
const PAGE = 25;
const STATUSES = ["running", "scheduled", "ended", "off"] as const;

interface Row {
  campaignId: number;
  name: string;
  kind: string;
  status: (typeof STATUSES)[number];
  startsAt: string | null;
  endsAt: string | null;
  markets: string[];
  productCount: number;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (STATUSES as readonly string[]).includes(statusParam) ? statusParam : null;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{ campaigns: { total: number; campaigns: Row[] } }>(
    request,
    context,
    `query($q: String, $s: AdminCampaignStatus, $skip: Int, $take: Int) {
      campaigns(search: $q, status: $s, skip: $skip, take: $take) {
        total campaigns { campaignId name kind status startsAt endsAt markets productCount } } }`,
    { q: q || null, s: status, skip: (page - 1) * PAGE, take: PAGE },
  );
  return {
    q,
    status: status ?? "",
    page,
    total: answer.data?.campaigns.total ?? 0,
    campaigns: answer.data?.campaigns.campaigns ?? [],
  };
}

export function meta() {
  return [{ title: "Mili · Campaigns" }];
}

const field = "mt-1 rounded border border-stone-500 bg-white px-2 py-1";

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { q, status, page, total, campaigns } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const link = (p: number) => {
    const search = new URLSearchParams();
    if (q) search.set("q", q);
    if (status) search.set("status", status);
    if (p > 1) search.set("page", String(p));
    const text = search.toString();
    return `/admin/campaigns${text ? `?${text}` : ""}`;
  };
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("campaigns.title")}</h1>
        {may("campaigns.edit") ? (
          <Link to="/admin/campaigns/new" className={primary}>
            {t("campaigns.new")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="campaigns-q" className="block text-sm font-medium">
            {t("campaigns.search")}
          </label>
          <input id="campaigns-q" name="q" type="search" defaultValue={q} className={field} />
        </p>
        <p>
          <label htmlFor="campaigns-status" className="block text-sm font-medium">
            {t("campaigns.status")}
          </label>
          <select id="campaigns-status" name="status" defaultValue={status} className={field}>
            <option value="">{t("campaigns.allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`campaignStatus.${s}`)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className={primary}>
          {t("campaigns.filter")}
        </button>
      </Form>
      {campaigns.length === 0 ? (
        <p>{t("campaigns.none")}</p>
      ) : (
        <DataTable
          caption={t("campaigns.caption", { from, to, total })}
          rows={campaigns}
          rowKey={(c) => c.campaignId}
          columns={[
            {
              id: "name",
              header: t("campaigns.name"),
              cell: (c) => (
                <Link to={`/admin/campaigns/${c.campaignId}`} className="font-medium underline">
                  {c.name}
                </Link>
              ),
            },
            {
              id: "kind",
              header: t("campaigns.kind"),
              cell: (c) => t(`campaignKind.${c.kind === "cart" ? "cart" : "price"}` as AdminTextKey),
            },
            { id: "status", header: t("campaigns.status"), cell: (c) => t(`campaignStatus.${c.status}`) },
            {
              id: "period",
              header: t("campaigns.period"),
              cell: (c) =>
                !c.startsAt && !c.endsAt ? (
                  t("campaigns.always")
                ) : (
                  <>
                    {c.startsAt ? <When iso={c.startsAt} lang={lang} /> : "…"} –{" "}
                    {c.endsAt ? <When iso={c.endsAt} lang={lang} /> : "…"}
                  </>
                ),
            },
            {
              id: "markets",
              header: t("campaigns.markets"),
              cell: (c) =>
                c.markets.length
                  ? c.markets.map((m) => m.toUpperCase()).join(", ")
                  : t("campaigns.allMarkets"),
            },
            { id: "products", header: t("campaigns.products"), numeric: true, cell: (c) => c.productCount },
          ]}
        />
      )}
      <Pager
        label={t("campaigns.title")}
        previous={page > 1 ? link(page - 1) : null}
        next={to < total ? link(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}
