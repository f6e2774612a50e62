import { CAMPAIGN_STATUSES, type CampaignProblem, campaignProblemText } from "#domain/campaign-edit.ts";
import type { RecordedChange } from "#services/admin/audit.ts";
import {
  type AdminCampaignDetail,
  type AdminCampaignRow,
  adminCampaign,
  adminCampaigns,
  createCampaign,
  updateCampaign,
  type VersionedResult,
} from "#services/admin/campaigns.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

/**
 * The back office's campaigns (issue 15, decision 0045): list and read (every role, `campaigns.read`), create and
 * change (owner and staff, `campaigns.edit`). A change carries the version its form read; a refused one answers
 * BAD_USER_INPUT with every problem (field, stable code, text in the admin's language), VERSION_CONFLICT with the
 * current `version` and `changes`, or NOT_FOUND — and changes nothing. Promo codes and gift cards: promo-codes.ts,
 * gift-cards.ts.
 */
const MAX_TAKE = 100;
export const languageIdOf = (ctx: AdminContext) => (ctx.admin?.language === "sv" ? "sv-SE" : "nb-NO");

const NOUN = {
  campaign: { en: "campaign", sv: "kampanjen", nb: "kampanjen" },
  promoCode: { en: "promo code", sv: "rabattkoden", nb: "rabattkoden" },
  giftCard: { en: "gift card", sv: "presentkortet", nb: "gavekortet" },
} as const;

