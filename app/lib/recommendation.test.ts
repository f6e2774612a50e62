import { describe, expect, it } from "vitest";
import {
  activate,
  deactivate,
  effectiveSort,
  INITIAL_RECOMMENDATION_STATE,
  orderRecommendations,
  reset,
  setActiveSort,
  setCustomSort,
} from "./recommendation.ts";

describe("the recommendation module", () => {
  it("is inactive by default and can be activated and deactivated", () => {
    expect(INITIAL_RECOMMENDATION_STATE.active).toBe(false);
    const on = activate(INITIAL_RECOMMENDATION_STATE);
    expect(on.active).toBe(true);
    expect(activate(on)).toBe(on);
    expect(deactivate(on).active).toBe(false);
  });

  it("falls back from the active sort to the custom sort to RECOMMENDED", () => {
    const s = INITIAL_RECOMMENDATION_STATE;
    expect(effectiveSort(s)).toBe("RECOMMENDED");
    expect(effectiveSort(setCustomSort(s, "LATEST"))).toBe("LATEST");
    expect(effectiveSort(setActiveSort(setCustomSort(s, "LATEST"), "PRICE_DESC"))).toBe("PRICE_DESC");
    expect(effectiveSort(setActiveSort(setCustomSort(s, "LATEST"), "NOPE"))).toBe("LATEST");
    expect(effectiveSort(setActiveSort(s, "toString"))).toBe("RECOMMENDED");
  });

  it("reset empties aliases, filters, active filters, sorts and tracking codes", () => {
    const full = {
      ...activate(INITIAL_RECOMMENDATION_STATE),
      productAliases: ["a"],
      filters: [{ filterId: "brands", values: ["b_1"] }],
      activeFilters: [{ filterId: "brands", values: ["b_1"] }],
      trackingCodes: { a: "t1" },
      activeSort: "PRICE" as const,
      customSort: "LATEST" as const,
      currentWebsiteUuid: "site-1",
    };
    expect(reset(full)).toEqual({
      ...INITIAL_RECOMMENDATION_STATE,
      active: true,
      currentWebsiteUuid: "site-1",
    });
  });

  it("orders by the module's sorts, stably", () => {
    const products = [
      { alias: "a", created: "2025-01-01", price: 300 },
      { alias: "b", created: "2025-03-01", price: 100 },
      { alias: "c", created: "2025-02-01", price: 300 },
    ];
    const aliases = (list: { alias: string }[]) => list.map((p) => p.alias);
    expect(aliases(orderRecommendations(products, "RECOMMENDED"))).toEqual(["a", "b", "c"]);
    expect(aliases(orderRecommendations(products, "LATEST"))).toEqual(["b", "c", "a"]);
    expect(aliases(orderRecommendations(products, "PRICE"))).toEqual(["b", "a", "c"]);
    expect(aliases(orderRecommendations(products, "PRICE_DESC"))).toEqual(["a", "c", "b"]);
    // Without the provider's ranking, RECOMMENDED falls back to LATEST.
    expect(aliases(orderRecommendations(products, "RECOMMENDED", false))).toEqual(["b", "c", "a"]);
  });
});
