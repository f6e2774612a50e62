/**
 * Which market a page's alternate in another language is in (decision 0092). The storefront links a page in
 * `lang` to the same page in each other language (hreflang alternates, the language switch); where that link lands
 * decides whether the page there exists: a product page answers 404 in a market where the product has no price.
 *
 * The link lands in the page's own market when that market allows the language (a market that names no language
 * allows every one), else in the language's default market: app/lib/page-locale.ts hrefInLanguage and
 * domain/sitemap.ts pageUrl write the URL so, and services/catalog/product-pages.ts checks the product's price
 * there. The page's own language is always in its own market.
 *
 * Generic over the language's spelling: the storefront calls it with "nb"/"sv", the API with "nb-NO"/"sv-SE".
 */
export function alternateMarket<L extends string, D extends string | undefined>(
  page: {
    /** Market alias the page is in. */
    market: string;
    lang: L;
    /** The languages the page's market allows; empty: all. */
    allowed: readonly L[];
  },
  lang: L,
  /** `lang`'s default market (the market a visitor without one gets in that language); undefined: none. */
  defaultMarket: D,
): string | D {
  if (lang === page.lang || page.allowed.length === 0 || page.allowed.includes(lang)) return page.market;
  return defaultMarket;
}
