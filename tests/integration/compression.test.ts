import { existsSync, readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body as it came off the wire, chunk by chunk. */
  chunks: Buffer[];
}

/** A request with node:http, so the body stays as sent (fetch would decode it). */
function raw(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), chunks }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(r: Raw): string {
  const encoding = r.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(r.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(r.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return r.body.toString("utf8");
}

const vary = (r: Raw) =>
  String(r.headers.vary ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase());

describe("compression", () => {
  let shop: Shop;
  beforeAll(async () => {
    buildIfNeeded();
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("sends pages br, gzip or plain by Accept-Encoding, all decoding to the same HTML", async () => {
    const path = "/nyheter";
    // A page's first request is answered as rendered; its second is kept (decision 0085) and answered from the
    // entry, in the coding asked for.
    await raw(shop.origin, path, { "accept-encoding": "identity" });
    const first = await raw(shop.origin, path, { "accept-encoding": "gzip, deflate, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(vary(first)).toContain("accept-encoding");
    const html = decode(first);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toMatch(/<\/html>$/);
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(first.body.length).toBeLessThan(Buffer.byteLength(html) / 3);

    const gzip = await raw(shop.origin, path, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["x-cache"]).toBe("HIT");
    expect(decode(gzip)).toBe(html);

    const refusesBr = await raw(shop.origin, path, { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect(refusesBr.headers["content-encoding"]).toBe("gzip");

    const plain = await raw(shop.origin, path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(vary(plain)).toContain("accept-encoding");
    expect(decode(plain)).toBe(html);

    const identityOnly = await raw(shop.origin, path, { "accept-encoding": "identity" });
    expect(identityOnly.headers["content-encoding"]).toBeUndefined();
    expect(decode(identityOnly)).toBe(html);

    // The same rendering in every coding, so every coding carries the same (weak) ETag.
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gzip.headers.etag).toBe(first.headers.etag);
    expect(plain.headers.etag).toBe(first.headers.etag);
  });

  it("answers 304 to a matching If-None-Match, with the page's ETag and its CSP (the page's script hashes)", async () => {
    const path = "/varemerker";
    await raw(shop.origin, path, { "accept-encoding": "br" });
    const page = await raw(shop.origin, path, { "accept-encoding": "br" });
    const etag = String(page.headers.etag);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    for (const acceptEncoding of ["br", "gzip", ""]) {
      const again = await raw(shop.origin, path, {
        "accept-encoding": acceptEncoding,
        "if-none-match": etag,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(String(again.headers["content-security-policy"])).toBe(csp);
    }
    const other = await raw(shop.origin, path, {
      "accept-encoding": "br",
      "if-none-match": 'W/"something-else"',
    });
    expect(other.status).toBe(200);
    expect(decode(other)).toBe(decode(page));
  });

  it("streams pages that are not cached, compressed as they are rendered", async () => {
    const res = await raw(shop.origin, "/kassen", { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    // Each chunk is flushed: the first one on the wire already decodes to the start of the document.
    const decoder = createBrotliDecompress();
    const firstText = await new Promise<string>((resolve, reject) => {
      decoder.once("data", (d: Buffer) => resolve(d.toString("utf8")));
      decoder.once("error", reject);
      decoder.write(res.chunks[0]);
    });
    decoder.destroy();
    expect(firstText).toMatch(/^<!DOCTYPE html>/i);
    expect(decode(res)).toMatch(/<\/html>$/);

    const gzip = await raw(shop.origin, "/kassen", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode(gzip)).toMatch(/<\/html>$/);
  });

  it("answers HEAD without a body", async () => {
    const head = await raw(shop.origin, "/nyheter", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("compresses large GraphQL answers and leaves small ones alone", async () => {
    const post = (query: string) =>
      new Promise<Raw>((resolve, reject) => {
        const body = JSON.stringify({ query });
        const req = request(
          `${shop.origin}/graphql`,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-apikey": API_KEY,
              "accept-encoding": "br, gzip",
              "content-length": String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
                chunks,
              }),
            );
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const large = await post("{ products(take: 40) { products { name canonicalUrl } } }");
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(vary(large)).toContain("accept-encoding");
    const json = JSON.parse(decode(large)) as { data: { products: { products: unknown[] } } };
    expect(json.data.products.products.length).toBeGreaterThan(10);
    const small = await post("{ __typename }");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(decode(small))).toEqual({ data: { __typename: "Query" } });
  });

  it("sends built assets precompressed, immutable, with Vary and ETag", async () => {
    const assets = join(process.cwd(), "build", "client", "assets");
    // The largest script of the build: small ones (under 1 KiB) are left uncompressed by design.
    const script = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
    expect(script).toBeTruthy();
    const path = `/assets/${script}`;
    const original = statSync(join(assets, String(script))).size;

    const br = await raw(shop.origin, path, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(vary(br)).toContain("accept-encoding");
    // The build's Brotli file, as it is: the server compressed nothing.
    expect(existsSync(join(assets, `${script}.br`))).toBe(true);
    expect(br.body.length).toBe(statSync(join(assets, `${script}.br`)).size);
    const text = decode(br);
    expect(Buffer.byteLength(text)).toBe(original);

    const gzip = await raw(shop.origin, path, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode(gzip)).toBe(text);

    const plain = await raw(shop.origin, path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBe(original);
    expect(vary(plain)).toContain("accept-encoding");

    const notModified = await raw(shop.origin, path, {
      "accept-encoding": "br",
      "if-none-match": String(br.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it("does not compress images", async () => {
    const page = decode(await raw(shop.origin, "/nyheter", { "accept-encoding": "br" }));
    const image = page.match(/\/images\/[^\s"',]+/)?.[0];
    expect(image).toBeTruthy();
    const res = await raw(shop.origin, String(image), {
      "accept-encoding": "br, gzip",
      accept: "image/avif",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\//);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a missing asset with the 404 page, compressed", async () => {
    const res = await raw(shop.origin, "/assets/does-not-exist.js", { "accept-encoding": "br" });
    expect(res.status).toBe(404);
    expect(decode(res)).toMatch(/<html/);
  });
});
