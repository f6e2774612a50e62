import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOperations, buildDocument, operation, variablesOf } from "#tests/compat/geins/build.ts";
import { checkOperation } from "#tests/compat/geins/check.ts";
import type { ContextKey, OperationRecord } from "#tests/compat/geins/types.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 11, Geins compatibility, as a ratchet: the operations of geins-io/ralph-ui and geins-io/geins-sdk
 * recorded in tests/compat/geins/ that validate against schema.graphql are exactly those listed here, and each
 * listed one runs against the demo catalog (PGlite, and PostgreSQL with DATABASE_URL) without errors and with
 * data. When a change makes more operations valid, add them here: they then have to run too. `node
 * scripts/geins-compat.ts` says what the others still lack.
 */
const VALID = [
  "geins-sdk/MenuAtLocation",
  "geins-sdk/addPackageToCart",
  "geins-sdk/addToCart",
  "geins-sdk/cloneCart",
  "geins-sdk/completeCart",
  "geins-sdk/createCart",
  "geins-sdk/getCart",
  "geins-sdk/getChannel",
  "geins-sdk/getChannels",
  "geins-sdk/setCartMerchantData",
  "geins-sdk/setCartPromoCode",
  "geins-sdk/updateCartGroup",
  "geins-sdk/updateCartItem",
  "geins-sdk/updateSilentCartItem",
  "geins-sdk/widgetArea",
  "geins-sdk/widgetAreaPageAlias",
  "ralph-ui/addToCart",
  "ralph-ui/brands",
  "ralph-ui/categories",
  "ralph-ui/channel",
  "ralph-ui/completeCart",
  "ralph-ui/getCart@confirm",
  "ralph-ui/getCart@get",
  "ralph-ui/getMenuAtLocation",
  "ralph-ui/listPageInfo@brand-page",
  "ralph-ui/listPageInfo@category-page",
  "ralph-ui/listPageInfo@discountCampaign-page",
  "ralph-ui/listPageInfo@list-page",
  "ralph-ui/listPageInfo@list-page-info",
  "ralph-ui/product",
  "ralph-ui/productPriceHistory",
  "ralph-ui/products@brands-by-products",
  "ralph-ui/products@list-filters",
  "ralph-ui/products@products",
  "ralph-ui/products@search",
  "ralph-ui/queryReviews",
  // Signed in: run by tests/integration/reviews-api.test.ts.
  "ralph-ui/postProductReview",
  // Back in stock (issue 14): the restock e-mail is tests/integration/back-in-stock.test.ts.
  "ralph-ui/monitorProductAvailability",
  "ralph-ui/relatedProducts",
  "ralph-ui/setCartPromoCode",
  "ralph-ui/subscribeToNewsletter",
  "ralph-ui/updateCartItem",
  "ralph-ui/widgetArea",
  // Accounts (issue 12): run signed in by tests/integration/accounts-api.test.ts.
  "ralph-ui/getUser",
  "ralph-ui/updateUser@register",
  "ralph-ui/updateUser@update",
  "ralph-ui/requestPasswordReset",
  "ralph-ui/commitReset",
  "ralph-ui/deleteUser",
  "geins-sdk/UserGet",
  "geins-sdk/UserCreate",
  "geins-sdk/UserUpdate",
  "geins-sdk/UserRequestPasswordReset",
  "geins-sdk/UserPasswordResetCommit",
  "geins-sdk/UserDelete",
  "ralph-ui/getOrders",
  "geins-sdk/UserOrders",
  // Checkout and orders (issue 13). placeOrder and the order operations run with a real purchase, signed in and
  // as a guest, in tests/integration/checkout-api.test.ts; the rest run here with the clients' examples.
  "ralph-ui/createOrUpdateCheckout",
  "ralph-ui/setCartShippingFee",
  "ralph-ui/placeOrder",
  "ralph-ui/checkout",
  "ralph-ui/getCheckout",
  "ralph-ui/getCheckoutAndOrder",
  "geins-sdk/createOrUpdateCheckout",
  "geins-sdk/setCartShippingFee",
  "geins-sdk/placeOrder",
  "geins-sdk/checkout",
  "geins-sdk/checkoutSummary",
  "geins-sdk/validateOrderConditions",
  "geins-sdk/validateOrderCreation",
  "geins-sdk/getOrderPublic",
];

