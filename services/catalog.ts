import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  campaignTranslations,
  categories,
  categoryTranslations,
  discountCampaigns,
} from "#db/schema/index.ts";
import { type PriceBand, parsePriceBandId } from "#domain/price-bands.ts";
import { DISCOUNT_BUCKETS, type DiscountBucket, discountBucket } from "#domain/prices.ts";
import type { ProductSort } from "#domain/sorts.ts";
import { type CampaignView, type PageRow, type ProductSummary, summaryOf } from "./catalog/summary.ts";
import {
  type CatalogIndex,
  catalogIndex,
  type LanguageIndex,
  lexemeOrder,
  type MarketIndex,
  type Meta,
  tsRank,
} from "./catalog-index.ts";
import { priceBandTest, priceFacet } from "./price-facet.ts";
import type { Locale, ReferenceData } from "./reference.ts";
// A cycle on purpose: search builds on lists (suggestions) and lists search; only functions cross it.
import { type ExpandedSearch, expandSearch } from "./search-words.ts";

export { PRODUCT_SORTS, type ProductSort } from "#domain/sorts.ts";
export type {
  CampaignView,
  LowestPriceMinor,
  PriceMinor,
  ProductSummary,
  StockView,
} from "./catalog/summary.ts";
export { productUrl } from "./catalog/summary.ts";

export const MAX_TAKE = 200;
export const MAX_SKIP = 6000;
/** Search text beyond this is cut. */
export const MAX_SEARCH_LENGTH = 100;

/** Products matching any of these (include adds them to a list, exclude takes them out). */
export interface ListCondition {
  productIds?: number[];
  articleNumbers?: string[];
  categoryIds?: number[];
  brandIds?: number[];
  campaignIds?: number[];
  facets?: string[];
}

/** What a list shows: its scope (all given lists AND'ed; values inside one OR'ed), facets, price and search. */
export interface ListFilter {
  /** A category includes its descendants. */
  categoryIds?: number[];
  brandIds?: number[];
  campaignIds?: number[];
  productIds?: number[];
  articleNumbers?: string[];
  /** Facet ids (c_12, b_3, s_M, dc_1, d_11-15, p_color_black, pr_0-499); unknown or malformed ids are ignored. */
  facets?: string[];
  /** Selling price in major units of the market's currency, including VAT. */
  price?: { lowest?: number; highest?: number };
  searchText?: string;
  include?: ListCondition;
  exclude?: ListCondition;
  /** BY_GROUP: disjunctive facet counts (default); CURRENT: counts within the current result. */
  filterMode?: "BY_GROUP" | "CURRENT";
}

export interface ListFacetValue {
  id: string;
  facetId: string;
  parentId: string | null;
  label: string;
  count: number;
  order: number;
}

