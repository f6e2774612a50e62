import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "./db.ts";
import { gql, type Shop } from "./shop.ts";

/** A product's aliases and the paths of its Norwegian and Swedish pages (the Swedish one under /sv). */
export interface ProductPaths {
  id: number;
  nb: string;
  sv: string;
  nbUrl: string;
  svUrl: string;
}

/**
 * The first active product (`type = 'product'`, by id) that `condition` (SQL over `products p`) picks, with its
 * aliases and pages in both languages as the API names them (canonicalUrl); null when none does.
 */
export async function productPathsWhere(shop: Shop, condition: SQL): Promise<ProductPaths | null> {
  const [row] = await queryRows<{ id: number; nb: string; sv: string }>(
    shop.db.db,
    sql`
    select p.id,
      (select alias from product_translations where product_id = p.id and language_id = 'nb-NO') as nb,
      (select alias from product_translations where product_id = p.id and language_id = 'sv-SE') as sv
    from products p
    where p.active and p.type = 'product' and ${condition}
    order by p.id limit 1`,
  );
  if (!row) return null;
  const urlOf = async (alias: string, channelId: string, languageId: string) =>
    (
      await gql(shop.origin, {
        query: `query($a: String!) { product(alias: $a, channelId: "${channelId}", languageId: "${languageId}") { canonicalUrl } }`,
        variables: { a: alias },
      })
    ).body.data.product.canonicalUrl as string;
  return {
    ...row,
    nbUrl: await urlOf(row.nb, "1|no", "nb-NO"),
    svUrl: `/sv${await urlOf(row.sv, "1|se", "sv-SE")}`,
  };
}
