import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { categoryTranslations, productQuestions, products, productTranslations } from "#db/schema/index.ts";
import type { Locale, ReferenceData } from "../reference.ts";
import { answeredQuestionsOf, type ProductRating } from "../reviews.ts";
import { type AlternateMarkets, alternateMarketsOf, hasPageIn, onSaleIn } from "./product-pages.ts";
import {
  type CampaignView,
  type PageRow,
  type ProductSummary,
  productUrl,
  type StockView,
  summaryOf,
} from "./summary.ts";

/**
 * One product as the product query shows it (product use case of the catalog): the product by its alias with what
 * its page asks besides the card (texts, URLs in every language, SKUs, its variant values, parameters) read in ONE
 * statement of JSON aggregates, and the same details for listed products (`withProductDetails`).
 */

export interface ProductDetail extends ProductSummary {
  texts: { text1: string | null; text2: string | null; text3: string | null };
  meta: { title: string | null; description: string | null };
  /**
   * The product's path in every language it has a page in, seen from this page (product-pages.ts, decision 0092),
   * for the language switch and hreflang.
   */
  alternativeUrls: { languageId: string; url: string }[];
  /**
   * What the statement that found the product read besides (only on `findProduct`'s answer, only the parts asked
   * for): the API's fields use it instead of their own statement.
   */
  preloaded?: ProductParts;
}

export interface SkuView {
  skuId: number;
  gtin: string | null;
  /** The stored name: a language-neutral key when the languages word the SKU differently ("1x55g"). */
  name: string;
  /** The SKU's variant value as each language words it ({"nb-NO": "1 stk. (55 g)"}), when it has one. */
  labels: Record<string, string> | null;
  productId: number;
  stock: StockView;
}

export interface ParameterGroupView {
  parameterGroupId: number;
  name: string;
  parameters: { name: string; value: string; show: boolean; identifier: string }[];
}

export interface VariantDimensionView {
  dimension: string;
  value: string;
  level: number;
  label: string;
}

/** The parts of a product page `findProduct` can read in its one statement. */
export interface ProductParts {
  skus?: SkuView[];
  /** The product's own (product-level) values in its variant group; [] outside a group. */
  variantDimensions?: VariantDimensionView[];
  parameterGroups?: ParameterGroupView[];
  row?: { trackingCode: string | null; primaryCategoryId: number | null };
  /** The active SKUs' ids only, in the order of `skus`: what a card's `skus { skuId }` shows (decision 0078). */
  skuIds?: number[];
  /** Running campaigns (price campaigns in the locale's market and listed campaign products), by priority. */
  campaigns?: CampaignView[];
  /**
   * What the API's alias lookup reads of a product (services/product-detail.ts `productIdsByAlias`): its own
   * rating and how many of its questions in the locale's language are answered, so that a page asking the product
   * and its reviews and questions by the same alias reads them with the product (decision 0095).
   */
  answered?: { rating: ProductRating; answeredQuestions: number };
}

export type ProductPart = keyof ProductParts;

/**
 * A product as a card of a page reads it (`findProducts` without details): the card's fields and the parts asked
 * for, without the texts, meta and paths in every language that a card does not show (decision 0078).
 */
export type ProductCard = ProductSummary & { preloaded: ProductParts };

export function stockOf(row: {
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
}): StockView {
  return {
    inStock: row.inStock,
    oversellable: row.oversellable,
    static: row.static,
    totalStock: row.inStock + row.oversellable + row.static,
    incoming: row.incoming,
  };
}

