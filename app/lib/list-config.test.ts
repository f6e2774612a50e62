import { describe, expect, it } from "vitest";
import { defaultSortFor, LIST_CONFIG, sortOptions } from "./list-config.ts";

describe("the list's default sort", () => {
  it("is the route's custom sort, else RELEVANCE on search, else productListDefaultSort", () => {
    expect(defaultSortFor({ name: "news" })).toBe("LATEST");
    expect(defaultSortFor({ name: "list-search", search: true })).toBe("RELEVANCE");
    expect(defaultSortFor({ name: "list-category" })).toBe(LIST_CONFIG.productListDefaultSort);
    const config = {
      productListDefaultSort: "MOST_SOLD" as const,
      searchDefaultSort: "RELEVANCE" as const,
      customSortRoutes: [{ name: "list-search", sort: "LATEST" as const }],
    };
    expect(defaultSortFor({ name: "list-search", search: true }, config)).toBe("LATEST");
    expect(defaultSortFor({ name: "list-brand" }, config)).toBe("MOST_SOLD");
  });

  it("offers relevance on search and best match elsewhere, with the same five others", () => {
    expect(sortOptions(true)).toEqual([
      "RELEVANCE",
      "LATEST",
      "CUSTOM_2",
      "PRICE",
      "PRICE_DESC",
      "MOST_SOLD",
    ]);
    expect(sortOptions(false)[0]).toBe("CUSTOM_1");
  });
});
