import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buyableSku } from "./probe.ts";

/**
 * Issue 10, item 13: behind a TLS proxy the cart cookie was never `Secure` and canonical links said `http://`
 * (PUBLIC_URL was parsed but never used); the page cache ignored the scheme (one `GET https://…` put `https://`
 * canonicals in the page served to plain-http visitors for 60 s); and a cached page reused its CSP nonce for every
 * visitor. Now the request is the shopper's (server/client.ts) before anything reads it.
 */

const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const cartCookie = async (shop: Shop, headers: Record<string, string>) => {
  const response = await fetch(`${shop.origin}/api/cart`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams({ intent: "add", skuId: String(await buyableSku(shop)) }),
  });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie") ?? "";
};

describe("behind a TLS proxy (TRUST_PROXY)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const https = { "x-forwarded-proto": "https", "x-forwarded-host": "mili.example" };

  it("sets the cart cookie Secure and says https:// in canonical links, with HSTS", async () => {
    expect(await cartCookie(shop, { ...https, origin: "https://mili.example" })).toMatch(
      /mili-cart=[^;]+;.*Secure/,
    );
    const page = await fetch(`${shop.origin}/varemerker`, { headers: https });
    expect(canonical(await page.text())).toBe("https://mili.example/varemerker");
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("checks a post's Origin against the shopper's origin, not the proxy's", async () => {
    const fields = { intent: "promo", code: "X" };
    const post = (origin: string) =>
      fetch(`${shop.origin}/api/cart`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, ...https },
        body: new URLSearchParams(fields),
      });
    expect((await post("https://mili.example")).status).toBe(303);
    expect((await post(shop.origin)).status).toBe(403);
  });

  it("keys the page cache by scheme: an https:// request never fills the page plain-http visitors get", async () => {
    const secure = await fetch(`${shop.origin}/nyheter`, { headers: { "x-forwarded-proto": "https" } });
    expect(canonical(await secure.text())).toMatch(/^https:\/\//);
    // Kept on its second request (decision 0085), a hit on the third.
    for (let i = 0; i < 3; i++) {
      const plain = await fetch(`${shop.origin}/nyheter`);
      expect(canonical(await plain.text())).toMatch(/^http:\/\//);
      expect(plain.headers.get("x-cache")).toBe(i < 2 ? "MISS" : "HIT");
    }
  });

  it("never gives two visitors of a cached page a usable nonce: the page has none, the CSP names script hashes", async () => {
    // The first request is answered as rendered, with a nonce of its own (decision 0085); from the second, which
    // the cache keeps, every answer is the shared page.
    const first = await fetch(`${shop.origin}/varemerker?visitor`);
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(` nonce="${nonce}"`);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${shop.origin}/varemerker?visitor`);
      answers.push({
        csp: response.headers.get("content-security-policy") ?? "",
        html: await response.text(),
      });
    }
    for (const { csp, html } of answers) {
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain("'nonce-");
      expect(html).not.toMatch(/\snonce="/);
    }
  });
});

describe("without TRUST_PROXY", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("ignores X-Forwarded-Proto, -Host and -For that anybody can send", async () => {
    const forged = {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
      "x-forwarded-for": "1.2.3.4",
    };
    expect(await cartCookie(shop, forged)).not.toMatch(/Secure/);
    const page = await fetch(`${shop.origin}/varemerker`, { headers: forged });
    expect(canonical(await page.text())).toBe(`${shop.origin}/varemerker`);
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("with PUBLIC_URL", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ PUBLIC_URL: "https://www.mili.example" });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("uses its scheme and host for links, cookies and the same-site check", async () => {
    const page = await fetch(`${shop.origin}/varemerker`);
    expect(canonical(await page.text())).toBe("https://www.mili.example/varemerker");
    expect(await cartCookie(shop, { origin: "https://www.mili.example" })).toMatch(/Secure/);
  });
});
