import { msg } from "#domain/messages.ts";
import type { StockEvents, StockUpdate } from "#services/events.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError } from "../errors.ts";
import { StockType } from "./price.ts";

function stockEvents(ctx: ApiContext): StockEvents {
  const events = ctx.stockEvents;
  if (!events) throw new Error("the API context has no stockEvents (createApi's stockEvents option)");
  return events;
}

builder.subscriptionType({
  description: "Live updates over WebSocket at /graphql (graphql-ws protocol; X-ApiKey in connectionParams).",
});

const StockUpdateType = builder.objectRef<StockUpdate>("StockUpdate").implement({
  description: "One SKU's stock, as it is when the subscription starts and after every change.",
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    skuId: t.exposeInt("skuId"),
    stock: t.field({ type: StockType, resolve: (u) => u.stock }),
  }),
});

builder.subscriptionFields((t) => ({
  stockChanged: t.field({
    type: StockUpdateType,
    description:
      "The stock of each of the product's SKUs now, then every change of a SKU's stock (one update per SKU " +
      "and change). NOT_FOUND when there is no such product.",
    args: {
      productId: t.arg.int({ required: true }),
      ...localeArgs,
    },
    subscribe: async (_root, args, ctx) => {
      await ctx.locale(args);
      const updates = await stockEvents(ctx).watchProduct(args.productId);
      if (!updates) throw apiError("NOT_FOUND", msg("api.productNotFound"), { productId: args.productId });
      return updates;
    },
    resolve: (update) => update,
  }),
}));
