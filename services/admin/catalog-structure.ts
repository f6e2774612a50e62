import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import {
  brands,
  categories,
  categoryTranslations,
  languages,
  menuItems,
  menus,
  productCategories,
  products,
} from "#db/schema/index.ts";
import {
  type BrandFields,
  type CategoryNode,
  type CategoryTexts,
  type CategoryTextsInput,
  categoryPaths,
  checkBrand,
  checkCategoryTexts,
  movedPaths,
  placeAmongSiblings,
  type StructureProblem,
  type UrlMove,
  wouldMakeCycle,
} from "#domain/catalog-structure.ts";
import { recordUrlMoves } from "../url-history.ts";
import { type RecordedChange, writeAudit } from "./audit.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
import { likeContaining } from "./search.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's catalog structure (issue 15, decision 0056): the category tree (texts in nb and sv, alias,
 * parent, visible or hidden, sibling order) and brands. Every change runs in one transaction: it locks what it
 * changes (a category change takes the tree's advisory lock, so two moves at once cannot make a cycle together),
 * refuses a form older than the row's version, checks the input by domain/catalog-structure.ts, writes, records the
 * paths it moved in `url_history` (services/url-history.ts), raises the version and writes the audit entry. The
 * storefront follows by itself: categories, their texts, brands and url_history are among the catalog version's
 * tables (migrations 0004 and 0010), so menus, lists and cached pages change at commit.
 */

export const STRUCTURE_LANGUAGES = [
  { prefix: "nb", languageId: "nb-NO" },
  { prefix: "sv", languageId: "sv-SE" },
] as const;

export type StructureResult =
  | { ok: true; id: number; version: number }
  | { ok: false; refusal: "invalid"; problems: StructureProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] }
  | { ok: false; refusal: "inUse"; children: number; products: number; menus: number };

const invalid = (problems: StructureProblem[]) => new Refused({ ok: false, refusal: "invalid", problems });

type Entity = "category" | "brand";

/**
 * One versioned change in one transaction: locks the row, refuses a stale version, lets `change` write (answering
 * the audit's before and after, or null for a delete), raises the version and writes the audit entry.
 */
async function edit(
  db: Database,
  who: AdminPrincipal,
  entity: Entity,
  id: number,
  version: number,
  action: string,
  change: (
    t: Database,
  ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> | null }>,
): Promise<StructureResult> {
  return refusable<StructureResult>(
    db,
    async (t) => {
      if (entity === "category") await lockTree(t);
      const [row] =
        entity === "category"
          ? await t
              .select({ version: categories.version })
              .from(categories)
              .where(eq(categories.id, id))
              .for("update")
          : await t.select({ version: brands.version }).from(brands).where(eq(brands.id, id)).for("update");
      if (!row) throw new Refused({ ok: false, refusal: "notFound" });
      await refuseStale(t, entity, id, row.version, version);
      const { before, after } = await change(t);
      const next = version + 1;
      if (after && entity === "category")
        await t.update(categories).set({ version: next }).where(eq(categories.id, id));
      if (after && entity === "brand") await t.update(brands).set({ version: next }).where(eq(brands.id, id));
      await writeAudit(t, who, {
        action,
        entity,
        entityId: id,
        before: { ...before, version },
        after: after ? { ...after, version: next } : null,
      });
      return { ok: true as const, id, version: after ? next : version };
    },
    (error) => {
      if (isUniqueViolation(error))
        return {
          ok: false,
          refusal: "invalid",
          problems: [{ field: entity === "brand" ? "alias" : "nb.alias", code: "aliasTaken" }],
        };
      return undefined;
    },
  );
}

/** Category changes one at a time (a transaction-level advisory lock): the tree is small and rarely edited. */
async function lockTree(t: Database) {
  await t.execute(sql`select pg_advisory_xact_lock(hashtext('mili_category_tree'))`);
}

// ---------------------------------------------------------------------------------------------------------------
// Categories

