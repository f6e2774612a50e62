import { and, asc, eq, gt, inArray, isNull, lte, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  campaignProducts,
  campaignTranslations,
  categoryTranslations,
  discountCampaigns,
  packageGroups,
  packageOptions,
  parameterGroups,
  prices,
  productCategories,
  productParameters,
  productQuestions,
  products,
  productTranslations,
  relatedProducts,
  skus,
  urlHistory,
  variantGroups,
  variantValues,
} from "#db/schema/index.ts";
import { cheapestPrices, type PriceChange, priceAt } from "#domain/prices.ts";
import { type ProductClass, vatRateFor } from "#domain/vat.ts";
import { type CategoryNodeView, categoryTree } from "./catalog/categories.ts";
import { listProducts } from "./catalog/lists.ts";
import {
  groupParameters,
  type ParameterGroupView,
  type ProductDetail,
  type SkuView,
  stockOf,
  type VariantDimensionView,
  withProductDetails,
} from "./catalog/product.ts";
import { type CampaignView, productUrl, type StockView } from "./catalog/summary.ts";
import { skuAppliedPrices, skuHistorySql, skuRegularPrices } from "./price-history.ts";
import { keptWith, type Locale, type ReferenceData } from "./reference.ts";
import { answeredQuestionsOf, type ProductRating } from "./reviews.ts";

export type { ParameterGroupView, SkuView, VariantDimensionView } from "./catalog/product.ts";

/**
 * The product page's extras (spec §3): SKUs, parameter groups, the variant tree, campaigns, packages, price log,
 * breadcrumbs, related products and old URLs. Every `load…` takes many products and runs one statement, so the
 * API batches a field over a whole list into a fixed number of statements.
 */

/** A SKU's name for a shopper in a language: its variant label there, else its stored name. */
export function skuName(sku: Pick<SkuView, "name" | "labels">, languageId: string): string {
  return sku.labels?.[languageId] ?? sku.name;
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

/** Active SKUs of each product with their stock and their variant labels, in merchandised order. One statement. */
export async function loadSkus(db: Database, productIds: number[]): Promise<Map<number, SkuView[]>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      skuId: skus.id,
      gtin: skus.gtin,
      name: skus.name,
      productId: skus.productId,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
      labels: sql<Record<string, string> | null>`(select vv.label from variant_values vv
        where vv.sku_id = "skus"."id" order by vv.level desc limit 1)`,
    })
    .from(skus)
    .where(and(inArray(skus.productId, productIds), eq(skus.active, true)))
    .orderBy(asc(skus.productId), asc(skus.sortOrder), asc(skus.id));
  const byProduct = groupBy(
    rows.map((r) => ({
      skuId: r.skuId,
      gtin: r.gtin,
      name: r.name,
      labels: typeof r.labels === "string" ? (JSON.parse(r.labels) as Record<string, string>) : r.labels,
      productId: r.productId,
      stock: stockOf(r),
    })),
    (s) => s.productId,
  );
  return new Map(productIds.map((id) => [id, byProduct.get(id) ?? []]));
}

/**
 * Parameters in the language, grouped by parameter group in the groups' order (group 1 holds Color; nutrition
 * rows have identifiers `nutrition-*`). One statement.
 */
export async function loadParameterGroups(
  db: Database,
  languageId: string,
  productIds: number[],
): Promise<Map<number, ParameterGroupView[]>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      productId: productParameters.productId,
      groupId: productParameters.groupId,
      groupNames: parameterGroups.names,
      identifier: productParameters.identifier,
      name: productParameters.name,
      value: productParameters.value,
      show: productParameters.show,
    })
    .from(productParameters)
    .innerJoin(parameterGroups, eq(parameterGroups.id, productParameters.groupId))
    .where(
      and(inArray(productParameters.productId, productIds), eq(productParameters.languageId, languageId)),
    )
    .orderBy(
      asc(productParameters.productId),
      asc(parameterGroups.sortOrder),
      asc(parameterGroups.id),
      asc(productParameters.sortOrder),
      asc(productParameters.id),
    );
  const byProduct = groupBy(rows, (r) => r.productId);
  return new Map(productIds.map((id) => [id, groupParameters(byProduct.get(id) ?? [], languageId)]));
}

