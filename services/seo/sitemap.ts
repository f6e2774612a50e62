import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { langOfId, SITEMAP_LANGS, type SitemapLang, type SitemapPage } from "#domain/sitemap.ts";
import { alternateMarkets, hasPageIn, onSaleIn } from "../catalog/product-pages.ts";

/**
 * What the sitemaps list (decision 0090): every public page of a storefront (a language in a market) that answers
 * 200, with its path in that language, its paths in every language (the page's own hreflang alternates) and, where
 * the data has one, its last change. The same conditions as the pages' own statements:
 * - products and packages: active, translated into the language and with a card price in the market now
 *   (services/catalog/product-pages.ts, as findProduct reads the product page), at /p or /pp with the primary
 *   category's alias in that language (services/catalog/summary.ts productUrl); lastmod: products.updated_at;
 *   their alternates only in the languages whose page exists where the alternate's URL lands (decision 0092);
 * - categories: active, translated, and every parent too (services/catalog/categories.ts categoryTree builds the
 *   tree so: a category under an inactive one has no page), at /c/{alias} or /c/{parent}/{alias};
 * - brands: active, at /b/{alias}, the same path in both languages (app/routes/list.tsx samePathAlternates);
 * - campaigns: active, running now and translated, at /dc/{alias} (services/catalog/campaigns.ts listCampaigns);
 * - pages: the home page, /nyheter, the brands' page and /content, and the published content pages at
 *   /{alias} (services/content/pages.ts); lastmod: content_pages.updated_at.
 * Products are read `PRODUCT_PAGE` at a time by id (keyset), so 100,000 products are never in memory at once;
 * everything else is small (one statement each).
 */

export type SitemapKind = "pages" | "categories" | "brands" | "campaigns" | "products";
export const SITEMAP_KINDS: readonly SitemapKind[] = [
  "pages",
  "categories",
  "brands",
  "campaigns",
  "products",
];

/**
 * Products per statement. On PGlite a statement runs on the shop's own thread: 5,000 held every other request
 * up to 330 ms while the 100,000-product sitemaps were made, 1,000 up to 130 ms, at about the same total.
 */
export const PRODUCT_PAGE = 1000;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * The languages each market allows (market_languages), as the storefront's locale middleware reads them: a
 * market without any allows both (app/lib/page-locale.ts allowedLangs).
 */
export async function allowedLanguages(db: Database): Promise<(market: string) => SitemapLang[]> {
  const found = await rows<{ market_alias: string; language_id: string }>(
    db,
    sql`select market_alias, language_id from market_languages order by market_alias, sort_order`,
  );
  const byMarket = new Map<string, SitemapLang[]>();
  for (const r of found) {
    const lang = langOfId(r.language_id);
    if (!lang) continue;
    byMarket.set(r.market_alias, [...(byMarket.get(r.market_alias) ?? []), lang]);
  }
  return (market) => byMarket.get(market) ?? ["nb", "sv"];
}

/**
 * Epoch ms when a sitemap made now may next change by the clock alone (a card price window beginning or ending,
 * a content page's publishing time arriving, a campaign starting or ending): the catalog version does not move
 * then. +Infinity: none ahead.
 */
export async function nextScheduledChange(db: Database, now = new Date()): Promise<number> {
  const moment = now.toISOString();
  const [row] = await rows<{ until: unknown }>(
    db,
    sql`select extract(epoch from least(
          (select min(valid_from) from product_list_prices where valid_from > ${moment}::timestamptz),
          (select min(valid_until) from product_list_prices where valid_until > ${moment}::timestamptz),
          (select min(published_at) from content_pages where active and published_at > ${moment}::timestamptz),
          (select min(starts_at) from discount_campaigns where active and starts_at > ${moment}::timestamptz),
          (select min(ends_at) from discount_campaigns where active and ends_at > ${moment}::timestamptz)
        )) * 1000 as until`,
  );
  const until = row?.until === null || row?.until === undefined ? Number.NaN : Number(row.until);
  return Number.isNaN(until) ? Number.POSITIVE_INFINITY : until;
}

function productPath(type: string, categoryAlias: string | null, alias: string): string {
  const base = type === "package" ? "/pp" : "/p";
  return categoryAlias ? `${base}/${categoryAlias}/${alias}` : `${base}/${alias}`;
}

/**
 * The product pages of a storefront, a page of products at a time in id order. One statement per page: the
 * products with a card price in the market now (the page's ids by the translations' primary key, from the last
 * id on), one row per translation whose page exists (the page's own and its alternates: decision 0092, each in
 * the market its URL lands in, domain/sitemap.ts pageUrl), with the primary category's alias in that
 * translation's language.
 */
