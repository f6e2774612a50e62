import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockStatus } from "#domain/stock.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

const LANGUAGES = {
  nb: {
    channelId: "2|no",
    languageId: "nb-NO",
    favorites: "/favoritter",
    lowest: (price: string) => `Laveste pris siste 30 dager: ${price}`,
    rating: (score: string, count: number) => `Vurdert til ${score} av 5 (${count} vurderinger)`,
    outOfStock: "Ikke på lager",
  },
  sv: {
    channelId: "1|se",
    languageId: "sv-SE",
    favorites: "/sv/favoriter",
    lowest: (price: string) => `Lägsta pris senaste 30 dagarna: ${price}`,
    rating: (score: string, count: number) => `Betyg ${score} av 5 (${count} omdömen)`,
    outOfStock: "Slut i lager",
  },
} as const;

const CATALOG = `query ($channelId: String, $languageId: String) {
  products(take: 200, channelId: $channelId, languageId: $languageId) {
    products {
      productId name
      unitPrice { sellingPriceIncVatFormatted sellingPriceExVatFormatted }
      lowestPrice { discountPercentage lowestPriceIncVatFormatted lowestPriceExVatFormatted }
      rating { score voteCount }
      totalStock { inStock oversellable totalStock static incoming }
    }
  }
}`;

interface Listed {
  productId: number;
  name: string;
  unitPrice: { sellingPriceIncVatFormatted: string; sellingPriceExVatFormatted: string };
  lowestPrice: {
    discountPercentage: number;
    lowestPriceIncVatFormatted: string;
    lowestPriceExVatFormatted: string;
  } | null;
  rating: { score: number; voteCount: number } | null;
  totalStock: {
    inStock: number;
    oversellable: number;
    totalStock: number;
    static: number;
    incoming: string | null;
  };
}

/** A reduced product, a rated one and one out of stock, from the API in the language. */
async function samples(lang: "nb" | "sv") {
  const l = LANGUAGES[lang];
  const { body } = await gql(shop.origin, {
    query: CATALOG,
    variables: { channelId: l.channelId, languageId: l.languageId },
  });
  const products = body.data.products.products as Listed[];
  const reduced = products.find((p) => (p.lowestPrice?.discountPercentage ?? 0) > 0);
  const rated = products.find((p) => p.rating && p.productId !== reduced?.productId);
  const out = products.find(
    (p) =>
      stockStatus(p.totalStock).kind === "outOfStock" &&
      p.productId !== reduced?.productId &&
      p.productId !== rated?.productId,
  );
  if (!reduced || !rated || !out)
    throw new Error("the demo catalog lacks a reduced, a rated or a sold-out product");
  return { reduced, rated, out };
}

/** Makes the products the shopper's favourites, so the favourites page shows their cards. */
async function favour(ids: number[], customerType?: string) {
  const cookies = [
    {
      name: "mili-persisted-states",
      value: encodeURIComponent(JSON.stringify({ favorites: ids })),
      url: shop.origin,
    },
  ];
  if (customerType) cookies.push({ name: "mili-user-type", value: customerType, url: shop.origin });
  await session.context.addCookies(cookies);
}

const cardOf = (page: Page, id: number) => page.locator(`main li[data-product="${id}"]`);

describe.each(["nb", "sv"] as const)("the product card in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("shows a reduction with its percentage and the 30-day lowest price, the rating and the stock hint", async () => {
    const { page } = session;
    const { reduced, rated, out } = await samples(lang);
    await favour([reduced.productId, rated.productId, out.productId]);
    await open(page, l.favorites);

    const card = cardOf(page, reduced.productId);
    const lowest = reduced.lowestPrice;
    expect(await card.locator("p > span").first().textContent()).toBe(
      reduced.unitPrice.sellingPriceIncVatFormatted,
    );
    expect(await card.locator("[data-discount]").textContent()).toBe(`−${lowest?.discountPercentage} %`);
    expect(await card.locator("[data-lowest-price]").textContent()).toBe(
      l.lowest(lowest?.lowestPriceIncVatFormatted ?? ""),
    );

    const score = new Intl.NumberFormat(l.languageId, { maximumFractionDigits: 1 }).format(
      rated.rating?.score ?? 0,
    );
    expect(await cardOf(page, rated.productId).locator("[data-rating] .sr-only").textContent()).toBe(
      l.rating(score, rated.rating?.voteCount ?? 0),
    );

    expect(await cardOf(page, out.productId).locator("[data-stock]").textContent()).toMatch(
      new RegExp(`^${l.outOfStock}`),
    );
    // A product in stock says nothing about stock.
    if (stockStatus(reduced.totalStock).kind === "inStock")
      expect(await card.locator("[data-stock]").count()).toBe(0);

    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("shows business shoppers prices excluding VAT, the lowest price too", async () => {
    const { page } = session;
    const { reduced } = await samples(lang);
    await favour([reduced.productId], "ORGANIZATION");
    await open(page, l.favorites);
    const card = cardOf(page, reduced.productId);
    expect(await card.locator("p > span").first().textContent()).toBe(
      reduced.unitPrice.sellingPriceExVatFormatted,
    );
    expect(await card.locator("[data-lowest-price]").textContent()).toBe(
      l.lowest(reduced.lowestPrice?.lowestPriceExVatFormatted ?? ""),
    );
  });
});

describe("card images", () => {
  it("offer every served width with sizes; the first two load at once, the rest lazily", async () => {
    const { page } = session;
    await open(page, "/");
    const images = await page.locator("main ul > li[data-product] img").evaluateAll((list) =>
      (list as HTMLImageElement[]).map((img) => ({
        srcset: img.getAttribute("srcset") ?? "",
        sizes: img.getAttribute("sizes") ?? "",
        loading: img.getAttribute("loading"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
      })),
    );
    expect(images.length).toBeGreaterThan(2);
    for (const image of images) {
      expect(image.srcset.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
        "160w",
        "320w",
        "480w",
        "640w",
        "960w",
        "1280w",
      ]);
      expect(image.sizes).toContain("vw");
      expect([image.width, image.height]).toEqual(["320", "320"]);
    }
    expect(images.map((i) => i.loading)).toEqual(images.map((_, i) => (i < 2 ? "eager" : "lazy")));
  });
});
