import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#db/schema/index.ts";
import { toDecimal } from "#domain/money.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * An order's cart is what was bought (issue 13): `OrderType.cart` is built from the order's line snapshots, so a
 * price changed after the purchase does not change it, and a page of orders costs the same statements whether it
 * holds one order or many (no cart is re-priced per order). A delivery checkout's option (nShift) is charged with the
 * fee its provider asks, in the order's total and shipping snapshot. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let ctx: CartContext;
let skuIds: number[] = [];
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };

beforeAll(async () => {
  shop = await startShop({
    SEED_PRODUCTS: "20",
    RATE_LIMITS: "register.ip=100/3600,auth.challenge.ip=100/60",
    NSHIFT_BASE_URL: "sandbox",
  });
  const db = shop.db.db;
  const ref = await createReferenceCache(db).get();
  ctx = { ref, locale: resolveLocale(ref, se).locale };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id
        join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active order by s.id limit 3`,
  );
  skuIds = rows.map((r) => Number(r.id));
  await db.execute(
    sql`update skus set in_stock = 1000, static = 0 where id in ${sql.raw(`(${skuIds.join(",")})`)}`,
  );
});
afterAll(async () => {
  await shop?.close();
});

const buyer = {
  customerType: "PERSON",
  identityNumber: "900101-0017",
  billingAddress: {
    firstName: "Sven",
    lastName: "Svensson",
    addressLine1: "Storgatan 1",
    zip: "11434",
    city: "Stockholm",
    mobile: "0701234567",
  },
  zip: "11434",
  shippingOptionId: "own:pickup-point",
  paymentMethod: "invoice",
  acceptedTerms: true,
};

/** Places an order of the given lines by invoice (signed in when a token is given); answers its public id. */
async function buy(lines: [number, number][], email: string, token?: string): Promise<string> {
  let cartId: string | null = null;
  for (const [skuId, quantity] of lines)
    cartId = (await addToCart(shop.db.db, ctx, cartId, { skuId, quantity })).id;
  const { body } = await gql(
    shop.origin,
    {
      query: `mutation Place($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $marketId: String, $languageId: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) { publicId }
      }`,
      variables: { ...se, cartId, checkout: { ...buyer, email } },
    },
    token ? { authorization: `Bearer ${token}` } : {},
  );
  expect(body.errors).toBeUndefined();
  return body.data.placeOrder.publicId as string;
}

const CART = `cart {
  id isCompleted currency promoCode
  items { skuId quantity name articleNumber skuName
    unitPrice { sellingPriceIncVat regularPriceIncVat }
    totalPrice { sellingPriceIncVat vat }
    campaign { appliedCampaigns { name } } }
  summary {
    subTotal { sellingPriceIncVat }
    shipping { feeIncVat }
    total { sellingPriceIncVat vat discountIncVat }
    balance { pending totalSellingPriceExBalanceIncVat }
  }
}`;

describe("OrderType.cart", () => {
  it("is the order as bought: names, SKUs, prices, VAT and totals of the snapshot; a later price change does not touch it", async () => {
    const [a, b] = skuIds as [number, number];
    const publicId = await buy(
      [
        [a, 2],
        [b, 1],
      ],
      "snapshot@example.se",
    );
    const read = async () => {
      const { body } = await gql(shop.origin, {
        query: `query O($id: Guid!, $channelId: String, $marketId: String, $languageId: String) {
          getOrderPublic(publicOrderId: $id, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
            orderTotal { sellingPriceIncVat } vat { sellingPriceIncVat } ${CART} }
        }`,
        variables: { ...se, id: publicId },
      });
      expect(body.errors).toBeUndefined();
      return body.data.getOrderPublic;
    };
    const before = await read();
    const [row] = await shop.db.db.select().from(orders).where(eq(orders.publicId, publicId));
    if (!row) throw new Error("no order");
    const cart = before.cart;
    expect(cart).toMatchObject({ id: row.cartId, isCompleted: true, currency: "SEK" });
    expect(cart.items.map((i: { skuId: number; quantity: number }) => [i.skuId, i.quantity])).toEqual([
      [a, 2],
      [b, 1],
    ]);
    const names = await queryRows<{ name: string; article_number: string }>(
      shop.db.db,
      sql`select name, article_number from order_lines where order_id = ${row.id} order by id`,
    );
    expect(cart.items.map((i: { name: string }) => i.name)).toEqual(names.map((n) => n.name));
    expect(cart.items.map((i: { articleNumber: string }) => i.articleNumber)).toEqual(
      names.map((n) => n.article_number),
    );
    expect(cart.summary.total.sellingPriceIncVat).toBe(toDecimal(row.totalIncVatMinor, "SEK"));
    expect(cart.summary.total.vat).toBe(toDecimal(row.vatMinor, "SEK"));
    expect(cart.summary.shipping.feeIncVat).toBe(toDecimal(row.shippingFeeIncVatMinor, "SEK"));
    expect(cart.summary.subTotal.sellingPriceIncVat).toBe(toDecimal(row.itemValueIncVatMinor, "SEK"));
    expect(before.orderTotal.sellingPriceIncVat).toBe(cart.summary.total.sellingPriceIncVat);

    // Prices double after the purchase: the order's cart does not move.
    await shop.db.db.execute(
      sql`update prices set regular_minor = regular_minor * 2, selling_minor = selling_minor * 2 where sku_id in (${a}, ${b})`,
    );
    const after = await read();
    expect(after).toEqual(before);
  });

  it("a page of orders costs the same statements for one order as for four (the snapshot, read with the orders)", async () => {
    const email = `list-${Date.now().toString(36)}@example.se`;
    const token = await registerByApi(shop.origin, email, "ett långt lösenord");
    const query = `query Orders($channelId: String, $marketId: String, $languageId: String) {
      getOrders(channelId: $channelId, marketId: $marketId, languageId: $languageId) { publicId status ${CART} }
    }`;
    const measure = async () => {
      await gql(shop.origin, { query, variables: se }, { authorization: `Bearer ${token}` }); // warm
      const before = shop.db.statements();
      const { body } = await gql(shop.origin, { query, variables: se }, { authorization: `Bearer ${token}` });
      expect(body.errors).toBeUndefined();
      return { statements: shop.db.statements() - before, orders: body.data.getOrders };
    };
    const [a, b, c] = skuIds as [number, number, number];
    await buy([[a, 1]], email, token);
    const one = await measure();
    expect(one.orders).toHaveLength(1);
    await buy(
      [
        [a, 1],
        [b, 2],
      ],
      email,
      token,
    );
    await buy([[c, 3]], email, token);
    await buy(
      [
        [a, 1],
        [b, 1],
        [c, 1],
      ],
      email,
      token,
    );
    const four = await measure();
    expect(four.orders).toHaveLength(4);
    expect(
      four.orders.every((o: { cart: { items: unknown[] } | null }) => (o.cart?.items.length ?? 0) > 0),
    ).toBe(true);
    expect(four.statements).toBe(one.statements);
  });
});

describe("a delivery checkout's option (nShift)", () => {
  const checkout = async (cartId: string, change: Record<string, unknown>) => {
    const { body } = await gql(shop.origin, {
      query: `mutation C($cartId: String!, $checkout: CheckoutInputType, $channelId: String, $marketId: String, $languageId: String) {
        createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
          shippingOptions { optionId feeIncVat isSelected }
          cart { summary { shipping { feeIncVat } total { sellingPriceIncVat } } }
        }
      }`,
      variables: { ...se, cartId, checkout: change },
    });
    expect(body.errors).toBeUndefined();
    return body.data.createOrUpdateCheckout;
  };
  const place = async (cartId: string, shippingOptionId: string) =>
    gql(shop.origin, {
      query: `mutation Place($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $marketId: String, $languageId: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) { publicId }
      }`,
      variables: { ...se, cartId, checkout: { ...buyer, email: "nshift@example.se", shippingOptionId } },
    });
  const newCart = async () => {
    const [a] = skuIds as [number];
    return (await addToCart(shop.db.db, ctx, null, { skuId: a, quantity: 1 })).id;
  };

  it("is offered for the zip; chosen, the checkout shows its fee, and the order charges it in its total and shipping", async () => {
    const cartId = await newCart();
    const offered = await checkout(cartId, { zip: "11434" });
    const home = offered.shippingOptions.find(
      (o: { optionId: string }) => o.optionId === "nshift:sandbox-home",
    );
    expect(home?.feeIncVat).toBeGreaterThan(0);
    const own = offered.cart.summary.shipping.feeIncVat;
    expect(home.feeIncVat).not.toBe(own);
    const chosen = await checkout(cartId, { shippingOptionId: "nshift:sandbox-home" });
    expect(chosen.shippingOptions.find((o: { isSelected: boolean }) => o.isSelected)?.optionId).toBe(
      "nshift:sandbox-home",
    );
    expect(chosen.cart.summary.shipping.feeIncVat).toBe(home.feeIncVat);
    const shown = chosen.cart.summary.total.sellingPriceIncVat;

    const placed = await place(cartId, "nshift:sandbox-home");
    expect(placed.body.errors).toBeUndefined();
    const [row] = await shop.db.db
      .select()
      .from(orders)
      .where(eq(orders.publicId, placed.body.data.placeOrder.publicId));
    expect(row?.shippingOptionKey).toBe("nshift:sandbox-home");
    expect(toDecimal(row?.shippingFeeIncVatMinor ?? 0, "SEK")).toBe(home.feeIncVat);
    expect(row?.totalIncVatMinor).toBe((row?.itemValueIncVatMinor ?? 0) + (row?.shippingFeeIncVatMinor ?? 0));
    expect(toDecimal(row?.totalIncVatMinor ?? 0, "SEK")).toBe(shown);
    expect(row?.shippingFeeVatMinor).toBeGreaterThan(0);
  });

  it("a fee sent by setCartShippingFee is no price: a different one is refused (the cart takes the provider's), the next try charges the provider's", async () => {
    const cartId = await newCart();
    const offered = await checkout(cartId, { zip: "11434" });
    const home = offered.shippingOptions.find(
      (o: { optionId: string }) => o.optionId === "nshift:sandbox-home",
    );
    const tampered = await gql(shop.origin, {
      query: `mutation F($cartId: String!, $fee: Decimal!, $channelId: String, $marketId: String, $languageId: String) {
        setCartShippingFee(cartId: $cartId, shippingFee: $fee, channelId: $channelId, marketId: $marketId, languageId: $languageId) { cart { id } }
      }`,
      variables: { ...se, cartId, fee: 1 },
    });
    expect(tampered.body.errors).toBeUndefined();
    const refused = await place(cartId, "nshift:sandbox-home");
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "CART_CHANGED" });
    const again = await place(cartId, "nshift:sandbox-home");
    expect(again.body.errors).toBeUndefined();
    const [row] = await shop.db.db
      .select()
      .from(orders)
      .where(eq(orders.publicId, again.body.data.placeOrder.publicId));
    expect(toDecimal(row?.shippingFeeIncVatMinor ?? 0, "SEK")).toBe(home.feeIncVat);
  });

  it("an option the provider does not offer is refused like an unknown option", async () => {
    const cartId = await newCart();
    const refused = await place(cartId, "nshift:no-such-option");
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
