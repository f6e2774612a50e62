import type { Lang } from "../lib/locale.ts";
import { type Catalog, hasCatalog, provideCatalog } from "./index.ts";

/**
 * The browser's catalogs: each language's every-page messages are a chunk of their own (a JSON module made at
 * build time by scripts/message-catalogs.ts), loaded for the page's language before hydration
 * (entry.client.tsx; the server preloads that chunk in the page's head) and for the other language only if a
 * client-side navigation goes there.
 */
const chunks: Record<Lang, () => Promise<{ default: Catalog }>> = {
  nb: () => import("virtual:mili-messages/nb"),
  sv: () => import("virtual:mili-messages/sv"),
};

const loading = new Map<Lang, Promise<void>>();

/** Loads a language's catalog (once) and gives it to translator(). The same promise for the same language. */
export function loadCatalog(lang: Lang): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = hasCatalog(lang)
      ? Promise.resolve()
      : chunks[lang]().then((module) => provideCatalog(lang, module.default));
    loading.set(lang, promise);
    // A failed load (the network) may be tried again.
    promise.catch(() => loading.delete(lang));
  }
  return promise;
}
