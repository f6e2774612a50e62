/** The modules scripts/message-catalogs.ts makes at build time (see app/i18n/load.ts). */
declare module "virtual:mili-messages/nb" {
  const catalog: import("./index.ts").Catalog;
  export default catalog;
}
declare module "virtual:mili-messages/sv" {
  const catalog: import("./index.ts").Catalog;
  export default catalog;
}
/** The built chunk of each language's catalog (its URL under /assets), for the server to preload; empty in dev. */
declare module "virtual:mili-messages/chunks" {
  const chunks: Partial<Record<import("../lib/locale.ts").Lang, string>>;
  export default chunks;
}