export interface VariantView {
  alias: string;
  level: number;
  dimension: string;
  value: string;
  label: string;
  /** The dimension values of the product (and on the last level the SKU) the variant leads to. */
  attributes: { key: string; value: string }[];
  productId: number;
  canonicalUrl: string;
  primaryImage: string | null;
  skuId: number | null;
  stock: StockView | null;
  variants: VariantView[];
}

export interface ProductVariants {
  /** The product's own place in its group: its product-level dimension values. */
  dimensions: VariantDimensionView[];
  /** The group's tree as seen from this product; null when the product is in no variant group. */
  group: { variants: VariantView[] } | null;
}

interface Member {
  productId: number;
  alias: string;
  canonicalUrl: string;
  primaryImage: string | null;
  /** Product-level values by level. */
  values: Map<number, { dimension: string; value: string; label: string; sortOrder: number }>;
  skus: {
    skuId: number;
    level: number;
    dimension: string;
    value: string;
    label: string;
    sortOrder: number;
    stock: StockView;
  }[];
}

type VariantGroup = { dimensions: string[]; members: Map<number, Member> };

/** The most products whose variant group one reference copy keeps (decision 0074); beyond it the copy starts over. */
const KEPT_VARIANT_PRODUCTS = 5000;

/**
 * Each product's variant dimensions and its group's variant tree (e.g. Fit → Color → Size), built from every
 * buyable product of the same groups: active, translated into the language and priced in the market. One statement;
 * none when `ref` (the request's reference copy) has read the product's group already, for this product or for
 * another of its group (decision 0074: every table read here marks the catalog version at commit, migration 0010,
 * so a newer version's reference copy reads them anew; nothing here depends on the clock).
 */
export async function loadVariants(
  db: Database,
  locale: Locale,
  productIds: number[],
  ref?: ReferenceData,
): Promise<Map<number, ProductVariants>> {
  if (!productIds.length) return new Map();
  const kept = ref
    ? await keptWith(
        ref,
        `variants|${locale.language.id}|${locale.market.alias}`,
        async () => new Map<number, VariantGroup | null>(),
      )
    : undefined;
  const groupFor = new Map<number, VariantGroup | null>();
  const missing: number[] = [];
  for (const id of productIds) {
    const group = kept?.get(id);
    if (group === undefined) missing.push(id);
    else groupFor.set(id, group);
  }
  if (missing.length) {
    const read = await readVariantGroups(db, locale, missing);
    if (kept && kept.size > KEPT_VARIANT_PRODUCTS) kept.clear();
    for (const id of missing) {
      const groupId = read.groupOf.get(id);
      const group = groupId === undefined ? undefined : read.groups.get(groupId);
      groupFor.set(id, group?.members.has(id) ? group : null);
      kept?.set(id, groupFor.get(id) ?? null);
    }
    // Every member of a group read is a product whose own read would give the same group.
    if (kept)
      for (const group of read.groups.values()) for (const id of group.members.keys()) kept.set(id, group);
  }
  const out = new Map<number, ProductVariants>();
  for (const productId of productIds) {
    const group = groupFor.get(productId);
    const self = group?.members.get(productId);
    if (!group || !self) {
      out.set(productId, { dimensions: [], group: null });
      continue;
    }
    out.set(productId, {
      dimensions: [...self.values.entries()]
        .sort(([a], [b]) => a - b)
        .map(([level, v]) => ({ dimension: v.dimension, value: v.value, level, label: v.label })),
      group: { variants: variantLevel(group.dimensions.length, 0, [...group.members.values()], self) },
    });
  }
  return out;
}

