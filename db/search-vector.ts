import { sql } from "drizzle-orm";
import type { Database, Tx } from "./client.ts";

/**
 * The products' search documents (`product_translations.search_vector`), one rule for the seed and the back
 * office: name and brand weigh most (A), then the aliases (B), the short text (C) and the long text (D), each in
 * its language's text-search configuration. Every product when `productId` is left out (the seed), else one.
 */
export async function refreshSearchVectors(t: Database | Tx, productId?: number): Promise<void> {
  const cfg = sql.raw(`(case when t.language_id = 'sv-SE' then 'swedish' else 'norwegian' end)::regconfig`);
  const one = productId === undefined ? sql`` : sql` and p.id = ${productId}`;
  await t.execute(sql`
    update product_translations t set search_vector =
      setweight(to_tsvector(${cfg}, t.name), 'A') ||
      setweight(to_tsvector(${cfg}, coalesce(b.name, '')), 'A') ||
      setweight(to_tsvector(${cfg}, array_to_string(t.aliases, ' ')), 'B') ||
      setweight(to_tsvector(${cfg}, coalesce(t.text2, '')), 'C') ||
      setweight(to_tsvector(${cfg}, coalesce(t.text1, '')), 'D')
    from products p
    left join brands b on b.id = p.brand_id
    where p.id = t.product_id${one}`);
}
