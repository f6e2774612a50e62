import { formatMoney } from "#domain/format.ts";
import { messageLanguage, msg } from "#domain/messages.ts";
import { toDecimal } from "#domain/money.ts";
import { RateLimited } from "#integrations/rate-limit/index.ts";
import {
  AccountInputError,
  commitReset,
  deleteUser,
  GENDERS,
  getUser,
  requestPasswordReset,
  type UserRecord,
  updateUser,
} from "#services/customers/accounts.ts";
import { type BalanceEntry, balanceHistory, MAX_BALANCE_HISTORY } from "#services/customers/balance.ts";
import { newsletterChoice } from "#services/newsletter.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError } from "../errors.ts";
import { MarketType, type MarketView } from "./channel.ts";
import { CustomerTypeEnum } from "./customer-type.ts";

// The account operations of the Geins Merchant API (getUser, updateUser, deleteUser, getOrders,
// requestPasswordReset, commitReset) with its type names: UserType, UserInputType, AddressType, AddressInputType,
// CustomerType, Gender, UserBalanceType (getOrders and OrderType: api/types/order.ts). The customer is the one the request's token names
// (api/context.ts); without one, getUser answers null and the writes answer UNAUTHENTICATED.

const GenderEnum = builder.enumType("Gender", { values: GENDERS });

export type Address = UserRecord["address"];

export const AddressType = builder.objectRef<Address>("AddressType").implement({
  description: "An address: the customer's, or an order's billing and shipping address.",
  fields: (t) => ({
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    addressLine1: t.exposeString("addressLine1"),
    addressLine2: t.exposeString("addressLine2"),
    addressLine3: t.exposeString("addressLine3"),
    entryCode: t.exposeString("entryCode"),
    careOf: t.exposeString("careOf"),
    city: t.exposeString("city"),
    state: t.exposeString("state"),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2 code, e.g. SE, NO" }),
    zip: t.exposeString("zip"),
    company: t.exposeString("company"),
    mobile: t.exposeString("mobile"),
    phone: t.exposeString("phone"),
  }),
});

export const AddressInputType = builder.inputType("AddressInputType", {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    addressLine1: t.string(),
    addressLine2: t.string(),
    addressLine3: t.string(),
    entryCode: t.string(),
    careOf: t.string(),
    city: t.string(),
    state: t.string(),
    country: t.string(),
    zip: t.string(),
    company: t.string(),
    mobile: t.string(),
    phone: t.string(),
  }),
});

const UserInputType = builder.inputType("UserInputType", {
  fields: (t) => ({
    address: t.field({ type: AddressInputType }),
    gender: t.field({ type: GenderEnum }),
    newsletter: t.boolean(),
    personalId: t.string({
      description:
        "Personnummer (SE) or fødselsnummer (NO) of a person; an organisation's number for ORGANIZATION",
    }),
    // No default: an update that leaves it out keeps the customer's type (a default PERSON turned organisations
    // into persons whenever a client updated anything else).
    customerType: t.field({ type: CustomerTypeEnum, description: "Omitted or null: unchanged." }),
    metaData: t.string(),
    organizationId: t.string({ description: "Mili: the organisation number of an ORGANIZATION customer." }),
  }),
});

type Balance = { currency: string; amountMinor: number; languageId: string };

const UserBalanceType = builder.objectRef<Balance>("UserBalanceType").implement({
  description: "The customer's balance in one currency (gift-card credit and refunds).",
  fields: (t) => ({
    currency: t.exposeString("currency"),
    amount: t.float({ resolve: (b) => b.amountMinor / 100 }),
    amountFormatted: t.string({
      nullable: true,
      resolve: (b) => formatMoney(b.amountMinor, b.currency, b.languageId),
    }),
  }),
});

type BalanceEntryView = BalanceEntry & { languageId: string };

const UserBalanceEntryType = builder.objectRef<BalanceEntryView>("UserBalanceEntryType").implement({
  description:
    "Mili: one movement of the customer's balance: gift-card credit, a refund to the balance, what a purchase drew.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    createdAt: t.string({ description: "ISO 8601", resolve: (e) => e.createdAt.toISOString() }),
    currency: t.exposeString("currency"),
    amount: t.float({
      description: "Positive: credit; negative: drawn",
      resolve: (e) => toDecimal(e.amountMinor, e.currency),
    }),
    amountFormatted: t.string({ resolve: (e) => formatMoney(e.amountMinor, e.currency, e.languageId) }),
    reason: t.string({
      description: '"giftCard", "refund", "goodwill", "purchase", or the merchant\'s own words',
      resolve: (e) => e.reason,
    }),
    orderNumber: t.string({
      nullable: true,
      description: "The order the movement belongs to (a refund, a purchase)",
      resolve: (e) => e.orderNumber,
    }),
  }),
});

