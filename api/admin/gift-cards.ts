import {
  type AdminGiftCardDetail,
  type AdminGiftCardRow,
  adminGiftCard,
  adminGiftCards,
  deactivateGiftCard,
  issueGiftCard,
} from "#services/admin/gift-cards.ts";
import { adminBuilder as b } from "./builder.ts";
import { answerVersioned, Saved } from "./campaigns.ts";
import { allow } from "./context.ts";
import { intIn } from "./errors.ts";

/**
 * The back office's gift cards (issue 15, decision 0045): read by every role (`giftCards.read`) with their codes
 * shortened, found by the code's last characters; issued and deactivated by owner and staff (`giftCards.edit`). The
 * full code is answered once, by `issueGiftCard`.
 */
const Row = b.objectRef<AdminGiftCardRow>("AdminGiftCardRow").implement({
  fields: (t) => ({
    giftCardId: t.exposeInt("giftCardId"),
    maskedCode: t.exposeString("maskedCode", { description: "Prefix and last group only" }),
    currencyCode: t.exposeString("currencyCode"),
    initialMinor: t.exposeInt("initialMinor"),
    balanceMinor: t.exposeInt("balanceMinor"),
    expiresAt: t.exposeString("expiresAt", { nullable: true }),
    state: t.exposeString("state", { description: "usable, expired or deactivated" }),
    createdAt: t.exposeString("createdAt"),
  }),
});
const Page = b.objectRef<{ total: number; giftCards: AdminGiftCardRow[] }>("AdminGiftCardPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    giftCards: t.field({ type: [Row], resolve: (p) => p.giftCards }),
  }),
});
type Entry = AdminGiftCardDetail["history"][number];
const HistoryEntry = b.objectRef<Entry>("AdminGiftCardEntry").implement({
  fields: (t) => ({
    at: t.exposeString("at"),
    kind: t.exposeString("kind", { description: "issued, used or refund" }),
    amountMinor: t.exposeInt("amountMinor"),
    orderId: t.int({ nullable: true, resolve: (e) => e.orderId }),
  }),
});
const Detail = b.objectRef<AdminGiftCardDetail>("AdminGiftCard").implement({
  fields: (t) => ({
    giftCardId: t.exposeInt("giftCardId"),
    maskedCode: t.exposeString("maskedCode"),
    currencyCode: t.exposeString("currencyCode"),
    initialMinor: t.exposeInt("initialMinor"),
    balanceMinor: t.exposeInt("balanceMinor"),
    expiresAt: t.exposeString("expiresAt", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
    state: t.exposeString("state"),
    active: t.exposeBoolean("active"),
    version: t.exposeInt("version"),
    history: t.field({ type: [HistoryEntry], resolve: (d) => d.history }),
  }),
});
const Issued = b.objectRef<{ id: number; code: string }>("AdminGiftCardIssued").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    code: t.exposeString("code", { description: "The full code: shown this once" }),
  }),
});
const IssueInput = b.inputType("AdminGiftCardInput", {
  fields: (t) => ({
    market: t.string({ required: true }),
    amount: t.string({ required: true, description: "As typed, in the market's currency" }),
    expiresOn: t.string({ description: "YYYY-MM-DD: valid through that day (shop time); empty: no expiry" }),
  }),
});

b.queryFields((t) => ({
  giftCards: t.field({
    type: Page,
    description: "Gift cards, newest first; by the code's last characters (at most 4 are compared)",
    args: { lastDigits: t.arg.string(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "giftCards.read");
      return adminGiftCards(ctx.db, {
        lastDigits: args.lastDigits?.slice(0, 40) ?? null,
        now: new Date(),
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, 100, 25),
      });
    },
  }),
  giftCard: t.field({
    type: Detail,
    nullable: true,
    args: { giftCardId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "giftCards.read");
      return adminGiftCard(ctx.db, args.giftCardId);
    },
  }),
}));

b.mutationFields((t) => ({
  issueGiftCard: t.field({
    type: Issued,
    args: { input: t.arg({ type: IssueInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "giftCards.edit");
      const result = await issueGiftCard(ctx.db, admin, {
        market: input.market.slice(0, 20),
        amount: input.amount.slice(0, 40),
        expiresOn: input.expiresOn?.slice(0, 20) ?? null,
      });
      if (!result.ok) answerVersioned(ctx, "giftCard", result);
      return result.ok ? { id: result.id, code: result.code } : { id: 0, code: "" };
    },
  }),
  deactivateGiftCard: t.field({
    type: Saved,
    args: { giftCardId: t.arg.int({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "giftCards.edit");
      return answerVersioned(
        ctx,
        "giftCard",
        await deactivateGiftCard(ctx.db, admin, args.giftCardId, args.version),
      );
    },
  }),
}));
