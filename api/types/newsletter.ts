import { msg } from "#domain/messages.ts";
import { InvalidEmailError, newsletterHits, subscribeToNewsletter } from "#services/newsletter.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError } from "../errors.ts";

builder.mutationType({ description: "Changing the shop: cart, checkout, account, newsletter." });

builder.mutationFields((t) => ({
  subscribeToNewsletter: t.boolean({
    description:
      "Subscribes an e-mail address to the channel's newsletter (idempotent). Rate limited per client and per address: RATE_LIMITED (HTTP 429).",
    args: {
      email: t.arg.string({ required: true }),
      tags: t.arg.stringList({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      // An anonymous write: rate limited per client and per address (decision 0016); RATE_LIMITED, HTTP 429.
      await ctx.limiter?.consume(newsletterHits(ctx.clientSubject, args.email));
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
