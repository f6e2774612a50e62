import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSISTED_STORE_DEFAULTS } from "#api/persisted-store.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 10, items 9 and 8: CORS on /graphql answers only the configured origins (CORS_ORIGINS, PUBLIC_URL), and
 * automatic persisted queries are bounded by bytes (a large query runs but is not kept).
 */
const ALLOWED = "https://butikk.example";
const PUBLIC = "https://mili.example";
const EVIL = "https://evil.example";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ CORS_ORIGINS: ALLOWED, PUBLIC_URL: `${PUBLIC}/` });
});
afterAll(async () => {
  await shop?.close();
});

function preflight(origin: string) {
  return fetch(`${shop.origin}/graphql`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-apikey",
    },
  });
}

function post(origin: string) {
  return fetch(`${shop.origin}/graphql`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", "x-apikey": API_KEY },
    body: JSON.stringify({ query: "{ channels { channelId } }" }),
  });
}

describe("CORS on /graphql", () => {
  it("gives a foreign origin no CORS headers, on the preflight or the request (no reflected origin, no credentials)", async () => {
    for (const response of [await preflight(EVIL), await post(EVIL)]) {
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/Origin/);
    }
    // "null" (sandboxed frames, file:) is not an origin to trust either.
    const sandboxed = await post("null");
    expect(sandboxed.headers.get("access-control-allow-origin")).toBeNull();
  });

  it.each([
    ["CORS_ORIGINS", ALLOWED],
    ["PUBLIC_URL", PUBLIC],
  ])("allows an origin named by %s, with credentials", async (_name, origin) => {
    const pre = await preflight(origin);
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe(origin);
    expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
    expect(pre.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/x-apikey/);
    const answer = await post(origin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    expect(answer.headers.get("vary")).toMatch(/Origin/);
  });
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}

describe("automatic persisted queries", () => {
  it("keeps a query of ordinary size", async () => {
    const query = "query Kept { channels { channelId defaultMarketId } }";
    const extensions = { persistedQuery: { version: 1, sha256Hash: await sha256(query) } };
    expect((await gql(shop.origin, { query, extensions })).body.data.channels).toHaveLength(2);
    expect((await gql(shop.origin, { extensions })).body.data.channels).toHaveLength(2);
  });

  it("runs a query larger than the per-query bound but does not keep it", async () => {
    const padding = "x".repeat(PERSISTED_STORE_DEFAULTS.maxQueryBytes);
    const query = `query Large { product(alias: "${padding}") { name } }`;
    const extensions = { persistedQuery: { version: 1, sha256Hash: await sha256(query) } };
    const first = await gql(shop.origin, { query, extensions });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ product: null });
    const byHash = await gql(shop.origin, { extensions });
    expect(byHash.body.errors?.[0]?.message).toBe("PersistedQueryNotFound");
  });
});
