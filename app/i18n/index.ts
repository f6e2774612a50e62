import { use } from "react";
import type { Lang } from "../lib/locale.ts";
import type { MessageKey as BaseKey } from "./nb.ts";
import type { shellMessages } from "./shell.ts";

/**
 * The every-page messages (decision 0036). The texts live in catalogs.ts (both languages, for the server and the
 * tests); this module only holds the catalogs it has been given: the server gives it both (entry.server.tsx
 * imports catalogs.ts), the browser only the page's language, a chunk of its own (load.ts, built by
 * scripts/message-catalogs.ts) that entry.client.tsx loads before hydrating. So a Norwegian page never
 * downloads the Swedish texts, and a translator is still a plain synchronous function.
 */
export type MessageKey = BaseKey | keyof typeof shellMessages.nb;
export type Catalog = Readonly<Record<MessageKey, string>>;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const provided: Partial<Record<Lang, Catalog>> = {};
const translators = new Map<Lang, Translate>();
let source: ((lang: Lang) => Promise<void>) | undefined;

/** Makes one language's catalog available to translator(). */
export function provideCatalog(lang: Lang, catalog: Catalog): void {
  if (provided[lang] === catalog) return;
  provided[lang] = catalog;
  translators.delete(lang);
}

/** Whether translator(lang) can translate now. */
export function hasCatalog(lang: Lang): boolean {
  return provided[lang] !== undefined;
}

/** Where a catalog not yet given comes from (the browser's entry sets its loader; see useCatalog). */
export function setCatalogSource(load: (lang: Lang) => Promise<void>): void {
  source = load;
}

/**
 * Waits (suspends) until the language's catalog is there. The page's own language always is (loaded before
 * hydration); this only waits when a client-side navigation lands on a page in the other language, and React
 * keeps showing the page before until the texts have come.
 */
export function useCatalog(lang: Lang): void {
  if (!hasCatalog(lang) && source) use(source(lang));
}

/** Whether the catalog of a language has a message under this key (a value from the API, for one). */
export function hasMessage(lang: Lang, key: string): key is MessageKey {
  const catalog = provided[lang];
  return catalog !== undefined && key in catalog;
}

/**
 * A translator for one language: t("price.was", { price: "1 299 kr" }). One function per language, made once:
 * components get the same `t` on every render, so it can sit in memo and effect dependencies.
 */
export function translator(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    const catalog = provided[lang];
    if (!catalog) throw new Error(`the ${lang} messages are not loaded (app/i18n/load.ts)`);
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
