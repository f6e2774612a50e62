import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * Anonymous catalog pages go out with public Cache-Control for a CDN. One URL renders differently by the market
 * and customer-type cookies and by the device class (User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform), so the
 * page's `Vary` must name every one of those request headers (and Accept-Encoding for the coding): a standard
 * shared cache then keeps one copy per variant instead of handing one shopper's page to another.
 */

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const PC =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";

const PUBLIC_VARY = ["accept-encoding", "cookie", "sec-ch-ua-mobile", "sec-ch-ua-platform", "user-agent"];

const varyOf = (response: Response) =>
  (response.headers.get("vary") ?? "")
    .split(",")
    .map((field) => field.trim().toLowerCase())
    .filter(Boolean)
    .sort();

describe("Vary on public pages (page cache on)", () => {
  let shop: Shop;
  beforeAll(async () => {
    buildIfNeeded();
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.origin}${path}`, {
      headers: { "user-agent": PC, "accept-encoding": "gzip, br", ...headers },
      redirect: "manual",
    });

  it.each(["/", "/sv", "/nyheter", "/varemerker", "/sv/varumarken", "/s/a"])(
    "%s names the cookies, the device headers and the coding in Vary: on both misses, a hit and a 304",
    async (path) => {
      // The first request is answered as rendered; the second is kept (decision 0085).
      for (let i = 0; i < 2; i++) {
        const miss = await get(path);
        expect(miss.status).toBe(200);
        expect(miss.headers.get("cache-control")).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
        expect(miss.headers.get("x-cache")).toBe("MISS");
        expect(varyOf(miss)).toEqual(PUBLIC_VARY);
        await miss.arrayBuffer();
      }

      const hit = await get(path);
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(varyOf(hit)).toEqual(PUBLIC_VARY);
      const etag = hit.headers.get("etag");
      await hit.arrayBuffer();
      expect(etag).toBeTruthy();

      const notModified = await get(path, { "if-none-match": etag ?? "" });
      expect(notModified.status).toBe(304);
      expect(varyOf(notModified)).toEqual(PUBLIC_VARY);
    },
  );

  it.each(["/kassen", "/sv/kassan", "/favoritter", "/checkout/klarna-fail", "/min-konto/saldo?loginToken=x"])(
    "%s stays private, no-store, and is never served from the cache",
    async (path) => {
      await (await get(path)).arrayBuffer();
      const again = await get(path);
      expect(again.status).toBe(200);
      expect(again.headers.get("cache-control")).toBe("private, no-store");
      expect(again.headers.get("cdn-cache-control")).toBeNull();
      expect(again.headers.get("x-cache")).not.toBe("HIT");
      await again.arrayBuffer();
    },
  );
});

describe("what the HTML of a public page depends on (page cache off, so every request renders)", () => {
  let shop: Shop;
  beforeAll(async () => {
    buildIfNeeded();
    shop = await startShop({ PAGE_CACHE: "false" });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** The page's HTML with the response's CSP nonce (new on every render) blanked out. */
  const render = async (headers: Record<string, string>) => {
    const response = await fetch(`${shop.origin}/varemerker`, { headers });
    expect(response.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const html = await response.text();
    expect(nonce).toBeTruthy();
    return html.replaceAll(nonce ?? "", "NONCE");
  };
  const BASE = { "user-agent": PC };

  it("renders the same bytes for the same request headers", async () => {
    expect(await render(BASE)).toBe(await render(BASE));
  });

  it.each([
    ["Cookie (mili-user-type)", { cookie: "mili-user-type=ORGANIZATION" }],
    ["Cookie (mili-selected-market)", { cookie: "mili-selected-market=dk" }],
    ["User-Agent", { "user-agent": PHONE }],
    ["Sec-CH-UA-Mobile", { "sec-ch-ua-mobile": "?1" }],
    ["Sec-CH-UA-Platform", { "sec-ch-ua-mobile": "?0", "sec-ch-ua-platform": '"Android"' }],
  ])("%s, named in Vary, changes the page", async (_, extra) => {
    expect(await render({ ...BASE, ...extra })).not.toBe(await render(BASE));
  });

  it("a header Vary does not name (Accept-Language) does not change the page", async () => {
    expect(await render({ ...BASE, "accept-language": "sv-SE,sv;q=0.9" })).toBe(await render(BASE));
  });
});
