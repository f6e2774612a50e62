import type { Layout, ScreenId } from "./lib/screens.ts";

/**
 * Each screen's route module and layout (app/routes.ts): kept apart from the screen table (lib/screens.ts), which
 * the browser needs for paths, so that no page carries the route files' names.
 */
export const SCREEN_ROUTES: Record<ScreenId, readonly [file: string, layout: Layout]> = {
  home: ["routes/home.tsx", "default"],
  "not-found-page": ["routes/not-found-page.tsx", "default"],
  news: ["routes/news.tsx", "list"],
  brands: ["routes/brands.tsx", "default"],
  favorites: ["routes/favorites.tsx", "default"],
  "preview-widgets": ["routes/preview-widgets.tsx", "default"],
  checkout: ["routes/checkout.tsx", "undistracted"],
  "checkout-confirm": ["routes/checkout-confirm.tsx", "undistracted"],
  "checkout-klarna-fail": ["routes/checkout-failed.tsx", "undistracted"],
  "newsletter-confirm": ["routes/newsletter-link.tsx", "default"],
  "newsletter-unsubscribe": ["routes/newsletter-link.tsx", "default"],
  order: ["routes/order.tsx", "default"],
  account: ["routes/account.tsx", "authenticated"],
  "account-orders": ["routes/account-orders.tsx", "authenticated"],
  "account-settings": ["routes/account-settings.tsx", "authenticated"],
  "account-balance": ["routes/account-balance.tsx", "authenticated"],
  "reset-password": ["routes/reset-password.tsx", "default"],
  product: ["routes/product.tsx", "default"],
  "product-c1": ["routes/product.tsx", "default"],
  "product-c2": ["routes/product.tsx", "default"],
  package: ["routes/product.tsx", "default"],
  "package-c1": ["routes/product.tsx", "default"],
  "package-c2": ["routes/product.tsx", "default"],
  "product-any": ["routes/product-by-alias.tsx", "default"],
  "list-category": ["routes/list.tsx", "list"],
  "list-category-parent": ["routes/list.tsx", "list"],
  "list-brand": ["routes/list.tsx", "list"],
  "list-campaign": ["routes/list.tsx", "list"],
  "list-search": ["routes/search.tsx", "list"],
  "list-l": ["routes/list.tsx", "list"],
  "list-list": ["routes/list.tsx", "list"],
  content: ["routes/content.tsx", "default"],
  "content-alias": ["routes/content.tsx", "default"],
};