export interface ListFacetGroup {
  filterId: string;
  group: string;
  label: string;
  type: "CHECKBOX";
  values: ListFacetValue[];
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Integers a list may hold (int4); others are dropped. */
const ints = (values: readonly number[]) =>
  values.filter((v) => Number.isSafeInteger(v) && Math.abs(v) < 2 ** 31);
const intArray = (values: readonly number[]) => sql`${`{${ints(values).join(",")}}`}::int[]`;

/**
 * The discount bucket (index in DISCOUNT_BUCKETS) of each whole percentage 0..100, by domain/prices.ts
 * discountBucket: -1 for 0, a price without an announced reduction, which no bucket holds.
 */
const BUCKET_OF = Int8Array.from({ length: 101 }, (_, p) => {
  const bucket = discountBucket(p);
  return bucket === null ? -1 : DISCOUNT_BUCKETS.indexOf(bucket);
});
const bucketOf = (percent: number) => BUCKET_OF[Math.min(100, Math.max(0, Math.trunc(percent)))] as number;

/** Active facet values by group, from facet ids; malformed ids are dropped. */
export interface ParsedFacets {
  categories: number[];
  brands: number[];
  sizes: string[];
  campaigns: number[];
  discount: string[];
  /** identifier → ["color_black", …] */
  params: Map<string, string[]>;
  /** pr_{lowest}-{highest}: selling price bands (domain/price-bands.ts). */
  priceBands: PriceBand[];
}

export function parseFacets(ids: readonly string[] = []): ParsedFacets {
  const out: ParsedFacets = {
    categories: [],
    brands: [],
    sizes: [],
    campaigns: [],
    discount: [],
    params: new Map(),
    priceBands: [],
  };
  const int = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);
  for (const raw of ids) {
    const id = raw.trim();
    if (id.length > 120) continue;
    const sep = id.indexOf("_");
    if (sep < 1) continue;
    const kind = id.slice(0, sep);
    const rest = id.slice(sep + 1);
    if (!rest) continue;
    if (kind === "c" || kind === "b" || kind === "dc") {
      const n = int(rest);
      if (n === null) continue;
      (kind === "c" ? out.categories : kind === "b" ? out.brands : out.campaigns).push(n);
    } else if (kind === "s") {
      out.sizes.push(rest);
    } else if (kind === "d") {
      if ((DISCOUNT_BUCKETS as readonly string[]).includes(rest)) out.discount.push(rest);
    } else if (kind === "p") {
      const m = /^([a-z0-9-]+)_(.+)$/.exec(rest);
      if (!m) continue;
      const identifier = m[1] as string;
      out.params.set(identifier, [...(out.params.get(identifier) ?? []), rest]);
    } else if (kind === "pr") {
      const band = parsePriceBandId(id);
      if (band) out.priceBands.push(band);
    }
  }
  return out;
}

/** The search text as it is searched: trimmed, cut at MAX_SEARCH_LENGTH characters; undefined when empty. */
export function cleanSearchText(text: string | undefined): string | undefined {
  const cut = text?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return cut ? cut : undefined;
}

