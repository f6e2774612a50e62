import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { brands } from "#db/schema/index.ts";
import type { Locale } from "../reference.ts";

export interface BrandView {
  brandId: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  description: string | null;
}

export async function listBrands(db: Database, locale: Locale): Promise<BrandView[]> {
  const rows = await db.select().from(brands).where(eq(brands.active, true)).orderBy(asc(brands.name));
  return rows.map((b) => ({
    brandId: b.id,
    name: b.name,
    alias: b.alias,
    canonicalUrl: `/b/${b.alias}`,
    description: b.description[locale.language.id] ?? null,
  }));
}
