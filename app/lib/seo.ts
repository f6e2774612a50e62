import { translator } from "../i18n/index.ts";
import type { Lang } from "./locale.ts";
import { hrefInLanguage, type PageLocale } from "./page-locale.ts";
import { SCREENS, screenPath } from "./screens.ts";

export interface Alternate {
  lang: Lang;
  /** Path without any prefix. */
  path: string;
}

const LANGUAGE_ID: Record<Lang, string> = { nb: "nb-NO", sv: "sv-SE" };

/**
 * Title, description, canonical link and hreflang alternates for a page (React Router meta descriptors). A page
 * without a description of its own gets the site's, so every page has exactly one.
 */
export function pageMeta(opts: {
  title: string;
  description?: string | null;
  locale: PageLocale;
  origin: string;
  /** The page's own path in each language; the current language's entry is the canonical URL. */
  alternates: Alternate[];
  noindex?: boolean;
}) {
  const canonical = opts.alternates.find((a) => a.lang === opts.locale.lang);
  return [
    { title: opts.title },
    { name: "description", content: opts.description || translator(opts.locale.lang)("site.description") },
    ...(opts.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(canonical
      ? [
          {
            tagName: "link",
            rel: "canonical",
            href: hrefInLanguage(opts.locale, canonical.lang, canonical.path, opts.origin),
          },
        ]
      : []),
    ...opts.alternates.map((a) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: LANGUAGE_ID[a.lang],
      href: hrefInLanguage(opts.locale, a.lang, a.path, opts.origin),
    })),
  ];
}

/** Turns the API's alternative URLs ({languageId, url}) into alternates. */
export function alternatesFromApi(list: { languageId: string; url: string }[]): Alternate[] {
  const byId: Record<string, Lang> = { "nb-NO": "nb", "sv-SE": "sv" };
  return list.flatMap((a): Alternate[] => {
    const lang = byId[a.languageId];
    return lang ? [{ lang, path: a.url }] : [];
  });
}

/** The same path in both languages (shared routes such as /nyheter or /p/…). */
export function samePathAlternates(path: string): Alternate[] {
  return [
    { lang: "nb", path },
    { lang: "sv", path },
  ];
}

/** A screen's own path in each language, from the screen table (lib/screens.ts). */
export function screenAlternates(id: string): Alternate[] {
  const screen = SCREENS.find((s) => s.id === id);
  if (!screen) throw new Error(`Unknown screen "${id}"`);
  return (["nb", "sv"] as const).map((lang) => ({ lang, path: screenPath(screen, lang) }));
}
