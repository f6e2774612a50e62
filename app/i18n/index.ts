import type { Lang } from "../lib/locale.ts";
import { type MessageKey as BaseKey, nb } from "./nb.ts";
import { shellMessages } from "./shell.ts";
import { sv } from "./sv.ts";

export type MessageKey = BaseKey | keyof typeof shellMessages.nb;
export const catalogs: Record<Lang, Record<MessageKey, string>> = {
  nb: { ...nb, ...shellMessages.nb },
  sv: { ...sv, ...shellMessages.sv },
};

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const translators = new Map<Lang, Translate>();

/**
 * A translator for one language: t("price.was", { price: "1 299 kr" }). One function per language, made once:
 * components get the same `t` on every render, so it can sit in memo and effect dependencies.
 */
export function translator(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    const catalog = catalogs[lang];
    t = (key, params) => {
      const message = catalog[key];
      return params && message.includes("{")
        ? message.replace(/\{(\w+)\}/g, (whole, name: string) =>
            name in params ? String(params[name]) : whole,
          )
        : message;
    };
    translators.set(lang, t);
  }
  return t;
}
