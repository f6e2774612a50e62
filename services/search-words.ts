import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";

/**
 * Search in PostgreSQL: full-text vectors in the language's configuration (swedish / norwegian), with each
 * query term first expanded against the catalog's own words (search_words: the words of product names and
 * categories with their stems), because stemming alone misses what Nordic shoppers type:
 *
 * - inflections the stemmer leaves alone ("jackan" → the stem "jack" of "jacka": a known stem the term starts with),
 * - compounds ("jacka" finds "Vinterjacka", "sko" finds "Løpesko": stems ending in the term's stem),
 * - prefixes while typing ("vinterj" → "vinterjacka"),
 * - typos ("jakkke" → "jakke", by pg_trgm similarity, only for a term nothing else matched).
 *
 * The expanded stems form a tsquery (OR inside a term, AND across terms) matched against the products'
 * search vectors, where name and brand weigh most.
 */

const MAX_TERMS = 8;
/** Stems a compound or inflection rule needs, so that "a" or "to" do not match half the catalog. */
const MIN_SUFFIX = 3;
const TYPO_SIMILARITY = 0.4;

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dictionary = (languageId: string) =>
  languageId === "sv-SE" ? "swedish_stem" : languageId === "nb-NO" ? "norwegian_stem" : "simple";

/** The words of a search text: lower-case letters and digits, at most MAX_TERMS. */
export function searchTerms(text: string): string[] {
  const words = text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export interface ExpandedSearch {
  /** A tsquery in the 'simple' configuration over stems; null when some term matches nothing. */
  tsquery: string | null;
  terms: string[];
  /** Per term, the stems it matches (the tsquery is these OR'ed per term, the terms AND'ed). */
  stems: string[][];
  /** Per term, the catalog words it was corrected to (typos). */
  corrections: Map<string, string[]>;
}

/** One statement: every term's stems (inflection, compound, prefix), and trigram corrections for the rest. */
export async function expandSearch(db: Database, languageId: string, text: string): Promise<ExpandedSearch> {
  const terms = searchTerms(text);
  if (!terms.length) return { tsquery: null, terms, stems: [], corrections: new Map() };
  const dict = dictionary(languageId);
  type Row = { ord: number; stems: string[] | string | null; corrected: string[] | string | null };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with terms as (
        select t.term, t.ord::int as ord, coalesce((ts_lexize(${dict}::regdictionary, t.term))[1], t.term) as root
        from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) with ordinality as t(term, ord)
      ),
      bases as (
        select ord, root as base from terms
        union
        -- the longest known stem the term starts with ("jackan" → "jack"), for inflections the stemmer keeps
        (select distinct on (t.ord) t.ord, w.stem from terms t
        join search_words w on w.language_id = ${languageId} and length(w.stem) >= 4 and t.term like w.stem || '%'
        order by t.ord, length(w.stem) desc)
      ),
      direct as (
        select b.ord, w.stem, null::text as word from bases b
        join search_words w on w.language_id = ${languageId}
          and (w.stem = b.base or (length(b.base) >= ${MIN_SUFFIX} and w.stem like '%' || b.base))
        union
        select t.ord, w.stem, null from terms t
        join search_words w on w.language_id = ${languageId} and w.word like t.term || '%'
      ),
      corrected as (
        select t.ord, x.stem, x.word from terms t
        cross join lateral (
          select w.stem, w.word from search_words w
          where w.language_id = ${languageId} and w.word % t.term
            and similarity(w.word, t.term) >= ${TYPO_SIMILARITY}
          order by similarity(w.word, t.term) desc, w.products desc, w.word
          limit 3
        ) x
        where length(t.term) >= 3 and not exists (select 1 from direct d where d.ord = t.ord)
      ),
      fixed as (
        select c.ord, w.stem, c.word from corrected c
        join search_words w on w.language_id = ${languageId}
          and (w.stem = c.stem or (length(c.stem) >= ${MIN_SUFFIX} and w.stem like '%' || c.stem))
      ),
      hits as (select * from direct union all select * from fixed)
      select t.ord, array_agg(distinct h.stem) filter (where h.stem is not null) as stems,
             array_agg(distinct h.word) filter (where h.word is not null) as corrected
      from terms t left join hits h on h.ord = t.ord
      group by t.ord
      order by t.ord`),
  );
  const list = (v: string[] | string | null): string[] =>
    v === null
      ? []
      : Array.isArray(v)
        ? v
        : v
            .replace(/^\{|\}$/g, "")
            .split(",")
            .filter(Boolean);
  const corrections = new Map<string, string[]>();
  const parts: string[] = [];
  const byTerm: string[][] = [];
  let impossible = false;
  for (const row of rows) {
    const term = terms[row.ord - 1] as string;
    const stems = list(row.stems);
    const corrected = list(row.corrected);
    if (corrected.length) corrections.set(term, corrected);
    if (!stems.length) impossible = true;
    // Stems are letters and digits only (search_words splits on everything else): safe as quoted lexemes, and
    // each one lexeme to to_tsquery (so lists can match and rank them in memory exactly as the database would).
    else {
      parts.push(`(${stems.map((s) => `'${s.replace(/'/g, "''")}'`).join(" | ")})`);
      byTerm.push(stems);
    }
  }
  const impossibleOrEmpty = impossible || !parts.length;
  return {
    tsquery: impossibleOrEmpty ? null : parts.join(" & "),
    terms,
    stems: impossibleOrEmpty ? [] : byTerm,
    corrections,
  };
}