type UserView = UserRecord & { languageId: string; currency: string; ctx: ApiContext };

const UserChannelType = builder
  .objectRef<{ channelId: string; markets: MarketView[] }>("UserChannelType")
  .implement({
    description:
      "A channel the customer may shop in, with the markets allowed there (every market of the channel).",
    fields: (t) => ({
      channelId: t.exposeString("channelId"),
      availableMarkets: t.field({
        type: [MarketType],
        nullable: { list: true, items: true },
        resolve: (c) => c.markets,
      }),
    }),
  });

const UserType = builder.objectRef<UserView>("UserType").implement({
  description: "The signed-in customer.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    email: t.exposeString("email"),
    address: t.field({ type: AddressType, nullable: true, resolve: (u) => u.address }),
    gender: t.field({ type: GenderEnum, nullable: true, resolve: (u) => u.gender }),
    customerType: t.field({ type: CustomerTypeEnum, nullable: true, resolve: (u) => u.customerType }),
    newsletter: t.boolean({ nullable: true, resolve: (u) => u.newsletter }),
    personalId: t.string({
      nullable: true,
      resolve: (u) => (u.customerType === "ORGANIZATION" ? u.organizationId : u.personalId),
    }),
    organizationId: t.string({ nullable: true, resolve: (u) => u.organizationId }),
    memberType: t.string({ resolve: () => "" }),
    memberId: t.int({ resolve: () => 0 }),
    balances: t.field({
      type: [UserBalanceType],
      nullable: { list: true, items: true },
      resolve: (u) => u.balances.map((b) => ({ ...b, languageId: u.languageId })),
    }),
    balanceHistory: t.field({
      type: [UserBalanceEntryType],
      description: `Mili: the balance's movements, newest first (at most ${MAX_BALANCE_HISTORY})`,
      resolve: async (u) =>
        (await balanceHistory(u.ctx.db, u.id)).map((e) => ({ ...e, languageId: u.languageId })),
    }),
    balance: t.float({
      deprecationReason: "Use Balances instead",
      resolve: (u) => (u.balances.find((b) => b.currency === u.currency)?.amountMinor ?? 0) / 100,
    }),
    balanceFormatted: t.string({
      nullable: true,
      deprecationReason: "Use Balances instead",
      resolve: (u) =>
        formatMoney(
          u.balances.find((b) => b.currency === u.currency)?.amountMinor ?? 0,
          u.currency,
          u.languageId,
        ),
    }),
    metaData: t.string({ nullable: true, resolve: () => null }),
    availableChannels: t.field({
      type: [UserChannelType],
      nullable: { list: true, items: true },
      resolve: async (u) => {
        const ref = await u.ctx.reference.get();
        return [...ref.channels.values()].map((channel) => ({
          channelId: channel.id,
          markets: channel.marketAliases.flatMap((alias) => {
            const market = ref.markets.get(alias);
            return market ? [{ market, channel, ref, languageId: u.languageId }] : [];
          }),
        }));
      },
    }),
  }),
});

type SessionView = {
  sessionId: string;
  startedAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  remember: boolean;
  current: boolean;
};

const SessionType = builder.objectRef<SessionView>("SessionType").implement({
  description: "Mili: one of the signed-in customer's active sessions (a browser or device).",
  fields: (t) => ({
    id: t.exposeID("sessionId"),
    startedAt: t.string({ description: "ISO 8601", resolve: (s) => s.startedAt.toISOString() }),
    lastUsedAt: t.string({
      description: "ISO 8601: the last refresh",
      resolve: (s) => s.lastUsedAt.toISOString(),
    }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    rememberMe: t.exposeBoolean("remember"),
    current: t.exposeBoolean("current", { description: "The session this request was made in" }),
  }),
});

export async function signedIn(ctx: ApiContext) {
  const customer = await ctx.customer();
  if (!customer) throw apiError("UNAUTHENTICATED", msg("account.signIn.required"));
  return customer;
}

async function view(ctx: ApiContext, args: Parameters<ApiContext["locale"]>[0], user: UserRecord | null) {
  if (!user) return null;
  const locale = await ctx.locale(args);
  return { ...user, languageId: locale.language.id, currency: locale.market.currency?.code ?? "NOK", ctx };
}

function inputError(error: unknown): never {
  if (error instanceof AccountInputError) throw apiError(error.code, error.text, { field: error.field });
  throw error;
}

builder.queryFields((t) => ({
  getUser: t.field({
    type: UserType,
    nullable: true,
    description: "The signed-in customer; null for a guest.",
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const customer = await ctx.customer();
      return customer ? view(ctx, args, await getUser(ctx.db, customer.customerId)) : null;
    },
  }),
  getSessions: t.field({
    type: [SessionType],
    description: "Mili: the signed-in customer's active sessions, newest first. UNAUTHENTICATED for a guest.",
    args: { ...localeArgs },
    resolve: async (_root, _args, ctx) => {
      const customer = await signedIn(ctx);
      if (!ctx.auth) return [];
      const sessions = await ctx.auth.sessions(customer.customerId);
      return sessions.map((s) => ({ ...s, current: s.sessionId === customer.sessionId }));
    },
  }),
}));

