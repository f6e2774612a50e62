import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import type { OrderRecord } from "#services/orders/read.ts";
import type { Locale } from "#services/reference.ts";
import { builder } from "../../builder.ts";
import { CustomerTypeEnum } from "../customer-type.ts";
import { addressOf, paymentName, shippingName } from "../order.ts";
import { AddressType } from "../user.ts";

/** The placed order as the confirmation page and its analytics purchase event read it (CheckoutOrderType). */

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

export const CheckoutOrderType = builder.objectRef<OrderOut>("CheckoutOrderType").implement({
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
