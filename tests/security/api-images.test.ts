import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 10, item 5: the image endpoint renders only names the catalog has, so a stranger cannot make the server
 * draw (and keep) pictures of products that do not exist; the render line is bounded.
 */
let shop: Shop;
let cacheDir: string;
beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), "mili-image-cache-"));
  shop = await startShop({ IMAGE_CACHE_DIR: cacheDir });
});
afterAll(async () => {
  await shop?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

function cachedFiles(): string[] {
  return readdirSync(cacheDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function catalogImages(take: number): Promise<string[]> {
  const r = await gql(shop.origin, {
    query: `{ products(take: ${take}) { products { productImages { fileName } } } }`,
  });
  return r.body.data.products.products.flatMap((p: { productImages: { fileName: string }[] }) =>
    p.productImages.map((i) => i.fileName),
  );
}

describe("product images", () => {
  it("answers 404 for the probe's name, renders nothing and keeps nothing", async () => {
    const r = await fetch(`${shop.origin}/images/product/1280/a-999999999999-9999-ffffff.jpg`, {
      headers: { accept: "image/avif" },
    });
    expect(r.status).toBe(404);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(cachedFiles()).toEqual([]);
  });

  it("answers 404 to 150 made-up names (unknown products, and known products with another number or colour)", async () => {
    const [real = ""] = await catalogImages(1);
    const [, kind, id] = /^(.+)-(\d+)-\d+-[0-9a-f]{6}\.jpg$/.exec(real) ?? [];
    const names = Array.from({ length: 150 }, (_, i) =>
      i % 3 === 0
        ? `a-${900_000 + i}-1-ffffff.jpg`
        : i % 3 === 1
          ? `${kind}-${id}-${50 + i}-ffffff.jpg`
          : `${kind}-${id}-1-${i.toString(16).padStart(6, "0")}.jpg`,
    ).filter((name) => name !== real);
    for (const name of names) {
      const r = await fetch(`${shop.origin}/images/product/1280/${name}`, {
        headers: { accept: "image/avif" },
      });
      expect(r.status).toBe(404);
    }
    expect(cachedFiles()).toEqual([]);
  });

  it("renders the catalog's own images, and answers 200 or 503 with Retry-After when many arrive at once", async () => {
    const names = (await catalogImages(40)).slice(0, 40);
    expect(names.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      names.map(async (name) => {
        const r = await fetch(`${shop.origin}/images/product/1280/${name.replace(/\.jpg$/, ".avif")}`);
        return {
          status: r.status,
          retryAfter: r.headers.get("retry-after"),
          bytes: (await r.arrayBuffer()).byteLength,
        };
      }),
    );
    const served = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(served.length + busy.length).toBe(answers.length);
    expect(served.length).toBeGreaterThan(0);
    for (const a of served) expect(a.bytes).toBeGreaterThan(0);
    for (const a of busy) expect(a.retryAfter).toBe("1");
    expect(cachedFiles().length).toBe(served.length);
  });
});
