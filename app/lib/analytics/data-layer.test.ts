import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { statisticsAllowed } from "../client/analytics.ts";
import { createEventBus } from "../client/event-bus.ts";
import { createImpressionBatcher } from "../list-impressions.ts";
import {
  ECOMMERCE_EVENTS,
  ecommerceEntry,
  ga4Item,
  hashedUser,
  type PageContext,
  pageEntries,
  pageType,
  userFields,
} from "./data-layer.ts";
import { createWriter, ORIGINAL_LOCATION_KEY, sha256Hex } from "./writer.ts";

const page: PageContext = {
  route: "root.product-c1",
  language: "nb",
  market: "no",
  currency: "NOK",
  customer_type: "PERSON",
  signed_in: false,
};
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("ga4Item", () => {
  it("keeps what is known, rounds money, and buckets the shown reduction as sales_type", () => {
    expect(
      ga4Item(
        {
          item_id: "A-1",
          item_name: "Jakke",
          item_brand: "Fjällgård",
          item_category: "Jakker",
          item_variant: "M",
          price: 399.004,
          discount: 100.1,
          discount_percent: 20,
          quantity: 2,
          index: 3,
        },
        { id: "/c/klaer/jakker", name: "Jakker" },
      ),
    ).toEqual({
      item_id: "A-1",
      item_name: "Jakke",
      item_brand: "Fjällgård",
      item_category: "Jakker",
      item_variant: "M",
      item_list_id: "/c/klaer/jakker",
      item_list_name: "Jakker",
      price: 399,
      discount: 100.1,
      quantity: 2,
      index: 3,
      sales_type: "reduced_16-20",
    });
    expect(
      ga4Item({ item_id: "B", item_name: " ", price: null, discount: 0, discount_percent: null }),
    ).toEqual({
      item_id: "B",
      sales_type: "full_price",
    });
    expect(ga4Item({ item_id: "B", discount_percent: 0 }).sales_type).toBe("full_price");
    // Not known (an order row): no sales_type rather than a guessed one.
    expect(ga4Item({ item_id: "B" })).toEqual({ item_id: "B" });
    // A broken percentage is no bucket rather than a wrong one.
    expect(ga4Item({ item_id: "C", discount_percent: 140 })).toEqual({ item_id: "C" });
  });
});