export interface AdminCategoryRow {
  categoryId: number;
  parentId: number | null;
  key: string;
  sortOrder: number;
  active: boolean;
  version: number;
  /** The name in the admin's language (the key when it has none). */
  name: string;
  texts: {
    languageId: string;
    name: string;
    alias: string;
    description: string | null;
    metaTitle: string | null;
    metaDescription: string | null;
  }[];
  childCount: number;
  productCount: number;
}

/** Every category (the tree is small: a few hundred at most), parents before their order among siblings. */
export async function adminCategories(db: Database, languageId: string): Promise<AdminCategoryRow[]> {
  const [rows, texts, productCounts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select().from(categoryTranslations).orderBy(asc(categoryTranslations.languageId)),
    db
      .select({ id: productCategories.categoryId, n: count() })
      .from(productCategories)
      .groupBy(productCategories.categoryId),
  ]);
  const productsOf = new Map(productCounts.map((r) => [r.id, r.n]));
  const childrenOf = new Map<number, number>();
  for (const r of rows) if (r.parentId) childrenOf.set(r.parentId, (childrenOf.get(r.parentId) ?? 0) + 1);
  return rows.map((r) => {
    const own = texts.filter((x) => x.categoryId === r.id);
    return {
      categoryId: r.id,
      parentId: r.parentId,
      key: r.key,
      sortOrder: r.sortOrder,
      active: r.active,
      version: r.version,
      name: own.find((x) => x.languageId === languageId)?.name ?? own[0]?.name ?? r.key,
      texts: own.map((x) => ({
        languageId: x.languageId,
        name: x.name,
        alias: x.alias,
        description: x.description,
        metaTitle: x.metaTitle,
        metaDescription: x.metaDescription,
      })),
      childCount: childrenOf.get(r.id) ?? 0,
      productCount: productsOf.get(r.id) ?? 0,
    };
  });
}

export interface CategoryInput {
  parentId: number | null;
  active: boolean;
  texts: Partial<Record<"nb-NO" | "sv-SE", CategoryTextsInput>>;
}

async function treeNodes(t: Database): Promise<CategoryNode[]> {
  const [rows, texts] = await Promise.all([
    t.select({ id: categories.id, parentId: categories.parentId }).from(categories),
    t
      .select({
        id: categoryTranslations.categoryId,
        languageId: categoryTranslations.languageId,
        alias: categoryTranslations.alias,
      })
      .from(categoryTranslations),
  ]);
  const aliases = new Map<number, Record<string, string>>();
  for (const x of texts) aliases.set(x.id, { ...aliases.get(x.id), [x.languageId]: x.alias });
  return rows.map((r) => ({ id: r.id, parentId: r.parentId, aliases: aliases.get(r.id) ?? {} }));
}

/** Checks the texts in both languages, the parent (known, no cycle) and alias uniqueness; throws the problems. */
async function checkCategory(
  t: Database,
  categoryId: number | null,
  input: CategoryInput,
  nodes: CategoryNode[],
): Promise<Record<string, CategoryTexts>> {
  const problems: StructureProblem[] = [];
  const texts: Record<string, CategoryTexts> = {};
  for (const { prefix, languageId } of STRUCTURE_LANGUAGES) {
    const checked = checkCategoryTexts(`${prefix}.`, input.texts[languageId] ?? {});
    if (!checked.ok) problems.push(...checked.problems);
    else texts[languageId] = checked.value;
  }
  if (input.parentId !== null) {
    const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
    if (!parents.has(input.parentId)) problems.push({ field: "parentId", code: "unknownParent" });
    else if (categoryId !== null && wouldMakeCycle(parents, categoryId, input.parentId))
      problems.push({ field: "parentId", code: "cycle" });
  }
  for (const { prefix, languageId } of STRUCTURE_LANGUAGES) {
    const alias = texts[languageId]?.alias;
    if (!alias) continue;
    const [taken] = await t
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(
        and(
          eq(categoryTranslations.languageId, languageId),
          eq(categoryTranslations.alias, alias),
          categoryId === null ? undefined : ne(categoryTranslations.categoryId, categoryId),
        ),
      );
    if (taken) problems.push({ field: `${prefix}.alias`, code: "aliasTaken" });
  }
  if (problems.length) throw invalid(problems);
  return texts;
}

