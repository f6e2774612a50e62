import { msg } from "#domain/messages.ts";
import {
  followNewsletterLink,
  InvalidEmailError,
  type LinkPurpose,
  newsletterHits,
  subscribeToNewsletter,
} from "#services/newsletter.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError } from "../errors.ts";

builder.mutationType({ description: "Changing the shop: cart, checkout, account, newsletter." });

builder.mutationFields((t) => ({
  subscribeToNewsletter: t.boolean({
    description:
      "Subscribes an e-mail address to the channel's newsletter with double opt-in: the address counts once its owner follows the link in the confirmation e-mail (confirmNewsletterSubscription); at most one such e-mail per address in 10 minutes. Idempotent; an address that had unsubscribed is confirmed anew. Rate limited per client and per address: RATE_LIMITED (HTTP 429).",
    args: {
      email: t.arg.string({ required: true }),
      tags: t.arg.stringList({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      // An anonymous write: rate limited per client and per address (decision 0016); RATE_LIMITED, HTTP 429.
      await ctx.limiter?.consume(newsletterHits(ctx.clientSubject, args.email));
      try {
        await subscribeToNewsletter(ctx.db, await ctx.locale(args), args.email, args.tags ?? []);
        return true;
      } catch (error) {
        if (error instanceof InvalidEmailError) {
          throw apiError("BAD_USER_INPUT", msg("newsletter.invalid"), { field: "email" });
        }
        throw error;
      }
    },
  }),
}));

/** The links in the newsletter's e-mails (services/newsletter.ts): confirm a sign-up, or unsubscribe. */
builder.mutationFields((t) => {
  const link = (purpose: LinkPurpose, description: string) =>
    t.boolean({
      description,
      args: {
        id: t.arg.int({ required: true }),
        token: t.arg.string({ required: true }),
        ...localeArgs,
      },
      resolve: async (_root, args, ctx) => {
        const secret = ctx.accounts?.secret;
        const followed =
          secret !== undefined &&
          args.token.length <= 64 &&
          (await followNewsletterLink(ctx.db, secret, purpose, args.id, args.token));
        if (!followed) throw apiError("BAD_USER_INPUT", msg("newsletter.link"), { reason: "INVALID_LINK" });
        return true;
      },
    });
  return {
    confirmNewsletterSubscription: link(
      "confirm",
      "Confirms a newsletter sign-up from the link in its confirmation e-mail (its `id` and `token`); the accounts with that address follow (newsletter on). Idempotent. BAD_USER_INPUT `reason: INVALID_LINK` when the two do not belong together or the sign-up was ended since. Mili's addition.",
    ),
    unsubscribeFromNewsletter: link(
      "unsubscribe",
      "Ends a newsletter subscription from the unsubscribe link of a newsletter e-mail (its `id` and `token`); the accounts with that address follow (newsletter off). Idempotent. BAD_USER_INPUT `reason: INVALID_LINK` when the two do not belong together. Mili's addition.",
    ),
  };
});
