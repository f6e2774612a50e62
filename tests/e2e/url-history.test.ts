import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlHistory } from "#db/schema/catalog.ts";
import { hydrated, setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/** Moved pages: old paths (without the language prefix) and where they live now, per language. */
const MOVED = [
  { languageId: "nb-NO", oldUrl: "/gammel-kundeservice", newUrl: "/kundeservice" },
  { languageId: "nb-NO", oldUrl: "/info/gamle/sider/frakt", newUrl: "/frakt-og-levering" },
  { languageId: "nb-NO", oldUrl: "/vinterjakker-2019", newUrl: "/vinterjakker-2020" },
  { languageId: "nb-NO", oldUrl: "/vinterjakker-2020", newUrl: "/c/klaer/jakker" },
  { languageId: "sv-SE", oldUrl: "/gammal-kundservice", newUrl: "/kundservice" },
  { languageId: "sv-SE", oldUrl: "/info/gamla/frakt", newUrl: "/frakt-och-leverans" },
];

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
  await shop.db.db.insert(urlHistory).values(MOVED);
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string) => fetch(new URL(path, shop.origin), { redirect: "manual" });
const session = setupBrowser();

describe("moved URLs", () => {
  it.each([
    ["/gammel-kundeservice", "/kundeservice"],
    ["/info/gamle/sider/frakt", "/frakt-og-levering"],
    ["/GAMMEL-KUNDESERVICE/", "/kundeservice"],
    ["/sv/gammal-kundservice", "/sv/kundservice"],
    ["/sv/info/gamla/frakt", "/sv/frakt-och-leverans"],
  ])("%s answers 301 to %s, which is the page", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
    expect((await get(to)).status).toBe(200);
  });

  it("keep the query string", async () => {
    const response = await get("/gammel-kundeservice?utm_source=nyhetsbrev&side=2");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/kundeservice?utm_source=nyhetsbrev&side=2");
    const sv = await get("/sv/info/gamla/frakt?q=%C3%A5%C3%A4%C3%B6&r=a%20b");
    expect(sv.headers.get("location")).toBe("/sv/frakt-och-leverans?q=%C3%A5%C3%A4%C3%B6&r=a%20b");
  });

  it("redirect a client-side navigation too (the data request), in both languages", async () => {
    const { page } = session;
    for (const [start, from, to] of [
      ["/", "/gammel-kundeservice?x=1", "/kundeservice?x=1"],
      ["/sv", "/sv/gammal-kundservice", "/sv/kundservice"],
    ] as const) {
      await page.goto(new URL(start, shop.origin).href, { waitUntil: "load" });
      await hydrated(page);
      await page.evaluate(
        (path) =>
          (
            window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
          ).__reactRouterDataRouter.navigate(path),
        from,
      );
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(to);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    }
  });

  it("follow a URL that moved twice in one hop", async () => {
    const response = await get("/vinterjakker-2019");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/c/klaer/jakker");
  });

  it("belong to their language: a Norwegian move does not redirect the Swedish path", async () => {
    expect((await get("/sv/gammel-kundeservice")).status).toBe(404);
    expect((await get("/gammal-kundservice")).status).toBe(404);
  });

  it("leave unknown paths 404, for pages and for form posts", async () => {
    expect((await get("/finnes-ikke")).status).toBe(404);
    expect((await get("/finnes/heller/ikke?x=1")).status).toBe(404);
    const post = await fetch(new URL("/info/gamle/sider/frakt", shop.origin), {
      method: "POST",
      redirect: "manual",
      // A form of the shop's own (another site's would be refused with 403 first: server/guard.ts).
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
      body: "a=1",
    });
    expect(post.status).toBe(404);
  });

  it("send a renamed product's old /p/ path to the product (the product page asks before its 404)", async () => {
    const [product] = await queryRows<{ alias: string; category: string }>(
      shop.db.db,
      sql`select pt.alias, ct.alias as category from product_translations pt
          join products p on p.id = pt.product_id and p.type = 'product' and p.active
          join category_translations ct on ct.category_id = p.primary_category_id and ct.language_id = pt.language_id
          where pt.language_id = 'nb-NO' order by p.id limit 1`,
    );
    if (!product) throw new Error("the seed has no product");
    const canonical = `/p/${product.category}/${product.alias}`;
    await shop.db.db
      .insert(urlHistory)
      .values({ languageId: "nb-NO", oldUrl: `/p/${product.category}/gammelt-navn`, newUrl: canonical });
    const response = await get(`/p/${product.category}/gammelt-navn?farge=svart`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${canonical}?farge=svart`);
    expect((await get(canonical)).status).toBe(200);
    expect((await get(`/p/${product.category}/aldri-fantes`)).status).toBe(404);
  });

  it("send the previous platform's /produkt/{article number} paths to the products, in both languages", async () => {
    const moves = await queryRows<{ language_id: string; old_url: string; new_url: string }>(
      shop.db.db,
      sql`select distinct on (language_id) language_id, old_url, new_url from url_history
          where old_url like '/produkt/%' order by language_id, id`,
    );
    expect(moves.map((m) => m.language_id)).toEqual(["nb-NO", "sv-SE"]);
    for (const move of moves) {
      const prefix = move.language_id === "sv-SE" ? "/sv" : "";
      const response = await get(`${prefix}${move.old_url}`);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`${prefix}${move.new_url}`);
      expect((await get(`${prefix}${move.new_url}`)).status).toBe(200);
    }
    expect((await get("/produkt/finnes-ikke")).status).toBe(404);
  });

  it("send a renamed category's old /c/ path to the category (the list page asks before its 404)", async () => {
    await shop.db.db
      .insert(urlHistory)
      .values({ languageId: "nb-NO", oldUrl: "/c/klaer/jakker-og-vester", newUrl: "/c/klaer/jakker" });
    const response = await get("/c/klaer/jakker-og-vester?sort=PRICE");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/c/klaer/jakker?sort=PRICE");
    expect((await get("/c/klaer/jakker")).status).toBe(200);
  });
});
