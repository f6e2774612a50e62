/**
 * Product art: a small, deterministic flat illustration (SVG) drawn from an image file name.
 *
 * File names look like `{kind}-{productId}-{n}-{colourHex}.jpg`, e.g. `shell-jacket-1042-1-1f3a5f.jpg`.
 * `n` picks the view: 1 front, 2 back view / other angle, 3 close-up detail (then it cycles).
 * The SVG is 1200×1200, uses no text or fonts, and is pure: the same name always gives the same bytes.
 */

import { DRAWN_KINDS, type DrawnKind } from "#domain/drawn-kinds.ts";

export const PRODUCT_KINDS = DRAWN_KINDS;

export type ProductKind = DrawnKind;

export interface ParsedImageName {
  /** Kebab-case product kind as written in the name (may be a kind without a dedicated drawing). */
  kind: string;
  productId: number;
  /** Image number, 1-based. */
  n: number;
  /** Lower-case `#rrggbb`. */
  colour: string;
  /** The file name without its `.jpg` extension, used for cache paths. */
  baseName: string;
}

export class InvalidImageNameError extends Error {
  readonly fileName: string;
  constructor(fileName: string, reason: string) {
    super(`Invalid product image name "${fileName.slice(0, 120)}": ${reason}`);
    this.name = "InvalidImageNameError";
    this.fileName = fileName;
  }
}

const MAX_NAME_LENGTH = 160;
// kind: kebab-case segments starting with a letter; product id and n without leading zeros; 6 hex digits.
const NAME_RE = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)-(0|[1-9]\d{0,11})-([1-9]\d{0,3})-([0-9a-fA-F]{6})\.jpg$/;