async function writeTexts(t: Database, categoryId: number, texts: Record<string, CategoryTexts>) {
  for (const [languageId, x] of Object.entries(texts)) {
    const values = {
      name: x.name,
      alias: x.alias,
      description: x.description,
      metaTitle: x.metaTitle,
      metaDescription: x.metaDescription,
    };
    await t
      .insert(categoryTranslations)
      .values({ categoryId, languageId, ...values })
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.languageId],
        set: values,
      });
  }
}

/**
 * Renumbers a parent's children in the given order (10, 20, …), in one statement that touches only the rows whose
 * number changes (each touched row runs the catalog's statement triggers).
 */
async function writeOrder(t: Database, order: readonly number[]) {
  if (!order.length) return;
  await t.execute(sql`
    update categories c set sort_order = o.ord * 10
    from unnest(${`{${order.join(",")}}`}::int[]) with ordinality as o(id, ord)
    where c.id = o.id and c.sort_order <> o.ord * 10`);
}

async function siblingsOf(t: Database, parentId: number | null): Promise<number[]> {
  const rows = await t
    .select({ id: categories.id })
    .from(categories)
    .where(parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((r) => r.id);
}

async function recordMoves(t: Database, before: CategoryNode[]) {
  const moves: UrlMove[] = movedPaths(categoryPaths(before), categoryPaths(await treeNodes(t)));
  await recordUrlMoves(t, moves);
}

async function categorySnapshot(t: Database, categoryId: number) {
  const [row] = await t.select().from(categories).where(eq(categories.id, categoryId));
  const texts = await t
    .select()
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, categoryId));
  const out: Record<string, unknown> = {
    parentId: row?.parentId ?? null,
    active: row?.active ?? null,
    sortOrder: row?.sortOrder ?? null,
  };
  for (const { prefix, languageId } of STRUCTURE_LANGUAGES) {
    const x = texts.find((r) => r.languageId === languageId);
    for (const key of ["name", "alias", "description", "metaTitle", "metaDescription"] as const)
      out[`${prefix}.${key}`] = x?.[key] ?? null;
  }
  return out;
}

/** Changed keys only, with the version kept by `edit`. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  return { before: b, after: a };
}

async function freeKey(t: Database, base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const key = n === 1 ? base : `${base}-${n}`;
    const [taken] = await t.select({ id: categories.id }).from(categories).where(eq(categories.key, key));
    if (!taken) return key;
  }
  throw new Error("no free category key");
}

/** A new category, last among its siblings. */
export async function createCategory(
  db: Database,
  who: AdminPrincipal,
  input: CategoryInput,
): Promise<StructureResult> {
  return refusable<StructureResult>(
    db,
    async (t) => {
      await lockTree(t);
      const texts = await checkCategory(t, null, input, await treeNodes(t));
      const siblings = await siblingsOf(t, input.parentId);
      const [row] = await t
        .insert(categories)
        .values({
          parentId: input.parentId,
          key: await freeKey(t, texts["nb-NO"]?.alias ?? "category"),
          active: input.active,
          sortOrder: (siblings.length + 1) * 10,
        })
        .returning({ id: categories.id });
      if (!row) throw new Error("category not created");
      await writeTexts(t, row.id, texts);
      await writeOrder(t, [...siblings, row.id]);
      await writeAudit(t, who, {
        action: "category.create",
        entity: "category",
        entityId: row.id,
        before: null,
        after: { ...(await categorySnapshot(t, row.id)), version: 1 },
      });
      return { ok: true as const, id: row.id, version: 1 };
    },
    (error) => {
      if (isUniqueViolation(error))
        return { ok: false, refusal: "invalid", problems: [{ field: "nb.alias", code: "aliasTaken" }] };
      return undefined;
    },
  );
}

