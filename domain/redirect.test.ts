import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathOf, sameSitePath, sameSiteUrl } from "./redirect.ts";

const BASE = "http://127.0.0.1:3000/c/klaer?page=2";

describe("the redirect rule", () => {
  it("keeps same-site paths, query and hash", () => {
    expect(sameSitePath("/kassen?cart=updated#cart", BASE)).toBe("/kassen?cart=updated#cart");
    expect(sameSitePath("http://127.0.0.1:3000/sv/kassan", BASE)).toBe("/sv/kassan");
    expect(sameSitePath("jakker", BASE)).toBe("/c/jakker");
  });

  it.each([
    ["/.//evil.example", "/evil.example"],
    ["/..//evil.example", "/evil.example"],
    ["/%2e//evil.example", "/evil.example"],
    ["/%2E%2E//evil.example/x?y#z", "/evil.example/x?y#z"],
    ["/./\\evil.example", "/evil.example"],
    ["/a/../..//evil.example", "/evil.example"],
  ])("normalises %s to the same-site path %s, never //host", (target, path) => {
    expect(sameSitePath(target, BASE)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "https://evil.example/",
    "http://127.0.0.1:3001/",
    "https://127.0.0.1:3000/",
    "javascript:alert(1)",
    "data:text/html,x",
    "http://user:pw@127.0.0.1:3000/",
    "http://[::1",
  ])("refuses %s, which leaves the site", (target) => {
    expect(sameSitePath(target, BASE)).toBeNull();
  });

  it("allows the shop's other hosts when named", () => {
    expect(sameSiteUrl("https://mili.se//x", "https://mili.no/", ["https://mili.se"])?.href).toBe(
      "https://mili.se/x",
    );
    expect(sameSiteUrl("https://mili.dk/", "https://mili.no/", ["https://mili.se"])).toBeNull();
  });

  it("never answers a path a browser would read as another host, whatever the input (property)", () => {
    const pieces = fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "\t",
      "\n",
      "evil.example",
      "@",
      ":",
      "?",
      "#",
      "//",
      " ",
    );
    const target = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 12 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(target, (t) => {
        const path = sameSitePath(t, BASE);
        if (path === null) return;
        expect(path.startsWith("/")).toBe(true);
        expect(/^[/\\]{2}/.test(path)).toBe(false);
        // Resolved the way a browser resolves a Location header, it stays on the shop.
        expect(new URL(path, BASE).origin).toBe(new URL(BASE).origin);
      }),
      { numRuns: 2000 },
    );
  });

  it("pathOf never starts with two slashes", () => {
    const url = new URL("http://a.example/x");
    url.pathname = "//b.example";
    expect(pathOf(url)).toBe("/b.example");
  });
});
