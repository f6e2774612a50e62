import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  campaignProducts,
  campaignTranslations,
  discountCampaigns,
  prices,
  products,
  skus,
} from "#db/schema/index.ts";
import {
  type CampaignFields,
  type CampaignInput,
  type CampaignKind,
  type CampaignProblem,
  type CampaignStatus,
  type CampaignTarget,
  campaignPrice,
  campaignStatus,
  checkCampaign,
  instantToLocal,
  type Rule,
  TARGET_CODES,
} from "#domain/campaign-edit.ts";
import { slugify } from "#domain/ids.ts";
import { minorUnits, toDecimal } from "#domain/money.ts";
import { type RecordedChange, writeAudit } from "./audit.ts";
import { catalogChoices } from "./products.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
import { likeContaining } from "./search.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's campaigns (issue 15, decision 0045): price campaigns (a percent or an amount off the regular
 * price of products, categories or brands, in chosen markets, between two moments) and cart campaigns (a discount on
 * the cart when its requirement holds). They write the shop's own tables: `discount_campaigns` with the rules the
 * cart evaluates (domain/cart.ts), its names per language, and — for a price campaign — the reduced selling prices
 * (`prices.campaign_id`, `reduced_since`) and `campaign_products`, so the storefront applies it by its own rule
 * (mili_price_in_effect: only while the campaign is active and between its start and end) and the catalog version
 * (the triggers of migrations 0004/0010) moves response and page caches at commit. Every change runs in one
 * transaction that locks the row, refuses a stale version with what changed, and writes the audit entry.
 */

export const CAMPAIGN_LANGUAGES = ["nb-NO", "sv-SE"] as const;

export type VersionedResult =
  | { ok: true; id: number; version: number }
  | { ok: false; refusal: "invalid"; problems: CampaignProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------------------------
// Reading.

export interface AdminCampaignFilter {
  status?: CampaignStatus | null;
  search?: string | null;
  languageId: string;
  now: Date;
  skip: number;
  take: number;
}

function statusSql(status: CampaignStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const dc = discountCampaigns;
  switch (status) {
    case "off":
      return sql`not ${dc.active}`;
    case "ended":
      return sql`${dc.active} and ${dc.endsAt} <= ${at}`;
    case "scheduled":
      return sql`${dc.active} and ${dc.startsAt} > ${at} and (${dc.endsAt} is null or ${dc.endsAt} > ${at})`;
    case "running":
      return sql`${dc.active} and (${dc.startsAt} is null or ${dc.startsAt} <= ${at})
        and (${dc.endsAt} is null or ${dc.endsAt} > ${at})`;
  }
}

export async function adminCampaigns(db: Database, filter: AdminCampaignFilter) {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search)
    conditions.push(sql`(${discountCampaigns.key} ilike ${likeContaining(search)} or exists (select 1 from campaign_translations ct
      where ct.campaign_id = ${discountCampaigns.id} and ct.name ilike ${likeContaining(search)}))`);
  if (filter.status) conditions.push(statusSql(filter.status, filter.now));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        campaignId: discountCampaigns.id,
        key: discountCampaigns.key,
        name: sql<string | null>`${campaignTranslations.name}`,
        discountType: discountCampaigns.discountType,
        startsAt: discountCampaigns.startsAt,
        endsAt: discountCampaigns.endsAt,
        active: discountCampaigns.active,
        marketAliases: discountCampaigns.marketAliases,
        productCount: sql<number>`(select count(*) from campaign_products cp where cp.campaign_id = ${discountCampaigns.id})::int`,
        version: discountCampaigns.version,
      })
      .from(discountCampaigns)
      .leftJoin(
        campaignTranslations,
        and(
          eq(campaignTranslations.campaignId, discountCampaigns.id),
          eq(campaignTranslations.languageId, filter.languageId),
        ),
      )
      .where(where)
      .orderBy(desc(discountCampaigns.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(discountCampaigns).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    campaigns: rows.map((r) => ({
      ...r,
      name: r.name ?? r.key,
      kind: (r.discountType === "CART_CAMPAIGN" ? "cart" : "price") as CampaignKind,
      status: campaignStatus(r, filter.now),
      startsAt: iso(r.startsAt),
      endsAt: iso(r.endsAt),
    })),
  };
}

