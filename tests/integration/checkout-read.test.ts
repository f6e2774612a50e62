import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, checkoutSessions, paymentMethods, skus } from "#db/schema/index.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The checkout page's GET writes nothing (issue 13, decision 0039): the loader reads the stored checkout with
 * the read-only `storedCheckout` query and sends `createOrUpdateCheckout` only when a change is needed (the
 * delivery checkout's fee for the goods now, a hosted checkout for the cart as it is now). PGlite, and PostgreSQL
 * with DATABASE_URL.
 */

let shop: Shop;
const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "30", NSHIFT_BASE_URL: "sandbox" });
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.db.db;

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes; each test asserts what it reads.
async function q(query: string, variables: Record<string, unknown>): Promise<any> {
  return (await gql(shop.origin, { query, variables })).body;
}

async function newCart(skip = 0, cheapest = false): Promise<string> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'no'
        where p.type = 'product' and p.active and s.active and s.static = 0
        order by ${cheapest ? sql`pr.selling_minor, s.id` : sql`s.id`} limit 1 offset ${skip}`,
  );
  const skuId = Number(rows[0]?.id);
  await db().update(skus).set({ inStock: 10, oversellable: 0 }).where(eq(skus.id, skuId));
  const body = await q(
    `mutation($skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
      addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
    { skuId, ...no },
  );
  expect(body.errors).toBeUndefined();
  return body.data.addToCart.id;
}

const FIELDS = `zip isReady needsUpdate customerType
  shippingOptions { optionId displayName isSelected feeIncVat }
  paymentOptions { name isSelected paymentType paymentData }
  cart { id summary { total { sellingPriceIncVat } } }`;

async function change(cartId: string, checkout: Record<string, unknown> | null) {
  const body = await q(
    `mutation($cartId: String!, $checkout: CheckoutInputType, $channelId: String, $languageId: String, $marketId: String) {
      createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${FIELDS} } }`,
    { cartId, checkout, ...no },
  );
  expect(body.errors).toBeUndefined();
  return body.data.createOrUpdateCheckout;
}

async function stored(cartId: string) {
  return q(
    `query($cartId: String!, $channelId: String, $languageId: String, $marketId: String) {
      storedCheckout(cartId: $cartId, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${FIELDS} } }`,
    { cartId, ...no },
  );
}

/** What a write would change: the cart's row and the checkout's stored attempts. */
async function written(cartId: string) {
  const [cart] = await db()
    .select({
      version: carts.version,
      updatedAt: carts.updatedAt,
      fee: carts.externalShippingFeeMinor,
      shipping: carts.shippingOptionKey,
    })
    .from(carts)
    .where(eq(carts.id, cartId));
  const sessions = await db()
    .select({
      id: checkoutSessions.id,
      updatedAt: checkoutSessions.updatedAt,
      providerReference: checkoutSessions.providerReference,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.cartId, cartId))
    .orderBy(checkoutSessions.id);
  return { cart, sessions };
}

const page = (cartId: string) =>
  fetch(`${shop.origin}/kassen`, { headers: { cookie: `mili-cart=${cartId}` } });

