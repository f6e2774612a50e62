/** Content: menus, content pages and widgets (decision 0038); the merchant's side is in admin.ts. */
export * from "./admin.ts";
export * from "./menus.ts";
export * from "./pages.ts";
export * from "./widget-config.ts";
export * from "./widgets.ts";
