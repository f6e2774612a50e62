import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { categories, categoryTranslations } from "#db/schema/index.ts";
import { keptWith, type Locale, type ReferenceData } from "../reference.ts";

export interface CategoryNodeView {
  categoryId: number;
  parentCategoryId: number | null;
  /** Position among its siblings (merchandised order). */
  order: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  /** The category's path in every storefront language. */
  alternativeUrls: { languageId: string; url: string }[];
  children: CategoryNodeView[];
}

/** Every active category's row in every language, in merchandised order. */
async function categoryRows(db: Database) {
  return await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      sortOrder: categories.sortOrder,
      languageId: categoryTranslations.languageId,
      name: categoryTranslations.name,
      alias: categoryTranslations.alias,
    })
    .from(categories)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .where(eq(categories.active, true))
    .orderBy(asc(categories.sortOrder));
}

/**
 * The active category tree in the locale's language, in merchandised order. One statement; none when `ref` (the
 * request's reference copy) has the categories read already (decision 0074: categories and their translations
 * mark the catalog version at commit, migration 0010, so a newer version's reference copy reads them anew).
 */
export async function categoryTree(
  db: Database,
  locale: Locale,
  ref?: ReferenceData,
): Promise<CategoryNodeView[]> {
  const rows = await (ref ? keptWith(ref, "categoryTree", () => categoryRows(db)) : categoryRows(db));
  const byLanguage = new Map<string, Map<number, { alias: string; parentId: number | null }>>();
  for (const r of rows) {
    const map = byLanguage.get(r.languageId) ?? new Map();
    map.set(r.id, { alias: r.alias, parentId: r.parentId });
    byLanguage.set(r.languageId, map);
  }
  const pathOf = (languageId: string, id: number): string => {
    const map = byLanguage.get(languageId);
    const node = map?.get(id);
    if (!node) return "";
    // Category URLs carry at most the parent: /c/{parent}/{category}.
    const parent = node.parentId ? map?.get(node.parentId) : undefined;
    return parent ? `/c/${parent.alias}/${node.alias}` : `/c/${node.alias}`;
  };
  const nodes = new Map<number, CategoryNodeView>();
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    nodes.set(r.id, {
      categoryId: r.id,
      parentCategoryId: r.parentId,
      order: r.sortOrder,
      name: r.name,
      alias: r.alias,
      canonicalUrl: pathOf(r.languageId, r.id),
      alternativeUrls: [...byLanguage.keys()].map((languageId) => ({
        languageId,
        url: pathOf(languageId, r.id),
      })),
      children: [],
    });
  }
  const roots: CategoryNodeView[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCategoryId ? nodes.get(node.parentCategoryId) : undefined;
    if (parent) parent.children.push(node);
    else if (!node.parentCategoryId) roots.push(node);
  }
  return roots;
}

/** Walks a tree depth-first. */
export function flattenTree(nodes: CategoryNodeView[]): CategoryNodeView[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}
