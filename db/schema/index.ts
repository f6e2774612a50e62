export * from "./admin.ts";
export * from "./catalog.ts";
export * from "./commerce.ts";
export * from "./content.ts";
export * from "./customers.ts";
export * from "./markets.ts";
export * from "./sandbox.ts";