/** Parameter rows (in the groups' order, then the parameters') grouped by parameter group, named in the language. */
export function groupParameters(
  rows: {
    groupId: number;
    groupNames: Record<string, string>;
    identifier: string;
    name: string;
    value: string;
    show: boolean;
  }[],
  languageId: string,
): ParameterGroupView[] {
  const groups: ParameterGroupView[] = [];
  for (const r of rows) {
    let group = groups.at(-1);
    if (group?.parameterGroupId !== r.groupId) {
      group = {
        parameterGroupId: r.groupId,
        name: r.groupNames[languageId] ?? Object.values(r.groupNames)[0] ?? "",
        parameters: [],
      };
      groups.push(group);
    }
    group.parameters.push({ name: r.name, value: r.value, show: r.show, identifier: r.identifier });
  }
  return groups;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;

interface FoundRow
  extends Omit<
    PageRow,
    | "in_stock"
    | "oversellable"
    | "static"
    | "incoming"
    | "brand_name"
    | "brand_alias"
    | "category_name"
    | "category_alias"
  > {
  stock: [number, number, number, string | null] | string | null;
  brand: [string, string] | string | null;
  category: [string, string] | string | null;
  tracking_code: string | null;
  text1: string | null;
  text2: string | null;
  text3: string | null;
  meta_title: string | null;
  meta_description: string | null;
  translations: TranslationPath[] | string | null;
  skus: SkuJson[] | string | null;
  sku_ids: number[] | string | null;
  dimensions: DimensionJson[] | string | null;
  parameters: ParameterJson[] | string | null;
  campaigns: CampaignJson[] | string | null;
  answered: number | string | null;
}
interface CampaignJson {
  campaignId: number;
  hideTitle: boolean;
  discountType: string;
  languageId: string;
  name: string;
  alias: string;
  description: string | null;
}
/** A product's path in one language: its alias there and its primary category's. */
interface TranslationPath {
  languageId: string;
  alias: string;
  categoryAlias: string | null;
}
/** A product's texts in the request's language. */
interface OwnTexts {
  text1: string | null;
  text2: string | null;
  text3: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}
interface SkuJson {
  skuId: number;
  gtin: string | null;
  name: string;
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
  labels: Record<string, string> | null;
}
interface DimensionJson {
  level: number;
  dimension: string;
  value: string;
  label: Record<string, string>;
}
interface ParameterJson {
  groupId: number;
  groupNames: Record<string, string>;
  identifier: string;
  name: string;
  value: string;
  show: boolean;
}

/**
 * One product by its alias in the locale's language; null when there is no such (active, priced) product. ONE
 * statement: the card fields (as lists read them: the card price of the window in effect, stock sums, images,
 * brand and category), texts and the path in every language, and the `parts` asked for, each a JSON aggregate.
 */
export async function findProduct(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  alias: string,
  now = new Date(),
  parts: ReadonlySet<ProductPart> = new Set(),
): Promise<ProductDetail | null> {
  const lang = locale.language.id;
  const [found] = await readRows(
    db,
    locale,
    sql`pt.language_id = ${lang} and pt.alias = ${alias}`,
    now,
    parts,
    alternateMarketsOf(ref, locale),
    1,
  );
  return found ? detailOfRow(ref, locale, now, parts, found) : null;
}

/**
 * Products by id as the product query shows them (the related and recommended cards of a page), each with the
 * `parts` asked for: the same ONE statement as `findProduct`, whatever the number of ids (the list path took four:
 * the list index's version read, the card page, the translations and then the SKUs). Ids that are not active and
 * priced in the locale's market now are left out. Without `details` (cards that show no texts, meta or other
 * languages' paths) the statement reads none of them and the products are ProductCards.
 */
export async function findProducts(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  ids: readonly number[],
  now = new Date(),
  parts: ReadonlySet<ProductPart> = new Set(),
  details = true,
): Promise<Map<number, ProductDetail | ProductCard>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && Math.abs(id) < 2 ** 31))];
  if (!wanted.length) return new Map();
  const found = await readRows(
    db,
    locale,
    sql`pt.language_id = ${locale.language.id} and pt.product_id = any(${`{${wanted.join(",")}}`}::int[])`,
    now,
    parts,
    details ? alternateMarketsOf(ref, locale) : null,
  );
  return new Map(
    found.map((row) => {
      const product = details
        ? detailOfRow(ref, locale, now, parts, row)
        : cardOfRow(ref, locale, now, parts, row);
      return [product.productId, product];
    }),
  );
}

