import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePriceBandId } from "#domain/price-bands.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The price facet (decision 0019, services/price-facet.ts): a list's facets include one of type Price whose values
 * are bands of the list's own prices in the request's currency; a band's id sent back in filter.facets (or
 * include/exclude) narrows the list, and counts are made as every facet's are. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "120" });
});
afterAll(async () => {
  await shop?.close();
});

const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };

const LIST = /* GraphQL */ `
  query List($filter: FilterInputType, $url: String, $channelId: String, $languageId: String, $marketId: String) {
    products(take: 200, url: $url, filter: $filter, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      count
      products { productId unitPrice { sellingPriceIncVat currency { code } } brand { name } }
      filters {
        price { lowest highest }
        facets { filterId group label type order values { _id facetId parentId label count order hidden url } }
      }
    }
  }
`;

type Value = {
  _id: string;
  facetId: string;
  label: string;
  count: number;
  order: number;
  parentId: null;
  hidden: boolean;
};
type Facet = { filterId: string; group: string; label: string; type: string; values: Value[] };
type List = {
  count: number;
  products: { productId: number; unitPrice: { sellingPriceIncVat: number; currency: { code: string } } }[];
  filters: { price: { lowest: number; highest: number } | null; facets: Facet[] };
};

async function list(variables: Record<string, unknown> = {}, locale = no): Promise<List> {
  const { status, body } = await gql(shop.origin, { query: LIST, variables: { ...locale, ...variables } });
  expect(body.errors).toBeUndefined();
  expect(status).toBe(200);
  return body.data.products as List;
}

const byType = (r: List, type: string) => r.filters.facets.find((f) => f.type === type);
const priceFacet = (r: List) => byType(r, "Price") as Facet;
const inBand = (id: string, price: number) => {
  const band = parsePriceBandId(id);
  if (!band) throw new Error(`not a band: ${id}`);
  return price >= band.lowest && price < band.highest + 1;
};

