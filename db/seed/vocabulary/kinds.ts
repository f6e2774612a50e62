/**
 * Product kinds: what a product is (a shell jacket, a tent, a protein powder), how it is named in Swedish and
 * Norwegian, what it costs, which parameters and variants it has, and the texts that describe it.
 *
 * Names are built as "{Brand} {Model} {Noun}", where the noun is a real compound written as one word:
 * prefix "Vinter" + noun "jacka" → "Vinterjacka" (sv), "Vinter" + "jakke" → "Vinterjakke" (nb), so that a
 * search for "jacka" finds it. Swedish and Norwegian lists are parallel: entry i of one language is the
 * translation of entry i of the other, so a product picks one index and reads the same in both languages.
 */

import { DRAWN_KINDS, type DrawnKind } from "#domain/drawn-kinds.ts";
import {
  type Bilingual,
  COLOUR_BY_KEY,
  type ColourKey,
  type FitKey,
  FLAVOUR_BY_KEY,
  type FlavourKey,
  type Lang,
  type SizeRunKey,
  type VariantScheme,
} from "./variants.ts";

export type { VariantScheme };

// ---------------------------------------------------------------------------------------------
// Types

export type ProductKindKey =
  | "shell-jacket"
  | "down-jacket"
  | "winter-jacket"
  | "fleece"
  | "softshell-jacket"
  | "hiking-pants"
  | "shell-pants"
  | "shorts"
  | "base-layer"
  | "base-layer-pants"
  | "t-shirt"
  | "tights"
  | "kids-overall"
  | "socks"
  | "beanie"
  | "gloves"
  | "running-shoes"
  | "hiking-boots"
  | "winter-boots"
  | "sandals"
  | "backpack"
  | "tent"
  | "sleeping-bag"
  | "sleeping-pad"
  | "headlamp"
  | "water-bottle"
  | "trekking-poles"
  | "yoga-mat"
  | "resistance-band"
  | "jump-rope"
  | "foam-roller"
  | "skis"
  | "ski-poles"
  | "ski-goggles"
  | "ski-helmet"
  | "protein-powder"
  | "protein-bar"
  | "energy-gel"
  | "sports-drink"
  | "recovery-drink"
  | "creatine";

/** Kinds that the product-art renderer draws; other kinds name one of these as `imageKind` or become a parcel. */
export { DRAWN_KINDS };
export type DrawnKindKey = DrawnKind;
// Every drawn kind is a product kind.
const _drawnKindsAreProductKinds: readonly ProductKindKey[] = DRAWN_KINDS;
void _drawnKindsAreProductKinds;

/** VAT product class: sports nutrition is food. */
export type ProductClass = "standard" | "food";

export type ProductFamily = "apparel" | "footwear" | "outdoor" | "training" | "winter" | "nutrition";

export interface KindName {
  /** Lower-case nouns; without prefixes they are complete compounds ("skaljacka"). */
  nouns: string[];
  /** Capitalized first halves of compounds ("Vinter", "Löpar"); when present, every name uses one. */
  prefixes?: string[];
}

export interface ParameterValue extends Bilingual {
  /** Language-neutral key, stable across languages. */
  key: string;
}

/** Parameter groups as seeded in db/seed/reference.ts (`parameter_groups.id`). */
export type ParameterGroupId = 1 | 2 | 3 | 4 | 5;

export const PARAMETER_GROUPS: Readonly<Record<ParameterGroupId, Bilingual>> = {
  1: { sv: "Färg", nb: "Farge" },
  2: { sv: "Egenskaper", nb: "Egenskaper" },
  3: { sv: "Material", nb: "Materiale" },
  4: { sv: "Näringsinnehåll", nb: "Næringsinnhold" },
  5: { sv: "Storlek och passform", nb: "Størrelse og passform" },
};

export interface ParameterDef extends Bilingual {
  /** Stable identifier across languages ("color", "material", …); facets filter on it. */
  identifier: string;
  group: ParameterGroupId;
  /** "one": a product has one value; "many": a product has one or more (features). */
  select: "one" | "many";
  values: ParameterValue[];
}

/**
 * Text templates. `{name}` is the full product name, `{brand}` the brand name, `{model}` the model name.
 * text1 = one lead + one or two features; text2 = one selling point; text3 = one care/usage text.
 */
export interface KindTexts {
  lead: string[];
  features: string[];
  sellingPoints: string[];
  care: string[];
}

/** Nutrition declaration per 100 g (or 100 ml), in grams except energy. */
export interface NutritionFacts {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  fibre?: number;
  protein: number;
  salt: number;
}

export interface NutritionSpec {
  per: "100 g" | "100 ml";
  /** One serving, e.g. "30 g" (one scoop). */
  serving: Bilingual;
  byFlavour: Partial<Record<FlavourKey, NutritionFacts>>;
}

export interface ProductKind {
  key: ProductKindKey;
  family: ProductFamily;
  productClass: ProductClass;
  variants: VariantScheme;
  /** The run the size (SKU) level is drawn from, see SIZE_RUNS. */
  sizeRun: SizeRunKey;
  /** Fits the kind is made in; more than one gives a fit level above colour. */
  fits?: FitKey[];
  /** Colours the kind comes in (not for nutrition). */
  colours?: ColourKey[];
  /** Flavours (nutrition only). */
  flavours?: FlavourKey[];
  /** The drawn kind used for product images when the kind has no drawing of its own. */
  imageKind?: DrawnKindKey;
  name: { sv: KindName; nb: KindName };
  models: string[];
  /** Price of the first size, including VAT, in whole kronor (SEK and NOK alike). */
  priceRange: [number, number];
  /** Parameter definitions; the first is the colour ("color", group 1) for every kind that has colours. */
  parameters: ParameterDef[];
  texts: { sv: KindTexts; nb: KindTexts };
  nutrition?: NutritionSpec;
}

// ---------------------------------------------------------------------------------------------
// Builders

type Pair = readonly [sv: string, nb: string];

const names = (nouns: readonly Pair[], prefixes?: readonly Pair[]): { sv: KindName; nb: KindName } => {
  const side = (i: 0 | 1): KindName => {
    const out: KindName = { nouns: nouns.map((p) => p[i]) };
    if (prefixes) out.prefixes = prefixes.map((p) => p[i]);
    return out;
  };
  return { sv: side(0), nb: side(1) };
};

interface TextPairs {
  lead: readonly Pair[];
  features: readonly Pair[];
  sellingPoints: readonly Pair[];
  care: readonly Pair[];
}

const texts = (t: TextPairs): { sv: KindTexts; nb: KindTexts } => {
  const side = (i: 0 | 1): KindTexts => ({
    lead: t.lead.map((p) => p[i]),
    features: t.features.map((p) => p[i]),
    sellingPoints: t.sellingPoints.map((p) => p[i]),
    care: t.care.map((p) => p[i]),
  });
  return { sv: side(0), nb: side(1) };
};

const v = (key: string, sv: string, nb: string): ParameterValue => ({ key, sv, nb });

const param = (
  identifier: string,
  group: ParameterGroupId,
  label: Pair,
  select: "one" | "many",
  values: ParameterValue[],
): ParameterDef => ({ identifier, group, sv: label[0], nb: label[1], select, values });

const colourParam = (colours: readonly ColourKey[]): ParameterDef =>
  param(
    "color",
    1,
    ["Färg", "Farge"],
    "one",
    colours.map((key) => v(key, COLOUR_BY_KEY[key].sv, COLOUR_BY_KEY[key].nb)),
  );

const flavourParam = (flavours: readonly FlavourKey[]): ParameterDef =>
  param(
    "flavor",
    2,
    ["Smak", "Smak"],
    "one",
    flavours.map((key) => v(key, FLAVOUR_BY_KEY[key].sv, FLAVOUR_BY_KEY[key].nb)),
  );

const features = (...values: ParameterValue[]) =>
  param("features", 2, ["Egenskaper", "Egenskaper"], "many", values);
const material = (...values: ParameterValue[]) =>
  param("material", 3, ["Material", "Materiale"], "one", values);
const fitParam = (...values: ParameterValue[]) => param("fit", 5, ["Passform", "Passform"], "one", values);

/** Decimal comma, as both languages write it. */
const num = (n: number): string => String(n).replace(".", ",");

/** Weight classes from thresholds: [300, 500] g → "Under 300 g", "300–500 g", "Över 500 g". */
const weightParam = (thresholds: readonly number[], unit: "g" | "kg"): ParameterDef => {
  const values: ParameterValue[] = [];
  const first = thresholds[0] ?? 0;
  values.push(v(`under-${first}-${unit}`, `Under ${num(first)} ${unit}`, `Under ${num(first)} ${unit}`));
  for (let i = 1; i < thresholds.length; i++) {
    const lo = thresholds[i - 1] ?? 0;
    const hi = thresholds[i] ?? 0;
    const label = `${num(lo)}–${num(hi)} ${unit}`;
    values.push(v(`${lo}-${hi}-${unit}`, label, label));
  }
  const last = thresholds[thresholds.length - 1] ?? 0;
  values.push(v(`over-${last}-${unit}`, `Över ${num(last)} ${unit}`, `Over ${num(last)} ${unit}`));
  return param("weight", 2, ["Vikt", "Vekt"], "one", values);
};

const nutritionFacts = (
  fat: number,
  saturates: number,
  carbohydrate: number,
  sugars: number,
  protein: number,
  salt: number,
  fibre = 0,
): NutritionFacts => {
  // EU conversion factors (Regulation 1169/2011, annex XIV).
  const energyKj = Math.round(37 * fat + 17 * carbohydrate + 17 * protein + 8 * fibre);
  const energyKcal = Math.round(9 * fat + 4 * carbohydrate + 4 * protein + 2 * fibre);
  const facts: NutritionFacts = { energyKj, energyKcal, fat, saturates, carbohydrate, sugars, protein, salt };
  if (fibre > 0) facts.fibre = fibre;
  return facts;
};

// ---------------------------------------------------------------------------------------------
// Shared values

const V = {
  // features
  waterproof: v("waterproof", "Vattentät", "Vanntett"),
  waterRepellent: v("water-repellent", "Vattenavvisande", "Vannavstøtende"),
  windproof: v("windproof", "Vindtät", "Vindtett"),
  breathable: v("breathable", "Ventilerande", "Pustende"),
  tapedSeams: v("taped-seams", "Tejpade sömmar", "Teipede sømmer"),
  adjustableHood: v("adjustable-hood", "Justerbar huva", "Justerbar hette"),
  removableHood: v("removable-hood", "Avtagbar huva", "Avtakbar hette"),
  pitZips: v("pit-zips", "Ventilation under armarna", "Ventilasjon under armene"),
  thighVents: v("thigh-vents", "Ventilation på låren", "Ventilasjon på lårene"),
  sideZips: v("side-zips", "Hellånga sidodragkedjor", "Helsplitt i sidene"),
  packable: v("packable", "Packas i egen ficka", "Pakkes i egen lomme"),
  reflective: v("reflective", "Reflexdetaljer", "Refleksdetaljer"),
  pfasFree: v("pfas-free", "PFAS-fri impregnering", "PFAS-fri impregnering"),
  recycled: v("recycled", "Återvunnet material", "Resirkulert materiale"),
  stretch: v("stretch", "Stretch", "Stretch"),
  insulated: v("insulated", "Fodrad", "Fôret"),
  quickDry: v("quick-dry", "Snabbtorkande", "Hurtigtørkende"),
  odourResistant: v("odour-resistant", "Motverkar lukt", "Motvirker lukt"),
  thumbholes: v("thumbholes", "Tumhål", "Tommelhull"),
  zipPockets: v("zip-pockets", "Fickor med dragkedja", "Lommer med glidelås"),
  flatSeams: v("flat-seams", "Platta sömmar", "Flate sømmer"),
  reinforced: v("reinforced", "Förstärkta slitytor", "Forsterkede slitesoner"),
  rdsDown: v("rds-down", "RDS-certifierat dun", "RDS-sertifisert dun"),
  highWaist: v("high-waist", "Hög midja", "Høyt liv"),
  footStraps: v("foot-straps", "Avtagbara fotremmar", "Avtakbare fotstropper"),
  touchscreen: v("touchscreen", "Fungerar med pekskärm", "Fungerer med berøringsskjerm"),
  cushioning: v("cushioning", "Extra stoppning", "Ekstra polstring"),
  reinforcedHeelToe: v("reinforced-heel-toe", "Förstärkt häl och tå", "Forsterket hæl og tå"),
  membrane: v("membrane", "Vattentätt membran", "Vanntett membran"),
  toeCap: v("toe-cap", "Tåskydd i gummi", "Tåbeskyttelse i gummi"),
  warmLined: v("warm-lined", "Varmfodrad", "Varmfôret"),
  removableLiner: v("removable-liner", "Uttagbart innerfoder", "Uttakbart innerfôr"),
  studs: v("studs", "Inbyggda dubbar", "Innebygde pigger"),
  adjustableStraps: v("adjustable-straps", "Justerbara remmar", "Justerbare stropper"),
  footbed: v("footbed", "Formgjuten fotbädd", "Formstøpt fotseng"),
  fleeceLining: v("fleece-lining", "Fleecefoder", "Fleecefôr"),
  windproofPanel: v("windproof-panel", "Vindtät över öronen", "Vindtett over ørene"),
  // materials
  threeLayer: v("3-layer", "3-lagerslaminat", "3-lagslaminat"),
  twoHalfLayer: v("2.5-layer", "2,5-lagerslaminat", "2,5-lagslaminat"),
  polyester: v("polyester", "Polyester", "Polyester"),
  recycledPolyester: v("recycled-polyester", "Återvunnen polyester", "Resirkulert polyester"),
  polyamide: v("polyamide", "Polyamid", "Polyamid"),
  recycledPolyamide: v("recycled-polyamide", "Återvunnen polyamid", "Resirkulert polyamid"),
  polyamideElastane: v("polyamide-elastane", "Polyamid och elastan", "Polyamid og elastan"),
  cottonBlend: v("cotton-polyester", "Ekologisk bomull och polyester", "Økologisk bomull og polyester"),
  merino: v("merino", "Merinoull", "Merinoull"),
  merinoPolyamide: v("merino-polyamide", "Merinoull och polyamid", "Merinoull og polyamid"),
  merinoPolyester: v("merino-polyester", "Merinoull och polyester", "Merinoull og polyester"),
  aluminium: v("aluminium", "Aluminium", "Aluminium"),
  carbon: v("carbon", "Kolfiber", "Karbon"),
  // fits
  regularFit: v("regular", "Normal passform", "Normal passform"),
  slimFit: v("slim", "Smal passform", "Smal passform"),
  relaxedFit: v("relaxed", "Ledig passform", "Romslig passform"),
  tightFit: v("tight", "Åtsittande", "Tettsittende"),
} as const;