type GroupKey = "categories" | "brands" | "skus" | "campaigns" | "discount" | "price" | `p-${string}`;

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
interface CompiledList {
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

interface CompiledSearch {
  language: LanguageIndex;
  /** The query's distinct lexemes (PostgreSQL's operand order). */
  items: number;
  /** Per term, its items. */
  termItems: number[][];
  and: boolean;
  /** Lexeme id → its item (-1: not in the query). */
  itemOf: Int32Array;
  /** Lexeme id → bit mask of the terms it satisfies. */
  termMask: Int32Array;
  full: number;
  /** Per item, where a document's positions are (scratch for one document at a time). */
  starts: Int32Array;
  lens: Int32Array;
  /** Per item, whether the document has it with weight A (scratch). */
  named: Uint8Array;
  /** The slots whose documents match, in slot order. */
  matches: Int32Array;
}

/** ts_rank's weights {D, C, B, A}: name and brand (A) far above the texts. */
const RANK_WEIGHTS = [0.01, 0.02, 0.1, 1.0].map((w) => Math.fround(w));

/**
 * A search's relevance of a slot, as the database ranked it: 1 when the name or brand (weight A) matches the whole
 * query (ts_filter(vector, '{a}') @@ query), plus ts_rank with A far above the texts.
 */
function relevance(search: CompiledSearch, slot: number): number {
  const { language, itemOf, starts, lens, items, named } = search;
  lens.fill(0);
  named.fill(0);
  const lex = language.lex.data;
  const posStart = language.posStart.data;
  const posCount = language.posCount.data;
  const pos = language.pos.data;
  for (let e = language.start[slot] as number, end = e + (language.count[slot] as number); e < end; e++) {
    const item = itemOf[lex[e] as number] as number;
    if (item < 0) continue;
    const s = posStart[e] as number;
    const n = posCount[e] as number;
    starts[item] = s;
    lens[item] = n;
    for (let k = s; k < s + n; k++) {
      if ((pos[k] as number) >> 14 === 3) {
        named[item] = 1;
        break;
      }
    }
  }
  let allNamed = true;
  for (const term of search.termItems) {
    if (!term.some((item) => named[item] === 1)) {
      allNamed = false;
      break;
    }
  }
  return (allNamed ? 1 : 0) + tsRank(RANK_WEIGHTS, pos, starts, lens, items, search.and);
}

function compileSearch(language: LanguageIndex, expanded: ExpandedSearch): CompiledSearch {
  const all = [...new Set(expanded.stems.flat())].sort(lexemeOrder);
  const itemOf = new Int32Array(language.lexemes.size).fill(-1);
  const termMask = new Int32Array(language.lexemes.size);
  all.forEach((stem, item) => {
    const id = language.lexemes.get(stem);
    if (id !== undefined) itemOf[id] = item;
  });
  // A term is a bit of termMask: search takes at most 8 terms (searchTerms).
  const termItems = expanded.stems.map((stems, t) => {
    for (const stem of stems) {
      const id = language.lexemes.get(stem);
      if (id !== undefined) termMask[id] = (termMask[id] as number) | (1 << t);
    }
    return stems.map((stem) => all.indexOf(stem));
  });
  const full = (1 << expanded.stems.length) - 1;
  // The documents that match, found once per query and set of documents (a list asks twice: page and facets).
  const key = expanded.stems.map((t) => t.join("|")).join("&");
  let matches = language.matches.get(key);
  if (!matches) {
    const found: number[] = [];
    const lex = language.lex.data;
    for (let slot = 0; slot < language.has.length; slot++) {
      if (language.has[slot] !== 1) continue;
      let mask = 0;
      for (let i = language.start[slot] as number, end = i + (language.count[slot] as number); i < end; i++) {
        mask |= termMask[lex[i] as number] as number;
        if (mask === full) {
          found.push(slot);
          break;
        }
      }
    }
    matches = Int32Array.from(found);
    if (language.matches.size >= 64) language.matches.clear();
    language.matches.set(key, matches);
  }
  return {
    matches,
    language,
    items: all.length,
    termItems,
    and: expanded.stems.length > 1,
    itemOf,
    termMask,
    full,
    starts: new Int32Array(all.length),
    lens: new Int32Array(all.length),
    named: new Uint8Array(all.length),
  };
}

function matchesSearch(search: CompiledSearch, slot: number): boolean {
  const { language, termMask, full } = search;
  if (language.has[slot] !== 1) return false;
  let mask = 0;
  const lex = language.lex.data;
  for (let i = language.start[slot] as number, end = i + (language.count[slot] as number); i < end; i++) {
    mask |= termMask[lex[i] as number] as number;
    if (mask === full) return true;
  }
  return false;
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
async function prepare(
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

/** Search expansions, kept with the index's words until those change. */
export async function expandSearchCached(
  db: Database,
  index: CatalogIndex,
  languageId: string,
  text: string,
): Promise<ExpandedSearch> {
  const key = `${languageId}\u0000${text}`;
  const known = index.expansions.get(key) as ExpandedSearch | undefined;
  if (known) return known;
  const expanded = await expandSearch(db, languageId, text);
  if (index.expansions.size > 5000) index.expansions.clear();
  index.expansions.set(key, expanded);
  return expanded;
}

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

const GROUP_LABELS: Record<
  string,
  Record<"categories" | "brands" | "skus" | "campaigns" | "discount" | "price", string>
> = {
  "sv-SE": {
    categories: "Kategorier",
    brands: "Varumärken",
    skus: "Storlek",
    campaigns: "Kampanjer",
    discount: "Rabatt",
    price: "Pris",
  },
  "nb-NO": {
    categories: "Kategorier",
    brands: "Merker",
    skus: "Størrelse",
    campaigns: "Kampanjer",
    discount: "Rabatt",
    price: "Pris",
  },
};

const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"];
/** Sizes in size order (XS S M L XL…), then numbers numerically (36, 36-38, 110-cm), then the rest by label. */
function sizeRank(value: string): [number, number, string] {
  const letter = SIZE_ORDER.indexOf(value.toUpperCase());
  if (letter >= 0) return [0, letter, ""];
  const n = /^(\d+(?:[.,]\d+)?)/.exec(value);
  if (n) return [1, Number((n[1] as string).replace(",", ".")), value];
  return [2, 0, value];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const collators = new Map<string, Intl.Collator>();
function collator(lang: string) {
  let c = collators.get(lang);
  if (!c) {
    c = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });
    collators.set(lang, c);
  }
  return c;
}

/**
 * The facets of a list and its price range, from the index in memory. With filterMode BY_GROUP (default) a
 * value's count is the number of products the shopper gets by adding it to the other groups' active values
 * (disjunctive counting); CURRENT counts within the current result. `price` is the list's selling-price range
 * before the price filters (range and bands). One pass over the list: a product that fails no group counts
 * everywhere, one that fails exactly one group counts for that group's values only (and one that fails only the
 * price range, or only the range and the bands, for the range only).
 */
export async function listFacets(
  db: Database,
  locale: Locale,
  filter: ListFilter,
  now = new Date(),
): Promise<{ facets: ListFacetGroup[]; price: { lowest: number; highest: number } | null }> {
  const lang = locale.language.id;
  const list = await prepare(db, locale, filter, now);
  if (!list) return { facets: [], price: null };
  const { index, selling, discount, groups, price, inScope, countCategories } = list;
  const { meta, records, recordStart } = index;
  const current = (filter.filterMode ?? "BY_GROUP") === "CURRENT";
  // Groups in the order of the test: the price is the last one.
  const tests = [...groups.map((g) => g.test), ...(price ? [price] : [])];
  const priceGroup = price ? groups.length : -1;
  const groupOf = (key: GroupKey) => groups.findIndex((g) => g.key === key);
  const own = {
    categories: groupOf("categories"),
    brands: groupOf("brands"),
    skus: groupOf("skus"),
    campaigns: groupOf("campaigns"),
    discount: groupOf("discount"),
  };
  // Each parameter value's group (its identifier's), or -1 when that identifier has no active group.
  const paramGroupOf = new Int32Array(index.paramNames.length).fill(-1);
  groups.forEach((g, i) => {
    if (!g.key.startsWith("p-")) return;
    const identifier = g.key.slice(2);
    index.paramIdentifiers.forEach((id, v) => {
      if (id === identifier) paramGroupOf[v] = i;
    });
  });
  const data = records.data;
  const brand = index.brand;
  const categoryCounts = new Int32Array(meta.categoryMax + 1);
  const brandCounts = new Map<number, number>();
  const brandMax = [...meta.brands.keys()].reduce((m, v) => Math.max(m, v), 0);
  const smallBrands = new Int32Array(brandMax < 1 << 20 ? brandMax + 1 : 0);
  const sizeCounts = new Int32Array(index.sizeNames.length);
  const campaignCounts = new Map<number, number>();
  const bucketCounts = new Int32Array(DISCOUNT_BUCKETS.length);
  const paramCounts = new Int32Array(index.paramNames.length);
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  let priced = 0;
  const activeCampaign = (id: number) => meta.campaigns.get(id)?.active === true;
  const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
  // Which kinds a product counts for: all (-1), one group's (its index), or none (-2).
  const counts = (failed: number, group: number) => (failed === -1 ? true : failed === group && !current);
  const { candidates } = list;
  const scanned = candidates ? candidates.length : index.size;
  // The price facet (services/price-facet.ts): the list's prices, and those of the products that count for it.
  const bandGroup = groupOf("price");
  const listPrices = new Int32Array(scanned);
  const bandPrices = new Int32Array(scanned);
  let listCount = 0;
  let bandCount = 0;
  for (let k = 0; k < scanned; k++) {
    const slot = candidates ? (candidates[k] as number) : k;
    if (!inScope(slot)) continue;
    listPrices[listCount++] = selling[slot] as number;
    let failed = -1;
    for (let g = 0; g < tests.length; g++) {
      if (!(tests[g] as (slot: number) => boolean)(slot)) {
        if (failed !== -1) {
          // -3: outside the price bands and the price range only (the last two tests).
          failed = failed === bandGroup && g === priceGroup ? -3 : -2;
          break;
        }
        failed = g;
      }
    }
    if (failed === -2) continue;
    if (failed === -1 || failed === priceGroup || failed === bandGroup || failed === -3) {
      const s = selling[slot] as number;
      if (s < lowest) lowest = s;
      if (s > highest) highest = s;
      priced++;
    }
    if (counts(failed, bandGroup)) bandPrices[bandCount++] = selling[slot] as number;
    if (failed === -3 || (failed === priceGroup && failed !== -1)) continue;
    if (counts(failed, own.categories)) countCategories(slot, categoryCounts);
    if (counts(failed, own.brands)) {
      const b = brand[slot] as number;
      if (b >= 0 && b < smallBrands.length) smallBrands[b] = (smallBrands[b] as number) + 1;
      else if (b !== -2147483648) bump(brandCounts, b);
    }
    if (counts(failed, own.discount)) {
      const b = bucketOf(discount[slot] as number);
      if (b >= 0) bucketCounts[b] = (bucketCounts[b] as number) + 1;
    }
    let i = recordStart[slot] as number;
    i += 1 + (data[i] as number);
    let n = data[i++] as number;
    if (counts(failed, own.skus)) {
      for (let k = 0; k < n; k++) {
        const v = data[i + k] as number;
        sizeCounts[v] = (sizeCounts[v] as number) + 1;
      }
    }
    i += n;
    n = data[i++] as number;
    if (n > 0 && counts(failed, own.campaigns)) {
      for (let k = 0; k < n; k++) {
        const c = data[i + k] as number;
        if (activeCampaign(c)) bump(campaignCounts, c);
      }
    }
    i += n;
    n = data[i++] as number;
    if (failed === -1) {
      for (let k = 0; k < n; k++) {
        const v = data[i + k] as number;
        paramCounts[v] = (paramCounts[v] as number) + 1;
      }
    } else if (!current) {
      // Only the values of the one group this product misses.
      for (let k = 0; k < n; k++) {
        const v = data[i + k] as number;
        if (paramGroupOf[v] === failed) paramCounts[v] = (paramCounts[v] as number) + 1;
      }
    }
  }
  const nowUs = now.getTime() * 1000;
  type Row = {
    kind: string;
    value: string | null;
    n: number;
    label: string | null;
    group_label: string | null;
    parent_id: number | null;
    sort_order: number | null;
  };
  const rows: Row[] = [];
  const row = (kind: string, value: string, n: number, label: string | null, extra: Partial<Row> = {}) =>
    rows.push({ kind, value, n, label, group_label: null, parent_id: null, sort_order: null, ...extra });
  smallBrands.forEach((n, id) => {
    if (n > 0) brandCounts.set(id, n);
  });
  for (const [id, n] of categoryCounts.entries()) {
    if (n === 0) continue;
    const c = meta.categories.get(id);
    row("c", String(id), n, meta.categoryNames.get(`${id}|${lang}`)?.name ?? null, {
      parent_id: c?.parentId ?? null,
      sort_order: c?.sortOrder ?? null,
    });
  }
  for (const [id, n] of [...brandCounts].sort((a, b) => a[0] - b[0]))
    row("b", String(id), n, meta.brands.get(id)?.name ?? null);
  sizeCounts.forEach((n, v) => {
    const value = index.sizeNames[v] as string;
    if (n > 0) row("s", value, n, meta.labels.get(`s_${value}|${lang}`)?.label ?? null);
  });
  for (const [id, n] of [...campaignCounts].sort((a, b) => a[0] - b[0])) {
    const c = meta.campaigns.get(id);
    const running = c?.active && c.startsUs <= nowUs && c.endsUs >= nowUs;
    row("dc", String(id), n, running ? (meta.campaignNames.get(`${id}|${lang}`) ?? null) : null);
  }
  bucketCounts.forEach((n, b) => {
    if (n > 0) row("d", DISCOUNT_BUCKETS[b] as string, n, null);
  });
  paramCounts.forEach((n, v) => {
    const value = index.paramNames[v] as string;
    const label = meta.labels.get(`p_${value}|${lang}`);
    if (n > 0) row("p", value, n, label?.label ?? null, { group_label: label?.groupLabel ?? null });
  });
  if (priced > 0) {
    row("lo", String(lowest), priced, null);
    row("hi", String(highest), priced, null);
  }
  const prices = priceFacet({
    listPrices,
    listCount,
    counted: bandPrices,
    countedCount: bandCount,
    chosen: parseFacets(filter.facets).priceBands,
    locale,
    label: (GROUP_LABELS[lang] ?? (GROUP_LABELS["sv-SE"] as (typeof GROUP_LABELS)[string])).price,
  });
  return facetGroups(rows, locale, prices ? [prices] : []);
}

/** Facet rows (kind, value, count, labels) as the API's groups, each in its order. */
function facetGroups(
  rows: {
    kind: string;
    value: string | null;
    n: number;
    label: string | null;
    group_label: string | null;
    parent_id: number | null;
    sort_order: number | null;
  }[],
  locale: Locale,
  /** Groups made elsewhere, their values in order (the price facet). */
  made: ListFacetGroup[] = [],
): { facets: ListFacetGroup[]; price: { lowest: number; highest: number } | null } {
  const lang = locale.language.id;
  const labels = GROUP_LABELS[lang] ?? (GROUP_LABELS["sv-SE"] as (typeof GROUP_LABELS)[string]);
  const minorUnits = locale.market.currency?.minorUnits ?? 2;
  let lowest: number | null = null;
  let highest: number | null = null;
  const byGroup = new Map<string, ListFacetGroup>();
  const group = (filterId: string, kind: string, label: string) => {
    let g = byGroup.get(filterId);
    if (!g) {
      g = { filterId, group: kind, label, type: "CHECKBOX", values: [] };
      byGroup.set(filterId, g);
    }
    return g;
  };
  const sortKeys = new Map<ListFacetValue, unknown>();
  for (const r of rows) {
    if (r.kind === "lo" || r.kind === "hi") {
      if (r.value !== null && r.n > 0) {
        const amount = Number(r.value) / 10 ** minorUnits;
        if (r.kind === "lo") lowest = amount;
        else highest = amount;
      }
      continue;
    }
    if (r.value === null || r.n <= 0) continue;
    if (r.kind === "c" && r.label) {
      const v: ListFacetValue = {
        id: r.value,
        facetId: `c_${r.value}`,
        parentId: r.parent_id ? `c_${r.parent_id}` : null,
        label: r.label,
        count: r.n,
        order: 0,
      };
      group("categories", "categories", labels.categories).values.push(v);
      sortKeys.set(v, r.sort_order ?? 0);
    } else if (r.kind === "b" && r.label) {
      const v = {
        id: r.value,
        facetId: `b_${r.value}`,
        parentId: null,
        label: r.label,
        count: r.n,
        order: 0,
      };
      group("brands", "brands", labels.brands).values.push(v);
    } else if (r.kind === "dc" && r.label) {
      const v = {
        id: r.value,
        facetId: `dc_${r.value}`,
        parentId: null,
        label: r.label,
        count: r.n,
        order: 0,
      };
      group("campaigns", "campaigns", labels.campaigns).values.push(v);
    } else if (r.kind === "s" && r.label) {
      const v = {
        id: r.value,
        facetId: `s_${r.value}`,
        parentId: null,
        label: r.label,
        count: r.n,
        order: 0,
      };
      group("skus", "skus", labels.skus).values.push(v);
      sortKeys.set(v, sizeRank(r.value));
    } else if (r.kind === "d") {
      const [lo, hi] = r.value.split("-");
      const v = {
        id: r.value,
        facetId: `d_${r.value}`,
        parentId: null,
        label: `${lo}–${hi}\u00a0%`,
        count: r.n,
        order: 0,
      };
      group("discount", "discount", labels.discount).values.push(v);
      sortKeys.set(v, DISCOUNT_BUCKETS.indexOf(r.value as DiscountBucket));
    } else if (r.kind === "p" && r.label) {
      const identifier = r.value.split("_")[0] as string;
      const v = {
        id: r.value.slice(identifier.length + 1),
        facetId: `p_${r.value}`,
        parentId: null,
        label: r.label,
        count: r.n,
        order: 0,
      };
      group(`p-${identifier}`, "parameters", r.group_label ?? identifier).values.push(v);
    }
  }
  const c = collator(lang);
  const facets = [...byGroup.values()];
  for (const g of facets) {
    if (g.filterId === "categories" || g.filterId === "discount") {
      g.values.sort((a, b) => (sortKeys.get(a) as number) - (sortKeys.get(b) as number));
    } else if (g.filterId === "skus") {
      g.values.sort((a, b) => {
        const [x1, x2, x3] = sortKeys.get(a) as [number, number, string];
        const [y1, y2, y3] = sortKeys.get(b) as [number, number, string];
        return x1 - y1 || x2 - y2 || c.compare(x3, y3) || c.compare(a.label, b.label);
      });
    } else {
      g.values.sort((a, b) => c.compare(a.label, b.label) || byText(a.facetId, b.facetId));
    }
    g.values.forEach((v, i) => {
      v.order = i;
    });
  }
  facets.push(...made);
  const groupOrder = (g: ListFacetGroup) =>
    ["categories", "brands", "skus", "price", "discount", "campaigns"].indexOf(g.filterId) >>> 0;
  // Groups (and values) with the same label: by their ids, so the order never depends on the database's.
  facets.sort(
    (a, b) => groupOrder(a) - groupOrder(b) || c.compare(a.label, b.label) || byText(a.filterId, b.filterId),
  );
  return {
    facets,
    price: lowest !== null && highest !== null ? { lowest, highest } : null,
  };
}

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

/** The active category tree in the locale's language, in merchandised order. One statement. */
export async function categoryTree(db: Database, locale: Locale): Promise<CategoryNodeView[]> {
  const rows = await db
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

/** Campaigns running now, in the locale's language. */
export async function listCampaigns(db: Database, locale: Locale, now = new Date()): Promise<CampaignView[]> {
  const rows = await db
    .select({
      id: discountCampaigns.id,
      hideTitle: discountCampaigns.hideTitle,
      discountType: discountCampaigns.discountType,
      languageId: campaignTranslations.languageId,
      name: campaignTranslations.name,
      alias: campaignTranslations.alias,
      description: campaignTranslations.description,
    })
    .from(discountCampaigns)
    .innerJoin(campaignTranslations, eq(campaignTranslations.campaignId, discountCampaigns.id))
    .where(
      and(
        eq(discountCampaigns.active, true),
        or(isNull(discountCampaigns.startsAt), lte(discountCampaigns.startsAt, now)),
        or(isNull(discountCampaigns.endsAt), gt(discountCampaigns.endsAt, now)),
      ),
    )
    .orderBy(asc(discountCampaigns.priority), asc(discountCampaigns.id));
  const views: CampaignView[] = [];
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    views.push({
      campaignId: r.id,
      name: r.name,
      alias: r.alias,
      hideTitle: r.hideTitle,
      discountType: r.discountType,
      description: r.description,
      canonicalUrl: `/dc/${r.alias}`,
      alternativeUrls: rows
        .filter((x) => x.id === r.id)
        .map((x) => ({ languageId: x.languageId, url: `/dc/${x.alias}` })),
    });
  }
  return views;
}
