import { useMatches, useRouteLoaderData } from "react-router";
import { translator } from "../i18n/index.ts";
import type { RootData } from "./root-data.server.ts";
import type { Alternate } from "./seo.ts";

/** The root loader's data: locale, frame data, customer type. Present on every page below the root. */
export function useRoot(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useRoot() is used outside the root route");
  return data;
}

/** The currency code (ISO 4217) of the page's market, "" when unknown. */
export function marketCurrency(root: Pick<RootData, "markets" | "locale">): string {
  return root.markets.find((m) => m.alias === root.locale.market)?.currency?.code ?? "";
}

/** A translator for the page's language. */
export function useT() {
  return translator(useRoot().lang);
}

/** The deepest route's alternates (its path in each language), for the language switch. */
export function usePageAlternates(): Alternate[] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { alternates?: Alternate[] } | undefined;
    if (data?.alternates) return data.alternates;
  }
  return [];
}
