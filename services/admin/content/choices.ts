import { and, asc, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  campaignTranslations,
  categories,
  categoryTranslations,
  contentPages,
  contentPageTranslations,
  discountCampaigns,
  productImages,
  productTranslations,
} from "#db/schema/index.ts";
import { likeContaining } from "../search.ts";

/**
 * What the back office's content forms pick from (issue 15, decision 0063): the shop's images (for image, banner
 * and video widgets: searched by product name or file name, with their alt text) and the categories, brands,
 * content pages and campaigns (by name, for menu links and product-list widgets). Read-only; bounded.
 */

export interface AdminContentImage {
  fileName: string;
  /** Its alt text in the admin's language (or the other), else the product's name. */
  alt: string;
  productName: string;
}

const MAX_IMAGES = 30;

/**
 * The shop's images: those named in `fileNames` (the form's current picks), else up to `take` found by product
 * name or file name (the newest products first; every image when the search is empty).
 */
export async function contentImages(
  db: Database,
  languageId: string,
  opts: { search?: string | null; fileNames?: readonly string[] | null; take?: number | null },
): Promise<AdminContentImage[]> {
  const take = Math.min(Math.max(opts.take ?? 24, 1), MAX_IMAGES);
  const search = (opts.search ?? "").trim().slice(0, 100);
  const names = (opts.fileNames ?? []).slice(0, 10);
  const where = names.length
    ? inArray(productImages.fileName, names)
    : search
      ? or(
          ilike(productTranslations.name, likeContaining(search)),
          ilike(productImages.fileName, likeContaining(search)),
        )
      : undefined;
  const rows = await db
    .select({ fileName: productImages.fileName, alt: productImages.alt, name: productTranslations.name })
    .from(productImages)
    .leftJoin(
      productTranslations,
      and(
        eq(productTranslations.productId, productImages.productId),
        eq(productTranslations.languageId, languageId),
      ),
    )
    .where(where)
    .orderBy(desc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id))
    .limit(names.length ? names.length * 2 : take);
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.fileName) && seen.add(r.fileName))
    .map((r) => {
      const alt = r.alt?.[languageId] || r.alt?.["nb-NO"] || r.alt?.["sv-SE"] || r.name || r.fileName;
      return { fileName: r.fileName, alt, productName: r.name ?? "" };
    });
}

export interface AdminContentChoice {
  id: number;
  /** What a menu link stores: a category's or page's key, a brand's alias; a campaign's key. */
  key: string;
  /** Its name in the admin's language (a category with its parents: "Klær › Jakker"). */
  name: string;
}

export interface AdminContentChoices {
  categories: AdminContentChoice[];
  brands: AdminContentChoice[];
  pages: AdminContentChoice[];
  campaigns: AdminContentChoice[];
}

/** Every category, brand, content page and campaign with its name in the admin's language, by name. */
export async function contentChoices(db: Database, languageId: string): Promise<AdminContentChoices> {
  const [cats, brandRows, pages, campaigns] = await Promise.all([
    db
      .select({
        id: categories.id,
        key: categories.key,
        parentId: categories.parentId,
        name: categoryTranslations.name,
      })
      .from(categories)
      .leftJoin(
        categoryTranslations,
        and(
          eq(categoryTranslations.categoryId, categories.id),
          eq(categoryTranslations.languageId, languageId),
        ),
      )
      .limit(5000),
    db.select({ id: brands.id, key: brands.alias, name: brands.name }).from(brands).limit(5000),
    db
      .select({ id: contentPages.id, key: contentPages.key, name: contentPageTranslations.title })
      .from(contentPages)
      .leftJoin(
        contentPageTranslations,
        and(
          eq(contentPageTranslations.pageId, contentPages.id),
          eq(contentPageTranslations.languageId, languageId),
        ),
      )
      .limit(500),
    db
      .select({ id: discountCampaigns.id, key: discountCampaigns.key, name: campaignTranslations.name })
      .from(discountCampaigns)
      .leftJoin(
        campaignTranslations,
        and(
          eq(campaignTranslations.campaignId, discountCampaigns.id),
          eq(campaignTranslations.languageId, languageId),
        ),
      )
      .limit(2000),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const path = (id: number | null, depth = 0): string[] => {
    const c = id === null ? undefined : byId.get(id);
    if (!c || depth > 10) return [];
    return [...path(c.parentId, depth + 1), c.name ?? c.key];
  };
  const sorted = (rows: AdminContentChoice[]) =>
    rows.sort((a, b) => a.name.localeCompare(b.name, languageId) || a.id - b.id);
  return {
    categories: sorted(cats.map((c) => ({ id: c.id, key: c.key, name: path(c.id).join(" › ") }))),
    brands: sorted(brandRows.map((b) => ({ ...b }))),
    pages: sorted(pages.map((p) => ({ id: p.id, key: p.key, name: p.name ?? p.key }))),
    campaigns: sorted(campaigns.map((c) => ({ id: c.id, key: c.key, name: c.name ?? c.key }))),
  };
}
