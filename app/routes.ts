import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import type { Lang } from "./lib/locale.ts";
import { type Layout, SCREENS, type Screen, type ScreenId } from "./lib/screens.ts";
import { SCREEN_ROUTES } from "./screen-routes.ts";

/**
 * The localized route table, built from the screen table (lib/screens.ts), once per URL shape:
 * - no prefix: Norwegian, and Swedish on a host that DOMAINS maps to Swedish (both languages' localized paths);
 * - /sv: Swedish;
 * - /{market}/{lang}: multi-market mode (MARKET_IN_PATH); the locale middleware refuses it otherwise.
 * Which language a request is in, and whether its prefix is allowed, is decided at run time by the locale
 * middleware in root.tsx; the route table only makes every legal URL match its screen.
 */
const VARIANTS: { key: string; prefix: string; langs: Lang[] }[] = [
  { key: "root", prefix: "", langs: ["nb", "sv"] },
  { key: "sv", prefix: "sv", langs: ["sv"] },
  { key: "market", prefix: ":market/:lang", langs: ["nb", "sv"] },
];

const LAYOUT_FILES: Record<Layout, string> = {
  default: "layouts/default.tsx",
  undistracted: "layouts/undistracted.tsx",
  authenticated: "layouts/authenticated.tsx",
  list: "layouts/list.tsx",
};

