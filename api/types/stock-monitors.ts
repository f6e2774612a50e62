import { msg } from "#domain/messages.ts";
import {
  InvalidMonitorEmailError,
  monitorAvailability,
  stockMonitorHits,
  UnknownSkuError,
} from "#services/stock-monitors.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError } from "../errors.ts";

builder.mutationFields((t) => ({
  monitorProductAvailability: t.boolean({
    description:
      "Asks for one e-mail when a SKU that cannot be bought now can be bought again (Geins' arguments), in the request's language; true when asked (also when the SKU can be bought already: nothing to wait for). Refusals: BAD_USER_INPUT `field: email`, NOT_FOUND (unknown SKU); rate limited per client and per address: RATE_LIMITED (HTTP 429).",
    args: {
      email: t.arg.string({ required: true }),
      skuId: t.arg.int({ required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      // An anonymous write that ends in an e-mail to any address: rate limited (decision 0016).
      await ctx.limiter?.consume(stockMonitorHits(ctx.clientSubject, args.email));
      try {
        await monitorAvailability(ctx.db, await ctx.locale(args), args.email, args.skuId);
        return true;
      } catch (error) {
        if (error instanceof InvalidMonitorEmailError)
          throw apiError("BAD_USER_INPUT", msg("stock.monitor.email"), { field: "email" });
        if (error instanceof UnknownSkuError)
          throw apiError("NOT_FOUND", msg("stock.monitor.unknownSku"), { argument: "skuId" });
        throw error;
      }
    },
  }),
}));
