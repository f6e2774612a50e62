import { createHash } from "node:crypto";
import fc from "fast-check";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createPageCache, withoutNonce } from "./page-cache.ts";

/** withoutNonce as it was before it read pages byte by byte: decoded as UTF-8, encoded again. */
function decoded(bytes: Uint8Array, nonce: string | undefined) {
  let html = new TextDecoder().decode(bytes);
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attrs = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r ]*>/gi,
  )) {
    if (/[\t\n\f\r ]src[\t\n\f\r ]*=/i.test(attrs) || text === "") continue;
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`);
  }
  return { body: new TextEncoder().encode(html), scriptHashes: [...hashes] };
}

const NONCE = "q8Zk0x+Yw3a/1bC==";

/** Pieces of a page: text in Swedish, Norwegian and beyond (multi-byte UTF-8), scripts with and without src. */
const piece = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("å ä ö", "æ ø å", "à", "\u00a0src=", "€", "😀", "\r\n", "\r", "\n", "<", ">", "</script >"),
  fc.constantFrom(
    `<script nonce="${NONCE}">`,
    `<script type="module" nonce="${NONCE}" async="">`,
    '<script src="/assets/a.js">',
    "<script\nsrc=/x.js>",
    "<SCRIPT>",
    "</script>",
    `<link rel="modulepreload" nonce="${NONCE}" href="/assets/b.js"/>`,
  ),
);

describe("withoutNonce reads the page byte by byte (issue 16)", () => {
  it("gives what decoding it as UTF-8 gave: the same bytes and the same script hashes", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, withNonce) => {
        const bytes = new TextEncoder().encode(pieces.join("")) as Uint8Array<ArrayBuffer>;
        const nonce = withNonce ? NONCE : undefined;
        const got = withoutNonce(bytes, nonce);
        const want = decoded(bytes, nonce);
        expect(Buffer.from(got.body).equals(Buffer.from(want.body))).toBe(true);
        expect(got.scriptHashes).toEqual(want.scriptHashes);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps its page in a buffer of its own", () => {
    const { body } = withoutNonce(new TextEncoder().encode("<p>kort</p>") as Uint8Array<ArrayBuffer>, NONCE);
    expect(body.byteOffset).toBe(0);
    expect(body.buffer.byteLength).toBe(body.byteLength);
  });
});

describe("the page cache keeps a page on its second request (decision 0085)", () => {
  /** A shop of one handler: every rendering counted, public for 60 s unless the path says private. */
  function shopWith(options: Parameters<typeof createPageCache>[0]) {
    let renders = 0;
    const cache = createPageCache(options);
    const app = new Hono<{ Variables: { nonce: string; scriptHashes: string[] } }>();
    app.use("*", async (c, next) => {
      c.set("nonce", "n0nce");
      await next();
    });
    app.use("*", cache.middleware);
    app.get("*", (c) => {
      renders++;
      const headers = {
        "content-type": "text/html; charset=utf-8",
        "cache-control": c.req.path === "/private" ? "private, no-store" : "public, max-age=0, s-maxage=60",
      };
      return c.body(`<p>${c.req.path} ${renders}</p><script nonce="n0nce">1</script>`, 200, headers);
    });
    const get = async (path: string) => {
      const response = await app.request(`http://shop.test${path}`);
      return { cache: response.headers.get("x-cache"), body: await response.text() };
    };
    return { cache, get, renders: () => renders };
  }

  it("answers a page's first request as rendered, with its nonce, and keeps the second", async () => {
    const shop = shopWith({});
    const first = await shop.get("/a");
    expect(first).toEqual({ cache: "MISS", body: '<p>/a 1</p><script nonce="n0nce">1</script>' });
    expect(await shop.get("/a")).toEqual({ cache: "MISS", body: "<p>/a 2</p><script>1</script>" });
    expect(await shop.get("/a")).toEqual({ cache: "HIT", body: "<p>/a 2</p><script>1</script>" });
    expect(shop.renders()).toBe(2);
    expect(shop.cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 2, passed: 1, remembered: 0 });
  });

  it("keeps every page on its first request with storeAfter 0", async () => {
    const shop = shopWith({ storeAfter: 0 });
    expect((await shop.get("/a")).cache).toBe("MISS");
    expect((await shop.get("/a")).cache).toBe("HIT");
    expect(shop.renders()).toBe(1);
  });

  it("keeps a page again on its next request once the catalog version moved on", async () => {
    let version = 1;
    const shop = shopWith({ version: () => version });
    await shop.get("/a");
    await shop.get("/a");
    expect((await shop.get("/a")).cache).toBe("HIT");
    version = 2;
    expect(await shop.get("/a")).toEqual({ cache: "MISS", body: "<p>/a 3</p><script>1</script>" });
    expect(await shop.get("/a")).toEqual({ cache: "HIT", body: "<p>/a 3</p><script>1</script>" });
    // The same when the node:http fast path (server/cached-page.ts) is the one that finds the entry stale.
    version = 3;
    const request = { method: "GET", url: new URL("http://shop.test/a"), header: () => undefined };
    expect(shop.cache.hit(request, Date.now())).toBeNull();
    expect(await shop.get("/a")).toEqual({ cache: "MISS", body: "<p>/a 4</p><script>1</script>" });
    expect(await shop.get("/a")).toEqual({ cache: "HIT", body: "<p>/a 4</p><script>1</script>" });
  });

  it("remembers at most maxRemembered keys asked once, forgetting the oldest", async () => {
    const shop = shopWith({ maxRemembered: 2 });
    for (const path of ["/a", "/b", "/c"]) await shop.get(path);
    expect(shop.cache.stats().remembered).toBe(2);
    // /a was forgotten: its next request counts as its first again; /c's second is kept.
    await shop.get("/a");
    expect((await shop.get("/a")).cache).toBe("MISS");
    await shop.get("/c");
    expect((await shop.get("/c")).cache).toBe("HIT");
    expect(shop.cache.stats().entries).toBe(2);
  });

  it("never keeps a private page, however often it is asked, and does not call it a miss", async () => {
    const shop = shopWith({});
    for (let i = 0; i < 3; i++) expect((await shop.get("/private")).cache).toBeNull();
    expect(shop.renders()).toBe(3);
    expect(shop.cache.stats().entries).toBe(0);
  });
});