/** The variant groups of these products with every buyable member (one statement), and each member's group. */
async function readVariantGroups(db: Database, locale: Locale, productIds: number[]) {
  const lang = locale.language.id;
  const groupIds = db
    .select({ id: products.variantGroupId })
    .from(products)
    .where(inArray(products.id, productIds));
  const rows = await db
    .select({
      groupId: variantGroups.id,
      dimensions: variantGroups.dimensions,
      productId: products.id,
      type: products.type,
      alias: productTranslations.alias,
      categoryAlias: categoryTranslations.alias,
      primaryImage: sql<
        string | null
      >`(select i.file_name from product_images i where i.product_id = ${products.id} order by i.sort_order, i.id limit 1)`,
      skuId: variantValues.skuId,
      level: variantValues.level,
      dimension: variantValues.dimension,
      value: variantValues.value,
      label: variantValues.label,
      sortOrder: variantValues.sortOrder,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
    })
    .from(products)
    .innerJoin(variantGroups, eq(variantGroups.id, products.variantGroupId))
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, lang)),
    )
    .leftJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, products.primaryCategoryId),
        eq(categoryTranslations.languageId, lang),
      ),
    )
    .innerJoin(variantValues, eq(variantValues.productId, products.id))
    .leftJoin(skus, eq(skus.id, variantValues.skuId))
    .where(
      and(
        inArray(products.variantGroupId, groupIds),
        eq(products.active, true),
        or(isNull(variantValues.skuId), eq(skus.active, true)),
        sql`exists (select 1 from skus s2 join prices p2 on p2.sku_id = s2.id and p2.market_alias = ${locale.market.alias} where s2.product_id = ${products.id} and s2.active)`,
      ),
    )
    .orderBy(asc(products.id), asc(variantValues.level), asc(variantValues.sortOrder), asc(variantValues.id));

  const groups = new Map<number, VariantGroup>();
  const groupOf = new Map<number, number>();
  for (const r of rows) {
    let group = groups.get(r.groupId);
    if (!group) {
      group = { dimensions: r.dimensions, members: new Map() };
      groups.set(r.groupId, group);
    }
    groupOf.set(r.productId, r.groupId);
    let member = group.members.get(r.productId);
    if (!member) {
      member = {
        productId: r.productId,
        alias: r.alias,
        canonicalUrl: productUrl(r.type, r.categoryAlias, r.alias),
        primaryImage: r.primaryImage,
        values: new Map(),
        skus: [],
      };
      group.members.set(r.productId, member);
    }
    const label = r.label[lang] ?? r.value;
    if (r.skuId === null) {
      member.values.set(r.level, { dimension: r.dimension, value: r.value, label, sortOrder: r.sortOrder });
    } else if (r.inStock !== null && r.oversellable !== null && r.static !== null) {
      member.skus.push({
        skuId: r.skuId,
        level: r.level,
        dimension: r.dimension,
        value: r.value,
        label,
        sortOrder: r.sortOrder,
        stock: stockOf({
          inStock: r.inStock,
          oversellable: r.oversellable,
          static: r.static,
          incoming: r.incoming,
        }),
      });
    }
  }

  return { groups, groupOf };
}

/**
 * One level of the tree: the distinct values of `level` among `members` (the products matching the levels
 * above). A product-level variant leads to the member that keeps most of the current product's lower values
 * (choosing another fit keeps the colour when it exists); the SKU level lists the chosen product's SKUs.
 */
function variantLevel(depth: number, level: number, members: Member[], self: Member): VariantView[] {
  if (level >= depth || members.length === 0) return [];
  const productLevel = members.some((m) => m.values.has(level));
  if (!productLevel) {
    const target = members.find((m) => m.productId === self.productId) ?? (members[0] as Member);
    return [...target.skus]
      .filter((s) => s.level === level)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((s) => ({
        alias: target.alias,
        level,
        dimension: s.dimension,
        value: s.value,
        label: s.label,
        attributes: [...attributesOf(target), { key: s.dimension, value: s.value }],
        productId: target.productId,
        canonicalUrl: target.canonicalUrl,
        primaryImage: target.primaryImage,
        skuId: s.skuId,
        stock: s.stock,
        variants: [],
      }));
  }
  const byValue = new Map<string, Member[]>();
  for (const m of members) {
    const v = m.values.get(level);
    if (!v) continue;
    const list = byValue.get(v.value);
    if (list) list.push(m);
    else byValue.set(v.value, [m]);
  }
  return [...byValue.values()].map((matching) => {
    const target = bestMatch(matching, self, level);
    const v = target.values.get(level) as NonNullable<ReturnType<Member["values"]["get"]>>;
    return {
      alias: target.alias,
      level,
      dimension: v.dimension,
      value: v.value,
      label: v.label,
      attributes: attributesOf(target),
      productId: target.productId,
      canonicalUrl: target.canonicalUrl,
      primaryImage: target.primaryImage,
      skuId: null,
      stock: null,
      variants: variantLevel(depth, level + 1, matching, self),
    };
  });
}

function attributesOf(member: Member) {
  return [...member.values.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, v]) => ({ key: v.dimension, value: v.value }));
}

