import type { Database } from "#db/client.ts";
import type { CatalogIndex } from "../catalog-index/index.ts";
import type { LanguageIndex } from "../catalog-index/language.ts";
import { lexemeOrder, tsRank } from "../catalog-index/rank.ts";
import { type ExpandedSearch, expandSearch } from "../search-words.ts";

/** A search's text matched against the list index's documents in memory, and its relevance (lists and facets). */

export interface CompiledSearch {
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
export function relevance(search: CompiledSearch, slot: number): number {
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

export function compileSearch(language: LanguageIndex, expanded: ExpandedSearch): CompiledSearch {
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

export function matchesSearch(search: CompiledSearch, slot: number): boolean {
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
