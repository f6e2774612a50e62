import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "#domain/format.ts";
import { vatOfGross } from "#domain/vat.ts";
import { getCart } from "#services/cart/carts.ts";
import { addToCart } from "#services/cart/lines.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { demoGiftCards } from "#tests/support/gift-cards.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The cart API (API.md "Cart", spec §3, §4) against the real server and database: prices and the summary, stock,
 * promo codes, gift cards, campaigns, packages, bad input that changes nothing, and 50 concurrent adds.
 */

let shop: Shop;
let cards: Awaited<ReturnType<typeof demoGiftCards>>;
beforeAll(async () => {
  // Enough products for sports nutrition, socks and packages. The rate limits (tested in tests/security) are
  // raised: every call here comes from one address.
  shop = await startShop({
    SEED_PRODUCTS: "400",
    RATE_LIMITS: "cart.ip=100000/600,code.ip=100000/3600,code.cart=100000/900",
  });
  cards = await demoGiftCards(shop.db.db);
});
afterAll(async () => {
  await shop?.close();
});

const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc fixture queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const CART = /* GraphQL */ `
  fragment C on CartType {
    id version isCompleted marketId currency customerType promoCode quantity
    promoCodeRequirement { condition amountFormatted value }
    giftCards { code balance used usedFormatted }
    appliedCampaigns { name type code }
    items {
      id skuId quantity groupKey productPackage { packageId }
      unitPrice { regularPriceIncVat sellingPriceIncVat sellingPriceIncVatFormatted }
      totalPrice { sellingPriceIncVat sellingPriceExVat }
      campaign { appliedCampaigns { name } prices { quantity price { sellingPriceIncVat } } }
      totalStock { inStock oversellable }
      product { productId name canonicalUrl }
    }
    summary {
      fixedAmountDiscountIncVat
      balance { pending pendingFormatted totalSellingPriceExBalanceIncVat }
      subTotal { regularPriceIncVat sellingPriceIncVat sellingPriceExVat vat }
      shipping { amountLeftToFreeShipping amountLeftToFreeShippingFormatted feeIncVat feeIncVatFormatted isDefault isFree }
      total { isDiscounted sellingPriceIncVat sellingPriceIncVatFormatted sellingPriceExVat discountIncVat vat }
    }
  }
`;
const ARGS = "$channelId: String, $languageId: String, $marketId: String, $customerType: String";
const PASS =
  "channelId: $channelId, languageId: $languageId, marketId: $marketId, customerType: $customerType";

// biome-ignore lint/suspicious/noExplicitAny: the cart as the API answers it; each test asserts what it reads.
type Answer = { status: number; cart: any; error?: { message: string; extensions: Record<string, any> } };

async function call(
  name: string,
  params: string,
  args: string,
  variables: Record<string, unknown>,
): Promise<Answer> {
  const query = `${CART} mutation M(${params ? `${params}, ` : ""}${ARGS}) { cart: ${name}(${args ? `${args}, ` : ""}${PASS}) { ...C } }`;
  const { status, body } = await gql(shop.origin, {
    query: query.replace("mutation M", name === "getCart" ? "query M" : "mutation M"),
    variables,
  });
  return { status, cart: body.data?.cart ?? null, error: body.errors?.[0] };
}

const locale = (market: typeof se | typeof no, customerType?: string) => ({
  ...market,
  ...(customerType ? { customerType } : {}),
});

function getCartOf(
  id: string | null,
  market = se,
  opts: { forceRefresh?: boolean; customerType?: string } = {},
) {
  return call("getCart", "$id: String, $forceRefresh: Boolean", "id: $id, forceRefresh: $forceRefresh", {
    id,
    forceRefresh: opts.forceRefresh ?? false,
    ...locale(market, opts.customerType),
  });
}
function add(
  id: string | null,
  skuId: number,
  quantity: number,
  market = se,
  extra: Record<string, unknown> = {},
) {
  return call("addToCart", "$id: String, $item: CartItemInputType!", "id: $id, item: $item", {
    id,
    item: { skuId, quantity, ...extra },
    ...locale(market),
  });
}
function update(id: string, item: Record<string, unknown>, market = se) {
  return call("updateCartItem", "$id: String, $item: CartItemInputType!", "id: $id, item: $item", {
    id,
    item,
    ...locale(market),
  });
}
function promo(id: string, code: string, market = se, customerType?: string) {
  return call("setCartPromoCode", "$id: String, $code: String!", "id: $id, promoCode: $code", {
    id,
    code,
    ...locale(market, customerType),
  });
}

interface Sku {
  skuId: number;
  productId: number;
  regular: number;
  selling: number;
  rate: number;
}

/**
 * The first SKU of the `skip`-th plain product (no package or package pick, no sports nutrition or socks, which
 * cart campaigns reduce), set up by the test: its price in SE and NO (`price`, regular and selling, 299 kr unless given) and its
 * stock (`inStock` on the shelf, `oversellable` beyond it).
 */
