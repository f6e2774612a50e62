import { msg } from "#domain/messages.ts";
import { fromDecimal } from "#domain/money.ts";
import { getCart } from "#services/cart/carts.ts";
import { mergeInput, storedInput } from "#services/checkout/index.ts";
import { checkoutInputOf, type GeinsCheckoutInput } from "#services/checkout/input.ts";
import { isExternalOption } from "#services/checkout/shipping.ts";
import { CheckoutError } from "#services/orders/errors.ts";
import { placeOrder } from "#services/orders/place.ts";
import { builder, localeArgs } from "../../builder.ts";
import { claimCart, customerTypeOf } from "./edges.ts";
import { checkoutError, needCheckout } from "./errors.ts";
import { CheckoutInputType } from "./inputs.ts";

/** placeOrder: the shop's own form (STANDARD: invoice) placed as an order. */

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

builder.mutationFields((t) => ({
  placeOrder: t.field({
    type: PlaceOrderResponseType,
    nullable: true,
    description:
      "Places the order of the shop's own form (STANDARD: invoice): validates, reserves stock, authorises, confirms. The same cart placed again answers the same order. Refusals: BAD_USER_INPUT (fields, with each field's message), OUT_OF_STOCK (the item's name), PAYMENT_DECLINED, BLOCKED_CUSTOMER, CONFLICT (the cart changed, e.g. a different expectedTotal), SHIPPING_UNAVAILABLE (the chosen delivery checkout option's provider cannot be asked now; try again); nothing is sold and the cart stays open.",
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
          order = await placeOrder({ ...services.deps, logger: ctx.logger }, cartCtx, args.cartId, input);
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
