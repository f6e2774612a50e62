import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { DISCOUNT_BUCKETS, discountBucket } from "#domain/prices.ts";
import { type CatalogIndex, catalogIndex } from "../catalog-index/index.ts";
import type { MarketIndex } from "../catalog-index/market.ts";
import { priceBandTest } from "../price-facet.ts";
import type { Locale } from "../reference.ts";
import { rowsOf } from "../search-words.ts";
import { cleanSearchText, type ListCondition, type ListFilter, parseFacets } from "./filter.ts";
import { type CompiledSearch, compileSearch, expandSearchCached, matchesSearch } from "./search-match.ts";

/** A list (scope, facets, price, search) compiled against the list index in memory: what lists and facets share. */

/** Integers a list may hold (int4); others are dropped. */
export const ints = (values: readonly number[]) =>
  values.filter((v) => Number.isSafeInteger(v) && Math.abs(v) < 2 ** 31);
export const intArray = (values: readonly number[]) => sql`${`{${ints(values).join(",")}}`}::int[]`;

/**
 * The discount bucket (index in DISCOUNT_BUCKETS) of each whole percentage 0..100, by domain/prices.ts
 * discountBucket: -1 for 0, a price without an announced reduction, which no bucket holds.
 */
const BUCKET_OF = Int8Array.from({ length: 101 }, (_, p) => {
  const bucket = discountBucket(p);
  return bucket === null ? -1 : DISCOUNT_BUCKETS.indexOf(bucket);
});
export const bucketOf = (percent: number) =>
  BUCKET_OF[Math.min(100, Math.max(0, Math.trunc(percent)))] as number;

export type GroupKey = "categories" | "brands" | "skus" | "campaigns" | "discount" | "price" | `p-${string}`;

/** Ids to a membership test: a flag array when the ids are small (they are: database identities), else a set. */
function membership(values: Iterable<number>): (id: number) => boolean {
  const list = [...values];
  const max = list.reduce((m, v) => Math.max(m, v), -1);
  if (list.every((v) => v >= 0) && max < 1 << 22) {
    const flags = new Uint8Array(max + 1);
    for (const v of list) flags[v] = 1;
    return (id) => flags[id] === 1;
  }
  const set = new Set(list);
  return (id) => set.has(id);
}

/**
 * A list compiled against the index at one moment: `inScope` (active, priced in the market, the list's scope,
 * include/exclude and search), one test per active facet group, and the price test.
 */
export interface CompiledList {
  index: CatalogIndex;
  selling: Int32Array;
  discount: Int32Array;
  search: CompiledSearch | null;
  /** The slots to look at (a search's matches when nothing is included besides), or null for all. */
  candidates: Int32Array | null;
  inScope(slot: number): boolean;
  groups: { key: GroupKey; test(slot: number): boolean }[];
  price: ((slot: number) => boolean) | null;
  /** Adds one to counts[c] for each category c a slot is listed under (its own and their active ancestors). */
  countCategories(slot: number, counts: Int32Array): void;
}

