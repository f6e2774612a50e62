import { describe, expect, it } from "vitest";
import { ConfigError, DEV_API_KEY, parseConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults for a newcomer", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.PGLITE_DIR).toBe("var/db");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.apiKey).toBe(DEV_API_KEY);
    expect(c.MARKET_IN_PATH).toBe(false);
    expect(c.DOMAINS.size).toBe(0);
  });

  it("reads PORT, DOMAINS and MARKET_IN_PATH", () => {
    const c = parseConfig({ PORT: "8080", DOMAINS: "nb|mili.no, sv|Mili.SE", MARKET_IN_PATH: "true" });
    expect(c.PORT).toBe(8080);
    expect(Object.fromEntries(c.DOMAINS)).toEqual({ "mili.no": "nb", "mili.se": "sv" });
    expect(c.MARKET_IN_PATH).toBe(true);
  });

  it("stops production start-up when API_KEY or AUTH_SECRET is missing, naming it", () => {
    expect(() => parseConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).toThrow(/API_KEY/);
    expect(() => parseConfig({ NODE_ENV: "production", API_KEY: "k" })).toThrow(/AUTH_SECRET/);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    const ok = parseConfig({ NODE_ENV: "production", API_KEY: "k", AUTH_SECRET: "x".repeat(32) });
    expect(ok.apiKey).toBe("k");
  });

  it("refuses malformed values with a message that names the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DOMAINS: "fr|mili.fr" })).toThrow(/DOMAINS/);
    expect(() => parseConfig({ GRAPHQL_URL: "not a url" })).toThrow(/GRAPHQL_URL/);
  });

  it("reads CORS_ORIGINS as origins (none by default), adding PUBLIC_URL's origin", () => {
    expect(parseConfig({}).corsOrigins).toEqual([]);
    const c = parseConfig({
      CORS_ORIGINS: "https://butikk.example, http://localhost:5173/",
      PUBLIC_URL: "https://mili.example/shop",
    });
    expect(c.corsOrigins).toEqual([
      "https://butikk.example",
      "http://localhost:5173",
      "https://mili.example",
    ]);
    expect(() => parseConfig({ CORS_ORIGINS: "https://butikk.example/path" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig({ CORS_ORIGINS: "*" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig({ CORS_ORIGINS: "null" })).toThrow(/CORS_ORIGINS/);
  });
});
