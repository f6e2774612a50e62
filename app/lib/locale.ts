/** The storefront's languages: Norwegian at the root, Swedish under /sv (or each on its own domain). */
export type Lang = "nb" | "sv";

export const LANGS = {
  nb: { lang: "nb", languageId: "nb-NO", channelId: "2|no", defaultMarket: "no", prefix: "" },
  sv: { lang: "sv", languageId: "sv-SE", channelId: "1|se", defaultMarket: "se", prefix: "/sv" },
} as const;

export type LangInfo = (typeof LANGS)[Lang];

/** The page's language: from its host when DOMAINS maps hosts, otherwise from the /sv prefix. */
export function langOf(url: URL, domains: Record<string, Lang>): Lang {
  const byHost = domains[url.hostname.toLowerCase()];
  if (byHost) return byHost;
  // Client navigations load data from "/sv.data" or "/sv/_.data": the language is in the page's path.
  const path = url.pathname.replace(/(\/_)?\.data$/, "") || "/";
  return path === "/sv" || path.startsWith("/sv/") ? "sv" : "nb";
}

/** A path in a language: "/kassen" stays, Swedish gets "/sv" unless the host already says Swedish. */
export function localizedPath(lang: Lang, path: string, domains: Record<string, Lang> = {}): string {
  const usesDomains = Object.keys(domains).length > 0;
  const prefix = usesDomains ? "" : LANGS[lang].prefix;
  if (path === "/") return prefix || "/";
  return `${prefix}${path}`;
}
