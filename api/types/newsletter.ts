import { msg } from "#domain/messages.ts";
import { InvalidEmailError, subscribeToNewsletter } from "#services/newsletter.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError } from "../errors.ts";

builder.mutationType({ description: "Changing the shop: cart, checkout, account, newsletter." });

builder.mutationFields((t) => ({
  subscribeToNewsletter: t.boolean({
    description: "Subscribes an e-mail address to the channel's newsletter (idempotent).",
    args: {
      email: t.arg.string({ required: true }),
      tags: t.arg.stringList({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      try {
        return await subscribeToNewsletter(ctx.db, await ctx.locale(args), args.email, args.tags ?? []);
      } catch (error) {
        if (error instanceof InvalidEmailError) {
          throw apiError("BAD_USER_INPUT", msg("newsletter.invalid"), { field: "email" });
        }
        throw error;
      }
    },
  }),
}));