/** Run elsewhere with the data they need (see above), or signed in (review posting: reviews-api.test.ts). */
const RUN_ELSEWHERE = new Set(["ralph-ui/placeOrder", "geins-sdk/placeOrder", "ralph-ui/postProductReview"]);

const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));

describe("Geins client operations against schema.graphql", () => {
  it("validate exactly as listed", () => {
    const valid = allOperations()
      .filter((op) => checkOperation(schema, op).valid)
      .map((op) => op.id)
      .sort();
    expect(valid).toEqual([...VALID].sort());
  });

  it("take the listed operations' example variables as the clients send them", () => {
    for (const id of VALID) {
      for (const example of checkOperation(schema, operation(id)).examples) {
        expect({ id, example: example.label, problems: example.problems }).toEqual({
          id,
          example: example.label,
          problems: [],
        });
      }
    }
  });
});

const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };

let shop: Shop;
let context: Partial<Record<ContextKey, unknown>> = {};

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes; each caller asserts what it reads.
async function run(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const { status, body } = await gql(shop.origin, { query, variables: { ...se, ...variables } });
  expect(body.errors).toBeUndefined();
  expect(status).toBe(200);
  return body.data;
}

/**
 * Carts and the demo package the examples refer to. Only names that Mili and the Geins API share (and
 * literal arguments, which name no input type), so this keeps working while the schema moves to Geins' names.
 */
async function prepareContext(): Promise<Partial<Record<ContextKey, unknown>>> {
  const cartArgs = "$channelId: String, $languageId: String, $marketId: String";
  const pass = "channelId: $channelId, languageId: $languageId, marketId: $marketId";
  const newCart = async (skuId: number) =>
    (
      await run(
        `mutation(${cartArgs}) { addToCart(id: "", item: {skuId: ${skuId}, quantity: 1}, ${pass}) { id items { id skuId } } }`,
      )
    ).addToCart as { id: string; items: { id: string; skuId: number }[] };

  const list = await run(
    `query(${cartArgs}) { products(take: 200, ${pass}) { products { productId type
      productPackage { groups { groupId required options { optionId product { skus { skuId stock { totalStock } } } } } } } } }`,
  );
  type Option = { optionId: number; product: { skus: { skuId: number; stock: { totalStock: number } }[] } };
  type Group = { groupId: number; required: boolean; options: Option[] };
  const pkg = (
    list.products.products as {
      productId: number;
      type: string;
      productPackage: { groups: Group[] } | null;
    }[]
  ).find((p) => p.type === "package" && p.productPackage);
  if (!pkg?.productPackage) throw new Error("the demo catalog has no package");
  const selections = pkg.productPackage.groups
    .filter((g) => g.required)
    .map((g) => {
      for (const option of g.options) {
        // Enough stock for the examples that raise the package quantity while other examples add to the cart.
        const sku = option.product.skus.find((s) => s.stock.totalStock >= 10);
        if (sku) return { groupId: g.groupId, optionId: option.optionId, skuId: sku.skuId };
      }
      throw new Error(`no option in stock in package group ${g.groupId}`);
    });

  const cart = await newCart(2);
  const literal = selections.map(
    (s) => `{groupId: ${s.groupId}, optionId: ${s.optionId}, skuId: ${s.skuId}}`,
  );
  const withPackage = (
    await run(
      `mutation($id: String!, ${cartArgs}) { addPackageToCart(id: $id, packageId: ${pkg.productId}, selections: [${literal.join(", ")}], ${pass}) { id items { id skuId groupKey } } }`,
      { id: cart.id },
    )
  ).addPackageToCart as { items: { id: string; skuId: number; groupKey: string | null }[] };
  const group = withPackage.items.find((i) => i.groupKey);
  if (!group?.groupKey) throw new Error("the package has no group key in the cart");

  const completed = await newCart(7);
  await run(`mutation($id: String!, ${cartArgs}) { completeCart(id: $id, ${pass}) { id } }`, {
    id: completed.id,
  });
  const toComplete = await newCart(8);

  return {
    cartId: cart.id,
    cartItemId: cart.items[0]?.id,
    cartGroupKey: group.groupKey,
    completedCartId: completed.id,
    cartToCompleteId: toComplete.id,
    packageId: pkg.productId,
    packageSelections: selections,
  };
}

