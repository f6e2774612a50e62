import type { Lang } from "./locale.ts";

/**
 * Every screen of the storefront, once (its route module and layout: app/screen-routes.ts). `app/routes.ts` expands
 * this table into routes for each language (and
 * for the /{market}/{lang} prefix), and the locale middleware uses it to tell which language a localized path
 * belongs to. Paths are written without a language prefix; `localized` paths differ per language.
 */
export type Layout = "default" | "undistracted" | "authenticated" | "list";

export interface Screen {
  id: string;
  /** One path for both languages, or one per language. React Router path syntax. */
  path: string | Readonly<Record<Lang, string>>;
}

export const SCREENS = [
  { id: "home", path: "/" },
  { id: "not-found-page", path: "/404" },
  { id: "news", path: "/nyheter" },
  { id: "brands", path: { nb: "/varemerker", sv: "/varumarken" } },
  { id: "favorites", path: { nb: "/favoritter", sv: "/favoriter" } },
  { id: "preview-widgets", path: "/preview-widgets" },
  // Checkout: undistracted (route names contain "checkout").
  { id: "checkout", path: { nb: "/kassen", sv: "/kassan" } },
  { id: "checkout-confirm", path: "/checkout/confirm" },
  { id: "checkout-klarna-fail", path: "/checkout/klarna-fail" },
  // The newsletter e-mails' links (one file: the path says which).
  { id: "newsletter-confirm", path: "/newsletter/confirm" },
  { id: "newsletter-unsubscribe", path: "/newsletter/unsubscribe" },
  // An order by its public id (the e-mail's link): a guest's, private and never cached.
  { id: "order", path: "/order/:publicId" },
  // Account: protected.
  { id: "account", path: "/account" },
  { id: "account-orders", path: { nb: "/min-konto/bestillinger", sv: "/mina-sidor/ordrar" } },
  { id: "account-settings", path: { nb: "/min-konto/innstillinger", sv: "/mina-sidor/installningar" } },
  { id: "account-balance", path: { nb: "/min-konto/saldo", sv: "/mina-sidor/saldo" } },
  { id: "reset-password", path: "/account/reset-password" },
  // Products and packages.
  { id: "product", path: "/p/:alias" },
  { id: "product-c1", path: "/p/:a/:alias" },
  { id: "product-c2", path: "/p/:a/:b/:alias" },
  { id: "package", path: "/pp/:alias" },
  { id: "package-c1", path: "/pp/:a/:alias" },
  { id: "package-c2", path: "/pp/:a/:b/:alias" },
  { id: "product-any", path: "/product/:alias?" },
  // Lists.
  { id: "list-category", path: "/c/:category" },
  { id: "list-category-parent", path: "/c/:parent/:category" },
  { id: "list-brand", path: "/b/*" },
  { id: "list-campaign", path: "/dc/*" },
  { id: "list-search", path: "/s/:search?" },
  { id: "list-l", path: "/l/*" },
  { id: "list-list", path: "/list/:alias?" },
  // Content, the catch-all last.
  { id: "content", path: "/content/:alias?" },
  { id: "content-alias", path: "/:alias" },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof SCREENS)[number]["id"];

/** A screen's path in a language (without any prefix). */
export function screenPath(screen: Screen, lang: Lang): string {
  return typeof screen.path === "string" ? screen.path : screen.path[lang];
}

/** A screen's path in a language, by its id ("/" for an unknown id). */
export function screenHref(id: string, lang: Lang): string {
  const screen = SCREENS.find((s) => s.id === id);
  return screen ? screenPath(screen, lang) : "/";
}

/** The localized screen a path (without prefix) names in the other language, e.g. /kassan seen on a nb page. */
export function localizedScreenFor(path: string): { screen: Screen; lang: Lang } | null {
  for (const screen of SCREENS) {
    if (typeof screen.path === "string") continue;
    for (const lang of ["nb", "sv"] as const) if (screen.path[lang] === path) return { screen, lang };
  }
  return null;
}
