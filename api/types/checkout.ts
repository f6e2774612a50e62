import { and, eq, isNull } from "drizzle-orm";
import { carts, shippingOptions } from "#db/schema/index.ts";
import { CUSTOMER_TYPES, type CustomerType } from "#domain/cart.ts";
import { formatMoney } from "#domain/format.ts";
import { type MessageKey, messageLanguage, msg, renderMessage } from "#domain/messages.ts";
import { fromDecimal, toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { getCart } from "#services/cart/carts.ts";
import { confirmation } from "#services/checkout/confirmation.ts";
import {
  type CheckoutView,
  checkoutFieldErrors,
  createOrUpdateCheckout,
  mergeInput,
  readCheckout,
  storedInput,
  validateOrderConditions,
} from "#services/checkout/index.ts";
import {
  checkoutInputOf,
  type GeinsCheckoutInput,
  setExternalShippingFee,
} from "#services/checkout/input.ts";
import { checkoutPages } from "#services/checkout/services.ts";
import { isExternalOption } from "#services/checkout/shipping.ts";
import { CheckoutError, type CheckoutErrorReason } from "#services/orders/errors.ts";
import { openedHostedCheckout, openHostedCheckout } from "#services/orders/hosted.ts";
import { type PaymentProviders, placeOrder } from "#services/orders/place.ts";
import type { OrderRecord } from "#services/orders/read.ts";
import { withdrawFromOrder } from "#services/orders/withdraw.ts";
import { type Locale, type LocaleRequest, resolveLocale } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError, type ErrorCode } from "../errors.ts";
import { CartType, cartEdge, ShippingOptionType, type ShippingOptionView } from "./cart.ts";
import { CustomerTypeEnum } from "./customer-type.ts";
import { addressOf, OrderType, paymentName, shippingName } from "./order.ts";
import { AddressInputType, AddressType } from "./user.ts";

/**
 * The checkout in the Geins Merchant API's names (decision 0019, 0030): createOrUpdateCheckout, setCartShippingFee,
 * placeOrder, the confirmation page's `checkout` (and the deprecated getCheckout, getCheckoutAndOrder),
 * validateOrderConditions and validateOrderCreation. Each resolver calls services/checkout and services/orders;
 * a refused checkout answers a stable `extensions.code` and `reason`, its message and each field's in the
 * request's language.
 */

const PaymentTypeEnum = builder.enumType("PaymentType", {
  description:
    "The payment provider: STANDARD is the shop's own form (Mili: invoice), KLARNA a hosted checkout",
  values: ["STANDARD", "KLARNA", "SVEA", "WALLEY", "AVARDA", "GEINS_PAY"] as const,
});

const PaymentCheckoutEnum = builder.enumType("PaymentCheckout", {
  values: ["STANDARD", "GEINS_PAY", "EXTERNAL"] as const,
});

const CheckoutStatusEnum = builder.enumType("CheckoutStatus", {
  values: ["OK", "CUSTOMER_BLACKLISTED"] as const,
});

type GeinsPaymentType = "STANDARD" | "KLARNA" | "SVEA" | "WALLEY" | "AVARDA" | "GEINS_PAY";

/** Mili's payment type (integrations/payments) as Geins names it. */
const geinsPaymentType = (type: string): GeinsPaymentType => (type === "KLARNA" ? "KLARNA" : "STANDARD");

const CheckoutUrlsInputType = builder.inputType("CheckoutUrlsInputType", {
  description: "Accepted; Mili's hosted checkout returns to the storefront's own pages",
  fields: (t) => ({
    termsPageUrl: t.string(),
    redirectUrl: t.string(),
    checkoutPageUrl: t.string(),
  }),
});

