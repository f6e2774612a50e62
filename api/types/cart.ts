import { amountIn, CUSTOMER_TYPES, type CustomerType, cartQuantity } from "#domain/cart.ts";
import { formatMoney } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { cloneCart, getCart, setCartMerchantData } from "#services/cart/carts.ts";
import { removeCartCode, setCartPromoCode } from "#services/cart/codes.ts";
import { completeCart } from "#services/cart/complete.ts";
import { addToCart, updateCartGroup, updateCartItem } from "#services/cart/lines.ts";
import { CartError, type CartErrorReason, type CartItemView, type CartView } from "#services/cart/model.ts";
import { addPackageToCart } from "#services/cart/packages.ts";
import { limitCodeTries, newCartHits } from "#services/code-tries.ts";
import { claimCart } from "#services/customers/sign-in.ts";
import { loadPackages } from "#services/product-detail.ts";
import type { Locale, LocaleRequest } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError, type ErrorCode } from "../errors.ts";
import { CampaignType as CampaignRuleType } from "./lists.ts";
import { amountFields } from "./money-fields.ts";
import { type PriceEdge, PriceType, StockType } from "./price.ts";
import { ProductType } from "./product.ts";
import { productEdges } from "./product-detail.ts";

/**
 * The cart of spec §3 and API.md: getCart and the cart mutations. Each resolver calls services/cart/; amounts
 * become decimals and strings for the request's language here, at the edge.
 */

export interface CartEdge {
  cart: CartView;
  locale: Locale;
  /** A total in another currency than the channel's own is a converted one: shown with one decimal (spec §9). */
  converted: boolean;
  /** An order's cart (services/orders/cart-view.ts): what each item was sold as, by the item's id. */
  sold?: ReadonlyMap<string, { name: string; articleNumber: string; skuName: string | null }>;
}

interface ItemEdge {
  item: CartItemView;
  edge: CartEdge;
}

const languageOf = (e: CartEdge) => e.locale.language.id;
const amount = (e: CartEdge, minor: number, decimals?: "one") => ({
  minor,
  currency: e.cart.currency,
  locale: languageOf(e),
  ...(decimals ? { decimals } : {}),
});

/** A rule that lowered the cart (a package, a cart campaign or the promo code) as a CampaignRuleType. */
function cartRule(c: {
  name: string;
  hideTitle: boolean;
  kind: "package" | "campaign" | "promo";
  id: string;
}) {
  return {
    campaignId: c.id,
    name: c.name,
    hideTitle: c.hideTitle,
    canonicalUrl: null,
    alias: null,
    discountType: c.kind === "campaign" ? "CART_CAMPAIGN" : null,
    description: null,
    type: ({ package: "PACKAGE", campaign: "CART_CAMPAIGN", promo: "PROMO_CODE" } as const)[c.kind],
    code: c.kind === "promo" ? c.id.slice("promo:".length) : null,
  };
}

const CampaignPriceType = builder
  .objectRef<{ price: number; quantity: number; item: ItemEdge }>("CampaignPriceType")
  .implement({
    description: "Units of a cart item at one price after the cart's campaigns",
    fields: (t) => ({
      price: t.field({
        type: PriceType,
        resolve: (p) => ({
          price: {
            currency: p.item.item.currency,
            regularIncVat: p.item.item.priced.unitRegular,
            sellingIncVat: p.price,
            vatRateBp: p.item.item.vatRateBp,
          },
          locale: languageOf(p.item.edge),
        }),
      }),
      quantity: t.exposeInt("quantity"),
    }),
  });

const CartItemCampaignType = builder.objectRef<ItemEdge>("CampaignType").implement({
  fields: (t) => ({
    appliedCampaigns: t.field({ type: [CampaignRuleType], resolve: (e) => e.item.applied.map(cartRule) }),
    prices: t.field({
      type: [CampaignPriceType],
      resolve: (e) => e.item.priced.pricePoints.map((p) => ({ ...p, item: e })),
    }),
  }),
});

