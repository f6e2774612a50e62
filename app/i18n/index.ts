import type { Lang } from "../lib/locale.ts";
import { type MessageKey, nb } from "./nb.ts";
import { sv } from "./sv.ts";

export type { MessageKey };
export const catalogs: Record<Lang, Record<MessageKey, string>> = { nb, sv };

/** A translator for one language: t("price.was", { price: "1 299 kr" }). */
export function translator(lang: Lang) {
  const catalog = catalogs[lang];
  return (key: MessageKey, params?: Record<string, string | number>) =>
    catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

export type Translate = ReturnType<typeof translator>;
