import { type StructureProblem, structureProblemText } from "#domain/catalog-structure.ts";
import {
  type AdminBrandRow,
  type AdminCategoryRow,
  adminBrand,
  adminBrands,
  adminCategories,
  type BrandInput,
  type CategoryInput,
  createBrand,
  createCategory,
  deleteBrand,
  deleteCategory,
  moveCategory,
  type StructureResult,
  updateBrand,
  updateCategory,
} from "#services/admin/catalog-structure.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

/**
 * The back office's catalog structure (issue 15, decision 0056): the category tree and brands. Reading: every role
 * (`catalog.read`); changing: owner and staff (`catalog.edit`), each change with the version its form read. A
 * refused change answers BAD_USER_INPUT with `problems` (field, stable code, text in the admin's language),
 * VERSION_CONFLICT with the current `version` and `changes`, IN_USE (a delete of a category with subcategories or
 * products, of a brand with products, of either while a menu links to it; `children`, `products`, `menus`), or NOT_FOUND — and changes nothing.
 */
const MAX_TAKE = 100;
const languageIdOf = (ctx: AdminContext) => (ctx.admin?.language === "sv" ? "sv-SE" : "nb-NO");

type CategoryTextsRow = AdminCategoryRow["texts"][number];
const CategoryTexts = b.objectRef<CategoryTextsRow>("AdminCategoryTexts").implement({
  fields: (t) => ({
    languageId: t.exposeString("languageId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    description: t.exposeString("description", { nullable: true }),
    metaTitle: t.exposeString("metaTitle", { nullable: true }),
    metaDescription: t.exposeString("metaDescription", { nullable: true }),
  }),
});
const Category = b.objectRef<AdminCategoryRow>("AdminCategory").implement({
  fields: (t) => ({
    categoryId: t.exposeInt("categoryId"),
    parentId: t.exposeInt("parentId", { nullable: true }),
    key: t.exposeString("key", { description: "Stable key (menus and merchandising link by it)" }),
    sortOrder: t.exposeInt("sortOrder", { description: "Order among its siblings, ascending" }),
    active: t.exposeBoolean("active", { description: "Visible in the storefront" }),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
    name: t.exposeString("name", { description: "In the admin's language (Swedish for sv, else Norwegian)" }),
    texts: t.field({ type: [CategoryTexts], resolve: (c) => c.texts }),
    childCount: t.exposeInt("childCount"),
    productCount: t.exposeInt("productCount", {
      description: "Products listed in it (not its subcategories)",
    }),
  }),
});
const BrandText = b.objectRef<AdminBrandRow["descriptions"][number]>("AdminBrandDescription").implement({
  fields: (t) => ({ languageId: t.exposeString("languageId"), text: t.exposeString("text") }),
});
const Brand = b.objectRef<AdminBrandRow>("AdminBrand").implement({
  fields: (t) => ({
    brandId: t.exposeInt("brandId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias", { description: "The storefront's /b/{alias}" }),
    active: t.exposeBoolean("active", { description: "Visible in the storefront" }),
    version: t.exposeInt("version"),
    descriptions: t.field({ type: [BrandText], resolve: (r) => r.descriptions }),
    productCount: t.exposeInt("productCount"),
  }),
});
const BrandPage = b.objectRef<{ total: number; brands: AdminBrandRow[] }>("AdminBrandPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    brands: t.field({ type: [Brand], resolve: (p) => p.brands }),
  }),
});
const Saved = b.objectRef<{ id: number; version: number }>("AdminStructureSaved").implement({
  fields: (t) => ({ id: t.exposeInt("id"), version: t.exposeInt("version") }),
});

const TextsInput = b.inputType("AdminCategoryTextsInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    alias: t.string({ description: "Empty: from the name" }),
    description: t.string(),
    metaTitle: t.string(),
    metaDescription: t.string(),
  }),
});
const CategoryInputRef = b.inputType("AdminCategoryInput", {
  fields: (t) => ({
    parentId: t.int({ description: "Empty: a top-level category" }),
    active: t.boolean({ required: true }),
    nb: t.field({ type: TextsInput, required: true }),
    sv: t.field({ type: TextsInput, required: true }),
  }),
});
const BrandInputRef = b.inputType("AdminBrandInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    alias: t.string({ description: "Empty: from the name" }),
    active: t.boolean({ required: true }),
    nbDescription: t.string(),
    svDescription: t.string(),
  }),
});

const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.slice(0, n));
type TextsArg = { name: string; alias?: string | null } & {
  [K in "description" | "metaTitle" | "metaDescription"]?: string | null;
};
const textsOf = (x: TextsArg) => ({
  name: cut(x.name, 1000),
  alias: cut(x.alias, 1000),
  description: cut(x.description, 40_000),
  metaTitle: cut(x.metaTitle, 1000),
  metaDescription: cut(x.metaDescription, 2000),
});
function categoryInput(input: {
  parentId?: number | null;
  active: boolean;
  nb: TextsArg;
  sv: TextsArg;
}): CategoryInput {
  return {
    parentId: input.parentId ?? null,
    active: input.active,
    texts: { "nb-NO": textsOf(input.nb), "sv-SE": textsOf(input.sv) },
  };
}
function brandInput(input: {
  name: string;
  alias?: string | null;
  active: boolean;
  nbDescription?: string | null;
  svDescription?: string | null;
}): BrandInput {
  return {
    name: input.name.slice(0, 1000),
    alias: cut(input.alias, 1000),
    active: input.active,
    descriptions: { nb: cut(input.nbDescription, 40_000), sv: cut(input.svDescription, 40_000) },
  };
}

