import { msg } from "#domain/messages.ts";
import { requireAdmin } from "../admin.ts";
import { builder } from "../builder.ts";
import { apiError } from "../errors.ts";

interface LoginTokenView {
  loginToken: string;
  url: string;
  expiresAt: Date;
  customerId: number;
}

const LoginTokenType = builder.objectRef<LoginTokenView>("LoginTokenType").implement({
  description: "A merchant's single-use sign-in as a customer (Mili's addition; spec §4 token sign-in)",
  fields: (t) => ({
    loginToken: t.exposeString("loginToken", {
      description: "Give it as ?loginToken= on any storefront URL",
    }),
    url: t.exposeString("url", { description: "The storefront URL that signs in with it" }),
    expiresAt: t.string({ description: "ISO 8601", resolve: (v) => v.expiresAt.toISOString() }),
    customerId: t.exposeInt("customerId"),
  }),
});

builder.mutationFields((t) => ({
  issueLoginToken: t.field({
    type: LoginTokenType,
    nullable: true,
    description:
      "Admin (X-Admin-Key, README): a login token to shop as a customer (by customerId or email): opening `url` (any storefront URL with ?loginToken=) signs in once, within 15 minutes, in a short session whose token carries `act` (issuedBy) and shows the 'logged in as' notice on every page. Recorded (login_tokens: who issued it, for whom, when, which session it began). Null when the customer has no live account (deleted, blocked, unknown). BAD_USER_INPUT without customerId or email, or with an empty issuedBy, FORBIDDEN without the admin key. Mili's addition.",
    args: {
      customerId: t.arg.int({ required: false }),
      email: t.arg.string({ required: false }),
      issuedBy: t.arg.string({
        required: true,
        description: "Who acts as the customer (the merchant's name or e-mail): the audit record and `act`",
      }),
      path: t.arg.string({
        required: false,
        description: "The storefront path `url` opens (default /); a path on the shop, e.g. /min-konto",
      }),
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const issuedBy = args.issuedBy.trim().slice(0, 200);
      if (!issuedBy)
        throw apiError("BAD_USER_INPUT", msg("account.field.required"), { argument: "issuedBy" });
      if (args.customerId == null && !args.email)
        throw apiError("BAD_USER_INPUT", msg("account.field.required"), { argument: "customerId" });
      const path = args.path ?? "/";
      if (!path.startsWith("/") || path.startsWith("//") || path.length > 2000)
        throw apiError(
          "BAD_USER_INPUT",
          msg("api.argumentPath", { argument: "path", example: "/min-konto" }),
          { argument: "path" },
        );
      const auth = ctx.auth;
      const issued = auth
        ? await auth.issueLoginToken(
            { customerId: args.customerId, email: args.email?.slice(0, 254) },
            issuedBy,
          )
        : null;
      if (!issued) return null;
      const url = new URL(path, ctx.site.publicUrl ?? "http://localhost:3000");
      url.searchParams.set("loginToken", issued.loginToken);
      return { ...issued, url: url.href };
    },
  }),
}));