function join(prefix: string, path: string) {
  return [prefix, path.replace(/^\//, "")].filter(Boolean).join("/");
}

function routesFor(variant: (typeof VARIANTS)[number], screen: Screen & { id: ScreenId }) {
  const [file] = SCREEN_ROUTES[screen.id];
  const paths =
    typeof screen.path === "string"
      ? [{ path: screen.path, id: `${variant.key}.${screen.id}` }]
      : variant.langs.map((lang) => ({
          path: (screen.path as Record<Lang, string>)[lang],
          id: `${variant.key}.${screen.id}.${lang}`,
        }));
  return paths.map(({ path, id }) => {
    const full = join(variant.prefix, path);
    return full === "" ? index(file, { id }) : route(full, file, { id });
  });
}

export default [
  ...VARIANTS.flatMap((variant) =>
    (Object.keys(LAYOUT_FILES) as Layout[]).map((name) =>
      layout(
        LAYOUT_FILES[name],
        { id: `${variant.key}.layout-${name}` },
        SCREENS.filter((s) => SCREEN_ROUTES[s.id][1] === name).flatMap((s) => routesFor(variant, s)),
      ),
    ),
  ),
  route("api/newsletter", "routes/api.newsletter.ts", { id: "api-newsletter" }),
  route("sv/api/newsletter", "routes/api.newsletter.ts", { id: "sv.api-newsletter" }),
  route(":market/:lang/api/newsletter", "routes/api.newsletter.ts", { id: "market.api-newsletter" }),
  route("api/auth", "routes/api.auth.ts", { id: "api-auth" }),
  route("sv/api/auth", "routes/api.auth.ts", { id: "sv.api-auth" }),
  route(":market/:lang/api/auth", "routes/api.auth.ts", { id: "market.api-auth" }),
  route("api/products", "routes/api.products.ts", { id: "api-products" }),
  route("sv/api/products", "routes/api.products.ts", { id: "sv.api-products" }),
  route(":market/:lang/api/products", "routes/api.products.ts", { id: "market.api-products" }),
  route("api/related", "routes/api.related.ts", { id: "api-related" }),
  route("sv/api/related", "routes/api.related.ts", { id: "sv.api-related" }),
  route(":market/:lang/api/related", "routes/api.related.ts", { id: "market.api-related" }),
  route("api/price-history", "routes/api.price-history.ts", { id: "api-price-history" }),
  route("sv/api/price-history", "routes/api.price-history.ts", { id: "sv.api-price-history" }),
  route(":market/:lang/api/price-history", "routes/api.price-history.ts", { id: "market.api-price-history" }),
  route("api/cart", "routes/api.cart.ts", { id: "api-cart" }),
  route("sv/api/cart", "routes/api.cart.ts", { id: "sv.api-cart" }),
  route(":market/:lang/api/cart", "routes/api.cart.ts", { id: "market.api-cart" }),
  // The back office (decision 0037): its own tree, not localized; each route its own chunk, so no shopper's page
  // loads any of it.
  route("admin/sign-in", "admin/sign-in.tsx", { id: "admin-sign-in" }),
  route("admin/sign-out", "admin/sign-out.ts", { id: "admin-sign-out" }),
  route("admin/language", "admin/language.ts", { id: "admin-language" }),
  route("admin/customers/:customerId/export", "admin/customer-export.ts", { id: "admin-customer-export" }),
  route("admin/content-images", "admin/content-images.ts", { id: "admin-content-images" }),
  route("admin", "admin/layout.tsx", { id: "admin" }, [
    index("admin/dashboard.tsx", { id: "admin-dashboard" }),
    route("moderation", "admin/moderation.tsx", { id: "admin-moderation" }),
    route("security", "admin/security.tsx", { id: "admin-security" }),
    route("orders", "admin/orders.tsx", { id: "admin-orders" }),
    route("orders/:orderId", "admin/order.tsx", { id: "admin-order" }),
    route("orders/:orderId/packing-slip", "admin/packing-slip.tsx", { id: "admin-packing-slip" }),
    route("customers", "admin/customers.tsx", { id: "admin-customers" }),
    route("customers/:customerId", "admin/customer.tsx", { id: "admin-customer" }),
    route("products", "admin/products.tsx", { id: "admin-products" }),
    route("products/new", "admin/product-new.tsx", { id: "admin-product-new" }),
    route("products/images", "admin/product-images.tsx", { id: "admin-product-images" }),
    route("products/:productId", "admin/product.tsx", { id: "admin-product" }),
    route("categories", "admin/categories.tsx", { id: "admin-categories" }),
    route("categories/:categoryId", "admin/category.tsx", { id: "admin-category" }),
    route("brands", "admin/brands.tsx", { id: "admin-brands" }),
    route("brands/:brandId", "admin/brand.tsx", { id: "admin-brand" }),
    route("parameter-groups", "admin/parameter-groups.tsx", { id: "admin-parameter-groups" }),
    route("catalog/export", "admin/catalog-export.tsx", { id: "admin-catalog-export" }),
    route("catalog/import", "admin/catalog-import.tsx", { id: "admin-catalog-import" }),
    route("campaigns", "admin/campaigns.tsx", { id: "admin-campaigns" }),
    route("campaigns/new", "admin/campaign-new.tsx", { id: "admin-campaign-new" }),
    route("campaigns/:campaignId", "admin/campaign.tsx", { id: "admin-campaign" }),
    route("promo-codes", "admin/promo-codes.tsx", { id: "admin-promo-codes" }),
    route("promo-codes/new", "admin/promo-code-new.tsx", { id: "admin-promo-code-new" }),
    route("promo-codes/:promoCodeId", "admin/promo-code.tsx", { id: "admin-promo-code" }),
    route("gift-cards", "admin/gift-cards.tsx", { id: "admin-gift-cards" }),
    route("gift-cards/:giftCardId", "admin/gift-card.tsx", { id: "admin-gift-card" }),
    route("content", "admin/content-pages.tsx", { id: "admin-content-pages" }),
    route("content/new", "admin/content-page.tsx", { id: "admin-content-page-new" }),
    route("content/:pageKey", "admin/content-page.tsx", { id: "admin-content-page" }),
    route("widgets", "admin/widgets.tsx", { id: "admin-widgets" }),
    route("widgets/new", "admin/widget.tsx", { id: "admin-widget-new" }),
    route("widgets/:widgetId", "admin/widget.tsx", { id: "admin-widget" }),
    route("menus", "admin/menus.tsx", { id: "admin-menus" }),
    route("menus/:locationId", "admin/menu.tsx", { id: "admin-menu" }),
    route("users", "admin/users.tsx", { id: "admin-users" }),
    route("audit", "admin/audit.tsx", { id: "admin-audit" }),
    route("settings", "admin/settings-markets.tsx", { id: "admin-settings" }),
    route("settings/vat", "admin/settings-vat.tsx", { id: "admin-settings-vat" }),
    route("settings/shipping", "admin/settings-shipping.tsx", { id: "admin-settings-shipping" }),
    route("settings/payments", "admin/settings-payments.tsx", { id: "admin-settings-payments" }),
    route("settings/theme", "admin/settings-theme.tsx", { id: "admin-settings-theme" }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
