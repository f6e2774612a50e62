import type { Lang } from "./locale.ts";

/**
 * Every screen of the storefront, once. `app/routes.ts` expands this table into routes for each language (and
 * for the /{market}/{lang} prefix), and the locale middleware uses it to tell which language a localized path
 * belongs to. Paths are written without a language prefix; `localized` paths differ per language.
 */
export type Layout = "default" | "undistracted" | "authenticated" | "list";

export interface Screen {
  id: string;
  file: string;
  layout: Layout;
  /** One path for both languages, or one per language. React Router path syntax. */
  path: string | Record<Lang, string>;
}

export const SCREENS: Screen[] = [
  { id: "home", file: "routes/home.tsx", layout: "default", path: "/" },
  { id: "not-found-page", file: "routes/not-found-page.tsx", layout: "default", path: "/404" },
  { id: "news", file: "routes/news.tsx", layout: "list", path: "/nyheter" },
  {
    id: "brands",
    file: "routes/brands.tsx",
    layout: "default",
    path: { nb: "/varemerker", sv: "/varumarken" },
  },
  {
    id: "favorites",
    file: "routes/favorites.tsx",
    layout: "default",
    path: { nb: "/favoritter", sv: "/favoriter" },
  },
  { id: "preview-widgets", file: "routes/preview-widgets.tsx", layout: "default", path: "/preview-widgets" },
  // Checkout: undistracted (route names contain "checkout").
  {
    id: "checkout",
    file: "routes/checkout.tsx",
    layout: "undistracted",
    path: { nb: "/kassen", sv: "/kassan" },
  },
  {
    id: "checkout-confirm",
    file: "routes/checkout-confirm.tsx",
    layout: "undistracted",
    path: "/checkout/confirm",
  },
  {
    id: "checkout-klarna-fail",
    file: "routes/checkout-failed.tsx",
    layout: "undistracted",
    path: "/checkout/klarna-fail",
  },
  // An order by its public id (the e-mail's link): a guest's, private and never cached.
  { id: "order", file: "routes/order.tsx", layout: "default", path: "/order/:publicId" },
  // Account: protected.
  { id: "account", file: "routes/account.tsx", layout: "authenticated", path: "/account" },
  {
    id: "account-orders",
    file: "routes/account-orders.tsx",
    layout: "authenticated",
    path: { nb: "/min-konto/bestillinger", sv: "/mina-sidor/ordrar" },
  },
  {
    id: "account-settings",
    file: "routes/account-settings.tsx",
    layout: "authenticated",
    path: { nb: "/min-konto/innstillinger", sv: "/mina-sidor/installningar" },
  },
  {
    id: "account-balance",
    file: "routes/account-balance.tsx",
    layout: "authenticated",
    path: { nb: "/min-konto/saldo", sv: "/mina-sidor/saldo" },
  },
  {
    id: "reset-password",
    file: "routes/reset-password.tsx",
    layout: "default",
    path: "/account/reset-password",
  },
  // Products and packages.
  { id: "product", file: "routes/product.tsx", layout: "default", path: "/p/:alias" },
  { id: "product-c1", file: "routes/product.tsx", layout: "default", path: "/p/:a/:alias" },
  { id: "product-c2", file: "routes/product.tsx", layout: "default", path: "/p/:a/:b/:alias" },
  { id: "package", file: "routes/product.tsx", layout: "default", path: "/pp/:alias" },
  { id: "package-c1", file: "routes/product.tsx", layout: "default", path: "/pp/:a/:alias" },
  { id: "package-c2", file: "routes/product.tsx", layout: "default", path: "/pp/:a/:b/:alias" },
  { id: "product-any", file: "routes/product-by-alias.tsx", layout: "default", path: "/product/:alias?" },
  // Lists.
  { id: "list-category", file: "routes/list.tsx", layout: "list", path: "/c/:category" },
  { id: "list-category-parent", file: "routes/list.tsx", layout: "list", path: "/c/:parent/:category" },
  { id: "list-brand", file: "routes/list.tsx", layout: "list", path: "/b/*" },
  { id: "list-campaign", file: "routes/list.tsx", layout: "list", path: "/dc/*" },
  { id: "list-search", file: "routes/search.tsx", layout: "list", path: "/s/:search?" },
  { id: "list-l", file: "routes/list.tsx", layout: "list", path: "/l/*" },
  { id: "list-list", file: "routes/list.tsx", layout: "list", path: "/list/:alias?" },
  // Content, the catch-all last.
  { id: "content", file: "routes/content.tsx", layout: "default", path: "/content/:alias?" },
  { id: "content-alias", file: "routes/content.tsx", layout: "default", path: "/:alias" },
];

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