const waterColumn = param("water-column", 2, ["Vattenpelare", "Vannsøyle"], "one", [
  v("10000-mm", "10 000 mm", "10 000 mm"),
  v("15000-mm", "15 000 mm", "15 000 mm"),
  v("20000-mm", "20 000 mm", "20 000 mm"),
  v("28000-mm", "28 000 mm", "28 000 mm"),
]);

const fabricWeight = param("fabric-weight", 2, ["Tjocklek", "Tykkelse"], "one", [
  v("light", "Tunn (150 g/m²)", "Tynn (150 g/m²)"),
  v("mid", "Mellan (200 g/m²)", "Middels (200 g/m²)"),
  v("heavy", "Tjock (260 g/m²)", "Tykk (260 g/m²)"),
]);

const shaftHeight = param("shaft-height", 5, ["Skafthöjd", "Skafthøyde"], "one", [
  v("low", "Låg", "Lav"),
  v("mid", "Mellanhög", "Middels høy"),
  v("high", "Hög", "Høy"),
]);

const dietParam = (...values: ParameterValue[]) => param("diet", 2, ["Kost", "Kosthold"], "many", values);
const DIET = {
  glutenFree: v("gluten-free", "Glutenfri", "Glutenfri"),
  lactoseFree: v("lactose-free", "Laktosfri", "Laktosefri"),
  vegan: v("vegan", "Vegansk", "Vegansk"),
  caffeine: v("caffeine", "Med koffein", "Med koffein"),
} as const;

// ---------------------------------------------------------------------------------------------
// Care texts shared by several kinds

const CARE_SHELL: Pair = [
  "Tvätta i 40 °C med ett milt tvättmedel utan sköljmedel och stäng alla dragkedjor före tvätt. Torktumla på låg värme för att återaktivera impregneringen.",
  "Vask på 40 °C med et mildt vaskemiddel uten tøymykner, og lukk alle glidelåser før vask. Tørketromle på lav varme for å reaktivere impregneringen.",
];
const CARE_SHELL_REPROOF: Pair = [
  "Skölj bort smuts och salt med ljummet vatten efter turen. Impregnera plagget när vattnet slutar pärla sig på ytan.",
  "Skyll bort skitt og salt med lunkent vann etter turen. Impregner plagget når vannet slutter å prelle av overflaten.",
];
const CARE_WOOL: Pair = [
  "Tvätta i 30 °C på ullprogram med ett ulltvättmedel. Vädra gärna plagget mellan användningarna – ull behöver sällan tvättas.",
  "Vask på 30 °C på ullprogram med ullvaskemiddel. Luft gjerne plagget mellom gangene – ull trenger sjelden vask.",
];
const CARE_SYNTHETIC: Pair = [
  "Tvätta i 40 °C med liknande färger och undvik sköljmedel. Låt plagget hängtorka.",
  "Vask på 40 °C med lignende farger, og unngå tøymykner. La plagget henge til tørk.",
];
const CARE_SHOES_TEXTILE: Pair = [
  "Borsta bort smuts och torka av skon med en fuktig trasa. Låt skorna torka i rumstemperatur, gärna med tidningspapper inuti.",
  "Børst bort skitt og tørk av skoen med en fuktig klut. La skoene tørke i romtemperatur, gjerne med avispapir inni.",
];

// ---------------------------------------------------------------------------------------------
// Models

const OUTDOOR_MODELS = [
  "Aurora",
  "Fjellvind",
  "Tind",
  "Rimfrost",
  "Skare",
  "Glimt",
  "Isbre",
  "Ljung",
  "Stormkast",
  "Varde",
  "Norrsken",
  "Snøfonn",
  "Kvist",
  "Trollvind",
  "Skarv",
  "Gråberg",
];
const RUN_MODELS = [
  "Tempo",
  "Puls",
  "Flyt",
  "Rask",
  "Kadens",
  "Spurt",
  "Kvikk",
  "Fart",
  "Driv",
  "Svev",
  "Steg",
  "Intervall",
];
const KIDS_MODELS = [
  "Ekorre",
  "Snöboll",
  "Pulka",
  "Lämmel",
  "Uggla",
  "Hare",
  "Knopp",
  "Kotte",
  "Myra",
  "Lupin",
  "Tuva",
];
const GEAR_MODELS = [
  "Leir",
  "Ly",
  "Vidde",
  "Stjerne",
  "Nattro",
  "Bål",
  "Myr",
  "Varde",
  "Tind",
  "Sti",
  "Bre",
  "Holme",
];
const WINTER_MODELS = [
  "Skare",
  "Føre",
  "Spor",
  "Glid",
  "Nordlys",
  "Kram",
  "Pudder",
  "Fonn",
  "Løype",
  "Vidde",
  "Frost",
  "Rim",
];
const TRAINING_MODELS = [
  "Core",
  "Balans",
  "Flex",
  "Kraft",
  "Puls",
  "Zen",
  "Stabil",
  "Studio",
  "Form",
  "Tonus",
  "Motion",
];
const NUTRITION_MODELS = [
  "Pure",
  "Core",
  "Daily",
  "Elite",
  "Endurance",
  "Pro",
  "Max",
  "Nordic",
  "Clean",
  "Power",
  "Fuel",
];

// ---------------------------------------------------------------------------------------------
// Palettes

const OUTDOOR_COLOURS: ColourKey[] = [
  "black",
  "navy",
  "forest-green",
  "red",
  "orange",
  "olive",
  "anthracite",
  "turquoise",
  "yellow",
  "burgundy",
];
const EARTH_COLOURS: ColourKey[] = ["black", "brown", "beige", "olive", "anthracite", "forest-green", "navy"];
const TRAINING_COLOURS: ColourKey[] = [
  "black",
  "white",
  "navy",
  "pink",
  "purple",
  "turquoise",
  "grey",
  "light-blue",
];
const KIDS_COLOURS: ColourKey[] = [
  "red",
  "yellow",
  "pink",
  "turquoise",
  "navy",
  "forest-green",
  "purple",
  "orange",
];
const GEAR_COLOURS: ColourKey[] = ["black", "grey", "forest-green", "orange", "navy", "red", "olive"];
const SHOE_COLOURS: ColourKey[] = ["black", "grey", "navy", "white", "red", "brown", "turquoise"];

// ---------------------------------------------------------------------------------------------
// The kinds

type KindSpec = Omit<ProductKind, "key">;