describe("the price facet", () => {
  it("offers contiguous bands of the list's prices, labelled in the request's currency, counting every product", async () => {
    for (const [locale, suffix] of [
      [no, "kr"],
      [se, "kr"],
    ] as const) {
      const all = await list({}, locale);
      const price = priceFacet(all);
      expect(price).toMatchObject({ filterId: "price", group: "price", label: "Pris" });
      expect(price.values.length).toBeGreaterThan(1);
      expect(price.values.length).toBeLessThanOrEqual(5);
      const bands = price.values.map((v) => parsePriceBandId(v.facetId));
      expect(bands.every((b) => b !== null)).toBe(true);
      expect(bands[0]?.lowest).toBe(0);
      price.values.forEach((v, i) => {
        expect(v.order).toBe(i);
        expect(v.hidden).toBe(false);
        expect(v._id).toBe(v.facetId);
        expect(v.label).toMatch(new RegExp(`^[\\d\u00a0]+–[\\d\u00a0]+\u00a0${suffix}$`));
        if (i > 0) expect(bands[i]?.lowest).toBe((bands[i - 1]?.highest ?? 0) + 1);
      });
      // Unfiltered, the bands share out the whole list.
      expect(price.values.reduce((n, v) => n + v.count, 0)).toBe(all.count);
      const range = all.filters.price;
      expect(range).not.toBeNull();
      expect(inBand(price.values.at(-1)?.facetId ?? "", range?.highest ?? 0)).toBe(true);
    }
  });

  it("are the market's own: Swedish and Norwegian bands follow each market's prices", async () => {
    const sek = await list({}, se);
    const nok = await list({}, no);
    for (const r of [sek, nok]) {
      for (const v of priceFacet(r).values) {
        const narrowed = await list({ filter: { facets: [v.facetId] } }, r === sek ? se : no);
        expect(narrowed.count).toBe(v.count);
        for (const p of narrowed.products)
          expect(inBand(v.facetId, p.unitPrice.sellingPriceIncVat)).toBe(true);
      }
    }
    expect(sek.products[0]?.unitPrice.currency.code).toBe("SEK");
    expect(nok.products[0]?.unitPrice.currency.code).toBe("NOK");
  });

  it("stay the same while the shopper narrows the list, and count as the other facets do", async () => {
    const all = await list();
    const bands = priceFacet(all).values;
    const brand = byType(all, "Brand")?.values[0] as Value;
    const band = bands[0] as Value;
    // A brand chosen: every band counts what the brand and that band give together.
    const withBrand = await list({ filter: { facets: [brand.facetId] } });
    for (const v of priceFacet(withBrand).values) {
      expect(bands.map((b) => b.facetId)).toContain(v.facetId);
      expect(v.count).toBe((await list({ filter: { facets: [brand.facetId, v.facetId] } })).count);
    }
    // A band chosen: the other bands still count as if added (OR inside the group), the brands count inside it.
    const withBand = await list({ filter: { facets: [band.facetId] } });
    expect(withBand.count).toBe(band.count);
    expect(priceFacet(withBand).values.map((v) => v.facetId)).toEqual(bands.map((v) => v.facetId));
    expect(priceFacet(withBand).values.map((v) => v.count)).toEqual(bands.map((v) => v.count));
    for (const v of (byType(withBand, "Brand")?.values ?? []).slice(0, 3))
      expect(v.count).toBe((await list({ filter: { facets: [band.facetId, v.facetId] } })).count);
    const two = await list({ filter: { facets: [band.facetId, (bands[1] as Value).facetId] } });
    expect(two.count).toBe(band.count + (bands[1] as Value).count);
    // CURRENT counts inside the result: only the chosen band has products.
    const current = await list({ filter: { facets: [band.facetId], filterMode: "CURRENT" } });
    expect(priceFacet(current).values.map((v) => [v.facetId, v.count])).toEqual([[band.facetId, band.count]]);
  });

  it("take a band the list does not offer, and ignore malformed ones", async () => {
    const all = await list();
    const own = await list({ filter: { facets: ["pr_100-349"] } });
    expect(own.count).toBeGreaterThan(0);
    expect(own.count).toBeLessThan(all.count);
    for (const p of own.products) expect(inBand("pr_100-349", p.unitPrice.sellingPriceIncVat)).toBe(true);
    // It is offered back (with its count) so that it can be taken away again.
    expect(priceFacet(own).values.find((v) => v.facetId === "pr_100-349")?.count).toBe(own.count);
    for (const facets of [["pr_500-100"], ["pr_"], ["pr_a-b"], ["pr_-1-5"], ["pr_1.5-99"]])
      expect((await list({ filter: { facets } })).count).toBe(all.count);
  });

  it("work in include and exclude, and beside the price range", async () => {
    const all = await list();
    const [first, second] = priceFacet(all).values as [Value, Value];
    const included = await list({ filter: { include: [first.facetId], includeMode: "INTERSECT" } });
    expect(included.count).toBe(first.count);
    const excluded = await list({ filter: { excludeFacets: [first.facetId] } });
    expect(excluded.count).toBe(all.count - first.count);
    expect(excluded.products.some((p) => inBand(first.facetId, p.unitPrice.sellingPriceIncVat))).toBe(false);
    expect((await list({ filter: { exclude: [first.facetId, second.facetId] } })).count).toBe(
      all.count - first.count - second.count,
    );
    // The range answers the list before both price filters; the bands count inside the range.
    const band = parsePriceBandId(second.facetId);
    const range = { lowest: band?.lowest ?? 0, highest: (band?.lowest ?? 0) + 50 };
    const both = await list({ filter: { facets: [second.facetId], price: range } });
    expect(both.filters.price).toEqual(all.filters.price);
    const inRange = await list({ filter: { price: range } });
    expect(priceFacet(inRange).values.find((v) => v.facetId === second.facetId)?.count).toBe(both.count);
    expect(both.count).toBeLessThanOrEqual(second.count);
  });

  it("answers a Geins storefront's list query: the Price facet by type, its id sent back as facets", async () => {
    // As geins-io/ralph-ui's list page asks: filters first, then the products with the chosen facet ids and
    // filterMode BY_GROUP; the values it got first keep their ids and get new counts.
    const filtersQuery = /* GraphQL */ `
      query products($filter: FilterInputType, $url: String, $channelId: String, $languageId: String, $marketId: String) {
        products(filter: $filter, url: $url, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          filters { facets { filterId group label type order values { _id count facetId parentId label order hidden url } } }
        }
      }`;
    const ask = async (filter: Record<string, unknown>) => {
      const { body } = await gql(shop.origin, {
        operationName: "products",
        query: filtersQuery,
        variables: { ...se, url: "/c/klader", filter },
      });
      expect(body.errors).toBeUndefined();
      return body.data.products.filters.facets as Facet[];
    };
    const facets = await ask({ facets: [], filterMode: "CURRENT" });
    const price = facets.find((f) => f.type === "Price");
    expect(price?.values.length).toBeGreaterThan(0);
    const chosen = price?.values[0] as Value;
    const page = await list(
      { url: "/c/klader", filter: { facets: [chosen.facetId], filterMode: "BY_GROUP" } },
      se,
    );
    expect(page.count).toBe(chosen.count);
    const after = (await ask({ facets: [chosen.facetId], filterMode: "BY_GROUP" })).find(
      (f) => f.type === "Price",
    );
    for (const v of after?.values ?? []) expect(price?.values.map((p) => p.facetId)).toContain(v.facetId);
  });
});
