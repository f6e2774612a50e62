/**
 * The demo category tree, three levels deep, in Swedish and Norwegian (bokmål).
 *
 * `alias` is the category's URL slug in that language (ADR 0003: lower-case ASCII, å ä → a, ö ø → o, æ → ae,
 * anything else → "-"); it is unique per language across the whole tree. `aliases` are search synonyms in
 * ordinary spelling. Every leaf names the product kind it holds, and every kind has exactly one leaf.
 */

import { slugify } from "#domain/ids.ts";
import type { ProductKindKey } from "./kinds.ts";
import type { Lang } from "./variants.ts";

export interface CategoryLabel {
  name: string;
  /** URL slug in this language. */
  alias: string;
  /** Search synonyms (lower case, natural spelling). */
  aliases?: string[];
}

export interface CategoryNode {
  /** Stable, language-neutral key (`categories.key`). */
  key: string;
  sv: CategoryLabel;
  nb: CategoryLabel;
  /** The product kind a leaf holds. */
  kind?: ProductKindKey;
  children?: CategoryNode[];
}

type LabelInput = readonly [name: string, aliases?: readonly string[]];

const label = ([name, aliases]: LabelInput): CategoryLabel => {
  const out: CategoryLabel = { name, alias: slugify(name) };
  if (aliases && aliases.length > 0) out.aliases = [...aliases];
  return out;
};

const node = (key: string, sv: LabelInput, nb: LabelInput, children: CategoryNode[]): CategoryNode => ({
  key,
  sv: label(sv),
  nb: label(nb),
  children,
});

const leaf = (key: string, kind: ProductKindKey, sv: LabelInput, nb: LabelInput): CategoryNode => ({
  key,
  sv: label(sv),
  nb: label(nb),
  kind,
});

