import { lazy, Suspense } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "../lib/client/hooks.ts";
import type { Route } from "./+types/dashboard";
import { adminRequest } from "./api.server.ts";
import type { AdminTextKey } from "./texts.ts";
import { Money, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/**
 * /admin: the dashboard (issue 15 "Dashboard", decision 0048): sales, orders and average order value per day and
 * market over 7, 30 or 90 days (a bar chart and the same figures in a table), what waits for moderation, SKUs
 * running low and the payments that failed. Each part shows only to a role that may read it (the API answers null
 * for the others). Works without JavaScript; the chart comes with it.
 */
const SalesChart = lazy(() => import("./sales-chart.tsx"));
const PERIODS = [7, 30, 90] as const;

interface DaySales {
  day: string;
  orders: number;
  salesMinor: number;
  averageMinor: number;
}
interface MarketSales {
  marketAlias: string;
  currencyCode: string;
  orders: number;
  salesMinor: number;
  averageMinor: number;
  days: DaySales[];
}
interface LowStock {
  skuId: number;
  productId: number;
  productName: string;
  articleNumber: string;
  skuName: string;
  inStock: number;
  incoming: string | null;
  status: "fewLeft" | "outOfStock" | "backorder";
}
interface Failed {
  orderId: number;
  email: string;
  marketAlias: string;
  currencyCode: string;
  totalMinor: number;
  createdAt: string;
  reason: string | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30;
  const answer = await adminRequest<{
    salesByDay: MarketSales[] | null;
    moderationCounts: { reviews: number; questions: number } | null;
    lowStock: LowStock[] | null;
    failedPayments: { total: number; latest: Failed[] } | null;
  }>(
    request,
    context,
    `query($days: Int) {
      salesByDay(days: $days) { marketAlias currencyCode orders salesMinor averageMinor
        days { day orders salesMinor averageMinor } }
      moderationCounts { reviews questions }
      lowStock(take: 20) { skuId productId productName articleNumber skuName inStock incoming status }
      failedPayments(days: 7, take: 10) { total latest { orderId email marketAlias currencyCode totalMinor createdAt reason } } }`,
    { days },
  );
  return {
    days,
    sales: answer.data?.salesByDay ?? null,
    moderation: answer.data?.moderationCounts ?? null,
    lowStock: answer.data?.lowStock ?? null,
    failed: answer.data?.failedPayments ?? null,
  };
}

export function meta() {
  return [{ title: "Mili · Dashboard" }];
}

const STOCK: Record<LowStock["status"], AdminTextKey> = {
  fewLeft: "dashboard.stock.fewLeft",
  outOfStock: "dashboard.stock.outOfStock",
  backorder: "dashboard.stock.backorder",
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const hydrated = useHydrated();
  const { days, sales, moderation, lowStock, failed } = loaderData;
  const dayFormat = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang === "sv" ? "sv-SE" : "nb-NO", {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("dashboard.title")}</h1>

      {moderation ? (
        <section aria-labelledby="waiting-heading" className="mb-8">
          <h2 id="waiting-heading" className="mb-2 text-xl font-semibold">
            {t("dashboard.waiting")}
          </h2>
          <ul className="mb-2 list-inside list-disc">
            <li data-waiting="reviews">{t("dashboard.reviewsWaiting", { count: moderation.reviews })}</li>
            <li data-waiting="questions">
              {t("dashboard.questionsWaiting", { count: moderation.questions })}
            </li>
          </ul>
          <Link to="/admin/moderation" className="underline">
            {t("dashboard.toModeration")}
          </Link>
        </section>
      ) : null}

      {sales ? (
        <section aria-labelledby="sales-heading" className="mb-8">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <h2 id="sales-heading" className="text-xl font-semibold">
              {t("dashboard.sales")}
            </h2>
            <Form method="get" className="flex items-end gap-2">
              <label className="text-sm">
                <span className="block font-semibold">{t("dashboard.period")}</span>
                <select
                  name="days"
                  defaultValue={days}
                  className="rounded border border-stone-400 bg-white px-2 py-1"
                >
                  {PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t("dashboard.days", { days: p })}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={primary}>
                {t("dashboard.show")}
              </button>
            </Form>
          </div>
          {sales.every((m) => m.orders === 0) ? <p className="mb-3">{t("dashboard.salesNone")}</p> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            {sales.map((m) => (
              <article
                key={m.marketAlias}
                aria-labelledby={`market-${m.marketAlias}`}
                className="rounded border border-stone-300 p-4"
                data-market={m.marketAlias}
              >
                <h3 id={`market-${m.marketAlias}`} className="mb-2 font-semibold">
                  {t("dashboard.market", { market: m.marketAlias.toUpperCase() })}
                </h3>
                <dl className="mb-3 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-stone-700">{t("dashboard.total")}</dt>
                    <dd className="text-lg font-semibold" data-total>
                      <Money minor={m.salesMinor} currency={m.currencyCode} lang={lang} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-stone-700">{t("dashboard.orders")}</dt>
                    <dd className="text-lg font-semibold" data-orders>
                      {m.orders}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-stone-700">{t("dashboard.average")}</dt>
                    <dd className="text-lg font-semibold" data-average>
                      <Money minor={m.averageMinor} currency={m.currencyCode} lang={lang} />
                    </dd>
                  </div>
                </dl>
                <div aria-hidden="true" className="h-[220px]" data-chart>
                  {hydrated ? (
                    <Suspense fallback={null}>
                      <SalesChart days={m.days} currency={m.currencyCode} lang={lang} />
                    </Suspense>
                  ) : null}
                </div>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold">{t("dashboard.perDay")}</summary>
                  <table className={`${table} mt-2`}>
                    <caption className="sr-only">
                      {t("dashboard.chart", {
                        market: m.marketAlias.toUpperCase(),
                        currency: m.currencyCode,
                      })}
                    </caption>
                    <thead>
                      <tr>
                        <th className={th}>{t("dashboard.day")}</th>
                        <th className={th}>{t("dashboard.orders")}</th>
                        <th className={th}>{t("dashboard.total")}</th>
                        <th className={th}>{t("dashboard.average")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {m.days.map((d) => (
                        <tr key={d.day} data-day={d.day}>
                          <td className={td}>{dayFormat.format(new Date(`${d.day}T12:00:00Z`))}</td>
                          <td className={td}>{d.orders}</td>
                          <td className={td}>
                            <Money minor={d.salesMinor} currency={m.currencyCode} lang={lang} />
                          </td>
                          <td className={td}>
                            <Money minor={d.averageMinor} currency={m.currencyCode} lang={lang} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </article>
            ))}
          </div>
        </section>
      ) : null}

      {lowStock ? (
        <section aria-labelledby="stock-heading" className="mb-8">
          <h2 id="stock-heading" className="mb-2 text-xl font-semibold">
            {t("dashboard.lowStock")}
          </h2>
          {lowStock.length === 0 ? (
            <p>{t("dashboard.lowStockNone")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className={table} data-low-stock>
                <thead>
                  <tr>
                    <th className={th}>{t("dashboard.product")}</th>
                    <th className={th}>{t("dashboard.sku")}</th>
                    <th className={th}>{t("dashboard.inStock")}</th>
                    <th className={th}>{t("dashboard.status")}</th>
                    <th className={th}>{t("dashboard.incoming")}</th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.map((s) => (
                    <tr key={s.skuId}>
                      <td className={td}>
                        <Link to={`/admin/products/${s.productId}`} className="underline">
                          {s.productName}
                        </Link>{" "}
                        <span className="text-stone-700">{s.articleNumber}</span>
                      </td>
                      <td className={td}>{s.skuName}</td>
                      <td className={td}>{s.inStock}</td>
                      <td className={td}>{t(STOCK[s.status])}</td>
                      <td className={td}>
                        {s.incoming ? dayFormat.format(new Date(`${s.incoming}T12:00:00Z`)) : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      {failed ? (
        <section aria-labelledby="failed-heading" className="mb-8">
          <h2 id="failed-heading" className="mb-2 text-xl font-semibold">
            {t("dashboard.failed", { count: failed.total })}
          </h2>
          {failed.latest.length === 0 ? (
            <p>{t("dashboard.failedNone")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className={table} data-failed>
                <thead>
                  <tr>
                    <th className={th}>{t("dashboard.when")}</th>
                    <th className={th}>{t("dashboard.customer")}</th>
                    <th className={th}>{t("dashboard.amount")}</th>
                    <th className={th}>{t("dashboard.reason")}</th>
                  </tr>
                </thead>
                <tbody>
                  {failed.latest.map((f) => (
                    <tr key={f.orderId}>
                      <td className={td}>
                        <Link to={`/admin/orders/${f.orderId}`} className="underline">
                          <When iso={f.createdAt} lang={lang} />
                        </Link>
                      </td>
                      <td className={td}>{f.email}</td>
                      <td className={td}>
                        <Money minor={f.totalMinor} currency={f.currencyCode} lang={lang} />
                      </td>
                      <td className={td}>{f.reason ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