describe("ecommerceEntry", () => {
  it("maps every ecommerce event of the bus, and nothing else", () => {
    expect(Object.values(ECOMMERCE_EVENTS).sort()).toEqual(
      [
        "add_to_cart",
        "add_to_wishlist",
        "begin_checkout",
        "purchase",
        "remove_from_cart",
        "select_item",
        "view_item",
        "view_item_list",
      ].sort(),
    );
    for (const type of ["page:impression", "market:change", "favorite:remove", "cart", "unknown"]) {
      expect(ecommerceEntry(type, {}, page)).toBeNull();
    }
    expect(ecommerceEntry("favorite:add", { items: [{ item_id: "A" }] }, page)?.event).toBe(
      "add_to_wishlist",
    );
  });

  it("takes the page's currency when the event has none and sums the items when it has no value", () => {
    const entry = ecommerceEntry(
      "view_item_list",
      {
        item_list_id: "/b/x",
        item_list_name: "X",
        items: [
          { item_id: "1", price: 10.1, index: 0 },
          { item_id: "2", price: 20.2, quantity: 2, index: 1 },
        ],
      },
      { ...page, currency: "sek" },
    );
    expect(entry).toMatchObject({
      event: "view_item_list",
      ecommerce: {
        currency: "SEK",
        value: 50.5,
        item_list_id: "/b/x",
        item_list_name: "X",
        items: [
          { item_id: "1", item_list_id: "/b/x", index: 0 },
          { item_id: "2", item_list_name: "X", quantity: 2, index: 1 },
        ],
      },
    });
    expect(entry).not.toHaveProperty("user_data");
  });

  it("gives purchase its fields and the hashed user, never the user in the clear", () => {
    const entry = ecommerceEntry(
      "purchase",
      {
        transaction_id: "NO-1001",
        currency: "NOK",
        value: 1249.5,
        tax: 249.9,
        shipping: 49,
        coupon: "SOMMER",
        total_discount: 100,
        nth_purchase: 2,
        country: "no",
        items: [{ item_id: "A", price: 600.25, quantity: 2 }],
        user: { email: "Kari@Example.no" },
      },
      page,
      hashedUser({ email: sha("kari@example.no"), zip: sha("0154") }),
    );
    expect(entry).toEqual({
      event: "purchase",
      ecommerce: {
        currency: "NOK",
        value: 1249.5,
        transaction_id: "NO-1001",
        tax: 249.9,
        shipping: 49,
        total_discount: 100,
        nth_purchase: 2,
        country: "NO",
        coupon: "SOMMER",
        items: [{ item_id: "A", price: 600.25, quantity: 2 }],
      },
      user_data: {
        sha256_email_address: sha("kari@example.no"),
        address: { sha256_postal_code: sha("0154") },
      },
    });
    expect(JSON.stringify(entry)).not.toContain("xample");
  });

  it("never lets a shopper's clear text through, whatever the event carries (property)", () => {
    const word = fc.string({ minLength: 3 }).map((s) => `§${s}§`);
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(ECOMMERCE_EVENTS)),
        fc.record({ email: word, first_name: word, last_name: word, zip: word }, { requiredKeys: [] }),
        fc.array(
          fc.record({
            item_id: fc.string(),
            price: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }),
            quantity: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
            discount_percent: fc.option(fc.double({ min: -10, max: 110, noNaN: true }), { nil: undefined }),
          }),
          { maxLength: 6 },
        ),
        (type, user, items) => {
          const entry = ecommerceEntry(type, { items, user }, page, null);
          expect(entry).not.toBeNull();
          const json = JSON.stringify(entry);
          expect(json).not.toContain("§");
          const ecommerce = entry?.ecommerce as { value: number; items: unknown[]; currency: string };
          expect(ecommerce.items).toHaveLength(items.length);
          expect(Number.isFinite(ecommerce.value)).toBe(true);
          expect(Math.round(ecommerce.value * 100) / 100).toBe(ecommerce.value);
          expect(ecommerce.currency).toBe("NOK");
        },
      ),
    );
  });
});

describe("user data", () => {
  it("hashes the trimmed, lower-cased text; empty fields are left out", () => {
    expect(
      userFields({ email: "  Kari@Example.NO ", first_name: "", last_name: null, zip: " 0154" }),
    ).toEqual([
      { key: "email", value: "kari@example.no" },
      { key: "zip", value: "0154" },
    ]);
    expect(userFields(undefined)).toEqual([]);
    expect(hashedUser({})).toBeNull();
    expect(hashedUser({ first_name: "a", last_name: "b" })).toEqual({
      address: { sha256_first_name: "a", sha256_last_name: "b" },
    });
  });

  it("hashes with SHA-256 in lower-case hex, as any other SHA-256 does (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (text) => {
        expect(await sha256Hex(text)).toBe(sha(text));
      }),
      { numRuns: 50 },
    );
  });
});

describe("page entries", () => {
  const impression = {
    path: "/c/klaer",
    search: "?utm_source=x",
    page: { ...page, route: "root.list-category" },
  };

  it("reports the landing URL once per session, a virtual page view for every later page, page_data on each", () => {
    expect(
      pageEntries(impression, {
        origin: "https://mili.no",
        firstInDocument: true,
        firstInSession: true,
        referrer: "https://s.example/",
      }),
    ).toEqual([
      {
        event: "original_location",
        original_location: "https://mili.no/c/klaer?utm_source=x",
        original_referrer: "https://s.example/",
      },
      {
        event: "page_data",
        page_type: "list",
        language: "nb",
        market: "no",
        currency: "NOK",
        customer_type: "PERSON",
        signed_in: false,
        page_path: "/c/klaer",
      },
    ]);
    const later = pageEntries(impression, {
      origin: "https://mili.no",
      firstInDocument: false,
      firstInSession: false,
      title: "Klær",
    });
    expect(later.map((e) => e.event)).toEqual(["virtual_page_view", "page_data"]);
    expect(later[0]).toEqual({
      event: "virtual_page_view",
      page_location: "https://mili.no/c/klaer?utm_source=x",
      page_path: "/c/klaer?utm_source=x",
      page_title: "Klær",
    });
  });

  it("names the page type of every screen's route id", () => {
    const cases: [string | undefined, string][] = [
      ["root.home", "home"],
      ["sv.home", "home"],
      ["root.product-c2", "product"],
      ["market.package", "product"],
      ["root.list-category-parent", "list"],
      ["root.news", "list"],
      ["sv.list-search", "search"],
      ["root.checkout.nb", "checkout"],
      ["sv.checkout-confirm", "confirmation"],
      ["root.account-orders.nb", "account"],
      ["root.content-alias", "content"],
      ["root.not-found-page", "not_found"],
      ["root.favorites.sv", "favorites"],
      ["root", "root"],
      [undefined, "other"],
    ];
    for (const [route, type] of cases) expect(pageType(route), String(route)).toBe(type);
  });
});