const STALE = {
  en: "Someone saved this after you opened it; nothing was saved. Reload to see their change.",
  sv: "Någon sparade detta efter att du öppnade det; inget sparades. Ladda om för att se ändringen.",
  nb: "Noen lagret dette etter at du åpnet det; ingenting ble lagret. Last inn på nytt for å se endringen.",
};

/** The refusal's words when a delete finds the category or brand still in use. */
function inUseText(lang: "en" | "sv" | "nb", children: number, products: number, menus: number) {
  if (children === 0 && products === 0 && menus > 0)
    return {
      en: `It cannot be deleted while a menu links to it (${menus}). Remove the link from the menu first.`,
      sv: `Den kan inte tas bort så länge en meny länkar till den (${menus}). Ta bort länken från menyn först.`,
      nb: `Den kan ikke slettes så lenge en meny lenker til den (${menus}). Fjern lenken fra menyen først.`,
    }[lang];
  return {
    en: `It cannot be deleted while it has subcategories (${children}) or products (${products}). Move them first.`,
    sv: `Den kan inte tas bort så länge den har underkategorier (${children}) eller produkter (${products}). Flytta dem först.`,
    nb: `Den kan ikke slettes så lenge den har underkategorier (${children}) eller produkter (${products}). Flytt dem først.`,
  }[lang];
}

/** A refused change as the API answers it (see the top of this file); a saved one as its id and new version. */
function answer(ctx: AdminContext, result: StructureResult, what: string) {
  if (result.ok) return { id: result.id, version: result.version };
  const lang = ctx.admin?.language ?? "en";
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", `No such ${what}`);
  if (result.refusal === "stale")
    throw adminError("VERSION_CONFLICT", STALE[lang], { version: result.version, changes: result.changes });
  if (result.refusal === "inUse")
    throw adminError("IN_USE", inUseText(lang, result.children, result.products, result.menus), {
      children: result.children,
      products: result.products,
      menus: result.menus,
    });
  const problems = result.problems.map((p: StructureProblem) => ({
    ...p,
    message: structureProblemText(p, lang),
  }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

b.queryFields((t) => ({
  categories: t.field({
    type: [Category],
    description: "Every category (the whole tree), in sibling order; build the tree by parentId",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "catalog.read");
      return adminCategories(ctx.db, languageIdOf(ctx));
    },
  }),
  brands: t.field({
    type: BrandPage,
    description: "Brands by name or alias, sorted by name",
    args: { search: t.arg.string(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return adminBrands(ctx.db, {
        search: args.search?.slice(0, 200) ?? null,
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 50),
      });
    },
  }),
  brand: t.field({
    type: Brand,
    nullable: true,
    args: { brandId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return adminBrand(ctx.db, args.brandId);
    },
  }),
}));

b.mutationFields((t) => ({
  createCategory: t.field({
    type: Saved,
    description: "A category with its texts in nb and sv, last among its siblings",
    args: { input: t.arg({ type: CategoryInputRef, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(ctx, await createCategory(ctx.db, admin, categoryInput(input)), "category");
    },
  }),
  updateCategory: t.field({
    type: Saved,
    description: "Texts, alias, visibility, parent; a changed path is recorded so the old URL redirects",
    args: {
      categoryId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: CategoryInputRef, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await updateCategory(ctx.db, admin, args.categoryId, args.version, categoryInput(args.input)),
        "category",
      );
    },
  }),
  moveCategory: t.field({
    type: Saved,
    description:
      "Places a category under a parent (null: top level) at a position among its siblings (0 first); refuses a cycle",
    args: {
      categoryId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      parentId: t.arg.int(),
      position: t.arg.int({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      const position = intIn("position", args.position, 0, 100_000, 0);
      return answer(
        ctx,
        await moveCategory(ctx.db, admin, args.categoryId, args.version, args.parentId ?? null, position),
        "category",
      );
    },
  }),
  deleteCategory: t.field({
    type: Saved,
    description: "Deletes a category without subcategories, products or menu links (IN_USE otherwise)",
    args: { categoryId: t.arg.int({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(ctx, await deleteCategory(ctx.db, admin, args.categoryId, args.version), "category");
    },
  }),
  createBrand: t.field({
    type: Saved,
    args: { input: t.arg({ type: BrandInputRef, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(ctx, await createBrand(ctx.db, admin, brandInput(input)), "brand");
    },
  }),
  updateBrand: t.field({
    type: Saved,
    description: "Name, alias (the old /b/ URL redirects), visibility, descriptions",
    args: {
      brandId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: BrandInputRef, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await updateBrand(ctx.db, admin, args.brandId, args.version, brandInput(args.input)),
        "brand",
      );
    },
  }),
  deleteBrand: t.field({
    type: Saved,
    description: "Deletes a brand no product uses and no menu links to (IN_USE otherwise)",
    args: { brandId: t.arg.int({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(ctx, await deleteBrand(ctx.db, admin, args.brandId, args.version), "brand");
    },
  }),
}));