/** The keys the operation's root fields answer under. */
function rootKeys(op: OperationRecord): string[] {
  return op.select
    .map((s) => (typeof s === "string" ? s : "field" in s ? (s.alias ?? s.field) : ""))
    .filter(Boolean);
}

function expectData(value: unknown, path: string) {
  expect(value, `${path} is empty`).not.toBeNull();
  expect(value, `${path} is empty`).not.toBeUndefined();
  if (Array.isArray(value)) expect(value.length, `${path} is an empty list`).toBeGreaterThan(0);
  else if (typeof value === "object")
    expect(Object.keys(value as object).length, `${path} has no fields`).toBeGreaterThan(0);
  else if (typeof value === "boolean") expect(value, `${path} is false`).toBe(true);
}

describe("the listed Geins client operations run against the demo catalog", () => {
  beforeAll(async () => {
    // The context is found with one 200-product query of packages (over the API's cost limit, decision 0018).
    shop = await startShop({ GRAPHQL_MAX_COST: "1000000" });
    context = await prepareContext();
  });
  afterAll(async () => {
    await shop?.close();
  });

  for (const id of VALID) {
    const op = operation(id);
    // Account and order operations need a signed-in shopper (register, update, reset, delete, their orders) or a
    // placed order: tests/integration/accounts-api.test.ts and checkout-api.test.ts run them with the clients'
    // documents; review posting runs signed in in tests/integration/reviews-api.test.ts.
    if (op.area === "account" || op.area === "order" || RUN_ELSEWHERE.has(id)) continue;
    for (const example of op.examples) {
      it(`${id}: ${example.label}`, async () => {
        const { status, body } = await gql(shop.origin, {
          operationName: op.name,
          query: buildDocument(op),
          variables: variablesOf(example, context),
        });
        expect(body.errors).toBeUndefined();
        expect(status).toBe(200);
        for (const key of rootKeys(op)) expectData(body.data?.[key], key);
      });
    }
  }

  // What the clients rely on beyond the shape (docs/geins-compat-plan.md §5, decision 0019).

  it("categories: every category in one flat list, the top level with parentCategoryId 0", async () => {
    const { categories } = await run(
      `query($channelId: String, $languageId: String, $marketId: String) { categories(channelId: $channelId, languageId: $languageId, marketId: $marketId) { categoryId parentCategoryId order alias } }`,
    );
    const ids = new Set(categories.map((c: { categoryId: number }) => c.categoryId));
    const top = categories.filter((c: { parentCategoryId: number }) => c.parentCategoryId === 0);
    expect(top.length).toBeGreaterThan(0);
    expect(top.length).toBeLessThan(categories.length);
    for (const c of categories) expect(c.parentCategoryId === 0 || ids.has(c.parentCategoryId)).toBe(true);
    expect(new Set(categories.map((c: { alias: string }) => c.alias)).size).toBe(categories.length);
  });

  it("facets: found by type, and a value's facetId sent back narrows the list", async () => {
    const query = `query($filter: FilterInputType, $channelId: String, $languageId: String, $marketId: String) {
      products(take: 0, filter: $filter, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        count filters { facets { type filterId values { _id facetId count } } } } }`;
    const all = (await run(query)).products;
    const types = all.filters.facets.map((f: { type: string }) => f.type);
    for (const kind of ["Category", "Brand", "Sku", "Price", "Parameter"]) expect(types).toContain(kind);
    for (const type of types)
      expect(["Category", "Brand", "Sku", "Price", "Discount", "Parameter", "Campaign"]).toContain(type);
    const ids = all.filters.facets.flatMap((f: { values: { _id: string }[] }) => f.values.map((v) => v._id));
    expect(new Set(ids).size).toBe(ids.length);
    const brand = all.filters.facets.find((f: { type: string }) => f.type === "Brand").values[0];
    const narrowed = (await run(query, { filter: { facets: [brand.facetId] } })).products;
    expect(narrowed.count).toBe(brand.count);
    expect(narrowed.count).toBeLessThan(all.count);
    // A price band's id (pr_{lowest}-{highest}) narrows the list too (tests/integration/price-facet.test.ts).
    const band = all.filters.facets.find((f: { type: string }) => f.type === "Price").values[0];
    expect(band.facetId).toMatch(/^pr_\d+-\d+$/);
    const cheap = (await run(query, { filter: { facets: [band.facetId] } })).products;
    expect(cheap.count).toBe(band.count);
    expect(cheap.count).toBeLessThan(all.count);
  });

  it("getCart(includeCompleted: true) answers the completed cart; without it, a new one", async () => {
    const query = `query($id: String, $inc: Boolean, $channelId: String, $languageId: String, $marketId: String) {
      getCart(id: $id, includeCompleted: $inc, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id isCompleted items { skuId } } }`;
    const completed = (await run(query, { id: context.completedCartId, inc: true })).getCart;
    expect(completed).toMatchObject({ id: context.completedCartId, isCompleted: true });
    expect(completed.items.length).toBe(1);
    const fresh = (await run(query, { id: context.completedCartId, inc: false })).getCart;
    expect(fresh.id).not.toBe(context.completedCartId);
    expect(fresh.isCompleted).toBe(false);
  });

  it("cloneCart copies the items into a new cart and leaves the original", async () => {
    const query = `mutation($id: String!, $channelId: String, $languageId: String, $marketId: String) {
      cloneCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id items { skuId quantity productPackage { packageId packageName groupId optionId } } } }`;
    const clone = (await run(query, { id: context.cartId })).cloneCart;
    expect(clone.id).not.toBe(context.cartId);
    expect(clone.items.map((i: { skuId: number }) => i.skuId)).toContain(2);
    const pkg = clone.items.find((i: { productPackage: unknown }) => i.productPackage)?.productPackage;
    expect(pkg.packageId).toBe(context.packageId);
    expect(pkg.packageName).not.toBe("");
    expect((context.packageSelections as { groupId: number }[]).map((s) => s.groupId)).toContain(pkg.groupId);
    expect(pkg.optionId).toBeGreaterThan(0);
  });

  it("related products carry their relation; the price log marks exactly one lowest entry", async () => {
    const { products } = await run(
      `query($channelId: String, $languageId: String, $marketId: String) { products(take: 1, filter: {sort: PRICE}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { products { alias } } }`,
    );
    const alias = products.products[0].alias;
    const data = await run(
      `query($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
        relatedProducts(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) { relation product { productId } }
        productPriceHistory(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) { isLowest } }`,
      { alias },
    );
    expect(data.relatedProducts.length).toBeGreaterThan(0);
    for (const r of data.relatedProducts) expect(["RELATED", "ACCESSORIES", "SIMILAR"]).toContain(r.relation);
    expect(data.productPriceHistory.filter((p: { isLowest: boolean }) => p.isLowest).length).toBe(1);
  });

  it("FACET_ORDER answers the products in the order of productIds", async () => {
    const query = `query($filter: FilterInputType, $channelId: String, $languageId: String, $marketId: String) {
      products(take: 3, filter: $filter, channelId: $channelId, languageId: $languageId, marketId: $marketId) { products { productId } } }`;
    const ids = (
      await run(query, { filter: { productIds: [3, 1, 2], sort: "FACET_ORDER" } })
    ).products.products.map((p: { productId: number }) => p.productId);
    expect(ids).toEqual([3, 1, 2]);
  });
});
