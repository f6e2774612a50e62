import { useRef } from "react";
import { formatDate } from "#domain/format.ts";
import type { Translate } from "../../i18n/index.ts";
import { useJsonAnswer, useNear } from "../../lib/client/hooks.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot } from "../../lib/use-root.ts";
import type { ProductPriceHistory } from "../../routes/api.price-history.ts";
import { addDays, CHART_SIZE, chartGeometry, formatTick } from "./price-history-chart.ts";

export interface PricePointData {
  date: string;
  regularPriceIncVat: number;
  regularPriceExVat: number;
  sellingPriceIncVat: number;
  sellingPriceExVat: number;
  regularPriceIncVatFormatted: string;
  regularPriceExVatFormatted: string;
  sellingPriceIncVatFormatted: string;
  sellingPriceExVatFormatted: string;
}

/** What a failed request shows: nothing (the page without its price history). */
const FAILED: ProductPriceHistory = { points: [], today: "", days: 0 };

/**
 * The place of a product's price history (decision 0094): the server renders it empty; the browser asks
 * `/api/price-history` when the shopper nears it (800 px ahead, as the related products, decision 0089) and draws
 * the chart for the screen it has (a phone's narrower chart at once, no redraw after hydration). Reading every SKU's
 * price log and drawing the chart was 13 % of a first visit's server time, for a part far below the fold that a
 * crawler never sees. Another product (a client-side navigation) asks again.
 */
export function PriceHistoryPlace({
  alias,
  ...shown
}: { alias: string } & Omit<Parameters<typeof PriceHistory>[0], "points" | "today" | "days">) {
  const root = useRoot();
  const place = useRef<HTMLDivElement>(null);
  const near = useNear(place, alias);
  const history = useJsonAnswer(
    near ? `${href(root.locale, "/api/price-history")}?alias=${encodeURIComponent(alias)}` : null,
    FAILED,
  );
  return (
    <div ref={place} data-price-history={history ? "loaded" : "waiting"}>
      {history && history !== FAILED ? (
        <PriceHistory points={history.points} today={history.today} days={history.days} {...shown} />
      ) : null}
    </div>
  );
}

/**
 * Price history as an SVG step chart (role="img" with a spoken summary, <title> and <desc>) and, for anyone who
 * prefers numbers, the same points as a table inside <details>. The chart shows the window the text names, the
 * last `days` days up to today; a phone gets a narrower chart (`compact`), so its labels stay readable.
 */
export function PriceHistory({
  points,
  today,
  days,
  vatIncluded,
  currentFormatted,
  languageId,
  t,
  compact = false,
}: {
  points: PricePointData[];
  /** YYYY-MM-DD: the chart's right edge (from the loader, so server and browser agree). */
  today: string;
  days: number;
  vatIncluded: boolean;
  currentFormatted: string;
  languageId: string;
  t: Translate;
  /** A phone's chart: a narrower view box, so the same text is larger on a small screen. */
  compact?: boolean;
}) {
  const selling = (p: PricePointData) => (vatIncluded ? p.sellingPriceIncVat : p.sellingPriceExVat);
  const regular = (p: PricePointData) => (vatIncluded ? p.regularPriceIncVat : p.regularPriceExVat);
  const sellingText = (p: PricePointData) =>
    vatIncluded ? p.sellingPriceIncVatFormatted : p.sellingPriceExVatFormatted;
  const regularText = (p: PricePointData) =>
    vatIncluded ? p.regularPriceIncVatFormatted : p.regularPriceExVatFormatted;
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const from = addDays(today, -days);
  const chart = chartGeometry(
    sorted.map((p) => ({ date: p.date, selling: selling(p), regular: regular(p) })),
    { from, to: today },
    compact ? CHART_SIZE.compact : CHART_SIZE.wide,
  );
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const lowest = sorted.reduce<PricePointData | undefined>(
    (m, p) => (!m || selling(p) < selling(m) ? p : m),
    undefined,
  );
  const highest = sorted.reduce<PricePointData | undefined>(
    (m, p) => (!m || selling(p) > selling(m) ? p : m),
    undefined,
  );
  const summary =
    first && last && lowest && highest && selling(lowest) !== selling(highest)
      ? t("product.priceHistory.summary", {
          days,
          first: formatDate(first.date, languageId),
          last: formatDate(today, languageId),
          min: sellingText(lowest),
          max: sellingText(highest),
          current: currentFormatted,
        })
      : // Known for a shorter time than the window (a new product): since when, not "the whole period". A day's
        // leeway: the API's window opens `days` × 24 hours ago, a day off around a change of daylight saving.
        first && first.date > addDays(from, 1)
        ? t("product.priceHistory.unchangedSince", {
            current: currentFormatted,
            first: formatDate(first.date, languageId),
          })
        : t("product.priceHistory.unchanged", { current: currentFormatted, days });
  return (
    <section aria-labelledby="price-history" className="mt-10">
      <h2 id="price-history" className="text-xl font-semibold">
        {t("product.priceHistory")}
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        {summary} {vatIncluded ? t("price.incVat") : t("price.exVat")}
      </p>
      {chart ? (
        <svg
          role="img"
          aria-labelledby="price-history-title price-history-desc"
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          className="mt-3 w-full max-w-2xl text-stone-900"
          data-price-chart
        >
          <title id="price-history-title">{t("product.priceHistory")}</title>
          <desc id="price-history-desc">{summary}</desc>
          <g className="text-xs" fontSize="12">
            {chart.yTicks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={chart.plot.left}
                  x2={chart.plot.right}
                  y1={tick.y}
                  y2={tick.y}
                  stroke="#d6d3d1"
                  strokeWidth="1"
                />
                <text x={chart.plot.left - 8} y={tick.y + 4} textAnchor="end" fill="#57534e">
                  {formatTick(tick.value)}
                </text>
              </g>
            ))}
            {chart.xTicks.map((tick) => (
              <text
                key={tick.date}
                x={tick.x}
                y={chart.height - 10}
                textAnchor={tick.anchor}
                fill="#57534e"
                data-date={tick.date}
              >
                {formatDate(tick.date, languageId)}
              </text>
            ))}
            {chart.showRegular ? (
              <path
                d={chart.regularPath}
                fill="none"
                stroke="#78716c"
                strokeWidth="2"
                strokeDasharray="6 4"
              />
            ) : null}
            <path d={chart.sellingPath} fill="none" stroke="#b91c1c" strokeWidth="2.5" />
            <circle cx={chart.current.x} cy={chart.current.y} r="4" fill="#b91c1c" />
          </g>
        </svg>
      ) : null}
      {sorted.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-medium">{t("product.priceHistory.table")}</summary>
          <table className="mt-2 w-full max-w-2xl text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1.5 pr-4">
                  {t("product.priceHistory.date")}
                </th>
                <th scope="col" className="py-1.5 pr-4">
                  {t("product.priceHistory.selling")}
                </th>
                <th scope="col" className="py-1.5">
                  {t("product.priceHistory.regular")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((p) => (
                <tr key={p.date} className="border-t border-stone-200">
                  <th scope="row" className="py-1.5 pr-4 font-medium">
                    <time dateTime={p.date}>{formatDate(p.date, languageId)}</time>
                  </th>
                  <td className="py-1.5 pr-4">{sellingText(p)}</td>
                  <td className="py-1.5">{regularText(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  );
}