describe("the checkout page's GET writes nothing", () => {
  it("storedCheckout answers what createOrUpdateCheckout without a change does, and writes nothing", async () => {
    const cartId = await newCart();
    const invoice = await db()
      .select({ key: paymentMethods.key })
      .from(paymentMethods)
      .where(eq(paymentMethods.key, "invoice"));
    expect(invoice).toHaveLength(1);
    await change(cartId, { zip: "0154", shippingOptionId: "own:pickup-point", paymentMethod: "invoice" });
    const before = await written(cartId);
    const read = await stored(cartId);
    expect(read.errors).toBeUndefined();
    expect(read.data.storedCheckout.needsUpdate).toBe(false);
    expect(await written(cartId)).toEqual(before);
    const mutated = await change(cartId, null);
    expect(read.data.storedCheckout).toEqual(mutated);
    expect(mutated.shippingOptions.find((o: { isSelected: boolean }) => o.isSelected).optionId).toBe(
      "own:pickup-point",
    );
  });

  it("GET /kassen shows the stored choices without writing the checkout or the cart", async () => {
    const cartId = await newCart(1);
    await change(cartId, { zip: "0154", shippingOptionId: "own:pickup-point", paymentMethod: "invoice" });
    const before = await written(cartId);
    for (let i = 0; i < 3; i++) {
      const res = await page(cartId);
      expect(res.status).toBe(200);
      const html = await res.text();
      const checked = (html.match(/<input[^>]*checked=""[^>]*>/g) ?? []).join("\n");
      expect(checked).toContain('value="own:pickup-point"');
      expect(checked).toContain('value="invoice"');
    }
    expect(await written(cartId)).toEqual(before);
  });

  it("a delivery checkout's fee that changed with the goods: needsUpdate, and the page's GET brings it up to date", async () => {
    const cartId = await newCart(0, true);
    // A price under the delivery checkout's free-shipping threshold (599 NOK) for one, over it for nine.
    await db().execute(
      sql`update prices set selling_minor = 10000, regular_minor = 10000 where market_alias = 'no'
          and sku_id = (select sku_id from cart_items where cart_id = ${cartId} limit 1)`,
    );
    const first = await change(cartId, { zip: "0154", shippingOptionId: "nshift:sandbox-pickup" });
    const fee = first.shippingOptions.find((o: { isSelected: boolean }) => o.isSelected).feeIncVat;
    expect(fee).toBeGreaterThan(0);
    const { cart } = await written(cartId);
    // More goods than the threshold: the delivery checkout's fee is now 0, the cart's still the old one.
    await db().execute(sql`update cart_items set quantity = 9 where cart_id = ${cartId}`);
    const read = await stored(cartId);
    expect(read.errors).toBeUndefined();
    expect(read.data.storedCheckout.needsUpdate).toBe(true);
    expect((await written(cartId)).cart?.fee).toBe(cart?.fee);
    expect((await page(cartId)).status).toBe(200);
    expect((await written(cartId)).cart?.fee).toBe(0);
    expect((await stored(cartId)).data.storedCheckout.needsUpdate).toBe(false);
  });

  it("a hosted checkout: its open session's snippet is read; after a cart change the page opens a new one", async () => {
    const cartId = await newCart(3);
    const opened = await change(cartId, {
      zip: "0154",
      shippingOptionId: "own:pickup-point",
      paymentMethod: "card-checkout",
    });
    const snippet = opened.paymentOptions.find((p: { isSelected: boolean }) => p.isSelected).paymentData;
    expect(snippet).toContain("<");
    const before = await written(cartId);
    const read = await stored(cartId);
    expect(read.errors).toBeUndefined();
    expect(read.data.storedCheckout.needsUpdate).toBe(false);
    expect(
      read.data.storedCheckout.paymentOptions.find((p: { isSelected: boolean }) => p.isSelected).paymentData,
    ).toBe(snippet);
    const res = await page(cartId);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("data-hosted");
    expect(await written(cartId)).toEqual(before);
    // The cart changes (another item): the open session is an older cart's; the page's GET opens this one's.
    await db().execute(sql`update carts set version = version + 1 where id = ${cartId}`);
    expect((await stored(cartId)).data.storedCheckout.needsUpdate).toBe(true);
    expect((await page(cartId)).status).toBe(200);
    const after = await written(cartId);
    expect(after.sessions.filter((s) => s.providerReference).length).toBeGreaterThan(
      before.sessions.filter((s) => s.providerReference).length,
    );
    expect((await stored(cartId)).data.storedCheckout.needsUpdate).toBe(false);
  });

  it("an unknown or malformed cart id is refused with a stable code and changes nothing", async () => {
    for (const cartId of ["00000000-0000-4000-8000-000000000000", "not-a-cart"]) {
      const read = await stored(cartId);
      expect(read.data?.storedCheckout ?? null).toBeNull();
      expect(read.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      expect(read.errors?.[0]?.extensions?.reason).toBe("INVALID_CART_ID");
    }
  });
});