/** Texts, visibility and parent (a new parent puts it last among its new siblings); moved paths redirect. */
export function updateCategory(
  db: Database,
  who: AdminPrincipal,
  categoryId: number,
  version: number,
  input: CategoryInput,
): Promise<StructureResult> {
  return edit(db, who, "category", categoryId, version, "category.update", async (t) => {
    const nodes = await treeNodes(t);
    const texts = await checkCategory(t, categoryId, input, nodes);
    const before = await categorySnapshot(t, categoryId);
    const oldParent = nodes.find((n) => n.id === categoryId)?.parentId ?? null;
    await t
      .update(categories)
      .set({ active: input.active, parentId: input.parentId })
      .where(eq(categories.id, categoryId));
    await writeTexts(t, categoryId, texts);
    if (oldParent !== input.parentId) {
      await writeOrder(
        t,
        (await siblingsOf(t, oldParent)).filter((id) => id !== categoryId),
      );
      await writeOrder(
        t,
        placeAmongSiblings(await siblingsOf(t, input.parentId), categoryId, Number.MAX_SAFE_INTEGER),
      );
    }
    await recordMoves(t, nodes);
    return diff(before, await categorySnapshot(t, categoryId));
  });
}

/**
 * Places a category under `parentId` (null: a root) at `position` among its siblings (0 first): reordering
 * (drag and drop, or the move up/down buttons) and moving under another parent. Refuses a cycle.
 */
export function moveCategory(
  db: Database,
  who: AdminPrincipal,
  categoryId: number,
  version: number,
  parentId: number | null,
  position: number,
): Promise<StructureResult> {
  return edit(db, who, "category", categoryId, version, "category.move", async (t) => {
    const nodes = await treeNodes(t);
    const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
    if (parentId !== null && !parents.has(parentId))
      throw invalid([{ field: "parentId", code: "unknownParent" }]);
    if (wouldMakeCycle(parents, categoryId, parentId)) throw invalid([{ field: "parentId", code: "cycle" }]);
    const before = await categorySnapshot(t, categoryId);
    const oldParent = parents.get(categoryId) ?? null;
    if (oldParent !== parentId) {
      await t.update(categories).set({ parentId }).where(eq(categories.id, categoryId));
      await writeOrder(
        t,
        (await siblingsOf(t, oldParent)).filter((id) => id !== categoryId),
      );
    }
    await writeOrder(t, placeAmongSiblings(await siblingsOf(t, parentId), categoryId, position));
    await recordMoves(t, nodes);
    return diff(before, await categorySnapshot(t, categoryId));
  });
}

/**
 * How many menu items link to a category (by its key) or a brand (by its alias): like a content page, it is not
 * deleted while a menu links to it (the item would silently disappear from the menu).
 */
async function menuLinks(t: Database, targetType: "category" | "brand", key: string): Promise<number> {
  const [row] = await t
    .select({ n: count() })
    .from(menuItems)
    .where(and(eq(menuItems.targetType, targetType), sql`${menuItems.target}->>'key' = ${key}`));
  return row?.n ?? 0;
}

/**
 * Deletes a category that has no subcategories, no products and no menu links; otherwise refuses with how many it
 * has.
 */