describe("the writer", () => {
  function setup() {
    const dataLayer: Record<string, unknown>[] = [];
    const stored = new Map<string, string>();
    const writer = createWriter({
      dataLayer: { push: (entry) => dataLayer.push(entry as Record<string, unknown>) },
      session: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      origin: "https://mili.se",
      title: () => "Mili",
      referrer: () => "",
      sha256: sha256Hex,
    });
    return { dataLayer, stored, writer };
  }

  it("writes the bus in order, clears ecommerce before each ecommerce event, hashes the purchase's user", async () => {
    const { dataLayer, stored, writer } = setup();
    const bus = createEventBus(() => 0);
    bus.subscribe((e) => writer.write(e));
    bus.push("page:impression", {
      path: "/sv",
      search: "",
      page: { ...page, route: "sv.home", currency: "SEK" },
    });
    const batcher = createImpressionBatcher((e) => bus.push("view_item_list", e), { id: "/sv", name: "Hem" });
    for (let i = 0; i < 10; i++) batcher.add({ item_id: `A${i}`, item_name: `Vara ${i}`, index: i });
    batcher.flush();
    bus.push("market:change", { market: "se" });
    bus.push("purchase", { transaction_id: "SE-1", items: [], user: { email: " Sven@Example.se" } });
    bus.push("page:impression", { path: "/sv/kassan", search: "", page: { ...page, route: "sv.checkout" } });
    await writer.done();
    expect(dataLayer.map((e) => e.event ?? "(clear)")).toEqual([
      "original_location",
      "page_data",
      "(clear)",
      "view_item_list",
      "(clear)",
      "view_item_list",
      "(clear)",
      "view_item_list",
      "(clear)",
      "purchase",
      "virtual_page_view",
      "page_data",
    ]);
    const lists = dataLayer.filter((e) => e.event === "view_item_list") as {
      ecommerce: { currency: string; items: unknown[] };
    }[];
    expect(lists.map((e) => e.ecommerce.items.length)).toEqual([4, 4, 2]);
    expect(lists[0]?.ecommerce.currency).toBe("SEK");
    expect(dataLayer.find((e) => e.event === "purchase")?.user_data).toEqual({
      sha256_email_address: sha("sven@example.se"),
    });
    expect(JSON.stringify(dataLayer)).not.toContain("xample");
    expect(stored.get(ORIGINAL_LOCATION_KEY)).toBe("1");
  });

  it("reports the landing page once per session: a second document of the session sends no original_location", async () => {
    const { dataLayer, stored } = setup();
    stored.set(ORIGINAL_LOCATION_KEY, "1");
    const second = createWriter({
      dataLayer: { push: (entry) => dataLayer.push(entry as Record<string, unknown>) },
      session: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      origin: "https://mili.no",
      title: () => "",
      referrer: () => "",
      sha256: sha256Hex,
    });
    second.write({ type: "page:impression", data: { path: "/", search: "", page }, timestamp: 0 });
    await second.done();
    expect(dataLayer.map((e) => e.event)).toEqual(["page_data"]);
  });
});

describe("the consent switch", () => {
  it("loads the writer only with consent to statistics", () => {
    expect(statisticsAllowed("mili-consent=s1m0")).toBe(true);
    expect(statisticsAllowed("a=b; mili-consent=s1m1; c=d")).toBe(true);
    for (const cookies of [
      "",
      "mili-consent=s0m1",
      "mili-consent=s0m0",
      "mili-consent=yes",
      "x-mili-consent=s1m1",
    ]) {
      expect(statisticsAllowed(cookies), cookies).toBe(false);
    }
  });
});