/** The current product itself, else the member sharing its values on the most levels below `level` (higher levels first). */
function bestMatch(candidates: Member[], self: Member, level: number): Member {
  const selfMatch = candidates.find((m) => m.productId === self.productId);
  if (selfMatch) return selfMatch;
  let best = candidates[0] as Member;
  let bestScore = -1;
  for (const m of candidates) {
    let score = 0;
    for (const [l, v] of self.values) {
      if (l > level && m.values.get(l)?.value === v.value) score += 2 ** (16 - l);
    }
    if (score > bestScore) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}

/** Running campaigns of each product (price campaigns in the locale's market and listed campaign products). */
export async function loadCampaigns(
  db: Database,
  locale: Locale,
  productIds: number[],
  now = new Date(),
): Promise<Map<number, CampaignView[]>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      productId: sql<number>`x.product_id`.mapWith(Number),
      campaignId: discountCampaigns.id,
      hideTitle: discountCampaigns.hideTitle,
      discountType: discountCampaigns.discountType,
      languageId: campaignTranslations.languageId,
      name: campaignTranslations.name,
      alias: campaignTranslations.alias,
      description: campaignTranslations.description,
    })
    .from(
      sql`(select ${campaignProducts.productId} as product_id, ${campaignProducts.campaignId} as campaign_id from ${campaignProducts} where ${inArray(campaignProducts.productId, productIds)}
           union
           select ${skus.productId}, ${prices.campaignId} from ${prices} join ${skus} on ${skus.id} = ${prices.skuId}
           where ${inArray(skus.productId, productIds)} and ${prices.marketAlias} = ${locale.market.alias} and ${prices.campaignId} is not null) x`,
    )
    .innerJoin(discountCampaigns, sql`${discountCampaigns.id} = x.campaign_id`)
    .innerJoin(campaignTranslations, eq(campaignTranslations.campaignId, discountCampaigns.id))
    .where(
      and(
        eq(discountCampaigns.active, true),
        or(isNull(discountCampaigns.startsAt), lte(discountCampaigns.startsAt, now)),
        or(isNull(discountCampaigns.endsAt), gt(discountCampaigns.endsAt, now)),
      ),
    )
    // Alternative URLs in language order (as findProduct's campaigns part reads them).
    .orderBy(
      asc(discountCampaigns.priority),
      asc(discountCampaigns.id),
      asc(campaignTranslations.languageId),
    );
  const out = new Map<number, CampaignView[]>(productIds.map((id) => [id, []]));
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    out.get(r.productId)?.push({
      campaignId: r.campaignId,
      name: r.name,
      alias: r.alias,
      hideTitle: r.hideTitle,
      discountType: r.discountType,
      description: r.description,
      canonicalUrl: `/dc/${r.alias}`,
      alternativeUrls: rows
        .filter((x) => x.campaignId === r.campaignId && x.productId === r.productId)
        .map((x) => ({ languageId: x.languageId, url: `/dc/${x.alias}` })),
    });
  }
  return out;
}

export interface PackageView {
  packageId: number;
  groups: {
    groupId: number;
    name: string;
    description: string | null;
    image: string | null;
    required: boolean;
    sortOrder: number;
    options: {
      optionId: number;
      productId: number;
      quantity: number;
      isSelected: boolean;
      sortOrder: number;
    }[];
  }[];
}

/** The groups and options of package products (null for products that are no package). One statement. */
export async function loadPackages(
  db: Database,
  languageId: string,
  productIds: number[],
): Promise<Map<number, PackageView | null>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      packageId: packageGroups.packageProductId,
      groupId: packageGroups.id,
      names: packageGroups.names,
      descriptions: packageGroups.descriptions,
      image: packageGroups.image,
      required: packageGroups.required,
      groupSort: packageGroups.sortOrder,
      optionId: packageOptions.id,
      productId: packageOptions.productId,
      quantity: packageOptions.quantity,
      isSelected: packageOptions.isSelected,
      optionSort: packageOptions.sortOrder,
    })
    .from(packageGroups)
    .leftJoin(packageOptions, eq(packageOptions.groupId, packageGroups.id))
    .where(inArray(packageGroups.packageProductId, productIds))
    .orderBy(
      asc(packageGroups.packageProductId),
      asc(packageGroups.sortOrder),
      asc(packageGroups.id),
      asc(packageOptions.sortOrder),
      asc(packageOptions.id),
    );
  const out = new Map<number, PackageView | null>(productIds.map((id) => [id, null]));
  for (const r of rows) {
    let pkg = out.get(r.packageId);
    if (!pkg) {
      pkg = { packageId: r.packageId, groups: [] };
      out.set(r.packageId, pkg);
    }
    let group = pkg.groups.at(-1);
    if (group?.groupId !== r.groupId) {
      group = {
        groupId: r.groupId,
        name: r.names[languageId] ?? "",
        description: r.descriptions[languageId] ?? null,
        image: r.image,
        required: r.required,
        sortOrder: r.groupSort,
        options: [],
      };
      pkg.groups.push(group);
    }
    if (r.optionId !== null && r.productId !== null && r.quantity !== null && r.isSelected !== null) {
      group.options.push({
        optionId: r.optionId,
        productId: r.productId,
        quantity: r.quantity,
        isSelected: r.isSelected,
        sortOrder: r.optionSort ?? 0,
      });
    }
  }
  return out;
}

