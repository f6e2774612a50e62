import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { post } from "./probe.ts";

/**
 * Issue 10, item 3: `POST /api/cart` with `returnTo=/.//evil.example` (also `/..//`, `/%2e//`, and a Referer of
 * that shape) answered `303 Location: //evil.example…`, which a browser follows to another site. Every redirect
 * target is normalised first, then must be a same-site path (domain/redirect.ts).
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** Where a browser goes with this Location (resolved against the URL it asked for). */
const destination = (location: string | null) => new URL(location ?? "", `${shop.origin}/api/cart`);

const HOSTILE = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example/kassen?x=1",
  "/./\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "/.%2f/evil.example",
];

describe("redirects after a form post", () => {
  it.each(HOSTILE)("returnTo=%s stays on the shop", async (returnTo) => {
    for (const intent of ["promo", "update", "nonsense"]) {
      const response = await post(shop, "/api/cart", { intent, code: "NOPE", returnTo });
      expect(response.status).toBe(303);
      const location = response.headers.get("location");
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(destination(location).origin).toBe(shop.origin);
    }
  });

  it.each(HOSTILE.filter((t) => t.startsWith("/")))("a Referer of %s stays on the shop", async (path) => {
    for (const route of ["/api/cart", "/api/newsletter"]) {
      const response = await post(
        shop,
        route,
        { intent: "promo", code: "NOPE", email: "x" },
        {
          referer: `${shop.origin}${path}`,
        },
      );
      expect(response.status).toBe(303);
      const location = response.headers.get("location");
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(destination(location).origin).toBe(shop.origin);
    }
  });

  it("keeps an honest return path with its query", async () => {
    const response = await post(shop, "/api/cart", {
      intent: "promo",
      code: "NOPE",
      returnTo: "/c/klaer?page=2",
    });
    expect(response.headers.get("location")).toBe("/c/klaer?page=2&cart-error=INVALID_PROMO_CODE#cart");
  });

  it("sends client-side navigations (.data) to same-site paths too", async () => {
    for (const returnTo of HOSTILE) {
      const response = await post(shop, "/api/cart.data", { intent: "promo", code: "NOPE", returnTo });
      expect(response.status).toBeLessThan(500);
      const body = await response.text();
      // React Router's single-fetch redirect: ["redirect","<target>",...]. Never protocol-relative or absolute.
      const target = /"redirect","([^"]*)"/.exec(body)?.[1];
      expect(target, body).toMatch(/^\/(?![/\\])/);
    }
  });

  it("never sends a browser elsewhere, whatever returnTo and Referer say (property)", async () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2f",
      "%5c",
      "\t",
      "evil.example",
      "@",
      ":",
      "?",
      "#",
      "//",
      "%00",
    );
    const target = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(piece, { maxLength: 10 }).map((p) => p.join("")),
    );
    await fc.assert(
      fc.asyncProperty(target, target, async (returnTo, refererPath) => {
        const response = await post(
          shop,
          "/api/cart",
          { intent: "promo", code: "NOPE", returnTo },
          {
            referer: `${shop.origin}/${refererPath.replace(/^\/+/, "")}`,
          },
        );
        expect(response.status).toBeLessThan(500);
        if (response.status >= 300 && response.status < 400)
          expect(destination(response.headers.get("location")).origin).toBe(shop.origin);
      }),
      { numRuns: 60 },
    );
  });
});
