import type { Lang } from "../locale.ts";
import { otherLanguagePath } from "../page-locale.ts";

/** What the frame knows about a market (the root loader's `markets`). */
export interface MarketInfo {
  alias: string;
  defaultLanguageId: string;
  virtual: boolean;
  onlyDisplayInCheckout: boolean;
  groupKey: string | null;
  allowedLanguages: { id: string }[];
  country: { name: string; code: string } | null;
  currency: { code: string } | null;
}

export const MARKET_GROUPS = ["scandinavia", "europe"] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

/** Markets a shopper may choose: not virtual, not checkout-only; grouped Scandinavia / Europe, in order. */
export function marketGroups<M extends MarketInfo>(markets: M[]): { group: MarketGroup; markets: M[] }[] {
  const visible = markets.filter((m) => !m.virtual && !m.onlyDisplayInCheckout);
  return MARKET_GROUPS.map((group) => ({
    group,
    // Markets of an unknown group are listed under Europe rather than hidden.
    markets: visible.filter((m) =>
      group === "scandinavia" ? m.groupKey === "scandinavia" : m.groupKey !== "scandinavia",
    ),
  })).filter((g) => g.markets.length > 0);
}

/** "Danmark (DKK)". */
export function marketLabel(market: Pick<MarketInfo, "alias" | "country" | "currency">): string {
  const name = market.country?.name ?? market.alias.toUpperCase();
  return market.currency ? `${name} (${market.currency.code})` : name;
}

/**
 * In multi-market mode, where choosing a market goes: /{market}/{lang}{path}, in the page's language when the
 * market allows it, else in the market's default language (with the page's path in that language: its alternate,
 * or the localized screen path).
 */
export function marketPathTarget(
  market: Pick<MarketInfo, "alias" | "defaultLanguageId" | "allowedLanguages">,
  page: {
    lang: Lang;
    prefix: string;
    pathname: string;
    search: string;
    /** The page's path in each language (its hreflang alternates), for a change of language. */
    alternates?: { lang: Lang; path: string }[];
  },
): string {
  const rest =
    page.prefix && (page.pathname === page.prefix || page.pathname.startsWith(`${page.prefix}/`))
      ? page.pathname.slice(page.prefix.length) || "/"
      : page.pathname;
  const code = (id: string) => id.split("-")[0] ?? id;
  const allowed = market.allowedLanguages.map((l) => code(l.id));
  const wanted = allowed.includes(page.lang) ? page.lang : code(market.defaultLanguageId);
  const lang: Lang = wanted === "sv" || wanted === "nb" ? wanted : page.lang;
  const path =
    lang === page.lang
      ? rest
      : (page.alternates?.find((a) => a.lang === lang)?.path ?? otherLanguagePath(rest, lang));
  return `/${market.alias}/${lang}${path === "/" ? "" : path}${page.search}`;
}