export async function* productPages(
  db: Database,
  storefront: { lang: SitemapLang; market: string; allowedLangs: readonly SitemapLang[] },
  now = new Date(),
  pageSize = PRODUCT_PAGE,
): AsyncGenerator<SitemapPage[]> {
  const languageId = SITEMAP_LANGS[storefront.lang].languageId;
  const moment = now.toISOString();
  const markets = alternateMarkets(
    {
      market: storefront.market,
      lang: languageId,
      allowed: storefront.allowedLangs.map((l) => SITEMAP_LANGS[l].languageId),
    },
    Object.values(SITEMAP_LANGS).map((l) => [l.languageId, l.defaultMarket] as const),
  );
  let after = 0;
  for (;;) {
    const found = await rows<{
      id: number;
      type: string;
      updated_at: string | Date;
      language_id: string;
      alias: string;
      category_alias: string | null;
    }>(
      db,
      sql`with page as (
            select pt.product_id as id, p.type, p.primary_category_id, p.updated_at
            from product_translations pt
            join products p on p.id = pt.product_id and p.active
            join product_list_prices lp on ${onSaleIn("lp", sql`p.id`, storefront.market, moment)}
            where pt.language_id = ${languageId} and pt.product_id > ${after} and p.id > ${after}
            order by pt.product_id
            limit ${pageSize})
          select page.id, page.type, page.updated_at, t.language_id, t.alias, tc.alias as category_alias
          from page
          join product_translations t on t.product_id = page.id
            and ${hasPageIn(sql`page.id`, sql`t.language_id`, markets, moment)}
          left join category_translations tc on tc.category_id = page.primary_category_id
            and tc.language_id = t.language_id
          order by page.id, t.language_id`,
    );
    const pages: SitemapPage[] = [];
    let products = 0;
    for (let i = 0; i < found.length; ) {
      const id = Number(found[i]?.id);
      let own: SitemapPage["path"] | null = null;
      let lastmod: string | Date | null = null;
      const alternates: { lang: SitemapLang; path: string }[] = [];
      for (; i < found.length && Number(found[i]?.id) === id; i++) {
        const r = found[i] as (typeof found)[number];
        const path = productPath(r.type, r.category_alias, r.alias);
        if (r.language_id === languageId) own = path;
        lastmod = r.updated_at;
        const lang = langOfId(r.language_id);
        if (lang) alternates.push({ lang, path });
      }
      products += 1;
      after = id;
      if (own) pages.push({ path: own, lastmod, alternates });
    }
    if (pages.length) yield pages;
    if (products < pageSize) return;
  }
}

/** The category pages of a storefront, in merchandised order (one statement). */
export async function categoryPages(db: Database, storefront: { lang: SitemapLang }): Promise<SitemapPage[]> {
  const found = await rows<{
    id: number;
    parent_id: number | null;
    language_id: string;
    alias: string;
  }>(
    db,
    sql`select c.id, c.parent_id, ct.language_id, ct.alias
        from categories c join category_translations ct on ct.category_id = c.id
        where c.active
        order by c.sort_order, c.id, ct.language_id`,
  );
  // As categoryTree builds it: per language, a node whose parent is missing is not in the tree.
  const byLanguage = new Map<SitemapLang, Map<number, { alias: string; parentId: number | null }>>();
  const order: number[] = [];
  for (const r of found) {
    const lang = langOfId(r.language_id);
    if (!lang) continue;
    const map = byLanguage.get(lang) ?? new Map();
    map.set(r.id, { alias: r.alias, parentId: r.parent_id });
    byLanguage.set(lang, map);
    if (!order.includes(r.id)) order.push(r.id);
  }
  const inTree = (lang: SitemapLang, id: number): boolean => {
    const map = byLanguage.get(lang);
    const seen = new Set<number>();
    for (let node = map?.get(id); node; node = node.parentId ? map?.get(node.parentId) : undefined) {
      if (!node.parentId) return true;
      if (seen.has(node.parentId)) return false;
      seen.add(node.parentId);
    }
    return false;
  };
  const pathOf = (lang: SitemapLang, id: number): string | null => {
    const map = byLanguage.get(lang);
    const node = map?.get(id);
    if (!node) return null;
    const parent = node.parentId ? map?.get(node.parentId) : undefined;
    return parent ? `/c/${parent.alias}/${node.alias}` : `/c/${node.alias}`;
  };
  return order.flatMap((id): SitemapPage[] => {
    const path = inTree(storefront.lang, id) ? pathOf(storefront.lang, id) : null;
    if (!path) return [];
    const alternates = (["nb", "sv"] as const).flatMap((lang) => {
      const other = byLanguage.has(lang) ? pathOf(lang, id) : null;
      return other ? [{ lang, path: other }] : [];
    });
    return [{ path, alternates }];
  });
}