/** Parses a canonical product image file name; throws `InvalidImageNameError` when it is not one. */
export function parseImageName(fileName: string): ParsedImageName {
  if (typeof fileName !== "string" || fileName.length === 0) {
    throw new InvalidImageNameError(String(fileName), "empty");
  }
  if (fileName.length > MAX_NAME_LENGTH) throw new InvalidImageNameError(fileName, "too long");
  const m = NAME_RE.exec(fileName);
  if (!m) throw new InvalidImageNameError(fileName, "expected {kind}-{productId}-{n}-{rrggbb}.jpg");
  const [, kind = "", id = "", n = "", hex = ""] = m;
  return {
    kind,
    productId: Number(id),
    n: Number(n),
    colour: `#${hex.toLowerCase()}`,
    baseName: fileName.slice(0, -".jpg".length),
  };
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

function mix(hex: string, target: number, amount: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => {
    const c = (v >> shift) & 0xff;
    return Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

interface Palette {
  /** Product colour. */
  c: string;
  /** Darker shade (trims, cuffs, soles). */
  d: string;
  /** Lighter shade (highlights, pockets). */
  l: string;
  /** Outline colour. */
  o: string;
}

const WHITE = "#fbfaf7";
const INK = "#2f3338";
const METAL = "#aeb6bd";

// ---------------------------------------------------------------------------------------------
// Tiny SVG element helpers (attribute order fixed, integers only, so output is stable and small)

const P = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
/** A stroke-only path (inherits the outline stroke unless `stroke` is given). */
const L = (d: string, stroke?: string, width?: number) =>
  `<path d="${d}" fill="none"${stroke ? ` stroke="${stroke}"` : ""}${width ? ` stroke-width="${width}"` : ""}/>`;
const R = (x: number, y: number, w: number, h: number, r: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${r ? ` rx="${r}"` : ""} fill="${fill}"/>`;
const E = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
const G = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

/** Repeats a path fragment `count` times with `f(i)` (for ribs, lugs, baffles). */
const rep = (count: number, f: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => f(i)).join("");

// ---------------------------------------------------------------------------------------------
// Drawings. Each draws into the 1200×1200 box, product roughly within 150..1050, floor at ~1060.

interface Drawing {
  draw: (p: Palette, back: boolean) => string;
  /** Whether `back` gives a real back view; otherwise view 2 is an angled/mirrored shot. */
  hasBack?: boolean;
  /** Centre of the close-up used for view 3. */
  focus: readonly [number, number];
}

type JacketStyle = "shell" | "down" | "winter" | "fleece";

function jacket(style: JacketStyle): Drawing {
  return {
    hasBack: true,
    focus: style === "fleece" ? [600, 380] : [600, 330],
    draw: (p, back) => {
      const hem = style === "winter" ? 1040 : 960;
      const hooded = style !== "fleece";
      const fur = "#ece6da";
      let s = "";
      if (hooded && !back) s += P("M470 330Q450 160 600 140Q750 160 730 330Q600 380 470 330Z", p.c);
      // sleeves and cuffs
      s += P("M455 315L330 360Q270 380 255 450L215 800L325 815L380 520Z", p.c);
      s += P("M745 315L870 360Q930 380 945 450L985 800L875 815L820 520Z", p.c);
      s += P("M215 800L325 815L318 870L208 855Z", p.d) + P("M985 800L875 815L882 870L992 855Z", p.d);
      // body
      const flare = style === "winter" ? 30 : 15;
      s += P(
        `M455 300Q600 350 745 300L830 380L${785 + flare * 2} ${hem}L${415 - flare * 2} ${hem}L370 380Z`,
        p.c,
      );
      if (style === "down") {
        s += L(
          `${rep(5, (i) => `M372 ${470 + i * 100}Q600 ${500 + i * 100} 828 ${470 + i * 100}`)}M250 560L360 575M232 690L345 705M980 560L840 575M968 690L855 705`,
          p.d,
          8,
        );
      }
      if (style === "fleece") {
        s += P("M520 305L530 240L670 240L680 305Q600 345 520 305Z", p.d);
        if (!back) s += L("M600 330V580", p.o, 10) + R(588, 560, 24, 50, 6, METAL);
        s += L(`M380 ${hem - 60}H820`, p.d, 10);
      }
      if (hooded) {
        if (back) {
          s += P("M480 300Q460 180 600 170Q740 180 720 300Q720 430 600 455Q480 430 480 300Z", p.c);
          s += L("M600 175V450", p.d, 8);
          if (style === "winter") s += L("M490 250Q600 150 710 250", fur, 36);
        } else {
          if (style === "winter") s += E(600, 255, 98, 108, fur);
          s += E(600, 258, 72, 82, p.d);
          s += L(`M600 345V${hem}`, p.o, 10) + R(588, 400, 24, 50, 6, METAL);
          if (style === "shell") s += L("M640 440L750 420M430 700L470 830M770 700L730 830", p.d, 10);
          if (style === "winter") s += R(400, 640, 150, 130, 20, p.d) + R(650, 640, 150, 130, 20, p.d);
        }
      }
      return s;
    },
  };
}

const pants: Drawing = {
  hasBack: true,
  focus: [600, 360],
  draw: (p, back) =>
    P("M430 200L770 200L800 990L650 990L600 460L550 990L400 990Z", p.c) +
    R(425, 185, 350, 60, 12, p.d) +
    rep(5, (i) => R(450 + i * 70, 190, 16, 70, 4, p.o)) +
    (back
      ? R(455, 290, 120, 110, 16, p.d) + R(625, 290, 120, 110, 16, p.d)
      : L("M600 245V440M445 255Q500 300 490 360M755 255Q700 300 710 360", p.o, 8) +
        R(410, 540, 100, 150, 16, p.d) +
        R(690, 540, 100, 150, 16, p.d)) +
    L("M410 930H548M652 930H792", p.d, 10),
};

const tshirt: Drawing = {
  hasBack: true,
  focus: [600, 330],
  draw: (p, back) =>
    P(
      "M470 260Q600 320 730 260L900 330L960 500L850 545L810 470L810 960L390 960L390 470L350 545L240 500L300 330Z",
      p.c,
    ) +
    P(back ? "M490 262Q600 300 710 262Q600 285 490 262Z" : "M490 262Q600 370 710 262Q600 310 490 262Z", p.d) +
    L("M250 480L345 520M950 480L855 520M392 920H808", p.d, 8),
};

const baseLayer: Drawing = {
  hasBack: true,
  focus: [600, 320],
  draw: (p, back) =>
    P(
      "M480 260Q600 310 720 260L830 310L960 840L880 865L780 460L780 960L420 960L420 460L320 865L240 840L370 310Z",
      p.c,
    ) +
    P(back ? "M500 262Q600 295 700 262Q600 280 500 262Z" : "M500 262Q600 350 700 262Q600 300 500 262Z", p.d) +
    L("M470 280L425 470M730 280L775 470M600 350V950", p.d, 8) +
    R(248, 830, 70, 40, 10, p.d) +
    R(882, 830, 70, 40, 10, p.d),
};

const runningShoes: Drawing = {
  focus: [600, 560],
  draw: (p) =>
    P(
      "M250 730L262 540Q270 500 320 500Q380 510 420 470L520 470Q600 520 700 560Q860 600 930 650Q975 690 960 730Z",
      p.c,
    ) +
    P("M420 700Q560 560 790 615Q600 625 470 705Z", p.l) +
    P("M230 730L975 730Q985 800 920 810L290 810Q225 805 230 730Z", WHITE) +
    P("M262 810L928 810Q915 840 880 842L300 842Q268 838 262 810Z", p.d) +
    L(
      "M262 545Q300 525 330 565Q370 610 420 565M530 490L560 530M575 500L605 545M620 515L650 560M665 530L695 575",
      p.o,
      10,
    ),
};

const hikingBoots: Drawing = {
  focus: [520, 470],
  draw: (p) =>
    P(
      "M280 740L300 330Q310 290 360 290L520 300L540 470Q620 520 720 560Q880 600 930 650Q975 700 960 740Z",
      p.c,
    ) +
    P("M760 575Q900 600 940 660Q970 700 960 740L740 740Q760 660 760 575Z", p.d) +
    L("M300 600Q500 640 720 640", p.d, 10) +
    P("M250 740L975 740L965 810L262 810Z", INK) +
    rep(9, (i) => R(275 + i * 76, 805, 46, 32, 6, INK)) +
    rep(4, (i) => E(535 - i * 5, 330 + i * 45, 14, 14, METAL)) +
    L("M470 320L530 365M470 365L530 410M475 410L532 455", p.o, 10),
};

const winterBoots: Drawing = {
  focus: [460, 300],
  draw: (p) =>
    P("M320 760L330 250L580 250L590 520Q700 560 860 600Q950 630 950 760Z", p.c) +
    R(300, 170, 310, 120, 55, "#efe9de") +
    P("M700 580Q880 600 930 660Q955 710 950 760L690 760Q700 660 700 580Z", p.d) +
    P("M290 760L970 760L965 870L300 870Z", INK) +
    L("M310 840H960", p.o, 8) +
    rep(4, (i) => E(590, 330 + i * 50, 13, 13, METAL)) +
    L("M520 310L590 350M520 360L590 400M520 410L590 450", p.o, 10),
};

function sandal(p: Palette): string {
  return (
    P(
      "M600 200Q720 200 730 370Q735 520 700 640Q690 760 720 900Q720 1010 600 1010Q480 1010 480 900Q510 760 500 640Q465 520 470 370Q480 200 600 200Z",
      "#e6d8c0",
    ) +
    R(460, 330, 280, 70, 30, p.c) +
    R(470, 520, 260, 70, 30, p.c) +
    R(470, 830, 260, 60, 26, p.d) +
    E(600, 365, 22, 22, METAL)
  );
}

const sandals: Drawing = {
  focus: [430, 400],
  draw: (p) => G("translate(-170 0)", sandal(p)) + G("matrix(-1 0 0 1 1370 0)", sandal(p)),
};

const socks: Drawing = {
  hasBack: true,
  focus: [600, 260],
  draw: (p, back) =>
    P(
      "M470 150L720 150L720 640Q720 700 760 740L900 850Q960 900 910 960Q870 1010 800 970L560 820Q470 760 470 660Z",
      p.c,
    ) +
    R(460, 140, 270, 130, 16, p.d) +
    L(
      rep(7, (i) => `M${490 + i * 35} 160V255`),
      p.o,
      6,
    ) +
    P("M470 640Q470 760 560 820L600 760Q540 720 540 640Z", p.d) +
    P("M850 870Q960 900 910 960Q870 1010 800 970Z", p.d) +
    (back ? R(470, 380, 250, 60, 0, p.l) : R(470, 420, 250, 40, 0, p.l)),
};

const beanie: Drawing = {
  hasBack: true,
  focus: [600, 520],
  draw: (p, back) =>
    P("M330 700Q330 330 600 320Q870 330 870 700Z", p.c) +
    (back ? "" : L("M600 330V650M460 360Q430 500 440 650M740 360Q770 500 760 650", p.d, 8)) +
    R(300, 640, 600, 200, 40, p.d) +
    L(
      rep(14, (i) => `M${340 + i * 40} 665V815`),
      p.o,
      6,
    ) +
    E(600, 300, 100, 95, p.l) +
    (back ? "" : R(560, 700, 80, 80, 12, WHITE)),
};

const gloves: Drawing = {
  hasBack: true,
  focus: [600, 420],
  draw: (p, back) =>
    G("rotate(-35 360 620)", R(320, 470, 90, 280, 45, p.c)) +
    R(420, 280, 84, 330, 42, p.c) +
    R(510, 210, 84, 400, 42, p.c) +
    R(600, 230, 84, 380, 42, p.c) +
    R(690, 300, 80, 310, 40, p.c) +
    R(410, 470, 370, 420, 100, p.c) +
    (back
      ? L("M450 560H750M450 620H750", p.d, 10)
      : R(460, 560, 270, 220, 50, p.d) + L("M470 330V420M560 260V420M650 280V420M735 350V420", p.d, 8)) +
    R(420, 860, 350, 170, 30, p.d) +
    L("M430 905H760M430 985H760", p.o, 6),
};

const backpack: Drawing = {
  hasBack: true,
  focus: [600, 560],
  draw: (p, back) => {
    let s = P("M380 360Q330 600 350 900L400 900Q380 600 420 360Z", p.d);
    s += P("M820 360Q870 600 850 900L800 900Q820 600 780 360Z", p.d);
    s += L("M540 250Q600 170 660 250", p.o, 16);
    s += R(360, 260, 480, 740, 140, p.c);
    if (back) {
      s += R(430, 330, 340, 560, 80, p.d);
      s += P("M470 300Q430 600 480 900L545 900Q500 600 535 300Z", INK);
      s += P("M730 300Q770 600 720 900L655 900Q700 600 665 300Z", INK);
      s += R(460, 620, 280, 40, 10, INK);
    } else {
      s += P("M360 400Q360 250 600 240Q840 250 840 400L840 450L360 450Z", p.d);
      s += R(470, 420, 34, 160, 10, INK) + R(696, 420, 34, 160, 10, INK);
      s += R(440, 640, 320, 300, 60, p.l);
      s += L("M460 700H740", p.o, 8) + R(700, 690, 20, 40, 4, METAL);
      s += R(360, 560, 40, 24, 0, INK) + R(800, 560, 40, 24, 0, INK);
    }
    return s;
  },
};

const tent: Drawing = {
  focus: [600, 700],
  draw: (p) =>
    L("M280 620L110 900M920 620L1090 900", "#7b7f84", 5) +
    P("M200 900Q260 420 600 330Q940 420 1000 900Z", p.c) +
    P("M320 900Q380 520 600 420Q500 600 470 900Z", p.l) +
    L("M230 880Q600 200 970 880", p.d, 10) +
    P("M470 900Q480 600 600 560Q720 600 730 900Z", p.d) +
    L("M600 570V900", p.o, 8) +
    L("M110 900L100 870M1090 900L1100 870", INK, 10),
};

const sleepingBag: Drawing = {
  hasBack: true,
  focus: [600, 330],
  draw: (p, back) =>
    P("M600 140Q780 140 790 330L760 960Q750 1060 600 1060Q450 1060 440 960L410 330Q420 140 600 140Z", p.c) +
    L(
      rep(6, (i) => `M${425 + i * 3} ${470 + i * 95}Q600 ${505 + i * 95} ${775 - i * 3} ${470 + i * 95}`),
      p.d,
      8,
    ) +
    (back
      ? L("M600 160V1050", p.d, 8)
      : E(600, 290, 125, 115, p.d) + E(600, 300, 80, 70, INK) + L("M745 380L718 900", p.l, 10)),
};

const headlamp: Drawing = {
  focus: [600, 700],
  draw: (p) =>
    `<circle cx="600" cy="760" r="300" fill="#fff1a8" fill-opacity=".6" stroke="none"/>` +
    `<ellipse cx="600" cy="520" rx="380" ry="220" fill="none" stroke="${p.c}" stroke-width="60"/>` +
    L("M250 420Q600 120 950 420", p.d, 40) +
    R(460, 650, 280, 220, 60, INK) +
    E(600, 760, 80, 80, "#fff6c8") +
    L("M550 680H650", METAL, 12) +
    R(470, 820, 50, 36, 10, p.c),
};

const waterBottle: Drawing = {
  hasBack: false,
  focus: [600, 300],
  draw: (p) =>
    L("M600 170Q590 80 680 95Q750 115 705 185", p.o, 18) +
    R(530, 160, 140, 120, 24, INK) +
    P("M470 390Q470 290 560 270L640 270Q730 290 730 390Z", p.c) +
    R(460, 340, 280, 710, 90, p.c) +
    R(500, 420, 40, 500, 20, p.l) +
    L("M470 640H730M470 680H730M470 720H730", p.d, 8),
};

function pole(p: Palette): string {
  return (
    R(-14, 120, 28, 880, 14, METAL) +
    R(-40, 80, 80, 250, 36, p.c) +
    L("M-30 95Q-120 220 -25 290", p.d, 16) +
    R(-20, 560, 40, 34, 6, p.d) +
    E(0, 930, 75, 20, p.d) +
    P("M-12 1000L0 1060L12 1000Z", INK)
  );
}

const trekkingPoles: Drawing = {
  focus: [560, 260],
  draw: (p) =>
    G("translate(520 0) rotate(-7 0 600)", pole(p)) + G("translate(680 0) rotate(7 0 600)", pole(p)),
};

function ski(p: Palette): string {
  return (
    P(
      "M-60 1040Q-48 640 -60 260Q-60 130 0 100Q60 130 60 260Q48 640 60 1040Q60 1080 0 1080Q-60 1080 -60 1040Z",
      p.c,
    ) +
    P("M-20 200L20 200L24 1040L-24 1040Z", p.l) +
    R(-46, 540, 92, 190, 20, INK) +
    R(-30, 500, 60, 40, 10, METAL)
  );
}

const skis: Drawing = {
  focus: [520, 560],
  draw: (p) => G("translate(510 0) rotate(-6 0 600)", ski(p)) + G("translate(690 0) rotate(6 0 600)", ski(p)),
};

const proteinPowder: Drawing = {
  hasBack: true,
  focus: [600, 620],
  draw: (p, back) =>
    P("M370 380L830 380L815 985Q815 1025 775 1025L425 1025Q385 1025 385 985Z", p.c) +
    R(340, 300, 520, 110, 30, p.d) +
    L("M360 330H840", p.o, 6) +
    R(378, 520, 444, 340, 0, WHITE) +
    (back
      ? rep(6, (i) => R(430, 560 + i * 45, 340, 14, 6, i % 2 ? "#c9c9c4" : "#dcdcd6"))
      : P("M378 760L822 640L822 860L378 860Z", p.c) +
        R(430, 570, 300, 40, 20, INK) +
        R(430, 630, 180, 24, 12, p.d) +
        E(730, 600, 40, 40, p.l)),
};

const creatine: Drawing = {
  hasBack: true,
  focus: [600, 560],
  draw: (p, back) =>
    R(430, 400, 340, 620, 40, WHITE) +
    R(410, 290, 380, 140, 30, p.c) +
    L(
      rep(9, (i) => `M${440 + i * 40} 305V415`),
      p.d,
      6,
    ) +
    R(430, 560, 340, 300, 0, back ? "#e7e7e2" : p.c) +
    (back
      ? rep(5, (i) => R(470, 600 + i * 45, 260, 14, 6, "#bcbcb6"))
      : G("rotate(-30 600 700)", R(520, 660, 160, 80, 40, WHITE) + R(600, 660, 80, 80, 0, p.l))) +
    G("rotate(25 900 980)", R(860, 960, 90, 44, 22, WHITE)) +
    G("rotate(-15 300 990)", R(260, 970, 90, 44, 22, WHITE)),
};

const proteinBar: Drawing = {
  focus: [450, 600],
  draw: (p) =>
    G(
      "rotate(-12 600 600)",
      R(180, 480, 840, 240, 10, p.c) +
        P("M180 720L560 480L700 480L320 720Z", p.l) +
        R(130, 470, 80, 260, 8, p.d) +
        R(990, 470, 80, 260, 8, p.d) +
        L(
          rep(4, (i) => `M${145 + i * 16} 480V720M${1005 + i * 16} 480V720`),
          p.o,
          4,
        ) +
        R(640, 540, 300, 40, 20, WHITE) +
        R(640, 600, 180, 26, 13, WHITE),
    ),
};

const energyGel: Drawing = {
  focus: [600, 450],
  draw: (p) =>
    G(
      "rotate(-8 600 650)",
      P("M390 300H810V1000H390V450L410 435L390 420Z", p.c) +
        R(390, 300, 420, 70, 0, p.d) +
        R(390, 940, 420, 60, 0, p.d) +
        L(
          rep(10, (i) => `M${410 + i * 42} 305V365M${410 + i * 42} 945V995`),
          p.o,
          4,
        ) +
        R(700, 420, 70, 480, 35, p.l) +
        E(570, 660, 130, 150, WHITE) +
        P("M570 560Q640 650 640 700A70 70 0 0 1 500 700Q500 650 570 560Z", p.d),
    ),
};

const sportsDrink: Drawing = {
  hasBack: true,
  focus: [600, 280],
  draw: (p, back) =>
    R(570, 150, 60, 80, 16, INK) +
    R(530, 210, 140, 100, 20, INK) +
    P(
      "M470 420Q470 360 520 340L540 300L660 300L680 340Q730 360 730 420L730 560Q700 600 730 640L730 1000Q730 1040 690 1040L510 1040Q470 1040 470 1000L470 640Q500 600 470 560Z",
      p.c,
    ) +
    R(472, 660, 256, 230, 0, WHITE) +
    (back
      ? rep(4, (i) => R(500, 700 + i * 40, 200, 14, 6, "#c9c9c4"))
      : P("M472 800Q540 740 600 790Q660 840 728 780L728 890L472 890Z", p.c) + E(600, 720, 45, 30, p.d)) +
    R(500, 420, 30, 200, 15, p.l),
};

const recoveryDrink: Drawing = {
  hasBack: true,
  focus: [600, 380],
  draw: (p, back) =>
    P("M420 420L780 420L740 1020L460 1020Z", "#e7eef2") +
    P("M436 640L764 640L740 1020L460 1020Z", p.c) +
    (back ? "" : L("M700 520H750M705 600H755M710 680H760M715 760H765", p.o, 6)) +
    R(400, 330, 400, 110, 30, p.d) +
    P("M520 330L540 250L620 250L640 330Z", p.d) +
    L("M640 270Q700 250 700 320", p.o, 14),
};

const parcel: Drawing = {
  focus: [600, 480],
  draw: (p) =>
    P("M600 300L900 430L600 560L300 430Z", p.l) +
    P("M300 430L600 560L600 920L300 790Z", p.c) +
    P("M900 430L600 560L600 920L900 790Z", p.d) +
    P("M420 360L480 335L780 465L720 490Z", "#e9dcc0") +
    P("M720 490L780 465L780 540L720 565Z", "#d8c7a4"),
};

const DRAWINGS: Record<ProductKind, Drawing> = {
  "shell-jacket": jacket("shell"),
  "down-jacket": jacket("down"),
  "winter-jacket": jacket("winter"),
  fleece: jacket("fleece"),
  "hiking-pants": pants,
  "base-layer": baseLayer,
  "t-shirt": tshirt,
  "running-shoes": runningShoes,
  "hiking-boots": hikingBoots,
  "winter-boots": winterBoots,
  sandals,
  socks,
  beanie,
  gloves,
  backpack,
  tent,
  "sleeping-bag": sleepingBag,
  headlamp,
  "water-bottle": waterBottle,
  "trekking-poles": trekkingPoles,
  skis,
  "protein-powder": proteinPowder,
  "protein-bar": proteinBar,
  "energy-gel": energyGel,
  "sports-drink": sportsDrink,
  creatine,
  "recovery-drink": recoveryDrink,
};

function drawingFor(kind: string): Drawing {
  return Object.hasOwn(DRAWINGS, kind) ? DRAWINGS[kind as ProductKind] : parcel;
}

const BACKGROUNDS = ["#f4f1ec", "#eef2f5", "#f1f4ee", "#f6efee", "#f2f0f7", "#f5f3e9"] as const;

/** Draws the product illustration for a canonical image file name. Throws `InvalidImageNameError`. */
export function productArtSvg(fileName: string): string {
  const { kind, productId, n, colour } = parseImageName(fileName);
  const drawing = drawingFor(kind);
  const p: Palette = { c: colour, d: mix(colour, 0, 0.3), l: mix(colour, 255, 0.35), o: mix(colour, 0, 0.6) };
  const view = (n - 1) % 3;
  const bg =
    view === 2 ? mix(colour, 255, 0.9) : (BACKGROUNDS[(productId + view) % BACKGROUNDS.length] ?? "#f4f1ec");

  let art = drawing.draw(p, view === 1 && drawing.hasBack === true);
  let floor = `<ellipse cx="600" cy="1070" rx="380" ry="38" fill="#000" fill-opacity=".07"/>`;
  if (view === 1 && !drawing.hasBack) {
    // No back view: show it mirrored and slightly turned instead.
    art = G("matrix(-1 0 0 1 1200 0) rotate(-6 600 600)", art);
  } else if (view === 2) {
    const [fx, fy] = drawing.focus;
    art = G(`translate(600 600) scale(1.7) translate(-${fx} -${fy})`, art);
    floor = "";
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">` +
    `<rect width="1200" height="1200" fill="${bg}"/>${floor}` +
    `<g stroke="${p.o}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">${art}</g></svg>`
  );
}
