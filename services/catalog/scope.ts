import type { Database } from "#db/client.ts";
import type { Locale } from "../reference.ts";
import { listBrands } from "./brands.ts";
import { listCampaigns } from "./campaigns.ts";
import { categoryTree, flattenTree } from "./categories.ts";

/** A list URL's path (language-neutral: /c/{parent}/{category}, /b/{brand}, /dc/{campaign}, /s/{text}). */
export async function resolveListScope(
  db: Database,
  locale: Locale,
  args: { categoryAlias?: string; brandAlias?: string; discountCampaignAlias?: string; url?: string },
): Promise<{
  categoryIds?: number[];
  brandIds?: number[];
  campaignIds?: number[];
  searchText?: string;
} | null> {
  const out: { categoryIds?: number[]; brandIds?: number[]; campaignIds?: number[]; searchText?: string } =
    {};
  let categoryPath: string | undefined;
  const categoryAlias = args.categoryAlias;
  let brandAlias = args.brandAlias;
  let campaignAlias = args.discountCampaignAlias;
  if (args.url !== undefined) {
    const path = (args.url.split(/[?#]/)[0] ?? "").replace(/\/+$/, "");
    const [, kind, ...rest] = path.split("/");
    let decoded: string[];
    try {
      decoded = rest.map((p) => decodeURIComponent(p));
    } catch {
      return null;
    }
    if (kind === "c" && decoded.length >= 1 && decoded.length <= 3) categoryPath = `/c/${decoded.join("/")}`;
    else if (kind === "b" && decoded.length === 1) brandAlias = decoded[0];
    else if (kind === "dc" && decoded.length === 1) campaignAlias = decoded[0];
    else if (kind === "s" && decoded.length === 1) out.searchText = decoded[0];
    else return null;
  }
  if (categoryAlias !== undefined || categoryPath !== undefined) {
    const all = flattenTree(await categoryTree(db, locale));
    const category = categoryPath
      ? (all.find((c) => c.canonicalUrl === categoryPath) ??
        all.find((c) => c.alternativeUrls.some((u) => u.url === categoryPath)))
      : all.find((c) => c.alias === categoryAlias);
    if (!category) return null;
    out.categoryIds = [category.categoryId];
  }
  if (brandAlias !== undefined) {
    const brand = (await listBrands(db, locale)).find((b) => b.alias === brandAlias);
    if (!brand) return null;
    out.brandIds = [brand.brandId];
  }
  if (campaignAlias !== undefined) {
    const campaign = (await listCampaigns(db, locale)).find(
      (c) => c.alias === campaignAlias || c.alternativeUrls.some((u) => u.url === `/dc/${campaignAlias}`),
    );
    if (!campaign) return null;
    out.campaignIds = [campaign.campaignId];
  }
  return out;
}
