import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import type { ProductSort } from "#domain/sorts.ts";
import type { Meta } from "../catalog-index/index.ts";
import type { Locale, ReferenceData } from "../reference.ts";
import { rowsOf } from "../search-words.ts";
import { intArray, prepare } from "./compiled-list.ts";
import type { ListFilter } from "./filter.ts";
import { relevance } from "./search-match.ts";
import { type PageRow, type ProductSummary, summaryOf } from "./summary.ts";

/** The best `k` of a stream of (key, id), smallest key first, then smallest id: a bounded max-heap. */
class TopK {
  keys: Float64Array;
  ids: Int32Array;
  size = 0;
  readonly k: number;
  constructor(k: number) {
    this.k = k;
    this.keys = new Float64Array(k);
    this.ids = new Int32Array(k);
  }
  /** Whether entry i comes after (key, id). */
  private after(i: number, key: number, id: number) {
    const k = this.keys[i] as number;
    return k > key || (k === key && (this.ids[i] as number) > id);
  }
  private put(i: number, key: number, id: number) {
    this.keys[i] = key;
    this.ids[i] = id;
  }
  offer(key: number, id: number) {
    if (this.size < this.k) {
      // Sift up: parents that come before the new entry move down.
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.after(parent, key, id)) break;
        this.put(i, this.keys[parent] as number, this.ids[parent] as number);
        i = parent;
      }
      this.put(i, key, id);
      return;
    }
    // Full: the new entry replaces the last-ranked one (the root) if it comes before it.
    if (this.k === 0 || !this.after(0, key, id)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let last = -1;
      let lastKey = key;
      let lastId = id;
      if (l < this.size && this.after(l, lastKey, lastId)) {
        last = l;
        lastKey = this.keys[l] as number;
        lastId = this.ids[l] as number;
      }
      if (r < this.size && this.after(r, lastKey, lastId)) last = r;
      if (last < 0) break;
      this.put(i, this.keys[last] as number, this.ids[last] as number);
      i = last;
    }
    this.put(i, key, id);
  }
  /** The kept ids in order. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort(
      (a, b) =>
        (this.keys[a] as number) - (this.keys[b] as number) ||
        (this.ids[a] as number) - (this.ids[b] as number),
    );
    return order.map((i) => this.ids[i] as number);
  }
}

/**
 * A page of active products with their card price in the locale's market (the cheapest SKU's selling price in
 * effect, with that SKU's regular price), the 30-day lowest price and the rating, filtered, sorted and searched.
 * Filters, counts, sorts and search run on the index in memory; then one statement reads the page's products
 * (two for the sorts by sales and rating, which change with every order and review and so stay in the database).
 * Besides: the version check, a search's expansion (kept until the words change) and article numbers when given.
 */
export async function listProducts(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  opts: ListFilter & {
    skip: number;
    take: number;
    sort: ProductSort;
    today?: Date;
  },
): Promise<{ products: ProductSummary[]; count: number }> {
  const today = opts.today ?? new Date();
  const { sort } = opts;
  const list = await prepare(db, locale, opts, today, {
    alphabetical: sort === "ALPHABETICAL" || sort === "ALPHABETICAL_DESC",
  });
  if (!list) return { products: [], count: 0 };
  // From here to the page statement nothing awaits: one consistent index.
  const { index, selling, search, alphabetical } = list;
  const stockSort = sort.includes("_STOCK");
  const inDatabase = sort === "MOST_SOLD" || sort === "VOTES" || stockSort;
  /** FACET_ORDER: the position in the filter's product ids. */
  const position =
    sort === "FACET_ORDER" ? new Map((opts.productIds ?? []).map((id, i) => [id, i])) : undefined;
  /** BRAND: the rank of the slot's brand name (no brand last). */
  const brandRank = sort === "BRAND" ? brandRanks(index.meta) : undefined;
  const customSort = /^CUSTOM_(\d)$/.exec(sort)?.[1] ?? (sort === "RELEVANCE" && !search ? "1" : null);
  const custom = customSort ? (index.custom[Number(customSort) - 1] as Float64Array) : null;
  const created = index.created;
  /** The sort key of a slot, smallest first (ties: product id). */
  const key = (slot: number): number => {
    if (custom) return custom[slot] as number;
    switch (sort) {
      case "RELEVANCE":
        return search ? -relevance(search, slot) : 0;
      case "LATEST": {
        const c = created[slot] as number;
        return Number.isNaN(c) ? Number.NEGATIVE_INFINITY : -c;
      }
      case "PRICE":
        return selling[slot] as number;
      case "PRICE_DESC":
        return -(selling[slot] as number);
      case "ALPHABETICAL":
        return alphabetical ? (alphabetical[slot] as number) : 0;
      case "ALPHABETICAL_DESC":
        return alphabetical ? -(alphabetical[slot] as number) : 0;
      case "FACET_ORDER":
        return position?.get(index.ids[slot] as number) ?? Number.POSITIVE_INFINITY;
      case "BRAND":
        return brandRank?.get(index.brand[slot] as number) ?? Number.POSITIVE_INFINITY;
      default:
        return 0;
    }
  };
  const skip = Math.max(0, opts.skip);
  const take = Math.max(0, opts.take);
  const top = new TopK(inDatabase ? 0 : Math.min(skip + take, index.size));
  const matching: number[] = [];
  let count = 0;
  const { groups, price, inScope, candidates } = list;
  const n = candidates ? candidates.length : index.size;
  for (let k = 0; k < n; k++) {
    const slot = candidates ? (candidates[k] as number) : k;
    if (!inScope(slot)) continue;
    let pass = true;
    for (const g of groups) {
      if (!g.test(slot)) {
        pass = false;
        break;
      }
    }
    if (!pass || (price && !price(slot))) continue;
    // The name sort reads the names: a product without one in the language is not listed.
    if (alphabetical && (alphabetical[slot] as number) < 0) continue;
    count++;
    if (inDatabase) matching.push(index.ids[slot] as number);
    else top.offer(key(slot), index.ids[slot] as number);
  }
  const ids = inDatabase ? [] : top.sorted().slice(skip, skip + take);
  if (inDatabase ? !matching.length : !ids.length) return { products: [], count };
  let page: SQL;
  if (inDatabase) {
    const order = stockSort
      ? sql.raw(`stock ${sort.endsWith("_DESC") ? "desc" : "asc"}, id`)
      : sort === "MOST_SOLD"
        ? sql`sales_count desc, id`
        : sql`rating_score desc nulls last, vote_count desc, id`;
    const stock = sort.startsWith("TOTAL_")
      ? sql`(select coalesce(sum(s.in_stock + s.oversellable), 0) from skus s where s.product_id = p.id and s.active)`
      : sql`(select coalesce(sum(s.in_stock), 0) from skus s where s.product_id = p.id and s.active)`;
    // The matching ids: a list (index lookups) when they are few next to the catalog, else a bitmap the scan of
    // products tests (bit n in byte n / 8, from the right, as get_bit reads it).
    let members: SQL;
    if (matching.length * 50 <= index.size) members = sql`p.id = any(${intArray(matching)})`;
    else {
      const bits = new Uint8Array((Math.max(...matching) >> 3) + 1);
      for (const id of matching) bits[id >> 3] = (bits[id >> 3] as number) | (1 << (id & 7));
      members = sql`p.id between 0 and ${bits.length * 8 - 1}
        and get_bit(decode(${Buffer.from(bits).toString("hex")}, 'hex'), p.id) = 1`;
    }
    // Sorted with a top-N sort (no window over every match), numbered after the limit.
    page = sql`select x.id, row_number() over (order by ${order}) as ord from (
      select p.id, p.sales_count, p.rating_score, p.vote_count, ${stock} as stock from products p where ${members}
      order by ${order} limit ${take} offset ${skip}) x`;
  } else page = sql`select x.id, x.ord from unnest(${intArray(ids)}) with ordinality as x(id, ord)`;
  const rows = await pageRows(db, index.meta, locale, page, today);
  return { count, products: rows.map((r) => summaryOf(ref, locale, today, r)) };
}

