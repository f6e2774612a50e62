import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnreachableError } from "#db/client.ts";
import { productImages } from "#db/schema/index.ts";
import { start } from "#server/main.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("operations endpoints", () => {
  it("answers /healthz, /readyz and /metrics", async () => {
    const health = await fetch(`${shop.origin}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${shop.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
    await fetch(`${shop.origin}/graphql`, { method: "POST" });
    expect((await fetch(`${shop.origin}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${shop.origin}/metrics`, {
      headers: { authorization: `Bearer ${shop.config.metricsToken}` },
    });
    expect(metrics.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/^# HELP http_request_duration_seconds/m);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="graphql",status="4xx"\} \d+/,
    );
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });
});

describe("connections", () => {
  it("keeps an idle connection 65 s, longer than a proxy in front keeps its own (60 s)", async () => {
    const keepAlive = await new Promise<unknown>((resolve, reject) => {
      const req = request(
        `${shop.origin}/healthz`,
        { agent: false, headers: { connection: "keep-alive" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["keep-alive"]));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(keepAlive).toBe("timeout=65");
  });
});

describe("security headers", () => {
  it("sends a nonce-based CSP, no framing, a referrer policy and a request id", async () => {
    const response = await fetch(`${shop.origin}/healthz`, { headers: { "x-request-id": "abc-123" } });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("uses a new nonce for every response", async () => {
    const nonce = async () =>
      (await fetch(`${shop.origin}/healthz`)).headers
        .get("content-security-policy")
        ?.match(/nonce-([^']+)/)?.[1];
    expect(await nonce()).not.toBe(await nonce());
  });

  it("sends HSTS behind an HTTPS proxy when told to trust it", async () => {
    const proxied = await startShop({ TRUST_PROXY: "true" });
    try {
      const response = await fetch(`${proxied.origin}/healthz`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe("start-up and shutdown", () => {
  it("finishes in-flight requests on shutdown, then closes the database", async () => {
    const own = await startShop();
    // A large AVIF image of the catalog is rendered on demand: a request that is really in flight when the stop
    // begins.
    const [image] = await own.db.db.select({ fileName: productImages.fileName }).from(productImages).limit(1);
    // The stop begins once the server has the request (a fixed pause let a loaded machine stop it before the
    // request had even connected).
    const received = new Promise((resolve) => own.server.once("request", resolve));
    const inFlight = fetch(`${own.origin}/images/product/1280/${image?.fileName.replace(/\.jpg$/, ".avif")}`);
    await received;
    const stopping = own.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await stopping;
    await expect(own.db.ping()).rejects.toThrow();
  });

  it("runs PGlite with PGLITE_SHARED_BUFFERS (16MB unless told otherwise); PostgreSQL keeps its own setting", async () => {
    // PGlite answers { rows }, postgres.js the rows themselves.
    const sharedBuffers = async (s: Shop) => {
      const result: unknown = await s.db.db.execute(sql`show shared_buffers`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        shared_buffers: string;
      }[];
      return rows[0]?.shared_buffers;
    };
    const other = await startShop({ PGLITE_SHARED_BUFFERS: "24MB" });
    try {
      if (shop.db.kind === "pglite") {
        expect(await sharedBuffers(shop)).toBe("16MB");
        expect(await sharedBuffers(other)).toBe("24MB");
      } else expect(await sharedBuffers(other)).toBe(await sharedBuffers(shop));
      // The same catalog either way.
      const list = {
        query: `{ products(take: 50, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
          products { alias name unitPrice { sellingPriceIncVat } } } }`,
      };
      const answer = await gql(other.origin, list);
      expect(answer.body.data.products.products).toHaveLength(50);
      expect(answer).toEqual(await gql(shop.origin, list));
    } finally {
      await other.close();
    }
  });

  it("seeds a new PGlite folder in a child process: the same catalog as a seed in the test's process", {
    timeout: 900_000,
  }, async () => {
    const list = {
      query: `{ products(take: 80, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
        products { alias name unitPrice { sellingPriceIncVat } skus { skuId stock { totalStock } } } } }`,
    };
    const dir = mkdtempSync(join(tmpdir(), "mili-child-seed-"));
    // With DATABASE_URL the shop gets a new PostgreSQL database instead and seeds it in its process.
    const fresh = await startShop({ PGLITE_DIR: join(dir, "db"), SEED_PRODUCTS: "80" });
    try {
      if (fresh.db.kind === "pglite") expect(existsSync(join(dir, "db", "PG_VERSION"))).toBe(true);
      const answer = await gql(fresh.origin, list);
      expect(answer.body.data.products.products).toHaveLength(80);
      // The shop of this file started on a template seeded in the test's process (tests/support/db-template.ts).
      expect(answer).toEqual(await gql(shop.origin, list));
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops with a message naming DATABASE_URL when the database cannot be reached", async () => {
    const attempt = start({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await expect(attempt).rejects.toThrow(/DATABASE_URL/);
  });

  it("refuses to start with a malformed setting, naming it, and exits non-zero", () => {
    const result = spawnSync(process.execPath, ["server/main.ts"], {
      env: { PATH: process.env.PATH, RATE_LIMITS: "made.up=5/60", PORT: "0" },
      encoding: "utf8",
      // Loading the server's modules is most of it: 30 s was not enough beside a busy CI's other suite.
      timeout: 100_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/RATE_LIMITS.*unknown limit "made.up"/);
  });
});
