import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { grown, num, Pool, rowsOf } from "./arrays.ts";
import { type DocumentRow, LanguageIndex } from "./language.ts";
import { MarketIndex, type WindowRow } from "./market.ts";

/**
 * The list index in the memory of this process (docs/decisions/0011-catalog-list-performance.md).
 *
 * PostgreSQL keeps the index (migration 0004: product_index, product_list_prices, facet_labels, search_words) and
 * raises catalog_index_state.version by one at each commit that changed the catalog. Each process reads the index
 * once, then before every list the version (one primary-key read): when it moved, only the products written since
 * (product_index.version) are read again. So a process holds nothing the database does not, answers filters, facet
 * counts, sorts and search from arrays, and sees every commit that happened before the list was asked for, whatever
 * process made it. Prices are read per market and search documents per language on first use.
 *
 * Everything is in slots (dense numbers, one per product ever seen); a product that stops existing keeps its slot,
 * inactive.
 */

/** A category, brand or campaign as lists name and order them. */
export interface Meta {
  categories: Map<number, { parentId: number | null; active: boolean; sortOrder: number }>;
  /** Category id → itself and its ancestors, only the active ones (what a product in it is listed under). */
  expansion: Map<number, number[]>;
  /** The same by category id in an array, for the loops over products. */
  listedUnder: (Int32Array | undefined)[];
  /** The highest category id. */
  categoryMax: number;
  /** `${categoryId}|${languageId}` → name and alias. */
  categoryNames: Map<string, { name: string; alias: string }>;
  brands: Map<number, { name: string; alias: string }>;
  campaigns: Map<number, { active: boolean; startsUs: number; endsUs: number }>;
  campaignNames: Map<string, string>;
  /** `${facet}|${languageId}` → label; facet keys alone in `labelKeys`. */
  labels: Map<string, { label: string; groupLabel: string | null }>;
  labelKeys: Set<string>;
  /** Search stems per language (search_words.stem). */
  stems: Map<string, Set<string>>;
}

// --- the index ------------------------------------------------------------------------------------------------------

interface ProductRow {
  product_id: number;
  active: boolean;
  brand_id: number | null;
  created: number | string | null;
  custom_sort: Record<string, unknown> | null;
  category_ids: number[];
  sizes: string[];
  campaign_ids: number[];
  params: string[];
}

/** An array column, parsed when the driver left it as text ({a,b,"c d"}). */
function arrayOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value === "{}") return [];
  const out: string[] = [];
  const text = value.slice(1, -1);
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let s = "";
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\") i++;
        s += text[i++];
      }
      out.push(s);
      i += 2;
    } else {
      const end = text.indexOf(",", i);
      out.push(text.slice(i, end < 0 ? text.length : end));
      i = end < 0 ? text.length : end + 1;
    }
  }
  return out;
}

const NO_BRAND = -2147483648;

export class CatalogIndex {
  version = -1;
  fullVersion = -1;
  metaVersion = -1;
  size = 0;
  capacity = 0;
  slotOf = new Map<number, number>();
  ids = new Int32Array(0);
  active = new Uint8Array(0);
  brand = new Int32Array(0);
  /** products.created_at in epoch microseconds (NaN without). */
  created = new Float64Array(0);
  /** custom_sort "1"…"5" per slot (+Infinity without: last). */
  custom: Float64Array[] = [0, 1, 2, 3, 4].map(() => new Float64Array(0));
  /** Per slot: [n, categories…, n, size ids…, n, campaigns…, n, parameter ids…] in `records`. */
  recordStart = new Int32Array(0);
  records = new Pool(new Int32Array(0));
  sizeIds = new Map<string, number>();
  sizeNames: string[] = [];
  paramIds = new Map<string, number>();
  paramNames: string[] = [];
  /** The identifier (e.g. "color") of each parameter value id. */
  paramIdentifiers: string[] = [];
  meta: Meta = emptyMeta();
  markets = new Map<string, MarketIndex>();
  languages = new Map<string, LanguageIndex>();
  /** Search expansions of this index's words (search_words), by language and text. */
  expansions = new Map<string, unknown>();
  private chain: Promise<unknown> = Promise.resolve();

  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  slot = (productId: number) => this.slotOf.get(productId);

  /** Reads the database's version and follows it; resolves when this index holds every commit before the call. */
  async current(): Promise<this> {
    const [state] = rowsOf<{ version: unknown; full_version: unknown; meta_version: unknown }>(
      await this.db.execute(sql`select version, full_version, meta_version from catalog_index_state`),
    );
    if (!state) throw new Error("catalog_index_state is empty: run the migrations");
    const target = {
      version: Number(state.version),
      full: Number(state.full_version),
      meta: Number(state.meta_version),
    };
    if (target.version > this.version || target.full > this.version)
      await this.serially(() => this.follow(target));
    return this;
  }

