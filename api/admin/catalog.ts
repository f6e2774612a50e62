import { type ProductProblem, productProblemText } from "#domain/product-edit.ts";
import {
  type AdminProductDetail,
  adminProduct,
  adminProducts,
  catalogChoices,
  createProduct,
  type EditResult,
  PRODUCT_SORTS,
  type PriceInput,
  type ProductChange,
  type ProductFieldsInput,
  type ProductSort,
  savePrices,
  saveSku,
  updateProduct,
} from "#services/admin/products.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

/**
 * The back office's catalog fields (issue 15, decision 0043): products to list and read (every role), and changes
 * (owner and staff) that carry the version their form read. A refused change answers BAD_USER_INPUT with every
 * problem (`problems`: field, stable code, text in the admin's language), VERSION_CONFLICT with the current
 * `version` and `changes` (who changed which fields since), or NOT_FOUND, and changes nothing.
 */
const MAX_TAKE = 100;
const languageIdOf = (ctx: AdminContext) => (ctx.admin?.language === "sv" ? "sv-SE" : "nb-NO");

type Row = Awaited<ReturnType<typeof adminProducts>>["products"][number];
const ProductRow = b.objectRef<Row>("AdminProductRow").implement({
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    articleNumber: t.exposeString("articleNumber"),
    name: t.exposeString("name", { description: "In the admin's language (Swedish for sv, else Norwegian)" }),
    brand: t.exposeString("brand", { nullable: true }),
    type: t.exposeString("type", { description: '"product" or "package"' }),
    active: t.exposeBoolean("active"),
    skuCount: t.exposeInt("skuCount"),
    stock: t.exposeInt("stock", { description: "Units on the shelf over all SKUs" }),
    updatedAt: t.string({ resolve: (r) => new Date(r.updatedAt).toISOString() }),
    version: t.exposeInt("version"),
  }),
});
const ProductPage = b.objectRef<{ total: number; products: Row[] }>("AdminProductPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    products: t.field({ type: [ProductRow], resolve: (p) => p.products }),
  }),
});

type Choices = Awaited<ReturnType<typeof catalogChoices>>;
const Choice = b.objectRef<{ id: number; name: string }>("AdminChoice").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});
const Market = b.objectRef<Choices["markets"][number]>("AdminMarket").implement({
  fields: (t) => ({ alias: t.exposeString("alias"), currencyCode: t.exposeString("currencyCode") }),
});
const CatalogChoices = b.objectRef<Choices>("AdminCatalogChoices").implement({
  fields: (t) => ({
    brands: t.field({ type: [Choice], resolve: (c) => c.brands }),
    categories: t.field({ type: [Choice], resolve: (c) => c.categories }),
    markets: t.field({ type: [Market], resolve: (c) => c.markets }),
  }),
});

type Texts = AdminProductDetail["translations"][number];
const ProductTexts = b.objectRef<Texts>("AdminProductTexts").implement({
  fields: (t) => ({
    languageId: t.exposeString("languageId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias", { nullable: true }),
    shortText: t.exposeString("shortText", { nullable: true }),
    longText: t.exposeString("longText", { nullable: true }),
    metaTitle: t.exposeString("metaTitle", { nullable: true }),
    metaDescription: t.exposeString("metaDescription", { nullable: true }),
  }),
});
type Sku = AdminProductDetail["skus"][number];
type Price = Sku["prices"][number];
const PriceLogEntry = b.objectRef<Price["log"][number]>("AdminPriceLogEntry").implement({
  fields: (t) => ({
    at: t.exposeString("at"),
    regularMinor: t.exposeInt("regularMinor"),
    sellingMinor: t.exposeInt("sellingMinor"),
  }),
});
const SkuPrice = b.objectRef<Price>("AdminSkuPrice").implement({
  fields: (t) => ({
    marketAlias: t.exposeString("marketAlias"),
    currencyCode: t.exposeString("currencyCode"),
    regularMinor: t.exposeInt("regularMinor", { description: "Incl. VAT, minor units" }),
    sellingMinor: t.exposeInt("sellingMinor", { description: "Incl. VAT, minor units" }),
    priorMinor: t.exposeInt("priorMinor", {
      nullable: true,
      description:
        "The reduction announced now: its prior price, the lowest price of the 30 days before it began (domain/prices.ts)",
    }),
    percent: t.exposeInt("percent", { nullable: true }),
    log: t.field({
      type: [PriceLogEntry],
      description: "The price log, newest first (at most 50)",
      resolve: (p) => p.log,
    }),
  }),
});
const AdminSku = b.objectRef<Sku>("AdminSku").implement({
  fields: (t) => ({
    skuId: t.exposeInt("id"),
    name: t.exposeString("name"),
    gtin: t.exposeString("gtin", { nullable: true }),
    inStock: t.exposeInt("inStock"),
    oversellable: t.exposeInt("oversellable"),
    static: t.exposeInt("static"),
    incoming: t.exposeString("incoming", { nullable: true }),
    active: t.exposeBoolean("active"),
    prices: t.field({ type: [SkuPrice], resolve: (s) => s.prices }),
  }),
});
const AdminProduct = b.objectRef<AdminProductDetail>("AdminProduct").implement({
  fields: (t) => ({
    productId: t.int({ resolve: (d) => d.product.id }),
    articleNumber: t.string({ resolve: (d) => d.product.articleNumber }),
    active: t.boolean({ resolve: (d) => d.product.active }),
    brandId: t.int({ nullable: true, resolve: (d) => d.product.brandId }),
    primaryCategoryId: t.int({ nullable: true, resolve: (d) => d.product.primaryCategoryId }),
    categoryIds: t.intList({ resolve: (d) => d.categoryIds }),
    version: t.int({ description: "Send it back with a change", resolve: (d) => d.product.version }),
    updatedAt: t.string({ resolve: (d) => new Date(d.product.updatedAt).toISOString() }),
    texts: t.field({ type: [ProductTexts], resolve: (d) => d.translations }),
    skus: t.field({ type: [AdminSku], resolve: (d) => d.skus }),
  }),
});