const CartItemPackageType = builder
  .objectRef<{ packageId: number; item: CartItemView; edge: CartEdge }>("ProductPackageCartItemType")
  .implement({
    fields: (t) => {
      const packageEdge = async (p: { packageId: number; edge: CartEdge }, ctx: ApiContext) =>
        (await productEdges(ctx, p.edge.locale, [p.packageId]))[0] ?? null;
      return {
        packageId: t.exposeInt("packageId"),
        packageName: t.string({
          description: "The package product's name",
          resolve: async (p, _args, ctx) => (await packageEdge(p, ctx))?.product.name ?? "",
        }),
        groupId: t.int({
          description: "The package group this item was picked in",
          resolve: (p) => p.item.packageGroupId ?? 0,
        }),
        optionId: t.int({
          description: "The option of that group this item is",
          resolve: async (p, _args, ctx) => {
            const lang = languageOf(p.edge);
            const pkg = await ctx.batch(`packages:${lang}`, p.packageId, (ids) =>
              loadPackages(ctx.db, lang, ids),
            );
            const group = pkg?.groups.find((g) => g.groupId === p.item.packageGroupId);
            return group?.options.find((o) => o.productId === p.item.productId)?.optionId ?? 0;
          },
        }),
        product: t.field({
          type: ProductType,
          nullable: true,
          description: "The package product (name, page, image) the item belongs to (Mili's addition)",
          resolve: (p, _args, ctx) => packageEdge(p, ctx),
        }),
      };
    },
  });

const CartItemType = builder.objectRef<ItemEdge>("CartItemType").implement({
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.item.id }),
    skuId: t.int({ resolve: (e) => e.item.skuId }),
    quantity: t.int({ resolve: (e) => e.item.quantity }),
    groupKey: t.id({ nullable: true, resolve: (e) => e.item.groupKey }),
    isCampaignFreeGift: t.boolean({
      description: "Always false: Mili's campaigns lower prices, they add no gift lines",
      resolve: () => false,
    }),
    message: t.string({ nullable: true, resolve: (e) => e.item.message }),
    productPackage: t.field({
      type: CartItemPackageType,
      nullable: true,
      resolve: (e) =>
        e.item.packageId === null ? null : { packageId: e.item.packageId, item: e.item, edge: e.edge },
    }),
    unitPrice: t.field({
      type: PriceType,
      description:
        "One unit: the selling price (its price campaign) and, as regularPrice, what its reduction is announced against: the SKU's prior price (the lowest of the 30 days before the reduction began) or, with nothing announced, the selling price",
      resolve: (e) => ({
        price: {
          currency: e.item.currency,
          regularIncVat: e.item.priced.unitRegular,
          sellingIncVat: e.item.priced.unitSelling,
          vatRateBp: e.item.vatRateBp,
        },
        locale: languageOf(e.edge),
      }),
    }),
    totalPrice: t.field({
      type: PriceType,
      description:
        "The line: its units' announced-against total (see unitPrice), and the selling total after the cart's campaigns on items",
      resolve: (e) => ({
        price: {
          currency: e.item.currency,
          regularIncVat: e.item.priced.regularTotal,
          sellingIncVat: e.item.priced.sellingTotal - e.item.priced.itemDiscount,
          vatRateBp: e.item.vatRateBp,
        },
        locale: languageOf(e.edge),
      }),
    }),
    name: t.string({
      nullable: true,
      description:
        "Mili: the product's name; on an order's cart the name it was sold under (the order's snapshot), else today's (as product.name)",
      resolve: async (e, _args, ctx) =>
        e.edge.sold
          ? (e.edge.sold.get(e.item.id)?.name ?? null)
          : ((await productEdges(ctx, e.edge.locale, [e.item.productId]))[0]?.product.name ?? null),
    }),
    articleNumber: t.string({
      nullable: true,
      description:
        "Mili: the product's article number; on an order's cart the one it was sold under (the order's snapshot)",
      resolve: async (e, _args, ctx) =>
        e.edge.sold
          ? (e.edge.sold.get(e.item.id)?.articleNumber ?? null)
          : ((await productEdges(ctx, e.edge.locale, [e.item.productId]))[0]?.product.articleNumber ?? null),
    }),
    skuName: t.string({
      nullable: true,
      description: "Mili: the SKU's name (its size), as sold on an order's cart; null when it has none",
      resolve: (e) => (e.edge.sold ? e.edge.sold.get(e.item.id)?.skuName : e.item.skuName) || null,
    }),
    campaign: t.field({ type: CartItemCampaignType, resolve: (e) => e }),
    totalStock: t.field({ type: StockType, description: "The SKU's stock", resolve: (e) => e.item.stock }),
    product: t.field({
      type: ProductType,
      nullable: true,
      resolve: async (e, _args, ctx) =>
        (await productEdges(ctx, e.edge.locale, [e.item.productId]))[0] ?? null,
    }),
  }),
});

