import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "#domain/format.ts";
import { hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * What a shopper reads where the words and numbers come from the API (issue 9): a package's price that follows the
 * picks and is what the cart charges, options and cart lines that name their colour or flavour and their size as
 * the product page does, one rating per product, the size filter's own labels, free shipping in a euro market's
 * own money, and refusals in the storefront's words that any API client gets too.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "400" });
  // Cart-wide campaigns ("10 % from 1 500 kr") come on top of any price; without them the cart's subtotal is the
  // package's own price.
  await shop.db.db.execute(
    sql`update discount_campaigns set active = false where discount_type = 'CART_CAMPAIGN'`,
  );
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

// biome-ignore lint/suspicious/noExplicitAny: rows of fixture queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  expect(response.status(), path).toBe(200);
  await hydrated(page);
  return response;
}

const L = {
  nb: {
    languageId: "nb-NO",
    channelId: "2|no",
    prefix: "",
    cartPage: "/kassen",
    add: "Legg i handlekurven",
    added: /er lagt i handlekurven\./,
    remove: /^Fjern /,
    size: (size: string) => `Størrelse: ${size}`,
    reviews: (score: string, count: number) => `${score} av 5 stjerner, ${count} omtaler`,
    promoLabel: "Kampanjekode eller gavekort",
    apply: "Bruk",
  },
  sv: {
    languageId: "sv-SE",
    channelId: "1|se",
    prefix: "/sv",
    cartPage: "/sv/kassan",
    add: "Lägg i varukorgen",
    added: /har lagts i varukorgen\./,
    remove: /^Ta bort /,
    size: (size: string) => `Storlek: ${size}`,
    reviews: (score: string, count: number) => `${score} av 5 stjärnor, ${count} recensioner`,
    promoLabel: "Kampanjkod eller presentkort",
    apply: "Använd",
  },
} as const;
type Lang = keyof typeof L;

/** A cart made through the API, then handed to the browser in the `mili-cart` cookie. */
async function cartWith(lang: Lang, skuIds: number[], extra: Record<string, string> = {}): Promise<string> {
  let id: string | null = null;
  for (const skuId of skuIds) {
    const { body } = await gql(shop.origin, {
      query: `mutation($id: String, $skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
        addToCart(id: $id, item: {skuId: $skuId, quantity: 1}, channelId: $channelId, languageId: $languageId,
                  marketId: $marketId) { id } }`,
      variables: { id, skuId, channelId: L[lang].channelId, languageId: L[lang].languageId, ...extra },
    });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    id = body.data.addToCart.id;
  }
  if (!id) throw new Error("no cart");
  await session.context.addCookies([{ name: "mili-cart", value: id, url: shop.origin }]);
  return id;
}

/** An element's text with its layout whitespace folded (no-break spaces in amounts are kept). */
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/[ \t\n\r]+/g, " ").trim();