const Saved = b.objectRef<{ productId: number; version: number }>("AdminProductSaved").implement({
  fields: (t) => ({ productId: t.exposeInt("productId"), version: t.exposeInt("version") }),
});

const TextsInput = b.inputType("AdminProductTextsInput", {
  fields: (t) => ({
    name: t.string(),
    shortText: t.string(),
    longText: t.string(),
    metaTitle: t.string(),
    metaDescription: t.string(),
  }),
});
const fieldsOfProduct = (t: Parameters<Parameters<typeof b.inputType>[1]["fields"]>[0]) => ({
  articleNumber: t.string({ required: true }),
  active: t.boolean({ required: true }),
  brandId: t.int(),
  categoryIds: t.intList({ required: true }),
  primaryCategoryId: t.int(),
  nb: t.field({ type: TextsInput, required: true }),
  sv: t.field({ type: TextsInput, required: true }),
});
const ProductInput = b.inputType("AdminProductInput", { fields: fieldsOfProduct });
const SkuInput = b.inputType("AdminSkuInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    gtin: t.string(),
    inStock: t.string({ description: "Whole units; empty is 0" }),
    oversellable: t.string({ description: "Whole units; empty is 0" }),
    incoming: t.string({ description: "Expected restock date, YYYY-MM-DD" }),
  }),
});
const PriceInputRef = b.inputType("AdminPriceInput", {
  fields: (t) => ({
    marketAlias: t.string({ required: true }),
    regular: t.string({ description: "Incl. VAT, as typed: 1299, 1299.50 or 1 299,50" }),
    selling: t.string({ description: "The sale price; empty: the regular price" }),
  }),
});
const CreateInput = b.inputType("AdminProductCreateInput", {
  fields: (t) => ({
    ...fieldsOfProduct(t),
    sku: t.field({ type: SkuInput, required: true }),
    prices: t.field({ type: [PriceInputRef], required: true }),
  }),
});

const cut = (s: string | null | undefined, n: number) => (s == null ? s : s.slice(0, n));
type TextsArg = {
  [K in "name" | "shortText" | "longText" | "metaTitle" | "metaDescription"]?: string | null;
};
const textsOf = (x: TextsArg) => ({
  name: cut(x.name, 1000),
  shortText: cut(x.shortText, 40_000),
  longText: cut(x.longText, 40_000),
  metaTitle: cut(x.metaTitle, 1000),
  metaDescription: cut(x.metaDescription, 2000),
});
function productFields(input: {
  articleNumber: string;
  active: boolean;
  brandId?: number | null;
  categoryIds: number[];
  primaryCategoryId?: number | null;
  nb: TextsArg;
  sv: TextsArg;
}): ProductFieldsInput {
  return {
    articleNumber: input.articleNumber.slice(0, 200),
    active: input.active,
    brandId: input.brandId ?? null,
    categoryIds: input.categoryIds.slice(0, 50),
    primaryCategoryId: input.primaryCategoryId ?? null,
    texts: { "nb-NO": textsOf(input.nb), "sv-SE": textsOf(input.sv) },
  };
}
type SkuArg = {
  name: string;
  gtin?: string | null;
  inStock?: string | null;
  oversellable?: string | null;
  incoming?: string | null;
};
const skuFields = (s: SkuArg) => ({
  name: s.name.slice(0, 200),
  gtin: cut(s.gtin, 100),
  inStock: cut(s.inStock, 30),
  oversellable: cut(s.oversellable, 30),
  incoming: cut(s.incoming, 30),
});
const priceFields = (
  list: readonly { marketAlias: string; regular?: string | null; selling?: string | null }[],
) =>
  list.slice(0, 50).map(
    (p): PriceInput => ({
      marketAlias: p.marketAlias.slice(0, 20),
      regular: cut(p.regular, 40),
      selling: cut(p.selling, 40),
    }),
  );

