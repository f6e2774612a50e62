import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";

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

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function grown<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(
  a: T,
  size: number,
  fill = 0,
): T {
  if (a.length >= size) return a;
  let n = Math.max(16, a.length);
  while (n < size) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  if (fill !== 0) b.fill(fill as never, a.length);
  return b;
}

/** An append-only array of numbers; rewritten records leave garbage, compacted when it outweighs the rest. */
class Pool<T extends Int32Array | Float64Array | Uint16Array> {
  data: T;
  length = 0;
  garbage = 0;
  constructor(empty: T) {
    this.data = empty;
  }
  reserve(n: number) {
    this.data = grown(this.data, this.length + n);
  }
  push(v: number) {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }
}

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

/** Card prices of one market: windows per slot, and the window in effect at one moment for all slots. */
export class MarketIndex {
  start = new Int32Array(0);
  count = new Int32Array(0);
  from = new Pool(new Float64Array(0));
  until = new Pool(new Float64Array(0));
  sell = new Pool(new Int32Array(0));
  disc = new Pool(new Int32Array(0));
  /** Selling price in effect per slot (-1: no price in this market) and its discount, valid in [validFrom, validUntil). */
  selling = new Int32Array(0);
  discount = new Int32Array(0);
  private validFrom = Number.POSITIVE_INFINITY;
  private validUntil = Number.NEGATIVE_INFINITY;

  readonly alias: string;

  constructor(alias: string) {
    this.alias = alias;
  }

  grow(capacity: number) {
    this.start = grown(this.start, capacity);
    this.count = grown(this.count, capacity);
  }

  /** Replaces the windows of these slots (rows sorted by slot, then valid_from). */
  write(slots: number[], rows: WindowRow[], slotOf: (productId: number) => number | undefined) {
    for (const slot of slots) {
      this.from.garbage += this.count[slot] ?? 0;
      this.count[slot] = 0;
    }
    this.from.reserve(rows.length);
    this.until.reserve(rows.length);
    this.sell.reserve(rows.length);
    this.disc.reserve(rows.length);
    let last = -1;
    for (const r of rows) {
      const slot = slotOf(r.product_id);
      if (slot === undefined) continue;
      if (slot !== last) {
        if ((this.count[slot] ?? 0) > 0) this.from.garbage += this.count[slot] ?? 0;
        this.start[slot] = this.from.length;
        this.count[slot] = 0;
        last = slot;
      }
      this.from.push(Number(r.f));
      this.until.push(Number(r.u));
      this.sell.push(r.selling_minor);
      this.disc.push(r.discount_percent);
      this.count[slot] = (this.count[slot] ?? 0) + 1;
    }
    this.validFrom = Number.POSITIVE_INFINITY;
    this.validUntil = Number.NEGATIVE_INFINITY;
    if (this.from.garbage > 100_000 && this.from.garbage * 2 > this.from.length) this.compact();
  }

  private compact() {
    const from = new Pool(new Float64Array(0));
    const until = new Pool(new Float64Array(0));
    const sell = new Pool(new Int32Array(0));
    const disc = new Pool(new Int32Array(0));
    const live = this.from.length - this.from.garbage;
    for (const p of [from, until, sell, disc]) p.reserve(live);
    for (let slot = 0; slot < this.count.length; slot++) {
      const n = this.count[slot] ?? 0;
      const s = this.start[slot] ?? 0;
      this.start[slot] = from.length;
      for (let i = s; i < s + n; i++) {
        from.push(this.from.data[i] as number);
        until.push(this.until.data[i] as number);
        sell.push(this.sell.data[i] as number);
        disc.push(this.disc.data[i] as number);
      }
    }
    Object.assign(this, { from, until, sell, disc });
  }

  /** Points `selling` and `discount` at the moment `atUs` (epoch microseconds). */
  at(atUs: number, size: number) {
    if (atUs >= this.validFrom && atUs < this.validUntil && this.selling.length >= size) return this;
    this.selling = grown(this.selling, size);
    this.discount = grown(this.discount, size);
    let lo = Number.NEGATIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    const { from, until, sell, disc } = this;
    for (let slot = 0; slot < size; slot++) {
      const n = this.count[slot] ?? 0;
      let found = -1;
      for (let i = this.start[slot] ?? 0, end = i + n; i < end; i++) {
        if ((from.data[i] as number) <= atUs && atUs < (until.data[i] as number)) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        this.selling[slot] = -1;
        this.discount[slot] = 0;
        // A product priced at other moments only: the next or previous window bounds this state.
        for (let i = this.start[slot] ?? 0, end = i + n; i < end; i++) {
          const f = from.data[i] as number;
          const u = until.data[i] as number;
          if (f > atUs) hi = Math.min(hi, f);
          if (u <= atUs) lo = Math.max(lo, u);
        }
        continue;
      }
      this.selling[slot] = sell.data[found] as number;
      this.discount[slot] = disc.data[found] as number;
      lo = Math.max(lo, from.data[found] as number);
      hi = Math.min(hi, until.data[found] as number);
    }
    this.validFrom = lo;
    this.validUntil = hi;
    return this;
  }
}