/** The brand pages (one statement): the same path in both languages. */
export async function brandPages(db: Database): Promise<SitemapPage[]> {
  const found = await rows<{ alias: string }>(
    db,
    sql`select alias from brands where active order by name, id`,
  );
  return found.map((b) => {
    const path = `/b/${b.alias}`;
    return {
      path,
      alternates: [
        { lang: "nb", path },
        { lang: "sv", path },
      ],
    };
  });
}

/** The campaign pages of a storefront (one statement): running now, with every translation's path. */
export async function campaignPages(
  db: Database,
  storefront: { lang: SitemapLang },
  now = new Date(),
): Promise<SitemapPage[]> {
  const languageId = SITEMAP_LANGS[storefront.lang].languageId;
  const moment = now.toISOString();
  const found = await rows<{ alias: string; translations: [string, string][] | string | null }>(
    db,
    sql`select t.alias,
          (select json_agg(json_build_array(a.language_id, a.alias) order by a.language_id)
           from campaign_translations a where a.campaign_id = dc.id) as translations
        from discount_campaigns dc
        join campaign_translations t on t.campaign_id = dc.id and t.language_id = ${languageId}
        where dc.active
          and (dc.starts_at is null or dc.starts_at <= ${moment}::timestamptz)
          and (dc.ends_at is null or dc.ends_at > ${moment}::timestamptz)
        order by dc.priority, dc.id`,
  );
  return found.map((r) => ({
    path: `/dc/${r.alias}`,
    alternates: (json<[string, string][]>(r.translations) ?? []).flatMap(([id, alias]) => {
      const lang = langOfId(id);
      return lang ? [{ lang, path: `/dc/${alias}` }] : [];
    }),
  }));
}

/** The storefront's own pages (home, news, brands, content list) and its published content pages. */
export async function contentPages(
  db: Database,
  storefront: { lang: SitemapLang },
  now = new Date(),
): Promise<SitemapPage[]> {
  const languageId = SITEMAP_LANGS[storefront.lang].languageId;
  const same = (path: string): SitemapPage => ({
    path,
    alternates: [
      { lang: "nb", path },
      { lang: "sv", path },
    ],
  });
  const brands = { nb: "/varemerker", sv: "/varumarken" } as const;
  const fixed: SitemapPage[] = [
    same("/"),
    same("/nyheter"),
    {
      path: brands[storefront.lang],
      alternates: [
        { lang: "nb", path: brands.nb },
        { lang: "sv", path: brands.sv },
      ],
    },
    same("/content"),
  ];
  const found = await rows<{
    alias: string;
    updated_at: string | Date;
    translations: [string, string][] | string | null;
  }>(
    db,
    sql`select t.alias, p.updated_at,
          (select json_agg(json_build_array(a.language_id, a.alias) order by a.language_id)
           from content_page_translations a where a.page_id = p.id) as translations
        from content_pages p
        join content_page_translations t on t.page_id = p.id and t.language_id = ${languageId}
        where p.active and p.published_at is not null and p.published_at <= ${now.toISOString()}::timestamptz
        order by p.id`,
  );
  return [
    ...fixed,
    ...found.map((r) => ({
      path: `/${r.alias}`,
      lastmod: r.updated_at,
      alternates: (json<[string, string][]>(r.translations) ?? []).flatMap(([id, alias]) => {
        const lang = langOfId(id);
        return lang ? [{ lang, path: `/${alias}` }] : [];
      }),
    })),
  ];
}

/** A storefront's pages of one kind, in batches (products) or at once (the rest). */
export async function* sitemapPages(
  db: Database,
  kind: SitemapKind,
  storefront: { lang: SitemapLang; market: string; allowedLangs: readonly SitemapLang[] },
  now = new Date(),
): AsyncGenerator<SitemapPage[]> {
  switch (kind) {
    case "products":
      yield* productPages(db, storefront, now);
      return;
    case "categories":
      yield await categoryPages(db, storefront);
      return;
    case "brands":
      yield await brandPages(db);
      return;
    case "campaigns":
      yield await campaignPages(db, storefront, now);
      return;
    case "pages":
      yield await contentPages(db, storefront, now);
      return;
  }
}