builder.mutationFields((t) => ({
  updateUser: t.field({
    type: UserType,
    nullable: true,
    description:
      "Updates the signed-in customer's profile (omitted or null fields stay); also completes a registration. Invalid personal or organisation numbers: INVALID_IDENTITY_NUMBER; other fields: BAD_USER_INPUT, with `field`.",
    args: { user: t.arg({ type: UserInputType, required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const customer = await signedIn(ctx);
      const locale = await ctx.locale(args);
      const country = locale.market.country?.code === "SE" ? "SE" : "NO";
      const { address, ...rest } = args.user;
      try {
        const updated = await updateUser(
          ctx.db,
          customer.customerId,
          { ...rest, ...(address ? { address } : {}) } as Parameters<typeof updateUser>[2],
          country,
        );
        // The newsletter follows the account's choice (double opt-in: services/newsletter.ts).
        if (updated && typeof rest.newsletter === "boolean")
          await newsletterChoice(ctx.db, locale, updated.email, rest.newsletter);
        return view(ctx, args, updated);
      } catch (error) {
        inputError(error);
      }
    },
  }),
  signOutEverywhere: t.boolean({
    description: "Mili: ends every session of the signed-in customer, this one included (all devices).",
    args: { ...localeArgs },
    resolve: async (_root, _args, ctx) => {
      const customer = customerHimself(await signedIn(ctx));
      await ctx.auth?.signOutEverywhere(customer.customerId);
      return true;
    },
  }),
  deleteUser: t.boolean({
    nullable: true,
    description:
      "Erases the signed-in customer's account: personal data cleared, sessions ended, orders kept anonymised. Mili: refused with OPEN_ORDERS (extensions.orders: their numbers) while an order is pending, received or processing — nothing changes (decision 0065).",
    args: { ...localeArgs },
    resolve: async (_root, _args, ctx) => {
      const customer = customerHimself(await signedIn(ctx));
      const outcome = await deleteUser(ctx.db, customer.customerId);
      if (outcome.kind === "openOrders") {
        const orders = outcome.orders.map((o) => o.orderNumber ?? `#${o.orderId}`);
        throw apiError("OPEN_ORDERS", msg("account.delete.openOrders", { orders: orders.join(", ") }), {
          orders,
        });
      }
      return outcome.kind === "erased";
    },
  }),
  requestPasswordReset: t.boolean({
    nullable: true,
    description:
      "Sends a reset e-mail when the address has an account. Answers true either way (it never tells whether an address has an account). Rate limited per client and per address.",
    args: { email: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      if (!ctx.accounts) return true;
      try {
        await ctx.limiter?.consume([
          { limit: "reset.ip", key: ctx.clientSubject },
          { limit: "reset.account", key: args.email.trim().toLowerCase() },
        ]);
      } catch (error) {
        // The refusal looks like any other answer: whether the address is known stays unknown.
        if (error instanceof RateLimited) return true;
        throw error;
      }
      await requestPasswordReset(ctx.db, {
        secret: ctx.accounts.secret,
        email: args.email,
        language: messageLanguage(locale.language.id),
      });
      return true;
    },
  }),
  commitReset: t.boolean({
    nullable: true,
    description:
      "Sets a new password (the digest of API.md) with the key from the reset e-mail: single use, valid one hour. An unknown, used or expired key: BAD_USER_INPUT asking for a new reset.",
    args: {
      resetKey: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      if (!ctx.accounts) throw apiError("BAD_USER_INPUT", msg("account.reset.expired"));
      let done: boolean;
      try {
        done = await commitReset(ctx.db, {
          resetKey: args.resetKey,
          password: args.password,
          salt: ctx.accounts.salt,
          language: messageLanguage(locale.language.id),
        });
      } catch (error) {
        inputError(error);
      }
      if (!done) throw apiError("BAD_USER_INPUT", msg("account.reset.expired"), { field: "resetKey" });
      return true;
    },
  }),
}));

/**
 * What only the customer may do, not a merchant shopping as the customer (a session from a login token carries
 * `act`: issue 12): erasing the account, ending every session.
 */
function customerHimself<P extends { actor?: string }>(principal: P): P {
  if (principal.actor) throw apiError("FORBIDDEN", msg("account.customerOnly"));
  return principal;
}