interface WindowRow {
  product_id: number;
  f: number | string;
  u: number | string;
  selling_minor: number;
  discount_percent: number;
}

/**
 * The search documents of one language: per slot, the lexemes of its search vector that search can ask for (the
 * stems of search_words: queries are made of nothing else), with their positions and weights as PostgreSQL keeps
 * them, so relevance is ts_rank's own arithmetic.
 */
export class LanguageIndex {
  /** Lexeme → id, for the stems of the language. */
  lexemes = new Map<string, number>();
  has = new Uint8Array(0);
  nameHash = new Int32Array(0);
  start = new Int32Array(0);
  count = new Int32Array(0);
  lex = new Pool(new Int32Array(0));
  posStart = new Pool(new Int32Array(0));
  posCount = new Pool(new Int32Array(0));
  pos = new Pool(new Uint16Array(0));
  /** Rank of each slot by name (ORDER BY name, product_id in the database's collation); -1 without a name. */
  alphabetical: Int32Array | null = null;
  /** Matching slots per search query, until the documents change. */
  matches = new Map<string, Int32Array>();

  readonly languageId: string;
  /** The stems search can ask for; a document keeps only these lexemes. */
  readonly vocabulary: Set<string>;

  constructor(languageId: string, vocabulary: Set<string>) {
    this.languageId = languageId;
    this.vocabulary = vocabulary;
  }

  grow(capacity: number) {
    this.has = grown(this.has, capacity);
    this.nameHash = grown(this.nameHash, capacity);
    this.start = grown(this.start, capacity);
    this.count = grown(this.count, capacity);
    if (this.alphabetical && this.alphabetical.length < capacity) this.alphabetical = null;
  }

  lexemeId(lexeme: string) {
    let id = this.lexemes.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.size;
      this.lexemes.set(lexeme, id);
    }
    return id;
  }

  /** Replaces the documents of these slots; returns whether a name changed. */
  write(rows: DocumentRow[], slotOf: (productId: number) => number | undefined, present: number[]) {
    let renamed = false;
    this.matches.clear();
    for (const slot of present) {
      if (this.has[slot]) {
        this.has[slot] = 0;
        this.lex.garbage += this.count[slot] ?? 0;
        this.count[slot] = 0;
      }
    }
    const seen = new Set<number>();
    for (const r of rows) {
      const slot = slotOf(r.product_id);
      if (slot === undefined) continue;
      seen.add(slot);
      const hash = Number(r.h);
      if (this.nameHash[slot] !== hash) renamed = true;
      this.nameHash[slot] = hash;
      this.has[slot] = 1;
      this.parse(slot, r.v ?? "");
    }
    for (const slot of present) {
      if (seen.has(slot) || this.nameHash[slot] === 0) continue;
      renamed = true;
      this.nameHash[slot] = 0;
    }
    if (this.lex.garbage > 100_000 && this.lex.garbage * 2 > this.lex.length) this.compact();
    return renamed;
  }

  private parse(slot: number, text: string) {
    this.start[slot] = this.lex.length;
    let n = 0;
    for (const [lexeme, positions] of parseTsvector(text)) {
      if (!this.vocabulary.has(lexeme)) continue;
      this.lex.push(this.lexemeId(lexeme));
      this.posStart.push(this.pos.length);
      this.posCount.push(positions.length);
      for (const p of positions) this.pos.push(p);
      n++;
    }
    this.count[slot] = n;
  }

  private compact() {
    const lex = new Pool(new Int32Array(0));
    const posStart = new Pool(new Int32Array(0));
    const posCount = new Pool(new Int32Array(0));
    const pos = new Pool(new Uint16Array(0));
    for (let slot = 0; slot < this.count.length; slot++) {
      const n = this.count[slot] ?? 0;
      const s = this.start[slot] ?? 0;
      this.start[slot] = lex.length;
      for (let i = s; i < s + n; i++) {
        lex.push(this.lex.data[i] as number);
        posStart.push(pos.length);
        const c = this.posCount.data[i] as number;
        posCount.push(c);
        const p0 = this.posStart.data[i] as number;
        for (let j = p0; j < p0 + c; j++) pos.push(this.pos.data[j] as number);
      }
    }
    Object.assign(this, { lex, posStart, posCount, pos });
  }
}