  /** The market's card prices (read on first use). */
  async market(alias: string): Promise<MarketIndex> {
    const known = this.markets.get(alias);
    if (known) return known;
    await this.serially(async () => {
      if (this.markets.has(alias)) return;
      const rows = await this.windows([alias], null);
      const market = new MarketIndex(alias);
      market.grow(this.capacity);
      market.write([], rows, this.slot);
      this.markets.set(alias, market);
    });
    return this.markets.get(alias) as MarketIndex;
  }

  /** The language's search documents (read on first use). */
  async language(languageId: string): Promise<LanguageIndex> {
    const known = this.languages.get(languageId);
    if (known) return known;
    await this.serially(async () => {
      if (this.languages.has(languageId)) return;
      const rows = await this.documents(languageId, null);
      const language = new LanguageIndex(languageId, new Set(this.meta.stems.get(languageId) ?? []));
      language.grow(this.capacity);
      language.write(rows, this.slot, []);
      this.languages.set(languageId, language);
    });
    return this.languages.get(languageId) as LanguageIndex;
  }

  /** Each slot's rank by name in the language (read when first asked for after a name changed). */
  async alphabetical(languageId: string): Promise<Int32Array> {
    const language = await this.language(languageId);
    if (language.alphabetical) return language.alphabetical;
    await this.serially(async () => {
      if (language.alphabetical) return;
      const [row] = rowsOf<{ ids: string | number[] | null }>(
        await this.db.execute(sql`
          select array_agg(product_id order by name, product_id)::text as ids
          from product_translations where language_id = ${languageId}`),
      );
      const ranks = new Int32Array(this.capacity).fill(-1);
      arrayOf(row?.ids ?? "{}").forEach((id, i) => {
        const slot = this.slotOf.get(Number(id));
        if (slot !== undefined) ranks[slot] = i;
      });
      language.alphabetical = ranks;
    });
    const ranks: Int32Array | null = language.alphabetical;
    if (!ranks) throw new Error("alphabetical order not loaded");
    return ranks;
  }

  /** Runs index changes one after another (readers never see half of one: each applies without awaiting). */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async follow(target: { version: number; full: number; meta: number }) {
    if (target.version <= this.version && target.full <= this.version) return;
    if (target.full > this.version) return this.loadAll(target);
    const rows = await this.productRows(this.version);
    const changed = rows.map((r) => r.product_id);
    const markets = [...this.markets.keys()];
    const windows = markets.length && changed.length ? await this.windows(markets, changed) : [];
    const documents = new Map<string, DocumentRow[]>();
    for (const languageId of this.languages.keys()) {
      documents.set(languageId, changed.length ? await this.documents(languageId, changed) : []);
    }
    const meta = target.meta > this.version ? await this.readMeta() : null;
    const stems = meta ? await this.newStems(meta, changed) : new Map<string, DocumentRow[]>();
    // From here on nothing awaits: requests see the index before or after this change, never halfway.
    if (meta) {
      this.meta = meta;
      this.expansions.clear();
    }
    this.writeProducts(rows);
    for (const [alias, market] of this.markets) {
      market.grow(this.capacity);
      const slots = changed.map((id) => this.slotOf.get(id) as number);
      market.write(
        slots,
        windows.filter((w) => (w as WindowRow & { market_alias: string }).market_alias === alias),
        this.slot,
      );
    }
    for (const [languageId, language] of this.languages) {
      language.grow(this.capacity);
      const extra = stems.get(languageId) ?? [];
      for (const s of this.meta.stems.get(languageId) ?? []) language.vocabulary.add(s);
      const present = [...changed, ...extra.map((d) => d.product_id)].map(
        (id) => this.slotOf.get(id) as number,
      );
      const renamed = language.write([...(documents.get(languageId) ?? []), ...extra], this.slot, present);
      if (renamed || rows.some((r) => this.isNew.has(r.product_id))) language.alphabetical = null;
    }
    this.isNew.clear();
    this.version = target.version;
    this.metaVersion = Math.max(this.metaVersion, meta ? target.meta : this.metaVersion);
  }

  private isNew = new Set<number>();