/** Columns of products that the list does not carry. One statement. */
export async function loadProductRows(
  db: Database,
  productIds: number[],
): Promise<Map<number, { trackingCode: string | null; primaryCategoryId: number | null }>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      id: products.id,
      trackingCode: products.trackingCode,
      primaryCategoryId: products.primaryCategoryId,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(
    rows.map((r) => [r.id, { trackingCode: r.trackingCode, primaryCategoryId: r.primaryCategoryId }]),
  );
}

/** The category path of a category (root first), from the flattened tree (read once per request). */
export function categoryPath(list: CategoryNodeView[], categoryId: number): CategoryNodeView[] {
  const all = new Map(list.map((c) => [c.categoryId, c]));
  const path: CategoryNodeView[] = [];
  for (let node = all.get(categoryId); node; ) {
    path.unshift(node);
    if (path.length > 20) break;
    node = node.parentCategoryId ? all.get(node.parentCategoryId) : undefined;
  }
  return path;
}

export { categoryTree };

/**
 * Products by id as the product query shows them (texts, meta, URLs in each language), in the order of `ids`;
 * ids that are not buyable in the locale are left out. Three statements whatever the number of ids.
 */
export async function loadProductDetails(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  ids: number[],
): Promise<Map<number, ProductDetail>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { products: found } = await listProducts(db, ref, locale, {
    skip: 0,
    take: unique.length,
    sort: "LATEST",
    productIds: unique,
  });
  const details = await withProductDetails(db, ref, locale, found);
  return new Map(details.map((detail) => [detail.productId, detail]));
}