/** Brand ids ranked by name (for the BRAND sort). */
function brandRanks(meta: Meta): Map<number, number> {
  const byName = [...meta.brands].sort(([, a], [, b]) => a.name.localeCompare(b.name, "sv"));
  return new Map(byName.map(([id], i) => [id, i]));
}

/**
 * The products of a page (a statement of (id, ord)), in its order, with what cards show: names, the card price of
 * the window in effect at `at` (a product without a price in the market is left out), stock and images; brand and
 * category names come from the index's meta (read with it, so as fresh). One statement of four tables: planning a
 * statement costs more than running it here, so it joins nothing it does not need.
 */
async function pageRows(db: Database, meta: Meta, locale: Locale, page: SQL, at: Date): Promise<PageRow[]> {
  const lang = locale.language.id;
  const moment = at.toISOString();
  type Row = Omit<
    PageRow,
    "brand_name" | "brand_alias" | "category_name" | "category_alias" | "parent_alias"
  >;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with page as (${page})
      select page.id, p.article_number, p.type, p.product_class, p.created_at, p.rating_score, p.vote_count,
             p.brand_id, p.primary_category_id, pt.name, pt.alias, lp.currency_code, lp.selling_minor,
             lp.lowest_minor, lp.discount_percent,
             coalesce(st.in_stock, 0)::int as in_stock, coalesce(st.oversellable, 0)::int as oversellable,
             coalesce(st.static, 0)::int as static, st.incoming,
             (select coalesce(json_agg(json_build_object('fileName', i.file_name, 'tags', i.tags)
                                       order by i.sort_order, i.id), '[]'::json)
              from product_images i where i.product_id = page.id) as images
      from page
      join products p on p.id = page.id
      join product_translations pt on pt.product_id = page.id and pt.language_id = ${lang}
      join product_list_prices lp on lp.product_id = page.id and lp.market_alias = ${locale.market.alias}
        and lp.valid_from <= ${moment}::timestamptz and ${moment}::timestamptz < lp.valid_until
      left join lateral (
        select sum(s.in_stock) as in_stock, sum(s.oversellable) as oversellable, sum(s.static) as static,
               min(s.incoming)::text as incoming
        from skus s where s.product_id = page.id and s.active
      ) st on true
      order by page.ord`),
  );
  return rows.map((r) => {
    const { brand_id, primary_category_id } = r;
    const brand = brand_id === null ? undefined : meta.brands.get(brand_id);
    const category =
      primary_category_id === null ? undefined : meta.categoryNames.get(`${primary_category_id}|${lang}`);
    const parentId = primary_category_id === null ? null : meta.categories.get(primary_category_id)?.parentId;
    const parent =
      parentId === null || parentId === undefined ? undefined : meta.categoryNames.get(`${parentId}|${lang}`);
    return {
      ...r,
      brand_name: brand?.name ?? null,
      brand_alias: brand?.alias ?? null,
      category_name: category?.name ?? null,
      category_alias: category?.alias ?? null,
      parent_alias: parent?.alias ?? null,
    };
  });
}
