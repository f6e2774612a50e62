import { type SQL, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, isoDate, timeZoneForLocale } from "#domain/format.ts";
import { axe, describeViolations, hydrated, nearPlace, setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
let fixtures: Fixtures;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "300" });
  fixtures = await findFixtures();
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
    color: "Farge",
    size: "Størrelse",
    chooseSize: "Velge din størrelse først",
    addToCart: "Legg i handlekurven",
    lowest: /^Laveste pris siste 30 dager: \d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/,
    incVat: "inkl. mva.",
    specification: "Spesifikasjon",
    nutrition: "Næringsinnhold",
    reviews: "Omtaler",
    moreReviews: "Vis flere omtaler",
    shown: (shown: number, total: number) => `Viser ${shown} av ${total} omtaler`,
    priceHistory: "Prishistorikk",
    since: "siden",
    questions: "Spørsmål og svar",
    questionsShown: (shown: number, total: number) => `Viser ${shown} av ${total} spørsmål`,
    historyTable: "Vis prishistorikken som tabell",
    missingGroup: "Velg et alternativ i: ",
    zoom: "Forstørr bildet",
    close: "Lukk",
    image: (n: number, total: number) => `bilde ${n} av ${total}`,
    stock:
      /^(Alle størrelser: )?(På lager|Bare \d igjen på lager|Ikke på lager(\. Ventes inn .+)?|Kan bestilles – lengre leveringstid|Alltid tilgjengelig)$/,
    fewLeft: (n: number) => `Bare ${n} igjen på lager`,
    channelId: "2|no",
    breadcrumbs: "Brødsmulesti",
    home: "Forside",
    related: "Relaterte produkter",
  },
  sv: {
    languageId: "sv-SE",
    prefix: "/sv",
    color: "Färg",
    size: "Storlek",
    chooseSize: "Välj din storlek först",
    addToCart: "Lägg i varukorgen",
    lowest: /^Lägsta pris senaste 30 dagarna: \d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/,
    incVat: "inkl. moms",
    specification: "Specifikation",
    nutrition: "Näringsinnehåll",
    reviews: "Recensioner",
    moreReviews: "Visa fler recensioner",
    shown: (shown: number, total: number) => `Visar ${shown} av ${total} recensioner`,
    priceHistory: "Prishistorik",
    since: "sedan",
    questions: "Frågor och svar",
    questionsShown: (shown: number, total: number) => `Visar ${shown} av ${total} frågor`,
    historyTable: "Visa prishistoriken som tabell",
    missingGroup: "Välj ett alternativ i: ",
    zoom: "Förstora bilden",
    close: "Stäng",
    image: (n: number, total: number) => `bild ${n} av ${total}`,
    stock:
      /^(Alla storlekar: )?(I lager|Endast \d kvar i lager|Slut i lager(\. Väntas in .+)?|Kan beställas – längre leveranstid|Alltid tillgänglig)$/,
    fewLeft: (n: number) => `Endast ${n} kvar i lager`,
    channelId: "1|se",
    breadcrumbs: "Brödsmulor",
    home: "Startsida",
    related: "Relaterade produkter",
  },
} as const;

type Lang = keyof typeof LANGUAGES;

const rows = <T>(query: SQL) => queryRows<T>(shop.db.db, query);