  private async loadAll(target: { version: number; full: number; meta: number }) {
    const meta = await this.readMeta();
    const rows = await this.productRows(null);
    const fresh = new CatalogIndex(this.db);
    fresh.meta = meta;
    fresh.writeProducts(rows);
    const markets = [...this.markets.keys()];
    const windows = markets.length ? await fresh.windows(markets, null) : [];
    const languages = new Map<string, DocumentRow[]>();
    for (const languageId of this.languages.keys())
      languages.set(languageId, await fresh.documents(languageId, null));
    for (const alias of markets) {
      const market = new MarketIndex(alias);
      market.grow(fresh.capacity);
      market.write(
        [],
        windows.filter((w) => (w as WindowRow & { market_alias: string }).market_alias === alias),
        fresh.slot,
      );
      fresh.markets.set(alias, market);
    }
    for (const [languageId, rows] of languages) {
      const language = new LanguageIndex(languageId, new Set(meta.stems.get(languageId) ?? []));
      language.grow(fresh.capacity);
      language.write(rows, fresh.slot, []);
      fresh.languages.set(languageId, language);
    }
    // Swap in one step.
    Object.assign(this, {
      size: fresh.size,
      capacity: fresh.capacity,
      slotOf: fresh.slotOf,
      ids: fresh.ids,
      active: fresh.active,
      brand: fresh.brand,
      created: fresh.created,
      custom: fresh.custom,
      recordStart: fresh.recordStart,
      records: fresh.records,
      sizeIds: fresh.sizeIds,
      sizeNames: fresh.sizeNames,
      paramIds: fresh.paramIds,
      paramNames: fresh.paramNames,
      paramIdentifiers: fresh.paramIdentifiers,
      meta,
      markets: fresh.markets,
      languages: fresh.languages,
      expansions: new Map(),
      version: target.version,
      fullVersion: target.full,
      metaVersion: target.meta,
    });
    this.slot = (productId: number) => this.slotOf.get(productId);
    this.isNew.clear();
  }

  // The loaders ask for JSON arrays aggregated per 5,000 products: a few large values decode far faster than a
  // hundred thousand rows of arrays (PGlite above all), and no value grows with the catalog.

  private async productRows(after: number | null): Promise<ProductRow[]> {
    const rows = await jsonChunks(
      this.db,
      sql`select json_agg(json_build_array(product_id, active, brand_id,
                   (extract(epoch from created_at) * 1000000)::float8, custom_sort, category_ids, sizes, campaign_ids,
                   params) order by product_id)::text as chunk
          from product_index
          ${after === null ? sql`` : sql`where version > ${after}`}
          group by product_id / 5000 order by product_id / 5000`,
    );
    return rows.map(
      ([product_id, active, brand_id, created, custom_sort, category_ids, sizes, campaign_ids, params]) => ({
        product_id: product_id as number,
        active: active as boolean,
        brand_id: brand_id as number | null,
        created: created as number | null,
        custom_sort: custom_sort as Record<string, unknown> | null,
        category_ids: category_ids as number[],
        sizes: sizes as string[],
        campaign_ids: campaign_ids as number[],
        params: params as string[],
      }),
    );
  }

  private async windows(markets: string[], productIds: number[] | null): Promise<WindowRow[]> {
    const rows = await jsonChunks(
      this.db,
      sql`select json_agg(json_build_array(product_id, market_alias,
                   (extract(epoch from valid_from) * 1000000)::float8, (extract(epoch from valid_until) * 1000000)::float8,
                   selling_minor, discount_percent) order by product_id, valid_from)::text as chunk
          from product_list_prices
          where market_alias in (select jsonb_array_elements_text(${JSON.stringify(markets)}::jsonb))
            ${productIds === null ? sql`` : sql`and product_id = any(${`{${productIds.join(",")}}`}::int[])`}
          group by product_id / 5000 order by product_id / 5000`,
    );
    // ±infinity comes as the strings "Infinity" and "-Infinity".
    return rows.map(([product_id, market_alias, f, u, selling_minor, discount_percent]) => ({
      product_id: product_id as number,
      market_alias: market_alias as string,
      f: Number(f),
      u: Number(u),
      selling_minor: selling_minor as number,
      discount_percent: discount_percent as number,
    }));
  }

  private async documents(
    languageId: string,
    productIds: number[] | null,
    extra: SQL = sql``,
  ): Promise<DocumentRow[]> {
    const rows = await jsonChunks(
      this.db,
      sql`select json_agg(json_build_array(product_id, search_vector::text, hashtext(name)))::text as chunk
          from product_translations
          where language_id = ${languageId}
            ${productIds === null ? sql`` : sql`and product_id = any(${`{${productIds.join(",")}}`}::int[])`}
            ${extra}
          group by product_id / 5000`,
    );
    return rows.map(([product_id, v, h]) => ({
      product_id: product_id as number,
      v: v as string | null,
      h: h as number,
    }));
  }