export function deleteCategory(
  db: Database,
  who: AdminPrincipal,
  categoryId: number,
  version: number,
): Promise<StructureResult> {
  return edit(db, who, "category", categoryId, version, "category.delete", async (t) => {
    const [[children], [listed], [own]] = await Promise.all([
      t.select({ n: count() }).from(categories).where(eq(categories.parentId, categoryId)),
      t
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(
          or(
            eq(products.primaryCategoryId, categoryId),
            sql`exists (select 1 from product_categories pc where pc.product_id = ${products.id} and pc.category_id = ${categoryId})`,
          ),
        ),
      t.select({ key: categories.key }).from(categories).where(eq(categories.id, categoryId)),
    ]);
    const linked = own ? await menuLinks(t, "category", own.key) : 0;
    if ((children?.n ?? 0) > 0 || (listed?.n ?? 0) > 0 || linked > 0)
      throw new Refused({
        ok: false,
        refusal: "inUse",
        children: children?.n ?? 0,
        products: listed?.n ?? 0,
        menus: linked,
      });
    const before = await categorySnapshot(t, categoryId);
    const [row] = await t
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, categoryId));
    await t.delete(categories).where(eq(categories.id, categoryId));
    await writeOrder(t, await siblingsOf(t, row?.parentId ?? null));
    return { before, after: null };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Brands

export interface AdminBrandRow {
  brandId: number;
  name: string;
  alias: string;
  active: boolean;
  version: number;
  descriptions: { languageId: string; text: string }[];
  productCount: number;
}

const brandProducts = sql<number>`(select count(*) from products p where p.brand_id = ${brands.id})::int`;

function brandRow(r: typeof brands.$inferSelect & { productCount: number }): AdminBrandRow {
  return {
    brandId: r.id,
    name: r.name,
    alias: r.alias,
    active: r.active,
    version: r.version,
    descriptions: Object.entries(r.description).map(([languageId, text]) => ({ languageId, text })),
    productCount: r.productCount,
  };
}

/** Brands by name or alias, by name; a page. */
export async function adminBrands(
  db: Database,
  filter: { search: string | null; skip: number; take: number },
): Promise<{ total: number; brands: AdminBrandRow[] }> {
  const search = filter.search?.trim();
  const where: SQL | undefined = search
    ? or(ilike(brands.name, likeContaining(search)), ilike(brands.alias, likeContaining(search)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ brand: brands, productCount: brandProducts })
      .from(brands)
      .where(where)
      .orderBy(sql`lower(${brands.name})`, asc(brands.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    brands: rows.map((r) => brandRow({ ...r.brand, productCount: r.productCount })),
  };
}

export async function adminBrand(db: Database, brandId: number): Promise<AdminBrandRow | null> {
  const [row] = await db
    .select({ brand: brands, productCount: brandProducts })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row ? brandRow({ ...row.brand, productCount: row.productCount }) : null;
}

export interface BrandInput {
  name: string;
  alias: string | null;
  active: boolean;
  /** The description per language prefix ("nb", "sv"). */
  descriptions: Record<string, string | null>;
}

async function checkBrandInput(t: Database, brandId: number | null, input: BrandInput): Promise<BrandFields> {
  const checked = checkBrand({ name: input.name, alias: input.alias, descriptions: input.descriptions });
  if (!checked.ok) throw invalid(checked.problems);
  const [taken] = await t
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.alias, checked.value.alias), brandId === null ? undefined : ne(brands.id, brandId)));
  if (taken) throw invalid([{ field: "alias", code: "aliasTaken" }]);
  return checked.value;
}

function descriptionOf(fields: BrandFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { prefix, languageId } of STRUCTURE_LANGUAGES) {
    const text = fields.descriptions[prefix];
    if (text) out[languageId] = text;
  }
  return out;
}

function brandSnapshot(b: {
  name: string;
  alias: string;
  active: boolean;
  description: Record<string, string>;
}) {
  const out: Record<string, unknown> = { name: b.name, alias: b.alias, active: b.active };
  for (const { prefix, languageId } of STRUCTURE_LANGUAGES)
    out[`${prefix}.description`] = b.description[languageId] ?? null;
  return out;
}

export async function createBrand(
  db: Database,
  who: AdminPrincipal,
  input: BrandInput,
): Promise<StructureResult> {
  return refusable<StructureResult>(
    db,
    async (t) => {
      const fields = await checkBrandInput(t, null, input);
      const values = {
        name: fields.name,
        alias: fields.alias,
        active: input.active,
        description: descriptionOf(fields),
      };
      const [row] = await t.insert(brands).values(values).returning({ id: brands.id });
      if (!row) throw new Error("brand not created");
      await writeAudit(t, who, {
        action: "brand.create",
        entity: "brand",
        entityId: row.id,
        before: null,
        after: { ...brandSnapshot(values), version: 1 },
      });
      return { ok: true as const, id: row.id, version: 1 };
    },
    (error) => {
      if (isUniqueViolation(error))
        return { ok: false, refusal: "invalid", problems: [{ field: "alias", code: "aliasTaken" }] };
      return undefined;
    },
  );
}

