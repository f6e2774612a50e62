import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * ERR_REDIRECT (spec §8) is a redirect, never an error page. The storefront talks to the API over HTTP here
 * (GRAPHQL_URL) through a relay in front of the shop's own /graphql: the relay passes every request on, except
 * that for a page request whose request id asks for it, it answers one named operation with the API's
 * ERR_REDIRECT error (`extensions.code` and `location`), as an API does for content that has moved.
 */
describe("ERR_REDIRECT", () => {
  let shop: Shop;
  let relay: Server;
  let target = "";

  beforeAll(async () => {
    buildIfNeeded();
    relay = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        // x-request-id "redirect:<operation>:<status>:<location>" (the storefront passes the page's request id on).
        const marker = /^redirect:(\w+):(\d{3}):(.+)$/.exec(String(req.headers["x-request-id"] ?? ""));
        const operationName = (JSON.parse(body || "{}") as { operationName?: string }).operationName;
        if (marker && operationName === marker[1]) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              data: null,
              errors: [
                {
                  message: "This content has moved",
                  extensions: { code: "ERR_REDIRECT", location: marker[3], status: Number(marker[2]) },
                },
              ],
            }),
          );
          return;
        }
        const headers: Record<string, string> = {};
        for (const name of ["content-type", "accept", "x-apikey", "x-request-id"]) {
          const value = req.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        const upstream = await fetch(`${target}/graphql`, { method: req.method, headers, body });
        res.writeHead(upstream.status, {
          "content-type": upstream.headers.get("content-type") ?? "application/json",
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const port = (relay.address() as AddressInfo).port;
    shop = await startShop({ GRAPHQL_URL: `http://127.0.0.1:${port}/graphql`, PAGE_CACHE: "false" });
    target = shop.origin;
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  });

  const page = (path: string, requestId?: string) =>
    fetch(`${shop.origin}${path}`, {
      redirect: "manual",
      headers: { accept: "text/html", ...(requestId ? { "x-request-id": requestId } : {}) },
    });

  it("pages load through the relay when nothing has moved", async () => {
    const res = await page("/varemerker");
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<h1/);
  });

  it("turns an ERR_REDIRECT from a loader's GraphQL call into the redirect, not an error page", async () => {
    const res = await page("/", "redirect:Frame:301:/varemerker");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/varemerker");
    expect(await res.text()).toBe("");

    const temporary = await page("/sv", "redirect:Frame:302:/sv/varumarken");
    expect(temporary.status).toBe(302);
    expect(temporary.headers.get("location")).toBe("/sv/varumarken");
  });

  it("gives a client-side navigation (a .data request) the same redirect", async () => {
    const res = await fetch(`${shop.origin}/_root.data`, {
      redirect: "manual",
      headers: { "x-request-id": "redirect:Frame:302:/varemerker" },
    });
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(body).toContain("/varemerker");
    expect(body).toContain("redirect");
    const normal = await fetch(`${shop.origin}/varemerker.data`, { redirect: "manual" });
    expect(normal.status).toBe(200);
  });

  it("never sends the shopper off-site: another origin goes to the home page", async () => {
    const res = await page("/varemerker", "redirect:Frame:302:https://evil.example/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});
