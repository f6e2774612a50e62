import type { Lang } from "./locale.ts";

/** The alphabet of each storefront language: A–Z, then Æ Ø Å in Norwegian and Å Ä Ö in Swedish. */
export const ALPHABETS: Record<Lang, readonly string[]> = {
  nb: [..."ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ"],
  sv: [..."ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ"],
};

/** The group of names that do not start with a letter (digits, signs). */
export const OTHER = "#";

export interface LetterGroup<T> {
  /** A letter of the alphabet, another letter a name starts with (after them), or OTHER (last). */
  letter: string;
  items: T[];
}

/**
 * Groups names by their first letter in the language's collation: "Élan" goes under E, "Ärla" under Æ in
 * Norwegian and under Ä in Swedish, "Øst" under Ø in Norwegian and Ö in Swedish. Groups come in alphabet order
 * (letters outside the alphabet after it, names starting with a digit or sign last), names sorted within
 * their group by the same collation. Only letters that have names get a group.
 */
export function groupByFirstLetter<T>(
  items: readonly T[],
  name: (item: T) => string,
  lang: Lang,
  languageId: string,
) {
  const alphabet = ALPHABETS[lang];
  const base = new Intl.Collator(languageId, { sensitivity: "base" });
  const order = new Intl.Collator(languageId, { numeric: true });
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const first = [...name(item).trim()][0]?.toLocaleUpperCase(languageId) ?? "";
    const letter = /^\p{L}$/u.test(first)
      ? (alphabet.find((l) => base.compare(l, first) === 0) ?? first)
      : OTHER;
    const group = groups.get(letter);
    if (group) group.push(item);
    else groups.set(letter, [item]);
  }
  const rank = (letter: string) => {
    const i = alphabet.indexOf(letter);
    return i >= 0 ? i : letter === OTHER ? alphabet.length + 1 : alphabet.length;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || order.compare(a, b))
    .map(
      ([letter, list]): LetterGroup<T> => ({
        letter,
        items: list.sort((a, b) => order.compare(name(a), name(b))),
      }),
    );
}

/** The in-page anchor of a letter's group ("letter-Ø"; "letter-0-9" for names that start with no letter). */
export function letterAnchor(letter: string): string {
  return letter === OTHER ? "letter-0-9" : `letter-${letter}`;
}