const CheckoutInputType = builder.inputType("CheckoutInputType", {
  description: "The shopper's choices in the checkout. Omitted or null fields keep what the checkout knows.",
  fields: (t) => ({
    paymentId: t.int({ description: "PaymentOptionType.id" }),
    shippingId: t.int({ description: "ShippingOptionType.id" }),
    skipShippingValidation: t.boolean({ description: "Accepted; Mili always validates the shipping option" }),
    externalShippingId: t.string({ description: "A delivery checkout's chosen option (kept on the order)" }),
    pickupPoint: t.string({
      description:
        "The chosen pickup point's id (from the shipping option's shippingData): kept on the order with its name and address as the provider gives them",
    }),
    desiredDeliveryDate: t.string({ description: "Accepted; not used" }),
    customerOrderNumber: t.string({ description: "Accepted; not used" }),
    goodsLabel: t.string({ description: "Accepted; not used" }),
    message: t.string({ description: "The order message (at most 1000 characters)" }),
    acceptedConsents: t.stringList({
      required: { list: false, items: false },
      description: '"terms": the terms of purchase are accepted (also: acceptedTerms)',
    }),
    shippingAddress: t.field({ type: AddressInputType, description: "Optional: a delivery address" }),
    billingAddress: t.field({ type: AddressInputType }),
    identityNumber: t.string({ description: "Personnummer / fødselsnummer, or the organisation number" }),
    email: t.string(),
    customerType: t.field({ type: CustomerTypeEnum }),
    externalShippingFee: t.field({ type: "Decimal", description: "As setCartShippingFee" }),
    merchantData: t.string({ description: "Accepted; use setCartMerchantData" }),
    checkoutUrls: t.field({ type: CheckoutUrlsInputType }),
    zip: t.string({ description: "Mili: the zip before an address is typed (shipping options need it)" }),
    acceptedTerms: t.boolean({ description: "Mili: the terms of purchase are accepted" }),
    shippingOptionId: t.string({
      description:
        "Mili: the shipping option by ShippingOptionType.optionId (own:pickup-point), instead of shippingId",
    }),
    paymentMethod: t.string({
      description: "Mili: the payment method by PaymentOptionType.name (invoice), instead of paymentId",
    }),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Errors

const ERROR_CODES: Record<CheckoutErrorReason, ErrorCode> = {
  INVALID_CHECKOUT: "BAD_USER_INPUT",
  INVALID_CART_ID: "BAD_USER_INPUT",
  EMPTY_CART: "BAD_USER_INPUT",
  CART_COMPLETED: "BAD_USER_INPUT",
  CART_CHANGED: "CONFLICT",
  OUT_OF_STOCK: "OUT_OF_STOCK",
  ORDER_NOT_CREATED: "BAD_USER_INPUT",
  UNKNOWN_PAYMENT_METHOD: "BAD_USER_INPUT",
  PAYMENT_DECLINED: "PAYMENT_DECLINED",
  BLOCKED_CUSTOMER: "BLOCKED_CUSTOMER",
  PAYMENT_FAILED: "PAYMENT_FAILED",
  CALLBACK_REFUSED: "FORBIDDEN",
  WITHDRAWAL_REFUSED: "BAD_USER_INPUT",
  ORDER_NOT_FOUND: "NOT_FOUND",
};

type FieldErrors = Partial<Record<string, MessageKey>>;

/** Field errors as the client shows them: the field's path, the message key as a stable code, the text. */
function fieldList(errors: FieldErrors, languageId: string) {
  const language = messageLanguage(languageId);
  return Object.entries(errors).flatMap(([field, key]) =>
    key ? [{ field, code: key, message: renderMessage(msg(key as never), language) }] : [],
  );
}

function checkoutError(error: unknown, locale: Locale): never {
  if (error instanceof CheckoutError) {
    const fields = (error.details.fields ?? {}) as FieldErrors;
    const { fields: _fields, ...rest } = error.details;
    throw apiError(ERROR_CODES[error.reason], error.text, {
      reason: error.reason,
      ...rest,
      ...(Object.keys(fields).length ? { fields: fieldList(fields, locale.language.id) } : {}),
    });
  }
  throw error;
}

function needCheckout(ctx: ApiContext) {
  if (!ctx.checkout)
    throw apiError("PAYMENT_FAILED", msg("checkout.error.failed"), { reason: "PAYMENT_FAILED" });
  return ctx.checkout;
}

// ---------------------------------------------------------------------------------------------------------
// CheckoutType

interface CheckoutEdge {
  view: CheckoutView;
  locale: Locale;
  ref: Awaited<ReturnType<ApiContext["reference"]["get"]>>;
  /** The own shipping options' ids by key (shipping_options.id). */
  shippingIds: Map<string, number>;
  /** The hosted checkout opened for the selected external payment option. */
  hosted: { snippet: string; isNew: boolean } | null;
  /** storedCheckout: what a change would make differently (CheckoutType.needsUpdate). */
  needsUpdate: boolean;
}

const ConsentType = builder
  .objectRef<{ type: string; name: string; description: string; checked: boolean }>("ConsentType")
  .implement({
    fields: (t) => ({
      type: t.exposeString("type"),
      name: t.exposeString("name"),
      description: t.exposeString("description"),
      checked: t.exposeBoolean("checked"),
      autoAccept: t.boolean({ resolve: () => false }),
    }),
  });

type PaymentOptionView = CheckoutView["paymentOptions"][number] & {
  edge: CheckoutEdge;
  isDefault: boolean;
};

const paymentFee = (p: PaymentOptionView) => ({
  minor: 0,
  currency: p.edge.view.cart.currency,
  locale: p.edge.locale.language.id,
});

const PaymentOptionType = builder.objectRef<PaymentOptionView>("PaymentOptionType").implement({
  fields: (t) => ({
    id: t.exposeInt("id", { description: "Sent back as CheckoutInputType.paymentId" }),
    name: t.string({
      nullable: true,
      description: "The method's key (invoice, card-checkout)",
      resolve: (p) => p.key,
    }),
    displayName: t.exposeString("displayName", { nullable: true }),
    logo: t.string({ nullable: true, resolve: () => null }),
    feeIncVat: t.field({ type: "Decimal", resolve: () => 0 }),
    feeExVat: t.field({ type: "Decimal", resolve: () => 0 }),
    feeIncVatFormatted: t.string({
      nullable: true,
      resolve: (p) => formatMoney(0, paymentFee(p).currency, paymentFee(p).locale),
    }),
    feeExVatFormatted: t.string({
      nullable: true,
      resolve: (p) => formatMoney(0, paymentFee(p).currency, paymentFee(p).locale),
    }),
    isDefault: t.exposeBoolean("isDefault"),
    isSelected: t.exposeBoolean("isSelected"),
    paymentType: t.field({
      type: PaymentTypeEnum,
      nullable: true,
      resolve: (p) => geinsPaymentType(p.paymentType),
    }),
    checkoutType: t.field({
      type: PaymentCheckoutEnum,
      nullable: true,
      resolve: (p) => (p.checkoutType === "EXTERNAL" ? "EXTERNAL" : "STANDARD"),
    }),
    paymentData: t.string({
      nullable: true,
      description:
        "A selected hosted checkout (KLARNA): its HTML snippet, to be shown as it is (it loads the provider's page)",
      resolve: (p) =>
        p.isSelected && p.checkoutType === "EXTERNAL" ? (p.edge.hosted?.snippet ?? null) : null,
    }),
    newCheckoutSession: t.boolean({
      resolve: (p) => p.isSelected && p.checkoutType === "EXTERNAL" && (p.edge.hosted?.isNew ?? false),
    }),
  }),
});

const CheckoutFieldErrorType = builder
  .objectRef<{ field: string; code: string; message: string }>("CheckoutFieldError")
  .implement({
    description: "Mili: what is still missing or wrong in the checkout, per field, in the request's language",
    fields: (t) => ({
      field: t.exposeString("field", {
        description: "The input's path: email, billingAddress.zip, acceptedTerms, …",
      }),
      code: t.exposeString("code", {
        description: "A stable code: the message's key (checkout.error.required, …)",
      }),
      message: t.exposeString("message"),
    }),
  });

/** An option of the checkout (own or a delivery checkout's) as ShippingOptionType. */
function shippingView(e: CheckoutEdge, c: CheckoutView["shippingOptions"][number]): ShippingOptionView {
  const goods = e.view.cart.totals.lines.reduce((s, l) => s + l.total, 0);
  const goodsVat = e.view.cart.totals.lines.reduce((s, l) => s + l.vat, 0);
  const fee = c.payableFeeMinor;
  const vat = goods > 0 ? Math.round((fee * goodsVat) / goods) : 0;
  return {
    id: c.provider === "own" ? (e.shippingIds.get(c.key) ?? 0) : 0,
    optionId: c.id,
    name: c.key,
    displayName: c.name,
    fee,
    feeExVat: fee - vat,
    amountLeftToFreeShipping: c.freeOverMinor === null ? 0 : Math.max(0, c.freeOverMinor - goods),
    isDefault: c.isDefault,
    isSelected: c.isSelected,
    isFree: fee === 0,
    externalId: c.provider === "own" ? null : c.key,
    shippingData: c.pickupPoints.length ? JSON.stringify({ pickupPoints: c.pickupPoints }) : null,
    deliveryDaysMin: c.deliveryDays?.min ?? null,
    deliveryDaysMax: c.deliveryDays?.max ?? null,
    currency: e.view.cart.currency,
    locale: e.locale.language.id,
  };
}

const CheckoutType = builder.objectRef<CheckoutEdge>("CheckoutType").implement({
  description:
    "The checkout as it stands: the priced cart, what the shopper gave, the shipping options (once a zip is set) and the payment options (once a shipping option is chosen).",
  fields: (t) => ({
    email: t.string({ nullable: true, resolve: (e) => e.view.input.email ?? null }),
    identityNumber: t.string({ nullable: true, resolve: (e) => e.view.input.identityNumber ?? null }),
    customerType: t.field({
      type: CustomerTypeEnum,
      nullable: true,
      description: "Mili",
      resolve: (e) => e.view.input.customerType ?? e.view.cart.customerType,
    }),
    zip: t.string({
      nullable: true,
      description: "Mili: the zip the shipping options are for",
      resolve: (e) => e.view.input.zip ?? e.view.input.billingAddress?.zip ?? null,
    }),
    message: t.string({ nullable: true, description: "Mili", resolve: (e) => e.view.input.message ?? null }),
    acceptedTerms: t.boolean({ description: "Mili", resolve: (e) => e.view.input.acceptedTerms === true }),
    cart: t.field({
      type: CartType,
      nullable: true,
      resolve: (e) => cartEdge(e.ref, e.locale, e.view.cart),
    }),
    billingAddress: t.field({
      type: AddressType,
      nullable: true,
      resolve: (e) => (e.view.input.billingAddress ? addressOf(e.view.input.billingAddress) : null),
    }),
    shippingAddress: t.field({
      type: AddressType,
      nullable: true,
      resolve: (e) => (e.view.input.shippingAddress ? addressOf(e.view.input.shippingAddress) : null),
    }),
    consents: t.field({
      type: [ConsentType],
      nullable: { list: true, items: true },
      deprecationReason: "The consent module is not supported any more.",
      resolve: (e) => [
        {
          type: "terms",
          name: "terms",
          description: renderMessage(msg("checkout.error.terms"), messageLanguage(e.locale.language.id)),
          checked: e.view.input.acceptedTerms === true,
        },
      ],
    }),
    paymentOptions: t.field({
      type: [PaymentOptionType],
      nullable: { list: true, items: true },
      resolve: (e, _args, ctx) =>
        e.view.paymentOptions
          // A method whose provider is not configured is not offered (production without PAYMENT_SANDBOX).
          .filter((p) => ctx.checkout?.deps.payments[p.paymentType as keyof PaymentProviders] !== undefined)
          .map((p, i) => ({ ...p, edge: e, isDefault: i === 0 })),
    }),
    shippingOptions: t.field({
      type: [ShippingOptionType],
      nullable: { list: true, items: true },
      resolve: (e) => e.view.shippingOptions.map((c) => shippingView(e, c)),
    }),
    shippingData: t.string({
      nullable: true,
      description:
        "The chosen option's pickup point (nShift's agent) as JSON {id name address zip city distance}: the one chosen (CheckoutInputType.pickupPoint, the point's id), or the nearest while none of this option's is chosen; null for an option without pickup points",
      resolve: (e) => (e.view.pickupPoint ? JSON.stringify(e.view.pickupPoint) : null),
    }),
    checkoutStatus: t.field({ type: CheckoutStatusEnum, nullable: true, resolve: () => "OK" as const }),
    needsUpdate: t.boolean({
      description:
        "Mili (storedCheckout): the stored checkout is not current; send createOrUpdateCheckout to bring it up to date (the chosen delivery checkout's fee for the goods now differs from the cart's, or the chosen hosted checkout has no open session for the cart as it is now). Always false from createOrUpdateCheckout.",
      resolve: (e) => e.needsUpdate,
    }),
    isReady: t.boolean({
      description: "Mili: every field is complete; placeOrder can be called",
      resolve: (e) => e.view.checkoutStatus === "READY",
    }),
    errors: t.field({
      type: [CheckoutFieldErrorType],
      description: "Mili: what is still missing or wrong, per field (empty when ready)",
      resolve: (e) => fieldList(e.view.errors, e.locale.language.id),
    }),
  }),
});

async function shippingIdsOf(ctx: ApiContext, marketAlias: string) {
  const rows = await ctx.db
    .select({ id: shippingOptions.id, key: shippingOptions.key })
    .from(shippingOptions)
    .where(eq(shippingOptions.marketAlias, marketAlias));
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** A signed-in shopper's checkout: the cart (a guest's until now) becomes theirs, so its order is in their list. */
async function claimCart(ctx: ApiContext, cartId: string) {
  const customer = await ctx.customer();
  if (customer && /^[0-9a-f-]{36}$/i.test(cartId))
    await ctx.db
      .update(carts)
      .set({ customerId: customer.customerId })
      .where(and(eq(carts.id, cartId), isNull(carts.customerId)));
}

const customerTypeOf = (value: unknown): CustomerType | null =>
  CUSTOMER_TYPES.find((c) => c === value) ?? null;

/** createOrUpdateCheckout and setCartShippingFee: the checkout with `input` over it, as CheckoutType. */
async function checkoutEdge(
  ctx: ApiContext,
  args: LocaleRequest,
  cartId: string,
  input: GeinsCheckoutInput | null | undefined,
  before?: (locale: Locale) => Promise<void>,
): Promise<CheckoutEdge> {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  try {
    await before?.(locale);
    await claimCart(ctx, cartId);
    const change = await checkoutInputOf(ctx.db, locale.market.alias, input);
    const customerType = customerTypeOf(change.customerType);
    const cartCtx = { ref, locale, customerType };
    const view = await createOrUpdateCheckout(
      { db: ctx.db, ...(ctx.checkout ? { shipping: ctx.checkout.shipping } : {}) },
      cartCtx,
      cartId,
      change,
    );
    let hosted: CheckoutEdge["hosted"] = null;
    const selected = view.paymentOptions.find((p) => p.isSelected);
    if (selected?.checkoutType === "EXTERNAL" && ctx.checkout && view.cart.items.length) {
      const pages = checkoutPages(locale.language.id);
      try {
        const opened = await openHostedCheckout(ctx.checkout.deps, cartCtx, cartId, view.input, {
          origin: ctx.checkout.origin,
          ...pages,
        });
        hosted = { snippet: opened.htmlSnippet, isNew: true };
      } catch (error) {
        ctx.logger.warn({ err: error }, "the hosted checkout could not be opened");
      }
    }
    return {
      view,
      locale,
      ref,
      shippingIds: await shippingIdsOf(ctx, locale.market.alias),
      hosted,
      needsUpdate: false,
    };
  } catch (error) {
    checkoutError(error, locale);
  }
}

/** storedCheckout: the cart's checkout as stored, read only (nothing written, no hosted checkout opened). */
async function storedCheckoutEdge(
  ctx: ApiContext,
  args: LocaleRequest,
  cartId: string,
): Promise<CheckoutEdge> {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  try {
    const view = await readCheckout(
      { db: ctx.db, ...(ctx.checkout ? { shipping: ctx.checkout.shipping } : {}) },
      { ref, locale, customerType: null },
      cartId,
    );
    let hosted: CheckoutEdge["hosted"] = null;
    let needsUpdate = view.stale;
    const selected = view.paymentOptions.find((p) => p.isSelected);
    if (selected?.checkoutType === "EXTERNAL" && ctx.checkout && view.cart.items.length) {
      const opened = await openedHostedCheckout(
        ctx.checkout.deps,
        cartId,
        view.cart.version,
        selected.key,
      ).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, "the hosted checkout could not be read");
        return null;
      });
      if (opened) hosted = { snippet: opened.htmlSnippet, isNew: false };
      else needsUpdate = true;
    }
    return {
      view,
      locale,
      ref,
      shippingIds: await shippingIdsOf(ctx, locale.market.alias),
      hosted,
      needsUpdate,
    };
  } catch (error) {
    checkoutError(error, locale);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Placing and confirming

const PlaceOrderResponseType = builder
  .objectRef<{ orderId: string | null; publicId: string; status: string; redirectUrl: string | null }>(
    "PlaceOrderResponseType",
  )
  .implement({
    fields: (t) => ({
      orderId: t.exposeString("orderId", {
        nullable: true,
        description: "The order's number (SE-1000017): the confirmation page's ?oid=",
      }),
      publicId: t.exposeString("publicId", {
        nullable: true,
        description: "The order's secret id: getOrderPublic and the guest's order link",
      }),
      status: t.exposeString("status", { nullable: true, description: '"completed": the order is placed' }),
      redirectUrl: t.exposeString("redirectUrl", {
        nullable: true,
        description: "The confirmation page: /checkout/confirm?oid={orderId}&cartid={cartId}",
      }),
    }),
  });

const ValidateOrderConditionsResponseType = builder
  .objectRef<{ isValid: boolean; message: string | null }>("ValidateOrderConditionsResponseType")
  .implement({
    fields: (t) => ({
      isValid: t.exposeBoolean("isValid"),
      message: t.exposeString("message", { nullable: true }),
    }),
  });

const ValidateOrderCreationResponseType = builder
  .objectRef<{
    isValid: boolean;
    message: string | null;
    errors: { field: string; code: string; message: string }[];
  }>("ValidateOrderCreationResponseType")
  .implement({
    fields: (t) => ({
      isValid: t.exposeBoolean("isValid"),
      message: t.exposeString("message", { nullable: true }),
      memberType: t.string({ nullable: true, resolve: () => null }),
      errors: t.field({
        type: [CheckoutFieldErrorType],
        description: "Mili: the checkout's field errors",
        resolve: (v) => v.errors,
      }),
    }),
  });

type OrderRow = { order: OrderRecord; line: OrderRecord["lines"][number]; locale: Locale };

const dec = (minor: number, currency: string) => toDecimal(minor, currency);

const CheckoutOrderRowType = builder.objectRef<OrderRow>("CheckoutOrderRowType").implement({
  fields: (t) => ({
    articleNumber: t.string({ nullable: true, resolve: (r) => r.line.articleNumber }),
    brand: t.string({ nullable: true, resolve: () => null }),
    categories: t.stringList({ nullable: { list: true, items: true }, resolve: () => [] }),
    campaignIds: t.stringList({ nullable: { list: true, items: true }, resolve: () => [] }),
    campaignNames: t.stringList({
      nullable: { list: true, items: true },
      resolve: (r) => r.line.campaignNames,
    }),
    discountIncVat: t.field({
      type: "Decimal",
      description: "The line's discount: its regular total less what it costs",
      resolve: (r) =>
        dec(r.line.unitRegularIncVat * r.line.quantity - r.line.lineTotalIncVat, r.order.currency),
    }),
    discountExVat: t.field({
      type: "Decimal",
      resolve: (r) => {
        const gross = r.line.unitRegularIncVat * r.line.quantity - r.line.lineTotalIncVat;
        return dec(Math.round((gross * 10000) / (10000 + r.line.vatRateBp)), r.order.currency);
      },
    }),
    discountPercentage: t.int({
      description:
        "Mili: the reduction the shopper was shown on the unit price when ordering, in whole percent (the cart line's unitPrice.discountPercentage, domain/prices.ts); 0 when none",
      resolve: (r) => discountPercentage(r.line.unitRegularIncVat, r.line.unitSellingIncVat),
    }),
    discountRate: t.float({
      description: "The discount in percent of the regular total",
      resolve: (r) => {
        const regular = r.line.unitRegularIncVat * r.line.quantity;
        return regular > 0 ? Math.round(((regular - r.line.lineTotalIncVat) * 10000) / regular) / 100 : 0;
      },
    }),
    externalId: t.string({ nullable: true, resolve: () => null }),
    gtin: t.string({ nullable: true, resolve: () => null }),
    imageUrl: t.string({ nullable: true, resolve: () => null }),
    height: t.int({ resolve: () => 0 }),
    length: t.int({ resolve: () => 0 }),
    width: t.int({ resolve: () => 0 }),
    weight: t.int({ resolve: () => 0 }),
    message: t.string({ nullable: true, resolve: () => null }),
    name: t.string({ nullable: true, resolve: (r) => r.line.name }),
    quantity: t.int({ resolve: (r) => r.line.quantity }),
    sku: t.string({ nullable: true, resolve: (r) => (r.line.skuId === null ? null : String(r.line.skuId)) }),
    skuId: t.int({ nullable: true, description: "Mili", resolve: (r) => r.line.skuId }),
    variant: t.string({ nullable: true, resolve: (r) => r.line.skuName }),
    priceIncVat: t.field({
      type: "Decimal",
      description: "The unit's selling price",
      resolve: (r) => dec(r.line.unitSellingIncVat, r.order.currency),
    }),
    priceExVat: t.field({
      type: "Decimal",
      resolve: (r) =>
        dec(Math.round((r.line.unitSellingIncVat * 10000) / (10000 + r.line.vatRateBp)), r.order.currency),
    }),
    totalIncVat: t.field({
      type: "Decimal",
      description: "Mili: what the line costs, every discount taken",
      resolve: (r) => dec(r.line.lineTotalIncVat, r.order.currency),
    }),
    vat: t.field({
      type: "Decimal",
      description: "Mili: the line's VAT",
      resolve: (r) => dec(r.line.lineVat, r.order.currency),
    }),
    vatRate: t.float({ description: "Mili: in percent", resolve: (r) => r.line.vatRateBp / 100 }),
    productId: t.int({ resolve: (r) => r.line.productId ?? 0 }),
    productUrl: t.string({ nullable: true, resolve: () => null }),
    productPriceCampaignId: t.int({ nullable: true, resolve: () => null }),
    productPriceListId: t.int({ nullable: true, resolve: () => null }),
    currency: t.string({ nullable: true, resolve: (r) => r.order.currency }),
  }),
});

type OrderOut = { order: OrderRecord; locale: Locale };

const CheckoutOrderType = builder.objectRef<OrderOut>("CheckoutOrderType").implement({
  description: "The placed order as the confirmation page and its analytics purchase event read it.",
  fields: (t) => {
    const money = (pick: (o: OrderRecord) => number, description?: string) =>
      t.field({
        type: "Decimal",
        ...(description ? { description } : {}),
        resolve: (e: OrderOut) => dec(pick(e.order), e.order.currency),
      });
    const billing = (pick: (a: ReturnType<typeof addressOf>) => string) =>
      t.string({
        nullable: true,
        deprecationReason: "Use Billing Address instead",
        resolve: (e: OrderOut) => pick(addressOf(e.order.billingAddress)) || null,
      });
    return {
      orderId: t.string({
        nullable: true,
        description: "The order's number",
        resolve: (e) => e.order.orderNumber,
      }),
      publicId: t.string({
        description: "Mili: the order's secret id (getOrderPublic)",
        resolve: (e) => e.order.publicId,
      }),
      transactionId: t.string({ nullable: true, resolve: (e) => e.order.paymentReference }),
      secondaryTransactionId: t.string({
        nullable: true,
        deprecationReason: "Not used any more",
        resolve: () => null,
      }),
      externalOrderId: t.string({ nullable: true, resolve: (e) => e.order.paymentReference }),
      billingAddress: t.field({
        type: AddressType,
        nullable: true,
        resolve: (e) => addressOf(e.order.billingAddress),
      }),
      shippingAddress: t.field({
        type: AddressType,
        nullable: true,
        resolve: (e) => addressOf(e.order.shippingAddress),
      }),
      company: t.string({
        nullable: true,
        deprecationReason: "Use Billing Address instead",
        resolve: (e) => e.order.companyName,
      }),
      firstName: billing((a) => a.firstName),
      lastName: billing((a) => a.lastName),
      zip: t.string({
        nullable: true,
        deprecationReason: "Use Billing Address instead",
        resolve: (e) => e.order.zip ?? (addressOf(e.order.billingAddress).zip || null),
      }),
      email: t.string({
        nullable: true,
        deprecationReason: "Use Billing Address instead",
        resolve: (e) => e.order.email,
      }),
      phone: t.string({
        nullable: true,
        deprecationReason: "Use Billing Address instead",
        resolve: (e) => e.order.phone,
      }),
      address1: billing((a) => a.addressLine1),
      address2: billing((a) => a.addressLine2),
      city: billing((a) => a.city),
      country: billing((a) => a.country),
      message: t.string({ nullable: true, resolve: (e) => e.order.message }),
      currency: t.string({ nullable: true, resolve: (e) => e.order.currency }),
      campaignIds: t.stringList({ nullable: { list: true, items: true }, resolve: () => [] }),
      campaignNames: t.stringList({
        nullable: { list: true, items: true },
        resolve: (e) => [...new Set(e.order.lines.flatMap((l) => l.campaignNames))],
      }),
      discountIncVat: money(
        (o) => o.discountIncVat,
        "The goods' reductions (the analytics event's total_discount)",
      ),
      discountExVat: t.field({
        type: "Decimal",
        resolve: (e) => {
          const o = e.order;
          const ratio = o.itemValueIncVat > 0 ? o.itemValueExVat / o.itemValueIncVat : 1;
          return dec(Math.round(o.discountIncVat * ratio), o.currency);
        },
      }),
      itemValueIncVat: money((o) => o.itemValueIncVat),
      itemValueExVat: money((o) => o.itemValueExVat),
      orderValueIncVat: money((o) => o.totalIncVat, "What the order costs, shipping and gift cards included"),
      orderValueExVat: money((o) => o.totalIncVat - o.vat),
      paymentFeeIncVat: money(() => 0),
      paymentFeeExVat: money(() => 0),
      shippingFeeIncVat: money((o) => o.shippingFeeIncVat),
      shippingFeeExVat: money((o) => o.shippingFeeIncVat - o.shippingFeeVat),
      vat: money((o) => o.vat, "Mili: the order's VAT (the analytics event's tax)"),
      sum: money((o) => o.totalIncVat - o.balanceUsed, "What is paid (the order's value less gift cards)"),
      balance: money((o) => o.balanceUsed, "Paid by gift cards"),
      rows: t.field({
        type: [CheckoutOrderRowType],
        nullable: { list: true, items: true },
        resolve: (e) => e.order.lines.map((line) => ({ order: e.order, line, locale: e.locale })),
      }),
      marketId: t.string({ resolve: (e) => e.order.marketAlias }),
      status: t.string({ nullable: true, resolve: (e) => e.order.status }),
      ipAddress: t.string({ nullable: true, resolve: () => null }),
      languageId: t.string({ nullable: true, resolve: (e) => e.order.languageId }),
      promoCode: t.string({ nullable: true, resolve: (e) => e.order.promoCode }),
      customerId: t.int({ resolve: (e) => e.order.customerId ?? 0 }),
      customerTypeId: t.int({
        description: "1 a person, 2 an organisation",
        resolve: (e) => (e.order.customerType === "ORGANIZATION" ? 2 : 1),
      }),
      customerType: t.field({
        type: CustomerTypeEnum,
        description: "Mili",
        resolve: (e) => e.order.customerType,
      }),
      personalId: t.string({ nullable: true, resolve: (e) => e.order.identityNumber }),
      organizationNumber: t.string({ nullable: true, resolve: (e) => e.order.organizationId }),
      userAgent: t.string({ nullable: true, resolve: () => null }),
      metaData: t.string({ nullable: true, resolve: () => null }),
      customerGroupId: t.int({ resolve: () => 0 }),
      paymentId: t.int({ resolve: (e) => e.order.paymentMethodId ?? 0 }),
      paymentName: t.string({
        nullable: true,
        description: "Mili: the payment method's name",
        resolve: (e) => paymentName(e.order, e.locale.language.id),
      }),
      shippingId: t.int({ resolve: () => 0 }),
      shippingName: t.string({
        nullable: true,
        description: "Mili: the shipping option's name in the request's language, with the pickup point's",
        resolve: (e) => shippingName(e.order, e.locale.language.id) || null,
      }),
      shippingOptionId: t.string({
        nullable: true,
        description: "Mili: the shipping option (own:pickup-point)",
        resolve: (e) => (e.order.shippingOptionKey ? `own:${e.order.shippingOptionKey}` : null),
      }),
      pickupPoint: t.string({
        nullable: true,
        resolve: (e) => (e.order.shippingAgent ? JSON.stringify(e.order.shippingAgent) : null),
      }),
      desiredDeliveryDate: t.string({ nullable: true, resolve: () => null }),
      customerOrderNumber: t.string({ nullable: true, resolve: () => null }),
      goodsLabel: t.string({ nullable: true, resolve: () => null }),
    };
  },
});

interface CheckoutDataEdge {
  order: OrderRecord | null;
  htmlSnippet: string | null;
  completed: boolean;
  nthPurchase: number;
  cartId: string | null;
  locale: Locale;
}

async function confirmedCart(ctx: ApiContext, e: CheckoutDataEdge) {
  if (!e.cartId) return null;
  const ref = await ctx.reference.get();
  const { locale } = e.order
    ? resolveLocale(ref, {
        channelId: e.order.channelId,
        marketId: e.order.marketAlias,
        languageId: e.locale.language.id,
      })
    : { locale: e.locale };
  try {
    const cart = await getCart(ctx.db, { ref, locale }, e.cartId, { includeCompleted: true });
    return cart.id === e.cartId ? cartEdge(ref, locale, cart) : null;
  } catch {
    return null;
  }
}

const CheckoutDataType = builder.objectRef<CheckoutDataEdge>("CheckoutDataType").implement({
  description: "The confirmation page: the order (when placed), the provider's snippet and the order's cart.",
  fields: (t) => ({
    htmlSnippet: t.exposeString("htmlSnippet", { nullable: true }),
    newCheckoutSession: t.boolean({ resolve: () => false }),
    completed: t.boolean({
      nullable: true,
      description: "The order is placed; false sends the shopper back to the checkout",
      resolve: (e) => e.completed,
    }),
    order: t.field({
      type: CheckoutOrderType,
      nullable: true,
      resolve: (e) => (e.order ? { order: e.order, locale: e.locale } : null),
    }),
    nthPurchase: t.int({
      description:
        "Which purchase of the shopper's (by e-mail) this is, counting this one; 0 without an order",
      resolve: (e) => e.nthPurchase,
    }),
    cart: t.field({ type: CartType, nullable: true, resolve: (e, _args, ctx) => confirmedCart(ctx, e) }),
  }),
});

const CheckoutAndOrderType = builder.objectRef<CheckoutDataEdge>("CheckoutAndOrderType").implement({
  fields: (t) => ({
    htmlSnippet: t.string({ resolve: (e) => e.htmlSnippet ?? "" }),
    order: t.field({
      type: CheckoutOrderType,
      nullable: true,
      resolve: (e) => (e.order ? { order: e.order, locale: e.locale } : null),
    }),
  }),
});

async function confirmationEdge(
  ctx: ApiContext,
  args: LocaleRequest & { id: string; paymentType: string; cartId?: string | null | undefined },
): Promise<CheckoutDataEdge> {
  const locale = await ctx.locale(args);
  const customer = await ctx.customer();
  try {
    const found = await confirmation(ctx.db, ctx.checkout, {
      id: args.id,
      paymentType: args.paymentType,
      cartId: args.cartId ?? null,
      customerId: customer?.customerId ?? null,
    });
    return { ...found, locale };
  } catch (error) {
    checkoutError(error, locale);
  }
}

const confirmationArgs = builder.args((t) => ({
  id: t.string({
    required: true,
    description:
      "The provider's order id (KLARNA: ?kid=), or the order's number or public id (STANDARD: ?oid=)",
  }),
  paymentType: t.field({ type: PaymentTypeEnum, required: true }),
  ...localeArgs,
}));

builder.queryFields((t) => ({
  storedCheckout: t.field({
    type: CheckoutType,
    nullable: true,
    description:
      "Mili: the cart's checkout as stored, read only (a page's GET): what createOrUpdateCheckout without a change answers, but nothing is written, the shipping choice is not put on the cart and no hosted checkout is opened (an open one's snippet is answered). needsUpdate says when a change is needed to bring it up to date. An unknown or completed cart: BAD_USER_INPUT (INVALID_CART_ID, CART_COMPLETED).",
    args: { cartId: t.arg.string({ required: true }), ...localeArgs },
    resolve: (_root, args, ctx) => storedCheckoutEdge(ctx, args, args.cartId),
  }),
  checkout: t.field({
    type: CheckoutDataType,
    nullable: true,
    description:
      "The confirmation page's checkout: KLARNA confirms the hosted checkout's order (as its push does; idempotent) and answers it; STANDARD answers the order with this number (or public id) and cart. completed false: no placed order.",
    args: {
      ...confirmationArgs,
      cartId: t.arg.string({ required: false, description: "The order's cart (?cartid=)" }),
    },
    resolve: (_root, args, ctx) => confirmationEdge(ctx, args),
  }),
  getCheckout: t.string({
    nullable: true,
    deprecationReason: "Use Checkout instead",
    description: "The hosted checkout's HTML snippet (empty for STANDARD)",
    args: confirmationArgs,
    resolve: async (_root, args, ctx) => (await confirmationEdge(ctx, args)).htmlSnippet ?? "",
  }),
  getCheckoutAndOrder: t.field({
    type: CheckoutAndOrderType,
    nullable: true,
    deprecationReason: "Use Checkout instead",
    args: confirmationArgs,
    resolve: (_root, args, ctx) => confirmationEdge(ctx, args),
  }),
  validateOrderConditions: t.field({
    type: ValidateOrderConditionsResponseType,
    nullable: true,
    description:
      "Whether the cart can be ordered now: not empty, in stock, its promo code valid. message: the first problem, in the request's language.",
    args: {
      cartId: t.arg.string({ required: true }),
      email: t.arg.string({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      const result = await validateOrderConditions(ctx.db, { ref, locale }, args.cartId);
      const first = result.problems[0];
      const key: MessageKey | null = !first
        ? null
        : first === "EMPTY_CART"
          ? "checkout.error.emptyCart"
          : first === "INVALID_PROMO_CODE"
            ? "cart.error.promoInvalid"
            : "checkout.error.notCreated";
      return {
        isValid: result.isValid,
        message: key ? renderMessage(msg(key as never), messageLanguage(locale.language.id)) : null,
      };
    },
  }),
  validateOrderCreation: t.field({
    type: ValidateOrderCreationResponseType,
    nullable: true,
    deprecationReason: "Use ValidateOrderConditions instead",
    description: "Whether the checkout (stored, with this input over it) can be placed: its field errors.",
    args: {
      cartId: t.arg.string({ required: true }),
      checkout: t.arg({ type: CheckoutInputType, required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      const change = await checkoutInputOf(ctx.db, locale.market.alias, args.checkout as GeinsCheckoutInput);
      const cartCtx = { ref, locale, customerType: customerTypeOf(change.customerType) };
      const [conditions, fields] = await Promise.all([
        validateOrderConditions(ctx.db, cartCtx, args.cartId),
        checkoutFieldErrors(ctx.db, cartCtx, args.cartId, change),
      ]);
      const errors = fieldList(fields, locale.language.id);
      const language = messageLanguage(locale.language.id);
      const isValid = conditions.isValid && errors.length === 0;
      return {
        isValid,
        message: isValid
          ? null
          : (errors[0]?.message ?? renderMessage(msg("checkout.error.notCreated"), language)),
        errors,
      };
    },
  }),
}));

builder.mutationFields((t) => ({
  createOrUpdateCheckout: t.field({
    type: CheckoutType,
    nullable: true,
    description:
      "Every change in the checkout: merged into what the checkout knows, the shipping choice put on the cart. Answers the priced cart, shipping options once a zip is set, payment options once a shipping option is chosen (a selected hosted checkout's snippet in paymentData), and what is still missing (errors).",
    args: {
      cartId: t.arg.string({ required: true }),
      checkout: t.arg({ type: CheckoutInputType, required: false }),
      ...localeArgs,
    },
    resolve: (_root, args, ctx) =>
      checkoutEdge(
        ctx,
        args,
        args.cartId,
        args.checkout as GeinsCheckoutInput | null | undefined,
        async (locale) => {
          if (typeof args.checkout?.externalShippingFee === "number")
            await setExternalShippingFee(
              ctx.db,
              args.cartId,
              fromDecimal(args.checkout.externalShippingFee, locale.market.currency?.code ?? "SEK"),
            );
        },
      ),
  }),
  setCartShippingFee: t.field({
    type: CheckoutType,
    nullable: true,
    description:
      "A delivery checkout's fee (nShift) kept on the cart, shown where allowExternalShippingFee is asked. Placing an order with a delivery checkout's option (shippingOptionId nshift:…) charges the fee its provider asks for the goods and zip: a fee set here that differs is replaced by it and the attempt refused (CONFLICT, CART_CHANGED) (decision 0033).",
    args: {
      cartId: t.arg.string({ required: true }),
      shippingFee: t.arg({ type: "Decimal", required: true }),
      ...localeArgs,
    },
    resolve: (_root, args, ctx) =>
      checkoutEdge(ctx, args, args.cartId, null, (locale) =>
        setExternalShippingFee(
          ctx.db,
          args.cartId,
          fromDecimal(args.shippingFee, locale.market.currency?.code ?? "SEK"),
        ),
      ),
  }),
  withdrawFromOrder: t.field({
    type: OrderType,
    description:
      "Mili: the withdrawal function (Directive 2023/2673). Withdraws from the purchase with this public id (the order link's secret) within its withdrawal period: recorded at once, a confirmation e-mail queued, an order not yet delivered cancelled (stock back, payment released). Withdrawing again answers the same order. Refused after the last day or for a cancelled or refunded order: BAD_USER_INPUT, reason WITHDRAWAL_REFUSED (refusal, lastDay); unknown: NOT_FOUND. The storefront asks the shopper to confirm first.",
    args: { publicOrderId: t.arg({ type: "Guid", required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      try {
        const services = needCheckout(ctx);
        const done = await withdrawFromOrder(services.deps, args.publicOrderId, {
          languageId: locale.language.id,
        });
        return { order: done.order, locale };
      } catch (error) {
        checkoutError(error, locale);
      }
    },
  }),
  placeOrder: t.field({
    type: PlaceOrderResponseType,
    nullable: true,
    description:
      "Places the order of the shop's own form (STANDARD: invoice): validates, reserves stock, authorises, confirms. The same cart placed again answers the same order. Refusals: BAD_USER_INPUT (fields, with each field's message), OUT_OF_STOCK (the item's name), PAYMENT_DECLINED, BLOCKED_CUSTOMER, CONFLICT (the cart changed, e.g. a different expectedTotal); nothing is sold and the cart stays open.",
    args: {
      cartId: t.arg.string({ required: true }),
      checkout: t.arg({ type: CheckoutInputType, required: true }),
      expectedTotal: t.arg({
        type: "Decimal",
        required: false,
        description:
          "Mili: the total the shopper was shown; refused (CONFLICT, CART_CHANGED) when the cart now costs anything else",
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      try {
        const services = needCheckout(ctx);
        const change = await checkoutInputOf(
          ctx.db,
          locale.market.alias,
          args.checkout as GeinsCheckoutInput,
        );
        const input = mergeInput(await storedInput(ctx.db, args.cartId), change);
        const cartCtx = { ref, locale, customerType: customerTypeOf(input.customerType) };
        if (typeof args.expectedTotal === "number") {
          const cart = await getCart(ctx.db, cartCtx, args.cartId, {
            allowExternalShippingFee: isExternalOption(input.shippingOptionId),
          });
          if (
            cart.id === args.cartId &&
            fromDecimal(args.expectedTotal, cart.currency) !== cart.totals.total.selling
          )
            throw new CheckoutError(
              "CART_CHANGED",
              "The total differs from the one shown",
              msg("checkout.error.changed"),
            );
        }
        await claimCart(ctx, args.cartId);
        // A refused credit check answers whether a personal number passes: refused tries are rate limited per
        // address (a placed order, or a refusal for another reason, gives its point back).
        const ticket = await ctx.limiter?.consume([{ limit: "payment.refused.ip", key: ctx.clientSubject }]);
        let order: Awaited<ReturnType<typeof placeOrder>>;
        try {
          order = await placeOrder(services.deps, cartCtx, args.cartId, input);
        } catch (error) {
          const refused =
            error instanceof CheckoutError &&
            (error.reason === "PAYMENT_DECLINED" || error.reason === "BLOCKED_CUSTOMER");
          if (!refused) await ticket?.refund();
          throw error;
        }
        await ticket?.refund();
        return {
          orderId: order.orderNumber,
          publicId: order.publicId,
          status: order.status === "pending" ? "pending" : "completed",
          redirectUrl: order.orderNumber
            ? `/checkout/confirm?oid=${encodeURIComponent(order.orderNumber)}&cartid=${encodeURIComponent(args.cartId)}`
            : null,
        };
      } catch (error) {
        checkoutError(error, locale);
      }
    },
  }),
}));
