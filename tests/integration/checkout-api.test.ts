import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutSessions,
  orderStatusHistory,
  orders,
  outbox,
  paymentMethods,
  shippingOptions,
  skus,
} from "#db/schema/index.ts";
import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import { callbackSignature } from "#services/orders/hosted.ts";
import { buildDocument, operation } from "#tests/compat/geins/build.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The checkout and orders through GraphQL (issue 13, decision 0030), with the Geins clients' own documents
 * (tests/compat/geins/): a full purchase with each payment provider (the invoice form and the Klarna sandbox's
 * hosted checkout), as a guest and signed in, as a person and an organisation, in both languages; the
 * confirmation page, the account's orders and the guest's order link; placeOrder sent five times is one order, a
 * push replayed five times one capture, a forged push and a tampered total are refused. PGlite, and PostgreSQL
 * with DATABASE_URL.
 */

let shop: Shop;
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };
type Locale = typeof se;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "30" });
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.db.db;

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes; each test asserts what it reads.
async function op(id: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const o = operation(id);
  const { body } = await gql(
    shop.origin,
    { operationName: o.name, query: buildDocument(o), variables },
    token ? { authorization: `Bearer ${token}` } : {},
  );
  return body;
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function q(query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const { body } = await gql(
    shop.origin,
    { query, variables },
    token ? { authorization: `Bearer ${token}` } : {},
  );
  return body;
}

/** A SKU of a plain product with a price in the market and `units` on the shelf. */
async function skuWithStock(market: string, units: number, skip = 0): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = ${market}
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1 offset ${skip}`,
  );
  const id = Number(rows[0]?.id);
  await db().update(skus).set({ inStock: units, oversellable: 0 }).where(eq(skus.id, id));
  return id;
}

async function cart(locale: Locale, skuId: number, quantity = 1): Promise<string> {
  const body = await q(
    `mutation($skuId: Int!, $quantity: Int!, $channelId: String, $languageId: String, $marketId: String) {
      addToCart(id: "", item: {skuId: $skuId, quantity: $quantity}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
    { skuId, quantity, ...locale },
  );
  expect(body.errors).toBeUndefined();
  return body.data.addToCart.id;
}

async function ids(market: string) {
  const methods = await db().select({ id: paymentMethods.id, key: paymentMethods.key }).from(paymentMethods);
  const options = await db()
    .select({ id: shippingOptions.id, key: shippingOptions.key })
    .from(shippingOptions)
    .where(eq(shippingOptions.marketAlias, market));
  const method = (key: string) => methods.find((m) => m.key === key)?.id ?? 0;
  const option = (key: string) => options.find((o) => o.key === key)?.id ?? 0;
  return { invoice: method("invoice"), klarna: method("card-checkout"), pickup: option("pickup-point") };
}

const swedishPerson = {
  email: "Kund@Example.se",
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
  acceptedConsents: ["terms"],
};

const norwegianOrganisation = {
  email: "innkjop@bedrift.no",
  customerType: "ORGANIZATION",
  identityNumber: "923609016",
  billingAddress: {
    firstName: "Kari",
    lastName: "Nordmann",
    company: "Bedrift AS",
    addressLine1: "Karl Johans gate 1",
    zip: "0154",
    city: "Oslo",
    mobile: "41234567",
  },
  acceptedTerms: true,
};

/** The e-mail the outbox sent for `dedupeKey` (it sends every few seconds): the .eml's text. */
async function mailSent(dedupeKey: string, mustContain: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [job] = await db().select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    if (job?.status === "done") {
      const files = readdirSync(shop.outboxDir).filter((f) => f.endsWith(".eml"));
      const found = files
        .map((f) => readFileSync(join(shop.outboxDir, f), "utf8"))
        .find((t) => t.includes(mustContain));
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail for ${dedupeKey}`);
}

async function register(email: string): Promise<string> {
  const post = async (body: unknown) =>
    (await (
      await fetch(`${shop.origin}/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop.origin },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const { sign } = await post({ username: email });
  const { signature } = (await (await fetch(`${shop.origin}/auth/sign/${sign}`)).json()) as {
    signature: string;
  };
  const done = await post({
    username: email,
    signature,
    password: await passwordDigest("ett långt lösenord", PASSWORD_SALT_DEFAULT),
  });
  return done.token as string;
}

/** The own form, paid by invoice: the Geins storefront's createOrUpdateCheckout, the SDK's placeOrder. */
async function buyByInvoice(locale: Locale, checkout: Record<string, unknown>, token?: string) {
  const market = locale.marketId;
  const { invoice, pickup } = await ids(market);
  const skuId = await skuWithStock(market, 5);
  const cartId = await cart(locale, skuId, 2);
  const updated = await op(
    "ralph-ui/createOrUpdateCheckout",
    {
      ...locale,
      checkoutMarketId: market,
      cartId,
      checkout: { ...checkout, shippingId: pickup, paymentId: invoice },
    },
    token,
  );
  expect(updated.errors).toBeUndefined();
  const options = updated.data.createOrUpdateCheckout;
  expect(options.shippingOptions.find((o: { isSelected: boolean }) => o.isSelected).id).toBe(pickup);
  expect(options.paymentOptions.find((o: { isSelected: boolean }) => o.isSelected)).toMatchObject({
    id: invoice,
    paymentType: "STANDARD",
  });
  const placed = await op("geins-sdk/placeOrder", { ...locale, cartId, checkout: {} }, token);
  expect(placed.errors).toBeUndefined();
  const order = placed.data.placeOrder;
  expect(order.status).toBe("completed");
  expect(order.orderId).toMatch(/^(SE|NO)-\d+$/);
  return { cartId, skuId, orderId: order.orderId as string, publicId: order.publicId as string };
}

/** The hosted checkout: select Klarna, show its snippet, pay by card on the sandbox's page; the push confirms. */
async function buyByKlarna(locale: Locale, checkout: Record<string, unknown>, token?: string) {
  const market = locale.marketId;
  const { klarna, pickup } = await ids(market);
  const skuId = await skuWithStock(market, 5, 1);
  const cartId = await cart(locale, skuId, 1);
  const updated = await op(
    "geins-sdk/createOrUpdateCheckout",
    { ...locale, cartId, checkout: { ...checkout, shippingId: pickup, paymentId: klarna } },
    token,
  );
  expect(updated.errors).toBeUndefined();
  const [session] = await db()
    .select({ reference: checkoutSessions.providerReference })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.cartId, cartId), isNotNull(checkoutSessions.providerReference)));
  const kid = session?.reference ?? "";
  expect(kid).not.toBe("");
  const snippet = await q(
    `mutation($cartId: String!, $channelId: String, $languageId: String, $marketId: String) {
      createOrUpdateCheckout(cartId: $cartId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        paymentOptions { isSelected paymentType paymentData } } }`,
    { cartId, ...locale },
    token,
  );
  const selected = snippet.data.createOrUpdateCheckout.paymentOptions.find(
    (p: { isSelected: boolean }) => p.isSelected,
  );
  expect(selected.paymentType).toBe("KLARNA");
  expect(selected.paymentData).toContain("<");
  const paid = await fetch(`${shop.origin}/sandbox/klarna/pay/${kid}`, {
    method: "POST",
    body: new URLSearchParams({ outcome: "card" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toContain(`/checkout/confirm?kid=${kid}`);
  // The confirmation page (ralph-ui's document): confirms as the push does, whichever comes first.
  const confirmed = await op(
    "ralph-ui/checkout",
    { ...locale, checkoutMarket: market, id: kid, paymentType: "KLARNA", cartId },
    token,
  );
  expect(confirmed.errors).toBeUndefined();
  expect(confirmed.data.checkout.completed).toBe(true);
  return { cartId, skuId, kid, orderId: confirmed.data.checkout.order.orderId as string };
}

describe("a full purchase through GraphQL", () => {
  it("guest, person, Swedish, invoice: confirmation page, order link and stock", async () => {
    const { cartId, skuId, orderId, publicId } = await buyByInvoice(se, swedishPerson);
    const [stock] = await db().select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(3);
    const page = await op("geins-sdk/checkout", {
      ...se,
      id: orderId,
      paymentType: "STANDARD",
      cartId,
      checkoutMarket: "se",
    });
    expect(page.errors).toBeUndefined();
    const c = page.data.checkout;
    expect(c.completed).toBe(true);
    expect(c.nthPurchase).toBe(1);
    expect(c.order).toMatchObject({ orderId, email: "kund@example.se", currency: "SEK", firstName: "Sven" });
    expect(c.order.itemValueIncVat).toBeGreaterThan(0);
    expect(c.cart.isCompleted).toBe(true);
    // Without its cart id an order number answers nothing (numbers are guessable).
    const guessed = await op("geins-sdk/checkout", { ...se, id: orderId, paymentType: "STANDARD" });
    expect(guessed.data.checkout).toMatchObject({ completed: false, order: null });
    const link = await op("geins-sdk/getOrderPublic", { ...se, publicOrderId: publicId });
    expect(link.errors).toBeUndefined();
    expect(link.data.getOrderPublic).toMatchObject({
      publicId,
      status: "received",
      currency: "SEK",
      billingAddress: { firstName: "Sven", city: "Stockholm" },
      paymentDetails: [{ name: "invoice", displayName: "Faktura" }],
    });
    expect(link.data.getOrderPublic.orderTotal.sellingPriceIncVat).toBeGreaterThan(0);
    expect(link.data.getOrderPublic.cart.items).toHaveLength(1);
    // The confirmation e-mail, through the durable outbox, to the guest's address with the order link.
    const mail = await mailSent(`order.confirmation:${publicId}`, orderId);
    expect(mail).toContain("To: kund@example.se");
    expect(mail).toContain(publicId);
    const unknown = await op("geins-sdk/getOrderPublic", {
      ...se,
      publicOrderId: "00000000-0000-4000-8000-000000000001",
    });
    expect(unknown.data.getOrderPublic).toBeNull();
  });

  it("guest, organisation, Norwegian, invoice", async () => {
    const { publicId } = await buyByInvoice(no, norwegianOrganisation);
    const [row] = await db().select().from(orders).where(eq(orders.publicId, publicId));
    expect(row).toMatchObject({
      customerType: "ORGANIZATION",
      organizationId: "923609016",
      companyName: "Bedrift AS",
      currencyCode: "NOK",
      languageId: "nb-NO",
    });
  });

  it("signed in, invoice and Klarna: the orders appear under the account (getOrders, UserOrders)", async () => {
    const token = await register("handlare@example.se");
    const invoice = await buyByInvoice(se, { ...swedishPerson, email: "handlare@example.se" }, token);
    const klarna = await buyByKlarna(se, { email: "handlare@example.se", zip: "11434" }, token);
    for (const id of ["ralph-ui/getOrders", "geins-sdk/UserOrders"]) {
      const list = await op(id, se, token);
      expect(list.errors).toBeUndefined();
      const numbers = await db()
        .select({ id: orders.id, number: orders.orderNumber })
        .from(orders)
        .where(ne(orders.status, "failed"));
      const byId = new Map(numbers.map((n) => [n.id, n.number]));
      expect(list.data.getOrders.map((o: { id: number }) => byId.get(o.id))).toEqual([
        klarna.orderId,
        invoice.orderId,
      ]);
      expect(list.data.getOrders[0].paymentDetails[0].displayName).toBeTruthy();
    }
    const guest = await op("ralph-ui/getOrders", se);
    expect(guest.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("guest, Klarna (Norwegian): the push and the confirmation page answer one order, captured once", async () => {
    const { kid, cartId } = await buyByKlarna(no, { email: "ola@example.no", zip: "0154" });
    const [row] = await db().select().from(orders).where(eq(orders.cartId, cartId));
    expect(row).toMatchObject({ status: "received", paymentStatus: "captured" });
    const managed = await fetch(`${shop.origin}/sandbox/klarna/ordermanagement/v1/orders/${kid}`, {
      headers: {
        authorization: `Basic ${Buffer.from("sandbox-merchant:sandbox-secret").toString("base64")}`,
      },
    });
    const om = (await managed.json()) as { captures: unknown[]; captured_amount: number };
    expect(om.captures).toHaveLength(1);
    expect(om.captured_amount).toBe((row?.totalIncVatMinor ?? 0) - (row?.balanceUsedMinor ?? 0));
  });
});

describe("nothing sold twice, nothing forged", () => {
  it("placeOrder sent five times at once is one order", async () => {
    const { invoice, pickup } = await ids("se");
    const skuId = await skuWithStock("se", 5, 2);
    const cartId = await cart(se, skuId, 1);
    const checkout = { ...swedishPerson, shippingId: pickup, paymentId: invoice };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        op("ralph-ui/placeOrder", { ...se, checkoutMarketId: "se", cartId, checkout }),
      ),
    );
    for (const a of answers) expect(a.errors).toBeUndefined();
    expect(new Set(answers.map((a) => a.data.placeOrder.orderId)).size).toBe(1);
    const rows = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cartId), ne(orders.status, "failed")));
    expect(rows).toHaveLength(1);
    const [stock] = await db().select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(4);
  });

  it("a push replayed five times captures once; a forged push is refused and changes nothing", async () => {
    const { kid, cartId } = await buyByKlarna(se, { email: "kund@example.se", zip: "11434" });
    const [session] = await db()
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerReference, kid));
    const secret = createHmac("sha256", shop.config.authSecret)
      .update("checkout-callbacks")
      .digest("base64url");
    const sid = session?.id ?? "";
    const url = (sig: string) =>
      `${shop.origin}/api/checkout/klarna/push?sid=${sid}&sig=${encodeURIComponent(sig)}&klarna_order_id=${kid}`;
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => fetch(url(callbackSignature(secret, sid)), { method: "POST" })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const om = (await (
      await fetch(`${shop.origin}/sandbox/klarna/ordermanagement/v1/orders/${kid}`, {
        headers: {
          authorization: `Basic ${Buffer.from("sandbox-merchant:sandbox-secret").toString("base64")}`,
        },
      })
    ).json()) as { captures: unknown[] };
    expect(om.captures).toHaveLength(1);
    const forged = await fetch(url("forged-signature"), { method: "POST" });
    expect(forged.status).toBe(403);
    const rows = await db().select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
  });

  it("a tampered total is refused (CONFLICT), nothing is sold and the cart stays open", async () => {
    const { invoice, pickup } = await ids("se");
    const skuId = await skuWithStock("se", 5, 3);
    const cartId = await cart(se, skuId, 1);
    const placed = await q(
      `mutation($cartId: String!, $checkout: CheckoutInputType!, $total: Decimal, $channelId: String, $languageId: String, $marketId: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, expectedTotal: $total, channelId: $channelId, languageId: $languageId, marketId: $marketId) { orderId } }`,
      { cartId, checkout: { ...swedishPerson, shippingId: pickup, paymentId: invoice }, total: 1, ...se },
    );
    expect(placed.errors[0].extensions).toMatchObject({ code: "CONFLICT", reason: "CART_CHANGED" });
    expect(placed.errors[0].message).toBe("Varukorgen har ändrats. Se över beställningen och försök igen.");
    expect(await db().select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    const [stock] = await db().select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(5);
  });
});

