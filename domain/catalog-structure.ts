import { slugify } from "./ids.ts";
import { checkText, cleanText as clean } from "./text.ts";

/**
 * The shop's rules for its catalog structure (issue 15, decision 0056): the category tree (a move never makes a
 * cycle; siblings keep one order), category and brand texts (a name, a URL alias, optional texts), and which URLs
 * a change moves (so the old ones redirect: `url_history`). Pure; property-tested in catalog-structure.test.ts.
 */
export const STRUCTURE_LIMITS = {
  name: 200,
  alias: 100,
  text: 20_000,
  metaTitle: 200,
  metaDescription: 500,
} as const;

export type StructureProblemCode =
  | "required"
  | "tooLong"
  | "invalidCharacters"
  | "noAlias"
  | "invalidAlias"
  | "aliasTaken"
  | "cycle"
  | "unknownParent";

export interface StructureProblem {
  /** The form field, e.g. "nb.name", "sv.alias", "parentId", "name". */
  field: string;
  code: StructureProblemCode;
  max?: number;
}

export type StructureChecked<T> = { ok: true; value: T } | { ok: false; problems: StructureProblem[] };

const done = <T>(value: T, problems: StructureProblem[]): StructureChecked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

/** A URL alias as the storefront uses it: lower-case letters a–z, digits and single hyphens. */
export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The alias a form gives: the typed alias (slugified, so "Jakker og Kåper" is accepted as "jakker-og-kaper"), or
 * the name's when left empty. Problems on `${prefix}alias` (or the name when neither gives one).
 */
function checkAlias(
  problems: StructureProblem[],
  prefix: string,
  typed: string | null | undefined,
  name: string | null,
): string {
  const raw = clean(typed);
  if (raw !== null) {
    const alias = slugify(raw);
    if (alias === "" || !ALIAS_PATTERN.test(alias))
      problems.push({ field: `${prefix}alias`, code: "invalidAlias" });
    else if (alias.length > STRUCTURE_LIMITS.alias)
      problems.push({ field: `${prefix}alias`, code: "tooLong", max: STRUCTURE_LIMITS.alias });
    return alias;
  }
  if (name === null) return "";
  const alias = slugify(name).slice(0, STRUCTURE_LIMITS.alias).replace(/-+$/, "");
  if (alias === "") problems.push({ field: `${prefix}name`, code: "noAlias" });
  return alias;
}