export const CATEGORY_TREE: CategoryNode[] = [
  node(
    "clothing",
    ["Kläder", ["klädesplagg"]],
    ["Klær", ["klesplagg"]],
    [
      node(
        "jackets",
        ["Jackor", ["jacka", "ytterplagg"]],
        ["Jakker", ["jakke", "yttertøy"]],
        [
          leaf(
            "shell-jackets",
            "shell-jacket",
            ["Skaljackor", ["skaljacka", "regnjacka", "vindjacka", "skal"]],
            ["Skalljakker", ["skalljakke", "regnjakke", "vindjakke", "skall"]],
          ),
          leaf(
            "down-jackets",
            "down-jacket",
            ["Dunjackor", ["dunjacka", "pufferjacka"]],
            ["Dunjakker", ["dunjakke", "boblejakke"]],
          ),
          leaf(
            "winter-jackets",
            "winter-jacket",
            ["Vinterjackor", ["vinterjacka", "parkas", "vinterparkas"]],
            ["Vinterjakker", ["vinterjakke", "parkas", "vinterparkas"]],
          ),
          leaf(
            "fleece-jackets",
            "fleece",
            ["Fleecejackor", ["fleece", "fleecetröja", "mellanlager"]],
            ["Fleecejakker", ["fleece", "fleecegenser", "mellomlag"]],
          ),
          leaf(
            "softshell-jackets",
            "softshell-jacket",
            ["Softshelljackor", ["softshell", "softshelljacka"]],
            ["Softshelljakker", ["softshell", "softshelljakke"]],
          ),
        ],
      ),
      node(
        "trousers",
        ["Byxor", ["byxa"]],
        ["Bukser", ["bukse"]],
        [
          leaf(
            "hiking-trousers",
            "hiking-pants",
            ["Vandringsbyxor", ["vandringsbyxa", "fjällbyxor", "friluftsbyxor", "trekkingbyxor"]],
            ["Turbukser", ["turbukse", "fjellbukser", "friluftsbukser", "trekkingbukser"]],
          ),
          leaf(
            "shell-trousers",
            "shell-pants",
            ["Skalbyxor", ["skalbyxa", "regnbyxor"]],
            ["Skallbukser", ["skallbukse", "regnbukser"]],
          ),
          leaf(
            "shorts",
            "shorts",
            ["Shorts", ["löparshorts", "vandringsshorts"]],
            ["Shorts", ["løpeshorts", "turshorts"]],
          ),
        ],
      ),
      node(
        "base-layers",
        ["Underställ", ["ullunderställ", "baslager"]],
        ["Ullundertøy", ["superundertøy", "ull"]],
        [
          leaf(
            "base-layer-tops",
            "base-layer",
            ["Underställströjor", ["underställströja", "ulltröja", "merinotröja"]],
            ["Ulltrøyer", ["ullundertrøye", "ulltrøye", "merinotrøye"]],
          ),
          leaf(
            "base-layer-bottoms",
            "base-layer-pants",
            ["Underställsbyxor", ["underställsbyxa", "långkalsonger", "ullbyxor"]],
            ["Ullbukser", ["ullbukse", "longs", "stillongs"]],
          ),
        ],
      ),
      node(
        "sportswear",
        ["Träningskläder", ["sportkläder"]],
        ["Treningsklær", ["sportsklær"]],
        [
          leaf(
            "training-tops",
            "t-shirt",
            ["Träningströjor", ["träningströja", "t-shirt", "löpartröja"]],
            ["Treningstrøyer", ["treningstrøye", "t-skjorte", "løpetrøye"]],
          ),
          leaf(
            "tights",
            "tights",
            ["Träningstights", ["tights", "löpartights", "leggings"]],
            ["Treningstights", ["tights", "løpetights", "leggings"]],
          ),
        ],
      ),
      node(
        "kids-clothing",
        ["Barnkläder", ["barn"]],
        ["Barneklær", ["barn"]],
        [
          leaf(
            "kids-overalls",
            "kids-overall",
            ["Overaller", ["overall", "vinteroverall", "skaloverall", "barnoverall"]],
            ["Dresser", ["dress", "vinterdress", "skalldress", "flyverdress"]],
          ),
        ],
      ),
      node(
        "accessories",
        ["Accessoarer", ["tillbehör"]],
        ["Tilbehør", ["accessories"]],
        [
          leaf("beanies", "beanie", ["Mössor", ["mössa", "toppluva"]], ["Luer", ["lue", "topplue"]]),
          leaf("gloves", "gloves", ["Handskar", ["handske", "vantar"]], ["Hansker", ["hanske", "votter"]]),
          leaf(
            "socks",
            "socks",
            ["Strumpor", ["strumpa", "ullstrumpor", "raggsockor"]],
            ["Sokker", ["sokk", "ullsokker", "raggsokker"]],
          ),
        ],
      ),
    ],
  ),

  node(
    "footwear",
    ["Skor", ["skodon"]],
    ["Sko", ["fottøy"]],
    [
      leaf(
        "running-shoes",
        "running-shoes",
        ["Löparskor", ["löparsko", "joggingskor", "terrängskor"]],
        ["Løpesko", ["joggesko", "terrengsko"]],
      ),
      leaf(
        "hiking-boots",
        "hiking-boots",
        ["Vandringskängor", ["kängor", "vandringsskor", "fjällkängor"]],
        ["Fjellsko", ["tursko", "fjellstøvler"]],
      ),
      leaf(
        "winter-boots",
        "winter-boots",
        ["Vinterskor", ["vinterkängor", "vinterstövlar"]],
        ["Vintersko", ["vinterstøvler", "vinterstøvletter"]],
      ),
      leaf(
        "sandals",
        "sandals",
        ["Sandaler", ["sandal", "vandringssandaler"]],
        ["Sandaler", ["sandal", "tursandaler"]],
      ),
    ],
  ),

  node(
    "outdoor",
    ["Friluftsliv", ["friluft", "camping"]],
    ["Friluftsliv", ["friluft", "camping"]],
    [
      leaf(
        "tents",
        "tent",
        ["Tält", ["kupoltält", "tunneltält", "campingtält"]],
        ["Telt", ["kuppeltelt", "tunneltelt", "campingtelt"]],
      ),
      node(
        "sleeping",
        ["Sovutrustning", ["sovsäck", "liggunderlag"]],
        ["Soveutstyr", ["sovepose", "liggeunderlag"]],
        [
          leaf(
            "sleeping-bags",
            "sleeping-bag",
            ["Sovsäckar", ["sovsäck", "dunsovsäck"]],
            ["Soveposer", ["sovepose", "dunsovepose"]],
          ),
          leaf(
            "sleeping-pads",
            "sleeping-pad",
            ["Liggunderlag", ["underlag", "luftmadrass"]],
            ["Liggeunderlag", ["underlag", "luftmadrass"]],
          ),
        ],
      ),
      leaf(
        "backpacks",
        "backpack",
        ["Ryggsäckar", ["ryggsäck", "vandringsryggsäck"]],
        ["Sekker", ["sekk", "tursekk", "fjellsekk", "ryggsekk"]],
      ),
      node(
        "outdoor-equipment",
        ["Utrustning", ["friluftsutrustning"]],
        ["Utstyr", ["turutstyr"]],
        [
          leaf(
            "headlamps",
            "headlamp",
            ["Pannlampor", ["pannlampa", "lampa"]],
            ["Hodelykter", ["hodelykt", "lykt"]],
          ),
          leaf(
            "water-bottles",
            "water-bottle",
            ["Vattenflaskor", ["vattenflaska", "termos", "termosflaska"]],
            ["Drikkeflasker", ["drikkeflaske", "vannflaske", "termos"]],
          ),
          leaf(
            "trekking-poles",
            "trekking-poles",
            ["Vandringsstavar", ["stavar", "trekkingstavar"]],
            ["Turstaver", ["staver", "fjellstaver"]],
          ),
        ],
      ),
    ],
  ),

  node(
    "training",
    ["Träning", ["gym", "hemmaträning"]],
    ["Trening", ["gym", "hjemmetrening"]],
    [
      node(
        "training-equipment",
        ["Träningsredskap", ["redskap"]],
        ["Treningsutstyr", ["treningsredskaper"]],
        [
          leaf(
            "yoga-mats",
            "yoga-mat",
            ["Yogamattor", ["yogamatta", "träningsmatta"]],
            ["Yogamatter", ["yogamatte", "treningsmatte"]],
          ),
          leaf(
            "resistance-bands",
            "resistance-band",
            ["Träningsband", ["gummiband", "motståndsband"]],
            ["Treningsstrikker", ["strikk", "treningsbånd"]],
          ),
          leaf("jump-ropes", "jump-rope", ["Hopprep", ["rep"]], ["Hoppetau", ["tau"]]),
          leaf(
            "foam-rollers",
            "foam-roller",
            ["Massagerullar", ["foamroller", "rulle"]],
            ["Massasjeruller", ["foamroller", "rulle"]],
          ),
        ],
      ),
    ],
  ),

  node(
    "sports-nutrition",
    ["Sportnutrition", ["kosttillskott"]],
    ["Sportsernæring", ["kosttilskudd"]],
    [
      node(
        "protein",
        ["Protein", []],
        ["Protein", []],
        [
          leaf(
            "protein-powder",
            "protein-powder",
            ["Proteinpulver", ["vassleprotein", "proteinshake", "whey"]],
            ["Proteinpulver", ["myseprotein", "proteinshake", "whey"]],
          ),
          leaf(
            "protein-bars",
            "protein-bar",
            ["Proteinbars", ["proteinbar", "bars"]],
            ["Proteinbarer", ["proteinbar", "barer"]],
          ),
        ],
      ),
      node(
        "energy",
        ["Energi", []],
        ["Energi", []],
        [
          leaf(
            "energy-gels",
            "energy-gel",
            ["Energigel", ["gel", "sportgel"]],
            ["Energigel", ["gel", "sportsgel"]],
          ),
          leaf(
            "sports-drinks",
            "sports-drink",
            ["Sportdryck", ["elektrolyter", "vätskeersättning"]],
            ["Sportsdrikk", ["elektrolytter", "væskeerstatning"]],
          ),
        ],
      ),
      node(
        "recovery",
        ["Återhämtning", []],
        ["Restitusjon", []],
        [
          leaf(
            "recovery-drinks",
            "recovery-drink",
            ["Återhämtningsdryck", ["recovery"]],
            ["Restitusjonsdrikk", ["recovery"]],
          ),
          leaf(
            "creatine",
            "creatine",
            ["Kreatin", ["kreatinmonohydrat"]],
            ["Kreatin", ["kreatinmonohydrat"]],
          ),
        ],
      ),
    ],
  ),

  node(
    "winter-sports",
    ["Vintersport", ["skidor"]],
    ["Vintersport", ["ski"]],
    [
      node(
        "cross-country",
        ["Längdskidåkning", ["längd", "längdåkning"]],
        ["Langrenn", ["langrennsutstyr"]],
        [
          leaf(
            "cross-country-skis",
            "skis",
            ["Längdskidor", ["skidor", "fjällskidor", "skateskidor"]],
            ["Langrennsski", ["ski", "fjellski", "skøyteski"]],
          ),
          leaf(
            "cross-country-poles",
            "ski-poles",
            ["Längdstavar", ["skidstavar"]],
            ["Langrennsstaver", ["skistaver"]],
          ),
        ],
      ),
      node(
        "alpine",
        ["Alpint", ["slalom", "utförsåkning"]],
        ["Alpint", ["slalåm", "alpinkjøring"]],
        [
          leaf(
            "ski-goggles",
            "ski-goggles",
            ["Skidglasögon", ["goggles", "slalomglasögon"]],
            ["Skibriller", ["goggles", "alpinbriller"]],
          ),
          leaf(
            "ski-helmets",
            "ski-helmet",
            ["Skidhjälmar", ["hjälm", "slalomhjälm"]],
            ["Skihjelmer", ["hjelm", "alpinhjelm"]],
          ),
        ],
      ),
    ],
  ),
];