function compileList(
  index: CatalogIndex,
  market: MarketIndex,
  filter: ListFilter,
  search: CompiledSearch | null,
  articleIds: Map<string, number>,
  minorUnits: number,
): CompiledList {
  const { meta, records, recordStart } = index;
  const { selling, discount } = market;
  const categoryMax = meta.categoryMax;
  /** Direct categories (as stored per product) whose listing (itself and active ancestors) meets `ids`. */
  const inCategories = (ids: readonly number[]) => {
    const wanted = membership(ints(ids).filter((v) => v >= 0));
    const hit = new Uint8Array(categoryMax + 1);
    for (const [id, up] of meta.expansion) if (up.some(wanted)) hit[id] = 1;
    return (slot: number) => {
      let i = recordStart[slot] as number;
      const n = records.data[i++] as number;
      for (let k = 0; k < n; k++) if (hit[records.data[i + k] as number] === 1) return true;
      return false;
    };
  };
  const inCampaigns = (ids: readonly number[]) => {
    const wanted = new Set(ints(ids).filter((id) => meta.campaigns.get(id)?.active));
    return (slot: number) => {
      if (!wanted.size) return false;
      let i = recordStart[slot] as number;
      i += 1 + (records.data[i] as number);
      i += 1 + (records.data[i] as number);
      const n = records.data[i++] as number;
      for (let k = 0; k < n; k++) if (wanted.has(records.data[i + k] as number)) return true;
      return false;
    };
  };
  const withBrand = (ids: readonly number[]) => {
    const wanted = membership(ints(ids).filter((v) => v >= 0));
    return (slot: number) => {
      const b = index.brand[slot] as number;
      return b >= 0 && wanted(b);
    };
  };
  const valueTest = (list: 1 | 3, ids: Map<string, number>, values: readonly string[]) => {
    const wanted = new Uint8Array(Math.max(1, ids.size));
    for (const v of values) {
      const id = ids.get(v);
      if (id !== undefined) wanted[id] = 1;
    }
    return (slot: number) => {
      let i = recordStart[slot] as number;
      for (let k = 0; k < list; k++) i += 1 + (records.data[i] as number);
      const n = records.data[i++] as number;
      for (let k = 0; k < n; k++) if (wanted[records.data[i + k] as number] === 1) return true;
      return false;
    };
  };
  const withSizes = (values: readonly string[]) => valueTest(1, index.sizeIds, values);
  const withParams = (values: readonly string[]) => valueTest(3, index.paramIds, values);
  const inBuckets = (values: readonly string[]) => {
    const wanted = new Uint8Array(DISCOUNT_BUCKETS.length);
    for (const v of values) {
      const i = (DISCOUNT_BUCKETS as readonly string[]).indexOf(v);
      if (i >= 0) wanted[i] = 1;
    }
    return (slot: number) => {
      const b = bucketOf(discount[slot] as number);
      return b >= 0 && wanted[b] === 1;
    };
  };
  const byIds = (ids: readonly number[]) => {
    const wanted = new Set(ints(ids));
    return (slot: number) => wanted.has(index.ids[slot] as number);
  };
  const byArticles = (numbers: readonly string[]) =>
    byIds(numbers.flatMap((n) => (articleIds.has(n) ? [articleIds.get(n) as number] : [])));
  type Test = (slot: number) => boolean;
  const anyOf = (tests: Test[]): Test => {
    if (tests.length === 1) return tests[0] as Test;
    return (slot) => {
      for (let i = 0; i < tests.length; i++) if ((tests[i] as Test)(slot)) return true;
      return false;
    };
  };
  const allOf = (tests: Test[]): Test => {
    if (tests.length === 0) return () => true;
    if (tests.length === 1) return tests[0] as Test;
    return (slot) => {
      for (let i = 0; i < tests.length; i++) if (!(tests[i] as Test)(slot)) return false;
      return true;
    };
  };

  const condition = (c: ListCondition | undefined) => {
    if (!c) return null;
    const parts: ((slot: number) => boolean)[] = [];
    if (c.productIds?.length) parts.push(byIds(c.productIds));
    if (c.articleNumbers?.length) parts.push(byArticles(c.articleNumbers));
    if (c.categoryIds?.length) parts.push(inCategories(c.categoryIds));
    if (c.brandIds?.length) parts.push(withBrand(c.brandIds));
    if (c.campaignIds?.length) parts.push(inCampaigns(c.campaignIds));
    const f = parseFacets(c.facets);
    if (f.categories.length) parts.push(inCategories(f.categories));
    if (f.brands.length) parts.push(withBrand(f.brands));
    if (f.campaigns.length) parts.push(inCampaigns(f.campaigns));
    if (f.sizes.length) parts.push(withSizes(f.sizes));
    if (f.discount.length) parts.push(inBuckets(f.discount));
    for (const values of f.params.values()) parts.push(withParams(values));
    if (f.priceBands.length) parts.push(priceBandTest(f.priceBands, selling, minorUnits));
    return parts.length ? anyOf(parts) : null;
  };
  const scope: ((slot: number) => boolean)[] = [];
  if (filter.categoryIds?.length) scope.push(inCategories(filter.categoryIds));
  if (filter.brandIds?.length) scope.push(withBrand(filter.brandIds));
  if (filter.campaignIds?.length) scope.push(inCampaigns(filter.campaignIds));
  if (filter.productIds) scope.push(byIds(filter.productIds));
  if (filter.articleNumbers) scope.push(byArticles(filter.articleNumbers));
  const include = condition(filter.include);
  // A search scans its matches only, unless `include` adds products the search does not find.
  const candidates = search && !include ? search.matches : null;
  if (search && include) scope.push((slot) => matchesSearch(search, slot));
  const exclude = condition(filter.exclude);
  const inList = allOf(scope);
  const listed = include ? (slot: number) => inList(slot) || include(slot) : inList;
  const active = index.active;
  const inScope = exclude
    ? (slot: number) => active[slot] === 1 && (selling[slot] as number) >= 0 && listed(slot) && !exclude(slot)
    : (slot: number) => active[slot] === 1 && (selling[slot] as number) >= 0 && listed(slot);

  // A group whose values are all unknown is no filter at all.
  const f = parseFacets(filter.facets);
  const groups: CompiledList["groups"] = [];
  if (f.categories.length && ints(f.categories).some((id) => meta.categories.has(id)))
    groups.push({ key: "categories", test: inCategories(f.categories) });
  if (f.brands.length && ints(f.brands).some((id) => meta.brands.has(id)))
    groups.push({ key: "brands", test: withBrand(f.brands) });
  if (f.campaigns.length && ints(f.campaigns).some((id) => meta.campaigns.has(id)))
    groups.push({ key: "campaigns", test: inCampaigns(f.campaigns) });
  if (f.sizes.length && f.sizes.some((s) => meta.labelKeys.has(`s_${s}`)))
    groups.push({ key: "skus", test: withSizes(f.sizes) });
  if (f.discount.length) groups.push({ key: "discount", test: inBuckets(f.discount) });
  for (const [identifier, values] of f.params) {
    if (values.some((v) => meta.labelKeys.has(`p_${v}`)))
      groups.push({ key: `p-${identifier}`, test: withParams(values) });
  }
  // The price bands last: listFacets tells a product outside only the bands and the price range by that.
  if (f.priceBands.length)
    groups.push({ key: "price", test: priceBandTest(f.priceBands, selling, minorUnits) });
  const minor = 10 ** minorUnits;
  const bound = (n: number | undefined) =>
    n !== undefined && Number.isFinite(n) && n >= 0
      ? Math.min(Math.round(n * minor), 2 ** 31 - 1)
      : undefined;
  const lo = bound(filter.price?.lowest);
  const hi = bound(filter.price?.highest);
  const price =
    lo !== undefined || hi !== undefined
      ? (slot: number) => {
          const s = selling[slot] as number;
          return s >= (lo ?? 0) && s <= (hi ?? 2 ** 31 - 1);
        }
      : null;
  const stamp = new Int32Array(categoryMax + 1).fill(-1);
  const listedUnder = meta.listedUnder;
  /** Adds one to counts[c] for each category c the slot is listed under (once each). */
  const countCategories = (slot: number, counts: Int32Array) => {
    let i = recordStart[slot] as number;
    const n = records.data[i++] as number;
    for (let k = 0; k < n; k++) {
      const up = listedUnder[records.data[i + k] as number];
      if (!up) continue;
      for (let j = 0; j < up.length; j++) {
        const c = up[j] as number;
        if (stamp[c] === slot) continue;
        stamp[c] = slot;
        counts[c] = (counts[c] as number) + 1;
      }
    }
  };
  return { index, selling, discount, search, candidates, inScope, groups, price, countCategories };
}