async function sku(opts: {
  skip: number;
  price?: number;
  inStock?: number;
  oversellable?: number;
}): Promise<Sku> {
  const [row] = await rows(sql`
    select s.id as sku_id, s.product_id, p.product_class
    from products p
    join skus s on s.id = (select min(id) from skus where product_id = p.id)
    where p.type = 'product' and p.active and s.active
      and exists (select 1 from prices where sku_id = s.id and market_alias = 'se')
      and exists (select 1 from prices where sku_id = s.id and market_alias = 'no')
      and not exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                      where pc.product_id = p.id and c.key in ('sports-nutrition', 'socks'))
      and not exists (select 1 from package_options where product_id = p.id)
    order by p.id offset ${opts.skip} limit 1`);
  if (!row) throw new Error("no SKU for the fixture");
  const price = opts.price ?? 29900;
  await shop.db.db.execute(
    sql`update skus set in_stock = ${opts.inStock ?? 50}, oversellable = ${opts.oversellable ?? 0}, static = 0 where id = ${row.sku_id}`,
  );
  // A price without a past: the seed's history (earlier prices, sales) would make it a reduction to announce.
  await shop.db.db.execute(
    sql`delete from price_log where sku_id = ${row.sku_id} and market_alias in ('se', 'no')`,
  );
  await shop.db.db.execute(
    sql`update prices set regular_minor = ${price}, selling_minor = ${price}, campaign_id = null, reduced_since = null
        where sku_id = ${row.sku_id} and market_alias in ('se', 'no')`,
  );
  return {
    skuId: Number(row.sku_id),
    productId: Number(row.product_id),
    regular: price,
    selling: price,
    rate: row.product_class === "food" ? 600 : 2500,
  };
}

const minor = (decimal: number) => Math.round(decimal * 100);
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("getCart", () => {
  it("starts a new cart for an empty, unknown or malformed id, in the market's currency", async () => {
    const first = await getCartOf(null);
    expect(first.error).toBeUndefined();
    expect(first.cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.cart).toMatchObject({
      items: [],
      quantity: 0,
      currency: "SEK",
      marketId: "se",
      isCompleted: false,
    });
    expect(first.cart.summary.total.sellingPriceIncVat).toBe(0);
    expect(first.cart.summary.shipping.amountLeftToFreeShippingFormatted).toBe(nbsp("99 kr"));
    const unknown = await getCartOf("00000000-0000-4000-8000-000000000000");
    expect(unknown.cart.id).not.toBe("00000000-0000-4000-8000-000000000000");
    const malformed = await getCartOf("not-a-cart");
    expect(malformed.cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getCartOf(first.cart.id)).cart.id).toBe(first.cart.id);
  });
});

describe("adding and changing items", () => {
  it("adds a SKU, adds to the same line again, and sums up the cart exactly", async () => {
    const s = await sku({ skip: 0 });
    const one = await add(null, s.skuId, 1);
    expect(one.error).toBeUndefined();
    const id = one.cart.id;
    const two = await add(id, s.skuId, 2);
    expect(two.cart.id).toBe(id);
    expect(two.cart.items).toHaveLength(1);
    const item = two.cart.items[0];
    expect(item).toMatchObject({ skuId: s.skuId, quantity: 3, groupKey: null });
    expect(minor(item.unitPrice.sellingPriceIncVat)).toBe(s.selling);
    expect(item.unitPrice.sellingPriceIncVatFormatted).toBe(formatMoney(s.selling, "SEK", "sv-SE"));
    expect(item.product.productId).toBe(s.productId);
    const summary = two.cart.summary;
    expect(minor(summary.subTotal.sellingPriceIncVat)).toBe(3 * s.selling);
    expect(minor(summary.subTotal.vat)).toBe(vatOfGross(3 * s.selling, s.rate));
    // Over 99 kr: free shipping.
    expect(summary.shipping).toMatchObject({
      feeIncVat: 0,
      isFree: true,
      amountLeftToFreeShipping: 0,
      isDefault: true,
    });
    expect(minor(summary.total.sellingPriceIncVat)).toBe(3 * s.selling);
    expect(minor(summary.total.vat)).toBe(vatOfGross(3 * s.selling, s.rate));
    expect(summary.total.sellingPriceIncVatFormatted).toBe(formatMoney(3 * s.selling, "SEK", "sv-SE"));
    expect(two.cart.quantity).toBe(3);
    expect(two.cart.version).toBeGreaterThan(one.cart.version);
  });

  it("in Norway: NOK, Norwegian formatting, the NO price", async () => {
    const s = await sku({ skip: 3 });
    await shop.db.db.execute(
      sql`update prices set regular_minor = 34950, selling_minor = 34950 where sku_id = ${s.skuId} and market_alias = 'no'`,
    );
    const answer = await add(null, s.skuId, 1, no);
    expect(answer.cart.currency).toBe("NOK");
    expect(minor(answer.cart.items[0].unitPrice.sellingPriceIncVat)).toBe(34950);
    expect(answer.cart.items[0].unitPrice.sellingPriceIncVatFormatted).toBe(nbsp("349,50 kr"));
  });

  it("charges shipping below 99 kr and drops it when the cart crosses the threshold", async () => {
    const cheap = await sku({ skip: 4, price: 3900 });
    const answer = await add(null, cheap.skuId, 1);
    const s = answer.cart.summary;
    expect(minor(s.shipping.feeIncVat)).toBe(4900);
    expect(s.shipping.feeIncVatFormatted).toBe(nbsp("49 kr"));
    expect(minor(s.shipping.amountLeftToFreeShipping)).toBe(9900 - cheap.selling);
    expect(s.shipping.amountLeftToFreeShippingFormatted).toBe(
      formatMoney(9900 - cheap.selling, "SEK", "sv-SE"),
    );
    expect(minor(s.total.sellingPriceIncVat)).toBe(cheap.selling + 4900);
    const units = Math.ceil(9900 / cheap.selling);
    const crossed = await update(answer.cart.id, { skuId: cheap.skuId, quantity: units });
    expect(crossed.cart.summary.shipping).toMatchObject({
      feeIncVat: 0,
      isFree: true,
      amountLeftToFreeShipping: 0,
    });
  });

  it("updateCartItem sets an absolute quantity; 0 removes the line", async () => {
    const a = await sku({ skip: 5 });
    const b = await sku({ skip: 6 });
    const id = (await add(null, a.skuId, 2)).cart.id;
    await add(id, b.skuId, 1);
    const set = await update(id, { skuId: a.skuId, quantity: 5 });
    expect(set.cart.items.find((i: { skuId: number }) => i.skuId === a.skuId).quantity).toBe(5);
    const byItemId = set.cart.items.find((i: { skuId: number }) => i.skuId === b.skuId).id;
    const removed = await update(id, { id: byItemId, quantity: 0 });
    expect(removed.cart.items.map((i: { skuId: number }) => i.skuId)).toEqual([a.skuId]);
  });
});

