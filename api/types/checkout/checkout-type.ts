import { formatMoney } from "#domain/format.ts";
import { messageLanguage, msg, renderMessage } from "#domain/messages.ts";
import type { CheckoutView } from "#services/checkout/index.ts";
import type { PaymentProviders } from "#services/orders/place.ts";
import type { Locale } from "#services/reference.ts";
import { builder } from "../../builder.ts";
import type { ApiContext } from "../../context.ts";
import { CartType, cartEdge, ShippingOptionType, type ShippingOptionView } from "../cart.ts";
import { CustomerTypeEnum } from "../customer-type.ts";
import { addressOf } from "../order.ts";
import { AddressType } from "../user.ts";
import { CheckoutFieldErrorType, fieldList } from "./errors.ts";
import { CheckoutStatusEnum, geinsPaymentType, PaymentCheckoutEnum, PaymentTypeEnum } from "./inputs.ts";

/** CheckoutType: the checkout as it stands, with its payment options, shipping options and field errors. */

export interface CheckoutEdge {
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

export const CheckoutType = builder.objectRef<CheckoutEdge>("CheckoutType").implement({
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
    shippingUnavailable: t.boolean({
      description:
        "Mili: a shipping provider (the shop's own options or the delivery checkout) could not be asked for its options just now; shippingOptions are the others' (perhaps none). Asking again (createOrUpdateCheckout, storedCheckout) asks it again. While no option is chosen, errors has field shippingOptionId with code checkout.error.shippingUnavailable. Placing an order with the delivery checkout's option while it cannot be asked answers SHIPPING_UNAVAILABLE and changes nothing (decision 0086).",
      resolve: (e) => e.view.shippingUnavailable.length > 0,
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
