import { createServer, request, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * A page-cache hit is answered at the node:http layer, before the web Request and Response (server/cached-page.ts,
 * decision 0068). Its answer must be the app's, byte for byte: the shop's own port (fast path) and a second port on
 * the same app and cache behind the Node adapter alone (the app's way) are asked the same requests, with the same
 * Host and X-Request-Id, and must answer the same status, the same headers in the same order (Date apart), and the
 * same body. TRUST_PROXY is on, so the forwarded scheme and host take part in the key.
 */

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const PC =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";

interface Answer {
  status: number;
  /** Header names and values in the order sent; Date left out, Age's value blanked (whole seconds since stored). */
  headers: string[];
  body: Buffer;
}

function ask(port: number, path: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const list: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (name.toLowerCase() === "date") continue;
          list.push(name, name.toLowerCase() === "age" ? "(age)" : (res.rawHeaders[i + 1] as string));
        }
        resolve({ status: res.statusCode ?? 0, headers: list, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const header = (answer: Answer, name: string) => {
  const i = answer.headers.findIndex((n, at) => at % 2 === 0 && n.toLowerCase() === name);
  return i < 0 ? undefined : answer.headers[i + 1];
};

describe("page-cache hits at the node:http layer answer as the app does", () => {
  let shop: Shop;
  let appOnly: Server;
  let appPort: number;
  beforeAll(async () => {
    buildIfNeeded();
    shop = await startShop({ TRUST_PROXY: "true" });
    const app = shop.app;
    appOnly = createServer(getRequestListener((req, env) => app.fetch(req, env)));
    await new Promise<void>((done) => appOnly.listen(0, "127.0.0.1", done));
    const address = appOnly.address();
    appPort = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise((done) => appOnly?.close(done));
    await shop?.close();
  });

  /** Asks the shop's port (fast path) then the app's way; returns both answers and whether the app was called. */
  const both = async (path: string, headers: Record<string, string>, method = "GET") => {
    const fetchSpy = vi.spyOn(shop.app, "fetch");
    const fast = await ask(shop.port, path, method, headers);
    const appCalls = fetchSpy.mock.calls.length;
    fetchSpy.mockRestore();
    const slow = await ask(appPort, path, method, headers);
    return { fast, slow, appCalls };
  };

  /** A page the cache keeps: asked twice (decision 0085: kept on its second request); the second answer. */
  const kept = async (path: string, headers: Record<string, string>) => {
    await ask(shop.port, path, "GET", headers);
    return ask(shop.port, path, "GET", headers);
  };

  const base = (extra: Record<string, string> = {}) => ({
    host: "shop.test",
    "user-agent": PC,
    accept: "text/html",
    "x-request-id": "fast-path-test",
    ...extra,
  });

  it.each([
    ["identity", "/", base()],
    ["br", "/", base({ "accept-encoding": "gzip, deflate, br" })],
    ["gzip", "/sv", base({ "accept-encoding": "gzip" })],
    ["a phone", "/", base({ "user-agent": PHONE, "accept-encoding": "br" })],
    ["a market cookie", "/varemerker", base({ cookie: "mili-selected-market=dk; other=1" })],
    ["https behind the proxy (HSTS)", "/", base({ "x-forwarded-proto": "https", "accept-encoding": "br" })],
    ["a query", "/s/a?q=jakke&sort=price", base()],
  ])("a hit (%s): same status, headers and bytes", async (_, path, headers) => {
    // The first two requests render (misses, through the app; the second is kept and compressed in its coding).
    await ask(shop.port, path, "GET", headers);
    await ask(shop.port, path, "GET", headers);
    const { fast, slow, appCalls } = await both(path, headers);
    expect(appCalls).toBe(0);
    expect(fast.status).toBe(200);
    expect(header(fast, "x-cache")).toBe("HIT");
    expect(header(fast, "content-security-policy")).toMatch(/'sha256-/);
    expect(fast.headers).toEqual(slow.headers);
    expect(fast.body.equals(slow.body)).toBe(true);
    expect(fast.body.byteLength).toBeGreaterThan(1000);
  });

  it("HEAD: the same headers, no body", async () => {
    await kept("/nyheter", base());
    const { fast, slow, appCalls } = await both("/nyheter", base(), "HEAD");
    expect(appCalls).toBe(0);
    expect(fast.status).toBe(200);
    expect(fast.body.byteLength).toBe(0);
    expect(fast.headers).toEqual(slow.headers);
  });

  it("304 for the rendering the client has, in every coding", async () => {
    const page = await kept("/varemerker", base());
    const etag = header(page, "etag") ?? "";
    expect(etag).toMatch(/^W\//);
    for (const coding of ["identity", "br"]) {
      const headers = base({ "if-none-match": etag, "accept-encoding": coding });
      const { fast, slow, appCalls } = await both("/varemerker", headers);
      expect(appCalls).toBe(0);
      expect(fast.status).toBe(304);
      expect(fast.body.byteLength).toBe(0);
      expect(fast.headers).toEqual(slow.headers);
    }
  });

  it("a signed-in shopper, a login token and a request with a body are never answered from the cache", async () => {
    await kept("/", base());
    const signedIn = await both("/", base({ cookie: "mili-auth=token" }));
    expect(signedIn.appCalls).toBe(1);
    expect(header(signedIn.fast, "x-cache")).toBeUndefined();

    await ask(shop.port, "/?loginToken=x", "GET", base());
    const token = await both("/?loginToken=x", base());
    expect(token.appCalls).toBe(1);

    const withBody = await both("/", base({ "content-length": "0" }));
    expect(withBody.appCalls).toBe(1);
    expect(header(withBody.fast, "x-cache")).toBe("HIT");
    expect(withBody.fast.headers).toEqual(withBody.slow.headers);
  });

  it("a page cached for https is not served to http, nor the reverse", async () => {
    const path = "/varemerker?scheme";
    const https = base({ "x-forwarded-proto": "https" });
    await kept(path, https);
    expect(header(await ask(shop.port, path, "GET", https), "x-cache")).toBe("HIT");
    const plain = await ask(shop.port, path, "GET", base());
    expect(header(plain, "x-cache")).toBe("MISS");
    expect(header(plain, "strict-transport-security")).toBeUndefined();
  });

  it("counts its hits with the middleware's", async () => {
    const before = await ask(shop.port, "/metrics", "GET", {
      host: "shop.test",
      authorization: `Bearer ${shop.config.metricsToken}`,
    });
    const count = (answer: Answer) =>
      Number(
        /http_request_duration_seconds_count\{method="GET",route="page",status="2xx"\} (\d+)/.exec(
          answer.body.toString(),
        )?.[1] ?? 0,
      );
    await ask(shop.port, "/", "GET", base());
    await ask(shop.port, "/", "GET", base());
    const after = await ask(shop.port, "/metrics", "GET", {
      host: "shop.test",
      authorization: `Bearer ${shop.config.metricsToken}`,
    });
    expect(count(after) - count(before)).toBe(2);
  });
});