/** A YYYY-MM-DD date `days` days later (earlier when negative). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A product's page path in a language, from the API (the page's own canonical URL). */
async function pathOf(productId: number, lang: Lang): Promise<string> {
  const [row] = await rows<{ alias: string }>(
    sql`select alias from product_translations where product_id = ${productId} and language_id = ${LANGUAGES[lang].languageId}`,
  );
  if (!row) throw new Error(`product ${productId} has no ${lang} alias`);
  const response = await fetch(url(`${LANGUAGES[lang].prefix}/product/${encodeURIComponent(row.alias)}`), {
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 301 || !location) throw new Error(`no redirect for product ${productId}`);
  return new URL(location, shop.origin).pathname;
}

interface Fixtures {
  /** Colour variants with a sibling colour, several sizes, one of them with few left. */
  colour: { productId: number; fewLeftSku: number; fewLeft: number };
  reduced: number;
  nutrition: { productId: number; energy: Record<Lang, string> };
  reviewed: Record<Lang, { productId: number; count: number }>;
  /** Per language, a product with answered questions, and its latest answer. */
  answered: Record<Lang, { productId: number; count: number }>;
  pack: { productId: number; required: Record<Lang, string[]> };
  /** A product in a sub-category with active related products. */
  related: number;
}

async function findFixtures(): Promise<Fixtures> {
  const [colour] = await rows<{ id: number; sku: number; in_stock: number }>(sql`
    select p.id, s.id as sku, s.in_stock
    from products p
    join skus s on s.product_id = p.id and s.active and s.in_stock between 1 and 5 and s.oversellable = 0 and s.static = 0
    where p.active and p.type = 'product'
      and exists (select 1 from variant_values v where v.product_id = p.id and v.dimension = 'Color' and v.sku_id is null)
      and not exists (select 1 from variant_values v where v.product_id = p.id and v.dimension = 'Fit')
      and (select count(*) from skus o where o.product_id = p.id and o.active) > 1
      and exists (select 1 from products q where q.variant_group_id = p.variant_group_id and q.id <> p.id and q.active)
    order by p.id limit 1`);
  // A reduction announced now in both markets (a prior price above today's price: migration 0006).
  const [reduced] = await rows<{ id: number }>(sql`
    select p.id from products p join product_list_prices lp on lp.product_id = p.id
    where p.active and p.type = 'product' and lp.market_alias in ('no', 'se') and lp.discount_percent > 0
      and lp.valid_from <= now() and now() < lp.valid_until
    group by p.id having count(distinct lp.market_alias) = 2 order by p.id limit 1`);
  const energy = await rows<{ product_id: number; language_id: string; name: string }>(sql`
    select product_id, language_id, name from product_parameters
    where identifier = 'nutrition-energy'
      and product_id = (select min(product_id) from product_parameters pp join products p on p.id = pp.product_id
                        where pp.identifier = 'nutrition-energy' and p.active)`);
  // Per language, the first product with more than one page of reviews in it; the page lists (and counts) its
  // approved reviews in both languages: one product, one rating.
  const reviewed = await rows<{ product_id: number; language_id: string; n: number }>(sql`
    select distinct on (language_id) product_id, language_id, n from (
      select r.product_id, r.language_id,
             (select count(*)::int from reviews a where a.product_id = r.product_id and a.status = 'approved') as n
      from reviews r join products p on p.id = r.product_id
      where r.status = 'approved' and p.active group by r.product_id, r.language_id having count(*) > 5
    ) x order by language_id, product_id`);
  const answered = await rows<{ product_id: number; language_id: string; n: number }>(sql`
    select distinct on (language_id) product_id, language_id, n from (
      select q.product_id, q.language_id, count(*)::int as n from product_questions q
      join products p on p.id = q.product_id
      where q.answer is not null and p.active group by q.product_id, q.language_id
    ) x order by language_id, n desc, product_id`);
  const groups = await rows<{ product_id: number; names: Record<string, string> }>(sql`
    select g.package_product_id as product_id, g.names from package_groups g
    where g.required and g.package_product_id = (
      select min(package_product_id) from package_groups where required)
    order by g.sort_order, g.id`);
  // The seed picks the first option of every required group by default; this package gets no default picks, so
  // the shopper has to choose (the page reads isSelected from the API).
  if (groups[0])
    await shop.db.db.execute(sql`
      update package_options set is_selected = false
      where group_id in (select id from package_groups where package_product_id = ${groups[0].product_id})`);
  // This package's price is known only since today: its history holds one entry, today's price (as for a
  // package the merchant has just made), so the price history says since when instead of "the whole 90 days".
  if (groups[0]) {
    await shop.db.db.execute(sql`
      delete from price_log where sku_id in (select id from skus where product_id = ${groups[0].product_id})`);
    await shop.db.db.execute(sql`
      insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
      select pr.sku_id, pr.market_alias, pr.regular_minor, pr.selling_minor, now() from prices pr
      where pr.sku_id in (select id from skus where product_id = ${groups[0].product_id})`);
  }
  const [related] = await rows<{ id: number }>(sql`
    select p.id from products p
    where p.active and p.type = 'product'
      and exists (select 1 from categories c where c.id = p.primary_category_id and c.parent_id is not null)
      and (select count(*) from related_products r join products q on q.id = r.related_product_id and q.active
           where r.product_id = p.id) > 1
    order by p.id limit 1`);
  const nutritionId = energy[0]?.product_id;
  const packId = groups[0]?.product_id;
  if (
    !colour ||
    !reduced ||
    !nutritionId ||
    reviewed.length < 2 ||
    answered.length < 2 ||
    !packId ||
    !related
  )
    throw new Error(
      `the seed lacks a fixture: ${JSON.stringify({ colour, reduced, nutritionId, reviewed, answered, packId, related })}`,
    );
  const byLang = <T>(pick: (languageId: string) => T): Record<Lang, T> => ({
    nb: pick("nb-NO"),
    sv: pick("sv-SE"),
  });
  return {
    colour: { productId: colour.id, fewLeftSku: colour.sku, fewLeft: colour.in_stock },
    reduced: reduced.id,
    nutrition: {
      productId: nutritionId,
      energy: byLang((l) => energy.find((e) => e.language_id === l)?.name ?? ""),
    },
    reviewed: byLang((l) => {
      const row = reviewed.find((r) => r.language_id === l);
      return { productId: row?.product_id ?? 0, count: row?.n ?? 0 };
    }),
    answered: byLang((l) => {
      const row = answered.find((r) => r.language_id === l);
      return { productId: row?.product_id ?? 0, count: row?.n ?? 0 };
    }),
    pack: { productId: packId, required: byLang((l) => groups.map((g) => g.names[l] ?? "")) },
    related: related.id,
  };
}

/** Opens a page and waits until the client router has hydrated it. */
async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

/**
 * Presses a button from the keyboard: the add-to-cart button is aria-disabled (the cart is not open yet) but
 * still answers, saying what is missing, so Playwright's click (which waits for an enabled element) cannot be used.
 */
async function press(button: Locator) {
  await button.focus();
  await button.press("Enter");
}

const stockStatus = (page: Page) => page.getByTestId("stock-status").innerText();

interface PageFacts {
  name: string;
  meta: { title: string | null; description: string | null } | null;
  texts: { text2: string | null } | null;
  breadcrumbs: { name: string; url: string }[];
  related: { name: string; canonicalUrl: string }[];
}

/** What the API says the product page at `path` should show: name, meta, breadcrumbs and related products. */
async function pageFacts(path: string, lang: Lang): Promise<PageFacts> {
  const alias = path.split("/").at(-1) as string;
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId) {
        name meta { title description } texts { text2 } breadcrumbs { name url }
      }
      relatedProducts(alias: $alias, channelId: $channelId, languageId: $languageId) { name canonicalUrl }
    }`,
    variables: { alias, channelId: LANGUAGES[lang].channelId, languageId: LANGUAGES[lang].languageId },
  });
  if (body.errors || !body.data.product)
    throw new Error(`no product at ${path}: ${JSON.stringify(body.errors)}`);
  return { ...body.data.product, related: body.data.relatedProducts ?? [] };
}

describe.each(["nb", "sv"] as const)("the product page in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("shows name, brand link, price with VAT note, gallery, stock; is cacheable and axe-clean", async () => {
    const { page } = session;
    const path = await pathOf(fixtures.colour.productId, lang);
    const response = await open(page, path);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
    expect(await main.getByTestId("product-price").innerText()).toContain(l.incVat);
    expect(await stockStatus(page)).toMatch(l.stock);
    // The first image loads eagerly with high priority; every image has width, height, srcset and sizes.
    const images = await main
      .getByRole("region", { name: /.+/ })
      .first()
      .locator("img")
      .evaluateAll((list) =>
        list.map((img) => ({
          loading: img.getAttribute("loading"),
          priority: img.getAttribute("fetchpriority"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          srcset: img.getAttribute("srcset"),
          sizes: img.getAttribute("sizes"),
        })),
      );
    expect(images[0]).toMatchObject({ loading: "eager", priority: "high", width: "640", height: "640" });
    expect(images[0]?.srcset).toMatch(/\/images\/product\/320\/.+ 320w, .+ 1280w$/);
    expect(images.slice(1).every((i) => i.loading === "lazy")).toBe(true);
    // The add button posts to the cart (tests/e2e/cart.test.ts buys with it).
    const add = main.getByRole("button", { name: l.addToCart, exact: true });
    expect(await add.getAttribute("aria-disabled")).toBeNull();
    expect(await add.evaluate((b) => (b as HTMLButtonElement).form?.getAttribute("method"))).toBe("post");

    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("has the product's meta title and description, breadcrumb links and related products", async () => {
    const { page } = session;
    const path = await pathOf(fixtures.related, lang);
    const facts = await pageFacts(path, lang);
    await open(page, path);
    // Meta: the product's own title and description, else its name and short text.
    expect(await page.title()).toBe(`${facts.meta?.title ?? facts.name} | Mili`);
    const description = facts.meta?.description ?? facts.texts?.text2;
    expect(description).toBeTruthy();
    // Exactly one description: the product's (the site's default is only for pages without their own).
    const descriptions = await page
      .locator('meta[name="description"]')
      .evaluateAll((list) => list.map((m) => m.getAttribute("content")));
    expect(descriptions).toEqual([description]);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(facts.name);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url(path));

    // Breadcrumbs: home, the category path as links in the page's language, then the product (not a link).
    const crumbs = page.getByRole("navigation", { name: l.breadcrumbs });
    expect(facts.breadcrumbs.length).toBeGreaterThanOrEqual(3);
    const links = crumbs.getByRole("link");
    const expected = [
      { name: l.home, href: lang === "nb" ? "/" : "/sv" },
      ...facts.breadcrumbs.slice(0, -1).map((b) => ({ name: b.name, href: `${l.prefix}${b.url}` })),
    ];
    expect(
      await links.evaluateAll((list) =>
        list.map((a) => ({ name: a.textContent, href: new URL((a as HTMLAnchorElement).href).pathname })),
      ),
    ).toEqual(expected);
    const current = crumbs.locator('[aria-current="page"]');
    expect(await current.textContent()).toBe(facts.name);
    expect(facts.breadcrumbs.at(-1)?.name).toBe(facts.name);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(facts.name);

    // Related products: a section with a card per related product, in the API's order, linking to each; they come
    // when the shopper nears them (decision 0089), and are not in the page's HTML.
    expect(await page.locator('[data-suggestions="waiting"]').count()).toBe(1);
    expect(await page.getByRole("region", { name: l.related }).count()).toBe(0);
    await nearPlace(page, "suggestions");
    const related = page.getByRole("region", { name: l.related });
    expect(await related.getByRole("heading", { level: 2 }).textContent()).toBe(l.related);
    const cards = related.getByRole("list", { name: l.related }).getByRole("listitem");
    expect(facts.related.length).toBeGreaterThan(1);
    await expect.poll(() => cards.count()).toBe(facts.related.length);
    const targets = await cards.evaluateAll((items) =>
      items.map((li) => new URL((li.querySelector("a[href]") as HTMLAnchorElement).href).pathname),
    );
    expect(targets).toEqual(facts.related.map((p) => `${l.prefix}${p.canonicalUrl}`));
    for (const [i, p] of facts.related.entries()) expect(await cards.nth(i).textContent()).toContain(p.name);
    expect(describeViolations(await axe(page))).toEqual([]);

    // The first breadcrumb category leads to its list page.
    await links.nth(1).click();
    await page.waitForURL((u) => u.pathname === expected[1]?.href);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(expected[1]?.name);
  });

  it("navigates to the sibling product when another colour is chosen", async () => {
    const { page } = session;
    const path = await pathOf(fixtures.colour.productId, lang);
    await open(page, path);
    const colours = page.getByRole("navigation", { name: new RegExp(`^${l.color}`) });
    expect(await colours.locator("[aria-current=true]").count()).toBe(1);
    const other = colours.getByRole("link").first();
    const target = await other.getAttribute("href");
    expect(target).toBeTruthy();
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await other.click();
    await page.waitForURL((u) => u.pathname === target);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).not.toBe("");
    expect(await colours.locator("[aria-current=true]").count()).toBe(1);
    // The sibling is another product of the same group: same model name, another URL.
    expect(target).not.toBe(path);
    expect(heading).toBeTruthy();
  });

  it("asks for a size before adding, then shows the chosen size's stock (keyboard only)", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.colour.productId, lang));
    const main = page.getByRole("main");
    expect(await stockStatus(page)).toMatch(l.stock);
    await press(main.getByRole("button", { name: l.addToCart, exact: true }));
    const alert = main.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe(l.chooseSize);

    const sizes = main.getByRole("group", { name: new RegExp(`^${l.size}`) });
    const radios = sizes.getByRole("radio");
    expect(await radios.count()).toBeGreaterThan(1);
    // Keyboard: focus the first size, arrows move the choice.
    await radios.first().focus();
    await page.keyboard.press("Space");
    await expect.poll(() => radios.first().isChecked()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => radios.nth(1).isChecked()).toBe(true);
    expect(await alert.count()).toBe(0);
    expect(await stockStatus(page)).toMatch(l.stock);
    expect(await stockStatus(page)).not.toMatch(/^(Alle størrelser|Alla storlekar)/);

    // The size with few left says how many.
    await sizes
      .locator("label", { has: page.locator(`input[value="${fixtures.colour.fewLeftSku}"]`) })
      .click();
    await expect.poll(() => stockStatus(page)).toBe(l.fewLeft(fixtures.colour.fewLeft));
    await press(main.getByRole("button", { name: l.addToCart, exact: true }));
    expect(await main.getByRole("alert").count()).toBe(0);
  });

  it("shows the lowest price of the last 30 days next to a reduced price", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.reduced, lang));
    const price = page.getByTestId("product-price");
    expect(await price.locator("[data-price=regular]").count()).toBe(1);
    expect((await price.locator("[data-price=lowest]").textContent())?.trim()).toMatch(l.lowest);
  });

  it("shows the specification and the nutrition table", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.nutrition.productId, lang));
    const spec = page.getByRole("region", { name: l.specification });
    expect(await spec.getByRole("table").count()).toBeGreaterThan(0);
    expect(await spec.getByRole("rowheader").count()).toBeGreaterThan(0);
    const nutrition = page.getByRole("region", { name: l.nutrition });
    const first = nutrition.getByRole("rowheader").first();
    expect(await first.textContent()).toBe(fixtures.nutrition.energy[lang]);
    expect(await nutrition.getByRole("cell").first().textContent()).toMatch(/kJ/);
  });

  it("lists 5 reviews at a time with a summary and show more", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.reviewed[lang].productId, lang));
    const total = fixtures.reviewed[lang].count;
    const reviews = page.getByRole("region", { name: l.reviews });
    const summary = reviews.getByTestId("reviews-summary");
    expect(await summary.getByRole("img").getAttribute("aria-label")).toMatch(/^\d,\d av 5 stj/);
    expect(await summary.innerText()).toContain(String(total));
    const items = reviews.getByRole("listitem");
    expect(await items.count()).toBe(5);
    expect(await reviews.innerText()).toContain(l.shown(5, total));
    await reviews.getByRole("link", { name: l.moreReviews }).click();
    // The client router changes the URL once the next page's data is in.
    await page.waitForURL((u) => u.searchParams.get("reviews") === "2");
    await expect.poll(() => items.count()).toBe(Math.min(10, total));
  });

  it("shows answered questions", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.answered[lang].productId, lang));
    const questions = page.getByRole("region", { name: l.questions });
    const { count } = fixtures.answered[lang];
    expect(await questions.getByRole("term").count()).toBe(Math.min(5, count));
    expect(await questions.getByRole("definition").first().textContent()).toMatch(/\S/);
    expect(await questions.innerText()).toContain(l.questionsShown(Math.min(5, count), count));
  });

  it("shows the price history as a chart with a table alternative", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.reduced, lang));
    // Not in the page's HTML: the browser asks for it when the shopper nears it (decision 0094).
    expect(await page.locator('[data-price-history="waiting"]').count()).toBe(1);
    expect(await page.getByRole("region", { name: l.priceHistory }).count()).toBe(0);
    await nearPlace(page, "price-history");
    const history = page.getByRole("region", { name: l.priceHistory });
    const chart = history.getByRole("img", { name: l.priceHistory });
    expect(await chart.count()).toBe(1);
    expect(await chart.locator("title").textContent()).toBe(l.priceHistory);
    expect(await chart.locator("desc").textContent()).toMatch(/\d/);
    const table = history.getByRole("table");
    expect(await table.isVisible()).toBe(false);
    await history.getByText(l.historyTable).click();
    await expect.poll(() => table.isVisible()).toBe(true);
    expect(await table.getByRole("row").count()).toBeGreaterThan(1);
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it.each([
    ["phone", { width: 375, height: 812 }],
    ["desktop", { width: 1360, height: 900 }],
  ] as const)(
    "%s: the price history covers the 90 days its text names, up to today, every label whole and readable",
    async (_, viewport) => {
      const { page } = session;
      await page.setViewportSize(viewport);
      const today = isoDate(new Date(), timeZoneForLocale(l.languageId));
      const date = (iso: string) => formatDate(iso, l.languageId);
      for (const productId of [fixtures.pack.productId, fixtures.reduced]) {
        await open(page, await pathOf(productId, lang));
        // The browser draws the chart for its own screen when the shopper nears it (decision 0094).
        await nearPlace(page, "price-history");
        const chart = page
          .getByRole("region", { name: l.priceHistory })
          .getByRole("img", { name: l.priceHistory });
        await chart.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            chart.evaluate((svg) =>
              Math.min(...[...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect().height)),
            ),
          )
          .toBeGreaterThanOrEqual(9);
        // The date axis (the labels along the bottom, left to right): from 90 days ago to today, never tomorrow.
        const labels = await chart.evaluate((svg) => {
          const texts = [...svg.querySelectorAll("text")];
          const bottom = Math.max(...texts.map((t) => Number(t.getAttribute("y"))));
          return texts
            .filter((t) => Number(t.getAttribute("y")) === bottom)
            .sort((a, b) => Number(a.getAttribute("x")) - Number(b.getAttribute("x")))
            .map((t) => t.textContent ?? "");
        });
        expect(labels[0]).toBe(date(addDays(today, -90)));
        expect(labels.at(-1)).toBe(date(today));
        expect(labels).not.toContain(date(addDays(today, 1)));
        // Every label inside the chart's box (none cut off at the edge), and at least 9 px high on a phone too.
        const boxes = await chart.evaluate((svg) => {
          const outer = svg.getBoundingClientRect();
          return [...svg.querySelectorAll("text")].map((text) => {
            const r = text.getBoundingClientRect();
            return {
              text: text.textContent,
              inside: r.left >= outer.left - 0.5 && r.right <= outer.right + 0.5,
              height: r.height,
            };
          });
        });
        for (const box of boxes) {
          expect(box.inside, `${box.text} is inside the chart`).toBe(true);
          expect(box.height, `${box.text} is readable`).toBeGreaterThanOrEqual(9);
        }
      }
      // The package's price is known only since today (its history begins today, see findFixtures): the text
      // says since when, not "the whole period of 90 days".
      await open(page, await pathOf(fixtures.pack.productId, lang));
      await nearPlace(page, "price-history");
      expect(
        await page
          .getByRole("region", { name: l.priceHistory })
          .getByRole("img", { name: l.priceHistory })
          .locator("desc")
          .textContent(),
      ).toMatch(new RegExp(`${l.since} ${date(today).replaceAll(".", "\\.")}\\.$`));
    },
  );

  it("blocks buying a package until every required group has a pick, naming the missing groups", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.pack.productId, lang));
    expect(new URL(page.url()).pathname).toMatch(/^(\/sv)?\/pp\//);
    const main = page.getByRole("main");
    const required = fixtures.pack.required[lang];
    await press(main.getByRole("button", { name: l.addToCart, exact: true }));
    const alert = main.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe(`${l.missingGroup}${required.join(", ")}`);
    for (const name of required) {
      await main
        .getByRole("group", { name: new RegExp(`^${name}`) })
        .getByRole("radio")
        .first()
        .check();
    }
    await press(main.getByRole("button", { name: l.addToCart, exact: true }));
    expect(await main.getByRole("alert").count()).toBe(0);
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("carries JSON-LD that parses and matches the page", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.reviewed[lang].productId, lang));
    const script = page.locator('script[type="application/ld+json"]');
    expect(await script.count()).toBe(1);
    // A data block, not a script: it needs no nonce (cached pages carry none; their scripts are allowed by hash).
    const data = JSON.parse((await script.textContent()) ?? "");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(await page.getByRole("heading", { level: 1 }).textContent());
    expect(data.sku).toBeTruthy();
    expect(data.url).toBe(new URL(page.url()).href.split("?")[0]);
    expect(data.offers.priceCurrency).toBe(lang === "nb" ? "NOK" : "SEK");
    const shown =
      (await page.getByTestId("product-price").locator("[data-price=selling]").textContent()) ?? "";
    expect(Number(data.offers.price)).toBe(Number(shown.replace(/[^\d,]/g, "").replace(",", ".")));
    expect(data.offers.availability).toMatch(/^https:\/\/schema\.org\//);
    expect(data.aggregateRating.reviewCount).toBeGreaterThan(0);
  });

  it("zooms an image in a dialog usable from the keyboard", async () => {
    const { page } = session;
    await open(page, await pathOf(fixtures.colour.productId, lang));
    const opener = page.getByRole("link", { name: new RegExp(`^${l.zoom}`) }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const title = await dialog.getByRole("heading").textContent();
    const total = Number(/av (\d+)$/.exec(title ?? "")?.[1] ?? 1);
    if (total > 1) {
      expect(title).toContain(l.image(1, total));
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => dialog.getByRole("heading").textContent()).toContain(l.image(2, total));
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on the large image now shown: the second one when the dialog paged on.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    await expect.poll(focused).toMatch(new RegExp(`^${l.zoom}: `));
    if (total > 1) expect(await focused()).toContain(l.image(2, total));
  });
});

describe("the product page for a business shopper", () => {
  it("shows prices excluding VAT, the lowest price too, and says so in the JSON-LD", async () => {
    const { page, context } = session;
    await context.addCookies([{ name: "mili-user-type", value: "ORGANIZATION", url: shop.origin }]);
    await open(page, await pathOf(fixtures.reduced, "nb"));
    const price = page.getByTestId("product-price");
    expect(await price.innerText()).toContain("eks. mva.");
    expect((await price.locator("[data-price=lowest]").textContent())?.trim()).toMatch(LANGUAGES.nb.lowest);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
    // The selling price, and the reduction's prior price as the struck-through price: both without VAT.
    const specifications = [data.offers.priceSpecification].flat();
    expect(specifications).toHaveLength(2);
    for (const specification of specifications) expect(specification.valueAddedTaxIncluded).toBe(false);
    const shown = (await price.locator("[data-price=selling]").textContent()) ?? "";
    expect(Number(data.offers.price)).toBe(Number(shown.replace(/[^\d,]/g, "").replace(",", ".")));
  });
});

describe("the product page without JavaScript", () => {
  it("renders everything server-side and takes the size choice from the form", async () => {
    const path = await pathOf(fixtures.colour.productId, "nb");
    // Adding without a size comes back from the cart route with the reason (tests/e2e/cart.test.ts posts it).
    const html = await (await fetch(url(`${path}?cart-error=SIZE_NEEDED`))).text();
    expect(html).toContain(LANGUAGES.nb.chooseSize);
    // "Show stock" sends the chosen size back in the query.
    const chosen = await (await fetch(url(`${path}?skuId=${fixtures.colour.fewLeftSku}`))).text();
    expect(chosen).not.toContain(LANGUAGES.nb.chooseSize);
    expect(chosen).toContain(LANGUAGES.nb.fewLeft(fixtures.colour.fewLeft));
  });

  it("answers 404 for an unknown product and ignores malformed paging", async () => {
    expect((await fetch(url("/p/finnes-ikke-produkt"))).status).toBe(404);
    const path = await pathOf(fixtures.reviewed.nb.productId, "nb");
    expect((await fetch(url(`${path}?reviews=abc&questions=-1&skuId=x`))).status).toBe(200);
  });
});
