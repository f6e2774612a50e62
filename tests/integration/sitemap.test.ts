import { get } from "node:http";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { parseXml, type XmlElement } from "#tests/support/xml.ts";
import { LANGS } from "../../app/lib/locale.ts";
import { SCREENS } from "../../app/lib/screens.ts";
import { ROBOTS_DISALLOWED, SITEMAP_LANGS, type SitemapPage } from "../../domain/sitemap.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";
import { productPages } from "../../services/seo/sitemap.ts";

/**
 * robots.txt and the sitemaps (decision 0090), on a real shop (PGlite, or PostgreSQL with DATABASE_URL): every URL a
 * sitemap lists answers 200 with the same canonical link and hreflang alternates as the sitemap gives it, the
 * product files list exactly the products SQL finds sold in each storefront, a change by SQL shows on the next
 * request, and the files are well-formed sitemaps split at the URL limit (lowered to 25 here).
 */

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
const LIMIT = 25;

let shop: Shop;
beforeAll(async () => {
  buildIfNeeded();
  // Made again at every new catalog version (the default keeps files a minute; the DOMAINS shop below checks that).
  shop = await startShop({ SITEMAP_MAX_URLS: String(LIMIT), SITEMAP_REFRESH_SECONDS: "0" });
});
afterAll(async () => {
  await shop?.close();
});

interface Listed {
  loc: string;
  lastmod: string | null;
  alternates: { hreflang: string; href: string }[];
}

function childrenNamed(el: XmlElement, local: string, ns = SITEMAP_NS): XmlElement[] {
  return el.children.filter((c) => c.local === local && c.ns === ns);
}

async function index(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/sitemap.xml`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const root = parseXml(await response.text());
  expect(root.local).toBe("sitemapindex");
  expect(root.ns).toBe(SITEMAP_NS);
  return childrenNamed(root, "sitemap").map((s) => ({
    loc: childrenNamed(s, "loc")[0]?.text ?? "",
    lastmod: childrenNamed(s, "lastmod")[0]?.text ?? null,
  }));
}

/** A sitemap file's URLs (fetched as a crawler does: gzip), checked to be a well-formed urlset within the limit. */
async function urlset(loc: string, base: string, headers: Record<string, string> = {}): Promise<Listed[]> {
  const path = new URL(loc).pathname;
  const response = await fetch(`${base}${path}`, { headers: { ...headers, "accept-encoding": "gzip" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("content-encoding")).toBe("gzip");
  const root = parseXml(await response.text());
  expect(root.local).toBe("urlset");
  expect(root.ns).toBe(SITEMAP_NS);
  expect(root.attrs["xmlns:xhtml"]).toBe(XHTML_NS);
  const urls = childrenNamed(root, "url");
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(LIMIT);
  return urls.map((u) => ({
    loc: childrenNamed(u, "loc")[0]?.text ?? "",
    lastmod: childrenNamed(u, "lastmod")[0]?.text ?? null,
    alternates: childrenNamed(u, "link", XHTML_NS).map((l) => {
      expect(l.attrs.rel).toBe("alternate");
      return { hreflang: l.attrs.hreflang ?? "", href: l.attrs.href ?? "" };
    }),
  }));
}

/** The canonical link and the hreflang alternates a page gives in its head. */
async function pageLinks(url: string, base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${new URL(url).pathname}`, {
    headers: { accept: "text/html", ...headers },
  });
  const html = await response.text();
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? null;
  const links = html.match(/<link [^>]*>/g) ?? [];
  return {
    status: response.status,
    canonical: links.filter((l) => attr(l, "rel") === "canonical").map((l) => attr(l, "href")),
    alternates: links
      .filter((l) => attr(l, "rel") === "alternate" && attr(l, "hrefLang"))
      .map((l) => ({ hreflang: attr(l, "hrefLang") ?? "", href: attr(l, "href") ?? "" })),
  };
}

/** Alternates in language order (a page gives its categories' in the order the database read them). */
function byLanguage(list: { hreflang: string; href: string }[]) {
  return [...list].sort((a, b) => a.hreflang.localeCompare(b.hreflang));
}

/** Every file of the index by name ("products-nb-2.xml" → its URLs). */
async function allFiles(base: string, headers: Record<string, string> = {}) {
  const files = new Map<string, Listed[]>();
  for (const f of await index(base, headers))
    files.set(new URL(f.loc).pathname.replace("/sitemaps/", ""), await urlset(f.loc, base, headers));
  return files;
}

