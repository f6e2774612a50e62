import {
  type AdminPromoCodeDetail,
  type AdminPromoCodeRow,
  adminPromoCode,
  adminPromoCodes,
  createPromoCode,
  updatePromoCode,
} from "#services/admin/promo-codes.ts";
import { adminBuilder as b } from "./builder.ts";
import { answerVersioned, languageIdOf, Saved } from "./campaigns.ts";
import { allow } from "./context.ts";
import { intIn } from "./errors.ts";

/**
 * The back office's promo codes (issue 15, decision 0045): read by every role (`campaigns.read`), created and
 * changed by owner and staff (`campaigns.edit`). Refusals as for campaigns; a code another promo code has is refused
 * with the problem `codeTaken` on `code`.
 */
const Row = b.objectRef<AdminPromoCodeRow>("AdminPromoCodeRow").implement({
  fields: (t) => ({
    promoCodeId: t.exposeInt("promoCodeId"),
    code: t.exposeString("code"),
    name: t.exposeString("name", { description: "In the admin's language (Swedish for sv, else Norwegian)" }),
    validFrom: t.exposeString("validFrom", { nullable: true }),
    validTo: t.exposeString("validTo", { nullable: true }),
    uses: t.exposeInt("uses", { description: "Completed orders that used it" }),
    maxUses: t.exposeInt("maxUses", { nullable: true }),
    active: t.exposeBoolean("active"),
  }),
});
const Page = b.objectRef<{ total: number; promoCodes: AdminPromoCodeRow[] }>("AdminPromoCodePage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    promoCodes: t.field({ type: [Row], resolve: (p) => p.promoCodes }),
  }),
});
const Detail = b.objectRef<AdminPromoCodeDetail>("AdminPromoCode").implement({
  fields: (t) => ({
    promoCodeId: t.exposeInt("promoCodeId"),
    code: t.exposeString("code"),
    nbName: t.exposeString("nbName"),
    svName: t.exposeString("svName"),
    discountType: t.exposeString("discountType"),
    discountValue: t.exposeString("discountValue"),
    conditionType: t.exposeString("conditionType"),
    conditionValue: t.exposeString("conditionValue"),
    markets: t.exposeStringList("marketAliases"),
    validFromLocal: t.exposeString("validFromLocal", { description: "YYYY-MM-DDTHH:mm, shop time" }),
    validToLocal: t.exposeString("validToLocal"),
    maxUses: t.exposeString("maxUses"),
    maxUsesPerCustomer: t.exposeString("maxUsesPerCustomer"),
    uses: t.exposeInt("uses"),
    active: t.exposeBoolean("active"),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
  }),
});
const Input = b.inputType("AdminPromoCodeInput", {
  fields: (t) => ({
    code: t.string({ required: true }),
    nbName: t.string({ required: true }),
    svName: t.string({ required: true }),
    discountType: t.string({ required: true, description: "percent, amount or freeShipping" }),
    discountValue: t.string(),
    conditionType: t.string({ description: "none, minimumAmount or minimumQuantity" }),
    conditionValue: t.string(),
    markets: t.stringList({ required: true, description: "Whose currencies an amount is given in" }),
    validFrom: t.string({ description: "YYYY-MM-DDTHH:mm, shop time; empty: now" }),
    validTo: t.string(),
    maxUses: t.string({ description: "Whole number; empty: no limit" }),
    maxUsesPerCustomer: t.string(),
    active: t.boolean({ required: true }),
  }),
});
type InputArg = Record<string, unknown> & { markets: string[]; active: boolean };
const text = (v: unknown, n: number) => (typeof v === "string" ? v.slice(0, n) : null);
const inputOf = (i: InputArg) => ({
  code: text(i.code, 200),
  nbName: text(i.nbName, 1000),
  svName: text(i.svName, 1000),
  discountType: text(i.discountType, 20),
  discountValue: text(i.discountValue, 40),
  conditionType: text(i.conditionType, 20),
  conditionValue: text(i.conditionValue, 40),
  markets: i.markets.slice(0, 20).map((m) => m.slice(0, 20)),
  validFrom: text(i.validFrom, 40),
  validTo: text(i.validTo, 40),
  maxUses: text(i.maxUses, 20),
  maxUsesPerCustomer: text(i.maxUsesPerCustomer, 20),
  active: i.active,
});

b.queryFields((t) => ({
  promoCodes: t.field({
    type: Page,
    description: "Promo codes, newest first; by code or name, active",
    args: { search: t.arg.string(), active: t.arg.boolean(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "campaigns.read");
      return adminPromoCodes(ctx.db, {
        search: args.search?.slice(0, 200) ?? null,
        active: args.active ?? null,
        languageId: languageIdOf(ctx),
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, 100, 25),
      });
    },
  }),
  promoCode: t.field({
    type: Detail,
    nullable: true,
    args: { promoCodeId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "campaigns.read");
      return adminPromoCode(ctx.db, args.promoCodeId);
    },
  }),
}));

b.mutationFields((t) => ({
  createPromoCode: t.field({
    type: Saved,
    args: { input: t.arg({ type: Input, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "campaigns.edit");
      return answerVersioned(ctx, "promoCode", await createPromoCode(ctx.db, admin, inputOf(input)));
    },
  }),
  updatePromoCode: t.field({
    type: Saved,
    args: {
      promoCodeId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: Input, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "campaigns.edit");
      return answerVersioned(
        ctx,
        "promoCode",
        await updatePromoCode(ctx.db, admin, args.promoCodeId, args.version, inputOf(args.input)),
      );
    },
  }),
}));
