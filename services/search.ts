import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { listBrands } from "./catalog/brands.ts";
import { categoryTree, flattenTree } from "./catalog/categories.ts";
import { cleanSearchText } from "./catalog/filter.ts";
import { listProducts } from "./catalog/lists.ts";
import { expandSearchCached } from "./catalog/search-match.ts";
import type { ProductSummary } from "./catalog/summary.ts";
import { catalogIndex } from "./catalog-index/index.ts";
import type { Locale, ReferenceData } from "./reference.ts";
import { rowsOf } from "./search-words.ts";

/** Search suggestions and "did you mean": the catalog's lists searched with the words of search-words.ts. */
export interface SearchSuggestionsResult {
  products: ProductSummary[];
  categories: { name: string; alias: string; canonicalUrl: string }[];
  brands: { name: string; alias: string; canonicalUrl: string }[];
  didYouMean: string[];
}

/**
 * Search-as-you-type: the best products, the categories and brands whose names match the text (by prefix,
 * compound or inflection), and, when nothing matches, corrected words (pg_trgm).
 */
export async function searchSuggestions(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  searchText: string,
  take = 6,
): Promise<SearchSuggestionsResult> {
  const text = cleanSearchText(searchText);
  const empty: SearchSuggestionsResult = { products: [], categories: [], brands: [], didYouMean: [] };
  if (!text || take === 0) return empty;
  const expanded = await expandSearchCached(db, await catalogIndex(db), locale.language.id, text);
  if (!expanded.tsquery) {
    const didYouMean = await correctedTexts(db, locale.language.id, expanded.terms);
    return { ...empty, didYouMean };
  }
  const config = locale.language.id === "sv-SE" ? "swedish" : "norwegian";
  const [products, matches] = await Promise.all([
    listProducts(db, ref, locale, { skip: 0, take, sort: "RELEVANCE", searchText: text }),
    db.execute(sql`
      select 'c' as kind, ct.category_id as id from category_translations ct
      join categories c on c.id = ct.category_id and c.active
      where ct.language_id = ${locale.language.id}
        and to_tsvector(${config}::regconfig, ct.name) @@ to_tsquery('simple', ${expanded.tsquery})
      union all
      select 'b', b.id from brands b
      where b.active and to_tsvector(${config}::regconfig, b.name) @@ to_tsquery('simple', ${expanded.tsquery})`),
  ]);
  const found = rowsOf<{ kind: string; id: number }>(matches);
  const categoryIds = new Set(found.filter((r) => r.kind === "c").map((r) => r.id));
  const brandIds = new Set(found.filter((r) => r.kind === "b").map((r) => r.id));
  const [tree, brands] = await Promise.all([
    categoryIds.size ? categoryTree(db, locale) : Promise.resolve([]),
    brandIds.size ? listBrands(db, locale) : Promise.resolve([]),
  ]);
  // The literal text found nothing when a term had to be corrected: say what was searched instead.
  const didYouMean = expanded.corrections.size
    ? [expanded.terms.map((t) => expanded.corrections.get(t)?.[0] ?? t).join(" ")]
    : products.count === 0
      ? await correctedTexts(db, locale.language.id, expanded.terms)
      : [];
  return {
    products: products.products,
    categories: flattenTree(tree)
      .filter((c) => categoryIds.has(c.categoryId))
      .slice(0, take)
      .map((c) => ({ name: c.name, alias: c.alias, canonicalUrl: c.canonicalUrl })),
    brands: brands
      .filter((b) => brandIds.has(b.brandId))
      .slice(0, take)
      .map((b) => ({ name: b.name, alias: b.alias, canonicalUrl: b.canonicalUrl })),
    didYouMean,
  };
}

/** The text with each term replaced by its closest catalog words: up to three alternatives. */
async function correctedTexts(db: Database, languageId: string, terms: string[]): Promise<string[]> {
  if (!terms.length) return [];
  const rows = rowsOf<{ ord: number; words: string[] | string | null }>(
    await db.execute(sql`
      select t.ord::int as ord, array(
        select w.word from search_words w
        where w.language_id = ${languageId} and w.word % t.term and w.word <> t.term
        order by similarity(w.word, t.term) desc, w.products desc, w.word limit 3) as words
      from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) with ordinality as t(term, ord)
      order by t.ord`),
  );
  const options = rows.map((r, i) => {
    const words =
      r.words === null ? [] : Array.isArray(r.words) ? r.words : r.words.replace(/^\{|\}$/g, "").split(",");
    return words.length ? words : [terms[i] as string];
  });
  if (options.every((o, i) => o.length === 1 && o[0] === terms[i])) return [];
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const text = options.map((o) => o[Math.min(k, o.length - 1)]).join(" ");
    if (!out.includes(text)) out.push(text);
  }
  return out;
}
