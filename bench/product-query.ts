import { API_HEADERS } from "./channel-query.ts";

/**
 * The `product(alias)` query the product benchmarks POST: name, price, SKUs with stock, brand, images and the
 * variant dimensions (issue 16's API row), with the storefront's headers.
 */
export const PRODUCT_QUERY = `query Product($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
  product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
    productId
    alias
    name
    canonicalUrl
    brand { name alias canonicalUrl }
    unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted discountPercentage currency { code } }
    skus { skuId name stock { inStock oversellable static incoming totalStock } }
    productImages { fileName tags }
    variantDimensions { dimension label level value }
  }
}`;

export function productBody(alias: string): string {
  return JSON.stringify({
    operationName: "Product",
    query: PRODUCT_QUERY,
    variables: { alias, channelId: "1|se", languageId: "sv-SE", marketId: "se" },
  });
}

/** The aliases and canonical URLs of the first `take` products of the default channel (sv-SE, market se). */
export function productsBody(take: number): string {
  return JSON.stringify({
    query: `query($take: Int) { products(take: $take, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
      products { alias canonicalUrl } } }`,
    variables: { take },
  });
}

/**
 * The first `take` products' Swedish pages, for the statement benchmarks (statement-replay.ts, pglite-rows.ts): their
 * canonical paths as the products query lists them, and a reader that asks one as a browser does, to the end (any
 * status but 200 throws).
 */
export async function swedishProductPages(origin: string, take: number) {
  const list = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: API_HEADERS,
    body: productsBody(take),
  });
  const paths = (
    (await list.json()) as { data: { products: { products: { canonicalUrl: string }[] } } }
  ).data.products.products.map((p) => p.canonicalUrl);
  const read = async (path: string) => {
    const r = await fetch(`${origin}/sv${path}`, { headers: { accept: "text/html" } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
  };
  return { paths, read };
}

/** What the first-visit crawler sends for a product page: a search engine's bot (bench/product.ts, pages-dump.ts). */
export const CRAWLER_HEADERS = {
  accept: "text/html",
  "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};
