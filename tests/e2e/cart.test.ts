import { sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_CONFIG } from "#app/lib/list-config.ts";
import { formatMoney } from "#domain/format.ts";
import { netOfGross } from "#domain/vat.ts";
import {
  axe,
  clickWhenStill,
  describeViolations,
  hydrated,
  setupBrowser,
  watchErrors,
} from "#tests/support/browser.ts";
import { demoGiftCards } from "#tests/support/gift-cards.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The cart in Chromium, in both languages: add with a size, change the quantity, remove; add from the product cards
 * of a category page; promo codes (invalid, requirements not met, valid) and a gift card; crossing the
 * free-shipping threshold; backorder; the added-to-cart notification; two tabs in sync; an organisation seeing
 * prices without VAT; packages; and, without JavaScript, the add/change/remove journey and promo codes.
 */

let shop: Shop;
// The demo gift cards' codes are random (drawn when the database is seeded): read from the database.
let cards: Awaited<ReturnType<typeof demoGiftCards>>;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "400" });
  cards = await demoGiftCards(shop.db.db);
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
  await hydrated(page);
  return response;
}

const L = {
  nb: {
    lang: "nb",
    languageId: "nb-NO",
    channelId: "2|no",
    market: "no",
    currency: "NOK",
    prefix: "",
    cartPage: "/kassen",
    add: "Legg i handlekurven",
    chooseSize: "Velge din størrelse først",
    added: (name: string) => `1 × ${name} er lagt i handlekurven.`,
    addedPlain: "Varen er lagt i handlekurven.",
    updated: "Handlekurven er oppdatert.",
    cartButton: /^Handlekurv/,
    drawer: "Handlekurv",
    increase: (name: string) => `Øk antall av ${name}`,
    decrease: (name: string) => `Reduser antall av ${name}`,
    quantityOf: (name: string) => `Antall av ${name}`,
    remove: (name: string) => `Fjern ${name}`,
    empty: "Handlekurven din er tom.",
    promoLabel: "Kampanjekode eller gavekort",
    apply: "Bruk",
    invalid: "Kampanjekoden er ugyldig.",
    minimum: (amount: string) => `Kampanjekoden gjelder når du handler for minst ${amount}.`,
    giftCard: "nok500" as const,
    giftCardPays: "Betales med gavekort",
    toPay: "Å betale",
    freeLeft: (amount: string) => `Handle for ${amount} til, så får du fri frakt.`,
    freeReached: "Du har fri frakt!",
    free: "Gratis",
    exVat: "Alle priser eks. mva.",
    fewLeft: "Kun 2 igjen på lager",
    checkout: "Til kassen",
    packageHeading: "Pakke",
    cardChooseSize: "Velg størrelse",
    size: (size: string) => `Størrelse: ${size}`,
    dismiss: "Lukk varselet",
    discount: "Rabatt",
    backorder: "Noen varer i handlekurven er bestillingsvarer og har lengre leveringstid.",
    backorderItem: "Bestillingsvare – lengre leveringstid",
    packageSize: "Velg størrelse for hvert produkt i pakken.",
    addedPackage: (name: string) => `${name} er lagt i handlekurven.`,
  },
  sv: {
    lang: "sv",
    languageId: "sv-SE",
    channelId: "1|se",
    market: "se",
    currency: "SEK",
    prefix: "/sv",
    cartPage: "/sv/kassan",
    add: "Lägg i varukorgen",
    chooseSize: "Välj din storlek först",
    added: (name: string) => `1 × ${name} har lagts i varukorgen.`,
    addedPlain: "Varan har lagts i varukorgen.",
    updated: "Varukorgen är uppdaterad.",
    cartButton: /^Varukorg/,
    drawer: "Varukorg",
    increase: (name: string) => `Öka antalet av ${name}`,
    decrease: (name: string) => `Minska antalet av ${name}`,
    quantityOf: (name: string) => `Antal av ${name}`,
    remove: (name: string) => `Ta bort ${name}`,
    empty: "Din varukorg är tom.",
    promoLabel: "Kampanjkod eller presentkort",
    apply: "Använd",
    invalid: "Kampanjkoden är ogiltig.",
    minimum: (amount: string) => `Kampanjkoden gäller när du handlar för minst ${amount}.`,
    giftCard: "sek500" as const,
    giftCardPays: "Betalas med presentkort",
    toPay: "Att betala",
    freeLeft: (amount: string) => `Handla för ${amount} till så får du fri frakt.`,
    freeReached: "Du har fri frakt!",
    free: "Gratis",
    exVat: "Alla priser exkl. moms",
    fewLeft: "Endast 2 kvar i lager",
    checkout: "Till kassan",
    packageHeading: "Paket",
    cardChooseSize: "Välj storlek",
    size: (size: string) => `Storlek: ${size}`,
    dismiss: "Stäng meddelandet",
    discount: "Rabatt",
    backorder: "Några varor i varukorgen är beställningsvaror och har längre leveranstid.",
    backorderItem: "Beställningsvara – längre leveranstid",
    packageSize: "Välj storlek för varje produkt i paketet.",
    addedPackage: (name: string) => `${name} har lagts i varukorgen.`,
  },
} as const;
type Lang = keyof typeof L;