  /** Documents holding stems that became searchable (a new word in a name): their lexemes were left out so far. */
  private async newStems(meta: Meta, changed: number[]) {
    const out = new Map<string, DocumentRow[]>();
    for (const [languageId, language] of this.languages) {
      const added = [...(meta.stems.get(languageId) ?? [])].filter((s) => !language.vocabulary.has(s));
      if (!added.length) continue;
      const query = added.map((s) => `'${s.replace(/'/g, "''")}'`).join(" | ");
      out.set(
        languageId,
        await this.documents(
          languageId,
          null,
          sql`and search_vector @@ to_tsquery('simple', ${query})
              and not (product_id = any(${`{${changed.join(",")}}`}::int[]))`,
        ),
      );
    }
    return out;
  }

  private async readMeta(): Promise<Meta> {
    const [row] = rowsOf<{ meta: string | Record<string, unknown> }>(
      await this.db.execute(sql`
        select json_build_object(
          'categories', (select coalesce(json_agg(json_build_array(id, parent_id, active, sort_order)), '[]') from categories),
          'categoryNames', (select coalesce(json_agg(json_build_array(category_id, language_id, name, alias)), '[]')
                            from category_translations),
          'brands', (select coalesce(json_agg(json_build_array(id, name, alias)), '[]') from brands),
          'campaigns', (select coalesce(json_agg(json_build_array(id, active,
                          (extract(epoch from starts_at) * 1000000)::float8, (extract(epoch from ends_at) * 1000000)::float8)), '[]')
                        from discount_campaigns),
          'campaignNames', (select coalesce(json_agg(json_build_array(campaign_id, language_id, name)), '[]')
                            from campaign_translations),
          'labels', (select coalesce(json_agg(json_build_array(facet, language_id, group_label, label)), '[]')
                     from facet_labels),
          'stems', (select coalesce(json_agg(json_build_array(language_id, stem)), '[]')
                    from (select distinct language_id, stem from search_words) s)
        )::text as meta`),
    );
    const m = (typeof row?.meta === "string" ? JSON.parse(row.meta) : row?.meta) as {
      categories: [number, number | null, boolean, number][];
      categoryNames: [number, string, string, string][];
      brands: [number, string, string][];
      campaigns: [number, boolean, number | null, number | null][];
      campaignNames: [number, string, string][];
      labels: [string, string, string | null, string][];
      stems: [string, string][];
    };
    const meta = emptyMeta();
    for (const [id, parentId, active, sortOrder] of m.categories)
      meta.categories.set(id, { parentId, active, sortOrder });
    for (const id of meta.categories.keys()) {
      const up: number[] = [];
      const seen = new Set<number>();
      for (let c: number | null | undefined = id; c !== null && c !== undefined && !seen.has(c); ) {
        seen.add(c);
        const node = meta.categories.get(c);
        if (!node) break;
        if (node.active) up.push(c);
        c = node.parentId;
      }
      meta.expansion.set(id, up);
      meta.listedUnder[id] = Int32Array.from(up);
      meta.categoryMax = Math.max(meta.categoryMax, id);
    }
    for (const [id, languageId, name, alias] of m.categoryNames)
      meta.categoryNames.set(`${id}|${languageId}`, { name, alias });
    for (const [id, name, alias] of m.brands) meta.brands.set(id, { name, alias });
    for (const [id, active, starts, ends] of m.campaigns)
      meta.campaigns.set(id, {
        active,
        startsUs: starts ?? Number.NEGATIVE_INFINITY,
        endsUs: ends ?? Number.POSITIVE_INFINITY,
      });
    for (const [id, languageId, name] of m.campaignNames) meta.campaignNames.set(`${id}|${languageId}`, name);
    for (const [facet, languageId, groupLabel, label] of m.labels) {
      meta.labels.set(`${facet}|${languageId}`, { label, groupLabel });
      meta.labelKeys.add(facet);
    }
    for (const [languageId, stem] of m.stems) {
      let set = meta.stems.get(languageId);
      if (!set) {
        set = new Set();
        meta.stems.set(languageId, set);
      }
      set.add(stem);
    }
    return meta;
  }