export type AdminCampaignRow = Awaited<ReturnType<typeof adminCampaigns>>["campaigns"][number];

/** A stored amount per currency as the form shows it, "100" or "99.50" (the first currency's). */
function amountText(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const first = Object.entries(args as Record<string, unknown>).find(([, v]) => typeof v === "number");
  if (!first) return "";
  const [currency, minor] = first as [string, number];
  const digits = minorUnits(currency);
  return toDecimal(minor, currency).toFixed(digits).replace(/\.0+$/, "");
}

/** The form's discount and condition fields of stored rules. */
export function ruleFields(actions: readonly Rule[], conditions: readonly Rule[]) {
  const action = actions[0];
  const condition = conditions.find((c) => c.code === "minimumAmount" || c.code === "minimumQuantity");
  return {
    discountType:
      action?.code === "fixedOff" ? "amount" : action?.code === "freeShipping" ? "freeShipping" : "percent",
    discountValue:
      action?.code === "percentOff"
        ? String(action.args ?? "")
        : action?.code === "fixedOff"
          ? amountText(action.args)
          : "",
    conditionType: condition?.code ?? "none",
    conditionValue:
      condition?.code === "minimumAmount"
        ? amountText(condition.args)
        : condition?.code === "minimumQuantity"
          ? String(condition.args ?? "")
          : "",
  };
}

export async function adminCampaign(db: Database, campaignId: number, now = new Date()) {
  const [row] = await db.select().from(discountCampaigns).where(eq(discountCampaigns.id, campaignId));
  if (!row) return null;
  const [translations, priced] = await Promise.all([
    db.select().from(campaignTranslations).where(eq(campaignTranslations.campaignId, campaignId)),
    db.select({ n: sql<number>`count(*)::int` }).from(prices).where(eq(prices.campaignId, campaignId)),
  ]);
  const scope = row.conditions.find((c) => Object.values(TARGET_CODES).includes(c.code as never));
  const target = (Object.entries(TARGET_CODES).find(([, code]) => code === scope?.code)?.[0] ??
    "all") as CampaignTarget;
  const ids = Array.isArray(scope?.args)
    ? (scope.args as unknown[]).filter((n): n is number => typeof n === "number")
    : [];
  const articleNumbers =
    target === "products" && ids.length
      ? (
          await db
            .select({ articleNumber: products.articleNumber })
            .from(products)
            .where(inArray(products.id, ids))
            .orderBy(asc(products.articleNumber))
        ).map((p) => p.articleNumber)
      : [];
  const name = (languageId: string) => translations.find((t) => t.languageId === languageId);
  return {
    campaignId: row.id,
    key: row.key,
    kind: (row.discountType === "CART_CAMPAIGN" ? "cart" : "price") as CampaignKind,
    nbName: name("nb-NO")?.name ?? "",
    svName: name("sv-SE")?.name ?? "",
    nbAlias: name("nb-NO")?.alias ?? null,
    svAlias: name("sv-SE")?.alias ?? null,
    target,
    targetIds: target === "categories" || target === "brands" ? ids : [],
    articleNumbers,
    ...ruleFields(row.actions, row.conditions),
    marketAliases: row.marketAliases,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    startsAtLocal: row.startsAt ? instantToLocal(row.startsAt) : "",
    endsAtLocal: row.endsAt ? instantToLocal(row.endsAt) : "",
    active: row.active,
    status: campaignStatus(row, now),
    version: row.version,
    pricesReduced: priced[0]?.n ?? 0,
  };
}

export type AdminCampaignDetail = NonNullable<Awaited<ReturnType<typeof adminCampaign>>>;

// ---------------------------------------------------------------------------------------------------------------
// Changing.