/** A product's name, alone or followed by its variant values ("Jakke" or "Jakke, lilla"). */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(, .+)?$`);

interface Fixture {
  productId: number;
  skuIds: number[];
  name: string;
  path: string;
}

/** Products that can be bought on their own at their own price: no package, no package pick, no cart campaign. */
const PLAIN = sql`p.type = 'product' and p.active
  and not exists (select 1 from package_options where product_id = p.id)
  and not exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                  where pc.product_id = p.id and c.key in ('sports-nutrition', 'socks'))`;

/**
 * The `skip`-th product with `skus` SKUs (no package, no package pick, not in a cart campaign), its name and page
 * in the language, every SKU priced `price` in SE and NO (regular and selling) with `stock` on the shelf.
 */
async function product(
  lang: Lang,
  opts: { skus: "one" | "many"; skip: number; price: number; stock?: number; oversellable?: number },
): Promise<Fixture> {
  const [row] = await rows(sql`
    select p.id from products p
    where ${PLAIN}
      and (select count(*) from skus where product_id = p.id and active) ${opts.skus === "one" ? sql`= 1` : sql`> 2`}
    order by p.id offset ${opts.skip} limit 1`);
  if (!row) throw new Error("no product for the fixture");
  return prepare(lang, Number(row.id), opts);
}

/**
 * The product's name and page in the language, every SKU priced `price` in SE and NO (regular and selling) with
 * `stock` on the shelf and `oversellable` units beyond it (backorder).
 */
async function prepare(
  lang: Lang,
  productId: number,
  opts: { price: number; stock?: number; oversellable?: number },
): Promise<Fixture> {
  const languageId = L[lang].languageId;
  const [row] = await rows(sql`select name, alias from product_translations
                               where product_id = ${productId} and language_id = ${languageId}`);
  if (!row) throw new Error(`product ${productId} has no name in ${languageId}`);
  const skus = await rows(
    sql`select id from skus where product_id = ${productId} and active order by sort_order, id`,
  );
  const skuIds = skus.map((s) => Number(s.id));
  await shop.db.db.execute(sql`update skus set in_stock = ${opts.stock ?? 30},
                               oversellable = ${opts.oversellable ?? 0}, static = 0
                               where product_id = ${productId}`);
  // A price without a past: the seed's history (earlier prices, sales) would make it a reduction to announce.
  await shop.db.db.execute(
    sql`delete from price_log where sku_id in (select id from skus where product_id = ${productId})`,
  );
  await shop.db.db.execute(sql`update prices set regular_minor = ${opts.price}, selling_minor = ${opts.price},
                               campaign_id = null, reduced_since = null
                               where sku_id in (select id from skus where product_id = ${productId})`);
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId) { canonicalUrl } }`,
    variables: { alias: row.alias, channelId: L[lang].channelId, languageId },
  });
  return {
    productId,
    skuIds,
    name: row.name,
    path: `${L[lang].prefix}${body.data.product.canonicalUrl}`,
  };
}

/**
 * A category page whose first page lists a product in one size and one in several (the first of the list's own
 * order that `PLAIN` allows), both priced `price` with stock.
 */
async function listing(lang: Lang, price: number) {
  const locale = { channelId: L[lang].channelId, languageId: L[lang].languageId };
  const tree = await gql(shop.origin, {
    query: `query($channelId: String, $languageId: String) {
      categories(parentCategoryId: 0, channelId: $channelId, languageId: $languageId) { alias canonicalUrl children { alias canonicalUrl } } }`,
    variables: locale,
  });
  type Node = { alias: string; canonicalUrl: string; children?: Node[] };
  const categories = (tree.body.data.categories as Node[]).flatMap((c) => [c, ...(c.children ?? [])]);
  const plain = new Set(
    (await rows(sql`select p.id from products p where ${PLAIN}`)).map((r) => Number(r.id)),
  );
  for (const category of categories) {
    const { body } = await gql(shop.origin, {
      query: `query($alias: String, $take: Int, $sort: SortType, $channelId: String, $languageId: String) {
        products(categoryAlias: $alias, take: $take, filter: { sort: $sort }, channelId: $channelId, languageId: $languageId) {
          products { productId skus { skuId } } } }`,
      variables: {
        ...locale,
        alias: category.alias,
        take: LIST_CONFIG.pageSize,
        sort: LIST_CONFIG.productListDefaultSort,
      },
    });
    const listed = (body.data.products.products as { productId: number; skus: unknown[] }[]).filter((p) =>
      plain.has(p.productId),
    );
    const one = listed.find((p) => p.skus.length === 1);
    const many = listed.find((p) => p.skus.length > 2);
    if (one && many)
      return {
        path: `${L[lang].prefix}${category.canonicalUrl}`,
        one: await prepare(lang, one.productId, { price }),
        many: await prepare(lang, many.productId, { price }),
      };
  }
  throw new Error(`no category lists a product in one size and one in several on its first page in ${lang}`);
}