/** The id of the active product with this alias in the language, or null. One statement. */
export async function productIdByAlias(
  db: Database,
  languageId: string,
  alias: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(
      and(
        eq(productTranslations.languageId, languageId),
        eq(productTranslations.alias, alias),
        eq(products.active, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * An active product an alias names: its id, its rating (products.rating_score and vote_count) and how many of its
 * questions in the lookup's language are answered (decision 0074).
 */
export interface ProductByAlias {
  id: number;
  rating: ProductRating;
  answeredQuestions: number;
}

/** The price history's select: the active SKUs `which` picks with their price in the market and history. */
function priceHistoryRows(db: Database, market: string | Placeholder, from: Date | Placeholder, which: SQL) {
  return db
    .select({
      productId: skus.productId,
      productClass: products.productClass,
      currency: prices.currencyCode,
      regular: prices.regularMinor,
      selling: prices.sellingMinor,
      history: skuHistorySql(prices, from),
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, market)))
    .where(and(which, eq(skus.active, true)))
    .orderBy(asc(skus.productId), asc(skus.id));
}

function priceHistoryStatement(db: Database) {
  return priceHistoryRows(
    db,
    sql.placeholder("market"),
    sql.placeholder("from"),
    eq(skus.productId, sql.placeholder("productId")),
  ).prepare("product_price_history");
}

/** The alias lookup's select over product_translations and products, for the aliases `which` picks. */
function aliasLookup(db: Database, languageId: string | Placeholder, which: SQL | undefined) {
  return db
    .select({
      alias: productTranslations.alias,
      id: products.id,
      score: products.ratingScore,
      votes: products.voteCount,
      answered:
        sql<number>`(select count(*) from ${productQuestions} where ${answeredQuestionsOf(products.id, languageId)})`.mapWith(
          Number,
        ),
    })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(and(eq(productTranslations.languageId, languageId), which, eq(products.active, true)))
    .orderBy(asc(productTranslations.alias), asc(products.id));
}

/**
 * A product page's statements built once per database handle with their inputs as placeholders, as the
 * recommendations' are (decision 0077): a query builder makes its SQL anew on every call (decision 0078).
 */
function statementsOf(db: Database) {
  let built = statements.get(db);
  if (!built) {
    built = {
      aliasLookup: aliasLookupStatement(db),
      related: relatedStatement(db),
      priceHistory: priceHistoryStatement(db),
    };
    statements.set(db, built);
  }
  return built;
}
const statements = new WeakMap<
  Database,
  {
    aliasLookup: ReturnType<typeof aliasLookupStatement>;
    related: ReturnType<typeof relatedStatement>;
    priceHistory: ReturnType<typeof priceHistoryStatement>;
  }
>();

function aliasLookupStatement(db: Database) {
  return aliasLookup(
    db,
    sql.placeholder("languageId"),
    eq(productTranslations.alias, sql.placeholder("alias")),
  ).prepare("product_alias_lookup");
}

function relatedStatement(db: Database) {
  return db
    .select({ id: relatedProducts.relatedProductId, relation: relatedProducts.relation })
    .from(relatedProducts)
    .where(eq(relatedProducts.productId, sql.placeholder("productId")))
    .orderBy(asc(relatedProducts.sortOrder), asc(relatedProducts.relatedProductId))
    .prepare("product_related");
}

/**
 * The active products with these aliases in the language (alias → id and rating; unknown aliases are absent).
 * One statement for any number of aliases: the API batches the alias lookups of one request through it. The
 * rating comes with the row the lookup reads anyway, and the answered questions' count (listQuestions' condition)
 * with it, so a page's reviews and questions need not read them again (listReviews, listQuestions).
 */
export async function productIdsByAlias(
  db: Database,
  languageId: string,
  aliases: readonly string[],
): Promise<Map<string, ProductByAlias>> {
  if (aliases.length === 0) return new Map();
  const unique = [...new Set(aliases)];
  // A page asks one alias (its product, related and recommended, batched): that statement is built once.
  const rows =
    unique.length === 1
      ? await statementsOf(db).aliasLookup.execute({ languageId, alias: unique[0] })
      : await aliasLookup(db, languageId, inArray(productTranslations.alias, unique));
  const map = new Map<string, ProductByAlias>();
  // As productIdByAlias's `limit 1` would pick: one id per alias (an alias is unique per language anyway).
  for (const row of rows)
    if (!map.has(row.alias))
      map.set(row.alias, {
        id: row.id,
        rating: { score: row.score, votes: row.votes },
        answeredQuestions: row.answered,
      });
  return map;
}

/** Related products of a product, in merchandised order (ids only; the caller loads what is buyable). */
/** A product's related products in merchandised order, each with its relation ("similar", "accessory", …). */
export async function relatedProductsOf(
  db: Database,
  productId: number,
): Promise<{ id: number; relation: string }[]> {
  return statementsOf(db).related.execute({ productId });
}

/** The categories each product is in (product_categories), in their order; the primary one first. */
export async function loadProductCategoryIds(
  db: Database,
  productIds: number[],
): Promise<Map<number, number[]>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({
      productId: products.id,
      primary: products.primaryCategoryId,
      categoryId: productCategories.categoryId,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.productId, products.id))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id), asc(productCategories.sortOrder), asc(productCategories.categoryId));
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const list = out.get(r.productId) ?? (r.primary === null ? [] : [r.primary]);
    if (r.categoryId !== null && !list.includes(r.categoryId)) list.push(r.categoryId);
    out.set(r.productId, list);
  }
  return out;
}

