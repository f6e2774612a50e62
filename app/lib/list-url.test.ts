import { describe, expect, it } from "vitest";
import {
  clearFilters,
  EMPTY_LIST_STATE,
  facetIds,
  hasFilters,
  isValidFacetId,
  type ListUrlState,
  listIdentity,
  needsNormalizing,
  parseListUrl,
  parsePage,
  parsePrice,
  serializeListUrl,
  toggleFacet,
  withPage,
  withSort,
} from "./list-url.ts";

const FULL =
  "?categories=Jakker~c_12,Bukser~c_14&brands=Fjellrev~b_3&skus=M~s_M&discount=11-15%20%25~d_11-15&p-color=Svart~p_color_black&price=199~1499&sort=PRICE&page=3";

describe("parseListUrl", () => {
  it("reads the example of decision 0009", () => {
    const state = parseListUrl(FULL);
    expect(state).toEqual({
      facets: {
        categories: [
          { label: "Jakker", id: "c_12" },
          { label: "Bukser", id: "c_14" },
        ],
        brands: [{ label: "Fjellrev", id: "b_3" }],
        skus: [{ label: "M", id: "s_M" }],
        discount: [{ label: "11-15 %", id: "d_11-15" }],
        "p-color": [{ label: "Svart", id: "p_color_black" }],
      },
      price: { lowest: 199, highest: 1499 },
      sort: "PRICE",
      page: 3,
      rest: [],
    });
    expect(facetIds(state)).toEqual(["c_12", "c_14", "b_3", "s_M", "d_11-15", "p_color_black"]);
  });

  it("takes the id after the last ~ and ignores the label", () => {
    expect(parseListUrl("?brands=A~b~b_7").facets.brands).toEqual([{ label: "A b", id: "b_7" }]);
    expect(parseListUrl("?brands=Anything at all~b_7").facets.brands?.[0]?.id).toBe("b_7");
    expect(parseListUrl("?brands=b_7").facets.brands).toEqual([{ label: "", id: "b_7" }]);
  });

  it("drops malformed items and keeps the rest", () => {
    const state = parseListUrl(
      "?categories=Jakker~c_12,Bad~x_1,~,,Bukser~c_abc,Sko~c_15&brands=nothing&skus=M~s_M,~s_,L~s_L&price=abc&sort=CHEAPEST&page=abc",
    );
    expect(state.facets).toEqual({
      categories: [
        { label: "Jakker", id: "c_12" },
        { label: "Sko", id: "c_15" },
      ],
      skus: [
        { label: "M", id: "s_M" },
        { label: "L", id: "s_L" },
      ],
    });
    expect(state.price).toBeNull();
    expect(state.sort).toBeNull();
    expect(state.page).toBe(1);
  });

  it("drops ids of another group and duplicates", () => {
    expect(parseListUrl("?brands=X~c_1,Y~b_2,Y again~b_2").facets).toEqual({
      brands: [{ label: "Y", id: "b_2" }],
    });
    expect(parseListUrl("?p-color=X~p_size_m,Y~p_color_red").facets).toEqual({
      "p-color": [{ label: "Y", id: "p_color_red" }],
    });
  });

  it("keeps other parameters untouched and in order", () => {
    const state = parseListUrl("?utm_source=news&brands=F~b_3&x=%C3%A5+b&utm_source=again");
    expect(state.rest).toEqual([
      ["utm_source", "news"],
      ["x", "å b"],
      ["utm_source", "again"],
    ]);
  });

  it("reads a form submitted without JavaScript: repeated groups and the two price fields", () => {
    const state = parseListUrl("?brands=F~b_3&brands=G~b_4&skus=M~s_M&priceFrom=100&priceTo=500&sort=LATEST");
    expect(state.facets.brands).toEqual([
      { label: "F", id: "b_3" },
      { label: "G", id: "b_4" },
    ]);
    expect(state.price).toEqual({ lowest: 100, highest: 500 });
    expect(needsNormalizing("?brands=F~b_3&brands=G~b_4")).toBe(true);
    expect(needsNormalizing("?priceFrom=1&priceTo=2")).toBe(true);
    expect(needsNormalizing("?brands=F~b_3,G~b_4&price=1~2")).toBe(false);
  });

  it("fills an empty price field from the list's bounds and drops a range that is the whole list", () => {
    const bounds = { lowest: 49, highest: 2999 };
    expect(parseListUrl("?priceFrom=&priceTo=500", bounds).price).toEqual({ lowest: 49, highest: 500 });
    expect(parseListUrl("?priceFrom=100&priceTo=", bounds).price).toEqual({ lowest: 100, highest: 2999 });
    expect(parseListUrl("?priceFrom=49&priceTo=2999", bounds).price).toBeNull();
    expect(parseListUrl("?priceFrom=&priceTo=", bounds).price).toBeNull();
    expect(parseListUrl("?priceFrom=900&priceTo=100", bounds).price).toBeNull();
    expect(parseListUrl("?priceFrom=x&priceTo=100", bounds).price).toBeNull();
  });
});

