import { describe, expect, it } from "vitest";
import { authNoticeOf, SHOP_AS_TEXTS, shopAsOf } from "./shop-as.server.ts";

/** A token's readable part as the auth endpoint signs it (the signature is not read here). */
const token = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;

describe("the 'shop as' notice", () => {
  it("shows for a token with act, in the page's language, with a form that ends the session", () => {
    const html = shopAsOf(token({ name: "Kari", act: { sub: "Mia" } }), "nb", "/api/auth");
    expect(html).toContain(`<span role="status">${SHOP_AS_TEXTS.nb.text.replace("{name}", "Kari")}</span>`);
    expect(html).toContain('<form method="post" action="/api/auth"');
    expect(html).toContain('<input type="hidden" name="intent" value="logout">');
    expect(html).toContain(`>${SHOP_AS_TEXTS.nb.end}</button>`);
    expect(shopAsOf(token({ name: "Kari", act: { sub: "Mia" } }), "sv", "/sv/api/auth")).toContain(
      "Inloggad som Kari",
    );
  });

  it("is absent for the shopper's own session, no token, or a token that is not one", () => {
    expect(shopAsOf(token({ name: "Kari" }), "nb", "/api/auth")).toBeNull();
    expect(shopAsOf(token({ name: "Kari", act: { sub: "" } }), "nb", "/api/auth")).toBeNull();
    expect(shopAsOf(null, "nb", "/api/auth")).toBeNull();
    expect(shopAsOf("not-a-token", "nb", "/api/auth")).toBeNull();
    expect(shopAsOf("a.%%%.c", "nb", "/api/auth")).toBeNull();
  });

  it("escapes the customer's name (the customer chooses it) and the action", () => {
    const html = shopAsOf(
      token({ name: `<img src=x onerror="alert(1)">&'`, act: { sub: "Mia" } }),
      "nb",
      `/api/auth"><script>`,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39;");
  });
});

describe("the page's token sign-in notice", () => {
  it("a page still asked for with ?loginToken= says the link is used or expired; else the 'shop as' notice", () => {
    const refused = authNoticeOf(new URL("http://shop.test/sv/sok?loginToken=x"), null, "sv", "/sv/api/auth");
    expect(refused).toContain(SHOP_AS_TEXTS.sv.refused);
    expect(refused).toContain('role="alert"');
    const acting = token({ name: "Kari", act: { sub: "Mia" } });
    expect(authNoticeOf(new URL("http://shop.test/"), acting, "nb", "/api/auth")).toBe(
      shopAsOf(acting, "nb", "/api/auth"),
    );
    expect(authNoticeOf(new URL("http://shop.test/"), token({ name: "Kari" }), "nb", "/api/auth")).toBeNull();
  });
});