const CartGiftCardType = builder
  .objectRef<{ card: CartView["giftCards"][number]; edge: CartEdge }>("CartGiftCard")
  .implement({
    fields: (t) => ({
      code: t.string({ resolve: (g) => g.card.code }),
      ...amountFields(t, "balance", (g) => amount(g.edge, g.card.balance)),
      ...amountFields(t, "used", (g) => amount(g.edge, g.card.used)),
    }),
  });

/** The items before fixed amounts off and shipping, as a PriceType: regular is the items' regular sum. */
function subTotalPrice(e: CartEdge): PriceEdge {
  const sub = e.cart.totals.subTotal;
  return {
    price: {
      currency: e.cart.currency,
      regularIncVat: sub.regular,
      sellingIncVat: sub.selling,
      vatRateBp: 0,
    },
    net: { regularExVat: sub.regularExVat, sellingExVat: sub.sellingExVat, vat: sub.vat },
    locale: languageOf(e),
  };
}

/**
 * What the order costs (items less every discount, plus shipping) as a PriceType: selling is the total, discount
 * every discount, regular their sum.
 */
function totalPrice(e: CartEdge): PriceEdge {
  const total = e.cart.totals.total;
  return {
    price: {
      currency: e.cart.currency,
      regularIncVat: total.selling + total.discount,
      sellingIncVat: total.selling,
      vatRateBp: 0,
    },
    net: {
      regularExVat: total.sellingExVat + total.discountExVat,
      sellingExVat: total.sellingExVat,
      vat: total.vat,
    },
    locale: languageOf(e),
    ...(e.converted ? { decimals: "one" as const } : {}),
  };
}

/**
 * A shipping option (Geins' `ShippingOptionType`): the one the cart is priced with (`summary.shipping`) or one the
 * checkout offers (`CheckoutType.shippingOptions`), in one shape.
 */
export interface ShippingOptionView {
  /** The option's id (shipping_options.id); 0 for an option of a delivery checkout or a cart's priced fee. */
  id: number;
  /** The provider's id of the option: `own:pickup-point`, `nshift:…` (Mili's addition). */
  optionId: string | null;
  name: string | null;
  displayName: string | null;
  fee: number;
  feeExVat: number;
  amountLeftToFreeShipping: number;
  isDefault: boolean;
  isSelected: boolean;
  isFree: boolean;
  externalId: string | null;
  shippingData: string | null;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  currency: string;
  locale: string;
}

function cartShipping(e: CartEdge): ShippingOptionView {
  const s = e.cart.totals.shipping;
  return {
    id: 0,
    optionId: null,
    name: null,
    displayName: null,
    fee: s.fee,
    feeExVat: s.feeExVat,
    amountLeftToFreeShipping: s.amountLeftToFreeShipping,
    isDefault: e.cart.shippingIsDefault,
    isSelected: true,
    isFree: s.free,
    externalId: null,
    shippingData: null,
    deliveryDaysMin: null,
    deliveryDaysMax: null,
    currency: e.cart.currency,
    locale: languageOf(e),
  };
}

const shippingAmount = (o: ShippingOptionView, minor: number) => ({
  minor,
  currency: o.currency,
  locale: o.locale,
});

export const ShippingOptionType = builder.objectRef<ShippingOptionView>("ShippingOptionType");

