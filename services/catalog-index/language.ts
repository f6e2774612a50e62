import { grown, Pool } from "./arrays.ts";

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

export interface DocumentRow {
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
