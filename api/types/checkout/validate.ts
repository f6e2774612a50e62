import { type MessageKey, messageLanguage, msg, renderMessage } from "#domain/messages.ts";
import { checkoutFieldErrors, validateOrderConditions } from "#services/checkout/index.ts";
import { checkoutInputOf, type GeinsCheckoutInput } from "#services/checkout/input.ts";
import { builder, localeArgs } from "../../builder.ts";
import { customerTypeOf } from "./edges.ts";
import { CheckoutFieldErrorType, fieldList } from "./errors.ts";
import { CheckoutInputType } from "./inputs.ts";

/** Whether a cart can be ordered now: validateOrderConditions and the deprecated validateOrderCreation. */

const ValidateOrderConditionsResponseType = builder
  .objectRef<{ isValid: boolean; message: string | null }>("ValidateOrderConditionsResponseType")
  .implement({
    fields: (t) => ({
      isValid: t.exposeBoolean("isValid"),
      message: t.exposeString("message", { nullable: true }),
    }),
  });

const ValidateOrderCreationResponseType = builder
  .objectRef<{
    isValid: boolean;
    message: string | null;
    errors: { field: string; code: string; message: string }[];
  }>("ValidateOrderCreationResponseType")
  .implement({
    fields: (t) => ({
      isValid: t.exposeBoolean("isValid"),
      message: t.exposeString("message", { nullable: true }),
      memberType: t.string({ nullable: true, resolve: () => null }),
      errors: t.field({
        type: [CheckoutFieldErrorType],
        description: "Mili: the checkout's field errors",
        resolve: (v) => v.errors,
      }),
    }),
  });

builder.queryFields((t) => ({
  validateOrderConditions: t.field({
    type: ValidateOrderConditionsResponseType,
    nullable: true,
    description:
      "Whether the cart can be ordered now: not empty, in stock, its promo code valid. message: the first problem, in the request's language.",
    args: {
      cartId: t.arg.string({ required: true }),
      email: t.arg.string({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      const result = await validateOrderConditions(ctx.db, { ref, locale }, args.cartId);
      const first = result.problems[0];
      const key: MessageKey | null = !first
        ? null
        : first === "EMPTY_CART"
          ? "checkout.error.emptyCart"
          : first === "INVALID_PROMO_CODE"
            ? "cart.error.promoInvalid"
            : "checkout.error.notCreated";
      return {
        isValid: result.isValid,
        message: key ? renderMessage(msg(key as never), messageLanguage(locale.language.id)) : null,
      };
    },
  }),
  validateOrderCreation: t.field({
    type: ValidateOrderCreationResponseType,
    nullable: true,
    deprecationReason: "Use ValidateOrderConditions instead",
    description: "Whether the checkout (stored, with this input over it) can be placed: its field errors.",
    args: {
      cartId: t.arg.string({ required: true }),
      checkout: t.arg({ type: CheckoutInputType, required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      const change = await checkoutInputOf(ctx.db, locale.market.alias, args.checkout as GeinsCheckoutInput);
      const cartCtx = { ref, locale, customerType: customerTypeOf(change.customerType) };
      const [conditions, fields] = await Promise.all([
        validateOrderConditions(ctx.db, cartCtx, args.cartId),
        checkoutFieldErrors(ctx.db, cartCtx, args.cartId, change),
      ]);
      const errors = fieldList(fields, locale.language.id);
      const language = messageLanguage(locale.language.id);
      const isValid = conditions.isValid && errors.length === 0;
      return {
        isValid,
        message: isValid
          ? null
          : (errors[0]?.message ?? renderMessage(msg("checkout.error.notCreated"), language)),
        errors,
      };
    },
  }),
}));
