import { describe, expect, it } from "vitest";
import { customerTypeCookie, marketCookies } from "./cookies.ts";
import { type MarketInfo, marketGroups, marketLabel, marketPathTarget } from "./market.ts";

const market = (alias: string, extra: Partial<MarketInfo> = {}): MarketInfo => ({
  alias,
  defaultLanguageId: "nb-NO",
  virtual: false,
  onlyDisplayInCheckout: false,
  groupKey: "scandinavia",
  allowedLanguages: [{ id: "nb-NO" }, { id: "sv-SE" }],
  country: { name: alias.toUpperCase(), code: alias.toUpperCase() },
  currency: { code: "NOK" },
  ...extra,
});

describe("market cookies", () => {
  it("set the selected and the checkout market for one year, path /, SameSite=Lax", () => {
    expect(marketCookies("dk", false)).toEqual([
      "mili-selected-market=dk; Path=/; Max-Age=31536000; SameSite=Lax",
      "mili-checkout-market=dk; Path=/; Max-Age=31536000; SameSite=Lax",
    ]);
    expect(marketCookies("dk", true)[0]).toMatch(/; Secure$/);
  });
  it("the customer type for one year", () => {
    expect(customerTypeCookie("ORGANIZATION", false)).toBe(
      "mili-user-type=ORGANIZATION; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });
});

describe("the market panel's list", () => {
  it("groups Scandinavia and Europe and hides virtual and checkout-only markets", () => {
    const groups = marketGroups([
      market("se"),
      market("staff", { virtual: true }),
      market("de", { groupKey: "europe", currency: { code: "EUR" } }),
      market("is", { groupKey: "europe", onlyDisplayInCheckout: true }),
      market("xx", { groupKey: null }),
    ]);
    expect(groups.map((g) => [g.group, g.markets.map((m) => m.alias)])).toEqual([
      ["scandinavia", ["se"]],
      ["europe", ["de", "xx"]],
    ]);
    expect(
      marketLabel(market("dk", { country: { name: "Danmark", code: "DK" }, currency: { code: "DKK" } })),
    ).toBe("Danmark (DKK)");
  });
});

describe("choosing a market with markets in the path", () => {
  it("goes to /{market}/{lang}{path}, keeping the page and its query", () => {
    expect(
      marketPathTarget(market("dk"), {
        lang: "nb",
        prefix: "/no/nb",
        pathname: "/no/nb/c/klaer",
        search: "?page=2",
      }),
    ).toBe("/dk/nb/c/klaer?page=2");
    expect(
      marketPathTarget(market("dk"), { lang: "nb", prefix: "/no/nb", pathname: "/no/nb", search: "" }),
    ).toBe("/dk/nb");
  });
  it("switches to the market's default language when it does not allow the page's, with the localized path", () => {
    const se = market("se", { defaultLanguageId: "sv-SE", allowedLanguages: [{ id: "sv-SE" }] });
    expect(
      marketPathTarget(se, { lang: "nb", prefix: "/no/nb", pathname: "/no/nb/kassen", search: "" }),
    ).toBe("/se/sv/kassan");
    expect(
      marketPathTarget(se, {
        lang: "nb",
        prefix: "/no/nb",
        pathname: "/no/nb/c/klaer",
        search: "?page=2",
        alternates: [
          { lang: "nb", path: "/c/klaer" },
          { lang: "sv", path: "/c/klader" },
        ],
      }),
    ).toBe("/se/sv/c/klader?page=2");
  });
});