export interface FlatCategory {
  node: CategoryNode;
  /** 1 for the top level. */
  depth: number;
  parentKey: string | null;
  /** Keys from the top level down to this node. */
  path: string[];
  /** Position among its siblings, for `sort_order`. */
  index: number;
}

/** Every node, parents before children (depth-first, in tree order). */
export function flattenCategories(tree: readonly CategoryNode[] = CATEGORY_TREE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: readonly CategoryNode[], depth: number, parent: FlatCategory | null) => {
    nodes.forEach((n, index) => {
      const flat: FlatCategory = {
        node: n,
        depth,
        parentKey: parent?.node.key ?? null,
        path: [...(parent?.path ?? []), n.key],
        index,
      };
      out.push(flat);
      if (n.children) walk(n.children, depth + 1, flat);
    });
  };
  walk(tree, 1, null);
  return out;
}

export const CATEGORIES: FlatCategory[] = flattenCategories();

export const CATEGORY_BY_KEY: ReadonlyMap<string, FlatCategory> = new Map(
  CATEGORIES.map((c) => [c.node.key, c]),
);

/** The leaves (nodes without children), each with its kind. */
export function leafCategories(): FlatCategory[] {
  return CATEGORIES.filter((c) => !c.node.children || c.node.children.length === 0);
}

/** The leaf that holds a kind (the product's primary category). */
export function categoryForKind(kind: ProductKindKey): FlatCategory {
  const found = CATEGORIES.find((c) => c.node.kind === kind);
  if (!found) throw new RangeError(`No category holds kind "${kind}"`);
  return found;
}

/** The node and its ancestors, top level first (a product is also listed in its leaf's ancestors). */
export function categoryAncestry(key: string): FlatCategory[] {
  const found = CATEGORY_BY_KEY.get(key);
  if (!found) throw new RangeError(`Unknown category "${key}"`);
  return found.path.map((k) => CATEGORY_BY_KEY.get(k) as FlatCategory);
}

/** A category's name path in a language, e.g. ["Kläder", "Jackor", "Skaljackor"]. */
export function categoryNamePath(key: string, lang: Lang): string[] {
  return categoryAncestry(key).map((c) => c.node[lang].name);
}