  private writeProducts(rows: ProductRow[]) {
    const needed = this.size + rows.length;
    if (needed > this.capacity) this.growTo(needed);
    let live = 0;
    for (const r of rows) {
      let slot = this.slotOf.get(r.product_id);
      if (slot === undefined) {
        slot = this.size++;
        this.slotOf.set(r.product_id, slot);
        this.ids[slot] = r.product_id;
        this.isNew.add(r.product_id);
      } else {
        this.records.garbage += recordLength(this.records.data, this.recordStart[slot] ?? 0);
      }
      this.active[slot] = r.active ? 1 : 0;
      this.brand[slot] = r.brand_id === null ? NO_BRAND : r.brand_id;
      const created = num(r.created);
      this.created[slot] = created === null ? Number.NaN : created;
      const custom = r.custom_sort ?? {};
      for (let k = 0; k < 5; k++) {
        const v = Number(custom[String(k + 1)]);
        (this.custom[k] as Float64Array)[slot] =
          custom[String(k + 1)] === null || custom[String(k + 1)] === undefined || !Number.isFinite(v)
            ? Number.POSITIVE_INFINITY
            : v;
      }
      const categories = r.category_ids;
      const sizes = r.sizes.map((s) => this.valueId(this.sizeIds, this.sizeNames, s));
      const campaigns = r.campaign_ids;
      const params = r.params.map((p) => this.paramId(p));
      const records = this.records;
      records.reserve(4 + categories.length + sizes.length + campaigns.length + params.length);
      this.recordStart[slot] = records.length;
      for (const list of [categories, sizes, campaigns, params]) {
        records.push(list.length);
        for (const v of list) records.push(v);
      }
      live++;
    }
    if (live && this.records.garbage > 100_000 && this.records.garbage * 2 > this.records.length)
      this.compact();
  }

  private compact() {
    const records = new Pool(new Int32Array(0));
    records.reserve(this.records.length - this.records.garbage);
    for (let slot = 0; slot < this.size; slot++) {
      const s = this.recordStart[slot] ?? 0;
      const n = recordLength(this.records.data, s);
      this.recordStart[slot] = records.length;
      for (let i = s; i < s + n; i++) records.push(this.records.data[i] as number);
    }
    this.records = records;
  }

  private growTo(size: number) {
    let capacity = Math.max(1024, this.capacity);
    while (capacity < size) capacity *= 2;
    this.capacity = capacity;
    this.ids = grown(this.ids, capacity);
    this.active = grown(this.active, capacity);
    this.brand = grown(this.brand, capacity, NO_BRAND);
    this.created = grown(this.created, capacity);
    this.custom = this.custom.map((c) => grown(c, capacity));
    this.recordStart = grown(this.recordStart, capacity);
  }

  private valueId(ids: Map<string, number>, names: string[], value: string) {
    let id = ids.get(value);
    if (id === undefined) {
      id = names.length;
      ids.set(value, id);
      names.push(value);
    }
    return id;
  }

  private paramId(value: string) {
    const known = this.paramIds.get(value);
    if (known !== undefined) return known;
    const id = this.valueId(this.paramIds, this.paramNames, value);
    this.paramIdentifiers[id] = value.split("_")[0] as string;
    return id;
  }
}

/** The rows of a statement answering JSON arrays of rows in `chunk` (one row per chunk), decoded. */
async function jsonChunks(db: Database, query: SQL): Promise<unknown[][]> {
  const chunks = rowsOf<{ chunk: string | unknown[][] | null }>(await db.execute(query));
  return chunks.flatMap((c) =>
    c.chunk === null ? [] : typeof c.chunk === "string" ? JSON.parse(c.chunk) : c.chunk,
  );
}

function recordLength(records: Int32Array, start: number) {
  let i = start;
  for (let k = 0; k < 4; k++) i += 1 + (records[i] ?? 0);
  return i - start;
}

function emptyMeta(): Meta {
  return {
    categories: new Map(),
    expansion: new Map(),
    listedUnder: [],
    categoryMax: 0,
    categoryNames: new Map(),
    brands: new Map(),
    campaigns: new Map(),
    campaignNames: new Map(),
    labels: new Map(),
    labelKeys: new Set(),
    stems: new Map(),
  };
}

const indexes = new WeakMap<object, CatalogIndex>();

/**
 * The index of a database handle, current as of this call (one statement when nothing changed). Keyed by the
 * driver's client, so every use of one handle shares one index.
 */
export async function catalogIndex(db: Database): Promise<CatalogIndex> {
  const key = (db as unknown as { $client?: object }).$client ?? db;
  let index = indexes.get(key);
  if (!index) {
    index = new CatalogIndex(db);
    indexes.set(key, index);
  }
  return index.current();
}