/** A stale product form's refusal (also the product editor's extras', api/admin/product-extras.ts). */
export const PRODUCT_CONFLICT_TEXT = {
  en: "Someone saved this product after you opened it; nothing was saved. Reload to see their change.",
  sv: "Någon sparade produkten efter att du öppnade den; inget sparades. Ladda om för att se ändringen.",
  nb: "Noen lagret produktet etter at du åpnet det; ingenting ble lagret. Last inn på nytt for å se endringen.",
} as const;

/** A refused change as the API answers it (see the top of this file); a saved one as its new version. */
function answer(ctx: AdminContext, result: EditResult) {
  if (result.ok) return { productId: result.productId, version: result.version };
  const lang = ctx.admin?.language ?? "en";
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", "No such product or SKU");
  if (result.refusal === "stale") {
    const changes: ProductChange[] = result.changes;
    throw adminError("VERSION_CONFLICT", PRODUCT_CONFLICT_TEXT[lang], { version: result.version, changes });
  }
  const problems = result.problems.map((p: ProductProblem) => ({
    ...p,
    message: productProblemText(p, lang),
  }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

const Sort = b.enumType("AdminProductSort", { values: PRODUCT_SORTS });

b.queryFields((t) => ({
  products: t.field({
    type: ProductPage,
    description:
      "Products by name, article number, GTIN or SKU id; filtered by category, brand, active; sorted",
    args: {
      search: t.arg.string(),
      categoryId: t.arg.int(),
      brandId: t.arg.int(),
      active: t.arg.boolean(),
      sort: t.arg({ type: Sort }),
      descending: t.arg.boolean(),
      skip: t.arg.int(),
      take: t.arg.int(),
    },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return adminProducts(ctx.db, {
        search: args.search?.slice(0, 200) ?? null,
        categoryId: args.categoryId ?? null,
        brandId: args.brandId ?? null,
        active: args.active ?? null,
        sort: (args.sort ?? "name") as ProductSort,
        descending: args.descending ?? false,
        languageId: languageIdOf(ctx),
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 25),
      });
    },
  }),
  product: t.field({
    type: AdminProduct,
    nullable: true,
    args: { productId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return adminProduct(ctx.db, args.productId);
    },
  }),
  catalogChoices: t.field({
    type: CatalogChoices,
    description: "Brands, categories and the markets that take prices, for the product forms",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "catalog.read");
      return catalogChoices(ctx.db, languageIdOf(ctx));
    },
  }),
}));

b.mutationFields((t) => ({
  createProduct: t.field({
    type: Saved,
    description: "A product with its texts in nb and sv, one SKU and at least one price",
    args: { input: t.arg({ type: CreateInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await createProduct(ctx.db, admin, {
          ...productFields(input),
          sku: skuFields(input.sku),
          prices: priceFields(input.prices),
        }),
      );
    },
  }),
  updateProduct: t.field({
    type: Saved,
    args: {
      productId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: ProductInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await updateProduct(ctx.db, admin, args.productId, args.version, productFields(args.input)),
      );
    },
  }),
  saveSku: t.field({
    type: Saved,
    description: "Adds a SKU (without skuId; with its prices) or edits one's name, GTIN and stock",
    args: {
      productId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      skuId: t.arg.int(),
      input: t.arg({ type: SkuInput, required: true }),
      prices: t.arg({ type: [PriceInputRef] }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await saveSku(ctx.db, admin, args.productId, args.version, args.skuId ?? null, {
          ...skuFields(args.input),
          ...(args.prices ? { prices: priceFields(args.prices) } : {}),
        }),
      );
    },
  }),
  savePrices: t.field({
    type: Saved,
    description: "A SKU's regular and sale prices per market (incl. VAT, the market's currency); logged",
    args: {
      productId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      skuId: t.arg.int({ required: true }),
      prices: t.arg({ type: [PriceInputRef], required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await savePrices(ctx.db, admin, args.productId, args.version, args.skuId, priceFields(args.prices)),
      );
    },
  }),
}));
