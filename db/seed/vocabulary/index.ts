/**
 * The demo-catalogue vocabulary: categories, brands, product kinds, variants and a seeded PRNG, plus helpers
 * that turn a (kind, brand, model) into a product name, texts and a price. Pure: no I/O, no clock, no
 * Math.random — the same seed always gives the same catalogue.
 */

import type { Brand, PriceTier } from "./brands.ts";
import { getBrand } from "./brands.ts";
import { getKind, type ProductKind, type ProductKindKey } from "./kinds.ts";
import { type Rng, rng } from "./random.ts";
import { type Bilingual, LANGUAGE_IDS, type Lang, type Size } from "./variants.ts";

export * from "./brands.ts";
export * from "./categories.ts";
export * from "./kinds.ts";
export * from "./random.ts";
export * from "./variants.ts";

/** A text per database language id: {"sv-SE": …, "nb-NO": …}. */
export function localized(text: Bilingual): Record<"sv-SE" | "nb-NO", string> {
  return { [LANGUAGE_IDS.sv]: text.sv, [LANGUAGE_IDS.nb]: text.nb } as Record<"sv-SE" | "nb-NO", string>;
}

// ---------------------------------------------------------------------------------------------
// Names

/** Which noun (and prefix) of a kind a product is named with; the same indexes apply in both languages. */
export interface NounChoice {
  noun: number;
  /** Index into the kind's prefixes, or null for a kind without prefixes. */
  prefix: number | null;
}

export function chooseNoun(kind: ProductKind, r: Rng): NounChoice {
  const noun = r.int(0, kind.name.sv.nouns.length - 1);
  const prefixes = kind.name.sv.prefixes;
  return { noun, prefix: prefixes && prefixes.length > 0 ? r.int(0, prefixes.length - 1) : null };
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The kind's noun as written in a product name: one compound word, capitalized — "Skaljacka",
 * "Vinterjakke", "Löparsko", "T-skjorte".
 */
export function kindNoun(kind: ProductKind, lang: Lang, choice?: NounChoice): string {
  const { nouns, prefixes } = kind.name[lang];
  const noun = nouns[choice?.noun ?? 0] ?? nouns[0] ?? "";
  if (!prefixes || prefixes.length === 0) return capitalize(noun);
  const prefix = prefixes[choice?.prefix ?? 0] ?? prefixes[0] ?? "";
  return capitalize(prefix + noun);
}

/** "{Brand} {Model} {Noun}", e.g. "Fjällgård Rimfrost Vinterjacka" / "Fjällgård Rimfrost Vinterjakke". */
export function productName(
  kind: ProductKind,
  brand: Brand,
  model: string,
  lang: Lang,
  choice?: NounChoice,
): string {
  return `${brand.name} ${model} ${kindNoun(kind, lang, choice)}`;
}

// ---------------------------------------------------------------------------------------------
// Texts

export interface ProductTexts {
  name: string;
  /** Product description, two or three sentences. */
  text1: string;
  /** One-line selling point. */
  text2: string;
  /** Care or usage instructions. */
  text3: string;
}

export interface DescribeOptions {
  /** Seed for the choices; defaults to the kind, brand and model, so a product reads the same every run. */
  seed?: number | string;
  /** Forces the noun choice (otherwise drawn from the seed). */
  noun?: NounChoice;
}

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The name and texts of a product in one language. The choices depend on the seed only, never on the
 * language, so the Swedish and Norwegian texts of a product are translations of each other.
 */
export function describeProduct(
  kindOrKey: ProductKind | ProductKindKey,
  brandOrKey: Brand | string,
  model: string,
  lang: Lang,
  options: DescribeOptions = {},
): ProductTexts {
  const kind = typeof kindOrKey === "string" ? getKind(kindOrKey) : kindOrKey;
  const brand = typeof brandOrKey === "string" ? getBrand(brandOrKey) : brandOrKey;
  const r = rng(options.seed ?? `${kind.key}|${brand.key}|${model}`);
  const choice = options.noun ?? chooseNoun(kind, r.fork("noun"));
  const name = productName(kind, brand, model, lang, choice);

  const t = r.fork("texts");
  const texts = kind.texts[lang];
  const lead = t.int(0, texts.lead.length - 1);
  const featureCount = Math.min(texts.features.length, t.chance(0.5) ? 2 : 1);
  const features = t
    .sample(
      texts.features.map((_, i) => i),
      featureCount,
    )
    .sort((a, b) => a - b);
  const selling = t.int(0, texts.sellingPoints.length - 1);
  const care = t.int(0, texts.care.length - 1);

  const values = { name, brand: brand.name, model };
  const sentences = [texts.lead[lead], ...features.map((i) => texts.features[i])].filter(
    (s): s is string => s !== undefined,
  );
  return {
    name,
    text1: sentences.map((s) => fill(s, values)).join(" "),
    text2: fill(texts.sellingPoints[selling] ?? "", values),
    text3: fill(texts.care[care] ?? "", values),
  };
}

/** describeProduct in both languages with the same choices. */
export function describeProductBilingual(
  kind: ProductKind | ProductKindKey,
  brand: Brand | string,
  model: string,
  options: DescribeOptions = {},
): Record<Lang, ProductTexts> {
  return {
    sv: describeProduct(kind, brand, model, "sv", options),
    nb: describeProduct(kind, brand, model, "nb", options),
  };
}

// ---------------------------------------------------------------------------------------------
// Prices

/** Where in a kind's price range each tier lands (fractions of the range). */
const TIER_WINDOWS: Readonly<Record<PriceTier, readonly [number, number]>> = {
  budget: [0, 0.4],
  mid: [0.25, 0.75],
  premium: [0.6, 1],
};

/** A shop price: 1 000 kr and up end in 99 (1 499), 100 kr and up in 9 (349), below that in 9 or 5 (29, 35). */
export function roundPrice(amount: number): number {
  if (amount >= 1000) return Math.max(999, Math.round(amount / 100) * 100 - 1);
  if (amount >= 100) return Math.max(99, Math.round(amount / 10) * 10 - 1);
  const n = Math.round(amount);
  const last = n % 10;
  if (last <= 2) return Math.max(5, n - last - 1);
  return last <= 6 ? n - last + 5 : n - last + 9;
}

/** A price in whole kronor for a product of this kind and brand, within the kind's range. */
export function pickPrice(kind: ProductKind, brand: Pick<Brand, "tier">, r: Rng): number {
  const [min, max] = kind.priceRange;
  const [lo, hi] = TIER_WINDOWS[brand.tier];
  const amount = min + (max - min) * (lo + (hi - lo) * r.next());
  return Math.min(max, Math.max(min, roundPrice(amount)));
}

/** The price of a size, from the product's base price (the price of the run's first size). */
export function variantPrice(basePrice: number, size: Pick<Size, "priceFactor">): number {
  const factor = size.priceFactor ?? 1;
  return factor === 1 ? basePrice : roundPrice(basePrice * factor);
}