const SPECS: Record<ProductKindKey, KindSpec> = {
  // ------------------------------------------------------------------ apparel
  "shell-jacket": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: OUTDOOR_COLOURS,
    name: names([["skaljacka", "skalljakke"]]),
    models: OUTDOOR_MODELS,
    priceRange: [1499, 5999],
    parameters: [
      colourParam(OUTDOOR_COLOURS),
      material(V.threeLayer, V.twoHalfLayer, V.recycledPolyamide),
      features(
        V.waterproof,
        V.windproof,
        V.breathable,
        V.tapedSeams,
        V.adjustableHood,
        V.pitZips,
        V.pfasFree,
        V.recycled,
      ),
      waterColumn,
      weightParam([300, 500], "g"),
      fitParam(V.regularFit, V.slimFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en vattentät och ventilerande skaljacka för dig som rör dig ute i alla väder.",
          "{name} er en vanntett og pustende skalljakke for deg som er ute i all slags vær.",
        ],
        [
          "Med {name} står du emot både regn och hård vind, oavsett om du vandrar på fjället eller cyklar till jobbet.",
          "Med {name} står du imot både regn og kraftig vind, enten du går i fjellet eller sykler til jobben.",
        ],
      ],
      features: [
        [
          "Tejpade sömmar och ett slitstarkt trelagerslaminat håller dig torr dagen lång.",
          "Teipede sømmer og et slitesterkt trelagslaminat holder deg tørr hele dagen.",
        ],
        [
          "Huvan kan justeras i tre led och rymmer en hjälm.",
          "Hetten kan justeres i tre retninger og har plass til hjelm.",
        ],
        [
          "Ventilationsöppningar under armarna släpper ut värme när tempot ökar.",
          "Ventilasjonsåpninger under armene slipper ut varme når tempoet øker.",
        ],
      ],
      sellingPoints: [
        [
          "Vattentät, vindtät och ventilerande – ett skal för alla årstider.",
          "Vanntett, vindtett og pustende – et skall for alle årstider.",
        ],
        [
          "Lätt att packa ner och alltid redo när vädret slår om.",
          "Lett å pakke ned og alltid klar når været slår om.",
        ],
      ],
      care: [CARE_SHELL, CARE_SHELL_REPROOF],
    }),
  },

  "down-jacket": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "forest-green", "burgundy", "beige", "orange", "anthracite", "light-blue"],
    name: names([["dunjacka", "dunjakke"]]),
    models: OUTDOOR_MODELS,
    priceRange: [1299, 4999],
    parameters: [
      colourParam([
        "black",
        "navy",
        "forest-green",
        "burgundy",
        "beige",
        "orange",
        "anthracite",
        "light-blue",
      ]),
      param("filling", 3, ["Fyllning", "Fyll"], "one", [
        v("goose-down-90", "Gåsdun 90/10", "Gåsedun 90/10"),
        v("duck-down-80", "Anddun 80/20", "Andedun 80/20"),
      ]),
      features(V.waterRepellent, V.packable, V.rdsDown, V.adjustableHood, V.zipPockets, V.recycled),
      weightParam([350, 600], "g"),
      fitParam(V.regularFit, V.slimFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en varm och lätt dunjacka som passar lika bra på fjället som i stan.",
          "{name} er en varm og lett dunjakke som passer like godt på fjellet som i byen.",
        ],
        [
          "När temperaturen kryper under nollan är {name} ett självklart val.",
          "Når temperaturen kryper under null, er {name} et selvsagt valg.",
        ],
      ],
      features: [
        [
          "Fyllningen av RDS-certifierat dun ger mycket värme i förhållande till vikten.",
          "Fyllet av RDS-sertifisert dun gir mye varme i forhold til vekten.",
        ],
        [
          "Det vattenavvisande ytmaterialet tål lätt snöfall och duggregn.",
          "Det vannavstøtende yttermaterialet tåler lett snøfall og yr.",
        ],
        [
          "Jackan kan packas ihop till ett litet paket och får plats i ryggsäcken.",
          "Jakken kan pakkes sammen til en liten pakke og får plass i sekken.",
        ],
      ],
      sellingPoints: [
        ["Maximal värme, minimal vikt.", "Maksimal varme, minimal vekt."],
        ["Lätt att packa och skönt varm på kalla dagar.", "Lett å pakke og deilig varm på kalde dager."],
      ],
      care: [
        [
          "Tvätta i 30 °C med ett tvättmedel avsett för dun. Torktumla på låg värme med ett par tennisbollar så att dunet återfår sin spänst.",
          "Vask på 30 °C med et vaskemiddel beregnet for dun. Tørketromle på lav varme med et par tennisballer, slik at dunet får tilbake spensten.",
        ],
      ],
    }),
  },

  "winter-jacket": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "olive", "anthracite", "beige", "burgundy", "forest-green"],
    name: names(
      [
        ["jacka", "jakke"],
        ["parkas", "parkas"],
      ],
      [["Vinter", "Vinter"]],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [1299, 4499],
    parameters: [
      colourParam(["black", "navy", "olive", "anthracite", "beige", "burgundy", "forest-green"]),
      material(V.polyester, V.recycledPolyester, V.polyamide),
      features(V.waterproof, V.windproof, V.insulated, V.removableHood, V.reflective, V.zipPockets),
      weightParam([800, 1200], "g"),
      fitParam(V.regularFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en fodrad vinterjacka som håller dig varm i snålblåst och minusgrader.",
          "{name} er en fôret vinterjakke som holder deg varm i sur vind og kuldegrader.",
        ],
        [
          "Med {name} klarar du både morgonpendlingen och hundpromenaden en kall januaridag.",
          "Med {name} klarer du både pendlingen om morgenen og hundeturen en kald januardag.",
        ],
      ],
      features: [
        [
          "Den syntetiska fyllningen värmer även när den blir fuktig.",
          "Den syntetiske isolasjonen varmer selv når den blir fuktig.",
        ],
        [
          "Huvan är avtagbar och muddarna i ärmarna stänger ute kylan.",
          "Hetten er avtakbar, og vrangbordet i ermene stenger kulden ute.",
        ],
        [
          "Reflexdetaljer gör dig synlig när mörkret faller tidigt.",
          "Refleksdetaljer gjør deg synlig når mørket faller på tidlig.",
        ],
      ],
      sellingPoints: [
        ["Varm, vindtät och gjord för nordiska vintrar.", "Varm, vindtett og laget for nordiske vintre."],
        [
          "Trygg värme från första frosten till vårvintern.",
          "Trygg varme fra den første frosten til vårvinteren.",
        ],
      ],
      care: [
        [
          "Tvätta i 30 °C med ett milt tvättmedel och stäng dragkedjor och kardborreband före tvätt. Torktumla på låg värme.",
          "Vask på 30 °C med et mildt vaskemiddel, og lukk glidelåser og borrelåser før vask. Tørketromle på lav varme.",
        ],
      ],
    }),
  },

  fleece: {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "forest-green", "grey", "beige", "burgundy", "orange", "light-blue"],
    name: names([
      ["fleecejacka", "fleecejakke"],
      ["fleecetröja", "fleecegenser"],
    ]),
    models: OUTDOOR_MODELS,
    priceRange: [499, 1499],
    parameters: [
      colourParam(["black", "navy", "forest-green", "grey", "beige", "burgundy", "orange", "light-blue"]),
      material(V.recycledPolyester, V.polyester),
      features(V.quickDry, V.zipPockets, V.stretch, V.thumbholes, V.recycled),
      weightParam([250, 400], "g"),
      fitParam(V.regularFit, V.slimFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är ett mjukt och varmt mellanlager som fungerar lika bra under skaljackan som ensam en sval sommarkväll.",
          "{name} er et mykt og varmt mellomlag som fungerer like godt under skalljakken som alene en kjølig sommerkveld.",
        ],
        [
          "{name} värmer utan att bli tung och torkar snabbt efter en regnskur.",
          "{name} varmer uten å bli tung og tørker raskt etter en regnskur.",
        ],
      ],
      features: [
        [
          "Fleecen är gjord av återvunnen polyester och andas bra vid hög aktivitet.",
          "Fleecen er laget av resirkulert polyester og puster godt ved høy aktivitet.",
        ],
        [
          "Två fickor med dragkedja rymmer mobil och nycklar.",
          "To lommer med glidelås har plass til mobil og nøkler.",
        ],
        ["Den höga kragen skyddar halsen mot kall vind.", "Den høye kragen beskytter halsen mot kald vind."],
      ],
      sellingPoints: [
        ["Ett mjukt mellanlager för alla årstider.", "Et mykt mellomlag for alle årstider."],
        ["Varm, lätt och snabbtorkande.", "Varm, lett og hurtigtørkende."],
      ],
      care: [
        [
          "Tvätta i 40 °C med liknande färger och vänd plagget ut och in. Undvik sköljmedel och torktumling för att behålla mjukheten.",
          "Vask på 40 °C med lignende farger, og vreng plagget før vask. Unngå tøymykner og tørketrommel for å bevare mykheten.",
        ],
      ],
    }),
  },

  "softshell-jacket": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "anthracite", "turquoise", "red", "olive", "purple"],
    imageKind: "shell-jacket",
    name: names([["softshelljacka", "softshelljakke"]]),
    models: OUTDOOR_MODELS,
    priceRange: [899, 2499],
    parameters: [
      colourParam(["black", "navy", "anthracite", "turquoise", "red", "olive", "purple"]),
      material(V.polyamideElastane, V.recycledPolyester),
      features(V.windproof, V.waterRepellent, V.stretch, V.breathable, V.adjustableHood, V.zipPockets),
      weightParam([350, 500], "g"),
      fitParam(V.regularFit, V.slimFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en smidig softshelljacka för aktiva dagar när vädret växlar.",
          "{name} er en smidig softshelljakke for aktive dager når været skifter.",
        ],
        [
          "Med {name} får du rörelsefrihet, vindskydd och bra ventilation i ett och samma plagg.",
          "Med {name} får du bevegelsesfrihet, vindbeskyttelse og god ventilasjon i ett og samme plagg.",
        ],
      ],
      features: [
        [
          "Stretchmaterialet följer med i varje rörelse, oavsett om du klättrar, vandrar eller åker skidor.",
          "Stretchmaterialet følger hver bevegelse, enten du klatrer, går på tur eller går på ski.",
        ],
        [
          "Den vattenavvisande ytan klarar en lätt regnskur.",
          "Den vannavstøtende overflaten tåler en lett regnskur.",
        ],
        ["Den borstade insidan känns mjuk mot huden.", "Den børstede innsiden kjennes myk mot huden."],
      ],
      sellingPoints: [
        ["Vindtät, följsam och redo för fart.", "Vindtett, smidig og klar for fart."],
        ["Jackan du glömmer att du har på dig.", "Jakken du glemmer at du har på deg."],
      ],
      care: [CARE_SHELL],
    }),
  },

  "hiking-pants": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: EARTH_COLOURS,
    name: names(
      [["byxa", "bukse"]],
      [
        ["Vandrings", "Tur"],
        ["Fjäll", "Fjell"],
        ["Trekking", "Trekking"],
      ],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [599, 1999],
    parameters: [
      colourParam(EARTH_COLOURS),
      material(V.polyamideElastane, V.cottonBlend, V.recycledPolyamide),
      features(V.waterRepellent, V.stretch, V.reinforced, V.thighVents, V.zipPockets, V.quickDry),
      fitParam(V.regularFit, V.slimFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en slitstark byxa för långa vandringar i varierande terräng.",
          "{name} er en slitesterk bukse for lange turer i variert terreng.",
        ],
        [
          "Oavsett om stigen går genom skog eller över kalfjäll håller {name} måttet.",
          "Enten stien går gjennom skogen eller over snaufjellet, holder {name} mål.",
        ],
      ],
      features: [
        [
          "Förstärkta knän och benslut gör byxan tålig mot sten och ris.",
          "Forsterkede knær og beinavslutninger gjør buksen robust mot stein og kratt.",
        ],
        [
          "Stretchpartier ger rörelsefrihet i branta uppförsbackar.",
          "Stretchpartier gir bevegelsesfrihet i bratte motbakker.",
        ],
        [
          "Ventilationsöppningar på låren släpper ut värme när det går tungt.",
          "Ventilasjonsåpninger på lårene slipper ut varme når det går tungt.",
        ],
      ],
      sellingPoints: [
        [
          "Byxan som klarar både blåbärsris och långa dagsetapper.",
          "Buksen som tåler både blåbærlyng og lange dagsetapper.",
        ],
        ["Slitstark, smidig och snabbtorkande.", "Slitesterk, smidig og hurtigtørkende."],
      ],
      care: [
        [
          "Tvätta i 40 °C med liknande färger. Impregnera vid behov för att behålla den vattenavvisande ytan.",
          "Vask på 40 °C med lignende farger. Impregner ved behov for å bevare den vannavstøtende overflaten.",
        ],
      ],
    }),
  },

  "shell-pants": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "anthracite", "forest-green", "olive"],
    imageKind: "hiking-pants",
    name: names([["skalbyxa", "skallbukse"]]),
    models: OUTDOOR_MODELS,
    priceRange: [999, 3499],
    parameters: [
      colourParam(["black", "navy", "anthracite", "forest-green", "olive"]),
      material(V.threeLayer, V.twoHalfLayer),
      features(V.waterproof, V.windproof, V.tapedSeams, V.sideZips, V.reinforced, V.pfasFree),
      waterColumn,
      weightParam([250, 400], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en vattentät skalbyxa som håller dig torr när det öser ner.",
          "{name} er en vanntett skallbukse som holder deg tørr når det øser ned.",
        ],
        [
          "{name} är det självklara skyddet mot regn och blöt snö på fjället.",
          "{name} er den selvsagte beskyttelsen mot regn og våt snø på fjellet.",
        ],
      ],
      features: [
        [
          "Långa sidodragkedjor gör att du kan ta på byxan utan att ta av kängorna.",
          "Lange glidelåser i sidene gjør at du kan ta på buksen uten å ta av deg skoene.",
        ],
        [
          "Tejpade sömmar och förstärkta benslut skyddar mot väta och slitage.",
          "Teipede sømmer og forsterkede beinavslutninger beskytter mot væte og slitasje.",
        ],
        [
          "Den justerbara midjan ger bra passform över underställ och mellanlager.",
          "Det justerbare livet gir god passform over ullundertøy og mellomlag.",
        ],
      ],
      sellingPoints: [
        ["Torr från midjan och ner, hela dagen.", "Tørr fra livet og ned, hele dagen."],
        ["Lätt att packa, enkel att dra på.", "Lett å pakke, enkel å trekke på."],
      ],
      care: [CARE_SHELL, CARE_SHELL_REPROOF],
    }),
  },

  shorts: {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "olive", "grey", "beige", "turquoise", "pink"],
    name: names(
      [["shorts", "shorts"]],
      [
        ["Löpar", "Løpe"],
        ["Vandrings", "Tur"],
        ["Tränings", "Trenings"],
      ],
    ),
    models: RUN_MODELS,
    priceRange: [249, 799],
    parameters: [
      colourParam(["black", "navy", "olive", "grey", "beige", "turquoise", "pink"]),
      material(V.recycledPolyester, V.polyamideElastane),
      features(V.quickDry, V.zipPockets, V.reflective, V.stretch),
      fitParam(V.regularFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är lätta och luftiga shorts för varma dagar och hög puls.",
          "{name} er en lett og luftig shorts for varme dager og høy puls.",
        ],
        [
          "Med {name} får du full rörelsefrihet, vare sig du springer, tränar eller vandrar.",
          "Med {name} får du full bevegelsesfrihet, enten du løper, trener eller går på tur.",
        ],
      ],
      features: [
        [
          "Det snabbtorkande materialet känns svalt mot huden.",
          "Det hurtigtørkende materialet kjennes kjølig mot huden.",
        ],
        [
          "En liten ficka med dragkedja rymmer nyckel och energigel.",
          "En liten lomme med glidelås har plass til nøkkel og energigel.",
        ],
        [
          "Den breda, elastiska linningen sitter bekvämt utan att skava.",
          "Den brede, elastiske linningen sitter komfortabelt uten å gnage.",
        ],
      ],
      sellingPoints: [
        ["Lätta shorts för långa pass.", "En lett shorts for lange økter."],
        ["Sval komfort när tempot stiger.", "Kjølig komfort når tempoet stiger."],
      ],
      care: [CARE_SYNTHETIC],
    }),
  },

  "base-layer": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "grey", "burgundy", "forest-green", "light-blue", "purple"],
    name: names([
      ["underställströja", "ullundertrøye"],
      ["ulltröja", "ulltrøye"],
    ]),
    models: OUTDOOR_MODELS,
    priceRange: [399, 1299],
    parameters: [
      colourParam(["black", "navy", "grey", "burgundy", "forest-green", "light-blue", "purple"]),
      material(V.merino, V.merinoPolyamide, V.merinoPolyester),
      fabricWeight,
      features(V.odourResistant, V.flatSeams, V.thumbholes),
      fitParam(V.tightFit, V.regularFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en mjuk tröja i merinoull som håller dig varm och torr närmast kroppen.",
          "{name} er en myk trøye i merinoull som holder deg varm og tørr nærmest kroppen.",
        ],
        [
          "Närmast kroppen gör {name} stor skillnad, både på skidturen och under vandringen.",
          "Nærmest kroppen gjør {name} stor forskjell, både på skituren og på fjellturen.",
        ],
      ],
      features: [
        [
          "Merinoullen transporterar bort fukt och motverkar lukt på ett naturligt sätt.",
          "Merinoullen transporterer bort fukt og motvirker lukt på en naturlig måte.",
        ],
        [
          "Platta sömmar gör att tröjan inte skaver under ryggsäcken.",
          "Flate sømmer gjør at trøyen ikke gnager under sekken.",
        ],
        ["Den lite längre ryggen håller njurarna varma.", "Den litt lengre ryggen holder korsryggen varm."],
      ],
      sellingPoints: [
        ["Ren ull, ren komfort.", "Ren ull, ren komfort."],
        [
          "Värmer när det är kallt, kyler när det är varmt.",
          "Varmer når det er kaldt, kjøler når det er varmt.",
        ],
      ],
      care: [CARE_WOOL],
    }),
  },

  "base-layer-pants": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "grey", "burgundy", "forest-green"],
    imageKind: "hiking-pants",
    name: names([["underställsbyxa", "ullbukse"]]),
    models: OUTDOOR_MODELS,
    priceRange: [349, 1199],
    parameters: [
      colourParam(["black", "navy", "grey", "burgundy", "forest-green"]),
      material(V.merino, V.merinoPolyamide, V.merinoPolyester),
      fabricWeight,
      features(V.odourResistant, V.flatSeams),
      fitParam(V.tightFit, V.regularFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en mjuk underställsbyxa i merinoull som håller benen varma hela dagen.",
          "{name} er en myk ullbukse i ren merino som holder beina varme hele dagen.",
        ],
        [
          "{name} är grunden i lager-på-lager-principen, oavsett om du åker skidor eller vandrar en kall höstdag.",
          "{name} er grunnmuren i lag-på-lag-prinsippet, enten du går på ski eller på tur en kald høstdag.",
        ],
      ],
      features: [
        [
          "Merinoullen reglerar temperaturen och motverkar lukt.",
          "Merinoullen regulerer temperaturen og motvirker lukt.",
        ],
        [
          "Den breda, mjuka linningen sitter skönt även under ryggsäckens höftbälte.",
          "Den brede, myke linningen sitter godt også under hoftebeltet på sekken.",
        ],
        ["Platta sömmar förhindrar skav.", "Flate sømmer hindrer gnagsår."],
      ],
      sellingPoints: [
        ["Varma ben från första till sista backen.", "Varme bein fra første til siste bakke."],
        ["Mjuk merinoull som inte kliar.", "Myk merinoull som ikke klør."],
      ],
      care: [CARE_WOOL],
    }),
  },

  "t-shirt": {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: TRAINING_COLOURS,
    name: names([
      ["t-shirt", "t-skjorte"],
      ["träningströja", "treningstrøye"],
      ["löpartröja", "løpetrøye"],
    ]),
    models: RUN_MODELS,
    priceRange: [199, 649],
    parameters: [
      colourParam(TRAINING_COLOURS),
      material(V.recycledPolyester, V.polyester, V.merinoPolyester),
      features(V.quickDry, V.reflective, V.flatSeams, V.odourResistant),
      fitParam(V.regularFit, V.slimFit, V.relaxedFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är ett lätt och snabbtorkande plagg för träning inomhus och utomhus.",
          "{name} er et lett og hurtigtørkende plagg for trening inne og ute.",
        ],
        [
          "Oavsett om du springer intervaller eller kör ett styrkepass hänger {name} med.",
          "Enten du løper intervaller eller tar en styrkeøkt, henger {name} med.",
        ],
      ],
      features: [
        [
          "Materialet leder bort svett och torkar på nolltid.",
          "Materialet leder bort svette og tørker på null komma niks.",
        ],
        [
          "Reflexdetaljer gör dig synlig under mörka kvällspass.",
          "Refleksdetaljer gjør deg synlig på mørke kveldsøkter.",
        ],
        [
          "Platta sömmar och en mjuk passform minskar risken för skav.",
          "Flate sømmer og en myk passform reduserer faren for gnagsår.",
        ],
      ],
      sellingPoints: [
        [
          "Sval komfort från första steget till nedvarvningen.",
          "Kjølig komfort fra første steg til nedjoggen.",
        ],
        ["Torkar snabbt och känns skönt mot huden.", "Tørker raskt og kjennes behagelig mot huden."],
      ],
      care: [CARE_SYNTHETIC],
    }),
  },

  tights: {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["women", "men"],
    colours: ["black", "navy", "anthracite", "purple", "burgundy", "forest-green"],
    imageKind: "hiking-pants",
    name: names([
      ["träningstights", "treningstights"],
      ["löpartights", "løpetights"],
    ]),
    models: RUN_MODELS,
    priceRange: [349, 999],
    parameters: [
      colourParam(["black", "navy", "anthracite", "purple", "burgundy", "forest-green"]),
      material(V.polyamideElastane, V.recycledPolyamide),
      features(V.highWaist, V.zipPockets, V.reflective, V.quickDry),
      fitParam(V.tightFit),
    ],
    texts: texts({
      lead: [
        [
          "{name} är åtsittande tights med bra stöd och full rörelsefrihet.",
          "{name} er en tettsittende tights med god støtte og full bevegelsesfrihet.",
        ],
        [
          "Från långpasset i elljusspåret till yogapasset hemma – {name} följer med i varje rörelse.",
          "Fra langturen i lysløypa til yogaøkten hjemme – {name} følger hver bevegelse.",
        ],
      ],
      features: [
        [
          "Den höga midjan sitter kvar på plats, även i djupa knäböj.",
          "Det høye livet sitter på plass, selv i dype knebøy.",
        ],
        [
          "Ett ogenomskinligt stretchmaterial ger en trygg passform.",
          "Et ugjennomsiktig stretchmateriale gir en trygg passform.",
        ],
        [
          "Fickor på sidan rymmer mobilen under löprundan.",
          "Lommer på siden har plass til mobilen på løpeturen.",
        ],
      ],
      sellingPoints: [
        ["Stöd, stretch och frihet i varje steg.", "Støtte, stretch og frihet i hvert steg."],
        ["Sitter på plats – pass efter pass.", "Sitter på plass – økt etter økt."],
      ],
      care: [CARE_SYNTHETIC],
    }),
  },

  "kids-overall": {
    family: "apparel",
    productClass: "standard",
    variants: "kids",
    sizeRun: "kids",
    colours: KIDS_COLOURS,
    name: names(
      [["overall", "dress"]],
      [
        ["Vinter", "Vinter"],
        ["Skal", "Skall"],
      ],
    ),
    models: KIDS_MODELS,
    priceRange: [599, 1799],
    parameters: [
      colourParam(KIDS_COLOURS),
      material(V.polyamide, V.recycledPolyester),
      features(V.waterproof, V.windproof, V.reinforced, V.reflective, V.footStraps, V.insulated),
      waterColumn,
    ],
    texts: texts({
      lead: [
        [
          "{name} är en slitstark overall för lek i snö, slask och regn.",
          "{name} er en slitesterk dress for lek i snø, slaps og regn.",
        ],
        [
          "Med {name} kan barnen leka ute länge, oavsett väder.",
          "Med {name} kan barna leke ute lenge, uansett vær.",
        ],
      ],
      features: [
        [
          "Förstärkningar på knän och sits tål både pulkabacken och sandlådan.",
          "Forsterkninger på knær og sete tåler både akebakken og sandkassen.",
        ],
        [
          "Avtagbara fotremmar och justerbara ärmslut håller snön ute.",
          "Avtakbare fotstropper og justerbare ermeavslutninger holder snøen ute.",
        ],
        [
          "Reflexer runtom gör barnet synligt i mörkret.",
          "Reflekser hele veien rundt gjør barnet synlig i mørket.",
        ],
      ],
      sellingPoints: [
        [
          "Gjord för lek – från första snöflingan till vårsolen.",
          "Laget for lek – fra det første snøfnugget til vårsolen.",
        ],
        ["Varm, tålig och lätt att ta på.", "Varm, robust og lett å ta på."],
      ],
      care: [
        [
          "Tvätta i 40 °C och stäng alla dragkedjor och kardborreband före tvätt. Impregnera efter några tvättar för bästa skydd.",
          "Vask på 40 °C, og lukk alle glidelåser og borrelåser før vask. Impregner etter noen vasker for best beskyttelse.",
        ],
      ],
    }),
  },

  socks: {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "socks",
    fits: ["unisex"],
    colours: ["black", "grey", "navy", "forest-green", "burgundy", "orange", "beige"],
    name: names(
      [["strumpa", "sokk"]],
      [
        ["Ull", "Ull"],
        ["Vandrings", "Tur"],
        ["Löpar", "Løpe"],
      ],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [99, 299],
    parameters: [
      colourParam(["black", "grey", "navy", "forest-green", "burgundy", "orange", "beige"]),
      material(V.merino, V.merinoPolyamide, V.recycledPolyamide),
      features(V.cushioning, V.reinforcedHeelToe, V.odourResistant, V.flatSeams),
      param("sock-height", 5, ["Skafthöjd", "Skafthøyde"], "one", [
        v("low", "Låg", "Lav"),
        v("mid", "Mellanhög", "Middels høy"),
        v("knee", "Knähög", "Knehøy"),
      ]),
    ],
    texts: texts({
      lead: [
        [
          "{name} ger komfort och värme i skon, steg efter steg.",
          "{name} gir komfort og varme i skoen, skritt for skritt.",
        ],
        [
          "Med {name} slipper du skavsår och kalla fötter på långa dagar.",
          "Med {name} slipper du gnagsår og kalde føtter på lange dager.",
        ],
      ],
      features: [
        [
          "Extra stoppning vid häl och tå dämpar varje steg.",
          "Ekstra polstring ved hæl og tå demper hvert steg.",
        ],
        [
          "Merinoullen håller foten torr och motverkar lukt.",
          "Merinoullen holder foten tørr og motvirker lukt.",
        ],
        [
          "Ett stödjande parti över vristen gör att strumpan sitter på plats.",
          "Et støttende parti over vristen gjør at sokken sitter på plass.",
        ],
      ],
      sellingPoints: [
        ["Torra och varma fötter, mil efter mil.", "Tørre og varme føtter, mil etter mil."],
        ["Slitstark komfort för kängor och löparskor.", "Slitesterk komfort til fjellsko og løpesko."],
      ],
      care: [
        [
          "Tvätta ut och in i 40 °C på ullprogram. Undvik torktumling så behåller strumpan formen.",
          "Vask på vrangen på 40 °C på ullprogram. Unngå tørketrommel, så beholder sokken formen.",
        ],
      ],
    }),
  },

  beanie: {
    family: "apparel",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    fits: ["unisex"],
    colours: ["black", "grey", "navy", "burgundy", "forest-green", "orange", "yellow", "beige", "pink"],
    name: names(
      [["mössa", "lue"]],
      [
        ["Vinter", "Vinter"],
        ["Löpar", "Løpe"],
        ["Fleece", "Fleece"],
      ],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [149, 499],
    parameters: [
      colourParam(["black", "grey", "navy", "burgundy", "forest-green", "orange", "yellow", "beige", "pink"]),
      material(V.merino, V.recycledPolyester, V.merinoPolyamide),
      features(V.windproofPanel, V.reflective, V.fleeceLining),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en varm och mjuk mössa för kalla dagar ute.",
          "{name} er en varm og myk lue for kalde dager ute.",
        ],
        [
          "{name} värmer öronen på skidturen, löprundan och vägen till jobbet.",
          "{name} holder ørene varme på skituren, løpeturen og veien til jobben.",
        ],
      ],
      features: [
        [
          "Ett vindtätt parti över öronen stänger ute kylan.",
          "Et vindtett parti over ørene stenger kulden ute.",
        ],
        [
          "Mössan är tunn nog att bära under hjälm eller huva.",
          "Luen er tynn nok til å brukes under hjelm eller hette.",
        ],
        [
          "En liten reflexdetalj gör dig mer synlig i mörker.",
          "En liten refleksdetalj gjør deg mer synlig i mørket.",
        ],
      ],
      sellingPoints: [
        ["Varma öron hela vintern.", "Varme ører hele vinteren."],
        ["Mjuk, lätt och alltid med i fickan.", "Myk, lett og alltid med i lommen."],
      ],
      care: [
        [
          "Tvätta i 30 °C på skonsamt program. Torka mössan plant så behåller den formen.",
          "Vask på 30 °C på skånsomt program. Tørk luen flatt, så beholder den formen.",
        ],
      ],
    }),
  },

  gloves: {
    family: "apparel",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "apparel",
    fits: ["unisex"],
    colours: ["black", "anthracite", "navy", "red", "forest-green", "brown"],
    name: names(
      [["handske", "hanske"]],
      [
        ["Vinter", "Vinter"],
        ["Löpar", "Løpe"],
        ["Skid", "Ski"],
      ],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [199, 899],
    parameters: [
      colourParam(["black", "anthracite", "navy", "red", "forest-green", "brown"]),
      material(V.polyamideElastane, v("goat-leather", "Getskinn", "Geiteskinn"), V.merinoPolyamide),
      features(V.touchscreen, V.waterproof, V.insulated, V.windproof, V.reflective),
    ],
    texts: texts({
      lead: [
        [
          "{name} håller händerna varma och smidiga när temperaturen faller.",
          "{name} holder hendene varme og smidige når temperaturen faller.",
        ],
        [
          "Med {name} behåller du greppet, oavsett om du håller i stavar, styre eller mobil.",
          "Med {name} beholder du grepet, enten du holder i staver, styre eller mobil.",
        ],
      ],
      features: [
        [
          "Pekfingret och tummen fungerar på pekskärmar.",
          "Pekefingeren og tommelen fungerer på berøringsskjermer.",
        ],
        [
          "Ett slitstarkt material i handflatan ger säkert grepp.",
          "Et slitesterkt materiale i håndflaten gir godt grep.",
        ],
        [
          "En vindtät ovansida och ett varmt foder skyddar mot kylan.",
          "En vindtett overside og et varmt fôr beskytter mot kulden.",
        ],
      ],
      sellingPoints: [
        ["Varma händer, bevarad känsla.", "Varme hender, bevart følelse."],
        ["Grepp och värme när det gäller.", "Grep og varme når det gjelder."],
      ],
      care: [
        [
          "Tvätta för hand i högst 30 °C och låt handskarna torka i rumstemperatur, aldrig på ett element.",
          "Vask for hånd i maks 30 °C, og la hanskene tørke i romtemperatur, aldri på en ovn.",
        ],
      ],
    }),
  },

  // ------------------------------------------------------------------ footwear
  "running-shoes": {
    family: "footwear",
    productClass: "standard",
    variants: "shoes",
    sizeRun: "shoes",
    fits: ["women", "men"],
    colours: SHOE_COLOURS,
    name: names(
      [["sko", "sko"]],
      [
        ["Löpar", "Løpe"],
        ["Terräng", "Terreng"],
      ],
    ),
    models: RUN_MODELS,
    priceRange: [899, 2299],
    parameters: [
      colourParam(SHOE_COLOURS),
      param("surface", 2, ["Underlag", "Underlag"], "one", [
        v("road", "Asfalt", "Asfalt"),
        v("trail", "Terräng", "Terreng"),
        v("mixed", "Blandat", "Blandet"),
      ]),
      features(
        v("cushioned", "Bra dämpning", "God demping"),
        V.membrane,
        V.reflective,
        v("grip", "Greppstark yttersula", "Grepsterk yttersåle"),
      ),
      weightParam([250, 300], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en följsam och väldämpad sko för både korta och långa löprundor.",
          "{name} er en smidig og godt dempet sko for både korte og lange løpeturer.",
        ],
        [
          "Med {name} får du ett mjukt och stabilt steg, oavsett om du springer på asfalt eller grusväg.",
          "Med {name} får du et mykt og stabilt steg, enten du løper på asfalt eller grusvei.",
        ],
      ],
      features: [
        [
          "Mellansulan ger bra dämpning utan att kännas trög.",
          "Mellomsålen gir god demping uten å føles treg.",
        ],
        [
          "Ett luftigt ovanmaterial i mesh håller foten sval.",
          "Et luftig overmateriale i mesh holder foten kjølig.",
        ],
        [
          "Yttersulan ger bra grepp även på våta underlag.",
          "Yttersålen gir godt grep også på vått underlag.",
        ],
      ],
      sellingPoints: [
        ["Mjuka steg, mil efter mil.", "Myke steg, mil etter mil."],
        ["Lätt, följsam och redo för fart.", "Lett, smidig og klar for fart."],
      ],
      care: [CARE_SHOES_TEXTILE],
    }),
  },

  "hiking-boots": {
    family: "footwear",
    productClass: "standard",
    variants: "shoes",
    sizeRun: "shoes",
    fits: ["women", "men"],
    colours: ["brown", "black", "anthracite", "olive", "grey", "navy"],
    name: names(
      [["känga", "sko"]],
      [
        ["Vandrings", "Fjell"],
        ["Fjäll", "Tur"],
      ],
    ),
    models: OUTDOOR_MODELS,
    priceRange: [1299, 3499],
    parameters: [
      colourParam(["brown", "black", "anthracite", "olive", "grey", "navy"]),
      material(
        v("nubuck", "Nubuckläder", "Nubukskinn"),
        v("suede-synthetic", "Mocka och syntet", "Semsket skinn og syntet"),
        v("full-grain", "Narvläder", "Narvskinn"),
      ),
      features(V.membrane, V.toeCap, v("grip", "Greppstark sula", "Grepsterk såle"), V.reinforced),
      shaftHeight,
      weightParam([500, 700], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en stabil och vattentät känga för vandring i krävande terräng.",
          "{name} er en stabil og vanntett sko for turer i krevende terreng.",
        ],
        [
          "Med {name} tar du dig tryggt fram över stenig mark, myr och snöfält.",
          "Med {name} tar du deg trygt fram over steinete grunn, myr og snøfonner.",
        ],
      ],
      features: [
        [
          "Ett vattentätt membran håller fötterna torra, även vid bäckövergångar.",
          "En vanntett membran holder føttene tørre, også når du krysser bekker.",
        ],
        [
          "Den styva sulan ger stöd och skyddar mot vassa stenar.",
          "Den stive sålen gir støtte og beskytter mot skarpe steiner.",
        ],
        [
          "Det höga skaftet stabiliserar fotleden när packningen är tung.",
          "Det høye skaftet stabiliserer ankelen når sekken er tung.",
        ],
      ],
      sellingPoints: [
        ["Trygga steg, torra fötter.", "Trygge steg, tørre føtter."],
        ["Byggd för långa dagar på fjället.", "Laget for lange dager på fjellet."],
      ],
      care: [
        [
          "Borsta av smuts efter användning och låt kängorna torka långsamt i rumstemperatur. Behandla lädret regelbundet med skovax eller impregnering.",
          "Børst av skitt etter bruk, og la skoene tørke sakte i romtemperatur. Behandle skinnet jevnlig med skovoks eller impregnering.",
        ],
      ],
    }),
  },

  "winter-boots": {
    family: "footwear",
    productClass: "standard",
    variants: "shoes",
    sizeRun: "shoes",
    fits: ["women", "men"],
    colours: ["black", "brown", "anthracite", "beige", "navy", "burgundy"],
    name: names(
      [
        ["känga", "sko"],
        ["stövel", "støvel"],
      ],
      [["Vinter", "Vinter"]],
    ),
    models: WINTER_MODELS,
    priceRange: [899, 2499],
    parameters: [
      colourParam(["black", "brown", "anthracite", "beige", "navy", "burgundy"]),
      features(V.waterproof, V.warmLined, V.removableLiner, V.studs, V.reflective),
      param("temperature-limit", 2, ["Temperaturgräns", "Temperaturgrense"], "one", [
        v("-20", "−20 °C", "−20 °C"),
        v("-30", "−30 °C", "−30 °C"),
        v("-40", "−40 °C", "−40 °C"),
      ]),
      shaftHeight,
    ],
    texts: texts({
      lead: [
        [
          "{name} är varmfodrad och vattentät för kalla och blöta vinterdagar.",
          "{name} er varmfôret og vanntett for kalde og våte vinterdager.",
        ],
        [
          "Med {name} håller du fötterna varma i snö, slask och halka.",
          "Med {name} holder du føttene varme i snø, slaps og holke.",
        ],
      ],
      features: [
        [
          "Det uttagbara innerfodret kan torkas separat över natten.",
          "Det uttakbare innerfôret kan tørkes separat over natten.",
        ],
        [
          "Den grovmönstrade sulan ger bra grepp på is och packad snö.",
          "Den grovmønstrede sålen gir godt grep på is og hardpakket snø.",
        ],
        [
          "Ett högt skaft och snörning ända upp håller snön ute.",
          "Et høyt skaft og snøring helt opp holder snøen ute.",
        ],
      ],
      sellingPoints: [
        ["Varma fötter hela vintern.", "Varme føtter hele vinteren."],
        ["Grepp på isen, värme i snön.", "Grep på isen, varme i snøen."],
      ],
      care: [
        [
          "Låt skorna torka i rumstemperatur och ta ur innerfodret efter en blöt dag. Torka bort saltränder med en fuktig trasa.",
          "La skoene tørke i romtemperatur, og ta ut innerfôret etter en våt dag. Tørk bort saltrender med en fuktig klut.",
        ],
      ],
    }),
  },

  sandals: {
    family: "footwear",
    productClass: "standard",
    variants: "shoes",
    sizeRun: "shoes",
    fits: ["women", "men"],
    colours: ["black", "brown", "olive", "beige", "navy", "turquoise"],
    name: names([
      ["vandringssandal", "tursandal"],
      ["sandal", "sandal"],
    ]),
    models: OUTDOOR_MODELS,
    priceRange: [399, 1199],
    parameters: [
      colourParam(["black", "brown", "olive", "beige", "navy", "turquoise"]),
      material(V.recycledPolyester, v("leather", "Läder", "Skinn")),
      features(V.adjustableStraps, V.quickDry, V.footbed),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en bekväm sandal för sommarens vandringar, stranddagar och stadspromenader.",
          "{name} er en komfortabel sandal for sommerens turer, strandliv og byvandringer.",
        ],
        [
          "När det är för varmt för kängor är {name} ett luftigt och stabilt alternativ.",
          "Når det er for varmt for fjellsko, er {name} et luftig og stabilt alternativ.",
        ],
      ],
      features: [
        [
          "Justerbara remmar ger en säker passform runt häl och vrist.",
          "Justerbare stropper gir sikker passform rundt hæl og vrist.",
        ],
        ["Den formgjutna fotbädden stöttar fotvalvet.", "Den formstøpte fotsengen støtter fotbuen."],
        [
          "Sulan ger bra grepp på både våta stenar och stigar.",
          "Sålen gir godt grep på både våte steiner og stier.",
        ],
      ],
      sellingPoints: [
        ["Luftig komfort för varma dagar.", "Luftig komfort for varme dager."],
        ["Tål vatten, sten och långa sommarkvällar.", "Tåler vann, stein og lange sommerkvelder."],
      ],
      care: [
        [
          "Skölj av sand och smuts med ljummet vatten och låt sandalerna lufttorka.",
          "Skyll av sand og skitt med lunkent vann, og la sandalene lufttørke.",
        ],
      ],
    }),
  },

  // ------------------------------------------------------------------ outdoor
  backpack: {
    family: "outdoor",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: GEAR_COLOURS,
    name: names([
      ["ryggsäck", "tursekk"],
      ["vandringsryggsäck", "fjellsekk"],
    ]),
    models: GEAR_MODELS,
    priceRange: [499, 2999],
    parameters: [
      colourParam(GEAR_COLOURS),
      param("volume", 5, ["Volym", "Volum"], "one", [
        v("20-l", "20 l", "20 l"),
        v("30-l", "30 l", "30 l"),
        v("45-l", "45 l", "45 l"),
        v("65-l", "65 l", "65 l"),
      ]),
      material(V.recycledPolyamide, V.polyester, v("ripstop-nylon", "Ripstop-nylon", "Ripstop-nylon")),
      features(
        v("hydration", "Fack för vätskeblåsa", "Rom for drikkeblære"),
        v("rain-cover", "Inbyggt regnskydd", "Integrert regntrekk"),
        v("hip-belt", "Höftbälte", "Hoftebelte"),
        v("ventilated-back", "Ventilerad rygg", "Ventilert rygg"),
      ),
      weightParam([800, 1500], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en bekväm och genomtänkt ryggsäck för dagsturer och längre vandringar.",
          "{name} er en komfortabel og gjennomtenkt sekk for dagsturer og lengre fjellturer.",
        ],
        [
          "Med {name} bär du packningen bekvämt, oavsett om turen är kort eller lång.",
          "Med {name} bærer du oppakningen komfortabelt, enten turen er kort eller lang.",
        ],
      ],
      features: [
        [
          "Det justerbara bärsystemet fördelar vikten mellan axlar och höfter.",
          "Det justerbare bæresystemet fordeler vekten mellom skuldre og hofter.",
        ],
        [
          "En ventilerad ryggpanel minskar svetten på ryggen.",
          "Et ventilert ryggpanel reduserer svetten på ryggen.",
        ],
        [
          "Flera fickor och ett fack för vätskeblåsa gör det lätt att hålla ordning.",
          "Flere lommer og et rom til drikkeblære gjør det lett å holde orden.",
        ],
      ],
      sellingPoints: [
        ["Genomtänkt packning, bekväm bärning.", "Gjennomtenkt pakking, komfortabel bæring."],
        ["Rymlig, stabil och lätt att packa.", "Romslig, stabil og lett å pakke."],
      ],
      care: [
        [
          "Töm ryggsäcken efter turen och låt den torka öppen. Rengör med en fuktig trasa och mild tvål vid behov – tvätta den inte i maskin.",
          "Tøm sekken etter turen, og la den tørke åpen. Rengjør med en fuktig klut og mild såpe ved behov – ikke vask den i maskin.",
        ],
      ],
    }),
  },

  tent: {
    family: "outdoor",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["forest-green", "olive", "orange", "yellow", "grey", "red"],
    name: names(
      [["tält", "telt"]],
      [
        ["Kupol", "Kuppel"],
        ["Tunnel", "Tunnel"],
        ["Fjäll", "Fjell"],
      ],
    ),
    models: GEAR_MODELS,
    priceRange: [1999, 8999],
    parameters: [
      colourParam(["forest-green", "olive", "orange", "yellow", "grey", "red"]),
      param("persons", 5, ["Antal personer", "Antall personer"], "one", [
        v("1", "1 person", "1 person"),
        v("2", "2 personer", "2 personer"),
        v("3", "3 personer", "3 personer"),
        v("4", "4 personer", "4 personer"),
      ]),
      param("season", 2, ["Säsong", "Sesong"], "one", [
        v("3-season", "3 säsonger", "3 sesonger"),
        v("4-season", "4 säsonger", "4 sesonger"),
      ]),
      features(
        v("two-entrances", "Två ingångar", "To innganger"),
        v("pitched-together", "Inner- och yttertält sitter ihop", "Innertelt og yttertelt henger sammen"),
        v("vents", "Ventiler i topp och botten", "Ventiler i topp og bunn"),
      ),
      weightParam([1.5, 2.5, 3.5], "kg"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är ett stabilt och lätt tält för allt från sommarnätter vid sjön till blåsiga nätter på fjället.",
          "{name} er et stabilt og lett telt for alt fra sommernetter ved vannet til forblåste netter på fjellet.",
        ],
        [
          "Med {name} har du ett tryggt hem på fjället, natt efter natt.",
          "Med {name} har du et trygt hjem på fjellet, natt etter natt.",
        ],
      ],
      features: [
        [
          "Tältet reses snabbt eftersom inner- och yttertält sitter ihop.",
          "Teltet er raskt å slå opp fordi innertelt og yttertelt henger sammen.",
        ],
        [
          "Två ingångar och rymliga absider ger plats för packning och blöta kläder.",
          "To innganger og romslige apsider gir plass til oppakning og våte klær.",
        ],
        ["Ventiler i topp och botten minskar kondensen.", "Ventiler i topp og bunn reduserer kondensen."],
      ],
      sellingPoints: [
        ["Ett tryggt hem i alla väder.", "Et trygt hjem i all slags vær."],
        ["Snabbt att resa, lätt att bära.", "Raskt å slå opp, lett å bære."],
      ],
      care: [
        [
          "Låt alltid tältet torka helt innan du packar ner det för förvaring. Rengör med ljummet vatten, aldrig med tvättmedel.",
          "La alltid teltet tørke helt før du pakker det bort for lagring. Rengjør med lunkent vann, aldri med vaskemiddel.",
        ],
      ],
    }),
  },

  "sleeping-bag": {
    family: "outdoor",
    productClass: "standard",
    variants: "length",
    sizeRun: "sleepingBag",
    colours: ["forest-green", "navy", "orange", "red", "anthracite", "turquoise"],
    name: names([
      ["sovsäck", "sovepose"],
      ["dunsovsäck", "dunsovepose"],
      ["vintersovsäck", "vintersovepose"],
    ]),
    models: GEAR_MODELS,
    priceRange: [999, 5999],
    parameters: [
      colourParam(["forest-green", "navy", "orange", "red", "anthracite", "turquoise"]),
      param("filling", 3, ["Fyllning", "Fyll"], "one", [
        v("goose-down-90", "Gåsdun 90/10", "Gåsedun 90/10"),
        v("duck-down-80", "Anddun 80/20", "Andedun 80/20"),
        v("synthetic", "Syntetisk fyllning", "Syntetisk fyll"),
      ]),
      param("comfort-temperature", 2, ["Komforttemperatur", "Komforttemperatur"], "one", [
        v("+5", "+5 °C", "+5 °C"),
        v("0", "0 °C", "0 °C"),
        v("-5", "−5 °C", "−5 °C"),
        v("-10", "−10 °C", "−10 °C"),
      ]),
      param("shape", 5, ["Form", "Form"], "one", [
        v("mummy", "Mumieform", "Mumieform"),
        v("rectangular", "Rektangulär", "Rektangulær"),
      ]),
      weightParam([1, 1.8], "kg"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en varm och bekväm sovsäck för nätter i tält och vindskydd.",
          "{name} er en varm og komfortabel sovepose for netter i telt og gapahuk.",
        ],
        [
          "Med {name} sover du gott även när natten blir kall.",
          "Med {name} sover du godt selv når natten blir kald.",
        ],
      ],
      features: [
        [
          "Mumieformen och en tättslutande huva håller värmen inne.",
          "Mumieformen og en tettsittende hette holder på varmen.",
        ],
        [
          "En dragkedja som inte hakar upp sig gör det lätt att ta sig in och ut.",
          "En glidelås som ikke henger seg opp, gjør det lett å komme seg inn og ut.",
        ],
        [
          "En värmekrage runt axlarna stänger ute kall luft.",
          "En varmekrage rundt skuldrene stenger kald luft ute.",
        ],
      ],
      sellingPoints: [
        ["God sömn under bar himmel.", "God søvn under åpen himmel."],
        ["Varm, lätt och enkel att packa.", "Varm, lett og enkel å pakke."],
      ],
      care: [
        [
          "Förvara sovsäcken löst i en stor förvaringspåse, inte hoptryckt i packpåsen. Vädra den gärna efter varje tur.",
          "Oppbevar soveposen løst i en stor oppbevaringspose, ikke sammenpresset i pakkposen. Luft den gjerne etter hver tur.",
        ],
      ],
    }),
  },

  "sleeping-pad": {
    family: "outdoor",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["forest-green", "orange", "navy", "yellow", "grey"],
    name: names([["liggunderlag", "liggeunderlag"]]),
    models: GEAR_MODELS,
    priceRange: [399, 1999],
    parameters: [
      colourParam(["forest-green", "orange", "navy", "yellow", "grey"]),
      param("pad-type", 2, ["Typ", "Type"], "one", [
        v("inflatable", "Uppblåsbart", "Oppblåsbart"),
        v("self-inflating", "Självuppblåsande", "Selvoppblåsende"),
        v("foam", "Skumunderlag", "Skumunderlag"),
      ]),
      param("r-value", 2, ["R-värde", "R-verdi"], "one", [
        v("2", "2,0", "2,0"),
        v("3.5", "3,5", "3,5"),
        v("5", "5,0", "5,0"),
      ]),
      weightParam([500, 900], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är ett lätt och isolerande liggunderlag som ger skön sömn på ojämn mark.",
          "{name} er et lett og isolerende liggeunderlag som gir god søvn i ujevnt terreng.",
        ],
        [
          "{name} isolerar mot den kalla marken och gör tältnatten betydligt skönare.",
          "{name} isolerer mot den kalde bakken og gjør teltnatten langt mer behagelig.",
        ],
      ],
      features: [
        [
          "Ventilen gör det snabbt att blåsa upp och tömma underlaget.",
          "Ventilen gjør det raskt å blåse opp og tømme underlaget.",
        ],
        [
          "Det packas ihop till ett litet format och väger lite.",
          "Det kan pakkes sammen til et lite format og veier lite.",
        ],
        [
          "Den slitstarka ytan tål både grus och barr.",
          "Den slitesterke overflaten tåler både grus og barnåler.",
        ],
      ],
      sellingPoints: [
        ["Isolering från marken, komfort hela natten.", "Isolasjon fra bakken, komfort hele natten."],
        ["Lätt att bära, skönt att sova på.", "Lett å bære, godt å sove på."],
      ],
      care: [
        [
          "Torka av underlaget med en fuktig trasa och förvara det utrullat med ventilen öppen.",
          "Tørk av underlaget med en fuktig klut, og oppbevar det utrullet med ventilen åpen.",
        ],
      ],
    }),
  },

  headlamp: {
    family: "outdoor",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["black", "orange", "yellow", "turquoise", "red"],
    name: names([["pannlampa", "hodelykt"]]),
    models: GEAR_MODELS,
    priceRange: [249, 1299],
    parameters: [
      colourParam(["black", "orange", "yellow", "turquoise", "red"]),
      param("brightness", 2, ["Ljusstyrka", "Lysstyrke"], "one", [
        v("300-lm", "300 lumen", "300 lumen"),
        v("500-lm", "500 lumen", "500 lumen"),
        v("900-lm", "900 lumen", "900 lumen"),
      ]),
      param("battery", 2, ["Batteri", "Batteri"], "one", [
        v("usb-c", "Uppladdningsbart (USB-C)", "Oppladbart (USB-C)"),
        v("aaa", "3 × AAA", "3 × AAA"),
      ]),
      features(
        v("red-light", "Rött ljus", "Rødt lys"),
        v("ipx4", "Stänktät (IPX4)", "Sprutsikker (IPX4)"),
        v("lock", "Transportlås", "Transportlås"),
      ),
      weightParam([100, 200], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en ljusstark pannlampa för kvällsturer, löprundor och lägerliv.",
          "{name} er en lyssterk hodelykt for kveldsturer, løpeturer og leirliv.",
        ],
        [
          "När mörkret faller lyser {name} upp stigen framför dig.",
          "Når mørket faller på, lyser {name} opp stien foran deg.",
        ],
      ],
      features: [
        [
          "Flera ljuslägen, bland annat rött ljus, gör lampan användbar i alla situationer.",
          "Flere lysmoduser, blant annet rødt lys, gjør lykten nyttig i alle situasjoner.",
        ],
        ["Det uppladdningsbara batteriet laddas via USB-C.", "Det oppladbare batteriet lades via USB-C."],
        [
          "Det mjuka pannbandet sitter stadigt utan att skava.",
          "Det myke hodebåndet sitter stødig uten å gnage.",
        ],
      ],
      sellingPoints: [
        ["Starkt ljus, lång brinntid.", "Kraftig lys, lang brenntid."],
        ["Lätt på pannan, stark i mörkret.", "Lett på hodet, sterk i mørket."],
      ],
      care: [
        [
          "Ladda batteriet fullt före förvaring och ladda det igen var tredje månad. Torka av lampan med en torr trasa.",
          "Lad batteriet fullt før lagring, og lad det på nytt hver tredje måned. Tørk av lykten med en tørr klut.",
        ],
      ],
    }),
  },

  "water-bottle": {
    family: "outdoor",
    productClass: "standard",
    variants: "volume",
    sizeRun: "bottle",
    colours: ["black", "white", "forest-green", "navy", "pink", "turquoise", "orange", "yellow"],
    name: names([
      ["vattenflaska", "drikkeflaske"],
      ["termosflaska", "termosflaske"],
    ]),
    models: GEAR_MODELS,
    priceRange: [149, 499],
    parameters: [
      colourParam(["black", "white", "forest-green", "navy", "pink", "turquoise", "orange", "yellow"]),
      material(
        v("stainless-steel", "Rostfritt stål", "Rustfritt stål"),
        v("bpa-free-plastic", "BPA-fri plast", "BPA-fri plast"),
      ),
      features(
        v("insulated", "Isolerad", "Isolert"),
        v("leakproof", "Läcksäker", "Lekkasjesikker"),
        v("dishwasher", "Tål diskmaskin", "Tåler oppvaskmaskin"),
      ),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en tålig flaska som följer med till jobbet, gymmet och fjället.",
          "{name} er en robust flaske som blir med på jobb, trening og fjelltur.",
        ],
        [
          "Med {name} har du alltid något att dricka inom räckhåll.",
          "Med {name} har du alltid drikke innen rekkevidde.",
        ],
      ],
      features: [
        [
          "Det läcksäkra locket gör att flaskan tryggt kan ligga i väskan.",
          "Det lekkasjesikre lokket gjør at flasken trygt kan ligge i sekken.",
        ],
        ["Flaskan är fri från BPA och ger ingen bismak.", "Flasken er fri for BPA og gir ingen bismak."],
        [
          "Den breda öppningen gör det lätt att fylla på isbitar och att rengöra flaskan.",
          "Den vide åpningen gjør det lett å fylle på isbiter og å rengjøre flasken.",
        ],
      ],
      sellingPoints: [
        ["Alltid redo för påfyllning.", "Alltid klar for påfyll."],
        ["Läcksäker, tålig och lätt att diska.", "Lekkasjesikker, robust og lett å vaske."],
      ],
      care: [
        [
          "Diska flaskan för hand i ljummet vatten. Låt den torka med locket av.",
          "Vask flasken for hånd i lunkent vann. La den tørke med lokket av.",
        ],
      ],
    }),
  },

  "trekking-poles": {
    family: "outdoor",
    productClass: "standard",
    variants: "length",
    sizeRun: "trekkingPoles",
    colours: ["black", "anthracite", "orange", "turquoise", "red"],
    name: names([
      ["vandringsstavar", "turstaver"],
      ["trekkingstavar", "fjellstaver"],
    ]),
    models: OUTDOOR_MODELS,
    priceRange: [399, 1499],
    parameters: [
      colourParam(["black", "anthracite", "orange", "turquoise", "red"]),
      material(V.aluminium, V.carbon),
      features(
        v("foldable", "Fällbara", "Sammenleggbare"),
        v("cork-grips", "Korkhandtag", "Korkhåndtak"),
        v("snow-baskets", "Snötrissor ingår", "Snøtrinser følger med"),
      ),
      param("weight", 2, ["Vikt per par", "Vekt per par"], "one", [
        v("under-400-g", "Under 400 g", "Under 400 g"),
        v("400-550-g", "400–550 g", "400–550 g"),
        v("over-550-g", "Över 550 g", "Over 550 g"),
      ]),
    ],
    texts: texts({
      lead: [
        [
          "{name} ger stöd och avlastar knäna i både upp- och nedförsbackar.",
          "{name} gir støtte og avlaster knærne i både opp- og nedoverbakker.",
        ],
        [
          "Med {name} går du stadigare på steniga stigar och över bäckar.",
          "Med {name} går du stødigere på steinete stier og over bekker.",
        ],
      ],
      features: [
        [
          "Stavarna justeras snabbt med ett stabilt snabblås.",
          "Stavene kan justeres raskt med en stødig hurtiglås.",
        ],
        [
          "Handtag i kork ger bra grepp även med svettiga händer.",
          "Håndtak i kork gir godt grep selv med svette hender.",
        ],
        [
          "Medföljande trissor gör stavarna användbara även i snö.",
          "Medfølgende trinser gjør stavene brukbare også på snø.",
        ],
      ],
      sellingPoints: [
        ["Avlastning för knäna, stöd i varje steg.", "Avlastning for knærne, støtte i hvert steg."],
        ["Lätta, stabila och enkla att justera.", "Lette, stabile og enkle å justere."],
      ],
      care: [
        [
          "Dra isär stavarna och låt dem torka efter en blöt tur. Torka av låsen och förvara stavarna torrt.",
          "Trekk stavene fra hverandre, og la dem tørke etter en våt tur. Tørk av låsene og oppbevar stavene tørt.",
        ],
      ],
    }),
  },

  // ------------------------------------------------------------------ training
  "yoga-mat": {
    family: "training",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["purple", "turquoise", "pink", "black", "grey", "light-blue", "olive"],
    name: names([
      ["yogamatta", "yogamatte"],
      ["träningsmatta", "treningsmatte"],
    ]),
    models: TRAINING_MODELS,
    priceRange: [249, 899],
    parameters: [
      colourParam(["purple", "turquoise", "pink", "black", "grey", "light-blue", "olive"]),
      material(
        v("natural-rubber", "Naturgummi", "Naturgummi"),
        v("tpe", "TPE", "TPE"),
        v("cork", "Kork", "Kork"),
      ),
      param("thickness", 5, ["Tjocklek", "Tykkelse"], "one", [
        v("4-mm", "4 mm", "4 mm"),
        v("6-mm", "6 mm", "6 mm"),
      ]),
      features(v("non-slip", "Halkfri", "Sklisikker"), v("pvc-free", "PVC-fri", "PVC-fri")),
    ],
    texts: texts({
      lead: [
        [
          "{name} ger stabilt grepp och skön dämpning för yoga, stretching och styrketräning.",
          "{name} gir stødig grep og behagelig demping for yoga, tøying og styrketrening.",
        ],
        [
          "Med {name} får du en stadig grund för varje pass, hemma eller i studion.",
          "Med {name} får du et stødig underlag for hver økt, hjemme eller i studioet.",
        ],
      ],
      features: [
        ["Ytan är halkfri även när du svettas.", "Overflaten er sklisikker selv når du svetter."],
        [
          "Mattan är tillverkad utan PVC och är lätt att rulla ihop.",
          "Matten er laget uten PVC og er lett å rulle sammen.",
        ],
        [
          "Den lagom tjocka mattan skonar knän och handleder.",
          "Den passe tykke matten skåner knær og håndledd.",
        ],
      ],
      sellingPoints: [
        ["Grepp, dämpning och balans.", "Grep, demping og balanse."],
        ["Din plats för lugn och styrka.", "Din plass for ro og styrke."],
      ],
      care: [
        [
          "Torka av mattan med en fuktig trasa och mild tvål efter användning. Låt den torka helt innan du rullar ihop den.",
          "Tørk av matten med en fuktig klut og mild såpe etter bruk. La den tørke helt før du ruller den sammen.",
        ],
      ],
    }),
  },

  "resistance-band": {
    family: "training",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["yellow", "red", "light-blue", "black", "purple", "pink"],
    name: names([
      ["träningsband", "treningsstrikk"],
      ["motståndsband", "treningsbånd"],
    ]),
    models: TRAINING_MODELS,
    priceRange: [99, 349],
    parameters: [
      colourParam(["yellow", "red", "light-blue", "black", "purple", "pink"]),
      param("resistance", 2, ["Motstånd", "Motstand"], "one", [
        v("light", "Lätt", "Lett"),
        v("medium", "Medel", "Middels"),
        v("heavy", "Tung", "Tung"),
        v("extra-heavy", "Extra tung", "Ekstra tung"),
      ]),
      material(v("latex", "Latex", "Lateks"), v("textile", "Textil", "Tekstil")),
    ],
    texts: texts({
      lead: [
        [
          "{name} gör det enkelt att träna styrka, rörlighet och rehab var du än befinner dig.",
          "{name} gjør det enkelt å trene styrke, bevegelighet og rehabilitering hvor du enn er.",
        ],
        ["Med {name} har du ett helt gym i fickan.", "Med {name} har du et helt treningsstudio i lommen."],
      ],
      features: [
        [
          "Det slitstarka materialet ger ett jämnt motstånd genom hela rörelsen.",
          "Det slitesterke materialet gir jevn motstand gjennom hele bevegelsen.",
        ],
        [
          "Välj mellan flera motståndsnivåer, från lätt till tung.",
          "Velg mellom flere motstandsnivåer, fra lett til tung.",
        ],
        ["Det tar knappt någon plats i träningsväskan.", "Det tar nesten ikke plass i treningsbagen."],
      ],
      sellingPoints: [
        ["Styrketräning var du än är.", "Styrketrening hvor du enn er."],
        ["Enkelt, effektivt och alltid med.", "Enkelt, effektivt og alltid med."],
      ],
      care: [
        [
          "Torka av med en fuktig trasa och förvara bandet skyddat från direkt solljus.",
          "Tørk av med en fuktig klut, og oppbevar produktet beskyttet mot direkte sollys.",
        ],
      ],
    }),
  },

  "jump-rope": {
    family: "training",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["black", "red", "turquoise", "pink", "yellow"],
    name: names([["hopprep", "hoppetau"]]),
    models: TRAINING_MODELS,
    priceRange: [99, 399],
    parameters: [
      colourParam(["black", "red", "turquoise", "pink", "yellow"]),
      material(v("steel-wire", "Stålvajer", "Stålwire"), v("pvc", "PVC", "PVC")),
      features(
        v("ball-bearings", "Kullagrade handtag", "Kulelagrede håndtak"),
        v("adjustable-length", "Justerbar längd", "Justerbar lengde"),
      ),
    ],
    texts: texts({
      lead: [
        [
          "{name} är ett snabbt och följsamt hopprep för kondition, koordination och uppvärmning.",
          "{name} er et raskt og smidig hoppetau for kondisjon, koordinasjon og oppvarming.",
        ],
        [
          "Med {name} får du ett effektivt konditionspass på bara några minuter.",
          "Med {name} får du en effektiv kondisjonsøkt på bare noen minutter.",
        ],
      ],
      features: [
        [
          "Kullagrade handtag ger en jämn och snabb rotation.",
          "Kulelagrede håndtak gir jevn og rask rotasjon.",
        ],
        ["Repet är lätt att korta efter din kroppslängd.", "Tauet er lett å korte inn etter høyden din."],
        [
          "Den tunna vajern är byggd för fart och dubbelhopp.",
          "Den tynne wiren er laget for fart og doble hopp.",
        ],
      ],
      sellingPoints: [
        ["Kondition på några minuter.", "Kondisjon på noen minutter."],
        ["Litet format, stor effekt.", "Lite format, stor effekt."],
      ],
      care: [
        ["Förvara hopprepet torrt och utan skarpa veck.", "Oppbevar hoppetauet tørt og uten skarpe knekker."],
      ],
    }),
  },

  "foam-roller": {
    family: "training",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["black", "turquoise", "orange", "purple", "light-blue"],
    name: names([
      ["massagerulle", "massasjerulle"],
      ["foamroller", "foamroller"],
    ]),
    models: TRAINING_MODELS,
    priceRange: [199, 599],
    parameters: [
      colourParam(["black", "turquoise", "orange", "purple", "light-blue"]),
      param("hardness", 2, ["Hårdhet", "Hardhet"], "one", [
        v("soft", "Mjuk", "Myk"),
        v("medium", "Medel", "Middels"),
        v("hard", "Hård", "Hard"),
      ]),
      material(v("eva-foam", "EVA-skum", "EVA-skum")),
    ],
    texts: texts({
      lead: [
        [
          "{name} hjälper dig att lösa upp spända muskler efter löpning och styrketräning.",
          "{name} hjelper deg med å løse opp stramme muskler etter løping og styrketrening.",
        ],
        [
          "Med {name} blir återhämtningen en naturlig del av träningen.",
          "Med {name} blir restitusjonen en naturlig del av treningen.",
        ],
      ],
      features: [
        [
          "Den mönstrade ytan bearbetar muskler och bindväv på djupet.",
          "Den mønstrede overflaten bearbeider muskler og bindevev i dybden.",
        ],
        [
          "Den fasta kärnan behåller formen även efter lång tids användning.",
          "Den faste kjernen beholder formen selv etter lang tids bruk.",
        ],
        [
          "Rullen är lätt nog att ta med i träningsväskan.",
          "Rullen er lett nok til å ta med i treningsbagen.",
        ],
      ],
      sellingPoints: [
        ["Mjukare muskler, snabbare återhämtning.", "Mykere muskler, raskere restitusjon."],
        ["Din egen massör, alltid tillgänglig.", "Din egen massør, alltid tilgjengelig."],
      ],
      care: [
        [
          "Torka av rullen med en fuktig trasa efter användning.",
          "Tørk av rullen med en fuktig klut etter bruk.",
        ],
      ],
    }),
  },

  // ------------------------------------------------------------------ winter sports
  skis: {
    family: "winter",
    productClass: "standard",
    variants: "length",
    sizeRun: "skis",
    colours: ["black", "white", "red", "light-blue", "yellow", "navy"],
    name: names([
      ["längdskidor", "langrennsski"],
      ["fjällskidor", "fjellski"],
    ]),
    models: WINTER_MODELS,
    priceRange: [1499, 5999],
    parameters: [
      colourParam(["black", "white", "red", "light-blue", "yellow", "navy"]),
      param("style", 2, ["Stil", "Stil"], "one", [
        v("classic", "Klassisk", "Klassisk"),
        v("skate", "Skate", "Skøyting"),
      ]),
      param("level", 2, ["Nivå", "Nivå"], "one", [
        v("beginner", "Nybörjare", "Nybegynner"),
        v("recreational", "Motionär", "Mosjonist"),
        v("racing", "Tävling", "Konkurranse"),
      ]),
    ],
    texts: texts({
      lead: [
        [
          "{name} är skidor för dig som vill ha bra glid och säkert fäste, i spåret eller ute på fjället.",
          "{name} er ski for deg som vil ha god gli og godt feste, i løypa eller ute på vidda.",
        ],
        [
          "Med {name} får du mer glädje av varje mil, från första snön till vårskaren.",
          "Med {name} får du mer glede av hver mil, fra den første snøen til vårskaren.",
        ],
      ],
      features: [
        [
          "En lätt träkärna ger skidan bra respons och låg vikt.",
          "En lett trekjerne gir skien god respons og lav vekt.",
        ],
        [
          "Sulan är slipad för bra glid i både kallt och blött före.",
          "Sålen er slipt for god gli både i kaldt og vått føre.",
        ],
        [
          "Skidorna passar både motionärer och dig som vill öka tempot.",
          "Skiene passer både for mosjonister og for deg som vil øke tempoet.",
        ],
      ],
      sellingPoints: [
        ["Bra glid, säkert fäste.", "God gli, godt feste."],
        ["Skidor som gör varje tur roligare.", "Ski som gjør hver tur morsommere."],
      ],
      care: [
        [
          "Torka av skidorna efter användning och förvara dem svalt och torrt. Glidvalla regelbundet för bästa glid.",
          "Tørk av skiene etter bruk, og oppbevar dem kjølig og tørt. Smør med glider jevnlig for best gli.",
        ],
      ],
    }),
  },

  "ski-poles": {
    family: "winter",
    productClass: "standard",
    variants: "length",
    sizeRun: "skiPoles",
    colours: ["black", "white", "red", "light-blue", "yellow"],
    imageKind: "trekking-poles",
    name: names([
      ["längdstavar", "langrennsstaver"],
      ["skidstavar", "skistaver"],
    ]),
    models: WINTER_MODELS,
    priceRange: [399, 2499],
    parameters: [
      colourParam(["black", "white", "red", "light-blue", "yellow"]),
      material(V.aluminium, V.carbon, v("carbon-blend", "Kolfiberkomposit", "Karbonkompositt")),
      features(
        v("adjustable-straps", "Justerbara handremmar", "Justerbare stropper"),
        v("quick-release", "Snabbfäste för handremmen", "Hurtigfeste for stroppen"),
      ),
    ],
    texts: texts({
      lead: [
        [
          "{name} är lätta och styva stavar för effektiva stavtag i spåret.",
          "{name} er lette og stive staver for effektive stavtak i sporet.",
        ],
        ["Med {name} får du ut mer av varje stavtag.", "Med {name} får du mer ut av hvert stavtak."],
      ],
      features: [
        ["Skaftet i kolfiber är lätt och styvt.", "Skaftet i karbon er lett og stivt."],
        ["Justerbara handremmar ger bra kraftöverföring.", "Justerbare stropper gir god kraftoverføring."],
        [
          "Trissorna är utformade för både preparerade spår och lössnö.",
          "Trinsene er laget for både preparerte løyper og løssnø.",
        ],
      ],
      sellingPoints: [
        ["Lätta stavar, kraftfulla stavtag.", "Lette staver, kraftige stavtak."],
        ["Styva, lätta och byggda för fart.", "Stive, lette og laget for fart."],
      ],
      care: [
        [
          "Torka av stavarna efter användning och kontrollera att handremmarna sitter fast.",
          "Tørk av stavene etter bruk, og kontroller at stroppene sitter godt.",
        ],
      ],
    }),
  },

  "ski-goggles": {
    family: "winter",
    productClass: "standard",
    variants: "oneSize",
    sizeRun: "oneSize",
    colours: ["black", "white", "orange", "purple", "turquoise"],
    name: names([
      ["skidglasögon", "skibriller"],
      ["slalomglasögon", "alpinbriller"],
    ]),
    models: WINTER_MODELS,
    priceRange: [499, 1999],
    parameters: [
      colourParam(["black", "white", "orange", "purple", "turquoise"]),
      param("filter-category", 2, ["Filterkategori", "Filterkategori"], "one", [
        v("s1", "S1 – mulet väder", "S1 – overskyet"),
        v("s2", "S2 – växlande ljus", "S2 – skiftende lys"),
        v("s3", "S3 – sol", "S3 – sol"),
      ]),
      features(
        v("double-lens", "Dubbel lins", "Dobbel linse"),
        v("anti-fog", "Behandlad mot imma", "Antiduggbehandlet"),
        v("helmet-compatible", "Passar med hjälm", "Passer med hjelm"),
        v("uv", "100 % UV-skydd", "100 % UV-beskyttelse"),
      ),
    ],
    texts: texts({
      lead: [
        [
          "{name} ger klar sikt och bra skydd i backen, oavsett ljusförhållanden.",
          "{name} gir klart syn og god beskyttelse i bakken, uansett lysforhold.",
        ],
        [
          "Med {name} ser du kontraster och ojämnheter tydligt, även i flatt ljus.",
          "Med {name} ser du kontraster og ujevnheter tydelig, også i flatt lys.",
        ],
      ],
      features: [
        ["Den dubbla linsen är behandlad mot imma.", "Den doble linsen er antiduggbehandlet."],
        [
          "Glasögonen passar bra ihop med de flesta hjälmar.",
          "Brillene passer godt sammen med de fleste hjelmer.",
        ],
        ["Linsen ger fullt UV-skydd.", "Linsen gir full UV-beskyttelse."],
      ],
      sellingPoints: [
        ["Klar sikt från första till sista åket.", "Klart syn fra første til siste nedkjøring."],
        ["Skarpa kontraster i alla ljus.", "Skarpe kontraster i alt slags lys."],
      ],
      care: [
        [
          "Torka linsen med den medföljande mikrofiberpåsen, aldrig med papper. Låt glasögonen torka i rumstemperatur.",
          "Tørk linsen med den medfølgende mikrofiberposen, aldri med papir. La brillene tørke i romtemperatur.",
        ],
      ],
    }),
  },

  "ski-helmet": {
    family: "winter",
    productClass: "standard",
    variants: "apparel",
    sizeRun: "helmet",
    fits: ["unisex"],
    colours: ["black", "white", "red", "navy", "anthracite", "light-blue"],
    name: names([
      ["skidhjälm", "skihjelm"],
      ["alpinhjälm", "alpinhjelm"],
    ]),
    models: WINTER_MODELS,
    priceRange: [799, 2499],
    parameters: [
      colourParam(["black", "white", "red", "navy", "anthracite", "light-blue"]),
      features(
        v("en-1077", "Certifierad enligt EN 1077", "Sertifisert etter EN 1077"),
        v("adjustable-vents", "Justerbar ventilation", "Justerbar ventilasjon"),
        v("removable-ear-pads", "Avtagbara öronkuddar", "Avtakbare øreputer"),
        v("goggle-clip", "Glasögonklips", "Brilleklips"),
      ),
      weightParam([400, 550], "g"),
    ],
    texts: texts({
      lead: [
        [
          "{name} är en lätt och välventilerad skidhjälm för dagar i backen och i offpisten.",
          "{name} er en lett og godt ventilert skihjelm for dager i bakken og utenfor løypene.",
        ],
        [
          "Med {name} åker du tryggt och bekvämt, från första liften till sista åket.",
          "Med {name} kjører du trygt og komfortabelt, fra første heis til siste nedkjøring.",
        ],
      ],
      features: [
        ["Hjälmen är certifierad enligt EN 1077.", "Hjelmen er sertifisert etter EN 1077."],
        ["Justerbar ventilation låter dig reglera värmen.", "Justerbar ventilasjon lar deg regulere varmen."],
        [
          "Avtagbara öronkuddar och ett mjukt foder ger bra komfort.",
          "Avtakbare øreputer og et mykt fôr gir god komfort.",
        ],
      ],
      sellingPoints: [
        ["Trygghet utan att kompromissa med komforten.", "Trygghet uten å gå på akkord med komforten."],
        ["Lätt, varm och certifierad.", "Lett, varm og sertifisert."],
      ],
      care: [
        [
          "Rengör hjälmen med ljummet vatten och mild tvål. Byt ut hjälmen efter en kraftig smäll, även om den ser hel ut.",
          "Rengjør hjelmen med lunkent vann og mild såpe. Bytt ut hjelmen etter et kraftig slag, selv om den ser hel ut.",
        ],
      ],
    }),
  },

  // ------------------------------------------------------------------ sports nutrition
  "protein-powder": {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "proteinPowder",
    flavours: ["chocolate", "vanilla", "strawberry", "cookies-cream", "salted-caramel", "banana", "neutral"],
    name: names([
      ["proteinpulver", "proteinpulver"],
      ["vassleprotein", "myseprotein"],
    ]),
    models: NUTRITION_MODELS,
    priceRange: [299, 649],
    parameters: [
      flavourParam([
        "chocolate",
        "vanilla",
        "strawberry",
        "cookies-cream",
        "salted-caramel",
        "banana",
        "neutral",
      ]),
      param("protein-source", 4, ["Proteinkälla", "Proteinkilde"], "one", [
        v("whey", "Vassle", "Myse"),
        v("whey-isolate", "Vassleisolat", "Myseisolat"),
        v("milk-protein", "Mjölkprotein", "Melkeprotein"),
      ]),
      dietParam(DIET.glutenFree, DIET.lactoseFree),
    ],
    nutrition: {
      per: "100 g",
      serving: { sv: "30 g (en skopa)", nb: "30 g (én måleskje)" },
      byFlavour: {
        chocolate: nutritionFacts(6, 3.6, 8, 5, 74, 0.55),
        vanilla: nutritionFacts(5.5, 3.3, 6.5, 5.5, 77, 0.4),
        strawberry: nutritionFacts(5.4, 3.2, 6.8, 6, 76, 0.38),
        "cookies-cream": nutritionFacts(6.2, 3.8, 8.5, 5.8, 73, 0.5),
        "salted-caramel": nutritionFacts(5.8, 3.5, 7.5, 6.2, 75, 0.9),
        banana: nutritionFacts(5.5, 3.3, 7, 6.4, 76, 0.38),
        neutral: nutritionFacts(5, 3, 5, 4.5, 80, 0.3),
      },
    },
    texts: texts({
      lead: [
        [
          "{name} är ett proteinpulver av hög kvalitet som gör det enkelt att få i sig tillräckligt med protein.",
          "{name} er et proteinpulver av høy kvalitet som gjør det enkelt å få i seg nok protein.",
        ],
        [
          "Med {name} får du ett smidigt mellanmål efter träningen eller till frukost.",
          "Med {name} får du et enkelt mellommåltid etter treningen eller til frokost.",
        ],
      ],
      features: [
        [
          "Pulvret löser sig lätt i både vatten och mjölk.",
          "Pulveret løser seg lett opp i både vann og melk.",
        ],
        [
          "Protein bidrar till att öka och bibehålla muskelmassan.",
          "Protein bidrar til å øke og opprettholde muskelmassen.",
        ],
        [
          "Den krämiga konsistensen och den goda smaken gör det lätt att hålla rutinen.",
          "Den kremete konsistensen og den gode smaken gjør det lett å holde rutinen.",
        ],
      ],
      sellingPoints: [
        [
          "Högt proteininnehåll och god smak i varje skopa.",
          "Høyt proteininnhold og god smak i hver måleskje.",
        ],
        ["Krämigt, gott och lättblandat.", "Kremete, godt og lett å blande."],
      ],
      care: [
        [
          "Blanda 30 g pulver (cirka en skopa) med 3 dl vatten eller mjölk. Förvaras torrt och svalt.",
          "Bland 30 g pulver (ca. én måleskje) med 3 dl vann eller melk. Oppbevares tørt og kjølig.",
        ],
      ],
    }),
  },

  "protein-bar": {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "bar",
    flavours: ["salted-caramel", "chocolate", "cookies-cream", "peanut", "raspberry"],
    name: names([["proteinbar", "proteinbar"]]),
    models: NUTRITION_MODELS,
    priceRange: [25, 35],
    parameters: [
      flavourParam(["salted-caramel", "chocolate", "cookies-cream", "peanut", "raspberry"]),
      dietParam(DIET.glutenFree, DIET.lactoseFree),
    ],
    nutrition: {
      per: "100 g",
      serving: { sv: "55 g (en bar)", nb: "55 g (én bar)" },
      byFlavour: {
        "salted-caramel": nutritionFacts(12, 6.5, 32, 3.2, 35, 0.85, 6),
        chocolate: nutritionFacts(13, 7, 30, 2.8, 36, 0.45, 7),
        "cookies-cream": nutritionFacts(12.5, 6.8, 31, 3.5, 35, 0.55, 6),
        peanut: nutritionFacts(16, 5.5, 26, 3, 34, 0.6, 8),
        raspberry: nutritionFacts(11, 6, 34, 4.5, 33, 0.4, 6),
      },
    },
    texts: texts({
      lead: [
        [
          "{name} är ett smidigt mellanmål med mycket protein och lite socker.",
          "{name} er et enkelt mellommåltid med mye protein og lite sukker.",
        ],
        [
          "{name} passar perfekt i gymväskan, på jobbet eller i ryggsäcken.",
          "{name} passer perfekt i treningsbagen, på jobben eller i sekken.",
        ],
      ],
      features: [
        [
          "Den mjuka kärnan täcks av ett tunt lager choklad.",
          "Den myke kjernen er dekket av et tynt lag sjokolade.",
        ],
        ["Varje bar innehåller omkring 20 gram protein.", "Hver bar inneholder omtrent 20 gram protein."],
        ["Baren är glutenfri och har lågt sockerinnehåll.", "Baren er glutenfri og har lavt sukkerinnhold."],
      ],
      sellingPoints: [
        ["Mycket protein, lite socker, mycket smak.", "Mye protein, lite sukker, mye smak."],
        ["Mellanmålet som alltid får plats.", "Mellommåltidet som alltid får plass."],
      ],
      care: [
        [
          "Förvaras torrt i rumstemperatur. Passar som mellanmål före eller efter träning.",
          "Oppbevares tørt i romtemperatur. Passer som mellommåltid før eller etter trening.",
        ],
      ],
    }),
  },

  "energy-gel": {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "gel",
    flavours: ["citrus", "raspberry", "cola", "orange", "blueberry"],
    name: names([["energigel", "energigel"]]),
    models: NUTRITION_MODELS,
    priceRange: [25, 39],
    parameters: [
      flavourParam(["citrus", "raspberry", "cola", "orange", "blueberry"]),
      dietParam(DIET.glutenFree, DIET.vegan, DIET.caffeine),
    ],
    nutrition: {
      per: "100 g",
      serving: { sv: "40 g (en gel)", nb: "40 g (én gel)" },
      byFlavour: {
        citrus: nutritionFacts(0, 0, 62, 28, 0, 0.5),
        raspberry: nutritionFacts(0, 0, 63, 30, 0, 0.4),
        cola: nutritionFacts(0, 0, 61, 27, 0, 0.5),
        orange: nutritionFacts(0, 0, 62, 29, 0, 0.45),
        blueberry: nutritionFacts(0, 0, 64, 31, 0, 0.4),
      },
    },
    texts: texts({
      lead: [
        [
          "{name} ger snabb energi när du behöver den som mest, under lopp och långa pass.",
          "{name} gir rask energi når du trenger den som mest, under løp og lange økter.",
        ],
        [
          "Med {name} i fickan orkar du hela vägen till mål.",
          "Med {name} i lommen orker du hele veien til mål.",
        ],
      ],
      features: [
        [
          "Kolhydraterna kommer från en blandning av maltodextrin och fruktos.",
          "Karbohydratene kommer fra en blanding av maltodekstrin og fruktose.",
        ],
        [
          "Den tunna konsistensen gör gelen lätt att svälja, även i högt tempo.",
          "Den tynne konsistensen gjør gelen lett å svelge, også i høyt tempo.",
        ],
        [
          "Den smidiga förpackningen öppnas enkelt med en hand.",
          "Den praktiske pakningen åpnes enkelt med én hånd.",
        ],
      ],
      sellingPoints: [
        ["Snabb energi i fickformat.", "Rask energi i lommeformat."],
        ["Orka hela vägen till mål.", "Ork hele veien til mål."],
      ],
      care: [
        [
          "Ta en gel var 30:e–45:e minut under längre pass, gärna tillsammans med lite vatten. Förvaras i rumstemperatur.",
          "Ta en gel hvert 30.–45. minutt under lengre økter, gjerne sammen med litt vann. Oppbevares i romtemperatur.",
        ],
      ],
    }),
  },

  "sports-drink": {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "drink",
    flavours: ["citrus", "lemon-lime", "orange", "raspberry"],
    name: names([["sportdryck", "sportsdrikk"]]),
    models: NUTRITION_MODELS,
    priceRange: [25, 35],
    parameters: [
      flavourParam(["citrus", "lemon-lime", "orange", "raspberry"]),
      dietParam(DIET.glutenFree, DIET.vegan),
    ],
    nutrition: {
      per: "100 ml",
      serving: { sv: "500 ml (en flaska)", nb: "500 ml (én flaske)" },
      byFlavour: {
        citrus: nutritionFacts(0, 0, 6.2, 5.8, 0, 0.13),
        "lemon-lime": nutritionFacts(0, 0, 6, 5.6, 0, 0.13),
        orange: nutritionFacts(0, 0, 6.4, 6, 0, 0.12),
        raspberry: nutritionFacts(0, 0, 6.3, 5.9, 0, 0.12),
      },
    },
    texts: texts({
      lead: [
        [
          "{name} är en färdigblandad sportdryck med kolhydrater och elektrolyter för långa och tuffa pass.",
          "{name} er en ferdigblandet sportsdrikk med karbohydrater og elektrolytter for lange og tøffe økter.",
        ],
        [
          "Med {name} i flaskhållaren får du både vätska, salter och energi.",
          "Med {name} i flaskeholderen får du både væske, salter og energi.",
        ],
      ],
      features: [
        [
          "Tillsatt natrium ersätter en del av saltet du förlorar med svetten.",
          "Tilsatt natrium erstatter noe av saltet du mister gjennom svetten.",
        ],
        [
          "Den milda smaken gör drycken lätt att få i sig även i högt tempo.",
          "Den milde smaken gjør drikken lett å få i seg også i høyt tempo.",
        ],
        [
          "Flaskan har en sportkork som öppnas med en hand.",
          "Flasken har en sportskork som åpnes med én hånd.",
        ],
      ],
      sellingPoints: [
        ["Energi och vätska i samma flaska.", "Energi og væske i samme flaske."],
        ["Håll tempot hela vägen till mål.", "Hold tempoet hele veien til mål."],
      ],
      care: [
        [
          "Drick cirka 500 ml per timme under längre pass. Förvaras svalt och förbrukas inom ett dygn efter öppning.",
          "Drikk ca. 500 ml per time under lengre økter. Oppbevares kjølig og brukes innen ett døgn etter åpning.",
        ],
      ],
    }),
  },

  "recovery-drink": {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "recoveryPowder",
    flavours: ["chocolate", "vanilla", "strawberry"],
    name: names([["återhämtningsdryck", "restitusjonsdrikk"]]),
    models: NUTRITION_MODELS,
    priceRange: [199, 349],
    parameters: [
      flavourParam(["chocolate", "vanilla", "strawberry"]),
      param("protein-source", 4, ["Proteinkälla", "Proteinkilde"], "one", [
        v("whey", "Vassle", "Myse"),
        v("milk-protein", "Mjölkprotein", "Melkeprotein"),
      ]),
      dietParam(DIET.glutenFree, DIET.lactoseFree),
    ],
    nutrition: {
      per: "100 g",
      serving: { sv: "50 g", nb: "50 g" },
      byFlavour: {
        chocolate: nutritionFacts(3.2, 2, 56, 29, 28, 0.95),
        vanilla: nutritionFacts(2.4, 1.5, 59, 31, 27, 0.85),
        strawberry: nutritionFacts(2.3, 1.4, 60, 33, 26, 0.8),
      },
    },
    texts: texts({
      lead: [
        [
          "{name} är en återhämtningsdryck med kolhydrater och protein för dig som tränar hårt och ofta.",
          "{name} er en restitusjonsdrikk med karbohydrater og protein for deg som trener hardt og ofte.",
        ],
        [
          "Med {name} direkt efter passet är du snabbare redo för nästa.",
          "Med {name} rett etter økten er du raskere klar for den neste.",
        ],
      ],
      features: [
        [
          "Kolhydraterna fyller på glykogenlagren och proteinet stöttar musklerna.",
          "Karbohydratene fyller opp glykogenlagrene, og proteinet støtter musklene.",
        ],
        [
          "Blandningen är anpassad för att drickas inom en halvtimme efter träning.",
          "Blandingen er tilpasset for å drikkes innen en halvtime etter trening.",
        ],
        ["Drycken är laktosfri och skonsam för magen.", "Drikken er laktosefri og skånsom for magen."],
      ],
      sellingPoints: [
        ["Snabbare återhämtning, starkare nästa pass.", "Raskere restitusjon, sterkere neste økt."],
        ["Ladda om efter varje pass.", "Lad opp igjen etter hver økt."],
      ],
      care: [
        [
          "Blanda 50 g pulver med 4 dl kallt vatten och drick inom 30 minuter efter träning. Förvaras torrt och svalt.",
          "Bland 50 g pulver med 4 dl kaldt vann, og drikk innen 30 minutter etter trening. Oppbevares tørt og kjølig.",
        ],
      ],
    }),
  },

  creatine: {
    family: "nutrition",
    productClass: "food",
    variants: "flavour",
    sizeRun: "creatine",
    flavours: ["neutral"],
    name: names([
      ["kreatin", "kreatin"],
      ["kreatinmonohydrat", "kreatinmonohydrat"],
    ]),
    models: NUTRITION_MODELS,
    priceRange: [149, 349],
    parameters: [flavourParam(["neutral"]), dietParam(DIET.glutenFree, DIET.lactoseFree, DIET.vegan)],
    nutrition: {
      per: "100 g",
      serving: { sv: "3 g (en struken tesked)", nb: "3 g (en strøken teskje)" },
      byFlavour: { neutral: nutritionFacts(0, 0, 0, 0, 0, 0) },
    },
    texts: texts({
      lead: [
        [
          "{name} är kreatinmonohydrat av hög renhet för dig som vill prestera bättre vid korta, intensiva pass.",
          "{name} er kreatinmonohydrat av høy renhet for deg som vil prestere bedre på korte, intensive økter.",
        ],
        [
          "Med {name} får du ett beprövat tillskott för styrka och explosivitet.",
          "Med {name} får du et velprøvd tilskudd for styrke og eksplosivitet.",
        ],
      ],
      features: [
        [
          "Kreatin ökar den fysiska prestationsförmågan vid upprepade korta perioder av högintensiv träning.",
          "Kreatin øker den fysiske prestasjonsevnen ved gjentatte korte perioder med høyintensiv trening.",
        ],
        [
          "Den gynnsamma effekten uppnås vid ett dagligt intag av 3 g kreatin.",
          "Den gunstige effekten oppnås ved et daglig inntak på 3 g kreatin.",
        ],
        [
          "Pulvret är smakfritt och kan blandas i vatten, juice eller proteinshaken.",
          "Pulveret er smaksnøytralt og kan blandes i vann, juice eller proteinshaken.",
        ],
      ],
      sellingPoints: [
        ["Mer kraft i varje set.", "Mer kraft i hvert sett."],
        ["Ett enkelt tillskott med väldokumenterad effekt.", "Et enkelt tilskudd med veldokumentert effekt."],
      ],
      care: [
        [
          "Blanda 3 g (en struken tesked) i vatten eller juice en gång om dagen. Rekommenderad daglig dos bör inte överskridas. Kosttillskott bör inte användas som ersättning för en varierad kost.",
          "Bland 3 g (en strøken teskje) i vann eller juice én gang daglig. Anbefalt daglig dose må ikke overskrides. Kosttilskudd skal ikke erstatte et variert kosthold.",
        ],
      ],
    }),
  },
};