/** A refused change as the API answers it (see the top of this file); a saved one as its id and new version. */
export function answerVersioned(ctx: AdminContext, what: keyof typeof NOUN, result: VersionedResult) {
  if (result.ok) return { id: result.id, version: result.version };
  const lang = ctx.admin?.language ?? "en";
  const noun = NOUN[what][lang];
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", `No such ${NOUN[what].en}`);
  if (result.refusal === "stale") {
    const changes: RecordedChange[] = result.changes;
    throw adminError(
      "VERSION_CONFLICT",
      {
        en: `Someone saved this ${noun} after you opened it; nothing was saved. Reload to see their change.`,
        sv: `Någon sparade ${noun} efter att du öppnade den; inget sparades. Ladda om för att se ändringen.`,
        nb: `Noen lagret ${noun} etter at du åpnet den; ingenting ble lagret. Last inn på nytt for å se endringen.`,
      }[lang],
      { version: result.version, changes },
    );
  }
  const problems = result.problems.map((p: CampaignProblem) => ({
    ...p,
    message: campaignProblemText(p, lang),
  }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

export const Saved = b.objectRef<{ id: number; version: number }>("AdminSaved").implement({
  fields: (t) => ({ id: t.exposeInt("id"), version: t.exposeInt("version") }),
});

const Status = b.enumType("AdminCampaignStatus", { values: CAMPAIGN_STATUSES });

const CampaignRow = b.objectRef<AdminCampaignRow>("AdminCampaignRow").implement({
  fields: (t) => ({
    campaignId: t.exposeInt("campaignId"),
    name: t.exposeString("name", { description: "In the admin's language (Swedish for sv, else Norwegian)" }),
    kind: t.exposeString("kind", { description: "price or cart" }),
    status: t.field({ type: Status, resolve: (r) => r.status }),
    startsAt: t.exposeString("startsAt", { nullable: true }),
    endsAt: t.exposeString("endsAt", { nullable: true }),
    active: t.exposeBoolean("active"),
    markets: t.exposeStringList("marketAliases", { description: "Empty: every market" }),
    productCount: t.exposeInt("productCount", { description: "Products whose prices it reduces" }),
    version: t.exposeInt("version"),
  }),
});
const CampaignPage = b
  .objectRef<{ total: number; campaigns: AdminCampaignRow[] }>("AdminCampaignPage")
  .implement({
    fields: (t) => ({
      total: t.exposeInt("total"),
      campaigns: t.field({ type: [CampaignRow], resolve: (p) => p.campaigns }),
    }),
  });

const Campaign = b.objectRef<AdminCampaignDetail>("AdminCampaign").implement({
  fields: (t) => ({
    campaignId: t.exposeInt("campaignId"),
    kind: t.exposeString("kind", { description: "price or cart" }),
    nbName: t.exposeString("nbName"),
    svName: t.exposeString("svName"),
    nbAlias: t.exposeString("nbAlias", { nullable: true, description: "Its list page: /dc/{alias}" }),
    svAlias: t.exposeString("svAlias", { nullable: true }),
    target: t.exposeString("target", { description: "all, products, categories or brands" }),
    targetIds: t.exposeIntList("targetIds", { description: "Category or brand ids" }),
    articleNumbers: t.exposeStringList("articleNumbers", { description: "The products of target products" }),
    discountType: t.exposeString("discountType", { description: "percent, amount or freeShipping" }),
    discountValue: t.exposeString("discountValue"),
    conditionType: t.exposeString("conditionType", { description: "none, minimumAmount or minimumQuantity" }),
    conditionValue: t.exposeString("conditionValue"),
    markets: t.exposeStringList("marketAliases"),
    startsAt: t.exposeString("startsAt", { nullable: true }),
    endsAt: t.exposeString("endsAt", { nullable: true }),
    startsAtLocal: t.exposeString("startsAtLocal", {
      description: "YYYY-MM-DDTHH:mm, shop time (Europe/Oslo)",
    }),
    endsAtLocal: t.exposeString("endsAtLocal"),
    active: t.exposeBoolean("active"),
    status: t.field({ type: Status, resolve: (c) => c.status }),
    pricesReduced: t.exposeInt("pricesReduced", { description: "SKU prices (per market) it reduces" }),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
  }),
});

const CampaignInputRef = b.inputType("AdminCampaignInput", {
  fields: (t) => ({
    nbName: t.string({ required: true }),
    svName: t.string({ required: true }),
    kind: t.string({ required: true, description: "price or cart" }),
    target: t.string({ description: "all (cart campaigns), products, categories or brands" }),
    targetIds: t.intList({ description: "Category or brand ids" }),
    articleNumbers: t.string({
      description: "Article numbers separated by commas or spaces (target products)",
    }),
    discountType: t.string({ required: true, description: "percent, amount or freeShipping (cart)" }),
    discountValue: t.string({
      description: "Whole percent, or an amount as typed in each market's currency",
    }),
    conditionType: t.string({ description: "Cart campaigns: none, minimumAmount or minimumQuantity" }),
    conditionValue: t.string(),
    markets: t.stringList({ required: true }),
    startsAt: t.string({ description: "YYYY-MM-DDTHH:mm, shop time (Europe/Oslo); empty: now" }),
    endsAt: t.string({ description: "YYYY-MM-DDTHH:mm, shop time; empty: no end" }),
    active: t.boolean({ required: true }),
  }),
});

const cut = (s: string | null | undefined, n: number) => (s == null ? s : s.slice(0, n));
type CampaignArg = {
  nbName: string;
  svName: string;
  kind: string;
  target?: string | null;
  targetIds?: number[] | null;
  articleNumbers?: string | null;
  discountType: string;
  discountValue?: string | null;
  conditionType?: string | null;
  conditionValue?: string | null;
  markets: string[];
  startsAt?: string | null;
  endsAt?: string | null;
  active: boolean;
};
const campaignInput = (i: CampaignArg) => ({
  nbName: cut(i.nbName, 1000),
  svName: cut(i.svName, 1000),
  kind: cut(i.kind, 20),
  target: cut(i.target, 20),
  targetIds: (i.targetIds ?? []).slice(0, 1000),
  articleNumbers: cut(i.articleNumbers, 40_000),
  discountType: cut(i.discountType, 20),
  discountValue: cut(i.discountValue, 40),
  conditionType: cut(i.conditionType, 20),
  conditionValue: cut(i.conditionValue, 40),
  markets: i.markets.slice(0, 20).map((m) => m.slice(0, 20)),
  startsAt: cut(i.startsAt, 40),
  endsAt: cut(i.endsAt, 40),
  active: i.active,
});

b.queryFields((t) => ({
  campaigns: t.field({
    type: CampaignPage,
    description: "Price and cart campaigns, newest first; by status (now) and name",
    args: { status: t.arg({ type: Status }), search: t.arg.string(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "campaigns.read");
      return adminCampaigns(ctx.db, {
        status: args.status ?? null,
        search: args.search?.slice(0, 200) ?? null,
        languageId: languageIdOf(ctx),
        now: new Date(),
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 25),
      });
    },
  }),
  campaign: t.field({
    type: Campaign,
    nullable: true,
    args: { campaignId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "campaigns.read");
      return adminCampaign(ctx.db, args.campaignId);
    },
  }),
}));

b.mutationFields((t) => ({
  createCampaign: t.field({
    type: Saved,
    description:
      "A price or cart campaign; a price campaign reduces the prices in scope at once (from its start)",
    args: { input: t.arg({ type: CampaignInputRef, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "campaigns.edit");
      return answerVersioned(ctx, "campaign", await createCampaign(ctx.db, admin, campaignInput(input)));
    },
  }),
  updateCampaign: t.field({
    type: Saved,
    args: {
      campaignId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: CampaignInputRef, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "campaigns.edit");
      return answerVersioned(
        ctx,
        "campaign",
        await updateCampaign(ctx.db, admin, args.campaignId, args.version, campaignInput(args.input)),
      );
    },
  }),
}));
