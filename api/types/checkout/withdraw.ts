import { withdrawFromOrder } from "#services/orders/withdraw.ts";
import { builder, localeArgs } from "../../builder.ts";
import { OrderType } from "../order.ts";
import { checkoutError, needCheckout } from "./errors.ts";

/** withdrawFromOrder: the withdrawal function (Directive 2023/2673). */

builder.mutationFields((t) => ({
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
}));