export interface CategoryTextsInput {
  name?: string | null;
  alias?: string | null;
  description?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

export interface CategoryTexts {
  name: string;
  alias: string;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

/** A category's texts in one language (fields prefixed, e.g. "nb."): name required, alias from it when empty. */
export function checkCategoryTexts(
  prefix: string,
  input: CategoryTextsInput,
): StructureChecked<CategoryTexts> {
  const problems: StructureProblem[] = [];
  const L = STRUCTURE_LIMITS;
  const name = checkText(problems, `${prefix}name`, input.name, L.name, { required: true, oneLine: true });
  const alias = problems.length ? "" : checkAlias(problems, prefix, input.alias, name);
  const description = checkText(problems, `${prefix}description`, input.description, L.text);
  const metaTitle = checkText(problems, `${prefix}metaTitle`, input.metaTitle, L.metaTitle, {
    oneLine: true,
  });
  const metaDescription = checkText(
    problems,
    `${prefix}metaDescription`,
    input.metaDescription,
    L.metaDescription,
  );
  return done({ name: name ?? "", alias, description, metaTitle, metaDescription }, problems);
}

export interface BrandInput {
  name?: string | null;
  alias?: string | null;
  /** The description per language prefix ("nb", "sv"). */
  descriptions: Record<string, string | null | undefined>;
}

export interface BrandFields {
  name: string;
  alias: string;
  descriptions: Record<string, string | null>;
}

/** A brand: name required (one line), alias from it when empty, a description per language. */
export function checkBrand(input: BrandInput): StructureChecked<BrandFields> {
  const problems: StructureProblem[] = [];
  const name = checkText(problems, "name", input.name, STRUCTURE_LIMITS.name, {
    required: true,
    oneLine: true,
  });
  const alias = problems.length ? "" : checkAlias(problems, "", input.alias, name);
  const descriptions: Record<string, string | null> = {};
  for (const [lang, text] of Object.entries(input.descriptions))
    descriptions[lang] = checkText(problems, `${lang}.description`, text, STRUCTURE_LIMITS.text);
  return done({ name: name ?? "", alias, descriptions }, problems);
}

/** Category id → its parent's id (null: a root). */
export type ParentMap = ReadonlyMap<number, number | null>;

/**
 * Whether putting `id` under `parentId` would make a cycle: the parent is the category itself or one of its
 * descendants. A root (null) never does. A broken map (a cycle already there) answers true rather than looping.
 */
export function wouldMakeCycle(parents: ParentMap, id: number, parentId: number | null): boolean {
  let at = parentId;
  for (let steps = 0; at !== null && at !== undefined; steps++) {
    if (at === id || steps > parents.size) return true;
    at = parents.get(at) ?? null;
  }
  return false;
}

/**
 * The siblings' order after placing `id` at `position` (0 is first; past the end is last; negative is first):
 * `id` leaves its place (if it was among them) and everyone else keeps their relative order.
 */
export function placeAmongSiblings(siblings: readonly number[], id: number, position: number): number[] {
  const rest = siblings.filter((s) => s !== id);
  const at = Math.max(
    0,
    Math.min(rest.length, Math.trunc(Number.isFinite(position) ? position : rest.length)),
  );
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

export interface CategoryNode {
  id: number;
  parentId: number | null;
  /** The alias per language id, e.g. {"nb-NO": "jakker", "sv-SE": "jackor"}. */
  aliases: Readonly<Record<string, string>>;
}

/**
 * Each category's storefront path per language: `/c/{alias}` for a root, `/c/{parent's alias}/{alias}` below
 * (category URLs carry at most the parent; services/catalog/categories.ts). Key: `${id}|${languageId}`.
 */
export function categoryPaths(nodes: readonly CategoryNode[]): Map<string, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out = new Map<string, string>();
  for (const node of nodes)
    for (const [languageId, alias] of Object.entries(node.aliases)) {
      const parentAlias = node.parentId === null ? undefined : byId.get(node.parentId)?.aliases[languageId];
      out.set(`${node.id}|${languageId}`, parentAlias ? `/c/${parentAlias}/${alias}` : `/c/${alias}`);
    }
  return out;
}

export interface UrlMove {
  languageId: string;
  oldUrl: string;
  newUrl: string;
}

/** The paths a change moved: every key whose path differs before and after (a key gone or new moves nothing). */
export function movedPaths(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): UrlMove[] {
  const moves: UrlMove[] = [];
  for (const [key, oldUrl] of before) {
    const newUrl = after.get(key);
    if (newUrl === undefined || newUrl === oldUrl) continue;
    moves.push({ languageId: key.slice(key.indexOf("|") + 1), oldUrl, newUrl });
  }
  return moves;
}

export type StructureLanguage = "en" | "sv" | "nb";

export const STRUCTURE_PROBLEM_TEXTS: Record<StructureProblemCode, Record<StructureLanguage, string>> = {
  required: { en: "Fill in this field.", sv: "Fyll i fältet.", nb: "Fyll ut feltet." },
  tooLong: {
    en: "At most {max} characters.",
    sv: "Högst {max} tecken.",
    nb: "Høyst {max} tegn.",
  },
  invalidCharacters: {
    en: "Remove control characters and line breaks.",
    sv: "Ta bort styrtecken och radbrytningar.",
    nb: "Fjern kontrolltegn og linjeskift.",
  },
  noAlias: {
    en: "The name must contain a letter or digit for the web address.",
    sv: "Namnet måste innehålla en bokstav eller siffra för webbadressen.",
    nb: "Navnet må inneholde en bokstav eller et siffer for nettadressen.",
  },
  invalidAlias: {
    en: "Use letters a–z, digits and hyphens.",
    sv: "Använd bokstäverna a–z, siffror och bindestreck.",
    nb: "Bruk bokstavene a–z, sifre og bindestrek.",
  },
  aliasTaken: {
    en: "Another one already has this web address.",
    sv: "En annan har redan den här webbadressen.",
    nb: "En annen har allerede denne nettadressen.",
  },
  cycle: {
    en: "A category cannot be placed under itself or one of its subcategories.",
    sv: "En kategori kan inte placeras under sig själv eller en av sina underkategorier.",
    nb: "En kategori kan ikke plasseres under seg selv eller en av sine underkategorier.",
  },
  unknownParent: {
    en: "Choose one of the listed categories.",
    sv: "Välj en av kategorierna i listan.",
    nb: "Velg en av kategoriene i listen.",
  },
};

/** A problem's text in a language, its limit filled in. */
export function structureProblemText(problem: StructureProblem, language: StructureLanguage): string {
  return STRUCTURE_PROBLEM_TEXTS[problem.code][language].replace("{max}", String(problem.max ?? ""));
}