describe("refusals in the shopper's language, with stable codes", () => {
  it("missing fields: BAD_USER_INPUT with each field's code and text (Norwegian texts of spec §5)", async () => {
    const { invoice, pickup } = await ids("no");
    const skuId = await skuWithStock("no", 5, 4);
    const cartId = await cart(no, skuId, 1);
    const placed = await op("geins-sdk/placeOrder", {
      ...no,
      cartId,
      checkout: { email: "ola@example.no", shippingId: pickup, paymentId: invoice, identityNumber: "123" },
    });
    const error = placed.errors[0];
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_CHECKOUT" });
    const fields = Object.fromEntries(
      error.extensions.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields.acceptedTerms).toBe("Du må godkjenne kjøpsvilkårene før du fullfører kjøpet");
    expect(fields["billingAddress.firstName"]).toBe("Dette feltet er obligatorisk");
    expect(error.extensions.fields.find((f: { field: string }) => f.field === "identityNumber").code).toBe(
      "checkout.error.personalId",
    );
    const checkout = await op("ralph-ui/createOrUpdateCheckout", {
      ...no,
      checkoutMarketId: "no",
      cartId,
      checkout: {},
    });
    expect(checkout.errors).toBeUndefined();
  });

  it("a sold-out item: OUT_OF_STOCK naming it, nothing sold", async () => {
    const { invoice, pickup } = await ids("se");
    const skuId = await skuWithStock("se", 2, 5);
    const cartId = await cart(se, skuId, 2);
    await db().update(skus).set({ inStock: 1 }).where(eq(skus.id, skuId));
    const placed = await op("geins-sdk/placeOrder", {
      ...se,
      cartId,
      checkout: { ...swedishPerson, shippingId: pickup, paymentId: invoice },
    });
    expect(placed.errors[0].extensions).toMatchObject({ code: "OUT_OF_STOCK", skuId });
    expect(placed.errors[0].message).toContain("är tyvärr slutsåld");
    const [stock] = await db().select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(1);
  });

  it("a declined credit check: PAYMENT_DECLINED, the cart stays open to try again", async () => {
    const { invoice, pickup } = await ids("se");
    const skuId = await skuWithStock("se", 5, 6);
    const cartId = await cart(se, skuId, 1);
    const checkout = {
      ...swedishPerson,
      identityNumber: "121212-1212",
      shippingId: pickup,
      paymentId: invoice,
    };
    const declined = await op("geins-sdk/placeOrder", { ...se, cartId, checkout });
    expect(declined.errors[0].extensions).toMatchObject({ code: "PAYMENT_DECLINED" });
    const retried = await op("geins-sdk/placeOrder", {
      ...se,
      cartId,
      checkout: { ...checkout, identityNumber: "900101-0017" },
    });
    expect(retried.errors).toBeUndefined();
    expect(retried.data.placeOrder.status).toBe("completed");
  });
});

