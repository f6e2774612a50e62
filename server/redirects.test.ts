import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameSiteRedirects } from "./redirects.ts";

/** The server's net under every route: whatever Location a route sends, the browser stays on the shop. */
describe("same-site redirects", () => {
  const refused: string[] = [];
  const app = new Hono();
  app.use(sameSiteRedirects({ hosts: ["mili.se"], onRefused: (location) => refused.push(location) }));
  app.get("/to", (c) => c.redirect(c.req.query("l") ?? "/", 303));

  const locationFor = async (target: string) => {
    const response = await app.request(`http://mili.no/to?l=${encodeURIComponent(target)}`);
    expect(response.status).toBe(303);
    return response.headers.get("location");
  };

  it.each([
    ["/kassen?x=1#y", "/kassen?x=1#y"],
    ["/.//evil.example", "/evil.example"],
    ["/%2e//evil.example", "/evil.example"],
    ["http://mili.no//evil.example/a", "/evil.example/a"],
    ["http://mili.se/sv/kassan", "http://mili.se/sv/kassan"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
  ])("%s goes out as %s", async (target, expected) => {
    expect(await locationFor(target)).toBe(expected);
  });

  it("logs what it refused", async () => {
    refused.length = 0;
    await locationFor("https://evil.example/x");
    expect(refused).toEqual(["https://evil.example/x"]);
  });
});