ShippingOptionType.implement({
  fields: (t) => ({
    id: t.exposeInt("id", {
      description:
        "The option's id, sent back as CheckoutInputType.shippingId; 0 in a cart's summary and for a delivery checkout's options (see optionId)",
    }),
    optionId: t.exposeString("optionId", {
      nullable: true,
      description:
        "Mili: the provider's id of the option (own:pickup-point, nshift:…), as CheckoutInputType.shippingOptionId",
    }),
    name: t.exposeString("name", { nullable: true }),
    displayName: t.exposeString("displayName", { nullable: true }),
    logo: t.string({ nullable: true, resolve: () => null }),
    ...amountFields(t, "amountLeftToFreeShipping", (o) => shippingAmount(o, o.amountLeftToFreeShipping)),
    ...amountFields(t, "feeIncVat", (o) => shippingAmount(o, o.fee)),
    ...amountFields(t, "feeExVat", (o) => shippingAmount(o, o.feeExVat)),
    shippingFeeIncVat: t.field({
      type: "Decimal",
      description: "The same as feeIncVat (the name older storefronts read)",
      resolve: (o) => toDecimal(o.fee, o.currency),
    }),
    isDefault: t.boolean({
      description: "The market's default shipping option (in a cart's summary: priced with it)",
      resolve: (o) => o.isDefault,
    }),
    isSelected: t.exposeBoolean("isSelected"),
    isFree: t.exposeBoolean("isFree"),
    externalId: t.exposeString("externalId", { nullable: true }),
    shippingData: t.exposeString("shippingData", {
      nullable: true,
      description: "A delivery checkout's option: its pickup points as JSON",
    }),
    deliveryDaysMin: t.exposeInt("deliveryDaysMin", {
      nullable: true,
      description: "Mili: the delivery estimate in working days, from",
    }),
    deliveryDaysMax: t.exposeInt("deliveryDaysMax", {
      nullable: true,
      description: "Mili: the delivery estimate in working days, to",
    }),
    subOptions: t.field({
      type: [ShippingOptionType],
      nullable: { list: true, items: true },
      resolve: () => [],
    }),
  }),
});

const CartBalanceType = builder.objectRef<CartEdge>("BalanceType").implement({
  description: "Gift cards: what they cover (pending) and what is left to pay",
  fields: (t) => ({
    ...amountFields(t, "pending", (e) => amount(e, e.cart.totals.balance.pending)),
    ...amountFields(t, "totalSellingPriceExBalanceIncVat", (e) =>
      amount(e, e.cart.totals.balance.payable, e.converted ? "one" : undefined),
    ),
    totalSellingPriceExBalanceExVat: t.field({
      type: "Decimal",
      resolve: (e) => amountDecimal(e, e.cart.totals.balance.payableExVat),
    }),
  }),
});

const CartSummaryType = builder.objectRef<CartEdge>("CartSummaryType").implement({
  fields: (t) => ({
    ...amountFields(t, "fixedAmountDiscountIncVat", (e) => amount(e, e.cart.totals.fixedDiscount)),
    ...amountFields(t, "fixedAmountDiscountExVat", (e) => amount(e, e.cart.totals.fixedDiscountExVat)),
    subTotal: t.field({
      type: PriceType,
      description: "The items before fixed amounts off and shipping",
      resolve: subTotalPrice,
    }),
    shipping: t.field({ type: ShippingOptionType, resolve: cartShipping }),
    total: t.field({
      type: PriceType,
      description: "What the order costs: items less every discount, plus shipping",
      resolve: totalPrice,
    }),
    balance: t.field({ type: CartBalanceType, resolve: (e) => e }),
  }),
});

function amountDecimal(e: CartEdge, minor: number): number {
  return toDecimal(minor, e.cart.currency);
}

const PromoRequirementType = builder
  .objectRef<{ code: string; amount: number | null; value: string | null; edge: CartEdge }>(
    "PromoCodeRequirement",
  )
  .implement({
    description: "A requirement of the cart's promo code that the cart does not meet now",
    fields: (t) => ({
      condition: t.string({
        description:
          '"minimumAmount", "minimumQuantity", "customerType", "items" (nothing in the cart it applies to), …',
        resolve: (r) => r.code,
      }),
      amountFormatted: t.string({
        nullable: true,
        description: "For minimumAmount: the amount in the cart's currency",
        resolve: (r) => (r.amount === null ? null : formatted(r.edge, r.amount)),
      }),
      value: t.string({
        nullable: true,
        description: "For customerType and minimumQuantity",
        resolve: (r) => r.value,
      }),
    }),
  });