/** Every kind, in catalogue order. */
export const KINDS: ProductKind[] = (Object.keys(SPECS) as ProductKindKey[]).map((key) => ({
  key,
  ...SPECS[key],
}));

export const KIND_BY_KEY: Readonly<Record<ProductKindKey, ProductKind>> = Object.fromEntries(
  KINDS.map((k) => [k.key, k]),
) as Record<ProductKindKey, ProductKind>;

export const KIND_KEYS: readonly ProductKindKey[] = KINDS.map((k) => k.key);

export function isProductKindKey(value: string): value is ProductKindKey {
  return Object.hasOwn(KIND_BY_KEY, value);
}

/** The kind for a key; throws for an unknown key. */
export function getKind(key: string): ProductKind {
  if (!isProductKindKey(key)) throw new RangeError(`Unknown product kind "${key}"`);
  return KIND_BY_KEY[key];
}

/** The kind whose drawing illustrates products of this kind (its own, a similar one, or null for a parcel). */
export function imageKindOf(kind: ProductKind): DrawnKindKey | null {
  if (kind.imageKind) return kind.imageKind;
  return (DRAWN_KINDS as readonly string[]).includes(kind.key) ? (kind.key as DrawnKindKey) : null;
}

// ---------------------------------------------------------------------------------------------
// Nutrition labels

