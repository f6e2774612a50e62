import { type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import type { PackageGroup } from "#domain/cart.ts";

/**
 * What a package's price rule needs (domain/cart.ts, docs/decisions/0012): the package's own price for its default
 * picks and what those picks cost on their own, both as they sell at a moment in a market (the price in effect,
 * `mili_price_in_effect`, as the cart charges every line). The cart prices its packages with these and the
 * product page computes a package's price for any picks from the same numbers, through the same function
 * (`packagePrice`), so the page promises what the cart charges.
 */

type Db = Database | Tx;

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface PackageRule {
  packageId: number;
  /** The package's name in the language asked for ("" when it has none). */
  name: string;
  currency: string;
  /** The package SKU's price: what the package costs with its default picks. */
  packagePrice: number;
  /** What the default picks cost on their own: each picked product's cheapest SKU, times its quantity. */
  defaultPicksPrice: number;
}

/**
 * The price rule of each package that has one in the market at `at`: a package without a price, or with a
 * default pick that has none, has no rule (its picks cost what they cost alone). One statement.
 */
export async function loadPackageRules(
  db: Db,
  packageIds: readonly number[],
  opts: { marketAlias: string; languageId: string; at: Date },
): Promise<Map<number, PackageRule>> {
  if (!packageIds.length) return new Map();
  const at = opts.at.toISOString();
  const rows = rowsOf<{
    package_id: number;
    name: string | null;
    currency: string | null;
    package_price: number | null;
    default_picks_price: number | null;
    defaults_priced: boolean | null;
  }>(
    await db.execute(sql`
      select p.id as package_id, pt.name, own.currency, own.price as package_price,
             picks.total as default_picks_price, picks.priced as defaults_priced
      from products p
      left join product_translations pt on pt.product_id = p.id and pt.language_id = ${opts.languageId}
      left join lateral (
        select min(pr.currency_code) as currency, min(mili_price_in_effect(pr, ${at}::timestamptz))::int as price
        from skus s join prices pr on pr.sku_id = s.id and pr.market_alias = ${opts.marketAlias}
        where s.product_id = p.id and s.active
      ) own on true
      left join lateral (
        select sum(o.quantity * pick.price)::int as total, bool_and(pick.price is not null) as priced
        from package_groups g
        join package_options o on o.group_id = g.id and o.is_selected
        left join lateral (
          select min(mili_price_in_effect(pr, ${at}::timestamptz)) as price
          from skus s join prices pr on pr.sku_id = s.id and pr.market_alias = ${opts.marketAlias}
          where s.product_id = o.product_id and s.active
        ) pick on true
        where g.package_product_id = p.id
      ) picks on true
      where p.id in (${idList(packageIds)}) and p.type = 'package'`),
  );
  const out = new Map<number, PackageRule>();
  for (const r of rows) {
    if (r.package_price === null || r.currency === null) continue;
    if (r.default_picks_price === null || !r.defaults_priced) continue;
    out.set(Number(r.package_id), {
      packageId: Number(r.package_id),
      name: r.name ?? "",
      currency: r.currency,
      packagePrice: Number(r.package_price),
      defaultPicksPrice: Number(r.default_picks_price),
    });
  }
  return out;
}

/** A rule as the cart's pricing takes it for one group of lines added as that package. */
export function packageGroupOf(rule: PackageRule, groupKey: string): PackageGroup {
  return {
    groupKey,
    packageId: rule.packageId,
    name: rule.name,
    numerator: rule.packagePrice,
    denominator: rule.defaultPicksPrice,
  };
}

export interface SkuPrice {
  skuId: number;
  productId: number;
  productClass: string;
  currency: string;
  regular: number;
  /** The price in effect at the moment asked for: what the cart charges for the SKU. */
  selling: number;
}

/** Each SKU's price in a market at `at` (SKUs without one are left out). One statement. */
export async function loadSkuPrices(
  db: Db,
  skuIds: readonly number[],
  opts: { marketAlias: string; at: Date },
): Promise<Map<number, SkuPrice>> {
  if (!skuIds.length) return new Map();
  const rows = rowsOf<{
    sku_id: number;
    product_id: number;
    product_class: string;
    currency_code: string;
    regular_minor: number;
    selling: number;
  }>(
    await db.execute(sql`
      select s.id as sku_id, s.product_id, p.product_class, pr.currency_code, pr.regular_minor,
             mili_price_in_effect(pr, ${opts.at.toISOString()}::timestamptz) as selling
      from skus s
      join products p on p.id = s.product_id
      join prices pr on pr.sku_id = s.id and pr.market_alias = ${opts.marketAlias}
      where s.id in (${idList(skuIds)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.sku_id),
      {
        skuId: Number(r.sku_id),
        productId: Number(r.product_id),
        productClass: r.product_class,
        currency: r.currency_code,
        regular: Number(r.regular_minor),
        selling: Number(r.selling),
      },
    ]),
  );
}