interface DocumentRow {
  product_id: number;
  v: string | null;
  h: number | string;
}

/** Lexemes of a tsvector's text form ('word':1A,5 'other':3) with their positions as WordEntryPos. */
export function* parseTsvector(text: string): Generator<[string, number[]]> {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === " ") i++;
    if (i >= n) return;
    let lexeme = "";
    if (text[i] === "'") {
      i++;
      while (i < n) {
        const c = text[i] as string;
        if (c === "'") {
          if (text[i + 1] === "'") {
            lexeme += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === "\\" && i + 1 < n) {
          lexeme += text[i + 1];
          i += 2;
          continue;
        }
        lexeme += c;
        i++;
      }
    } else {
      const s = i;
      while (i < n && text[i] !== " " && text[i] !== ":") i++;
      lexeme = text.slice(s, i);
    }
    const positions: number[] = [];
    if (text[i] === ":") {
      i++;
      while (i < n && text[i] !== " ") {
        let p = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57)
          p = p * 10 + text.charCodeAt(i++) - 48;
        let weight = 0;
        const c = text[i];
        if (c === "A" || c === "a") weight = 3;
        else if (c === "B" || c === "b") weight = 2;
        else if (c === "C" || c === "c") weight = 1;
        if (
          c === "A" ||
          c === "B" ||
          c === "C" ||
          c === "D" ||
          c === "a" ||
          c === "b" ||
          c === "c" ||
          c === "d"
        )
          i++;
        positions.push((weight << 14) | Math.min(p, 16383));
        if (text[i] === ",") i++;
      }
    }
    // A lexeme without positions (a stripped vector) ranks as one position of weight D, as in ts_rank.
    yield [lexeme, positions.length ? positions : [0]];
  }
}

// --- ts_rank, as PostgreSQL computes it (src/backend/utils/adt/tsrank.c), in single precision ---------------------

const f32 = Math.fround;
const MAXENTRYPOS = 1 << 14;

const wordDistance = new Float64Array(101).map((_, w) =>
  w === 0 ? 0 : f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2))),
);

function distance(w: number) {
  return w > 100 ? f32(1e-30) : (wordDistance[w] as number);
}

/**
 * ts_rank(weights, vector, query) for a query of OR'ed alternatives per term, the terms AND'ed. The query's distinct
 * lexemes, in PostgreSQL's order (by bytes), are the items: item i's positions in the document are
 * pos[starts[i] … starts[i] + lens[i]) (lens[i] = 0: not in the document). `and`: the query's top operator is AND
 * (more than one term).
 */
export function tsRank(
  w: number[],
  pos: Uint16Array,
  starts: Int32Array,
  lens: Int32Array,
  items: number,
  and: boolean,
): number {
  let res = and && items >= 2 ? rankAnd(w, pos, starts, lens, items) : rankOr(w, pos, starts, lens, items);
  if (res < 0) res = f32(1e-20);
  return res;
}

function rankOr(w: number[], pos: Uint16Array, starts: Int32Array, lens: Int32Array, items: number): number {
  let res = 0;
  for (let i = 0; i < items; i++) {
    const n = lens[i] as number;
    if (!n) continue;
    const s = starts[i] as number;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < n; j++) {
      const wp = w[((pos[s + j] as number) >> 14) & 3] as number;
      resj = f32(resj + f32(wp / ((j + 1) * (j + 1))));
      if (wp > wjm) {
        wjm = wp;
        jm = j;
      }
    }
    const x = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
    res = f32(res + x / 1.64493406685);
  }
  return items > 0 ? f32(res / items) : res;
}

function rankAnd(w: number[], pos: Uint16Array, starts: Int32Array, lens: Int32Array, items: number): number {
  let res = -1;
  for (let i = 0; i < items; i++) {
    const ni = lens[i] as number;
    if (!ni) continue;
    const si = starts[i] as number;
    for (let k = 0; k < i; k++) {
      const nk = lens[k] as number;
      if (!nk) continue;
      const sk = starts[k] as number;
      for (let l = 0; l < ni; l++) {
        const a = pos[si + l] as number;
        for (let p = 0; p < nk; p++) {
          const b = pos[sk + p] as number;
          const dist = Math.abs((a & (MAXENTRYPOS - 1)) - (b & (MAXENTRYPOS - 1)));
          // Two lexemes at one position (no distance) do not count (documents always have positions here).
          if (dist) {
            const curw = f32(
              Math.sqrt(
                f32(f32((w[(a >> 14) & 3] as number) * (w[(b >> 14) & 3] as number)) * distance(dist)),
              ),
            );
            res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
}

/** PostgreSQL's order of query operands (memcmp of the UTF-8 bytes, then length). */
export function lexemeOrder(a: string, b: string) {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
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
