/**
 * Variant vocabulary: colours, fits, flavours and size runs, each with its Swedish and Norwegian (bokmål) label.
 *
 * A product's variant group is at most three levels deep: fit → colour → size for adult apparel and shoes,
 * colour → size for the rest, flavour → size for sports nutrition. The size level is always the SKU level.
 */

/** Storefront languages: Swedish and Norwegian bokmål. */
export type Lang = "sv" | "nb";
export const LANGS: readonly Lang[] = ["sv", "nb"];
/** Database language ids of the storefront languages. */
export const LANGUAGE_IDS: Readonly<Record<Lang, "sv-SE" | "nb-NO">> = { sv: "sv-SE", nb: "nb-NO" };

/** A text in both storefront languages. */
export interface Bilingual {
  sv: string;
  nb: string;
}

// ---------------------------------------------------------------------------------------------
// Colours

export type ColourKey =
  | "black"
  | "white"
  | "grey"
  | "anthracite"
  | "navy"
  | "light-blue"
  | "turquoise"
  | "forest-green"
  | "olive"
  | "red"
  | "burgundy"
  | "orange"
  | "yellow"
  | "pink"
  | "purple"
  | "beige"
  | "brown";

export interface Colour extends Bilingual {
  key: ColourKey;
  /** Lower-case `#rrggbb`, used for swatches and product image names. */
  hex: string;
}

export const COLOURS: Colour[] = [
  { key: "black", hex: "#1c1c1e", sv: "Svart", nb: "Svart" },
  { key: "white", hex: "#f4f4f0", sv: "Vit", nb: "Hvit" },
  { key: "grey", hex: "#8c9196", sv: "Grå", nb: "Grå" },
  { key: "anthracite", hex: "#3b3f45", sv: "Antracit", nb: "Antrasitt" },
  { key: "navy", hex: "#1f2d4d", sv: "Marinblå", nb: "Marineblå" },
  { key: "light-blue", hex: "#8db9dd", sv: "Ljusblå", nb: "Lyseblå" },
  { key: "turquoise", hex: "#1f9e9a", sv: "Turkos", nb: "Turkis" },
  { key: "forest-green", hex: "#2e5339", sv: "Skogsgrön", nb: "Skogsgrønn" },
  { key: "olive", hex: "#6b6a3a", sv: "Oliv", nb: "Oliven" },
  { key: "red", hex: "#c0392b", sv: "Röd", nb: "Rød" },
  { key: "burgundy", hex: "#6d1f2f", sv: "Vinröd", nb: "Vinrød" },
  { key: "orange", hex: "#e8681f", sv: "Orange", nb: "Oransje" },
  { key: "yellow", hex: "#e9b824", sv: "Gul", nb: "Gul" },
  { key: "pink", hex: "#e58fab", sv: "Rosa", nb: "Rosa" },
  { key: "purple", hex: "#6c4f9c", sv: "Lila", nb: "Lilla" },
  { key: "beige", hex: "#d8c6a4", sv: "Beige", nb: "Beige" },
  { key: "brown", hex: "#6e4b33", sv: "Brun", nb: "Brun" },
];

export const COLOUR_BY_KEY: Readonly<Record<ColourKey, Colour>> = Object.fromEntries(
  COLOURS.map((c) => [c.key, c]),
) as Record<ColourKey, Colour>;

// ---------------------------------------------------------------------------------------------
// Fits (the optional top level of adult apparel and shoes)

export type FitKey = "women" | "men" | "unisex";

export interface Fit extends Bilingual {
  key: FitKey;
}

export const FITS: Fit[] = [
  { key: "women", sv: "Dam", nb: "Dame" },
  { key: "men", sv: "Herr", nb: "Herre" },
  { key: "unisex", sv: "Unisex", nb: "Unisex" },
];

export const FIT_BY_KEY: Readonly<Record<FitKey, Fit>> = Object.fromEntries(
  FITS.map((f) => [f.key, f]),
) as Record<FitKey, Fit>;

// ---------------------------------------------------------------------------------------------
// Flavours (the top level of sports nutrition)

export type FlavourKey =
  | "chocolate"
  | "vanilla"
  | "strawberry"
  | "cookies-cream"
  | "salted-caramel"
  | "banana"
  | "peanut"
  | "raspberry"
  | "blueberry"
  | "citrus"
  | "lemon-lime"
  | "orange"
  | "cola"
  | "neutral";

export interface Flavour extends Bilingual {
  key: FlavourKey;
  /** A colour that evokes the flavour, for the packaging in product images. */
  hex: string;
}