/**
 * Name, alias (the old /b/ path redirects in every language, and menu items linking to the brand follow it: they
 * name it by alias), visibility and descriptions.
 */
export function updateBrand(
  db: Database,
  who: AdminPrincipal,
  brandId: number,
  version: number,
  input: BrandInput,
): Promise<StructureResult> {
  return edit(db, who, "brand", brandId, version, "brand.update", async (t) => {
    const fields = await checkBrandInput(t, brandId, input);
    const [old] = await t.select().from(brands).where(eq(brands.id, brandId));
    if (!old) throw new Refused({ ok: false, refusal: "notFound" });
    const values = {
      name: fields.name,
      alias: fields.alias,
      active: input.active,
      description: descriptionOf(fields),
    };
    await t.update(brands).set(values).where(eq(brands.id, brandId));
    if (old.alias !== fields.alias) {
      const langs = await t.select({ id: languages.id }).from(languages);
      await recordUrlMoves(
        t,
        langs.map((l) => ({ languageId: l.id, oldUrl: `/b/${old.alias}`, newUrl: `/b/${fields.alias}` })),
      );
      await followBrandAlias(t, who, old.alias, fields.alias);
    }
    return diff(brandSnapshot(old), brandSnapshot(values));
  });
}

/**
 * Menu items name a brand by its alias (`target.key`): after a rename they are pointed at the new one, in the same
 * transaction, and each menu touched raises its version (a menu form open elsewhere is then stale) with an audit
 * entry of its own.
 */
async function followBrandAlias(t: Database, who: AdminPrincipal, from: string, to: string) {
  const linked = and(eq(menuItems.targetType, "brand"), sql`${menuItems.target}->>'key' = ${from}`);
  const touched = await t
    .select({ id: menus.id, version: menus.version })
    .from(menus)
    .where(inArray(menus.id, t.select({ id: menuItems.menuId }).from(menuItems).where(linked)))
    .orderBy(asc(menus.id))
    .for("update");
  if (!touched.length) return;
  await t
    .update(menuItems)
    .set({ target: sql`jsonb_set(${menuItems.target}, '{key}', to_jsonb(${to}::text))` })
    .where(linked);
  for (const menu of touched) {
    const next = menu.version + 1;
    await t.update(menus).set({ version: next }).where(eq(menus.id, menu.id));
    await writeAudit(t, who, {
      action: "menu.brandAlias",
      entity: "menu",
      entityId: menu.id,
      before: { brand: from, version: menu.version },
      after: { brand: to, version: next },
    });
  }
}

/** Deletes a brand no product uses and no menu links to; otherwise refuses with how many. */
export function deleteBrand(db: Database, who: AdminPrincipal, brandId: number, version: number) {
  return edit(db, who, "brand", brandId, version, "brand.delete", async (t) => {
    const [[used], [own]] = await Promise.all([
      t.select({ n: count() }).from(products).where(eq(products.brandId, brandId)),
      t.select({ alias: brands.alias }).from(brands).where(eq(brands.id, brandId)),
    ]);
    const linked = own ? await menuLinks(t, "brand", own.alias) : 0;
    if ((used?.n ?? 0) > 0 || linked > 0)
      throw new Refused({ ok: false, refusal: "inUse", children: 0, products: used?.n ?? 0, menus: linked });
    const [old] = await t.select().from(brands).where(eq(brands.id, brandId));
    await t.delete(brands).where(eq(brands.id, brandId));
    return { before: old ? brandSnapshot(old) : {}, after: null };
  });
}