describe("parsePage and parsePrice", () => {
  it.each([
    ["3", 3],
    ["1", 1],
    ["0", 1],
    ["-2", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["", 1],
    [null, 1],
    ["99999999999", 1],
  ] as const)("page=%s → %i", (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });

  it.each([
    ["199~1499", { lowest: 199, highest: 1499 }],
    ["0~10", { lowest: 0, highest: 10 }],
    ["99,50~100.5", { lowest: 99.5, highest: 100.5 }],
    ["1499~199", null],
    ["199", null],
    ["a~b", null],
    ["-1~5", null],
    ["1~2~3", null],
  ] as const)("price=%s", (value, expected) => {
    expect(parsePrice(value)).toEqual(expected);
  });
});

describe("serializeListUrl", () => {
  it("writes the readable form of decision 0009 and reads it back", () => {
    const state = parseListUrl(FULL);
    const written = serializeListUrl(state);
    expect(written).toBe(
      "?categories=Jakker~c_12,Bukser~c_14&brands=Fjellrev~b_3&skus=M~s_M&discount=11-15%20%25~d_11-15&p-color=Svart~p_color_black&price=199~1499&sort=PRICE&page=3",
    );
    expect(parseListUrl(written)).toEqual(state);
  });

  it("round-trips labels with odd characters, kept parameters and decimals", () => {
    const state: ListUrlState = {
      facets: {
        brands: [{ label: "Fjällgård & Søn", id: "b_1" }],
        skus: [{ label: "42 ½", id: "s_42 ½" }],
        "p-material": [{ label: "Ull/Merino", id: "p_material_ull-merino" }],
      },
      price: { lowest: 99.5, highest: 1200 },
      sort: "CUSTOM_2",
      page: 2,
      rest: [
        ["utm_source", "nyhetsbrev"],
        ["q", "a&b=c"],
      ],
    };
    expect(parseListUrl(serializeListUrl(state))).toEqual(state);
  });

  it("strips commas and tildes from labels so they cannot break the list", () => {
    const state = toggleFacet(EMPTY_LIST_STATE, "brands", { label: "A, B ~ C", id: "b_9" }, true);
    const written = serializeListUrl(state);
    expect(written).toBe("?brands=A%20B%20C~b_9");
    expect(parseListUrl(written).facets.brands).toEqual([{ label: "A B C", id: "b_9" }]);
  });

  it("leaves out page 1 and the list's default sort", () => {
    expect(serializeListUrl(EMPTY_LIST_STATE)).toBe("");
    expect(serializeListUrl(withSort(EMPTY_LIST_STATE, "LATEST"), { defaultSort: "LATEST" })).toBe("");
    expect(serializeListUrl(withSort(EMPTY_LIST_STATE, "PRICE"), { defaultSort: "LATEST" })).toBe(
      "?sort=PRICE",
    );
    expect(serializeListUrl(withPage(EMPTY_LIST_STATE, 1))).toBe("");
    expect(serializeListUrl(withPage(EMPTY_LIST_STATE, 4))).toBe("?page=4");
  });

  it("normalizes a form submission to the comma-list form, keeping other parameters", () => {
    const state = parseListUrl("?utm=x&brands=F~b_3&brands=G~b_4&priceFrom=100&priceTo=500&sort=LATEST");
    expect(serializeListUrl(state)).toBe("?brands=F~b_3,G~b_4&price=100~500&sort=LATEST&utm=x");
  });
});

describe("state changes", () => {
  it("toggling a filter, changing the sort or clearing goes back to page 1", () => {
    const start = parseListUrl("?brands=F~b_3&page=4&x=1");
    const added = toggleFacet(start, "brands", { label: "G", id: "b_4" }, true);
    expect(serializeListUrl(added)).toBe("?brands=F~b_3,G~b_4&x=1");
    const removed = toggleFacet(added, "brands", { label: "F", id: "b_3" }, false);
    expect(serializeListUrl(removed)).toBe("?brands=G~b_4&x=1");
    expect(hasFilters(removed)).toBe(true);
    const cleared = clearFilters(withSort(removed, "PRICE"));
    expect(serializeListUrl(cleared)).toBe("?sort=PRICE&x=1");
    expect(hasFilters(cleared)).toBe(false);
    expect(serializeListUrl(toggleFacet(start, "brands", { label: "F", id: "b_3" }, false))).toBe("?x=1");
  });

  it("one list is the same list whatever its page", () => {
    const a = parseListUrl("?brands=F~b_3&page=2");
    const b = parseListUrl("?brands=Other label~b_3&page=5");
    expect(listIdentity("/c/klaer", a)).toBe(listIdentity("/c/klaer", { ...b, facets: a.facets }));
    expect(listIdentity("/c/klaer", a)).not.toBe(listIdentity("/c/klaer", parseListUrl("?brands=F~b_4")));
  });

  it("knows each group's facet ids", () => {
    expect(isValidFacetId("categories", "c_12")).toBe(true);
    expect(isValidFacetId("campaigns", "dc_4")).toBe(true);
    expect(isValidFacetId("discount", "d_81-100")).toBe(true);
    expect(isValidFacetId("skus", "s_42")).toBe(true);
    expect(isValidFacetId("p-color", "p_color_black")).toBe(true);
    expect(isValidFacetId("p-color", "p_color_")).toBe(false);
    expect(isValidFacetId("unknown", "c_12")).toBe(false);
    expect(isValidFacetId("categories", "c_12<script>")).toBe(false);
  });
});
