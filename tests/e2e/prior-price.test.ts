import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 9, defect 2, as a shopper sees it on the demo seed (2,000 products): a product page shows one reference for a
 * reduction, its prior price (the lowest price of the 30 days before the reduction began), struck through, with the
 * percentage from it and the lowest-price line saying the same price; a price that was applied in the 30 days
 * before its reduction shows no reduction at all. tests/integration/prior-price.test.ts has the seed's histories.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "2000" });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

const LANGUAGES = {
  nb: {
    languageId: "nb-NO",
    prefix: "",
    was: (price: string) => `Før ${price}`,
    lowest: (price: string) => `Laveste pris siste 30 dager: ${price}`,
  },
  sv: {
    languageId: "sv-SE",
    prefix: "/sv",
    was: (price: string) => `Förut ${price}`,
    lowest: (price: string) => `Lägsta pris senaste 30 dagarna: ${price}`,
  },
} as const;
type Lang = keyof typeof LANGUAGES;

const kr = (amount: string) => `${amount.replace(" ", "\u00a0")}\u00a0kr`;

/** A product's page, by its Norwegian alias, in a language (through /product/{alias}, which redirects). */
async function open(page: Page, nbAlias: string, lang: Lang) {
  const [row] = await queryRows<{ alias: string }>(
    shop.db.db,
    sql`select t.alias from product_translations t
        join product_translations n on n.product_id = t.product_id and n.language_id = 'nb-NO' and n.alias = ${nbAlias}
        where t.language_id = ${LANGUAGES[lang].languageId}`,
  );
  if (!row) throw new Error(`no ${lang} alias for ${nbAlias}`);
  const response = await page.goto(
    url(`${LANGUAGES[lang].prefix}/product/${encodeURIComponent(row.alias)}`),
    {
      waitUntil: "load",
    },
  );
  expect(response?.status()).toBe(200);
  await hydrated(page);
  return page.getByTestId("product-price");
}

const text = async (page: Page, selector: string) =>
  (await page.getByTestId("product-price").locator(selector).textContent())?.trim();

function jsonLd(page: Page) {
  return page
    .locator('script[type="application/ld+json"]')
    .first()
    .textContent()
    .then((t) => JSON.parse(t ?? "{}"));
}

for (const lang of ["nb", "sv"] as const) {
  const l = LANGUAGES[lang];
  describe(`the product page's reduction (${lang})`, () => {
    it("strikes the prior price, 1 339 kr, with −33 % from it and the lowest-price line saying the same", async () => {
      const { page } = session;
      const price = await open(page, "fjallgard-snofonn-skalljakke-dame-antrasitt", lang);
      expect(await text(page, "[data-price=selling]")).toBe(kr("889"));
      const struck = price.locator("s[data-price=regular]");
      expect(await struck.count()).toBe(1);
      expect((await struck.textContent())?.trim()).toBe(l.was(kr("1 339")));
      expect(await text(page, "[data-price=discount]")).toBe("−33 %");
      expect(await text(page, "[data-price=lowest]")).toBe(l.lowest(kr("1 339")));
      // One reference: the regular price of the price row (1 499 kr) appears nowhere near the price.
      expect(await price.innerText()).not.toContain("499");
      const offers = (await jsonLd(page)).offers;
      expect(offers.price).toBe("889.00");
      expect(offers.priceSpecification).toContainEqual(
        expect.objectContaining({ priceType: "https://schema.org/StrikethroughPrice", price: "1339.00" }),
      );
    });

    for (const [alias, selling] of [
      ["kestava-clean-restitusjonsdrikk-vanilje", "199"],
      ["aapa-active-kvikk-lopetights-herre-skogsgronn-1315", "299"],
    ] as const) {
      it(`shows ${alias} at ${selling} kr with no reduction: its price of the 30 days before`, async () => {
        const { page } = session;
        const price = await open(page, alias, lang);
        expect(await text(page, "[data-price=selling]")).toBe(kr(selling));
        expect(await price.locator("s").count()).toBe(0);
        expect(await price.locator("[data-price=regular]").count()).toBe(0);
        expect(await price.locator("[data-price=discount]").count()).toBe(0);
        expect(await price.locator("[data-price=lowest]").count()).toBe(0);
        const offers = (await jsonLd(page)).offers;
        expect(Array.isArray(offers.priceSpecification)).toBe(false);
      });
    }
  });
}
