import type { Rng } from "./vocabulary/index.ts";

type Bi = { sv: string; nb: string };

/** Review texts by star rating, in both languages. */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, Bi[]> = {
  5: [
    {
      sv: "Superbra! Precis som beskrivet och riktigt skön att använda.",
      nb: "Kjempebra! Akkurat som beskrevet og veldig behagelig å bruke.",
    },
    {
      sv: "Har använt den hela hösten, håller måttet i alla väder.",
      nb: "Har brukt den hele høsten, holder mål i all slags vær.",
    },
    {
      sv: "Snabb leverans och toppenkvalitet. Köper gärna igen.",
      nb: "Rask levering og toppkvalitet. Kjøper gjerne igjen.",
    },
  ],
  4: [
    {
      sv: "Mycket nöjd, men storleken är lite liten – välj en storlek större.",
      nb: "Veldig fornøyd, men størrelsen er litt liten – velg en størrelse større.",
    },
    {
      sv: "Bra kvalitet för priset. Fick vänta någon dag extra på leveransen.",
      nb: "God kvalitet for prisen. Måtte vente en ekstra dag på leveransen.",
    },
  ],
  3: [
    { sv: "Helt okej, gör sitt jobb men inget extra.", nb: "Helt grei, gjør jobben men ikke noe mer." },
    {
      sv: "Bra material men passformen passade inte mig.",
      nb: "Godt materiale, men passformen passet ikke meg.",
    },
  ],
  2: [
    { sv: "Tyvärr inte så tålig som jag hoppats.", nb: "Dessverre ikke så slitesterk som jeg hadde håpet." },
  ],
  1: [
    {
      sv: "Gick sönder efter två veckor, fick returnera.",
      nb: "Gikk i stykker etter to uker, måtte returnere.",
    },
  ],
};

export const REVIEW_AUTHORS: Bi[] = [
  { sv: "Anna", nb: "Ingrid" },
  { sv: "Erik", nb: "Lars" },
  { sv: "Maja", nb: "Sofie" },
  { sv: "Johan", nb: "Ole" },
  { sv: "Elin", nb: "Kari" },
  { sv: "Oskar", nb: "Magnus" },
];

export function reviewRating(r: Rng): 1 | 2 | 3 | 4 | 5 {
  return r.weighted([
    [5, 45],
    [4, 30],
    [3, 13],
    [2, 7],
    [1, 5],
  ] as const);
}