/** An alias free in the language (another campaign's is taken: -2, -3, …). */
async function freeAlias(t: Database, languageId: string, name: string, campaignId: number | null) {
  const base = slugify(name);
  const taken = await t
    .select({ alias: campaignTranslations.alias })
    .from(campaignTranslations)
    .where(
      and(
        eq(campaignTranslations.languageId, languageId),
        sql`${campaignTranslations.alias} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        campaignId === null ? undefined : ne(campaignTranslations.campaignId, campaignId),
      ),
    );
  const used = new Set(taken.map((r) => r.alias));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The stored rules of checked fields (product ids resolved from article numbers), or the problems. */
async function rulesOf(t: Database, fields: CampaignFields, problems: CampaignProblem[]) {
  let scopeIds = fields.targetIds;
  if (fields.target === "products") {
    const found = await t
      .select({ id: products.id, articleNumber: products.articleNumber })
      .from(products)
      .where(inArray(products.articleNumber, fields.articleNumbers));
    if (found.length !== fields.articleNumbers.length)
      problems.push({ field: "articleNumbers", code: "unknownChoice" });
    scopeIds = found.map((p) => p.id).sort((a, b) => a - b);
  } else if (fields.target === "categories" || fields.target === "brands") {
    const table = fields.target === "categories" ? "categories" : "brands";
    const known = await t.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where id in (${sql.join(
        scopeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const rows = (Array.isArray(known) ? known : (known as { rows: unknown[] }).rows) as { n: number }[];
    if (Number(rows[0]?.n) !== scopeIds.length) problems.push({ field: "targetIds", code: "unknownChoice" });
  }
  const conditions: { code: string; args: unknown }[] = [];
  if (fields.target !== "all") conditions.push({ code: TARGET_CODES[fields.target], args: scopeIds });
  if (fields.condition) conditions.push({ code: fields.condition.code, args: fields.condition.args });
  return { conditions, actions: fields.keepsPrices ? [] : [fields.discount] };
}

/** The products a scope rule names: by id, brand, or category with its subcategories. */
function scopeProductsSql(scope: Rule | undefined): SQL | null {
  const ids = Array.isArray(scope?.args)
    ? (scope.args as unknown[]).filter((n): n is number => typeof n === "number")
    : [];
  if (!scope || ids.length === 0) return null;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  if (scope.code === "products") return sql`select id from products where id in (${list})`;
  if (scope.code === "inBrands") return sql`select id from products where brand_id in (${list})`;
  if (scope.code === "inCategories")
    return sql`select pc.product_id from product_categories pc where pc.category_id in (
      with recursive tree(id) as (select id from categories where id in (${list})
        union select c.id from categories c join tree on c.parent_id = tree.id)
      select id from tree)`;
  return null;
}

/**
 * Makes the prices follow a price campaign (or releases them when it is none, or a cart campaign): in its markets,
 * each SKU price of the products in scope that sells at its regular price (no reduction of its own or another
 * campaign's) takes the campaign's price (domain/campaign-edit.ts campaignPrice) from the campaign's start; prices
 * it reduced that fall out of scope go back to their regular price. Only rows whose values change are written (each
 * write is logged in price_log by its trigger). Answers how many prices the campaign now reduces.
 */
async function applyPrices(
  t: Database,
  campaignId: number,
  kind: CampaignKind | null,
  conditions: readonly Rule[],
  actions: readonly Rule[],
  marketAliases: readonly string[],
  startsAt: Date | null,
): Promise<number> {
  const scope = scopeProductsSql(
    conditions.find((c) => Object.values(TARGET_CODES).includes(c.code as never)),
  );
  // Whether the campaign aims at the price (its market, its product in scope) and whether the price is free for it.
  const targeted =
    kind === "price" && scope && marketAliases.length
      ? sql`(${inArray(prices.marketAlias, [...marketAliases])} and ${skus.productId} in (${scope}))`
      : sql`false`;
  // Free: at its regular price with no campaign, or held by a campaign that has ended (its end passed: it no longer
  // reduces anything and cannot come back without a new end, so next season's campaign may take the price over). A
  // campaign only switched off keeps its prices (switched on again, they are back).
  const free = sql`((${prices.campaignId} is null and ${prices.sellingMinor} = ${prices.regularMinor})
    or ${prices.campaignId} in (select d.id from discount_campaigns d where d.ends_at <= now() and d.id <> ${campaignId}))`;
  const rows = await t
    .select({
      skuId: prices.skuId,
      marketAlias: prices.marketAlias,
      currencyCode: prices.currencyCode,
      regularMinor: prices.regularMinor,
      sellingMinor: prices.sellingMinor,
      campaignId: prices.campaignId,
      reducedSince: prices.reducedSince,
      targeted: sql<boolean>`${targeted}`,
    })
    .from(prices)
    .innerJoin(skus, eq(skus.id, prices.skuId))
    .where(sql`${prices.campaignId} = ${campaignId} or (${free} and ${targeted})`)
    // The prices are locked, in one order, until the campaign's transaction ends: two campaigns saved at once over
    // the same products, or a merchant's price edit beside it, wait for each other instead of overwriting (a price
    // another campaign took meanwhile is no longer free when the lock is granted, so it is not read).
    .orderBy(prices.skuId, prices.marketAlias)
    .for("update", { of: prices });
  const discount = actions[0];
  const now = new Date();
  const changes: {
    sku_id: number;
    market_alias: string;
    selling: number;
    campaign: number | null;
    since: string | null;
  }[] = [];
  let reduced = 0;
  for (const r of rows) {
    const mine = r.campaignId === campaignId;
    const price = r.targeted && discount ? campaignPrice(r.regularMinor, discount, r.currencyCode) : null;
    if (price === null) {
      if (mine)
        changes.push({
          sku_id: r.skuId,
          market_alias: r.marketAlias,
          selling: r.regularMinor,
          campaign: null,
          since: null,
        });
      continue;
    }
    reduced++;
    // Without a start, a reduction runs from when it was first made.
    const since = startsAt ?? (mine && r.reducedSince ? r.reducedSince : now);
    if (!mine || r.sellingMinor !== price || r.reducedSince?.getTime() !== since.getTime())
      changes.push({
        sku_id: r.skuId,
        market_alias: r.marketAlias,
        selling: price,
        campaign: campaignId,
        since: since.toISOString(),
      });
  }
  if (changes.length)
    await t.execute(sql`update prices p set selling_minor = v.selling, campaign_id = v.campaign,
        reduced_since = v.since, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
        as v(sku_id int, market_alias text, selling int, campaign int, since timestamptz)
      where p.sku_id = v.sku_id and p.market_alias = v.market_alias
        and (p.campaign_id = ${campaignId} or (p.campaign_id is null and p.selling_minor = p.regular_minor)
          or p.campaign_id in (select d.id from discount_campaigns d where d.ends_at <= now() and d.id <> ${campaignId}))`);
  await t.delete(campaignProducts).where(eq(campaignProducts.campaignId, campaignId));
  await t.execute(sql`insert into campaign_products (campaign_id, product_id)
    select distinct ${campaignId}::int, s.product_id from prices p join skus s on s.id = p.sku_id
    where p.campaign_id = ${campaignId}`);
  return reduced;
}

/** The audit's flat view of a campaign. */
function auditView(c: {
  names: Record<string, string>;
  discountType: string;
  conditions: unknown;
  actions: unknown;
  marketAliases: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}) {
  return {
    "nb.name": c.names["nb-NO"] ?? null,
    "sv.name": c.names["sv-SE"] ?? null,
    kind: c.discountType === "CART_CAMPAIGN" ? "cart" : "price",
    conditions: c.conditions,
    actions: c.actions,
    markets: [...c.marketAliases],
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    active: c.active,
  };
}

async function namesOf(t: Database, campaignId: number) {
  const rows = await t
    .select({ languageId: campaignTranslations.languageId, name: campaignTranslations.name })
    .from(campaignTranslations)
    .where(eq(campaignTranslations.campaignId, campaignId));
  return Object.fromEntries(rows.map((r) => [r.languageId, r.name]));
}

async function checked(t: Database, input: CampaignInput, keepPrices = false) {
  const { markets } = await catalogChoices(t, "nb-NO");
  const result = checkCampaign(input, markets, { keepPrices });
  if (!result.ok) throw new Refused({ ok: false, refusal: "invalid", problems: result.problems });
  const problems: CampaignProblem[] = [];
  const rules = await rulesOf(t, result.value, problems);
  if (problems.length) throw new Refused({ ok: false, refusal: "invalid", problems });
  return { fields: result.value, ...rules };
}

async function writeNames(t: Database, campaignId: number, fields: CampaignFields) {
  for (const languageId of CAMPAIGN_LANGUAGES) {
    const name = fields.names[languageId];
    const [existing] = await t
      .select()
      .from(campaignTranslations)
      .where(
        and(eq(campaignTranslations.campaignId, campaignId), eq(campaignTranslations.languageId, languageId)),
      );
    // A renamed campaign keeps its alias (its /dc/ links stay valid).
    if (existing) {
      if (existing.name !== name)
        await t
          .update(campaignTranslations)
          .set({ name })
          .where(
            and(
              eq(campaignTranslations.campaignId, campaignId),
              eq(campaignTranslations.languageId, languageId),
            ),
          );
    } else
      await t
        .insert(campaignTranslations)
        .values({ campaignId, languageId, name, alias: await freeAlias(t, languageId, name, campaignId) });
  }
}

export async function createCampaign(db: Database, who: AdminPrincipal, input: CampaignInput) {
  return refusable<VersionedResult>(db, async (t) => {
    const { fields, conditions, actions } = await checked(t, input);
    const discountType = fields.kind === "cart" ? "CART_CAMPAIGN" : "PRICE_CAMPAIGN";
    const [row] = await t
      .insert(discountCampaigns)
      .values({
        key: `${slugify(fields.names["sv-SE"]).slice(0, 60)}-${randomUUID().slice(0, 8)}`,
        discountType,
        conditions,
        actions,
        marketAliases: fields.marketAliases,
        startsAt: fields.startsAt,
        endsAt: fields.endsAt,
        active: fields.active,
        priority: 100,
      })
      .returning({ id: discountCampaigns.id });
    if (!row) throw new Error("campaign not inserted");
    await writeNames(t, row.id, fields);
    const reduced = await applyPrices(
      t,
      row.id,
      fields.kind,
      conditions,
      actions,
      fields.marketAliases,
      fields.startsAt,
    );
    await writeAudit(t, who, {
      action: "campaign.create",
      entity: "campaign",
      entityId: row.id,
      after: {
        ...auditView({ ...fields, names: fields.names, discountType, conditions, actions }),
        reduced,
        version: 1,
      },
    });
    return { ok: true, id: row.id, version: 1 };
  });
}

export async function updateCampaign(
  db: Database,
  who: AdminPrincipal,
  campaignId: number,
  version: number,
  input: CampaignInput,
) {
  return refusable<VersionedResult>(db, async (t) => {
    const [row] = await t
      .select()
      .from(discountCampaigns)
      .where(eq(discountCampaigns.id, campaignId))
      .for("update");
    if (!row) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "campaign", campaignId, row.version, version);
    const unscoped =
      row.discountType === "PRICE_CAMPAIGN" &&
      !row.conditions.some((c) => Object.values(TARGET_CODES).includes(c.code as never));
    const checkedFields = await checked(t, input, unscoped);
    const { fields } = checkedFields;
    // A price campaign kept as it is (made outside the back office) keeps its rules and prices.
    const conditions = fields.keepsPrices ? row.conditions : checkedFields.conditions;
    const actions = fields.keepsPrices ? row.actions : checkedFields.actions;
    const [priced] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(prices)
      .where(eq(prices.campaignId, campaignId));
    const before = { ...auditView({ ...row, names: await namesOf(t, campaignId) }), reduced: priced?.n ?? 0 };
    const discountType = fields.kind === "cart" ? "CART_CAMPAIGN" : "PRICE_CAMPAIGN";
    const next = version + 1;
    await t
      .update(discountCampaigns)
      .set({
        discountType,
        conditions,
        actions,
        marketAliases: fields.marketAliases,
        startsAt: fields.startsAt,
        endsAt: fields.endsAt,
        active: fields.active,
        version: next,
      })
      .where(eq(discountCampaigns.id, campaignId));
    await writeNames(t, campaignId, fields);
    const reduced = fields.keepsPrices
      ? (priced?.n ?? 0)
      : await applyPrices(
          t,
          campaignId,
          fields.kind,
          conditions,
          actions,
          fields.marketAliases,
          fields.startsAt,
        );
    await writeAudit(t, who, {
      action: "campaign.update",
      entity: "campaign",
      entityId: campaignId,
      before: { ...before, version },
      after: { ...auditView({ ...fields, discountType, conditions, actions }), reduced, version: next },
    });
    return { ok: true, id: campaignId, version: next };
  });
}