export type NutritionRowKey =
  | "energy"
  | "fat"
  | "saturates"
  | "carbohydrate"
  | "sugars"
  | "fibre"
  | "protein"
  | "salt";

/** Label texts as printed on Swedish and Norwegian nutrition declarations. */
export const NUTRITION_LABELS: Readonly<Record<NutritionRowKey | "heading", Bilingual>> = {
  heading: { sv: "Näringsvärde", nb: "Næringsinnhold" },
  energy: { sv: "Energi", nb: "Energi" },
  fat: { sv: "Fett", nb: "Fett" },
  saturates: { sv: "varav mättat fett", nb: "hvorav mettede fettsyrer" },
  carbohydrate: { sv: "Kolhydrat", nb: "Karbohydrat" },
  sugars: { sv: "varav sockerarter", nb: "hvorav sukkerarter" },
  fibre: { sv: "Fiber", nb: "Kostfiber" },
  protein: { sv: "Protein", nb: "Protein" },
  salt: { sv: "Salt", nb: "Salt" },
};

export interface NutritionRow {
  key: NutritionRowKey;
  label: string;
  /** Formatted with a decimal comma, e.g. "1 633 kJ / 386 kcal", "5,5 g". */
  value: string;
  /** Sub-rows ("varav …", "hvorav …") are indented on labels. */
  indent: boolean;
}