describe("the withdrawal function (Directive 2023/2673)", () => {
  const withdraw = (publicOrderId: string, locale: Locale = se) =>
    q(
      `mutation($id: Guid!, $channelId: String, $languageId: String, $marketId: String) {
        withdrawFromOrder(publicOrderId: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          status withdrawal { possible lastDay refusal withdrawnAt } } }`,
      { id: publicOrderId, ...locale },
    );

  it("an order not yet delivered: withdrawn at once, cancelled, stock back, one confirmation e-mail however often", async () => {
    const { publicId, skuId, orderId } = await buyByInvoice(se, swedishPerson);
    const before = await op("geins-sdk/getOrderPublic", { ...se, publicOrderId: publicId });
    expect(before.errors).toBeUndefined();
    const open = await q(
      `query($id: Guid!) { getOrderPublic(publicOrderId: $id) { withdrawal { possible lastDay refusal } } }`,
      { id: publicId },
    );
    expect(open.data.getOrderPublic.withdrawal).toEqual({ possible: true, lastDay: null, refusal: null });
    const answers = await Promise.all([withdraw(publicId), withdraw(publicId), withdraw(publicId)]);
    for (const a of answers) {
      expect(a.errors).toBeUndefined();
      expect(a.data.withdrawFromOrder.status).toBe("cancelled");
      expect(a.data.withdrawFromOrder.withdrawal).toMatchObject({ possible: false, refusal: "withdrawn" });
    }
    const [stock] = await db().select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(5);
    const jobs = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order.withdrawal:${publicId}`));
    expect(jobs).toHaveLength(1);
    const mail = await mailSent(`order.withdrawal:${publicId}`, orderId);
    expect(mail).toContain("To: kund@example.se");
  });

  it("a delivered order: open through its last day, then refused in the shopper's language naming the day", async () => {
    const delivered = async (daysAgo: number) => {
      const { publicId } = await buyByInvoice(no, norwegianOrganisation);
      const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId));
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await db().update(orders).set({ status: "completed" }).where(eq(orders.publicId, publicId));
      await db()
        .insert(orderStatusHistory)
        .values({ orderId: row?.id ?? 0, fromStatus: "received", toStatus: "completed", createdAt: at });
      return publicId;
    };
    const recent = await delivered(2);
    const within = await withdraw(recent, no);
    expect(within.errors).toBeUndefined();
    expect(within.data.withdrawFromOrder.status).toBe("completed");
    expect(within.data.withdrawFromOrder.withdrawal.withdrawnAt).not.toBeNull();
    const old = await delivered(30);
    const late = await withdraw(old, no);
    expect(late.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "WITHDRAWAL_REFUSED",
      refusal: "expired",
    });
    expect(late.errors[0].message).toMatch(
      /^Angrefristen for denne bestillingen gikk ut \d{4}-\d{2}-\d{2}\.$/,
    );
    const unknown = await withdraw("00000000-0000-4000-8000-000000000001");
    expect(unknown.errors[0].extensions.code).toBe("NOT_FOUND");
  });
});

describe("the checkout's other operations mean what the clients expect", () => {
  it("validateOrderConditions, validateOrderCreation and setCartShippingFee", async () => {
    const skuId = await skuWithStock("se", 5, 7);
    const cartId = await cart(se, skuId, 1);
    const ok = await op("geins-sdk/validateOrderConditions", { ...se, cartId, email: "kund@example.se" });
    expect(ok.data.validateOrderConditions).toEqual({ isValid: true, message: null });
    await db().update(skus).set({ inStock: 0 }).where(eq(skus.id, skuId));
    const soldOut = await op("geins-sdk/validateOrderConditions", {
      ...se,
      cartId,
      email: "kund@example.se",
    });
    expect(soldOut.data.validateOrderConditions.isValid).toBe(false);
    expect(soldOut.data.validateOrderConditions.message).toContain("Beställningen kunde inte skapas");
    await db().update(skus).set({ inStock: 5 }).where(eq(skus.id, skuId));

    const creation = await op("geins-sdk/validateOrderCreation", {
      ...se,
      cartId,
      checkout: { email: "inte-en-adress", paymentMethod: "invoice" },
    });
    expect(creation.data.validateOrderCreation.isValid).toBe(false);
    expect(creation.data.validateOrderCreation.message).toBeTruthy();

    const fee = await op("geins-sdk/setCartShippingFee", { ...se, id: cartId, shippingFee: 79 });
    expect(fee.errors).toBeUndefined();
    const shown = await q(
      `query($id: String, $channelId: String, $languageId: String, $marketId: String) {
        getCart(id: $id, allowExternalShippingFee: true, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          summary { shipping { feeIncVat } } } }`,
      { id: cartId, ...se },
    );
    expect(shown.data.getCart.summary.shipping.feeIncVat).toBe(79);
    const refused = await op("geins-sdk/setCartShippingFee", { ...se, id: cartId, shippingFee: -1 });
    expect(refused.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "INVALID_CHECKOUT",
    });
  });
});

describe("the credit check is no oracle", () => {
  it("refused payments are rate limited per address (payment.refused.ip), placed orders are not", async () => {
    const limited = await startShop({ SEED_PRODUCTS: "10", RATE_LIMITS: "payment.refused.ip=2/3600" });
    try {
      const [invoice] = await limited.db.db
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.key, "invoice"));
      const rows = await queryRows<{ id: number }>(
        limited.db.db,
        sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
            where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1`,
      );
      const skuId = Number(rows[0]?.id);
      await limited.db.db.update(skus).set({ inStock: 50 }).where(eq(skus.id, skuId));
      const place = async (identityNumber: string) => {
        const added = await gql(limited.origin, {
          query: `mutation($skuId: Int!) { addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: "1|se") { id } }`,
          variables: { skuId },
        });
        const o = operation("geins-sdk/placeOrder");
        const { status, body } = await gql(limited.origin, {
          operationName: o.name,
          query: buildDocument(o),
          variables: {
            ...se,
            cartId: added.body.data.addToCart.id,
            checkout: {
              ...swedishPerson,
              identityNumber,
              paymentMethod: "invoice",
              shippingOptionId: "own:pickup-point",
              paymentId: invoice?.id,
            },
          },
        });
        return { status, code: body.errors?.[0]?.extensions?.code ?? "placed" };
      };
      expect((await place("900101-0017")).code).toBe("placed");
      expect((await place("121212-1212")).code).toBe("PAYMENT_DECLINED");
      expect((await place("811218-9876")).code).toBe("BLOCKED_CUSTOMER");
      expect(await place("121212-1212")).toEqual({ status: 429, code: "RATE_LIMITED" });
    } finally {
      await limited.close();
    }
  });
});
