/**
 * The product kinds the local image generator draws (services/images/art.ts). The seed names product images
 * after these kinds (db/seed/vocabulary); other kinds borrow one of them or are drawn as a parcel. One list
 * here, because db/ may not import services/.
 */
export const DRAWN_KINDS = [
  "shell-jacket",
  "down-jacket",
  "winter-jacket",
  "fleece",
  "hiking-pants",
  "base-layer",
  "t-shirt",
  "running-shoes",
  "hiking-boots",
  "winter-boots",
  "sandals",
  "socks",
  "beanie",
  "gloves",
  "backpack",
  "tent",
  "sleeping-bag",
  "headlamp",
  "water-bottle",
  "trekking-poles",
  "skis",
  "protein-powder",
  "protein-bar",
  "energy-gel",
  "sports-drink",
  "creatine",
  "recovery-drink",
] as const;

export type DrawnKind = (typeof DRAWN_KINDS)[number];