export const FLAVOURS: Flavour[] = [
  { key: "chocolate", hex: "#5b3a29", sv: "Choklad", nb: "Sjokolade" },
  { key: "vanilla", hex: "#e9d9a0", sv: "Vanilj", nb: "Vanilje" },
  { key: "strawberry", hex: "#d94a5c", sv: "Jordgubb", nb: "Jordbær" },
  { key: "cookies-cream", hex: "#6f6a66", sv: "Cookies & cream", nb: "Cookies & cream" },
  { key: "salted-caramel", hex: "#c98b3c", sv: "Saltkaramell", nb: "Saltkaramell" },
  { key: "banana", hex: "#f1d35b", sv: "Banan", nb: "Banan" },
  { key: "peanut", hex: "#b07a45", sv: "Jordnöt", nb: "Peanøtt" },
  { key: "raspberry", hex: "#c2185b", sv: "Hallon", nb: "Bringebær" },
  { key: "blueberry", hex: "#4b5aa8", sv: "Blåbär", nb: "Blåbær" },
  { key: "citrus", hex: "#f2c12e", sv: "Citrus", nb: "Sitrus" },
  { key: "lemon-lime", hex: "#b9d14a", sv: "Citron & lime", nb: "Sitron og lime" },
  { key: "orange", hex: "#f28c28", sv: "Apelsin", nb: "Appelsin" },
  { key: "cola", hex: "#4a2c23", sv: "Cola", nb: "Cola" },
  { key: "neutral", hex: "#e8e4da", sv: "Neutral", nb: "Nøytral" },
];

export const FLAVOUR_BY_KEY: Readonly<Record<FlavourKey, Flavour>> = Object.fromEntries(
  FLAVOURS.map((f) => [f.key, f]),
) as Record<FlavourKey, Flavour>;

// ---------------------------------------------------------------------------------------------
// Sizes

export interface Size extends Bilingual {
  /** Language-neutral value, stored as the variant value and used as the SKU name's source. */
  key: string;
  /** Price relative to the run's first size (default 1): a 2 kg tub costs about 1.8 times the 1 kg tub. */
  priceFactor?: number;
}

export type SizeRunKey =
  | "apparel"
  | "shoes"
  | "kids"
  | "socks"
  | "helmet"
  | "oneSize"
  | "bottle"
  | "trekkingPoles"
  | "skiPoles"
  | "skis"
  | "sleepingBag"
  | "proteinPowder"
  | "recoveryPowder"
  | "creatine"
  | "bar"
  | "gel"
  | "drink";

const same = (label: string, priceFactor?: number): Size =>
  priceFactor === undefined
    ? { key: label, sv: label, nb: label }
    : { key: label, sv: label, nb: label, priceFactor };

const cm = (n: number): Size => ({ key: `${n}-cm`, sv: `${n} cm`, nb: `${n} cm` });

const range = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
};

/** A pack: "1 st (55 g)" / "12 st (12 × 55 g)", key "12x55g". */
const pieces = (count: number, each: string, priceFactor: number): Size => ({
  key: `${count}x${each.replace(" ", "")}`,
  sv: count === 1 ? `1 st (${each})` : `${count} st (${count} × ${each})`,
  nb: count === 1 ? `1 stk. (${each})` : `${count} stk. (${count} × ${each})`,
  priceFactor,
});

export const SIZE_RUNS: Readonly<Record<SizeRunKey, readonly Size[]>> = {
  apparel: ["XS", "S", "M", "L", "XL", "XXL"].map((s) => same(s)),
  shoes: range(36, 47, 1).map((n) => same(String(n))),
  kids: range(98, 170, 6).map((n) => same(String(n))),
  socks: [
    { key: "35-38", sv: "35–38", nb: "35–38" },
    { key: "39-42", sv: "39–42", nb: "39–42" },
    { key: "43-46", sv: "43–46", nb: "43–46" },
  ],
  // Head sizes are not clothing sizes: their own keys, so the size filter's "M" is the clothes' M.
  helmet: [
    { key: "S-52-55", sv: "S (52–55 cm)", nb: "S (52–55 cm)" },
    { key: "M-55-58", sv: "M (55–58 cm)", nb: "M (55–58 cm)" },
    { key: "L-58-61", sv: "L (58–61 cm)", nb: "L (58–61 cm)" },
  ],
  oneSize: [{ key: "one-size", sv: "En storlek", nb: "Én størrelse" }],
  bottle: [
    { key: "500-ml", sv: "500 ml", nb: "500 ml" },
    { key: "750-ml", sv: "750 ml", nb: "750 ml", priceFactor: 1.15 },
    { key: "1-l", sv: "1 l", nb: "1 l", priceFactor: 1.3 },
  ],
  trekkingPoles: range(110, 130, 5).map(cm),
  skiPoles: range(140, 170, 5).map(cm),
  skis: range(182, 207, 5).map(cm),
  sleepingBag: [
    { key: "regular", sv: "Normal (185 cm)", nb: "Normal (185 cm)" },
    { key: "long", sv: "Lång (200 cm)", nb: "Lang (200 cm)", priceFactor: 1.08 },
  ],
  proteinPowder: [
    { key: "1-kg", sv: "1 kg", nb: "1 kg" },
    { key: "2-kg", sv: "2 kg", nb: "2 kg", priceFactor: 1.8 },
  ],
  recoveryPowder: [
    { key: "500-g", sv: "500 g", nb: "500 g" },
    { key: "1-kg", sv: "1 kg", nb: "1 kg", priceFactor: 1.8 },
  ],
  creatine: [
    { key: "300-g", sv: "300 g", nb: "300 g" },
    { key: "500-g", sv: "500 g", nb: "500 g", priceFactor: 1.5 },
  ],
  bar: [pieces(1, "55 g", 1), pieces(12, "55 g", 10)],
  gel: [pieces(1, "40 g", 1), pieces(12, "40 g", 10)],
  drink: [pieces(1, "500 ml", 1), pieces(12, "500 ml", 10)],
};

