/**
 * Demo brands. All names are invented (they are not the trademarks of real outdoor or nutrition companies);
 * the places and histories in the descriptions are fiction too.
 */

import type { ProductKindKey } from "./kinds.ts";
import type { Bilingual } from "./variants.ts";

export type CountryCode = "SE" | "NO" | "DK" | "FI" | "DE" | "AT" | "IT" | "US";

/** Where a brand prices itself within a kind's price range. */
export type PriceTier = "budget" | "mid" | "premium";

export interface Brand {
  key: string;
  name: string;
  /** URL slug (`brands.alias`), the same in both languages. */
  alias: string;
  country: CountryCode;
  /** The kinds the brand makes. */
  focus: ProductKindKey[];
  tier: PriceTier;
  description: Bilingual;
}

export const BRANDS: Brand[] = [
  // ------------------------------------------------------------------ Sweden
  {
    key: "fjallgard",
    name: "Fjällgård",
    alias: "fjallgard",
    country: "SE",
    tier: "premium",
    focus: ["shell-jacket", "down-jacket", "winter-jacket", "fleece", "hiking-pants", "shell-pants"],
    description: {
      sv: "Fjällgård syr slitstarka friluftskläder i Jämtland och har gjort det sedan 1987. Plaggen är gjorda för att lagas, inte slängas.",
      nb: "Fjällgård syr slitesterke friluftsklær i Jämtland og har gjort det siden 1987. Plaggene er laget for å repareres, ikke kastes.",
    },
  },
  {
    key: "norrvidd",
    name: "Norrvidd",
    alias: "norrvidd",
    country: "SE",
    tier: "mid",
    focus: ["shell-jacket", "softshell-jacket", "hiking-pants", "backpack", "trekking-poles"],
    description: {
      sv: "Norrvidd tar fram funktionell utrustning för vandring i fjällvärlden, med fokus på låg vikt och genomtänkta detaljer.",
      nb: "Norrvidd utvikler funksjonelt utstyr for turer i fjellheimen, med fokus på lav vekt og gjennomtenkte detaljer.",
    },
  },
  {
    key: "ljungmark",
    name: "Ljungmark",
    alias: "ljungmark",
    country: "SE",
    tier: "mid",
    focus: ["fleece", "base-layer", "base-layer-pants", "socks", "beanie"],
    description: {
      sv: "Ljungmark stickar underställ, strumpor och mössor av mulesingfri merinoull.",
      nb: "Ljungmark strikker ullundertøy, sokker og luer av mulesingfri merinoull.",
    },
  },
  {
    key: "granvik",
    name: "Granvik",
    alias: "granvik",
    country: "SE",
    tier: "budget",
    focus: ["tent", "sleeping-bag", "sleeping-pad", "backpack", "headlamp"],
    description: {
      sv: "Granvik gör prisvärd campingutrustning för familjer som vill komma ut i naturen oftare.",
      nb: "Granvik lager rimelig campingutstyr for familier som vil komme seg oftere ut i naturen.",
    },
  },
  {
    key: "kallsjo",
    name: "Kallsjö",
    alias: "kallsjo",
    country: "SE",
    tier: "mid",
    focus: ["winter-jacket", "winter-boots", "gloves", "beanie", "kids-overall"],
    description: {
      sv: "Kallsjö gör varma vinterkläder och kängor för hela familjen, testade i norrländsk kyla.",
      nb: "Kallsjö lager varme vinterklær og sko for hele familien, testet i nordsvensk kulde.",
    },
  },
  {
    key: "stigfinn",
    name: "Stigfinn",
    alias: "stigfinn",
    country: "SE",
    tier: "mid",
    focus: ["hiking-boots", "sandals", "socks", "hiking-pants"],
    description: {
      sv: "Stigfinn gör skor och kläder för vandrare som hellre tar stigen än vägen.",
      nb: "Stigfinn lager sko og klær for turgåere som heller tar stien enn veien.",
    },
  },
  {
    key: "tallkrona",
    name: "Tallkrona",
    alias: "tallkrona",
    country: "SE",
    tier: "mid",
    focus: ["kids-overall", "beanie", "gloves", "socks"],
    description: {
      sv: "Tallkrona gör tåliga barnkläder för lek ute året runt, i en kvalitet som håller för flera syskon.",
      nb: "Tallkrona lager solide barneklær for lek ute hele året, i en kvalitet som holder for flere søsken.",
    },
  },
  {
    key: "bjorkudd",
    name: "Björkudd",
    alias: "bjorkudd",
    country: "SE",
    tier: "budget",
    focus: ["headlamp", "water-bottle", "trekking-poles", "sleeping-pad"],
    description: {
      sv: "Björkudd gör enkla och pålitliga tillbehör för friluftslivet, från pannlampor till vattenflaskor.",
      nb: "Björkudd lager enkelt og pålitelig tilbehør til friluftslivet, fra hodelykter til drikkeflasker.",
    },
  },
  {
    key: "kustlinje",
    name: "Kustlinje",
    alias: "kustlinje",
    country: "SE",
    tier: "mid",
    focus: ["softshell-jacket", "shell-jacket", "shorts", "t-shirt", "sandals"],
    description: {
      sv: "Kustlinje hämtar inspiration från västkusten och gör lätta plagg för blåsiga dagar vid havet.",
      nb: "Kustlinje henter inspirasjon fra den svenske vestkysten og lager lette plagg for forblåste dager ved havet.",
    },
  },
  {
    key: "kraftkok",
    name: "Kraftkök",
    alias: "kraftkok",
    country: "SE",
    tier: "mid",
    focus: ["protein-powder", "protein-bar", "recovery-drink", "creatine"],
    description: {
      sv: "Kraftkök utvecklar sportnutrition i Göteborg och är känt för goda smaker och tydliga innehållsförteckningar.",
      nb: "Kraftkök utvikler sportsernæring i Göteborg og er kjent for gode smaker og tydelige ingredienslister.",
    },
  },
  {
    key: "havrekraft",
    name: "Havrekraft",
    alias: "havrekraft",
    country: "SE",
    tier: "mid",
    focus: ["energy-gel", "sports-drink", "protein-bar"],
    description: {
      sv: "Havrekraft gör energiprodukter för uthållighetsidrottare, med svensk havre som grund i flera av produkterna.",
      nb: "Havrekraft lager energiprodukter for utholdenhetsutøvere, med svensk havre som grunnlag i flere av produktene.",
    },
  },

  // ------------------------------------------------------------------ Norway
  {
    key: "tindeholm",
    name: "Tindeholm",
    alias: "tindeholm",
    country: "NO",
    tier: "premium",
    focus: ["shell-jacket", "shell-pants", "down-jacket", "backpack"],
    description: {
      sv: "Tindeholm utvecklar tekniska skalplagg i Romsdalen, där väder och terräng ställer höga krav.",
      nb: "Tindeholm utvikler tekniske skallplagg i Romsdalen, der vær og terreng stiller store krav.",
    },
  },
  {
    key: "fjellsto",
    name: "Fjellstø",
    alias: "fjellsto",
    country: "NO",
    tier: "mid",
    focus: ["hiking-boots", "winter-boots", "socks"],
    description: {
      sv: "Fjellstø gör kängor och vinterskor med fokus på stabilitet och grepp i norsk fjällterräng.",
      nb: "Fjellstø lager fjellsko og vintersko med fokus på stabilitet og grep i norsk fjellterreng.",
    },
  },
  {
    key: "hvitsau",
    name: "Hvitsau",
    alias: "hvitsau",
    country: "NO",
    tier: "premium",
    focus: ["base-layer", "base-layer-pants", "socks", "beanie", "gloves"],
    description: {
      sv: "Hvitsau har stickat ullplagg på Vestlandet sedan 1952 och använder ull från norska och nyzeeländska får.",
      nb: "Hvitsau har strikket ullplagg på Vestlandet siden 1952 og bruker ull fra norske og newzealandske sauer.",
    },
  },
  {
    key: "bresno",
    name: "Bresnø",
    alias: "bresno",
    country: "NO",
    tier: "mid",
    focus: ["skis", "ski-poles", "ski-goggles"],
    description: {
      sv: "Bresnø bygger längd- och fjällskidor för allt från motionsåkning till långa turer på vidderna.",
      nb: "Bresnø bygger langrenns- og fjellski for alt fra mosjonsturer til lange turer på vidda.",
    },
  },
  {
    key: "vidderud",
    name: "Vidderud",
    alias: "vidderud",
    country: "NO",
    tier: "mid",
    focus: ["tent", "sleeping-bag", "sleeping-pad"],
    description: {
      sv: "Vidderud gör tält och sovsäckar för nätter på fjället, utvecklade för att klara norskt väder.",
      nb: "Vidderud lager telt og soveposer for netter på fjellet, utviklet for å tåle norsk vær.",
    },
  },
  {
    key: "nordkjol",
    name: "Nordkjøl",
    alias: "nordkjol",
    country: "NO",
    tier: "mid",
    focus: ["winter-jacket", "down-jacket", "kids-overall", "gloves"],
    description: {
      sv: "Nordkjøl kommer från Tromsø och gör vinterkläder för långa, mörka och kalla vintrar.",
      nb: "Nordkjøl kommer fra Tromsø og lager vinterklær for lange, mørke og kalde vintre.",
    },
  },
  {
    key: "sporvik",
    name: "Sporvik",
    alias: "sporvik",
    country: "NO",
    tier: "mid",
    focus: ["skis", "ski-poles", "tights", "gloves", "base-layer", "base-layer-pants"],
    description: {
      sv: "Sporvik gör utrustning för längdskidåkare, från motionärer till aktiva tävlingsåkare.",
      nb: "Sporvik lager utstyr for langrennsløpere, fra mosjonister til aktive konkurranseløpere.",
    },
  },
  {
    key: "stormkyst",
    name: "Stormkyst",
    alias: "stormkyst",
    country: "NO",
    tier: "premium",
    focus: ["shell-jacket", "softshell-jacket", "shell-pants", "beanie"],
    description: {
      sv: "Stormkyst föddes på Helgelandskusten och gör skalplagg som klarar regn som piskar i sidled.",
      nb: "Stormkyst ble født på Helgelandskysten og lager skallplagg som tåler regn som pisker sidelengs.",
    },
  },
  {
    key: "kvikklop",
    name: "Kvikkløp",
    alias: "kvikklop",
    country: "NO",
    tier: "mid",
    focus: ["running-shoes", "t-shirt", "tights", "shorts", "socks"],
    description: {
      sv: "Kvikkløp gör löparskor och löparkläder för dig som springer året runt, i alla väder.",
      nb: "Kvikkløp lager løpesko og løpeklær for deg som løper hele året, uansett vær.",
    },
  },
  {
    key: "fjellnaering",
    name: "Fjellnæring",
    alias: "fjellnaering",
    country: "NO",
    tier: "mid",
    focus: ["protein-powder", "protein-bar", "creatine"],
    description: {
      sv: "Fjellnæring gör proteinprodukter i Trøndelag med norsk vassle som bas.",
      nb: "Fjellnæring lager proteinprodukter i Trøndelag med norsk myse som basis.",
    },
  },
  {
    key: "loypekraft",
    name: "Løypekraft",
    alias: "loypekraft",
    country: "NO",
    tier: "mid",
    focus: ["energy-gel", "sports-drink", "recovery-drink"],
    description: {
      sv: "Løypekraft utvecklar energi och vätska för längdskidåkare, löpare och cyklister.",
      nb: "Løypekraft utvikler energi og væske for langrennsløpere, løpere og syklister.",
    },
  },

  // ------------------------------------------------------------------ Denmark
  {
    key: "klitland",
    name: "Klitland",
    alias: "klitland",
    country: "DK",
    tier: "budget",
    focus: ["sandals", "shorts", "t-shirt", "water-bottle"],
    description: {
      sv: "Danska Klitland gör prisvärda sommarplagg och sandaler med inspiration från sanddynerna längs den danska Nordsjökusten.",
      nb: "Danske Klitland lager rimelige sommerplagg og sandaler med inspirasjon fra sanddynene på den danske vestkysten.",
    },
  },
  {
    key: "skovlyst",
    name: "Skovlyst",
    alias: "skovlyst",
    country: "DK",
    tier: "mid",
    focus: ["backpack", "water-bottle", "yoga-mat", "sleeping-pad"],
    description: {
      sv: "Skovlyst från Århus gör ryggsäckar och tillbehör med ett enkelt, skandinaviskt formspråk.",
      nb: "Skovlyst fra Aarhus lager sekker og tilbehør med et enkelt, skandinavisk formspråk.",
    },
  },
  {
    key: "vesterhav",
    name: "Vesterhav",
    alias: "vesterhav",
    country: "DK",
    tier: "mid",
    focus: ["shell-jacket", "softshell-jacket", "beanie", "fleece"],
    description: {
      sv: "Vesterhav gör vind- och vattentäta plagg för promenader längs den danska västkusten.",
      nb: "Vesterhav lager vind- og vanntette plagg for turer langs den danske vestkysten.",
    },
  },
  {
    key: "bogely",
    name: "Bøgely",
    alias: "bogely",
    country: "DK",
    tier: "mid",
    focus: ["kids-overall", "beanie", "gloves"],
    description: {
      sv: "Bøgely designar färgglada och slitstarka barnkläder i Köpenhamn.",
      nb: "Bøgely designer fargerike og slitesterke barneklær i København.",
    },
  },
  {
    key: "lobehjerte",
    name: "Løbehjerte",
    alias: "lobehjerte",
    country: "DK",
    tier: "mid",
    focus: ["running-shoes", "socks", "t-shirt", "shorts"],
    description: {
      sv: "Løbehjerte startades av en grupp danska löpare som ville ha skor som klarar både asfalt och skogsstig.",
      nb: "Løbehjerte ble startet av en gjeng danske løpere som ville ha sko som tåler både asfalt og skogssti.",
    },
  },
  {
    key: "sund-styrke",
    name: "Sund Styrke",
    alias: "sund-styrke",
    country: "DK",
    tier: "mid",
    focus: ["protein-powder", "protein-bar", "recovery-drink"],
    description: {
      sv: "Sund Styrke gör proteinprodukter med korta ingredienslistor och dansk mjölk som bas.",
      nb: "Sund Styrke lager proteinprodukter med korte ingredienslister og dansk melk som basis.",
    },
  },

  // ------------------------------------------------------------------ Finland
  {
    key: "tykky",
    name: "Tykky",
    alias: "tykky",
    country: "FI",
    tier: "mid",
    focus: ["winter-jacket", "kids-overall", "winter-boots", "gloves", "beanie"],
    description: {
      sv: "Tykky är det finska ordet för snön som tynger ner granarna. Märket gör vinterkläder för riktigt kalla dagar.",
      nb: "Tykky er det finske ordet for snøen som tynger ned grantrærne. Merket lager vinterklær for skikkelig kalde dager.",
    },
  },
  {
    key: "havumetsa",
    name: "Havumetsä",
    alias: "havumetsa",
    country: "FI",
    tier: "mid",
    focus: ["tent", "sleeping-bag", "backpack"],
    description: {
      sv: "Havumetsä gör tält och ryggsäckar för vildmarksturer i de finska barrskogarna.",
      nb: "Havumetsä lager telt og sekker for villmarksturer i de finske barskogene.",
    },
  },
  {
    key: "latu-lumi",
    name: "Latu & Lumi",
    alias: "latu-lumi",
    country: "FI",
    tier: "mid",
    focus: ["skis", "ski-poles", "ski-goggles", "gloves"],
    description: {
      sv: "Latu & Lumi gör längdutrustning för skidåkare som gärna ger sig ut i spåret före frukost.",
      nb: "Latu & Lumi lager langrennsutstyr for skiløpere som gjerne tar en tur i løypa før frokost.",
    },
  },
  {
    key: "pakkasvalo",
    name: "Pakkasvalo",
    alias: "pakkasvalo",
    country: "FI",
    tier: "mid",
    focus: ["headlamp", "water-bottle"],
    description: {
      sv: "Pakkasvalo betyder ungefär ”frostljus” och gör pannlampor som klarar både kyla och mörker.",
      nb: "Pakkasvalo betyr omtrent «frostlys» og lager hodelykter som tåler både kulde og mørke.",
    },
  },
  {
    key: "aapa-active",
    name: "Aapa Active",
    alias: "aapa-active",
    country: "FI",
    tier: "mid",
    focus: ["tights", "yoga-mat", "foam-roller", "t-shirt", "resistance-band", "jump-rope"],
    description: {
      sv: "Aapa Active gör träningskläder och redskap för rörlighet, yoga och styrka.",
      nb: "Aapa Active lager treningsklær og utstyr for bevegelighet, yoga og styrke.",
    },
  },
  {
    key: "kestava",
    name: "Kestävä",
    alias: "kestava",
    country: "FI",
    tier: "mid",
    focus: ["sports-drink", "energy-gel", "recovery-drink"],
    description: {
      sv: "Kestävä betyder uthållig på finska, och märket gör sportdrycker och geler för långa lopp.",
      nb: "Kestävä betyr utholdende på finsk, og merket lager sportsdrikker og geler for lange løp.",
    },
  },

  // ------------------------------------------------------------------ Germany and Austria
  {
    key: "gratwerk",
    name: "Gratwerk",
    alias: "gratwerk",
    country: "DE",
    tier: "premium",
    focus: ["hiking-boots", "trekking-poles", "backpack", "shell-pants"],
    description: {
      sv: "Gratwerk från Allgäu gör robusta kängor och ryggsäckar för vandring i alpin terräng.",
      nb: "Gratwerk fra Allgäu lager robuste fjellsko og sekker for turer i alpint terreng.",
    },
  },
  {
    key: "hochkamm",
    name: "Hochkamm",
    alias: "hochkamm",
    country: "DE",
    tier: "mid",
    focus: ["tent", "sleeping-bag", "headlamp"],
    description: {
      sv: "Hochkamm har gjort tält i Bayern sedan 1970-talet och är känt för genomtänkta detaljer.",
      nb: "Hochkamm har laget telt i Bayern siden 1970-tallet og er kjent for gjennomtenkte detaljer.",
    },
  },
  {
    key: "felsenbach",
    name: "Felsenbach",
    alias: "felsenbach",
    country: "DE",
    tier: "mid",
    focus: ["fleece", "softshell-jacket", "hiking-pants"],
    description: {
      sv: "Felsenbach gör mångsidiga friluftskläder som fungerar lika bra i bergen som i vardagen.",
      nb: "Felsenbach lager allsidige friluftsklær som fungerer like godt i fjellet som i hverdagen.",
    },
  },
  {
    key: "firnwerk",
    name: "Firnwerk",
    alias: "firnwerk",
    country: "DE",
    tier: "premium",
    focus: ["ski-helmet", "ski-goggles", "gloves"],
    description: {
      sv: "Firnwerk utvecklar hjälmar och skidglasögon för alpin skidåkning, med säkerheten i fokus.",
      nb: "Firnwerk utvikler hjelmer og skibriller for alpin skikjøring, med sikkerheten i fokus.",
    },
  },
  {
    key: "eisenwille",
    name: "Eisenwille",
    alias: "eisenwille",
    country: "DE",
    tier: "budget",
    focus: ["resistance-band", "jump-rope", "foam-roller", "yoga-mat"],
    description: {
      sv: "Eisenwille gör prisvärda träningsredskap för dig som tränar hemma.",
      nb: "Eisenwille lager rimelig treningsutstyr for deg som trener hjemme.",
    },
  },
  {
    key: "laufkraft",
    name: "Laufkraft",
    alias: "laufkraft",
    country: "DE",
    tier: "budget",
    focus: ["energy-gel", "sports-drink"],
    description: {
      sv: "Laufkraft gör prisvärda geler och sportdrycker för löpare på alla nivåer.",
      nb: "Laufkraft lager rimelige geler og sportsdrikker for løpere på alle nivåer.",
    },
  },
  {
    key: "gipfelgrat",
    name: "Gipfelgrat",
    alias: "gipfelgrat",
    country: "AT",
    tier: "mid",
    focus: ["trekking-poles", "ski-poles", "headlamp"],
    description: {
      sv: "Österrikiska Gipfelgrat gör stavar och tillbehör för vandrare och skidåkare.",
      nb: "Østerrikske Gipfelgrat lager staver og tilbehør for turgåere og skiløpere.",
    },
  },

  // ------------------------------------------------------------------ Italy
  {
    key: "crestalta",
    name: "Crestalta",
    alias: "crestalta",
    country: "IT",
    tier: "premium",
    focus: ["hiking-boots", "winter-boots", "sandals"],
    description: {
      sv: "Crestalta tillverkar kängor i Montebelluna, skomakarstaden vid foten av Dolomiterna.",
      nb: "Crestalta produserer fjellsko i Montebelluna, skomakerbyen ved foten av Dolomittene.",
    },
  },
  {
    key: "valfonda",
    name: "Valfonda",
    alias: "valfonda",
    country: "IT",
    tier: "premium",
    focus: ["ski-helmet", "ski-goggles"],
    description: {
      sv: "Valfonda förenar italiensk design med modern säkerhetsteknik i hjälmar och skidglasögon.",
      nb: "Valfonda forener italiensk design med moderne sikkerhetsteknologi i hjelmer og skibriller.",
    },
  },
  {
    key: "rocciabianca",
    name: "Rocciabianca",
    alias: "rocciabianca",
    country: "IT",
    tier: "mid",
    focus: ["shell-jacket", "hiking-pants", "backpack", "softshell-jacket"],
    description: {
      sv: "Rocciabianca gör lätta och färgstarka plagg för klättring och vandring i Alperna.",
      nb: "Rocciabianca lager lette og fargesterke plagg for klatring og fjellturer i Alpene.",
    },
  },
  {
    key: "passolungo",
    name: "Passolungo",
    alias: "passolungo",
    country: "IT",
    tier: "mid",
    focus: ["running-shoes", "t-shirt", "shorts"],
    description: {
      sv: "Passolungo gör lätta löparskor med italiensk känsla för form och passform.",
      nb: "Passolungo lager lette løpesko med italiensk sans for form og passform.",
    },
  },
  {
    key: "vigore-alpino",
    name: "Vigore Alpino",
    alias: "vigore-alpino",
    country: "IT",
    tier: "mid",
    focus: ["energy-gel", "protein-bar"],
    description: {
      sv: "Vigore Alpino gör geler och proteinbars för långa dagar i bergen.",
      nb: "Vigore Alpino lager geler og proteinbarer for lange dager i fjellet.",
    },
  },

  // ------------------------------------------------------------------ United States
  {
    key: "cedar-fork",
    name: "Cedar Fork",
    alias: "cedar-fork",
    country: "US",
    tier: "mid",
    focus: ["backpack", "water-bottle", "headlamp", "tent"],
    description: {
      sv: "Cedar Fork startade i Colorado och gör slitstarka ryggsäckar och tillbehör för vildmarken.",
      nb: "Cedar Fork startet i Colorado og lager slitesterke sekker og tilbehør for villmarken.",
    },
  },
  {
    key: "timberloft",
    name: "Timberloft",
    alias: "timberloft",
    country: "US",
    tier: "premium",
    focus: ["sleeping-bag", "down-jacket", "sleeping-pad"],
    description: {
      sv: "Timberloft har specialiserat sig på dun och gör lätta sovsäckar och dunjackor.",
      nb: "Timberloft har spesialisert seg på dun og lager lette soveposer og dunjakker.",
    },
  },
  {
    key: "ridgewell-athletics",
    name: "Ridgewell Athletics",
    alias: "ridgewell-athletics",
    country: "US",
    tier: "mid",
    focus: ["running-shoes", "shorts", "t-shirt", "tights", "resistance-band", "jump-rope"],
    description: {
      sv: "Ridgewell Athletics gör träningskläder och löparskor för vardagsmotionären.",
      nb: "Ridgewell Athletics lager treningsklær og løpesko for hverdagsmosjonisten.",
    },
  },
  {
    key: "granite-creek",
    name: "Granite Creek Nutrition",
    alias: "granite-creek-nutrition",
    country: "US",
    tier: "budget",
    focus: ["protein-powder", "creatine"],
    description: {
      sv: "Granite Creek Nutrition gör prisvärda basprodukter för styrketräning, som vassleprotein och kreatin.",
      nb: "Granite Creek Nutrition lager rimelige basisprodukter for styrketrening, som myseprotein og kreatin.",
    },
  },
];

export const BRAND_BY_KEY: ReadonlyMap<string, Brand> = new Map(BRANDS.map((b) => [b.key, b]));

/** The brand for a key; throws for an unknown key. */
export function getBrand(key: string): Brand {
  const brand = BRAND_BY_KEY.get(key);
  if (!brand) throw new RangeError(`Unknown brand "${key}"`);
  return brand;
}

/** The brands that make a kind, in list order. */
export function brandsForKind(kind: ProductKindKey): Brand[] {
  return BRANDS.filter((b) => b.focus.includes(kind));
}
