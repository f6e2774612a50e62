import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";

/** The server keeps anonymous catalog pages; personal pages and signed-in shoppers always get a fresh one. */
describe("the page cache", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${shop.origin}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it("keeps a catalog page on its second request and serves it from the third, allowing exactly its own scripts by hash", async () => {
    // The first request is answered as rendered, streamed with a nonce of its own (decision 0085).
    const rendered = await get("/nyheter");
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("cache-control")).toMatch(/public.*s-maxage=\d+/);
    expect(rendered.headers.get("x-cache")).toBe("MISS");
    expect(rendered.headers.get("content-security-policy")).toContain("'nonce-");
    await rendered.text();
    const first = await get("/nyheter");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await get("/nyheter");
    expect(second.headers.get("x-cache")).toBe("HIT");
    const body = await second.text();
    expect(body).toBe(firstBody);
    // Shared bytes carry no nonce (it would be public and reused): the CSP names each inline script's hash.
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).toBe(first.headers.get("content-security-policy"));
    expect(csp).not.toContain("'nonce-");
    expect(body).not.toMatch(/<[^>]+\snonce="/);
    const inline = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs = "", text = ""]) => !/\ssrc=/.test(attrs) && text !== "",
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text = ""] of inline)
      expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  });

  it("keys pages by market and customer type", async () => {
    await get("/varemerker");
    await get("/varemerker");
    expect((await get("/varemerker")).headers.get("x-cache")).toBe("HIT");
    expect((await get("/varemerker", "mili-user-type=ORGANIZATION")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/varemerker", "mili-selected-market=dk")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/varemerker", "mili-selected-market=dk")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/varemerker", "mili-selected-market=dk")).headers.get("x-cache")).toBe("HIT");
  });

  it("renders phones for a phone's width and keeps phone, tablet and pc pages apart", async () => {
    const PHONE =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
    const TABLET = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)";
    const PC =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";
    const path = "/varemerker?device";
    const page = (headers: Record<string, string>) =>
      fetch(`${shop.origin}${path}`, { headers }).then(async (r) => ({
        cache: r.headers.get("x-cache"),
        viewport: /data-viewport="(\w+)"/.exec(await r.text())?.[1],
      }));
    // Each kept on its second request (decision 0085).
    expect(await page({ "user-agent": PC })).toEqual({ cache: "MISS", viewport: "desktop" });
    expect(await page({ "user-agent": PC })).toEqual({ cache: "MISS", viewport: "desktop" });
    // A phone (by User-Agent or by Client Hints) never gets the pc rendering from the cache.
    expect(await page({ "user-agent": PHONE })).toEqual({ cache: "MISS", viewport: "phone" });
    expect(await page({ "user-agent": PHONE })).toEqual({ cache: "MISS", viewport: "phone" });
    expect(await page({ "user-agent": PC, "sec-ch-ua-mobile": "?1" })).toEqual({
      cache: "HIT",
      viewport: "phone",
    });
    expect(await page({ "user-agent": TABLET })).toEqual({ cache: "MISS", viewport: "tablet" });
    expect(await page({ "user-agent": PC })).toEqual({ cache: "HIT", viewport: "desktop" });
    expect(await page({ "user-agent": PHONE })).toEqual({ cache: "HIT", viewport: "phone" });
  });

  it("never caches private pages or pages for a signed-in shopper", async () => {
    await get("/kassen");
    const again = await get("/kassen");
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(again.headers.get("x-cache")).not.toBe("HIT");
    await get("/");
    const signedIn = await get("/", "mili-auth=token");
    expect(signedIn.headers.get("x-cache")).toBeNull();
  });

  it("can be switched off", async () => {
    const off = await startShop({ PAGE_CACHE: "false" });
    try {
      await fetch(`${off.origin}/nyheter`);
      const again = await fetch(`${off.origin}/nyheter`);
      expect(again.headers.get("x-cache")).toBeNull();
      expect(again.headers.get("cache-control")).toMatch(/public/);
    } finally {
      await off.close();
    }
  });
});