const grams = (n: number): string => {
  const rounded = n >= 10 ? Math.round(n) : n >= 1 ? Math.round(n * 10) / 10 : Math.round(n * 100) / 100;
  return `${String(rounded).replace(".", ",")} g`;
};

const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

/** The heading of a nutrition table, e.g. "Näringsvärde per 100 g". */
export function nutritionHeading(spec: NutritionSpec, lang: Lang): string {
  return `${NUTRITION_LABELS.heading[lang]} per ${spec.per}`;
}

/** The rows of a nutrition declaration in a language, in the order the EU regulation prescribes. */
export function nutritionRows(facts: NutritionFacts, lang: Lang): NutritionRow[] {
  const row = (key: NutritionRowKey, value: string, indent = false): NutritionRow => ({
    key,
    label: NUTRITION_LABELS[key][lang],
    value,
    indent,
  });
  const rows = [
    row("energy", `${thousands(facts.energyKj)} kJ / ${thousands(facts.energyKcal)} kcal`),
    row("fat", grams(facts.fat)),
    row("saturates", grams(facts.saturates), true),
    row("carbohydrate", grams(facts.carbohydrate)),
    row("sugars", grams(facts.sugars), true),
  ];
  if (facts.fibre !== undefined) rows.push(row("fibre", grams(facts.fibre)));
  rows.push(row("protein", grams(facts.protein)), row("salt", grams(facts.salt)));
  return rows;
}