/** The heading of the size level per size run (a weight is not a "size" to a shopper). */
export const SIZE_RUN_LABELS: Readonly<Record<SizeRunKey, Bilingual>> = {
  apparel: { sv: "Storlek", nb: "Størrelse" },
  shoes: { sv: "Storlek", nb: "Størrelse" },
  kids: { sv: "Storlek", nb: "Størrelse" },
  socks: { sv: "Storlek", nb: "Størrelse" },
  helmet: { sv: "Storlek", nb: "Størrelse" },
  oneSize: { sv: "Storlek", nb: "Størrelse" },
  bottle: { sv: "Volym", nb: "Volum" },
  trekkingPoles: { sv: "Längd", nb: "Lengde" },
  skiPoles: { sv: "Längd", nb: "Lengde" },
  skis: { sv: "Längd", nb: "Lengde" },
  sleepingBag: { sv: "Längd", nb: "Lengde" },
  proteinPowder: { sv: "Vikt", nb: "Vekt" },
  recoveryPowder: { sv: "Vikt", nb: "Vekt" },
  creatine: { sv: "Vikt", nb: "Vekt" },
  bar: { sv: "Förpackning", nb: "Pakning" },
  gel: { sv: "Förpackning", nb: "Pakning" },
  drink: { sv: "Förpackning", nb: "Pakning" },
};

/** Adult apparel and shoes are cut differently for women and men: the sizes each fit is made in. */
const FIT_SIZE_KEYS: Partial<Record<SizeRunKey, Partial<Record<FitKey, readonly string[]>>>> = {
  apparel: {
    women: ["XS", "S", "M", "L", "XL"],
    men: ["S", "M", "L", "XL", "XXL"],
  },
  shoes: {
    women: range(36, 42, 1).map(String),
    men: range(40, 47, 1).map(String),
    unisex: range(36, 46, 1).map(String),
  },
};

// ---------------------------------------------------------------------------------------------
// Variant axes

/** The levels of a variant group, top-down. */
export type VariantAxis = "fit" | "colour" | "flavour" | "size";

/** Dimension names as stored in `variant_groups.dimensions`. */
export const VARIANT_DIMENSIONS: Readonly<Record<VariantAxis, string>> = {
  fit: "Fit",
  colour: "Color",
  flavour: "Flavor",
  size: "Size",
};

export const VARIANT_AXIS_LABELS: Readonly<Record<Exclude<VariantAxis, "size">, Bilingual>> = {
  fit: { sv: "Kön", nb: "Kjønn" },
  colour: { sv: "Färg", nb: "Farge" },
  flavour: { sv: "Smak", nb: "Smak" },
};

/** How a kind varies: decides the size run family and whether it has a fit or flavour level. */
export type VariantScheme = "apparel" | "shoes" | "kids" | "oneSize" | "flavour" | "volume" | "length";

/** The part of a product kind (kinds.ts) that decides its variant levels; kinds.ts imports this file, not back. */
interface VariantShape {
  variants: VariantScheme;
  fits?: FitKey[];
  sizeRun: SizeRunKey;
}

/**
 * The levels of a kind's variant group: fit → colour → size when the kind comes in more than one fit,
 * flavour → size for sports nutrition, colour → size otherwise.
 */
export function variantAxes(kind: VariantShape): VariantAxis[] {
  if (kind.variants === "flavour") return ["flavour", "size"];
  const hasFitLevel =
    (kind.variants === "apparel" || kind.variants === "shoes") && (kind.fits?.length ?? 0) > 1;
  return hasFitLevel ? ["fit", "colour", "size"] : ["colour", "size"];
}

/** `variant_groups.dimensions` for a kind, e.g. ["Fit", "Color", "Size"]. */
export function variantDimensions(kind: VariantShape): string[] {
  return variantAxes(kind).map((axis) => VARIANT_DIMENSIONS[axis]);
}

/** The sizes a kind is made in, narrowed to a fit where women's and men's runs differ. */
export function sizesFor(kind: VariantShape, fit?: FitKey): readonly Size[] {
  const run = SIZE_RUNS[kind.sizeRun];
  const keys = fit === undefined ? undefined : FIT_SIZE_KEYS[kind.sizeRun]?.[fit];
  return keys === undefined ? run : run.filter((s) => keys.includes(s.key));
}

/** The heading of a variant level in a language, e.g. "Färg", "Storlek", "Vikt". */
export function axisLabel(kind: VariantShape, axis: VariantAxis, lang: Lang): string {
  return axis === "size" ? SIZE_RUN_LABELS[kind.sizeRun][lang] : VARIANT_AXIS_LABELS[axis][lang];
}
