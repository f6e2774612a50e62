import type { Database } from "#db/client.ts";
import { DISCOUNT_BUCKETS, type DiscountBucket } from "#domain/prices.ts";
import { priceFacet } from "../price-facet.ts";
import type { Locale } from "../reference.ts";
import { bucketOf, type GroupKey, prepare } from "./compiled-list.ts";
import { type ListFacetGroup, type ListFacetValue, type ListFilter, parseFacets } from "./filter.ts";

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
    const value = r.value;
    /** One value of a facet: its filter id is the row's kind and value; its place is set after sorting. */
    const facetValue = (label: string, parentId: string | null = null, id = value): ListFacetValue => ({
      id,
      facetId: `${r.kind}_${value}`,
      parentId,
      label,
      count: r.n,
      order: 0,
    });
    if (r.kind === "c" && r.label) {
      const v = facetValue(r.label, r.parent_id ? `c_${r.parent_id}` : null);
      group("categories", "categories", labels.categories).values.push(v);
      sortKeys.set(v, r.sort_order ?? 0);
    } else if (r.kind === "b" && r.label) {
      group("brands", "brands", labels.brands).values.push(facetValue(r.label));
    } else if (r.kind === "dc" && r.label) {
      group("campaigns", "campaigns", labels.campaigns).values.push(facetValue(r.label));
    } else if (r.kind === "s" && r.label) {
      const v = facetValue(r.label);
      group("skus", "skus", labels.skus).values.push(v);
      sortKeys.set(v, sizeRank(value));
    } else if (r.kind === "d") {
      const [lo, hi] = value.split("-");
      const v = facetValue(`${lo}–${hi}\u00a0%`);
      group("discount", "discount", labels.discount).values.push(v);
      sortKeys.set(v, DISCOUNT_BUCKETS.indexOf(value as DiscountBucket));
    } else if (r.kind === "p" && r.label) {
      const identifier = value.split("_")[0] as string;
      const v = facetValue(r.label, null, value.slice(identifier.length + 1));
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
