import { fromDecimal } from "#domain/money.ts";
import { type GeinsCheckoutInput, setExternalShippingFee } from "#services/checkout/input.ts";
import { builder, localeArgs } from "../../builder.ts";
import { CheckoutType } from "./checkout-type.ts";
import { checkoutEdge, storedCheckoutEdge } from "./edges.ts";
import { CheckoutInputType } from "./inputs.ts";

/** The checkout as it is changed and read: createOrUpdateCheckout, setCartShippingFee, storedCheckout. */

builder.queryFields((t) => ({
  storedCheckout: t.field({
    type: CheckoutType,
    nullable: true,
    description:
      "Mili: the cart's checkout as stored, read only (a page's GET): what createOrUpdateCheckout without a change answers, but nothing is written, the shipping choice is not put on the cart and no hosted checkout is opened (an open one's snippet is answered). needsUpdate says when a change is needed to bring it up to date. An unknown or completed cart: BAD_USER_INPUT (INVALID_CART_ID, CART_COMPLETED).",
    args: { cartId: t.arg.string({ required: true }), ...localeArgs },
    resolve: (_root, args, ctx) => storedCheckoutEdge(ctx, args, args.cartId),
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
}));