/**
 * The index at this moment for a locale and filter: followed to the database's version, with the market's prices at
 * `now` and the search compiled. Everything is read (awaited) first; the list is compiled and must be evaluated
 * without awaiting again, so it sees one state of the index.
 */
export async function prepare(
  db: Database,
  locale: Locale,
  filter: ListFilter,
  now: Date,
  needs: { alphabetical?: boolean } = {},
): Promise<(CompiledList & { alphabetical: Int32Array | null }) | null> {
  const lang = locale.language.id;
  const alias = locale.market.alias;
  const text = cleanSearchText(filter.searchText);
  const numbers = [
    ...(filter.articleNumbers ?? []),
    ...(filter.include?.articleNumbers ?? []),
    ...(filter.exclude?.articleNumbers ?? []),
  ];
  const articleIds = new Map<string, number>();
  if (numbers.length) {
    const rows = rowsOf<{ id: number; article_number: string }>(
      await db.execute(sql`select id, article_number from products
        where article_number = any(array(select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)))`),
    );
    for (const r of rows) articleIds.set(r.article_number, r.id);
  }
  const index = await catalogIndex(db);
  for (let attempt = 0; ; attempt++) {
    await index.market(alias);
    const expanded = text ? await expandSearchCached(db, index, lang, text) : null;
    if (expanded && expanded.tsquery === null) return null;
    if (text || needs.alphabetical) await index.language(lang);
    if (needs.alphabetical) await index.alphabetical(lang);
    // No await from here on: the index cannot change under the list.
    const market = index.markets.get(alias);
    const language = index.languages.get(lang);
    const alphabetical = needs.alphabetical ? (language?.alphabetical ?? null) : null;
    if (!market || ((text || needs.alphabetical) && !language) || (needs.alphabetical && !alphabetical)) {
      // The index changed while it was read (a full reload): read what is missing again.
      if (attempt > 5) throw new Error("the list index kept changing while a list was read");
      continue;
    }
    market.at(now.getTime() * 1000, index.size);
    const search = expanded && language ? compileSearch(language, expanded) : null;
    const minorUnits = locale.market.currency?.minorUnits ?? 2;
    return { ...compileList(index, market, filter, search, articleIds, minorUnits), alphabetical };
  }
}
