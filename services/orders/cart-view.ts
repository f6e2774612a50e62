import type { AppliedRule, CartTotals } from "#domain/cart.ts";
import type { CartItemView, CartView } from "#services/cart/model.ts";
import type { OrderLineRecord, OrderRecord } from "./read.ts";

/**
 * An order's cart as it was bought (`OrderType.cart`, issue 13): built from the order's own line snapshots and
 * totals (services/orders/read.ts), never re-priced. A price, campaign or VAT rate changed after the purchase does
 * not change it, and reading a page of orders costs no statement beyond reading the orders (their lines come
 * with them, in one statement for the whole page).
 *
 * What the snapshot does not keep is answered plainly: the stock is none (an order's line is not for sale),
 * every reduction of a line is its item discount (the order keeps a line's reductions as one sum), and a
 * rule is named by what the line kept (`campaignNames`).
 */

/** The part of a VAT-inclusive amount that is VAT at `rateBp` (basis points), rounded to the minor unit. */
function vatOf(incVat: number, rateBp: number): number {
  return rateBp > 0 ? Math.round((incVat * rateBp) / (10_000 + rateBp)) : 0;
}

const NO_STOCK = { inStock: 0, oversellable: 0, totalStock: 0, static: 0, incoming: null };

function ruleOf(name: string): AppliedRule {
  return { id: `order:${name}`, kind: "campaign", name, hideTitle: false };
}

function itemOf(order: OrderRecord, line: OrderLineRecord, rules: Map<string, AppliedRule>): CartItemView {
  const id = String(line.id);
  const quantity = Math.max(1, line.quantity);
  const regularTotal = line.unitRegularIncVat * line.quantity;
  const sellingTotal = line.unitSellingIncVat * line.quantity;
  const applied = line.campaignNames.flatMap((name) => {
    const rule = rules.get(name);
    return rule ? [rule] : [];
  });
  return {
    id,
    skuId: line.skuId ?? 0,
    productId: line.productId ?? 0,
    skuName: line.skuName ?? "",
    quantity: line.quantity,
    groupKey: line.groupKey,
    packageId: line.packageId,
    packageGroupId: null,
    message: null,
    stock: NO_STOCK,
    currency: order.currency,
    vatRateBp: line.vatRateBp,
    priced: {
      id,
      quantity: line.quantity,
      vatRateBp: line.vatRateBp,
      unitRegular: line.unitRegularIncVat,
      unitSelling: line.unitSellingIncVat,
      regularTotal,
      sellingTotal,
      itemDiscount: line.discountIncVat,
      fixedDiscount: 0,
      total: line.lineTotalIncVat,
      vat: line.lineVat,
      // The units at what they cost after the line's reductions (the order keeps their sum).
      pricePoints: [{ price: Math.round(line.lineTotalIncVat / quantity), quantity: line.quantity }],
      applied: applied.map((r) => r.id),
    },
    applied,
  };
}

/** The order's cart, exactly as bought. Pure: the order record in, the cart view out. */
export function orderCartView(order: OrderRecord): CartView {
  const rules = new Map<string, AppliedRule>();
  for (const line of order.lines)
    for (const name of line.campaignNames) if (!rules.has(name)) rules.set(name, ruleOf(name));
  const items = order.lines.map((line) => itemOf(order, line, rules));
  const regular = order.lines.reduce((s, l) => s + l.unitRegularIncVat * l.quantity, 0);
  const regularVat = order.lines.reduce(
    (s, l) => s + vatOf(l.unitRegularIncVat * l.quantity, l.vatRateBp),
    0,
  );
  const itemVat = order.itemValueIncVat - order.itemValueExVat;
  const discountVat = order.lines.reduce((s, l) => s + vatOf(l.discountIncVat, l.vatRateBp), 0);
  const shippingExVat = order.shippingFeeIncVat - order.shippingFeeVat;
  const payable = order.totalIncVat - order.balanceUsed;
  const payableExVat =
    order.totalIncVat > 0 ? Math.round(((order.totalIncVat - order.vat) * payable) / order.totalIncVat) : 0;
  const totals: CartTotals = {
    currency: order.currency,
    lines: items.map((i) => i.priced),
    applied: [...rules.values()],
    promo: order.promoCode ? { id: `promo:${order.promoCode}`, status: "applied" } : null,
    subTotal: {
      regular,
      regularExVat: regular - regularVat,
      selling: order.itemValueIncVat,
      sellingExVat: order.itemValueExVat,
      vat: itemVat,
    },
    fixedDiscount: 0,
    fixedDiscountExVat: 0,
    shipping: {
      fee: order.shippingFeeIncVat,
      feeExVat: shippingExVat,
      vat: order.shippingFeeVat,
      isDefault: false,
      free: order.shippingFeeIncVat === 0,
      amountLeftToFreeShipping: 0,
    },
    total: {
      selling: order.totalIncVat,
      sellingExVat: order.totalIncVat - order.vat,
      discount: order.discountIncVat,
      discountExVat: order.discountIncVat - discountVat,
      vat: order.vat,
      isDiscounted: order.discountIncVat > 0,
    },
    balance: {
      pending: order.balanceUsed,
      payable,
      payableExVat,
      giftCards: [],
    },
  };
  return {
    id: order.cartId,
    version: 0,
    isCompleted: true,
    marketAlias: order.marketAlias,
    currency: order.currency,
    customerType: order.customerType,
    promoCode: order.promoCode,
    promoCodeUnmet: null,
    giftCards: [],
    merchantData: null,
    items,
    totals,
    shippingIsDefault: false,
  };
}

/** What each of the order's cart items was sold as (name, article number, size), by the item's id. */
export function soldLines(
  order: OrderRecord,
): Map<string, { name: string; articleNumber: string; skuName: string | null }> {
  return new Map(
    order.lines.map((l) => [
      String(l.id),
      { name: l.name, articleNumber: l.articleNumber, skuName: l.skuName },
    ]),
  );
}