describe("a package", () => {
  /** A package with a required group of several options and an optional group with a one-size option. */
  async function pickPackage(lang: Lang) {
    const [row] = await rows(sql`
      select pt.alias from products p
      join product_translations pt on pt.product_id = p.id and pt.language_id = ${L[lang].languageId}
      where p.type = 'package'
        and exists (select 1 from package_groups g join package_options o on o.group_id = g.id
                    where g.package_product_id = p.id and g.required group by g.id having count(*) > 1)
        and exists (select 1 from package_groups g join package_options o on o.group_id = g.id
                    where g.package_product_id = p.id and not g.required
                      and (select count(*) from skus s where s.product_id = o.product_id and s.active) = 1)
      order by p.id limit 1`);
    expect(row, "a package with a choice and a one-size extra").toBeDefined();
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!, $channelId: String, $languageId: String) {
        product(alias: $alias, channelId: $channelId, languageId: $languageId) { canonicalUrl } }`,
      variables: { alias: row.alias, channelId: L[lang].channelId, languageId: L[lang].languageId },
    });
    return `${L[lang].prefix}${body.data.product.canonicalUrl}`;
  }

  it.each(["nb", "sv"] as const)(
    "%s: shows the price of the picks made, which the cart then charges; its options name their colour",
    async (lang) => {
      const page = session.page;
      await open(page, await pickPackage(lang));
      const headline = () => text(page, '[data-testid="product-price"] [data-price="selling"]');
      const atDefaults = await headline();
      expect(atDefaults).toMatch(/\d/);

      // The options of each group can be told apart (grey, navy and black are named).
      const groups = page.locator("#buy fieldset");
      const required = groups.first();
      const optionNames = await required.locator("label span.font-medium").allTextContents();
      expect(optionNames.length).toBeGreaterThan(1);
      expect(new Set(optionNames).size).toBe(optionNames.length);

      // Another required pick and a one-size extra: the price follows.
      const radios = required.getByRole("radio");
      await radios.nth(1).check();
      let extraGroup = -1;
      for (let g = 1; g < (await groups.count()); g++) {
        const options = groups
          .nth(g)
          .locator("li")
          .filter({ has: page.locator("[data-option-price]") });
        for (let o = 0; o < (await options.count()); o++) {
          await options.nth(o).getByRole("radio").check();
          // A pick that comes in sizes shows a size picker: this test wants a one-size extra.
          if ((await groups.nth(g).locator("select").count()) === 0) {
            extraGroup = g;
            break;
          }
        }
        if (extraGroup >= 0) break;
        // No one-size option here: leave the group without a pick ("none" comes first).
        await groups.nth(g).getByRole("radio").first().check();
      }
      expect(extraGroup).toBeGreaterThan(0);
      await expect.poll(headline).not.toBe(atDefaults);
      const chosen = await headline();

      // Its saving is what the picks cost alone (as the options show them) less the package's price.
      const picked = page.locator("#buy li").filter({ has: page.locator("input[type=radio]:checked") });
      const alone = (await picked.locator("[data-option-price]").allTextContents()).map(amountOf);
      const saving = page.locator('[data-price="saving"]');
      if (await saving.count()) {
        const expected = alone.reduce((s, a) => s + a, 0) - amountOf(chosen);
        expect(amountOf(await saving.textContent())).toBe(expected);
      }
      expect(await page.locator("main").textContent()).not.toMatch(/10 ?% (rabatt|på)/);

      // The cart charges what the page said.
      await page.getByRole("button", { name: L[lang].add, exact: true }).click();
      await expect.poll(() => page.getByText(L[lang].added).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await open(page, L[lang].cartPage);
      await expect.poll(() => text(page, "[data-subtotal]")).toBe(chosen);
    },
  );
});

/** "1 399 kr", "1 259,10 kr", "8,95 €" as minor units. */
function amountOf(value: string | null): number {
  const digits = (value ?? "").replace(/[^\d,]/g, "");
  const [whole = "0", fraction = ""] = digits.split(",");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

describe("one product, one rating", () => {
  it.each(["nb", "sv"] as const)(
    "%s: the reviews' summary, the JSON-LD and the list count the same reviews",
    async (lang) => {
      // A product reviewed in both languages: each language alone would count fewer.
      const [product] = await rows(sql`
        select r.product_id, count(*)::int as votes, round(avg(r.rating), 2)::float as score
        from reviews r join products p on p.id = r.product_id and p.type = 'product' and p.active
        where r.status = 'approved'
        group by r.product_id having count(distinct r.language_id) = 2 and count(*) > 2
        order by count(*) desc, r.product_id limit 1`);
      expect(product, "a product reviewed in both languages").toBeDefined();
      const [{ alias }] = await rows(sql`select alias from product_translations
        where product_id = ${product.product_id} and language_id = ${L[lang].languageId}`);
      const { body } = await gql(shop.origin, {
        query: `query($alias: String!, $channelId: String, $languageId: String) {
          product(alias: $alias, channelId: $channelId, languageId: $languageId) { canonicalUrl } }`,
        variables: { alias, channelId: L[lang].channelId, languageId: L[lang].languageId },
      });
      const page = session.page;
      await open(page, `${L[lang].prefix}${body.data.product.canonicalUrl}`);
      const score = (Math.round(product.score * 10) / 10).toFixed(1).replace(".", ",");
      expect(await text(page, '[data-testid="reviews-summary"]')).toContain(
        L[lang].reviews(score, product.votes),
      );
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
      );
      expect(ld.aggregateRating).toMatchObject({
        reviewCount: product.votes,
        ratingValue: Math.round(product.score * 10) / 10,
      });
      expect(await page.locator("#reviews ~ ol > li").count()).toBe(Math.min(5, product.votes));
    },
  );
});

describe("free shipping", () => {
  it("in a euro market is money in euro: 9 €, not 99 €", async () => {
    // A product that costs less than the threshold in Finland, at its regular price.
    const [sku] = await rows(sql`
      select s.id, pr.selling_minor from skus s
      join products p on p.id = s.product_id and p.type = 'product' and p.active
      join prices pr on pr.sku_id = s.id and pr.market_alias = 'fi'
      where s.active and s.in_stock > 5 and pr.selling_minor = pr.regular_minor and pr.selling_minor < 900
        and not exists (select 1 from package_options o where o.product_id = p.id)
      order by pr.selling_minor desc, s.id limit 1`);
    expect(sku, "a product under 9 € in fi").toBeDefined();
    await session.context.addCookies([{ name: "mili-selected-market", value: "fi", url: shop.origin }]);
    await cartWith("sv", [sku.id], { marketId: "fi" });
    const page = session.page;
    await open(page, L.sv.cartPage);
    const left = formatMoney(900 - sku.selling_minor, "EUR", "sv-SE");
    await expect
      .poll(() => text(page, '[data-free-shipping="left"]'))
      .toBe(`Handla för ${left} till så får du fri frakt.`);
  });
});

describe("names a shopper can tell apart", () => {
  it.each(["nb", "sv"] as const)(
    "%s: the cart names each flavour or colour and the size as the product page words it",
    async (lang) => {
      const languageId = L[lang].languageId;
      // Two variants of one product name (flavours or colours), each with a size the languages word differently
      // from its stored name (a pack such as "1x55g"), or else any size.
      const [pair] = await rows(sql`
        with named as (
          select p.id, pt.name, s.id as sku_id, vv.label ->> ${languageId} as size_label, s.name as sku_name,
                 row_number() over (partition by pt.name order by p.id) as n
          from products p
          join product_translations pt on pt.product_id = p.id and pt.language_id = ${languageId}
          join skus s on s.product_id = p.id and s.active and s.in_stock > 3
          join variant_values vv on vv.sku_id = s.id
          join prices pr on pr.sku_id = s.id and pr.market_alias = ${lang === "nb" ? "no" : "se"}
          where p.type = 'product' and p.active
            and (select count(*) from skus x where x.product_id = p.id and x.active) > 1
            and s.sort_order = (select min(x.sort_order) from skus x where x.product_id = p.id and x.active)
            and exists (select 1 from product_translations o join products op on op.id = o.product_id
                        where o.language_id = pt.language_id and o.name = pt.name and o.product_id <> p.id
                          and op.active)
        )
        select a.name, a.sku_id as a_sku, b.sku_id as b_sku, a.size_label, a.sku_name
        from named a join named b on a.name = b.name and a.n = 1 and b.n = 2
        order by (a.size_label <> a.sku_name) desc, a.name limit 1`);
      expect(pair, "two variants of one name").toBeDefined();
      await cartWith(lang, [pair.a_sku, pair.b_sku]);
      const page = session.page;
      await open(page, L[lang].cartPage);
      const lines = page.locator("main [data-cart-item]");
      await expect.poll(() => lines.count()).toBe(2);
      const names = (await lines.locator("p.font-medium").allTextContents()).map((n) => n.trim());
      expect(names.every((n) => n.startsWith(pair.name))).toBe(true);
      expect(new Set(names).size).toBe(2);
      expect(await lines.first().textContent()).toContain(L[lang].size(pair.size_label));
      // The remove buttons name the line too, so a screen reader can tell them apart.
      const removeNames = await lines.getByRole("button", { name: L[lang].remove }).allTextContents();
      expect(removeNames).toHaveLength(2);
      expect(new Set(removeNames).size).toBe(2);
    },
  );

  it.each(["nb", "sv"] as const)("%s: search suggestions name each colour", async (lang) => {
    const languageId = L[lang].languageId;
    const [named] = await rows(sql`
      select pt.name from product_translations pt join products p on p.id = pt.product_id and p.active
      where pt.language_id = ${languageId} and p.type = 'product'
        and exists (select 1 from variant_values v where v.product_id = p.id and v.dimension = 'Color')
      group by pt.name having count(*) between 2 and 6 order by count(*) desc, pt.name limit 1`);
    expect(named, "a name several colours share").toBeDefined();
    const page = session.page;
    await open(page, L[lang].prefix || "/");
    const field = page.locator('[data-site-search][role="combobox"]');
    await field.waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    await field.fill(named.name);
    const suggestions = page.locator('[data-suggestion="product"] span.flex-1 > span.block:last-child');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(1);
    const shown = (await suggestions.allTextContents()).filter((n) => n.startsWith(named.name));
    expect(shown.length).toBeGreaterThan(1);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it.each(["nb", "sv"] as const)(
    "%s: the clothes' size filter says M, not a helmet's head size",
    async (lang) => {
      const [list] = await rows(sql`
      select p.id from products p
      join skus s on s.product_id = p.id and s.active
      join variant_values v on v.sku_id = s.id and v.dimension = 'Size' and v.label ->> ${L[lang].languageId} = 'M'
      where p.type = 'product' and p.active and p.primary_category_id is not null
      order by p.id limit 1`);
      expect(list, "a garment in size M").toBeDefined();
      const [{ alias }] = await rows(sql`select alias from product_translations
      where product_id = ${list.id} and language_id = ${L[lang].languageId}`);
      const { body } = await gql(shop.origin, {
        query: `query($alias: String!, $channelId: String, $languageId: String) {
        product(alias: $alias, channelId: $channelId, languageId: $languageId) { primaryCategory { canonicalUrl } } }`,
        variables: { alias, channelId: L[lang].channelId, languageId: L[lang].languageId },
      });
      const page = session.page;
      await open(page, `${L[lang].prefix}${body.data.product.primaryCategory.canonicalUrl}`);
      const values = await page
        .locator('[data-facet="skus"] input[type="checkbox"]')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(values.length).toBeGreaterThan(0);
      expect(values.filter((v) => v.endsWith("~s_M"))).toEqual(["M~s_M"]);
      expect(values.some((v) => v.includes("cm)"))).toBe(false);
    },
  );
});

describe("a refusal", () => {
  it.each(["nb", "sv"] as const)(
    "%s: reads in the storefront as the API words it for any client",
    async (lang) => {
      const [sku] = await rows(sql`
        select s.id from skus s join products p on p.id = s.product_id and p.type = 'product' and p.active
        join prices pr on pr.sku_id = s.id and pr.market_alias = ${lang === "nb" ? "no" : "se"}
        where s.active and s.in_stock > 3 order by s.id limit 1`);
      const id = await cartWith(lang, [sku.id]);
      const { body } = await gql(shop.origin, {
        query: `mutation($id: String, $channelId: String, $languageId: String) {
          setCartPromoCode(id: $id, promoCode: "NO-SUCH-CODE", channelId: $channelId, languageId: $languageId) { id } }`,
        variables: { id, channelId: L[lang].channelId, languageId: L[lang].languageId },
      });
      const apiMessage = body.errors?.[0]?.message;
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        reason: "INVALID_PROMO_CODE",
      });
      const page = session.page;
      await open(page, L[lang].cartPage);
      await page.getByLabel(L[lang].promoLabel).fill("NO-SUCH-CODE");
      await page.getByRole("button", { name: L[lang].apply, exact: true }).click();
      const alert = page.locator("main").getByRole("alert").filter({ hasText: apiMessage });
      await expect.poll(() => alert.count()).toBeGreaterThan(0);
    },
  );
});