function ofKind(files: Map<string, Listed[]>, kind: string, where: string): Listed[] {
  return [...files.entries()]
    .filter(([name]) => name.startsWith(`${kind}-${where}-`))
    .flatMap(([, urls]) => urls);
}

/** Products a storefront's product page answers 200 for: active, translated, with a card price in the market now. */
async function soldProducts(lang: "nb" | "sv", on: Shop = shop): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    on.db.db,
    sql`select count(*) as n from product_translations pt
        join products p on p.id = pt.product_id and p.active
        join product_list_prices lp on lp.product_id = p.id and lp.market_alias = ${SITEMAP_LANGS[lang].defaultMarket}
          and lp.valid_from <= now() and now() < lp.valid_until
        where pt.language_id = ${SITEMAP_LANGS[lang].languageId}`,
  );
  return Number(row?.n);
}

/**
 * Takes a product's prices in `market` away by SQL (the list index follows at commit): the product is no longer
 * sold there, so its pages in that market answer 404. Returns the product's id.
 */
async function unpriceIn(on: Shop, svAlias: string, market: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    on.db.db,
    sql`select product_id as id from product_translations where language_id = 'sv-SE' and alias = ${svAlias}`,
  );
  const id = Number(row?.id);
  await on.db.db.execute(sql`
    delete from prices where market_alias = ${market} and sku_id in (select id from skus where product_id = ${id})`);
  return id;
}

/** `count` items spread over the list (first and last included). */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return Array.from(
    { length: count },
    (_, i) => list[Math.round((i * (list.length - 1)) / (count - 1))] as T,
  );
}

