import { eq, sql } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { skus } from "#db/schema/index.ts";
import { queryRows } from "./db.ts";
import { gql, type Shop } from "./shop.ts";

/**
 * A cart of one piece of a product SKU priced in `market` (the `skip`-th such SKU, given `inStock` pieces and no
 * overselling), made through the API and put in the browser's context as the checkout page reads it: the
 * `mili-cart` and `mili-checkout-market` cookies. The checkout browser tests each take the next SKU, so no two
 * tests buy the same stock.
 */
export async function checkoutCartIn(
  shop: Shop,
  context: BrowserContext,
  at: { market: string; locale: { channelId: string; languageId: string; marketId: string } },
  opts: { skip: number; inStock: number },
): Promise<{ cartId: string; skuId: number }> {
  const rows = await queryRows<{ id: number }>(
    shop.db.db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = ${at.market}
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1 offset ${opts.skip}`,
  );
  const skuId = Number(rows[0]?.id);
  await shop.db.db.update(skus).set({ inStock: opts.inStock, oversellable: 0 }).where(eq(skus.id, skuId));
  const { body } = await gql(shop.origin, {
    query: `mutation($skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
      addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
    variables: { skuId, ...at.locale },
  });
  expect(body.errors).toBeUndefined();
  const cartId = body.data.addToCart.id as string;
  await context.addCookies([
    { name: "mili-cart", value: cartId, url: shop.origin },
    { name: "mili-checkout-market", value: at.market, url: shop.origin },
  ]);
  return { cartId, skuId };
}

/**
 * The checkout's two API calls as the shipping tests send them, answering the checkout's `fields`:
 * `createOrUpdateCheckout` (a change) and `storedCheckout` (the page's read), in `locale`, each expected to answer
 * without errors.
 */
export function checkoutCalls(
  shop: () => Shop,
  fields: string,
  locale: { channelId: string; languageId: string; marketId: string },
) {
  async function change(cartId: string, checkout: Record<string, unknown>) {
    const { body } = await gql(shop().origin, {
      query: `mutation($cartId: String!, $checkout: CheckoutInputType, $channelId: String, $languageId: String, $marketId: String) {
        createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${fields} } }`,
      variables: { cartId, checkout, ...locale },
    });
    expect(body.errors).toBeUndefined();
    return body.data.createOrUpdateCheckout;
  }
  async function stored(cartId: string) {
    const { body } = await gql(shop().origin, {
      query: `query($cartId: String!, $channelId: String, $languageId: String, $marketId: String) {
        storedCheckout(cartId: $cartId, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${fields} } }`,
      variables: { cartId, ...locale },
    });
    expect(body.errors).toBeUndefined();
    return body.data.storedCheckout;
  }
  return { change, stored };
}
