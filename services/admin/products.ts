import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import {
  brands,
  categories,
  categoryTranslations,
  markets,
  prices,
  productCategories,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import { refreshSearchVectors } from "#db/search-vector.ts";
import { slugify } from "#domain/ids.ts";
import { priceReduction } from "#domain/prices.ts";
import {
  type Checked,
  checkArticleNumber,
  checkPrice,
  checkProductTexts,
  checkSku,
  type PriceFields,
  type ProductProblem,
  type ProductTexts,
  type ProductTextsInput,
  type SkuFields,
  type SkuInput,
} from "#domain/product-edit.ts";
import { skuAppliedPrices, skuHistorySql } from "../price-history.ts";
import { type RecordedChange, writeAudit } from "./audit.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
import { likeContaining } from "./search.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's catalog: products (issue 15, decision 0043). Reads for the list and the edit form; changes that
 * each run in one transaction which locks the product row, refuses a form older than the product's version
 * (optimistic versions, migration 0023), checks the input by domain/product-edit.ts, writes, raises the version and
 * records the audit entry with before and after. The storefront follows by itself: every write here touches tables
 * whose triggers raise the catalog version at commit (migrations 0004 and 0010; services/catalog-version.ts), so
 * response and page caches and the list index refresh.
 */

/** The product's texts per language: the shop's two (nb first, as the form shows them). */
export const PRODUCT_LANGUAGES = [
  { prefix: "nb.", languageId: "nb-NO" },
  { prefix: "sv.", languageId: "sv-SE" },
] as const;

export const PRODUCT_SORTS = ["name", "articleNumber", "stock", "updated", "id"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface AdminProductFilter {
  /** Part of a name (either language), an article number, a GTIN, or a SKU id. */
  search?: string | null;
  categoryId?: number | null;
  brandId?: number | null;
  active?: boolean | null;
  sort: ProductSort;
  descending: boolean;
  /** Whose names to show: "nb-NO" or "sv-SE". */
  languageId: string;
  skip: number;
  take: number;
}

const stockOf = sql<number>`coalesce((select sum(s.in_stock) from skus s where s.product_id = ${products.id}), 0)::int`;

export async function adminProducts(db: Database, filter: AdminProductFilter) {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = likeContaining(search);
    const skuId = /^\d{1,9}$/.test(search) ? Number(search) : -1;
    conditions.push(sql`(${products.articleNumber} ilike ${pattern}
      or exists (select 1 from product_translations pt where pt.product_id = ${products.id} and pt.name ilike ${pattern})
      or exists (select 1 from skus s where s.product_id = ${products.id}
                 and (s.gtin = ${search.replace(/\s+/g, "")} or s.id = ${skuId} or s.name ilike ${pattern})))`);
  }
  if (filter.categoryId)
    conditions.push(sql`exists (select 1 from product_categories pc where pc.product_id = ${products.id}
      and pc.category_id = ${filter.categoryId})`);
  if (filter.brandId) conditions.push(eq(products.brandId, filter.brandId));
  if (filter.active != null) conditions.push(eq(products.active, filter.active));
  const where = conditions.length ? and(...conditions) : undefined;
  // The name in the admin's language by a join (one hash join), not a subquery per product: sorting by it reads
  // every matching product.
  const name = sql<string>`coalesce(${productTranslations.name}, '')`;
  const key = {
    name: sql`lower(${name})`,
    articleNumber: sql`${products.articleNumber}`,
    stock: stockOf,
    updated: sql`${products.updatedAt}`,
    id: sql`${products.id}`,
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        productId: products.id,
        articleNumber: products.articleNumber,
        name,
        type: products.type,
        brand: sql<string | null>`(select b.name from brands b where b.id = ${products.brandId})`,
        active: products.active,
        skuCount: sql<number>`(select count(*) from skus s where s.product_id = ${products.id})::int`,
        stock: stockOf,
        updatedAt: products.updatedAt,
        version: products.version,
      })
      .from(products)
      .leftJoin(
        productTranslations,
        and(
          eq(productTranslations.productId, products.id),
          eq(productTranslations.languageId, filter.languageId),
        ),
      )
      .where(where)
      .orderBy(filter.descending ? desc(key) : asc(key), asc(products.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { products: rows, total: total?.n ?? 0 };
}

/** What the forms choose from: brands, categories (named in `languageId`) and the markets that take prices. */
export async function catalogChoices(db: Database, languageId: string) {
  const [brandRows, categoryRows, marketRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db
      .select({
        id: categories.id,
        name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.key})`,
        parentName: sql<string | null>`(select ct.name from category_translations ct
          where ct.category_id = ${categories.parentId} and ct.language_id = ${languageId})`,
      })
      .from(categories)
      .leftJoin(
        categoryTranslations,
        and(
          eq(categoryTranslations.categoryId, categories.id),
          eq(categoryTranslations.languageId, languageId),
        ),
      )
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ alias: markets.alias, currencyCode: sql<string>`${markets.currencyCode}` })
      .from(markets)
      .where(and(eq(markets.active, true), sql`${markets.currencyCode} is not null`))
      .orderBy(asc(markets.sortOrder), asc(markets.alias)),
  ]);
  return {
    brands: brandRows,
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.parentName ? `${c.parentName} › ${c.name}` : c.name,
    })),
    markets: marketRows,
  };
}

export interface AdminPriceLogEntry {
  at: string;
  regularMinor: number;
  sellingMinor: number;
}

/** One product as the edit form reads it, with its SKUs, their prices per market and each price's log. */
export async function adminProduct(db: Database, productId: number) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [translations, categoryRows, skuRows, priceRows] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, productId)),
    db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, productId))
      .orderBy(asc(productCategories.sortOrder), asc(productCategories.categoryId)),
    db.select().from(skus).where(eq(skus.productId, productId)).orderBy(asc(skus.sortOrder), asc(skus.id)),
    db
      .select({
        skuId: prices.skuId,
        marketAlias: prices.marketAlias,
        currencyCode: prices.currencyCode,
        regularMinor: prices.regularMinor,
        sellingMinor: prices.sellingMinor,
        history: skuHistorySql(prices),
      })
      .from(prices)
      .innerJoin(skus, eq(skus.id, prices.skuId))
      .where(eq(skus.productId, productId)),
  ]);
  const now = new Date();
  const priceViews = priceRows.map((p) => {
    const history = p.history ?? { log: [], reducedSince: null, campaign: null };
    const parsed = typeof history === "string" ? JSON.parse(history) : history;
    // The storefront's rule (domain/prices.ts, decision 0013): a reduction announced now, against its prior price.
    const reduction = priceReduction(
      skuAppliedPrices({ regular: p.regularMinor, selling: p.sellingMinor }, parsed),
      now,
    );
    return {
      skuId: p.skuId,
      marketAlias: p.marketAlias,
      currencyCode: p.currencyCode,
      regularMinor: p.regularMinor,
      sellingMinor: p.sellingMinor,
      priorMinor: reduction?.priorMinor ?? null,
      percent: reduction?.percent ?? null,
      log: (parsed.log as [string, number, number][])
        .map(([at, selling, regular]) => ({
          at: new Date(at).toISOString(),
          sellingMinor: selling,
          regularMinor: regular,
        }))
        .reverse()
        .slice(0, 50),
    };
  });
  return {
    product,
    translations: PRODUCT_LANGUAGES.map(({ languageId }) => {
      const t = translations.find((row) => row.languageId === languageId);
      return {
        languageId,
        name: t?.name ?? "",
        alias: t?.alias ?? null,
        shortText: t?.text2 ?? null,
        longText: t?.text1 ?? null,
        metaTitle: t?.metaTitle ?? null,
        metaDescription: t?.metaDescription ?? null,
      };
    }),
    categoryIds: categoryRows.map((c) => c.categoryId),
    skus: skuRows.map((s) => ({
      ...s,
      prices: priceViews.filter((p) => p.skuId === s.id),
    })),
  };
}

export type AdminProductDetail = NonNullable<Awaited<ReturnType<typeof adminProduct>>>;

/** A change someone made since the version a form read (services/admin/audit.ts). */
export type ProductChange = RecordedChange;

export type EditResult =
  | { ok: true; productId: number; version: number }
  | { ok: false; refusal: "invalid"; problems: ProductProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: ProductChange[] };

const invalid = (problems: ProductProblem[]) => new Refused({ ok: false, refusal: "invalid", problems });

function collect<T>(checked: Checked<T>, problems: ProductProblem[]): T | null {
  if (checked.ok) return checked.value;
  problems.push(...checked.problems);
  return null;
}

/**
 * Runs one edit of a product: locks its row, refuses a stale version, lets `change` write (it returns the audit's
 * before and after), raises the version and records the audit entry — all in one transaction, or nothing.
 * The product editor's extras (services/admin/product-extras/) run through it too.
 */
export async function edit(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  action: string,
  change: (tx: Database) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<EditResult> {
  return refusable<EditResult>(db, async (t) => {
    const [row] = await t
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!row) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "product", productId, row.version, version);
    const { before, after } = await change(t);
    const next = version + 1;
    await t.update(products).set({ version: next, updatedAt: sql`now()` }).where(eq(products.id, productId));
    await writeAudit(t, who, {
      action,
      entity: "product",
      entityId: productId,
      before: { ...before, version },
      after: { ...after, version: next },
    });
    return { ok: true as const, productId, version: next };
  });
}

export interface ProductFieldsInput {
  articleNumber?: string | null;
  active: boolean;
  brandId?: number | null;
  categoryIds: readonly number[];
  /** The primary category (the product's URL): one of categoryIds; the first when not given. */
  primaryCategoryId?: number | null;
  texts: Partial<Record<"nb-NO" | "sv-SE", ProductTextsInput>>;
}

export interface CheckedProduct {
  articleNumber: string;
  active: boolean;
  brandId: number | null;
  categoryIds: number[];
  primaryCategoryId: number | null;
  texts: { languageId: string; texts: ProductTexts }[];
}

async function checkProductFields(
  t: Database,
  input: ProductFieldsInput,
  problems: ProductProblem[],
  productId: number | null,
): Promise<CheckedProduct | null> {
  const articleNumber = collect(checkArticleNumber("articleNumber", input.articleNumber), problems);
  const texts = PRODUCT_LANGUAGES.map(({ prefix, languageId }) => ({
    languageId,
    texts: collect(checkProductTexts(prefix, input.texts[languageId] ?? {}), problems),
  }));
  const categoryIds = [...new Set(input.categoryIds)].slice(0, 50);
  if (categoryIds.length === 0) problems.push({ field: "categoryIds", code: "required" });
  else {
    const known = await t
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, categoryIds));
    if (known.length !== categoryIds.length) problems.push({ field: "categoryIds", code: "unknownChoice" });
  }
  const primaryCategoryId = input.primaryCategoryId ?? categoryIds[0] ?? null;
  if (primaryCategoryId !== null && !categoryIds.includes(primaryCategoryId))
    problems.push({ field: "primaryCategoryId", code: "unknownChoice" });
  const brandId = input.brandId ?? null;
  if (brandId !== null) {
    const [brand] = await t.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
    if (!brand) problems.push({ field: "brandId", code: "unknownChoice" });
  }
  if (articleNumber !== null) {
    const [taken] = await t
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.articleNumber, articleNumber),
          productId === null ? undefined : ne(products.id, productId),
        ),
      );
    if (taken) problems.push({ field: "articleNumber", code: "articleNumberTaken" });
  }
  if (problems.length || articleNumber === null) return null;
  return {
    articleNumber,
    active: input.active,
    brandId,
    categoryIds,
    primaryCategoryId,
    texts: texts.map((x) => ({ languageId: x.languageId, texts: x.texts as ProductTexts })),
  };
}

/** A free alias in the language: the name's, else with the article number, else with the product id. */
async function freeAlias(
  t: Database,
  productId: number,
  languageId: string,
  name: string,
  articleNumber: string,
) {
  const base = slugify(name);
  for (const alias of [base, `${base}-${slugify(articleNumber)}`, `${base}-${productId}`]) {
    const [taken] = await t
      .select({ id: productTranslations.productId })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.languageId, languageId),
          eq(productTranslations.alias, alias),
          ne(productTranslations.productId, productId),
        ),
      );
    if (!taken) return alias;
  }
  return `${base}-${productId}-${Date.now()}`;
}

function productSnapshot(p: CheckedProduct | null, current?: { [k: string]: unknown }) {
  if (!p) return current ?? {};
  const out: Record<string, unknown> = {
    articleNumber: p.articleNumber,
    active: p.active,
    brandId: p.brandId,
    categoryIds: [...p.categoryIds].sort((a, b) => a - b),
    primaryCategoryId: p.primaryCategoryId,
  };
  for (const { languageId, texts } of p.texts) {
    const lang = languageId.slice(0, 2);
    out[`${lang}.name`] = texts.name;
    out[`${lang}.shortText`] = texts.shortText;
    out[`${lang}.longText`] = texts.longText;
    out[`${lang}.metaTitle`] = texts.metaTitle;
    out[`${lang}.metaDescription`] = texts.metaDescription;
  }
  return out;
}

async function currentSnapshot(t: Database, productId: number) {
  const detail = await adminProduct(t, productId);
  if (!detail) return {};
  const p = detail.product;
  const out: Record<string, unknown> = {
    articleNumber: p.articleNumber,
    active: p.active,
    brandId: p.brandId,
    categoryIds: [...detail.categoryIds].sort((a, b) => a - b),
    primaryCategoryId: p.primaryCategoryId,
  };
  for (const tr of detail.translations) {
    const lang = tr.languageId.slice(0, 2);
    out[`${lang}.name`] = tr.name;
    out[`${lang}.shortText`] = tr.shortText;
    out[`${lang}.longText`] = tr.longText;
    out[`${lang}.metaTitle`] = tr.metaTitle;
    out[`${lang}.metaDescription`] = tr.metaDescription;
  }
  return out;
}

async function writeProductFields(t: Database, productId: number, p: CheckedProduct) {
  await t
    .update(products)
    .set({
      articleNumber: p.articleNumber,
      active: p.active,
      brandId: p.brandId,
      primaryCategoryId: p.primaryCategoryId,
    })
    .where(eq(products.id, productId));
  for (const { languageId, texts } of p.texts) {
    const fields = {
      name: texts.name,
      text2: texts.shortText,
      text1: texts.longText,
      metaTitle: texts.metaTitle,
      metaDescription: texts.metaDescription,
    };
    const [existing] = await t
      .select({ alias: productTranslations.alias })
      .from(productTranslations)
      .where(
        and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, languageId)),
      );
    // A product keeps its address when renamed (links and carts keep working); a new language gets one.
    if (existing)
      await t
        .update(productTranslations)
        .set(fields)
        .where(
          and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, languageId)),
        );
    else
      await t.insert(productTranslations).values({
        productId,
        languageId,
        alias: await freeAlias(t, productId, languageId, texts.name, p.articleNumber),
        ...fields,
      });
  }
  const current = await t
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const had = new Set(current.map((c) => c.categoryId));
  const gone = [...had].filter((id) => !p.categoryIds.includes(id));
  const added = p.categoryIds.filter((id) => !had.has(id));
  if (gone.length)
    await t
      .delete(productCategories)
      .where(and(eq(productCategories.productId, productId), inArray(productCategories.categoryId, gone)));
  if (added.length)
    await t.insert(productCategories).values(added.map((categoryId) => ({ productId, categoryId })));
  await refreshSearchVectors(t, productId);
}

/** Edits a product's own fields and texts (not its SKUs or prices). */
export function updateProduct(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  input: ProductFieldsInput,
): Promise<EditResult> {
  return edit(db, who, productId, version, "product.update", async (t) => {
    const problems: ProductProblem[] = [];
    const checked = await checkProductFields(t, input, problems, productId);
    if (!checked) throw invalid(problems);
    const before = await currentSnapshot(t, productId);
    await writeProductFields(t, productId, checked);
    return { before, after: productSnapshot(checked) };
  });
}

export interface PriceInput {
  marketAlias: string;
  regular?: string | null;
  selling?: string | null;
}

async function checkPrices(
  t: Database,
  prefix: string,
  input: readonly PriceInput[],
  problems: ProductProblem[],
) {
  const rows = await t
    .select({ alias: markets.alias, currencyCode: markets.currencyCode })
    .from(markets)
    .where(eq(markets.active, true));
  const out: (PriceFields & { marketAlias: string; currencyCode: string })[] = [];
  for (const price of input.slice(0, 50)) {
    const market = rows.find((m) => m.alias === price.marketAlias);
    const field = `${prefix}${price.marketAlias}.`;
    if (!market?.currencyCode) {
      problems.push({ field: `${field}regular`, code: "unknownChoice" });
      continue;
    }
    // A market left empty gets no price (the SKU is not sold there).
    if (!price.regular?.trim() && !price.selling?.trim()) continue;
    const checked = collect(checkPrice(field, price, market.currencyCode), problems);
    if (checked) out.push({ ...checked, marketAlias: market.alias, currencyCode: market.currencyCode });
  }
  return out;
}

/** A SKU's fields by the form's rule, and its GTIN free (no other SKU has it). Also the CSV import's check. */
export async function checkSkuFields(
  t: Database,
  prefix: string,
  input: SkuInput,
  skuId: number | null,
  problems: ProductProblem[],
) {
  const checked = collect(checkSku(prefix, input), problems);
  if (checked?.gtin) {
    const [taken] = await t
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.gtin, checked.gtin), skuId === null ? undefined : ne(skus.id, skuId)));
    if (taken) problems.push({ field: `${prefix}gtin`, code: "gtinTaken" });
  }
  return checked;
}

/**
 * Writes a SKU's prices per market. The admin's price is the price: it replaces a price campaign's link and takes
 * effect now (reducedSince null); the price_log trigger (migration 0007) logs the change, and the storefront's prior
 * price and 30-day lowest price follow from that log (services/price-history.ts, domain/prices.ts).
 * The CSV import writes prices through this too (services/admin/catalog-csv/).
 */
export async function writePrices(
  t: Database,
  skuId: number,
  list: readonly (PriceFields & { marketAlias: string; currencyCode: string })[],
) {
  for (const p of list) {
    const values = {
      regularMinor: p.regularMinor,
      sellingMinor: p.sellingMinor,
      currencyCode: p.currencyCode,
      campaignId: null,
      reducedSince: null,
      updatedAt: sql`now()`,
    };
    const [existing] = await t
      .select({ regular: prices.regularMinor, selling: prices.sellingMinor, campaignId: prices.campaignId })
      .from(prices)
      .where(and(eq(prices.skuId, skuId), eq(prices.marketAlias, p.marketAlias)));
    if (!existing) await t.insert(prices).values({ skuId, marketAlias: p.marketAlias, ...values });
    else if (
      existing.regular !== p.regularMinor ||
      existing.selling !== p.sellingMinor ||
      existing.campaignId !== null
    )
      await t
        .update(prices)
        .set(values)
        .where(and(eq(prices.skuId, skuId), eq(prices.marketAlias, p.marketAlias)));
  }
}

async function priceSnapshot(t: Database, skuId: number) {
  const rows = await t
    .select({ m: prices.marketAlias, r: prices.regularMinor, s: prices.sellingMinor })
    .from(prices)
    .where(eq(prices.skuId, skuId));
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    out[`price.${skuId}.${row.m}.regular`] = row.r;
    out[`price.${skuId}.${row.m}.selling`] = row.s;
  }
  return out;
}

function skuSnapshot(skuId: number, s: SkuFields | null) {
  if (!s) return {};
  return {
    [`sku.${skuId}.name`]: s.name,
    [`sku.${skuId}.gtin`]: s.gtin,
    [`sku.${skuId}.inStock`]: s.inStock,
    [`sku.${skuId}.oversellable`]: s.oversellable,
    [`sku.${skuId}.incoming`]: s.incoming,
  };
}

async function currentSku(t: Database, productId: number, skuId: number) {
  const [row] = await t
    .select()
    .from(skus)
    .where(and(eq(skus.id, skuId), eq(skus.productId, productId)));
  return row ?? null;
}

export interface CreateProductInput extends ProductFieldsInput {
  sku: SkuInput;
  prices: readonly PriceInput[];
  /** The VAT product class (domain/vat.ts PRODUCT_CLASSES); the form leaves it out: "standard". */
  productClass?: string;
}

/** A new product as checked, ready to write (`writeNewProduct`). */
export interface CheckedNewProduct {
  product: CheckedProduct;
  sku: SkuFields;
  prices: (PriceFields & { marketAlias: string; currencyCode: string })[];
  productClass: string;
}

/**
 * createProduct's checks inside the caller's transaction (the form and the CSV import, decision 0067): the product's
 * fields, its SKU (GTIN free) and its prices, at least one. Its problems, or what to write.
 */
export async function checkNewProduct(
  t: Database,
  input: CreateProductInput,
): Promise<{ ok: true; value: CheckedNewProduct } | { ok: false; problems: ProductProblem[] }> {
  const problems: ProductProblem[] = [];
  const checked = await checkProductFields(t, input, problems, null);
  const sku = await checkSkuFields(t, "sku.", input.sku, null, problems);
  const priceList = await checkPrices(t, "price.", input.prices, problems);
  if (!problems.some((p) => p.field.startsWith("price.")) && priceList.length === 0)
    problems.push({ field: `price.${input.prices[0]?.marketAlias ?? "se"}.regular`, code: "required" });
  if (!checked || !sku || problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: { product: checked, sku, prices: priceList, productClass: input.productClass ?? "standard" },
  };
}

/**
 * createProduct's writes inside the caller's transaction: the product, its texts and addresses, its categories, its
 * SKU and prices, and the `product.create` audit entry. The new product's id.
 */
export async function writeNewProduct(t: Database, who: AdminPrincipal, checked: CheckedNewProduct) {
  const { product, sku, prices: priceList } = checked;
  const [row] = await t
    .insert(products)
    .values({
      articleNumber: product.articleNumber,
      active: product.active,
      brandId: product.brandId,
      primaryCategoryId: product.primaryCategoryId,
      productClass: checked.productClass,
      kind: "other",
    })
    .returning({ id: products.id });
  const productId = row?.id ?? 0;
  await writeProductFields(t, productId, product);
  const [skuRow] = await t
    .insert(skus)
    .values({ productId, ...sku })
    .returning({ id: skus.id });
  const skuId = skuRow?.id ?? 0;
  await writePrices(t, skuId, priceList);
  await writeAudit(t, who, {
    action: "product.create",
    entity: "product",
    entityId: productId,
    before: null,
    after: {
      ...productSnapshot(product),
      ...(checked.productClass === "standard" ? {} : { productClass: checked.productClass }),
      ...skuSnapshot(skuId, sku),
      ...(await priceSnapshot(t, skuId)),
      version: 1,
    },
  });
  return productId;
}

/**
 * Creates a product with its texts in both languages, one SKU and at least one price (a product that cannot be
 * bought is not made). Its addresses come from its names (domain/ids.ts slugify), unique per language.
 */
export async function createProduct(
  db: Database,
  who: AdminPrincipal,
  input: CreateProductInput,
): Promise<EditResult> {
  return refusable<EditResult>(
    db,
    async (t) => {
      const checked = await checkNewProduct(t, input);
      if (!checked.ok) throw invalid(checked.problems);
      const productId = await writeNewProduct(t, who, checked.value);
      return { ok: true as const, productId, version: 1 };
    },
    (error) => {
      // Two admins creating the same article number or GTIN at once: the second one's unique index refuses.
      if (isUniqueViolation(error))
        return {
          ok: false,
          refusal: "invalid",
          problems: [{ field: "articleNumber", code: "articleNumberTaken" }],
        };
      return undefined;
    },
  );
}

/** Adds a SKU (skuId null) or edits one: its name, GTIN and stock fields (spec §3 Stock). */
export function saveSku(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  skuId: number | null,
  input: SkuInput & { prices?: readonly PriceInput[] },
): Promise<EditResult> {
  return edit(db, who, productId, version, skuId === null ? "sku.create" : "sku.update", async (t) => {
    const problems: ProductProblem[] = [];
    const existing = skuId === null ? null : await currentSku(t, productId, skuId);
    if (skuId !== null && !existing) throw new Refused({ ok: false, refusal: "notFound" });
    const checked = await checkSkuFields(t, "sku.", input, skuId, problems);
    const priceList = input.prices ? await checkPrices(t, "price.", input.prices, problems) : [];
    if (!checked || problems.length) throw invalid(problems);
    if (existing) {
      const before = skuSnapshot(existing.id, {
        name: existing.name,
        gtin: existing.gtin,
        inStock: existing.inStock,
        oversellable: existing.oversellable,
        incoming: existing.incoming,
      });
      await t.update(skus).set(checked).where(eq(skus.id, existing.id));
      return { before, after: skuSnapshot(existing.id, checked) };
    }
    const [{ n } = { n: 0 }] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(skus)
      .where(eq(skus.productId, productId));
    const [row] = await t
      .insert(skus)
      .values({ productId, sortOrder: n, ...checked })
      .returning({ id: skus.id });
    const id = row?.id ?? 0;
    await writePrices(t, id, priceList);
    return { before: {}, after: { ...skuSnapshot(id, checked), ...(await priceSnapshot(t, id)) } };
  });
}

/** Sets a SKU's regular and sale prices in the markets given (spec: prices per market, in its currency). */
export function savePrices(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  skuId: number,
  input: readonly PriceInput[],
): Promise<EditResult> {
  return edit(db, who, productId, version, "price.update", async (t) => {
    if (!(await currentSku(t, productId, skuId))) throw new Refused({ ok: false, refusal: "notFound" });
    const problems: ProductProblem[] = [];
    const list = await checkPrices(t, "price.", input, problems);
    if (problems.length) throw invalid(problems);
    const before = await priceSnapshot(t, skuId);
    await writePrices(t, skuId, list);
    return { before, after: await priceSnapshot(t, skuId) };
  });
}