/** Normalises a language-neutral path for the URL history: no query or fragment, no trailing slash, lower case. */
export function normaliseUrl(url: string): string {
  const path = url.trim().split(/[?#]/)[0] ?? "";
  const noTrailing = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return decodeURIComponentSafe(noTrailing).toLowerCase();
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Where an old URL lives now, following later moves (at most 10 hops, loops stop); null when it never moved.
 * One statement.
 */
export async function findUrlRedirect(
  db: Database,
  languageId: string,
  url: string,
): Promise<{ oldUrl: string; newUrl: string } | null> {
  const oldUrl = normaliseUrl(url);
  if (!oldUrl.startsWith("/")) return null;
  const rows = await db.execute<{ new_url: string; depth: number }>(sql`
    with recursive hops(url, depth) as (
      select ${urlHistory.newUrl}, 1 from ${urlHistory}
      where ${urlHistory.languageId} = ${languageId} and lower(${urlHistory.oldUrl}) = ${oldUrl}
      union all
      select h.new_url, hops.depth + 1 from url_history h join hops on lower(h.old_url) = lower(hops.url)
      where h.language_id = ${languageId} and hops.depth < 10
    )
    select url as new_url, depth from hops order by depth desc limit 1`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    new_url: string;
    depth: number;
  }[];
  const hop = list[0];
  if (!hop || normaliseUrl(hop.new_url) === oldUrl) return null;
  return { oldUrl, newUrl: hop.new_url };
}

export interface PricePointMinor {
  /** YYYY-MM-DD in the shop's time zone (Europe/Stockholm). */
  date: string;
  currency: string;
  regularIncVat: number;
  sellingIncVat: number;
  vatRateBp: number;
}

const SHOP_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of an instant in the shop's time zone, YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return SHOP_DAY.format(at);
}

export const MAX_HISTORY_DAYS = 365;

/**
 * Each product's price in the locale's market over the last `days` days: the price applied when the window opens,
 * then one point per day on which it changed (the last change of a day counts). A product's price is its cheapest
 * active SKU's, each SKU's the price it applied (its log, then its price row with a reduction while in effect), as
 * lists and the prior price of a reduction read it (domain/prices.ts appliedPrices, cheapestPrices). One statement.
 */
export async function loadPriceHistory(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  productIds: number[],
  days: number,
  now = new Date(),
): Promise<Map<number, PricePointMinor[]>> {
  if (!productIds.length) return new Map();
  const market = locale.market.alias;
  const from = new Date(now.getTime() - days * 86_400_000);
  // A page asks one product's: that statement is built once (decision 0078).
  const rows =
    productIds.length === 1
      ? await statementsOf(db).priceHistory.execute({
          market,
          from: from.toISOString(),
          productId: productIds[0],
        })
      : await priceHistoryRows(db, market, from, inArray(skus.productId, productIds));
  const out = new Map<number, PricePointMinor[]>();
  const byProduct = groupBy(rows, (r) => r.productId);
  for (const productId of productIds) {
    const entries = byProduct.get(productId) ?? [];
    const productClass = (entries[0]?.productClass ?? "standard") as ProductClass;
    const country = locale.market.country?.code;
    const vatRate = (day: string) =>
      country ? vatRateFor(ref.vatRates, country, productClass, new Date(`${day}T12:00:00Z`)).rateBp : 0;
    const selling = cheapestPrices(entries.map((e) => skuAppliedPrices(e, e.history ?? EMPTY_HISTORY)));
    const regular = cheapestPrices(entries.map((e) => skuRegularPrices(e, e.history ?? EMPTY_HISTORY)));
    out.set(productId, pricePoints(entries[0]?.currency ?? "", selling, regular, from, now, vatRate));
  }
  return out;
}

const EMPTY_HISTORY = { log: [], reducedSince: null, campaign: null };

/**
 * A product's daily points from its prices over time (selling and regular, each a history of changes): the prices
 * applied when the window opens (dated the window's first day), then a point per day on which one changed, the last
 * change of a day counting; up to `now`.
 */
export function pricePoints(
  currency: string,
  selling: readonly PriceChange[],
  regular: readonly PriceChange[],
  from: Date,
  now: Date,
  vatRateBp: (day: string) => number,
): PricePointMinor[] {
  const time = (c: PriceChange) => (typeof c.at === "number" ? c.at : new Date(c.at).getTime());
  const times = [...new Set([...selling, ...regular].map(time))]
    .filter((t) => t <= now.getTime())
    .sort((a, b) => a - b);
  const fromDay = shopDay(from);
  const points: PricePointMinor[] = [];
  for (const t of times) {
    const s = priceAt(selling, t);
    if (s === null) continue;
    const r = priceAt(regular, t) ?? s;
    const changed = t === Number.NEGATIVE_INFINITY ? fromDay : shopDay(new Date(t));
    const day = changed < fromDay ? fromDay : changed;
    if (points.at(-1)?.date === day) points.pop();
    const previous = points.at(-1);
    if (previous && previous.regularIncVat === r && previous.sellingIncVat === s) continue;
    points.push({ date: day, currency, regularIncVat: r, sellingIncVat: s, vatRateBp: vatRateBp(day) });
  }
  return points;
}