/**
 * The rows of the products of `where` (over product_translations pt in the locale's language) that have a page in
 * the locale (product-pages.ts: active, on sale in the market now), in one statement; with `details` (each
 * language's market), the texts and meta in the locale's language and the paths in the languages the product has
 * a page in (decision 0092).
 */
async function readRows(
  db: Database,
  locale: Locale,
  where: SQL,
  now: Date,
  parts: ReadonlySet<ProductPart>,
  details: AlternateMarkets | null,
  limit?: number,
): Promise<FoundRow[]> {
  const lang = locale.language.id;
  const moment = now.toISOString();
  const none = sql`null`;
  const skus = parts.has("skus")
    ? sql`(select json_agg(json_build_object('skuId', s.id, 'gtin', s.gtin, 'name', s.name, 'inStock', s.in_stock,
             'oversellable', s.oversellable, 'static', s.static, 'incoming', s.incoming,
             'labels', (select vv.label from variant_values vv where vv.sku_id = s.id order by vv.level desc limit 1))
             order by s.sort_order, s.id)
           from skus s where s.product_id = p.id and s.active)`
    : none;
  const skuIds = parts.has("skuIds")
    ? sql`(select json_agg(s.id order by s.sort_order, s.id) from skus s where s.product_id = p.id and s.active)`
    : none;
  // As the variant tree reads them: the product's values without a SKU, the last by (sort order, id) per level.
  const dimensions = parts.has("variantDimensions")
    ? sql`(select json_agg(json_build_object('level', vv.level, 'dimension', vv.dimension, 'value', vv.value,
             'label', vv.label) order by vv.level, vv.sort_order, vv.id)
           from variant_values vv join variant_groups g on g.id = p.variant_group_id
           where vv.product_id = p.id and vv.sku_id is null)`
    : none;
  const parameters = parts.has("parameterGroups")
    ? sql`(select json_agg(json_build_object('groupId', pp.group_id, 'groupNames', pg.names,
             'identifier', pp.identifier, 'name', pp.name, 'value', pp.value, 'show', pp.show)
             order by pg.sort_order, pg.id, pp.sort_order, pp.id)
           from product_parameters pp join parameter_groups pg on pg.id = pp.group_id
           where pp.product_id = p.id and pp.language_id = ${lang})`
    : none;
  // As loadCampaigns reads them: listed campaign products and the market's price campaigns, running now, each
  // campaign's translations in language order.
  const campaigns = parts.has("campaigns")
    ? sql`(select json_agg(json_build_object('campaignId', dc.id, 'hideTitle', dc.hide_title,
             'discountType', dc.discount_type, 'languageId', ct.language_id, 'name', ct.name, 'alias', ct.alias,
             'description', ct.description) order by dc.priority, dc.id, ct.language_id)
           from (select cp.campaign_id from campaign_products cp where cp.product_id = p.id
                 union
                 select pr.campaign_id from prices pr join skus s on s.id = pr.sku_id
                 where s.product_id = p.id and pr.market_alias = ${locale.market.alias}
                   and pr.campaign_id is not null) x
           join discount_campaigns dc on dc.id = x.campaign_id and dc.active
             and (dc.starts_at is null or dc.starts_at <= ${moment}::timestamptz)
             and (dc.ends_at is null or dc.ends_at > ${moment}::timestamptz)
           join campaign_translations ct on ct.campaign_id = dc.id)`
    : none;
  const answered = parts.has("answered")
    ? sql`(select count(*) from ${productQuestions} where ${answeredQuestionsOf(sql`p.id`, lang)})`
    : none;
  const detailColumns = details
    ? sql`pt.text1, pt.text2, pt.text3, pt.meta_title, pt.meta_description,
           (select json_agg(json_build_object('languageId', t.language_id, 'alias', t.alias,
                    'categoryAlias', tc.alias) order by t.language_id)
            from product_translations t
            left join category_translations tc on tc.category_id = p.primary_category_id
              and tc.language_id = t.language_id
            where t.product_id = p.id and ${hasPageIn(sql`p.id`, sql`t.language_id`, details, moment)}) as translations`
    : sql`null as translations`;
  // Three relations in the FROM and the rest as scalar subqueries: on PGlite planning a join of many relations
  // costs far more than running it (16 ms against 0.4 ms for an eight-relation form of this statement).
  // The texts are the request language's only, read from pt itself: every language's are not read, copied into
  // JSON and parsed to be dropped (the related and recommended cards of a page read them too).
  // `translations` is what the paths in every language need (decision 0078).
  const result = (await db.execute(sql`
    select p.id, p.article_number, p.type, p.product_class, p.created_at, p.rating_score, p.vote_count,
           p.brand_id, p.primary_category_id, p.tracking_code, pt.name, pt.alias, lp.currency_code, lp.selling_minor,
           lp.lowest_minor, lp.discount_percent,
           (select json_build_array(coalesce(sum(s.in_stock), 0), coalesce(sum(s.oversellable), 0),
                                    coalesce(sum(s.static), 0), min(s.incoming)::text)
            from skus s where s.product_id = p.id and s.active) as stock,
           (select coalesce(json_agg(json_build_object('fileName', i.file_name, 'tags', i.tags,
                                                       'altText', i.alt ->> ${lang})
                                     order by i.sort_order, i.id), '[]'::json)
            from product_images i where i.product_id = p.id) as images,
           (select json_build_array(b.name, b.alias) from brands b where b.id = p.brand_id) as brand,
           (select json_build_array(ct.name, ct.alias) from category_translations ct
            where ct.category_id = p.primary_category_id and ct.language_id = ${lang}) as category,
           (select parent.alias from categories c join category_translations parent
              on parent.category_id = c.parent_id and parent.language_id = ${lang}
            where c.id = p.primary_category_id) as parent_alias,
           ${detailColumns},
           ${skus} as skus, ${skuIds} as sku_ids, ${dimensions} as dimensions, ${parameters} as parameters, ${campaigns} as campaigns,
           ${answered} as answered
    from product_translations pt
    join products p on p.id = pt.product_id and p.active
    join product_list_prices lp on ${onSaleIn("lp", sql`p.id`, locale.market.alias, moment)}
    where ${where}
    order by p.id${limit === undefined ? sql`` : sql` limit ${limit}`}`)) as unknown as
    | { rows?: FoundRow[] }
    | FoundRow[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A row as a card: the summary and the parts read (no texts, meta or paths in other languages). */
function cardOfRow(
  ref: ReferenceData,
  locale: Locale,
  now: Date,
  parts: ReadonlySet<ProductPart>,
  found: FoundRow,
): ProductCard {
  const lang = locale.language.id;
  const [inStock, oversellable, stat, incoming] = json<[number, number, number, string | null]>(
    found.stock,
  ) ?? [0, 0, 0, null];
  const brand = json<[string, string]>(found.brand);
  const category = json<[string, string]>(found.category);
  const row: PageRow & FoundRow = {
    ...found,
    in_stock: Number(inStock),
    oversellable: Number(oversellable),
    static: Number(stat),
    incoming,
    brand_name: brand?.[0] ?? null,
    brand_alias: brand?.[1] ?? null,
    category_name: category?.[0] ?? null,
    category_alias: category?.[1] ?? null,
  };
  const summary = summaryOf(ref, locale, now, row);
  const preloaded: ProductParts = {};
  if (parts.has("skus"))
    preloaded.skus = (json<SkuJson[]>(row.skus) ?? []).map((s) => ({
      skuId: s.skuId,
      gtin: s.gtin,
      name: s.name,
      labels: s.labels,
      productId: row.id,
      stock: stockOf(s),
    }));
  if (parts.has("variantDimensions")) {
    const byLevel = new Map<number, VariantDimensionView>();
    for (const d of json<DimensionJson[]>(row.dimensions) ?? [])
      byLevel.set(d.level, {
        dimension: d.dimension,
        value: d.value,
        level: d.level,
        label: d.label[lang] ?? d.value,
      });
    preloaded.variantDimensions = [...byLevel.values()].sort((a, b) => a.level - b.level);
  }
  if (parts.has("parameterGroups"))
    preloaded.parameterGroups = groupParameters(json<ParameterJson[]>(row.parameters) ?? [], lang);
  if (parts.has("campaigns")) {
    const all = json<CampaignJson[]>(row.campaigns) ?? [];
    preloaded.campaigns = all
      .filter((c) => c.languageId === lang)
      .map((c) => ({
        campaignId: c.campaignId,
        name: c.name,
        alias: c.alias,
        hideTitle: c.hideTitle,
        discountType: c.discountType,
        description: c.description,
        canonicalUrl: `/dc/${c.alias}`,
        alternativeUrls: all
          .filter((x) => x.campaignId === c.campaignId)
          .map((x) => ({ languageId: x.languageId, url: `/dc/${x.alias}` })),
      }));
  }
  if (parts.has("row"))
    preloaded.row = { trackingCode: row.tracking_code, primaryCategoryId: row.primary_category_id };
  if (parts.has("skuIds")) preloaded.skuIds = json<number[]>(row.sku_ids) ?? [];
  if (parts.has("answered"))
    preloaded.answered = {
      rating: { score: row.rating_score, votes: row.vote_count },
      answeredQuestions: Number(row.answered ?? 0),
    };
  return { ...summary, preloaded };
}

/** A row read with its details as the product query shows it: the card, texts, meta and every language's path. */
function detailOfRow(
  ref: ReferenceData,
  locale: Locale,
  now: Date,
  parts: ReadonlySet<ProductPart>,
  found: FoundRow,
): ProductDetail {
  const { preloaded, ...summary } = cardOfRow(ref, locale, now, parts, found);
  const own: OwnTexts = {
    text1: found.text1,
    text2: found.text2,
    text3: found.text3,
    metaTitle: found.meta_title,
    metaDescription: found.meta_description,
  };
  const translations = json<TranslationPath[]>(found.translations) ?? [];
  return { ...detailOf(summary, translations, own), preloaded };
}

function detailOf(product: ProductSummary, all: TranslationPath[], own: OwnTexts | undefined): ProductDetail {
  return {
    ...product,
    texts: { text1: own?.text1 ?? null, text2: own?.text2 ?? null, text3: own?.text3 ?? null },
    meta: { title: own?.metaTitle ?? null, description: own?.metaDescription ?? null },
    alternativeUrls: all.map((t) => ({
      languageId: t.languageId,
      url: productUrl(product.type, t.categoryAlias, t.alias),
    })),
  };
}

/**
 * Listed products (on sale in the locale's market at `now`) with what the product query adds: texts and meta in
 * the locale's language and the product's path in every language it has a page in (in language order, decision
 * 0092). One statement whatever the number of products.
 */
export async function withProductDetails(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  found: ProductSummary[],
  now = new Date(),
): Promise<ProductDetail[]> {
  if (!found.length) return [];
  const markets = alternateMarketsOf(ref, locale);
  const translations = await db
    .select({
      productId: productTranslations.productId,
      languageId: productTranslations.languageId,
      alias: productTranslations.alias,
      text1: productTranslations.text1,
      text2: productTranslations.text2,
      text3: productTranslations.text3,
      metaTitle: productTranslations.metaTitle,
      metaDescription: productTranslations.metaDescription,
      categoryAlias: categoryTranslations.alias,
    })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .leftJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, products.primaryCategoryId),
        eq(categoryTranslations.languageId, productTranslations.languageId),
      ),
    )
    .where(
      and(
        inArray(
          productTranslations.productId,
          found.map((p) => p.productId),
        ),
        hasPageIn(
          sql`${productTranslations.productId}`,
          sql`${productTranslations.languageId}`,
          markets,
          now.toISOString(),
        ),
      ),
    )
    .orderBy(asc(productTranslations.productId), asc(productTranslations.languageId));
  return found.map((product) => {
    const all = translations.filter((t) => t.productId === product.productId);
    return detailOf(
      product,
      all,
      all.find((t) => t.languageId === locale.language.id),
    );
  });
}