describe("stock", () => {
  it("refuses a quantity above stock with 'only N left', and leaves the cart as it was", async () => {
    const s = await sku({ skip: 8, inStock: 3 });
    const id = (await add(null, s.skuId, 2)).cart.id;
    const before = (await getCartOf(id)).cart;
    const refused = await add(id, s.skuId, 2);
    expect(refused.cart).toBeNull();
    expect(refused.error?.extensions).toMatchObject({
      code: "OUT_OF_STOCK",
      reason: "OUT_OF_STOCK",
      stock: 3,
    });
    expect(refused.error?.message).toBe("Endast 3 kvar i lager");
    const bigger = await update(id, { skuId: s.skuId, quantity: 4 });
    expect(bigger.error?.extensions).toMatchObject({ code: "OUT_OF_STOCK", stock: 3 });
    const after = (await getCartOf(id)).cart;
    expect(after.version).toBe(before.version);
    expect(after.items).toEqual(before.items);
  });

  it("lets an oversellable SKU go to backorder, up to shelf plus oversellable", async () => {
    const s = await sku({ skip: 9, inStock: 1, oversellable: 4 });
    const ok = await add(null, s.skuId, 5);
    expect(ok.error).toBeUndefined();
    expect(ok.cart.items[0].totalStock).toEqual({ inStock: 1, oversellable: 4 });
    const over = await add(ok.cart.id, s.skuId, 1);
    expect(over.error?.extensions).toMatchObject({ code: "OUT_OF_STOCK", stock: 5 });
  });

  it("refuses a sold-out SKU", async () => {
    const s = await sku({ skip: 10, inStock: 0 });
    const refused = await add(null, s.skuId, 1);
    expect(refused.error?.extensions).toMatchObject({ code: "OUT_OF_STOCK", stock: 0 });
    expect(refused.error?.message).toBe("Varan är slutsåld.");
  });
});

describe("bad input changes nothing", () => {
  let id: string;
  let version: number;
  let s: Sku;
  beforeAll(async () => {
    s = await sku({ skip: 12 });
    const cart = (await add(null, s.skuId, 1)).cart;
    id = cart.id;
    version = cart.version;
  });
  const unchanged = async () => {
    const cart = (await getCartOf(id)).cart;
    expect(cart.version).toBe(version);
    expect(cart.items.map((i: { skuId: number; quantity: number }) => [i.skuId, i.quantity])).toEqual([
      [s.skuId, 1],
    ]);
  };

  it.each([
    ["a negative quantity", -1, "INVALID_QUANTITY"],
    ["zero to add", 0, "INVALID_QUANTITY"],
    ["over 999", 1000, "INVALID_QUANTITY"],
  ])("%s", async (_, quantity, reason) => {
    const answer = await add(id, s.skuId, quantity);
    expect(answer.error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason });
    await unchanged();
  });

  it("a fractional quantity is refused by the schema", async () => {
    const answer = await add(id, s.skuId, 1.5);
    expect(answer.error?.message).toMatch(/Int cannot represent non-integer value/);
    await unchanged();
  });

  it("an unknown SKU", async () => {
    const answer = await add(id, 987654321, 1);
    expect(answer.error?.extensions).toMatchObject({ code: "NOT_FOUND", reason: "UNKNOWN_SKU" });
    await unchanged();
  });

  it("a cart id of another format", async () => {
    const answer = await add("'; drop table carts; --", s.skuId, 1);
    expect(answer.error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_CART_ID" });
    await unchanged();
  });

  it("a 10 kB promo code, and an unknown one", async () => {
    for (const code of ["X".repeat(10_000), "FINNS-INTE"]) {
      const answer = await promo(id, code);
      expect(answer.error?.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        reason: "INVALID_PROMO_CODE",
      });
    }
    await unchanged();
  });

  it("the package SKU itself (packages are added with their picks)", async () => {
    const [pkg] = await rows(
      sql`select s.id from skus s join products p on p.id = s.product_id where p.type = 'package' limit 1`,
    );
    const answer = await add(id, Number(pkg.id), 1);
    expect(answer.error?.extensions).toMatchObject({ reason: "NOT_BUYABLE" });
    await unchanged();
  });
});