/** A cart made through the API, its id in the context's cookie, as if the shopper had added the items before. */
async function cartWith(context: BrowserContext, lang: Lang, items: { skuId: number; quantity: number }[]) {
  let id: string | null = null;
  for (const item of items) {
    const { body } = await gql(shop.origin, {
      query: `mutation($id: String, $item: CartItemInputType!, $channelId: String, $languageId: String, $marketId: String) {
        addToCart(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
      variables: {
        id,
        item,
        channelId: L[lang].channelId,
        languageId: L[lang].languageId,
        marketId: L[lang].market,
      },
    });
    id = body.data.addToCart.id;
  }
  await context.addCookies([{ name: "mili-cart", value: id ?? "", url: shop.origin }]);
  return id as string;
}

const header = (page: Page) => page.locator("header[data-site-header]");
const cartCount = (page: Page) => header(page).locator("[data-cart-count]").getAttribute("data-cart-count");
const drawer = (page: Page, lang: Lang) => page.getByRole("dialog", { name: L[lang].drawer });

/**
 * Opens the drawer with the header's cart button as a shopper does. The header slides away while the page
 * scrolls down (reaching the buy button scrolled it), so first scroll back up and wait until it has slid in:
 * clicked while it slides, the press and the release land on different elements and the link gets no click.
 */
async function openDrawer(page: Page, lang: Lang) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect
    .poll(() => header(page).evaluate((h) => h.hasAttribute("data-hidden") || h.getAnimations().length > 0))
    .toBe(false);
  await header(page).getByRole("link", { name: L[lang].cartButton }).click();
}
const money = (minor: number, lang: Lang) => formatMoney(minor, L[lang].currency, L[lang].languageId);

describe.each(["nb", "sv"] as const)("the cart in %s", (lang) => {
  const l = L[lang];
  const skip = lang === "nb" ? 0 : 1;

  it("adds a product with a size, changes the quantity and removes it, the header's count following", async () => {
    const { page, context } = session;
    const sized = await product(lang, { skus: "many", skip, price: 19900 });
    await open(page, sized.path);
    expect(await cartCount(page)).toBe("0");
    const buy = page.locator("form[data-buy-box]");
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => buy.getByRole("alert").textContent()).toBe(l.chooseSize);

    await buy.locator("fieldset label").nth(1).click();
    const sizeLabel = ((await buy.locator("fieldset label").nth(1).textContent()) ?? "").trim();
    await buy.getByRole("button", { name: l.add }).click();
    const note = page.locator("[data-notification=success]");
    await expect.poll(() => note.textContent()).toContain(l.added(`${sized.name} (${sizeLabel})`));
    await expect.poll(() => cartCount(page)).toBe("1");
    const cookie = (await context.cookies()).find((c) => c.name === "mili-cart");
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(31_536_000 - 600);

    await openDrawer(page, lang);
    const panel = drawer(page, lang);
    await expect.poll(() => panel.isVisible()).toBe(true);
    const line = panel.locator(`[data-cart-item="${sized.skuIds[1]}"]`);
    await expect.poll(() => line.locator("[data-line-total]").textContent()).toBe(money(19900, lang));
    await line.getByRole("button", { name: l.increase(sized.name) }).click();
    await expect.poll(() => line.locator("[data-line-total]").textContent()).toBe(money(39800, lang));
    await expect.poll(() => cartCount(page)).toBe("2");
    expect(await panel.locator("[data-total]").textContent()).toBe(money(39800, lang));
    await line.getByRole("button", { name: l.decrease(sized.name) }).click();
    await expect.poll(() => cartCount(page)).toBe("1");
    await line.getByRole("button", { name: l.remove(sized.name) }).click();
    await expect.poll(() => panel.getByText(l.empty).count()).toBe(1);
    await expect.poll(() => cartCount(page)).toBe("0");
  });

  it("refuses more than the stock with 'only N left', and keeps the quantity", async () => {
    const { page, context } = session;
    const few = await product(lang, { skus: "one", skip: skip + 2, price: 19900, stock: 2 });
    await cartWith(context, lang, [{ skuId: few.skuIds[0] as number, quantity: 2 }]);
    await open(page, l.cartPage);
    const line = page.locator(`[data-cart-page] [data-cart-item="${few.skuIds[0]}"]`);
    await line.getByRole("button", { name: l.increase(few.name) }).click();
    await expect.poll(() => page.locator("[data-cart-error]").textContent()).toBe(l.fewLeft);
    expect(await line.locator("[data-quantity]").inputValue()).toBe("2");
  });

  it("promo codes: an invalid one, one whose requirements are not met, a valid one; and a gift card", async () => {
    const { page, context } = session;
    const item = await product(lang, { skus: "one", skip: skip + 4, price: 19900 });
    await cartWith(context, lang, [{ skuId: item.skuIds[0] as number, quantity: 1 }]);
    await open(page, l.cartPage);
    const promo = page.locator("[data-cart-page] [data-promo]");
    const field = promo.getByLabel(l.promoLabel);
    const apply = async (code: string) => {
      await field.fill(code);
      await promo.getByRole("button", { name: l.apply }).click();
    };
    await apply("FINNES-IKKE");
    await expect.poll(() => promo.locator("[data-promo-error]").textContent()).toBe(l.invalid);
    await apply("SPORT100");
    await expect
      .poll(() => promo.locator("[data-promo-error]").textContent())
      .toBe(l.minimum(money(50000, lang)));
    await apply("vinter10");
    await expect
      .poll(() => promo.locator("[data-promo-code]").getAttribute("data-promo-code"))
      .toBe("VINTER10");
    const total = page.locator("[data-cart-page] [data-total]");
    await expect.poll(() => total.textContent()).toBe(money(19900 - 1990, lang));
    await apply(cards[l.giftCard]);
    await expect.poll(() => promo.locator("[data-gift-card]").count()).toBe(1);
    const summary = page.locator("[data-cart-page] [data-cart-summary]");
    await expect.poll(() => summary.getByText(l.giftCardPays).count()).toBe(1);
    expect(await summary.locator("[data-balance]").textContent()).toBe(`−${money(17910, lang)}`);
    expect(await summary.locator("[data-to-pay]").textContent()).toBe(money(0, lang));
  });

  it("crosses the free-shipping threshold: the amount left shrinks, then shipping is free", async () => {
    const { page, context } = session;
    const cheap = await product(lang, { skus: "one", skip: skip + 6, price: 4900 });
    await cartWith(context, lang, [{ skuId: cheap.skuIds[0] as number, quantity: 1 }]);
    await open(page, l.cartPage);
    const summary = page.locator("[data-cart-page] [data-cart-summary]");
    expect(await summary.locator("[data-free-shipping=left] p").textContent()).toBe(
      l.freeLeft(money(5000, lang)),
    );
    expect(await summary.locator("[data-shipping]").textContent()).toBe(money(4900, lang));
    const line = page.locator(`[data-cart-page] [data-cart-item="${cheap.skuIds[0]}"]`);
    await line.getByRole("button", { name: l.increase(cheap.name) }).click();
    await expect
      .poll(() => summary.locator("[data-free-shipping=left] p").textContent())
      .toBe(l.freeLeft(money(100, lang)));
    await line.getByRole("button", { name: l.increase(cheap.name) }).click();
    await expect.poll(() => summary.locator("[data-free-shipping]").textContent()).toBe(l.freeReached);
    expect(await summary.locator("[data-shipping]").textContent()).toBe(l.free);
    expect(await summary.locator("[data-total]").textContent()).toBe(money(14700, lang));
  });

  it("two tabs stay in sync: an item added in one shows in the other without a reload", async () => {
    const { page, context } = session;
    const one = await product(lang, { skus: "one", skip: skip + 8, price: 29900 });
    await cartWith(context, lang, [{ skuId: one.skuIds[0] as number, quantity: 1 }]);
    const other = await context.newPage();
    await open(page, one.path);
    await open(other, lang === "nb" ? "/" : "/sv");
    await expect.poll(() => cartCount(other)).toBe("1");
    await other.evaluate(() => {
      (window as { __same?: boolean }).__same = true;
    });
    await page.locator("form[data-buy-box]").getByRole("button", { name: l.add }).click();
    await expect.poll(() => cartCount(page)).toBe("2");
    await expect.poll(() => cartCount(other)).toBe("2");
    expect(await other.evaluate(() => (window as { __same?: boolean }).__same)).toBe(true);
  });

  it("an organisation shopper sees the cart without VAT", async () => {
    const { page, context } = session;
    const one = await product(lang, { skus: "one", skip: skip + 10, price: 24900 });
    await cartWith(context, lang, [{ skuId: one.skuIds[0] as number, quantity: 1 }]);
    await context.addCookies([{ name: "mili-user-type", value: "ORGANIZATION", url: shop.origin }]);
    await open(page, l.cartPage);
    const net = netOfGross(24900, 2500);
    const line = page.locator(`[data-cart-page] [data-cart-item="${one.skuIds[0]}"]`);
    expect(await line.locator("[data-line-total]").textContent()).toBe(money(net, lang));
    const summary = page.locator("[data-cart-page] [data-cart-summary]");
    expect(await summary.locator("[data-total]").textContent()).toBe(money(net, lang));
    expect(await summary.getByText(l.exVat).count()).toBe(1);
  });

  it("is accessible: the cart page and the open drawer have no serious or critical axe violation", async () => {
    const { page, context } = session;
    const one = await product(lang, { skus: "one", skip: skip + 12, price: 9900 });
    await cartWith(context, lang, [{ skuId: one.skuIds[0] as number, quantity: 2 }]);
    await open(page, l.cartPage);
    expect(describeViolations(await axe(page))).toEqual([]);
    await open(page, lang === "nb" ? "/" : "/sv");
    await openDrawer(page, lang);
    await expect.poll(() => drawer(page, lang).isVisible()).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);
    // The drawer is a modal dialog: Escape closes it and focus goes back to the cart button.
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer(page, lang).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-cart-button"))).toBe(true);
  });

  it("adds from the product cards of a category page: one size at once, a sized product after its size", async () => {
    const { page } = session;
    const { path, one, many } = await listing(lang, 14900);
    await open(page, path);
    expect(await cartCount(page)).toBe("0");
    const oneCard = page.locator(`main li[data-product="${one.productId}"]`);
    await clickWhenStill(oneCard.getByRole("button", { name: l.add }));
    const note = page.locator("[data-notification=success]");
    await expect.poll(() => note.textContent()).toContain(l.added(one.name));
    await expect.poll(() => cartCount(page)).toBe("1");

    // A product in sizes cannot be added from its card: the card's button is a link to choose the size.
    const manyCard = page.locator(`main li[data-product="${many.productId}"]`);
    expect(await manyCard.locator("[data-card-add]").count()).toBe(0);
    await clickWhenStill(manyCard.getByRole("link", { name: l.cardChooseSize }));
    await page.waitForURL((u) => u.pathname === many.path);
    const buy = page.locator("form[data-buy-box]");
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => buy.getByRole("alert").textContent()).toBe(l.chooseSize);
    expect(await cartCount(page)).toBe("1");
    await buy.locator("fieldset label").first().click();
    const sizeLabel = ((await buy.locator("fieldset label").first().textContent()) ?? "").trim();
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => note.textContent()).toContain(l.added(`${many.name} (${sizeLabel})`));
    await expect.poll(() => cartCount(page)).toBe("2");

    await openDrawer(page, lang);
    const panel = drawer(page, lang);
    await expect.poll(() => panel.locator("[data-cart-item]").count()).toBe(2);
    const oneLine = panel.locator(`[data-cart-item="${one.skuIds[0]}"]`);
    // The line names the product with its colour or flavour (domain/names.ts): its name comes first.
    expect(await oneLine.getByRole("link", { name: startsWith(one.name) }).count()).toBe(1);
    expect(await oneLine.locator("[data-quantity]").inputValue()).toBe("1");
    expect(await oneLine.locator("[data-line-total]").textContent()).toBe(money(14900, lang));
    const manyLine = panel.locator(`[data-cart-item="${many.skuIds[0]}"]`);
    expect(await manyLine.getByRole("link", { name: startsWith(many.name) }).count()).toBe(1);
    expect(await manyLine.getByText(l.size(sizeLabel), { exact: true }).count()).toBe(1);
    expect(await manyLine.locator("[data-quantity]").inputValue()).toBe("1");
    expect(await panel.locator("[data-subtotal]").textContent()).toBe(money(29800, lang));
  });

  it("tells of a backorder when more is ordered than the shelf holds of an oversellable item", async () => {
    const { page } = session;
    const item = await product(lang, {
      skus: "one",
      skip: skip + 14,
      price: 19900,
      stock: 1,
      oversellable: 20,
    });
    await open(page, item.path);
    await page.locator("form[data-buy-box]").getByRole("button", { name: l.add }).click();
    await expect.poll(() => cartCount(page)).toBe("1");
    await openDrawer(page, lang);
    const panel = drawer(page, lang);
    const line = panel.locator(`[data-cart-item="${item.skuIds[0]}"]`);
    await expect.poll(() => line.locator("[data-line-total]").textContent()).toBe(money(19900, lang));
    // The one on the shelf: no backorder.
    expect(await panel.locator("[data-backorder-notice]").count()).toBe(0);
    expect(await line.locator("[data-backorder]").count()).toBe(0);

    // A second one comes from beyond the shelf: accepted, with the longer delivery said.
    await line.getByRole("button", { name: l.increase(item.name) }).click();
    await expect.poll(() => line.locator("[data-line-total]").textContent()).toBe(money(39800, lang));
    // The total moves at once (optimistic); the backorder is the server's answer, which may come later.
    await expect.poll(() => panel.locator("[data-backorder-notice]").textContent()).toBe(l.backorder);
    await expect.poll(() => line.locator("[data-backorder]").textContent()).toBe(l.backorderItem);
    expect(await cartCount(page)).toBe("2");
    expect(await panel.locator("[data-cart-error]").count()).toBe(0);

    // The cart page, rendered on the server, says the same.
    await open(page, l.cartPage);
    const cartPage = page.locator("[data-cart-page]");
    expect(await cartPage.locator("[data-backorder-notice]").textContent()).toBe(l.backorder);
    expect(
      await cartPage.locator(`[data-cart-item="${item.skuIds[0]}"] [data-backorder]`).textContent(),
    ).toBe(l.backorderItem);
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("the added-to-cart notification names the product and the quantity, and closes by keyboard and by click", async () => {
    const { page } = session;
    const item = await product(lang, { skus: "one", skip: skip + 16, price: 19900 });
    // The page's clock is Playwright's: the notification hides itself after 5 s of the page's time, which moves
    // only when the test moves it, so only the shopper's close can have closed it.
    await page.clock.install();
    await open(page, item.path);
    await page.clock.pauseAt(Date.now() + 60_000);
    const buy = page.locator("form[data-buy-box]");
    const note = page.locator("[data-notification=success]");
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => note.locator("p").textContent()).toBe(l.added(item.name));
    expect(await note.getByRole("link", { name: l.checkout }).getAttribute("href")).toBe(l.cartPage);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: l.added(item.name) })
        .count(),
    ).toBe(1);

    // Keyboard: the close button takes focus and Enter closes the notification.
    const close = note.getByRole("button", { name: l.dismiss, exact: true });
    await close.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => note.count()).toBe(0);
    await expect.poll(() => cartCount(page)).toBe("1");

    // A second add shows it again; a click closes it.
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => cartCount(page)).toBe("2");
    await expect.poll(() => note.locator("p").textContent()).toBe(l.added(item.name));
    await note.getByRole("button", { name: l.dismiss, exact: true }).click();
    await expect.poll(() => note.count()).toBe(0);
  });
});

const VIEWPORTS = [
  ["phone", { width: 375, height: 812 }],
  ["desktop", { width: 1360, height: 900 }],
] as const;

/** A line's quantity label: the product's name, then its colour or flavour where it has one (domain/names.ts). */
const quantityLabel = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(, .+)?$`);

/** The answer to the next change the page posts to the cart route. */
const cartAnswer = (page: Page) =>
  page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith("/api/cart") && r.request().method() === "POST",
  );

describe.each(["nb", "sv"] as const)("typing a quantity in %s", (lang) => {
  const l = L[lang];

  it.each(VIEWPORTS)(
    "%s: Enter and leaving the field set the typed quantity, on the cart page and in the drawer",
    async (_, viewport) => {
      const { page, context } = session;
      await page.setViewportSize(viewport);
      const item = await product(lang, {
        skus: "one",
        skip: 30 + (lang === "nb" ? 0 : 1) + (viewport.width < 640 ? 0 : 2),
        price: 10000,
      });
      const skuId = item.skuIds[0] as number;
      await cartWith(context, lang, [{ skuId, quantity: 1 }]);
      await open(page, l.cartPage);
      const line = page.locator(`[data-cart-page] [data-cart-item="${skuId}"]`);
      const field = line.getByLabel(quantityLabel(l.quantityOf(item.name)));
      const total = line.locator("[data-line-total]");

      // At 1, Enter in the field keeps the line: it is the field's quantity that is sent, not the "−" button's.
      let answered = cartAnswer(page);
      await field.focus();
      await page.keyboard.press("Enter");
      await answered;
      expect(await page.getByText(l.empty).count()).toBe(0);
      expect(await field.inputValue()).toBe("1");
      expect(await total.textContent()).toBe(money(10000, lang));

      // Typed 6, Enter: 6 (not 0, the "−" button's).
      answered = cartAnswer(page);
      await field.fill("6");
      await field.press("Enter");
      await answered;
      await expect.poll(() => total.textContent()).toBe(money(60000, lang));
      expect(await field.inputValue()).toBe("6");
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-quantity"))).toBe(true);

      // Typed 5, then leaving the field (Tab): 5, and a reload shows 5.
      answered = cartAnswer(page);
      await field.fill("5");
      await field.press("Tab");
      await answered;
      await expect.poll(() => total.textContent()).toBe(money(50000, lang));
      await open(page, l.cartPage);
      expect(await field.inputValue()).toBe("5");
      expect(await total.textContent()).toBe(money(50000, lang));

      // The drawer: Enter, then leaving the field by a click elsewhere.
      await open(page, lang === "nb" ? "/" : "/sv");
      await openDrawer(page, lang);
      const panel = drawer(page, lang);
      await expect.poll(() => panel.isVisible()).toBe(true);
      const inDrawer = panel.locator(`[data-cart-item="${skuId}"]`);
      const drawerField = inDrawer.getByLabel(quantityLabel(l.quantityOf(item.name)));
      answered = cartAnswer(page);
      await drawerField.fill("2");
      await drawerField.press("Enter");
      await answered;
      await expect.poll(() => inDrawer.locator("[data-line-total]").textContent()).toBe(money(20000, lang));
      await expect.poll(() => cartCount(page)).toBe("2");
      answered = cartAnswer(page);
      await drawerField.fill("4");
      await panel.getByRole("heading", { name: l.drawer }).click();
      await answered;
      await expect.poll(() => inDrawer.locator("[data-line-total]").textContent()).toBe(money(40000, lang));
      await expect.poll(() => cartCount(page)).toBe("4");
      await page.reload();
      await hydrated(page);
      await expect.poll(() => cartCount(page)).toBe("4");
    },
  );

  it.each(VIEWPORTS)(
    "%s: until the cart has been read, the header shows no count and the drawer no empty cart",
    async (_, viewport) => {
      const { page, context } = session;
      await page.setViewportSize(viewport);
      const item = await product(lang, {
        skus: "one",
        skip: 34 + (lang === "nb" ? 0 : 1) + (viewport.width < 640 ? 0 : 2),
        price: 10000,
      });
      await cartWith(context, lang, [{ skuId: item.skuIds[0] as number, quantity: 3 }]);
      // The cart's read is held until the page is shown and interactive.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (u) => u.pathname.endsWith("/api/cart"),
        async (route) => {
          if (route.request().method() === "GET") await held;
          await route.continue();
        },
      );
      const response = await open(page, lang === "nb" ? "/" : "/sv");
      // The shared, cached HTML carries no count; the interactive page shows none before it knows.
      expect(await response.text()).not.toContain("data-cart-count=");
      const button = header(page).locator("[data-cart-button]");
      expect(await button.locator("[data-cart-count]").count()).toBe(0);
      expect(await button.locator("[data-cart-count-pending]").count()).toBe(1);
      expect((await button.textContent())?.match(/\d/)).toBeNull();
      // Opened meanwhile, the drawer says it is loading, not that the cart is empty.
      await openDrawer(page, lang);
      const panel = drawer(page, lang);
      await expect
        .poll(() => panel.locator("[data-cart-drawer]").getAttribute("data-cart-drawer"))
        .toBe("loading");
      expect(await panel.getByText(l.empty).count()).toBe(0);
      release();
      await expect.poll(() => cartCount(page)).toBe("3");
      await expect.poll(() => panel.locator(`[data-cart-item="${item.skuIds[0]}"]`).count()).toBe(1);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
  );
});

describe.each(["nb", "sv"] as const)("packages in %s", (lang) => {
  const l = L[lang];

  it("adds a package with its picks as one group, counted once", async () => {
    const { page } = session;
    const [pkg] = await rows(sql`
      select p.id, pt.alias from products p join product_translations pt on pt.product_id = p.id and pt.language_id = ${l.languageId}
      where p.type = 'package' and p.kind = 'shell-jacket' limit 1`);
    const picks = await rows(sql`
      select s.id from package_groups g join package_options o on o.group_id = g.id join skus s on s.product_id = o.product_id
      where g.package_product_id = ${pkg.id}`);
    await shop.db.db.execute(
      sql`update skus set in_stock = 20 where id in (${sql.join(
        picks.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!, $channelId: String, $languageId: String) {
        product(alias: $alias, channelId: $channelId, languageId: $languageId) { name canonicalUrl } }`,
      variables: { alias: pkg.alias, channelId: l.channelId, languageId: l.languageId },
    });
    const path = `${l.prefix}${body.data.product.canonicalUrl}`;
    expect(path).toMatch(new RegExp(`^${l.prefix}/pp/`));
    await open(page, path);
    const buy = page.locator("form[data-buy-box]");
    // Each required pick comes in sizes: the package asks for them first.
    await buy.getByRole("button", { name: l.add }).click();
    await expect.poll(() => buy.getByRole("alert").first().textContent()).toBe(l.packageSize);
    expect(await cartCount(page)).toBe("0");
    for (const select of await buy.locator("select").all()) await select.selectOption({ index: 1 });
    await buy.getByRole("button", { name: l.add }).click();
    await expect
      .poll(() => page.locator("[data-notification=success]").textContent())
      .toContain(l.addedPackage(body.data.product.name));
    await expect.poll(() => cartCount(page)).toBe("1");
    await open(page, l.cartPage);
    const group = page.locator("[data-cart-page] [data-cart-group]");
    expect(await group.count()).toBe(1);
    expect(await group.getByRole("link", { name: body.data.product.name }).count()).toBe(1);
    expect(await group.getByText(`(${l.packageHeading})`).count()).toBe(1);
    expect(await group.locator("[data-cart-item]").count()).toBeGreaterThanOrEqual(2);
    expect(describeViolations(await axe(page))).toEqual([]);
  });
});

describe.each(["nb", "sv"] as const)("without JavaScript, in %s", (lang) => {
  const l = L[lang];

  it("adds with a size, changes the quantity and removes, through plain form posts", async () => {
    const sized = await product(lang, { skus: "many", skip: 20 + (lang === "nb" ? 0 : 1), price: 19900 });
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const errors = watchErrors(context);
    try {
      const page = await context.newPage();
      await page.goto(url(sized.path));
      const buy = page.locator("form[data-buy-box]");
      await buy.getByRole("button", { name: l.add }).click();
      await page.waitForURL(/cart-error=SIZE_NEEDED/);
      expect(await page.locator("form[data-buy-box]").getByRole("alert").textContent()).toBe(l.chooseSize);

      await page.locator("form[data-buy-box] fieldset label").first().click();
      await page.locator("form[data-buy-box]").getByRole("button", { name: l.add }).click();
      await page.waitForURL((u) => u.pathname === l.cartPage);
      expect(await page.getByRole("status").filter({ hasText: l.addedPlain }).count()).toBe(1);
      const line = page.locator(`[data-cart-page] [data-cart-item="${sized.skuIds[0]}"]`);
      expect(await line.locator("[data-line-total]").textContent()).toBe(money(19900, lang));

      await line.getByRole("button", { name: l.increase(sized.name) }).click();
      await page.waitForURL(/cart=updated/);
      expect(
        await page
          .locator(`[data-cart-page] [data-cart-item="${sized.skuIds[0]}"] [data-quantity]`)
          .inputValue(),
      ).toBe("2");
      expect(await page.locator("[data-cart-page] [data-total]").textContent()).toBe(money(39800, lang));

      await page
        .locator(`[data-cart-page] [data-cart-item="${sized.skuIds[0]}"]`)
        .getByRole("button", { name: l.remove(sized.name) })
        .click();
      await page.waitForURL(/cart=updated/);
      expect(await page.getByText(l.empty).count()).toBe(1);
    } finally {
      await context.close();
    }
    expect(errors.list).toEqual([]);
  });

  it("Enter in the quantity field sets the typed quantity", async () => {
    const item = await product(lang, { skus: "one", skip: 24 + (lang === "nb" ? 0 : 1), price: 10000 });
    const skuId = item.skuIds[0] as number;
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const errors = watchErrors(context);
    try {
      await cartWith(context, lang, [{ skuId, quantity: 3 }]);
      const page = await context.newPage();
      await page.goto(url(l.cartPage));
      const field = () =>
        page
          .locator(`[data-cart-page] [data-cart-item="${skuId}"]`)
          .getByLabel(quantityLabel(l.quantityOf(item.name)));
      await field().fill("6");
      await field().press("Enter");
      await page.waitForURL(/cart=updated/);
      expect(await field().inputValue()).toBe("6");
      expect(await page.locator("[data-cart-page] [data-total]").textContent()).toBe(money(60000, lang));
    } finally {
      await context.close();
    }
    expect(errors.list).toEqual([]);
  });

  it("applies a valid promo code through a plain form post, and refuses an invalid one leaving the cart as it was", async () => {
    const item = await product(lang, { skus: "one", skip: 22 + (lang === "nb" ? 0 : 1), price: 60000 });
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const errors = watchErrors(context);
    try {
      await cartWith(context, lang, [{ skuId: item.skuIds[0] as number, quantity: 1 }]);
      const page = await context.newPage();
      await page.goto(url(l.cartPage));
      const summary = page.locator("[data-cart-page] [data-cart-summary]");
      const promo = page.locator("[data-cart-page] [data-promo]");
      const apply = async (code: string) => {
        await promo.getByLabel(l.promoLabel).fill(code);
        await promo.getByRole("button", { name: l.apply, exact: true }).click();
      };
      expect(await summary.locator("[data-total]").textContent()).toBe(money(60000, lang));

      await apply("FINNES-IKKE");
      await page.waitForURL(/cart-error=INVALID_PROMO_CODE/);
      expect(await page.locator("[data-cart-error=INVALID_PROMO_CODE]").textContent()).toBe(l.invalid);
      expect(await promo.locator("[data-promo-code]").count()).toBe(0);
      expect(await summary.locator("[data-fixed-discount]").count()).toBe(0);
      expect(await summary.locator("[data-total]").textContent()).toBe(money(60000, lang));

      // SPORT100: 100 off from 500 (kr) upwards; the cart holds 600.
      await apply("sport100");
      await page.waitForURL(/cart=updated/);
      expect(await page.getByRole("status").filter({ hasText: l.updated }).count()).toBe(1);
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await promo.locator("[data-promo-code]").getAttribute("data-promo-code")).toBe("SPORT100");
      expect(await summary.getByText(l.discount, { exact: true }).count()).toBe(1);
      expect(await summary.locator("[data-fixed-discount]").textContent()).toBe(`−${money(10000, lang)}`);
      expect(await summary.locator("[data-total]").textContent()).toBe(money(50000, lang));

      // An invalid code now changes nothing either: the valid one stays, and so does the total.
      await apply("FINNES-IKKE");
      await page.waitForURL(/cart-error=INVALID_PROMO_CODE/);
      expect(await page.locator("[data-cart-error=INVALID_PROMO_CODE]").textContent()).toBe(l.invalid);
      expect(await promo.locator("[data-promo-code]").getAttribute("data-promo-code")).toBe("SPORT100");
      expect(await summary.locator("[data-fixed-discount]").textContent()).toBe(`−${money(10000, lang)}`);
      expect(await summary.locator("[data-total]").textContent()).toBe(money(50000, lang));
    } finally {
      await context.close();
    }
    expect(errors.list).toEqual([]);
  });
});