describe("robots.txt", () => {
  it("allows the catalog, disallows the private pages in both languages and names the sitemap", async () => {
    const response = await fetch(`${shop.origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).trim().split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of [
      "/kassen",
      "/sv/kassan",
      "/min-konto/",
      "/sv/mina-sidor/",
      "/favoritter",
      "/sv/favoriter",
      "/s/",
      "/sv/s/",
      "/api/",
      "/graphql",
      "/admin",
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.at(-1)).toBe(`Sitemap: ${shop.origin}/sitemap.xml`);
  });

  it("names the screens' own paths (app/lib/screens.ts) for the pages that say noindex", () => {
    const paths = (id: string) => {
      const screen = SCREENS.find((s) => s.id === id);
      if (!screen) throw new Error(id);
      return {
        nb: typeof screen.path === "string" ? screen.path : screen.path.nb,
        sv: typeof screen.path === "string" ? screen.path : screen.path.sv,
      };
    };
    for (const id of ["checkout", "favorites", "preview-widgets", "account"] as const)
      for (const lang of ["nb", "sv"] as const) expect(ROBOTS_DISALLOWED[lang]).toContain(paths(id)[lang]);
    for (const id of ["account-orders", "account-settings", "account-balance"] as const)
      for (const lang of ["nb", "sv"] as const)
        expect(ROBOTS_DISALLOWED[lang].some((p) => paths(id)[lang].startsWith(p))).toBe(true);
    // The language table the sitemaps use is the storefront's.
    for (const lang of ["nb", "sv"] as const) {
      expect(SITEMAP_LANGS[lang].languageId).toBe(LANGS[lang].languageId);
      expect(SITEMAP_LANGS[lang].defaultMarket).toBe(LANGS[lang].defaultMarket);
      expect(SITEMAP_LANGS[lang].prefix).toBe(LANGS[lang].prefix);
    }
  });
});

describe("the sitemaps", () => {
  let files: Map<string, Listed[]>;
  beforeAll(async () => {
    files = await allFiles(shop.origin);
  });

  it("are listed by the index: each kind in each language, products split at the limit", async () => {
    const names = [...files.keys()];
    for (const lang of ["nb", "sv"] as const) {
      for (const kind of ["pages", "categories", "brands", "campaigns"])
        expect(names).toContain(`${kind}-${lang}-1.xml`);
      const products = names.filter((n) => n.startsWith(`products-${lang}-`));
      const sold = await soldProducts(lang);
      expect(sold).toBeGreaterThan(LIMIT);
      expect(products.length).toBe(Math.ceil(sold / LIMIT));
      // Every file but the last is full.
      for (let n = 1; n < products.length; n++)
        expect(files.get(`products-${lang}-${n}.xml`)?.length).toBe(LIMIT);
    }
  });

  it("list exactly the products sold in each storefront, once each", async () => {
    for (const lang of ["nb", "sv"] as const) {
      const locs = ofKind(files, "products", lang).map((u) => u.loc);
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs.length).toBe(await soldProducts(lang));
      for (const loc of locs)
        expect(loc.startsWith(`${shop.origin}${lang === "sv" ? "/sv/p" : "/p"}`)).toBe(true);
    }
  });

  it("give each page's canonical URL and its own hreflang alternates, and the page answers 200", async () => {
    const sample = [
      ...spread(ofKind(files, "products", "nb"), 10),
      ...spread(ofKind(files, "products", "sv"), 10),
      ...spread(ofKind(files, "categories", "nb"), 4),
      ...spread(ofKind(files, "categories", "sv"), 4),
      ...spread(ofKind(files, "brands", "sv"), 3),
      ...ofKind(files, "campaigns", "nb"),
      ...ofKind(files, "campaigns", "sv"),
      ...ofKind(files, "pages", "nb"),
      ...ofKind(files, "pages", "sv"),
    ];
    expect(sample.length).toBeGreaterThan(35);
    for (const url of sample) {
      const page = await pageLinks(url.loc, shop.origin);
      expect({ url: url.loc, status: page.status, canonical: page.canonical }).toEqual({
        url: url.loc,
        status: 200,
        canonical: [url.loc],
      });
      expect(byLanguage(page.alternates)).toEqual(byLanguage(url.alternates));
    }
  });

  it("read products page by page by id: small pages give the same list as one page", async () => {
    const read = async (pageSize: number) => {
      const batches: SitemapPage[][] = [];
      for await (const batch of productPages(
        shop.db.db,
        { lang: "nb", market: "no", allowedLangs: ["nb"] },
        new Date(),
        pageSize,
      ))
        batches.push(batch);
      return batches;
    };
    const [whole, paged] = [await read(1000), await read(7)];
    expect(whole.length).toBe(1);
    expect(paged.length).toBe(Math.ceil((whole[0]?.length ?? 0) / 7));
    expect(paged.flat()).toEqual(whole.flat());
  });

  it("give lastmod from the product's last change", async () => {
    const [first] = ofKind(files, "products", "nb");
    const alias = new URL(first?.loc ?? "").pathname.split("/").at(-1) ?? "";
    const [row] = await queryRows<{ updated_at: string | Date }>(
      shop.db.db,
      sql`select p.updated_at from products p join product_translations pt on pt.product_id = p.id
          where pt.language_id = 'nb-NO' and pt.alias = ${alias}`,
    );
    expect(first?.lastmod).toBe(`${new Date(row?.updated_at ?? 0).toISOString().slice(0, 19)}Z`);
  });

  it("leave out a product made inactive by SQL on the next request, and its page is gone too", async () => {
    const listed = ofKind(files, "products", "sv");
    const gone = listed[3] as Listed;
    const alias = new URL(gone.loc).pathname.split("/").at(-1) ?? "";
    await shop.db.db.execute(sql`
      update products set active = false
      where id = (select product_id from product_translations where language_id = 'sv-SE' and alias = ${alias})`);
    const after = await allFiles(shop.origin);
    const locs = ofKind(after, "products", "sv").map((u) => u.loc);
    expect(locs).not.toContain(gone.loc);
    expect(locs.length).toBe(listed.length - 1);
    expect(locs.length).toBe(await soldProducts("sv"));
    expect((await fetch(`${shop.origin}${new URL(gone.loc).pathname}`)).status).toBe(404);
    // The Norwegian page of the same product is gone from the Norwegian files as well.
    const nbAlternate = gone.alternates.find((a) => a.hreflang === "nb-NO")?.href;
    expect(ofKind(after, "products", "nb").map((u) => u.loc)).not.toContain(nbAlternate);
  });

  it("give a product sold only in Sweden no Norwegian alternate, on its page, in the API and in the sitemap (decision 0092)", async () => {
    const listed = ofKind(files, "products", "sv")[6] as Listed;
    const nbHref = listed.alternates.find((a) => a.hreflang === "nb-NO")?.href ?? "";
    expect(nbHref.startsWith(`${shop.origin}/p/`)).toBe(true);
    const svAlias = new URL(listed.loc).pathname.split("/").at(-1) ?? "";
    const productId = await unpriceIn(shop, svAlias, "no");
    // The Norwegian page is gone ...
    expect((await fetch(nbHref)).status).toBe(404);
    // ... so the Swedish page names itself only.
    const page = await pageLinks(listed.loc, shop.origin);
    expect(page.status).toBe(200);
    expect(page.canonical).toEqual([listed.loc]);
    expect(page.alternates).toEqual([{ hreflang: "sv-SE", href: listed.loc }]);
    // The API's alternativeUrls say the same, by alias (findProduct) and by id (withProductDetails).
    const svLocale = { channelId: "1|se", marketId: "se", languageId: "sv-SE" };
    const query = `query($alias: String, $productId: Int, $channelId: String, $marketId: String, $languageId: String) {
      product(alias: $alias, productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
        alternativeUrls { languageId url } } }`;
    for (const variables of [{ alias: svAlias }, { productId }]) {
      const answer = await gql(shop.origin, { query, variables: { ...variables, ...svLocale } });
      expect(answer.body.data.product.alternativeUrls).toEqual([
        { languageId: "sv-SE", url: new URL(listed.loc).pathname.replace(/^\/sv/, "") },
      ]);
    }
    // In a Norwegian locale the product is not found at all (its page answers 404).
    const nbAnswer = await gql(shop.origin, {
      query,
      variables: { productId, channelId: "2|no", marketId: "no", languageId: "nb-NO" },
    });
    expect(nbAnswer.body.data.product).toBeNull();
    // The sitemaps: the Swedish entry has its own alternate only, the Norwegian files leave the product out.
    const after = await allFiles(shop.origin);
    const entry = ofKind(after, "products", "sv").find((u) => u.loc === listed.loc);
    expect(entry?.alternates).toEqual([{ hreflang: "sv-SE", href: listed.loc }]);
    expect(ofKind(after, "products", "nb").map((u) => u.loc)).not.toContain(nbHref);
    expect(ofKind(after, "products", "nb").length).toBe(await soldProducts("nb"));
  });

  it("answer a client without gzip in plain XML, and an unchanged file with 304", async () => {
    const name = "products-nb-1.xml";
    const zipped = await fetch(`${shop.origin}/sitemaps/${name}`, { headers: { "accept-encoding": "gzip" } });
    const unpacked = await zipped.text();
    const plain = await fetch(`${shop.origin}/sitemaps/${name}`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text).toBe(unpacked);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const etag = zipped.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${shop.origin}/sitemaps/${name}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await fetch(`${shop.origin}/sitemaps/products-nb-999.xml`)).status).toBe(404);
    expect((await fetch(`${shop.origin}/sitemaps/..%2Fsecrets.xml`)).status).toBe(404);
    // The bytes on the wire are gzip (fetch above unpacked them).
    const wire = await getRaw(`${shop.origin}/sitemaps/${name}`);
    expect(wire.encoding).toBe("gzip");
    expect(gunzipSync(wire.body).toString("utf8")).toBe(text);
  });
});

/** A GET asking for gzip whose body is not unpacked (node:http, not fetch). */
function getRaw(url: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    }).on("error", reject);
  });
}

describe("with DOMAINS", () => {
  let domains: Shop;
  const SV_HOST = { "x-forwarded-proto": "https", "x-forwarded-host": "mili.se" };
  beforeAll(async () => {
    domains = await startShop({
      DOMAINS: "nb|mili.no,sv|mili.se",
      TRUST_PROXY: "true",
      SITEMAP_MAX_URLS: String(LIMIT),
      // Longer than the test: files are kept through a newer catalog version.
      SITEMAP_REFRESH_SECONDS: "3600",
    });
  });
  afterAll(async () => {
    await domains?.close();
  });

  it("robots.txt names the host's own language's paths and its sitemap", async () => {
    const text = await (await fetch(`${domains.origin}/robots.txt`, { headers: SV_HOST })).text();
    expect(text).toContain("Disallow: /kassan\n");
    expect(text).not.toContain("/kassen");
    expect(text).not.toContain("Disallow: /sv/");
    expect(text.trim().split("\n").at(-1)).toBe("Sitemap: https://mili.se/sitemap.xml");
    // A host DOMAINS does not name has no sitemap.
    const other = await (await fetch(`${domains.origin}/robots.txt`)).text();
    expect(other).not.toContain("Sitemap:");
    expect((await fetch(`${domains.origin}/sitemap.xml`)).status).toBe(404);
  });

  it("the host's sitemap lists its own language's pages on its own host, as the pages give them", async () => {
    const files = await allFiles(domains.origin, SV_HOST);
    expect([...files.keys()].every((n) => /-sv-\d+\.xml$/.test(n))).toBe(true);
    const products = ofKind(files, "products", "sv");
    expect(products.length).toBe(await soldProducts("sv", domains));
    for (const url of [...spread(products, 4), ...ofKind(files, "pages", "sv").slice(0, 3)]) {
      expect(url.loc.startsWith("https://mili.se/")).toBe(true);
      const page = await pageLinks(url.loc, domains.origin, SV_HOST);
      expect(page.status).toBe(200);
      expect(page.canonical).toEqual([url.loc]);
      expect(byLanguage(page.alternates)).toEqual(byLanguage(url.alternates));
      expect(url.alternates.find((a) => a.hreflang === "nb-NO")?.href.startsWith("https://mili.no/")).toBe(
        true,
      );
    }
  });

  it("keeps files younger than SITEMAP_REFRESH_SECONDS through a newer catalog version (every order raises it)", async () => {
    const before = ofKind(await allFiles(domains.origin, SV_HOST), "products", "sv");
    const gone = before[0] as Listed;
    const alias = new URL(gone.loc).pathname.split("/").at(-1) ?? "";
    const version = async () =>
      Number(
        (await queryRows<{ version: number }>(domains.db.db, sql`select version from catalog_index_state`))[0]
          ?.version,
      );
    const was = await version();
    await domains.db.db.execute(sql`
      update products set active = false
      where id = (select product_id from product_translations where language_id = 'sv-SE' and alias = ${alias})`);
    expect(await version()).toBeGreaterThan(was);
    const after = ofKind(await allFiles(domains.origin, SV_HOST), "products", "sv");
    expect(after).toEqual(before);
  });
});

describe("with MARKET_IN_PATH", () => {
  let markets: Shop;
  beforeAll(async () => {
    markets = await startShop({
      MARKET_IN_PATH: "true",
      SITEMAP_MAX_URLS: String(LIMIT),
      SITEMAP_REFRESH_SECONDS: "0",
    });
  });
  afterAll(async () => {
    await markets?.close();
  });

  it("lists each language's default market's pages under /{market}/{lang}, as the pages give them", async () => {
    const robots = await (await fetch(`${markets.origin}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /*/sv/kassan\n");
    const files = await allFiles(markets.origin);
    expect([...files.keys()]).toContain("products-no-nb-1.xml");
    expect([...files.keys()]).toContain("products-se-sv-1.xml");
    const sample = [
      ...spread(ofKind(files, "products", "no-nb"), 3),
      ...spread(ofKind(files, "products", "se-sv"), 3),
      ...ofKind(files, "pages", "se-sv").slice(0, 2),
      ...spread(ofKind(files, "categories", "no-nb"), 2),
    ];
    for (const url of sample) {
      expect(url.loc).toMatch(new RegExp(`^${markets.origin}/(no/nb|se/sv)(/|$)`));
      const page = await pageLinks(url.loc, markets.origin);
      expect(page.status).toBe(200);
      expect(page.canonical).toEqual([url.loc]);
      expect(byLanguage(page.alternates)).toEqual(byLanguage(url.alternates));
    }
  });

  it("links a product not sold in Norway to Norwegian only in a market that sells it (decision 0092)", async () => {
    const files = await allFiles(markets.origin);
    const listed = ofKind(files, "products", "se-sv")[4] as Listed;
    const path = new URL(listed.loc).pathname.replace(/^\/se\/sv/, "");
    const nbPath = new URL(listed.alternates.find((a) => a.hreflang === "nb-NO")?.href ?? "").pathname;
    expect(nbPath.startsWith("/no/nb/p/")).toBe(true);
    await unpriceIn(markets, path.split("/").at(-1) ?? "", "no");
    expect((await fetch(`${markets.origin}${nbPath}`)).status).toBe(404);
    // In Sweden (which allows Swedish only) the Norwegian alternate would be Norway's page: left out.
    const se = await pageLinks(listed.loc, markets.origin);
    expect(se.status).toBe(200);
    expect(se.alternates).toEqual([{ hreflang: "sv-SE", href: listed.loc }]);
    const entry = ofKind(await allFiles(markets.origin), "products", "se-sv").find(
      (u) => u.loc === listed.loc,
    );
    expect(entry?.alternates).toEqual(se.alternates);
    // In Germany (both languages, still selling it) the Norwegian alternate is Germany's Norwegian page: kept.
    const de = await pageLinks(`${markets.origin}/de/sv${path}`, markets.origin);
    expect(de.status).toBe(200);
    const deNb = de.alternates.find((a) => a.hreflang === "nb-NO")?.href ?? "";
    expect(deNb).toBe(`${markets.origin}/de/nb${nbPath.replace(/^\/no\/nb/, "")}`);
    expect((await fetch(deNb)).status).toBe(200);
  });
});