describe("promo codes and gift cards", () => {
  it("VINTER10 takes 10 % off and shows as an applied campaign; empty removes it", async () => {
    const s = await sku({ skip: 14, price: 45900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const on = await promo(id, " vinter10 ");
    expect(on.error).toBeUndefined();
    expect(on.cart.promoCode).toBe("VINTER10");
    expect(on.cart.appliedCampaigns).toContainEqual({
      name: "10 % rabatt",
      type: "PROMO_CODE",
      code: "VINTER10",
    });
    const off = Math.round(s.selling / 10);
    expect(minor(on.cart.summary.total.discountIncVat)).toBe(off);
    expect(minor(on.cart.summary.total.sellingPriceIncVat)).toBe(s.selling - off);
    expect(on.cart.items[0].campaign.appliedCampaigns).toEqual([{ name: "10 % rabatt" }]);
    const removed = await promo(id, "");
    expect(removed.cart.promoCode).toBeNull();
    expect(minor(removed.cart.summary.total.sellingPriceIncVat)).toBe(s.selling);
  });

  it("a code that expires while on the cart gives nothing and says why", async () => {
    const s = await sku({ skip: 13, price: 45900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    expect((await promo(id, "FRIFRAKT")).error).toBeUndefined();
    await shop.db.db.execute(
      sql`update promo_codes set valid_to = now() - interval '1 minute' where code = 'FRIFRAKT'`,
    );
    try {
      const cart = (await getCartOf(id)).cart;
      expect(cart.promoCode).toBe("FRIFRAKT");
      expect(cart.appliedCampaigns.map((c: { type: string }) => c.type)).not.toContain("PROMO_CODE");
      expect(cart.promoCodeRequirement).toEqual({
        condition: "validity",
        amountFormatted: null,
        value: null,
      });
    } finally {
      await shop.db.db.execute(sql`update promo_codes set valid_to = null where code = 'FRIFRAKT'`);
    }
  });

  it("an expired code is invalid", async () => {
    const s = await sku({ skip: 15 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const answer = await promo(id, "SOMMAR2025");
    expect(answer.error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_PROMO_CODE" });
  });

  it("SPORT100 needs 500 kr: RequirementsNotMet below it, the cart unchanged; applied above it", async () => {
    const s = await sku({ skip: 16, price: 19900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const refused = await promo(id, "SPORT100");
    expect(refused.error?.extensions).toMatchObject({
      code: "RequirementsNotMet",
      reason: "REQUIREMENTS_NOT_MET",
      condition: "minimumAmount",
      currency: "SEK",
      amountFormatted: "500\u00a0kr",
    });
    expect((await getCartOf(id)).cart.promoCode).toBeNull();
    await update(id, { skuId: s.skuId, quantity: Math.ceil(50000 / s.selling) });
    const applied = await promo(id, "SPORT100");
    expect(applied.error).toBeUndefined();
    expect(minor(applied.cart.summary.fixedAmountDiscountIncVat)).toBe(10000);
    // Back under 500 kr: kept on the cart, but gives nothing, and says why.
    const under = await update(id, { skuId: s.skuId, quantity: 1 });
    expect(under.cart.promoCode).toBe("SPORT100");
    expect(under.cart.summary.fixedAmountDiscountIncVat).toBe(0);
    expect(under.cart.promoCodeRequirement).toEqual({
      condition: "minimumAmount",
      amountFormatted: nbsp("500 kr"),
      value: null,
    });
  });

  it("FORETAG15 is for organisations", async () => {
    const s = await sku({ skip: 17, price: 45900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const person = await promo(id, "FORETAG15", se, "PERSON");
    expect(person.error?.extensions).toMatchObject({ code: "RequirementsNotMet", condition: "customerType" });
    const org = await promo(id, "FORETAG15", se, "ORGANIZATION");
    expect(org.error).toBeUndefined();
    expect(org.cart.customerType).toBe("ORGANIZATION");
    expect(minor(org.cart.summary.total.discountIncVat)).toBe(Math.round((s.selling * 15) / 100));
    // An organisation sees prices without VAT: the summary carries both.
    const total = org.cart.summary.total;
    expect(minor(total.sellingPriceExVat) + minor(total.vat)).toBe(minor(total.sellingPriceIncVat));
  });

  it("a gift card pays part of the total: balance pending, the rest left to pay", async () => {
    const s = await sku({ skip: 18, price: 89900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const answer = await promo(id, ` ${cards.sek500.toLowerCase()} `);
    expect(answer.error).toBeUndefined();
    expect(answer.cart.giftCards).toEqual([
      { code: cards.sek500, balance: 500, used: 500, usedFormatted: nbsp("500 kr") },
    ]);
    const b = answer.cart.summary.balance;
    expect(minor(b.pending)).toBe(50000);
    expect(minor(b.totalSellingPriceExBalanceIncVat)).toBe(s.selling - 50000);
    // A gift card is a payment: the total and its VAT are those of the sale.
    expect(minor(answer.cart.summary.total.sellingPriceIncVat)).toBe(s.selling);
  });

  it("refuses a Norwegian gift card in Sweden and an expired one exactly as an unknown code", async () => {
    const s = await sku({ skip: 19 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const unknown = await promo(id, "GAVA-0000-0000-0000-0000");
    expect(unknown.error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_PROMO_CODE" });
    // Nothing in the answer tells a guesser that these cards exist.
    expect((await promo(id, cards.nok500)).error).toEqual(unknown.error);
    expect((await promo(id, cards.expired)).error).toEqual(unknown.error);
    expect((await getCartOf(id)).cart.giftCards).toEqual([]);
  });
});

describe("price campaigns in the cart", () => {
  it("charges the reduced price while its campaign runs and the regular price once it has ended", async () => {
    const s = await sku({ skip: 27, price: 40000 });
    await shop.db.db.execute(sql`insert into discount_campaigns (key, discount_type, starts_at, ends_at)
      values ('cart-test-sale', 'PRICE_CAMPAIGN', now() - interval '1 day', now() + interval '1 day')`);
    await shop.db.db.execute(sql`update prices set selling_minor = 30000, reduced_since = now() - interval '1 hour',
      campaign_id = (select id from discount_campaigns where key = 'cart-test-sale')
      where sku_id = ${s.skuId} and market_alias in ('se', 'no')`);
    const id = (await add(null, s.skuId, 1)).cart.id;
    expect(minor((await getCartOf(id)).cart.items[0].unitPrice.sellingPriceIncVat)).toBe(30000);
    await shop.db.db.execute(
      sql`update discount_campaigns set ends_at = now() - interval '1 minute' where key = 'cart-test-sale'`,
    );
    const after = (await getCartOf(id)).cart.items[0].unitPrice;
    expect(minor(after.sellingPriceIncVat)).toBe(40000);
    expect(minor(after.regularPriceIncVat)).toBe(40000);
  });
});

describe("cart campaigns", () => {
  it("buy 3, pay for 2 on sports nutrition: the cheapest unit is free", async () => {
    const [n] = await rows(sql`
      select s.id, pr.selling_minor from skus s join products p on p.id = s.product_id
      join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
      where p.type = 'product' and p.active and s.active and exists (
        select 1 from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.key = 'sports-nutrition')
      order by s.id limit 1`);
    await shop.db.db.execute(sql`update skus set in_stock = 50 where id = ${n.id}`);
    const answer = await add(null, Number(n.id), 3);
    expect(answer.error).toBeUndefined();
    const item = answer.cart.items[0];
    expect(item.campaign.appliedCampaigns).toEqual([{ name: "Köp 3, betala för 2 på sportnutrition" }]);
    expect(
      item.campaign.prices.map((p: { quantity: number; price: { sellingPriceIncVat: number } }) => [
        p.quantity,
        minor(p.price.sellingPriceIncVat),
      ]),
    ).toEqual([
      [2, Number(n.selling_minor)],
      [1, 0],
    ]);
    expect(minor(item.totalPrice.sellingPriceIncVat)).toBe(2 * Number(n.selling_minor));
    expect(answer.cart.appliedCampaigns).toContainEqual({
      name: "Köp 3, betala för 2 på sportnutrition",
      type: "CART_CAMPAIGN",
      code: null,
    });
  });
});

describe("packages", () => {
  // biome-ignore lint/suspicious/noExplicitAny: the package as the product query answers it.
  async function packageOf(): Promise<any> {
    const [p] = await rows(sql`
      select pt.alias from products p join product_translations pt on pt.product_id = p.id and pt.language_id = 'sv-SE'
      where p.type = 'package' and p.kind = 'shell-jacket' limit 1`);
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!) { product(alias: $alias, channelId: "1|se", languageId: "sv-SE") {
        productId unitPrice { sellingPriceIncVat }
        productPackage { groups { groupId required options { optionId isSelected product { productId skus { skuId } } } } } } }`,
      variables: { alias: p.alias },
    });
    return body.data.product;
  }
  function addPackage(id: string | null, packageId: number, selections: unknown[]) {
    return call(
      "addPackageToCart",
      "$id: String, $packageId: Int!, $selections: [ProductPackageSelectionType!]!",
      "id: $id, packageId: $packageId, selections: $selections",
      { id, packageId, selections, ...se },
    );
  }

  it("refuses a package without a pick in every required group, then adds it as one group", async () => {
    const pkg = await packageOf();
    const groups = pkg.productPackage.groups;
    const required = groups.filter((g: { required: boolean }) => g.required);
    // Stock for every option's SKUs, so the test decides what is sold out.
    const skuIds = groups.flatMap((g: { options: { product: { skus: { skuId: number }[] } }[] }) =>
      g.options.flatMap((o) => o.product.skus.map((s) => s.skuId)),
    );
    await shop.db.db.execute(
      sql`update skus set in_stock = 20 where id in (${sql.join(
        skuIds.map((x: number) => sql`${x}`),
        sql`, `,
      )})`,
    );
    const pick = (g: {
      groupId: number;
      options: { optionId: number; isSelected: boolean; product: { skus: { skuId: number }[] } }[];
    }) => {
      const option = g.options.find((o) => o.isSelected) ?? g.options[0];
      return { groupId: g.groupId, optionId: option?.optionId, skuId: option?.product.skus[0]?.skuId };
    };
    const incomplete = await addPackage(null, pkg.productId, [pick(required[0])]);
    expect(incomplete.error?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "PACKAGE_INCOMPLETE",
    });
    expect(incomplete.error?.extensions.groups).toHaveLength(required.length - 1);

    // Without the 10 % cart campaign over 1 500 kr, so the package's own price shows alone.
    await shop.db.db.execute(
      sql`update discount_campaigns set active = false where key = '10-procent-over-1500'`,
    );
    const added = await addPackage(null, pkg.productId, required.map(pick)).finally(() =>
      shop.db.db.execute(sql`update discount_campaigns set active = true where key = '10-procent-over-1500'`),
    );
    expect(added.error).toBeUndefined();
    const items = added.cart.items;
    expect(items).toHaveLength(required.length);
    const groupKey = items[0].groupKey;
    expect(groupKey).toBeTruthy();
    expect(
      items.every(
        (i: { groupKey: string; productPackage: { packageId: number } }) =>
          i.groupKey === groupKey && i.productPackage.packageId === pkg.productId,
      ),
    ).toBe(true);
    // The package is counted once, and its default picks cost the package price.
    expect(added.cart.quantity).toBe(1);
    expect(added.cart.summary.subTotal.sellingPriceIncVat).toBe(pkg.unitPrice.sellingPriceIncVat);
    expect(added.cart.appliedCampaigns).toEqual([{ name: "Skalpaket", type: "PACKAGE", code: null }]);

    const twice = await call(
      "updateCartGroup",
      "$id: String, $item: CartGroupInputType!",
      "id: $id, item: $item",
      { id: added.cart.id, item: { groupKey, quantity: 2 }, ...se },
    );
    expect(twice.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual(items.map(() => 2));
    expect(twice.cart.quantity).toBe(1);
    const gone = await call(
      "updateCartGroup",
      "$id: String, $item: CartGroupInputType!",
      "id: $id, item: $item",
      {
        id: added.cart.id,
        item: { groupKey, quantity: 0 },
        ...se,
      },
    );
    expect(gone.cart.items).toEqual([]);
  });

  it("a sold-out pick cannot be bought", async () => {
    const pkg = await packageOf();
    const required = pkg.productPackage.groups.filter((g: { required: boolean }) => g.required);
    const selections = required.map(
      (g: { groupId: number; options: { optionId: number; product: { skus: { skuId: number }[] } }[] }) => ({
        groupId: g.groupId,
        optionId: g.options[0]?.optionId,
        skuId: g.options[0]?.product.skus[0]?.skuId,
      }),
    );
    await shop.db.db.execute(
      sql`update skus set in_stock = 0, oversellable = 0, static = 0 where id = ${selections[0].skuId}`,
    );
    const answer = await addPackage(null, pkg.productId, selections);
    expect(answer.error?.extensions).toMatchObject({ code: "OUT_OF_STOCK", reason: "PACKAGE_ITEM_SOLD_OUT" });
    await shop.db.db.execute(sql`update skus set in_stock = 20 where id = ${selections[0].skuId}`);
  });
});

describe("lifecycle", () => {
  it("forceRefresh drops a product that is no longer sold; without it the line is only left out", async () => {
    const a = await sku({ skip: 22 });
    const b = await sku({ skip: 23 });
    const id = (await add(null, a.skuId, 1)).cart.id;
    await add(id, b.skuId, 1);
    await shop.db.db.execute(sql`update products set active = false where id = ${b.productId}`);
    try {
      const shown = await getCartOf(id);
      expect(shown.cart.items.map((i: { skuId: number }) => i.skuId)).toEqual([a.skuId]);
      const [kept] = await rows(sql`select count(*)::int as n from cart_items where cart_id = ${id}`);
      expect(kept.n).toBe(2);
      const refreshed = await getCartOf(id, se, { forceRefresh: true });
      expect(refreshed.cart.items.map((i: { skuId: number }) => i.skuId)).toEqual([a.skuId]);
      const [left] = await rows(sql`select count(*)::int as n from cart_items where cart_id = ${id}`);
      expect(left.n).toBe(1);
    } finally {
      await shop.db.db.execute(sql`update products set active = true where id = ${b.productId}`);
    }
  });

  it("completeCart closes the cart: its id starts a new one, completing twice changes nothing", async () => {
    const s = await sku({ skip: 24 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const done = await call("completeCart", "$id: String!", "id: $id", { id, ...se });
    expect(done.cart.isCompleted).toBe(true);
    const again = await call("completeCart", "$id: String!", "id: $id", { id, ...se });
    expect(again.cart.version).toBe(done.cart.version);
    const next = await getCartOf(id);
    expect(next.cart.id).not.toBe(id);
    expect(next.cart.items).toEqual([]);
  });

  it("prices the same cart in another market's currency", async () => {
    const s = await sku({ skip: 25 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    const dk = await getCartOf(id, { channelId: "1|se", languageId: "sv-SE", marketId: "dk" } as typeof se);
    expect(dk.cart.currency).toBe("DKK");
    expect(dk.cart.marketId).toBe("dk");
    // A converted total (DKK on the Swedish site) is shown with one decimal.
    expect(dk.cart.summary.total.sellingPriceIncVatFormatted).toMatch(/^[\d\u00a0]+,\d\u00a0kr$/);
  });

  it("answers 'Currency not found for this market' for a market without a currency", async () => {
    const ref = await createReferenceCache(shop.db.db).get();
    const { locale } = resolveLocale(ref, se);
    const market = { ...locale.market, currency: null };
    await expect(getCart(shop.db.db, { ref, locale: { ...locale, market } }, null)).rejects.toThrow(
      "Currency not found for this market",
    );
  });
});

describe("codes: validity, scope, removal", () => {
  it("a code that is not valid yet is invalid; a product code is RequirementsNotMet without its product", async () => {
    const s = await sku({ skip: 28 });
    const other = await sku({ skip: 29 });
    await shop.db.db.execute(sql`
      insert into promo_codes (code, names, conditions, actions, valid_from) values
        ('TEST-SNART', '{}', '[]', '[{"code":"percentOff","args":10}]', now() + interval '2 days'),
        ('TEST-VARA', '{}', ${JSON.stringify([{ code: "products", args: [s.productId] }])}::jsonb,
         '[{"code":"percentOff","args":20}]', null)`);
    const id = (await add(null, other.skuId, 1)).cart.id;
    expect((await promo(id, "test-snart")).error?.extensions).toMatchObject({ reason: "INVALID_PROMO_CODE" });
    const without = await promo(id, "TEST-VARA");
    expect(without.error?.extensions).toMatchObject({ code: "RequirementsNotMet", condition: "products" });
    expect((await getCartOf(id)).cart.promoCode).toBeNull();
    await add(id, s.skuId, 1);
    const withIt = await promo(id, "TEST-VARA");
    expect(withIt.error).toBeUndefined();
    // 20 % off the product in scope only.
    const reduced = withIt.cart.items.find((i: { skuId: number }) => i.skuId === s.skuId);
    const untouched = withIt.cart.items.find((i: { skuId: number }) => i.skuId === other.skuId);
    expect(minor(reduced.totalPrice.sellingPriceIncVat)).toBe(Math.round(s.selling * 0.8));
    expect(minor(untouched.totalPrice.sellingPriceIncVat)).toBe(other.selling);
  });

  it("removeCartPromoCode takes off a promo code or a gift card, one at a time", async () => {
    const s = await sku({ skip: 30, price: 89900 });
    const id = (await add(null, s.skuId, 1)).cart.id;
    await promo(id, "VINTER10");
    const both = await promo(id, cards.sek250);
    expect(both.cart.promoCode).toBe("VINTER10");
    expect(both.cart.giftCards.map((g: { code: string }) => g.code)).toEqual([cards.sek250]);
    const remove = (code: string) =>
      call("removeCartPromoCode", "$id: String!, $code: String!", "id: $id, code: $code", {
        id,
        code,
        ...se,
      });
    const noCard = await remove(cards.sek250.toLowerCase());
    expect(noCard.cart.giftCards).toEqual([]);
    expect(noCard.cart.promoCode).toBe("VINTER10");
    const noCode = await remove("VINTER10");
    expect(noCode.cart.promoCode).toBeNull();
    expect(minor(noCode.cart.summary.total.sellingPriceIncVat)).toBe(s.selling);
  });
});

describe("completing a cart draws on its codes", () => {
  const complete = (id: string) => call("completeCart", "$id: String!", "id: $id", { id, ...se });

  it("counts a promo code's uses: once used up by completed carts it is refused, and completing changes nothing", async () => {
    const s = await sku({ skip: 31 });
    await shop.db.db.execute(sql`
      insert into promo_codes (code, names, actions, max_uses)
      values ('TEST-EN-GANG', '{}', '[{"code":"percentOff","args":10}]', 1)`);
    const a = (await add(null, s.skuId, 1)).cart.id;
    const b = (await add(null, s.skuId, 1)).cart.id;
    expect((await promo(a, "TEST-EN-GANG")).error).toBeUndefined();
    expect((await promo(b, "TEST-EN-GANG")).error).toBeUndefined();

    const done = await complete(a);
    expect(done.error).toBeUndefined();
    expect(done.cart.isCompleted).toBe(true);
    const [code] = await rows(sql`
      select c.uses, (select count(*)::int from promo_code_uses u where u.promo_code_id = c.id) as recorded
      from promo_codes c where c.code = 'TEST-EN-GANG'`);
    expect(code).toMatchObject({ uses: 1, recorded: 1 });

    // Cart b accepted the code before it was used up: completing it now is refused, and b stays open as it was.
    const before = (await getCartOf(b)).cart;
    const refused = await complete(b);
    expect(refused.error?.extensions).toMatchObject({ reason: "INVALID_PROMO_CODE" });
    const after = (await getCartOf(b)).cart;
    expect(after).toMatchObject({ id: b, isCompleted: false, version: before.version });
    // A new cart cannot take it any more.
    const c = (await add(null, s.skuId, 1)).cart.id;
    expect((await promo(c, "TEST-EN-GANG")).error?.extensions).toMatchObject({
      reason: "INVALID_PROMO_CODE",
    });
    // Completing a again (a retry) counts nothing twice, and answers the same money as the first time.
    const retried = await complete(a);
    expect(retried.error).toBeUndefined();
    expect(retried.cart).toMatchObject({
      isCompleted: true,
      version: done.cart.version,
      promoCode: "TEST-EN-GANG",
      promoCodeRequirement: null,
      summary: done.cart.summary,
      appliedCampaigns: done.cart.appliedCampaigns,
    });
    const [again] = await rows(sql`select uses from promo_codes where code = 'TEST-EN-GANG'`);
    expect(again.uses).toBe(1);
  });

  it("counts uses per customer: a signed-in customer who used the code cannot use it again; others can", async () => {
    const s = await sku({ skip: 32 });
    await shop.db.db.execute(sql`
      insert into promo_codes (code, names, actions, max_uses_per_customer)
      values ('TEST-EN-PER-KUND', '{}', '[{"code":"percentOff","args":10}]', 1)`);
    const customers = await rows(sql`
      insert into customers (email) values ('anna@example.se'), ('bo@example.se') returning id`);
    const [anna, bo] = customers.map((c) => Number(c.id));
    const cartOf = async (customer: number | null) => {
      const id = (await add(null, s.skuId, 1)).cart.id as string;
      await shop.db.db.execute(sql`update carts set customer_id = ${customer} where id = ${id}`);
      return id;
    };
    const first = await cartOf(anna ?? null);
    expect((await promo(first, "TEST-EN-PER-KUND")).error).toBeUndefined();
    expect((await complete(first)).error).toBeUndefined();
    const [use] = await rows(sql`
      select u.customer_id from promo_code_uses u join promo_codes c on c.id = u.promo_code_id
      where c.code = 'TEST-EN-PER-KUND'`);
    expect(Number(use.customer_id)).toBe(anna);

    const second = await cartOf(anna ?? null);
    expect((await promo(second, "TEST-EN-PER-KUND")).error?.extensions).toMatchObject({
      reason: "INVALID_PROMO_CODE",
    });
    expect((await promo(await cartOf(bo ?? null), "TEST-EN-PER-KUND")).error).toBeUndefined();
    expect((await promo(await cartOf(null), "TEST-EN-PER-KUND")).error).toBeUndefined();
  });

  it("draws gift cards down once; two carts completing at once never spend more than the balance", async () => {
    const s = await sku({ skip: 33, price: 29900 });
    await shop.db.db.execute(sql`
      insert into gift_cards (code, currency_code, initial_minor, balance_minor)
      values ('TEST-GAVA-500', 'SEK', 50000, 50000)`);
    const a = (await add(null, s.skuId, 1)).cart.id;
    const b = (await add(null, s.skuId, 1)).cart.id;
    for (const id of [a, b]) {
      const answer = await promo(id, "TEST-GAVA-500");
      expect(answer.cart.giftCards[0]).toMatchObject({ used: 299, balance: 500 });
    }
    const [ra, rb] = await Promise.all([complete(a), complete(b)]);
    expect(ra.error).toBeUndefined();
    expect(rb.error).toBeUndefined();
    // Whichever completed second paid with what was left.
    const used = [ra, rb].map((r) => minor(r.cart.giftCards[0].used)).sort((x, y) => x - y);
    expect(used).toEqual([20100, 29900]);
    const [card] = await rows(sql`
      select g.balance_minor, (select sum(amount_minor)::int from gift_card_transactions t where t.gift_card_id = g.id) as drawn
      from gift_cards g where g.code = 'TEST-GAVA-500'`);
    expect(card).toMatchObject({ balance_minor: 0, drawn: -50000 });
    // Each draw names its cart. (On PostgreSQL the two completions really run at once: without the gift cards'
    // row locks this test fails there; PGlite runs transactions one at a time.)
    const draws = await rows(sql`
      select t.cart_id, t.amount_minor from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id
      where g.code = 'TEST-GAVA-500' order by t.cart_id`);
    expect(draws.map((d) => d.cart_id).sort()).toEqual([a, b].sort());
    // Retrying both completions draws nothing more and answers what each cart paid the first time.
    const [againA, againB] = await Promise.all([complete(a), complete(b)]);
    // (`balance` is the card's balance now plus what this cart drew: other carts may have drawn since.)
    const paid = (r: Answer) => r.cart.giftCards.map((g: { used: number; code: string }) => [g.code, g.used]);
    expect(paid(againA)).toEqual(paid(ra));
    expect(paid(againB)).toEqual(paid(rb));
    expect(againA.cart.summary).toEqual(ra.cart.summary);
    expect(againB.cart.summary).toEqual(rb.cart.summary);
    const [still] = await rows(sql`
      select count(*)::int as n from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id
      where g.code = 'TEST-GAVA-500'`);
    expect(still.n).toBe(2);
    // A card with nothing left is refused on a new cart, as if it did not exist.
    const c = (await add(null, s.skuId, 1)).cart.id;
    expect((await promo(c, "TEST-GAVA-500")).error).toEqual((await promo(c, "TEST-GAVA-404")).error);
  });
});

describe("concurrency", () => {
  it("20 concurrent adds of a SKU with 10 in stock: exactly 10 succeed, the rest are refused", async () => {
    const s = await sku({ skip: 26, inStock: 10 });
    const cartId = (await getCartOf(null)).cart.id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(cartId, s.skuId, 1)));
    expect(answers.filter((a) => !a.error)).toHaveLength(10);
    expect(answers.filter((a) => a.error?.extensions.code === "OUT_OF_STOCK")).toHaveLength(10);
    const cart = (await getCartOf(cartId)).cart;
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([10]);
  });

  it("50 concurrent adds to one cart lose no line and no unit", async () => {
    const many = await rows(sql`
      select s.id from skus s join products p on p.id = s.product_id
      join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
      where p.type = 'product' and p.active and s.active order by s.id limit 25`);
    const ids = many.map((r) => Number(r.id));
    await shop.db.db.execute(
      sql`update skus set in_stock = 100, oversellable = 0 where id in (${sql.join(
        ids.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    const cartId = (await getCartOf(null)).cart.id;
    // 25 SKUs, each added twice at the same time: 50 calls, 25 lines of 2.
    const answers = await Promise.all([...ids, ...ids].map((skuId) => add(cartId, skuId, 1)));
    expect(answers.filter((a) => a.error)).toEqual([]);
    expect(new Set(answers.map((a) => a.cart.id))).toEqual(new Set([cartId]));
    const cart = (await getCartOf(cartId)).cart;
    expect(cart.items).toHaveLength(25);
    expect(cart.items.every((i: { quantity: number }) => i.quantity === 2)).toBe(true);
    expect(cart.quantity).toBe(50);
    // One version per change.
    expect(cart.version).toBe(50);
  });
});

describe("statements (decision 0055)", () => {
  it("addToCart on a cart with lines runs 6 statements, getCart 3, and both answer the same cart", async () => {
    const [a, b] = [await sku({ skip: 27 }), await sku({ skip: 28 })];
    const ref = await createReferenceCache(shop.db.db).get();
    const ctx = { ref, locale: resolveLocale(ref, se).locale };
    const first = await addToCart(shop.db.db, ctx, null, { skuId: a.skuId, quantity: 1 });
    const seen: string[] = [];
    const stop = shop.db.onStatement((text) => seen.push(text));
    let added: Awaited<ReturnType<typeof addToCart>>;
    try {
      added = await addToCart(shop.db.db, ctx, first.id, { skuId: b.skuId, quantity: 2 });
    } finally {
      stop();
    }
    // The lock, the SKU with the cart's counts, the write, the version's bump (returning the cart), and the
    // priced read: the lines with their category scopes, and the market's campaigns and shipping options. Sent
    // in three round trips (decision 0070): the lock and the SKU; the write, the bump and the priced read — in
    // this order, which is the order the server runs them in.
    expect(seen).toHaveLength(6);
    expect(seen[0]).toMatch(/^select .* from "carts" .*for update$/is);
    expect(seen[1]).toMatch(/^select .* from "skus"/is);
    expect(seen[2]).toMatch(/^insert into "cart_items"/i);
    expect(seen[3]).toMatch(/^update "carts"/i);
    expect(seen[4]).toMatch(/^select .* from "cart_items"/is);
    expect(added.version).toBe(first.version + 1);
    expect(added.items.map((i) => [i.skuId, i.quantity])).toEqual([
      [a.skuId, 1],
      [b.skuId, 2],
    ]);
    const before = shop.db.statements();
    const read = await getCart(shop.db.db, ctx, first.id);
    expect(shop.db.statements() - before).toBe(3);
    expect(read.totals).toEqual(added.totals);
    expect(read.version).toBe(added.version);
  });
});