function formatted(e: CartEdge, minor: number) {
  return formatMoney(minor, e.cart.currency, languageOf(e));
}

export const CartType = builder.objectRef<CartEdge>("CartType").implement({
  fields: (t) => ({
    id: t.string({ resolve: (e) => e.cart.id }),
    isCompleted: t.boolean({ resolve: (e) => e.cart.isCompleted }),
    version: t.int({ description: "Bumped by every change", resolve: (e) => e.cart.version }),
    marketId: t.string({
      description: "The market the cart is priced in",
      resolve: (e) => e.cart.marketAlias,
    }),
    currency: t.string({ resolve: (e) => e.cart.currency }),
    customerType: t.string({ resolve: (e) => e.cart.customerType }),
    promoCode: t.string({ nullable: true, resolve: (e) => e.cart.promoCode }),
    freeShipping: t.boolean({
      description: "Shipping is free (by amount or by a campaign)",
      resolve: (e) => e.cart.totals.shipping.free,
    }),
    fixedDiscount: t.field({
      type: "Decimal",
      description: "Fixed amounts off the cart, including VAT (as summary.fixedAmountDiscountIncVat)",
      resolve: (e) => amountDecimal(e, e.cart.totals.fixedDiscount),
    }),
    promoCodeRequirement: t.field({
      type: PromoRequirementType,
      nullable: true,
      description:
        "Set while the promo code is kept on the cart but a requirement is not met (it gives no discount)",
      resolve: (e) => {
        const unmet = e.cart.promoCodeUnmet;
        if (!unmet) return null;
        return {
          code: unmet.code,
          amount: unmet.code === "minimumAmount" ? amountIn(unmet.args, e.cart.currency) : null,
          value: typeof unmet.args === "string" || typeof unmet.args === "number" ? String(unmet.args) : null,
          edge: e,
        };
      },
    }),
    giftCards: t.field({
      type: [CartGiftCardType],
      resolve: (e) => e.cart.giftCards.map((card) => ({ card, edge: e })),
    }),
    appliedCampaigns: t.field({
      type: [CampaignRuleType],
      resolve: (e) => e.cart.totals.applied.map(cartRule),
    }),
    items: t.field({ type: [CartItemType], resolve: (e) => e.cart.items.map((item) => ({ item, edge: e })) }),
    quantity: t.int({
      description: "Loose items by quantity plus each package or group once (spec §4)",
      resolve: (e) => cartQuantity(e.cart.items),
    }),
    summary: t.field({ type: CartSummaryType, resolve: (e) => e }),
    merchantData: t.string({ nullable: true, resolve: (e) => e.cart.merchantData }),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Errors

const ERROR_CODES: Record<CartErrorReason, ErrorCode> = {
  INVALID_CART_ID: "BAD_USER_INPUT",
  INVALID_QUANTITY: "BAD_USER_INPUT",
  TOO_MANY_LINES: "BAD_USER_INPUT",
  INVALID_PROMO_CODE: "BAD_USER_INPUT",
  PACKAGE_INCOMPLETE: "BAD_USER_INPUT",
  PACKAGE_SIZE_NEEDED: "BAD_USER_INPUT",
  MERCHANT_DATA_TOO_LARGE: "BAD_USER_INPUT",
  NO_CURRENCY: "BAD_USER_INPUT",
  UNKNOWN_SKU: "NOT_FOUND",
  UNKNOWN_ITEM: "NOT_FOUND",
  UNKNOWN_PACKAGE: "NOT_FOUND",
  NOT_BUYABLE: "OUT_OF_STOCK",
  OUT_OF_STOCK: "OUT_OF_STOCK",
  PACKAGE_ITEM_SOLD_OUT: "OUT_OF_STOCK",
  REQUIREMENTS_NOT_MET: "RequirementsNotMet",
};

/**
 * Runs a cart use case: a refused change becomes a GraphQL error with `extensions.code` (API.md), `reason` (what
 * exactly, for clients that word their own message) and the details the message needs (e.g. `stock`).
 */
async function run(
  ctx: ApiContext,
  args: LocaleRequest & { customerType?: string | null },
  use: (c: CartContextFor) => Promise<CartView>,
) {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  const customerType = CUSTOMER_TYPES.find((c) => c === args.customerType) ?? null;
  // A new cart draws on the client's and the shop's budget of new carts (rate limits, decision 0016).
  const limiter = ctx.limiter;
  const beforeNewCart = limiter ? () => limiter.consume(newCartHits(ctx.clientSubject)) : undefined;
  try {
    const cart = await use({ ref, locale, customerType, ...(beforeNewCart ? { beforeNewCart } : {}) });
    return cartEdge(ref, locale, cart);
  } catch (error) {
    if (error instanceof CartError)
      throw apiError(ERROR_CODES[error.reason], error.text, { reason: error.reason, ...error.details });
    throw error;
  }
}

/** A cart on its way out (CartType), in the request's locale. */
export function cartEdge(ref: CartContextFor["ref"], locale: Locale, cart: CartView): CartEdge {
  const home = ref.markets.get(locale.channel.defaultMarketAlias)?.currency?.code;
  return { cart, locale, converted: home !== undefined && home !== cart.currency };
}

type CartContextFor = {
  ref: Awaited<ReturnType<ApiContext["reference"]["get"]>>;
  locale: Locale;
  customerType: CustomerType | null;
  beforeNewCart?: () => Promise<unknown>;
};

const cartArgs = builder.args((t) => ({
  ...localeArgs,
  allowExternalShippingFee: t.boolean({
    required: false,
    description:
      "getCart: price shipping with the checkout's external fee when one is set. Changes accept it and answer the market's shipping",
  }),
  customerType: t.string({
    required: false,
    description:
      '"PERSON" or "ORGANIZATION": the shopper\'s type (promo code requirements); kept on the cart by changes',
  }),
}));

const CartItemInputType = builder.inputType("CartItemInputType", {
  fields: (t) => ({
    id: t.id({ required: false, description: "A cart item's id; or give skuId (and groupKey)" }),
    skuId: t.int({ required: false }),
    quantity: t.int({ required: true }),
    groupKey: t.id({ required: false }),
    message: t.string({ required: false }),
  }),
});

const CartGroupInputType = builder.inputType("CartGroupInputType", {
  fields: (t) => ({
    groupKey: t.id({ required: false, description: "The package's (or group's) key; required by Mili" }),
    quantity: t.int({ required: true }),
  }),
});

/** An item as the cart service takes it: ids as strings. */
function itemInput(item: {
  id?: string | number | bigint | null;
  skuId?: number | null;
  quantity: number;
  groupKey?: string | number | bigint | null;
  message?: string | null;
}) {
  return {
    ...item,
    id: item.id === null || item.id === undefined ? item.id : String(item.id),
    groupKey: item.groupKey === null || item.groupKey === undefined ? item.groupKey : String(item.groupKey),
  };
}

const PackageSelectionInputType = builder.inputType("ProductPackageSelectionType", {
  fields: (t) => ({
    groupId: t.int({ required: true }),
    optionId: t.int({ required: true }),
    skuId: t.int({ required: false, description: "Needed when the picked product has several SKUs (sizes)" }),
  }),
});

builder.queryFields((t) => ({
  getCart: t.field({
    type: CartType,
    description:
      "The cart with this id; an empty, unknown or completed id starts a new cart (with includeCompleted, a completed id answers that completed cart).",
    args: {
      id: t.arg.string({ required: false }),
      includeCompleted: t.arg.boolean({ required: false }),
      forceRefresh: t.arg.boolean({
        required: false,
        description: "Also removes items that can no longer be bought (otherwise left out but kept)",
      }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) =>
        getCart(ctx.db, c, args.id, {
          forceRefresh: args.forceRefresh ?? false,
          allowExternalShippingFee: args.allowExternalShippingFee ?? false,
          includeCompleted: args.includeCompleted ?? false,
        }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  addToCart: t.field({
    type: CartType,
    description:
      "Adds units of a SKU. Refused above stock (OUT_OF_STOCK with `stock`), for unknown SKUs and packages.",
    args: {
      id: t.arg.string({ required: false }),
      item: t.arg({ type: CartItemInputType, required: true }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) => run(ctx, args, (c) => addToCart(ctx.db, c, args.id, itemInput(args.item))),
  }),
  updateCartItem: t.field({
    type: CartType,
    description: "Sets an item's quantity (absolute); 0 removes it.",
    args: {
      id: t.arg.string({ required: false }),
      item: t.arg({ type: CartItemInputType, required: true }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) => updateCartItem(ctx.db, c, args.id, itemInput(args.item))),
  }),
  updateCartGroup: t.field({
    type: CartType,
    description: "Sets how many of a package (or group) the cart holds; 0 removes it.",
    args: {
      id: t.arg.string({ required: false }),
      item: t.arg({ type: CartGroupInputType, required: true }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) =>
        updateCartGroup(ctx.db, c, args.id, {
          quantity: args.item.quantity,
          groupKey:
            args.item.groupKey === null || args.item.groupKey === undefined ? "" : String(args.item.groupKey),
        }),
      ),
  }),
  addPackageToCart: t.field({
    type: CartType,
    description: "Adds a package with a pick for each required group (and any optional ones).",
    args: {
      id: t.arg.string({ required: false }),
      packageId: t.arg.int({ required: true }),
      selections: t.arg({
        type: [PackageSelectionInputType],
        required: { list: false, items: false },
        description: "A pick for each required group; missing or null picks are none",
      }),
      quantity: t.arg.int({ required: false }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) =>
        addPackageToCart(
          ctx.db,
          c,
          args.id,
          args.packageId,
          (args.selections ?? []).filter((s) => s !== null && s !== undefined),
          args.quantity ?? 1,
        ),
      ),
  }),
  setCartPromoCode: t.field({
    type: CartType,
    description:
      "A promo code or a gift card; empty removes the promo code. Unknown, expired, used up or in another currency: BAD_USER_INPUT (INVALID_PROMO_CODE, alike); requirements not met: RequirementsNotMet. Refused tries are rate limited per cart, client and shop: RATE_LIMITED (HTTP 429).",
    args: { id: t.arg.string({ required: false }), promoCode: t.arg.string({ required: true }), ...cartArgs },
    resolve: async (_root, args, ctx) => {
      // A signed-in shopper's cart is theirs before a code is checked: its per-customer limit counts (issue 12).
      const customer = await ctx.customer();
      if (customer) await claimCart(ctx.db, customer.customerId, args.id);
      return run(ctx, args, (c) =>
        args.promoCode.trim() === ""
          ? setCartPromoCode(ctx.db, c, args.id, args.promoCode)
          : limitCodeTries(ctx.limiter, { cartId: args.id, clientSubject: ctx.clientSubject }, () =>
              setCartPromoCode(ctx.db, c, args.id, args.promoCode),
            ),
      );
    },
  }),
  removeCartPromoCode: t.field({
    type: CartType,
    description: "Removes one promo code or gift card from the cart.",
    args: { id: t.arg.string({ required: true }), code: t.arg.string({ required: true }), ...cartArgs },
    resolve: (_root, args, ctx) => run(ctx, args, (c) => removeCartCode(ctx.db, c, args.id, args.code)),
  }),
  setCartMerchantData: t.field({
    type: CartType,
    args: {
      id: t.arg.string({ required: true }),
      merchantData: t.arg.string({ required: true }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) => setCartMerchantData(ctx.db, c, args.id, args.merchantData)),
  }),
  cloneCart: t.field({
    type: CartType,
    description:
      "A new cart with another cart's items, customer type, merchant data and promo code (none with resetPromotions); the other cart is left as it is.",
    args: {
      id: t.arg.string({ required: true }),
      resetPromotions: t.arg.boolean({ required: false }),
      ...cartArgs,
    },
    resolve: (_root, args, ctx) =>
      run(ctx, args, (c) =>
        cloneCart(ctx.db, c, args.id, { resetPromotions: args.resetPromotions ?? false }),
      ),
  }),
  completeCart: t.field({
    type: CartType,
    description: "Closes the cart; its id then starts a new cart. Completing twice changes nothing.",
    args: { id: t.arg.string({ required: true }), ...cartArgs },
    resolve: (_root, args, ctx) => run(ctx, args, (c) => completeCart(ctx.db, c, args.id)),
  }),
}));
