import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, skus } from "#db/schema/index.ts";
import { ShippingProviderError, type ShippingQuery } from "#integrations/shipping/index.ts";
import {
  NSHIFT_SANDBOX_CHECKOUT_ID,
  NSHIFT_SANDBOX_TOKEN,
  NshiftShipping,
} from "#integrations/shipping/nshift/index.ts";
import { RememberedShipping } from "#integrations/shipping/remembered.ts";
import { checkoutCalls } from "#tests/support/checkout.ts";
import { queryRows } from "#tests/support/db.ts";
import { serveNshiftSandbox } from "#tests/support/serve.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The checkout asks the delivery checkout (nShift) once per shopper action, not twice (decision 0093): the nShift
 * sandbox on its own server is the shop's configured delivery checkout, and its request counter (`received()`)
 * tells how often it was asked. A change and the page's read of it (without JavaScript the form's post and the page
 * shown again; with it the page's action and its data read again), and a change then placing, ask once; the next
 * actions within a minute for the same query ask nothing. A changed zip or goods total asks again and prices the
 * new goods; a failure is not remembered (the next ask, the shopper's "Försök igen", reaches nShift). Asks of one
 * query at the same time share one request. Each test asks at zips of its own (the shop remembers across carts).
 * PGlite, and PostgreSQL with DATABASE_URL.
 */

let delivery: Awaited<ReturnType<typeof serveNshiftSandbox>>;
let shop: Shop;
let skuIds: number[] = [];
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const db = () => shop.db.db;

beforeAll(async () => {
  delivery = await serveNshiftSandbox();
  shop = await startShop({ SEED_PRODUCTS: "30", ...delivery.env });
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select s.id from skus s join products p on p.id = s.product_id
        join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 8`,
  );
  skuIds = rows.map((r) => Number(r.id));
  for (const id of skuIds)
    await db().update(skus).set({ inStock: 100, oversellable: 0 }).where(eq(skus.id, id));
}, 120_000);
afterAll(async () => {
  delivery?.sandbox.fail(null);
  await shop?.close();
  await delivery?.close();
});

let nextSku = 0;
async function newCart(): Promise<{ cartId: string; skuId: number }> {
  const skuId = skuIds[nextSku++ % skuIds.length] as number;
  const { body } = await gql(shop.origin, {
    query: `mutation($skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
      addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
    variables: { skuId, ...se },
  });
  expect(body.errors).toBeUndefined();
  return { cartId: body.data.addToCart.id as string, skuId };
}

/** How many requests nShift receives while `action` runs, and what it answers. */
async function asked<T>(action: () => Promise<T>): Promise<[number, T]> {
  const before = delivery.sandbox.received();
  const value = await action();
  return [delivery.sandbox.received() - before, value];
}

/** How many requests nShift receives while `action` runs. */
const asks = async (action: () => Promise<unknown>) => (await asked(action))[0];

const FIELDS = `zip needsUpdate shippingUnavailable
  shippingOptions { optionId isSelected feeIncVat }`;

const { change, stored } = checkoutCalls(() => shop, FIELDS, se);

const nshiftIds = (view: { shippingOptions: { optionId: string }[] }) =>
  view.shippingOptions.map((o) => o.optionId).filter((id) => id.startsWith("nshift:"));

const buyer = (zip: string, email: string) => ({
  email,
  customerType: "PERSON",
  identityNumber: "900101-0017",
  billingAddress: {
    firstName: "Sven",
    lastName: "Svensson",
    addressLine1: "Storgatan 1",
    zip,
    city: "Stockholm",
    mobile: "0701234567",
  },
  zip,
  shippingOptionId: "nshift:sandbox-pickup",
  paymentMethod: "invoice",
  acceptedTerms: true,
});

/** The checkout page as the browser sends it: the shopper's cart, same-origin. */
function pageRequest(cartId: string, path: string, form?: Record<string, string>) {
  return fetch(`${shop.origin}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      cookie: `mili-cart=${cartId}; mili-checkout-market=se`,
      origin: shop.origin,
      "sec-fetch-site": "same-origin",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
}

describe("one shopper action asks nShift once", () => {
  it("without JavaScript: the form's post and the page shown again ask once; choosing an option then asks nothing", async () => {
    const { cartId } = await newCart();
    const zip = "11501";
    const post = async (form: Record<string, string>) => {
      const posted = await pageRequest(cartId, "/sv/kassan", {
        intent: "update",
        customerType: "PERSON",
        ...form,
      });
      expect(posted.status).toBe(303);
      const page = await pageRequest(cartId, "/sv/kassan");
      expect(page.status).toBe(200);
      return page.text();
    };
    const [n, html] = await asked(() => post({ zip }));
    expect(n).toBe(1);
    expect(html).toContain('value="nshift:sandbox-pickup"');
    const [again, chosen] = await asked(() => post({ zip, shippingOptionId: "nshift:sandbox-pickup" }));
    expect(again).toBe(0);
    const checked = (chosen.match(/<input[^>]*checked=""[^>]*>/g) ?? []).join("\n");
    expect(checked).toContain('value="nshift:sandbox-pickup"');
    // The page opened again (a GET) within the minute: nothing asked.
    expect(await asks(() => pageRequest(cartId, "/sv/kassan").then((r) => r.text()))).toBe(0);
  });

  it("with JavaScript: the page's action and the data read after it ask once", async () => {
    const { cartId } = await newCart();
    const zip = "11502";
    const n = await asks(async () => {
      const posted = await pageRequest(cartId, "/sv/kassan.data", {
        intent: "update",
        js: "1",
        customerType: "PERSON",
        zip,
      });
      expect(posted.status).toBe(200);
      await posted.text();
      const read = await pageRequest(cartId, "/sv/kassan.data");
      expect(read.status).toBe(200);
      expect(await read.text()).toContain("nshift:sandbox-pickup");
    });
    expect(n).toBe(1);
  });

  it("through the API: a change and the read after it ask once; placing right after asks nothing more and places", async () => {
    const { cartId } = await newCart();
    const zip = "11503";
    const [n, view] = await asked(async () => {
      await change(cartId, { zip });
      return stored(cartId);
    });
    expect(n).toBe(1);
    expect(nshiftIds(view)).toEqual(["nshift:sandbox-pickup", "nshift:sandbox-home"]);
    // The shopper places (the page sends the change, then placeOrder): the answer nShift gave for this cart and zip
    // is the one placing checks the option and its fee against.
    const placed = await asks(async () => {
      await change(cartId, buyer(zip, "en-gang@example.se"));
      const { body } = await gql(shop.origin, {
        query: `mutation($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $languageId: String, $marketId: String) {
          placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, languageId: $languageId, marketId: $marketId) { orderId status } }`,
        variables: { cartId, checkout: buyer(zip, "en-gang@example.se"), ...se },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data.placeOrder.status).toBe("completed");
    });
    expect(placed).toBe(0);
    const [order] = await db()
      .select({ key: orders.shippingOptionKey })
      .from(orders)
      .where(eq(orders.cartId, cartId));
    expect(order?.key).toBe("nshift:sandbox-pickup");
  });

  it("a changed zip asks again; a changed goods total asks again and prices the new goods", async () => {
    const { cartId, skuId } = await newCart();
    // One piece under the sandbox's free-shipping threshold (499 kr), nine over it.
    await db().execute(
      sql`update prices set selling_minor = 10000, regular_minor = 10000 where market_alias = 'se' and sku_id = ${skuId}`,
    );
    const first = await change(cartId, { zip: "11504", shippingOptionId: "nshift:sandbox-pickup" });
    const fee = (v: { shippingOptions: { optionId: string; isSelected: boolean; feeIncVat: number }[] }) =>
      v.shippingOptions.find((o) => o.optionId === "nshift:sandbox-pickup")?.feeIncVat;
    expect(fee(first)).toBe(39);
    expect(await asks(() => change(cartId, { zip: "11505" }))).toBe(1);
    expect(await asks(() => change(cartId, { zip: "11504" }))).toBe(0);
    await db().execute(sql`update cart_items set quantity = 9 where cart_id = ${cartId}`);
    const [n, read] = await asked(() => stored(cartId));
    expect(n).toBe(1);
    // Not the remembered price of one piece: the provider's for nine, which the cart does not have yet.
    expect(fee(read)).toBe(0);
    expect(read.needsUpdate).toBe(true);
    expect(await asks(async () => expect(fee(await change(cartId, {}))).toBe(0))).toBe(0);
  });

  it("a failure is not remembered: while nShift is down every ask reaches it; once up, the next ask has its options", async () => {
    const { cartId } = await newCart();
    const zip = "11506";
    try {
      delivery.sandbox.fail(503);
      const [n, down] = await asked(() => change(cartId, { zip }));
      expect(n).toBe(1);
      expect(down.shippingUnavailable).toBe(true);
      // The page's read after the change, then "Försök igen" while still down: each asks nShift again.
      expect(await asks(async () => expect((await stored(cartId)).shippingUnavailable).toBe(true))).toBe(1);
      expect(await asks(async () => expect((await change(cartId, {})).shippingUnavailable).toBe(true))).toBe(
        1,
      );
    } finally {
      delivery.sandbox.fail(null);
    }
    const [n, up] = await asked(() => change(cartId, {}));
    expect(n).toBe(1);
    expect(up.shippingUnavailable).toBe(false);
    expect(nshiftIds(up)).toEqual(["nshift:sandbox-pickup", "nshift:sandbox-home"]);
    expect(await asks(() => stored(cartId))).toBe(0);
  });
});

describe("the remembered provider over the nShift adapter and its sandbox", () => {
  const nshift = () =>
    new NshiftShipping({
      baseUrl: delivery.env.NSHIFT_BASE_URL,
      checkoutId: NSHIFT_SANDBOX_CHECKOUT_ID,
      token: NSHIFT_SANDBOX_TOKEN,
    });
  const query = (over: Partial<ShippingQuery> = {}): ShippingQuery => ({
    marketAlias: "se",
    country: "SE",
    currency: "SEK",
    languageId: "sv-SE",
    zip: "11601",
    goodsMinor: 30_000,
    ...over,
  });

  it("asks of one query at the same time share one request, and each gets its own copy", async () => {
    const remembered = new RememberedShipping(nshift());
    const [n, answers] = await asked(() =>
      Promise.all(Array.from({ length: 5 }, () => remembered.options(query()))),
    );
    expect(n).toBe(1);
    expect(answers.map((a) => a.map((o) => o.id))).toEqual(
      Array(5).fill(["nshift:sandbox-pickup", "nshift:sandbox-home"]),
    );
    // What one caller changes is not what the next is answered.
    answers[0]?.[0]?.pickupPoints.splice(0);
    const again = await remembered.options(query());
    expect(again[0]?.pickupPoints).toHaveLength(3);
    expect(again).toEqual(answers[1]);
  });

  it("each field of the query is part of the key: another language, currency, goods total or zip asks again", async () => {
    const remembered = new RememberedShipping(nshift());
    const q = query({ zip: "11602" });
    expect(await asks(() => remembered.options(q))).toBe(1);
    expect(await asks(() => remembered.options({ ...q }))).toBe(0);
    for (const other of [
      { languageId: "en-SE" },
      { goodsMinor: 30_001 },
      { zip: "11603" },
      { weightGrams: 500 },
      { marketAlias: "se-b2b" },
    ])
      expect(await asks(() => remembered.options({ ...q, ...other })), JSON.stringify(other)).toBe(1);
    expect(await asks(() => remembered.options(query({ zip: "11602", currency: "NOK" })))).toBe(1);
  });

  it("a failure is shared by the asks waiting for it, then forgotten; a refusal of the query is remembered", async () => {
    const remembered = new RememberedShipping(nshift());
    try {
      delivery.sandbox.fail(502);
      const [n, outcomes] = await asked(() =>
        Promise.allSettled(Array.from({ length: 3 }, () => remembered.options(query({ zip: "11604" })))),
      );
      expect(n).toBe(1);
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
      expect(await asks(() => remembered.options(query({ zip: "11604" })).catch(() => null))).toBe(1);
    } finally {
      delivery.sandbox.fail(null);
    }
    expect(await asks(() => remembered.options(query({ zip: "11604" })))).toBe(1);
    // Four digits is no Swedish zip: nShift refuses it (400), and would again; asked once.
    for (const expected of [1, 0]) {
      const [n, error] = await asked(() =>
        remembered.options(query({ zip: "1160" })).catch((e: unknown) => e),
      );
      expect(n).toBe(expected);
      expect(error).toBeInstanceOf(ShippingProviderError);
      expect(error).toMatchObject({ status: 400 });
    }
  });

  it("an answer is used for its time only, and the memory keeps the queries used last", async () => {
    const short = new RememberedShipping(nshift(), { ttlMs: 200 });
    expect(await asks(() => short.options(query({ zip: "11605" })))).toBe(1);
    expect(await asks(() => short.options(query({ zip: "11605" })))).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await asks(() => short.options(query({ zip: "11605" })))).toBe(1);

    const small = new RememberedShipping(nshift(), { max: 2 });
    for (const zip of ["11606", "11607", "11608"]) await small.options(query({ zip }));
    expect(await asks(() => small.options(query({ zip: "11608" })))).toBe(0);
    expect(await asks(() => small.options(query({ zip: "11606" })))).toBe(1);
  });
});
