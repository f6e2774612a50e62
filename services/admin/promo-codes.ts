import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { promoCodes } from "#db/schema/index.ts";
import {
  type CampaignProblem,
  checkPromoCode,
  instantToLocal,
  normalizePromoCode,
  type PromoCodeFields,
  type PromoCodeInput,
} from "#domain/campaign-edit.ts";
import { writeAudit } from "./audit.ts";
import { ruleFields, type VersionedResult } from "./campaigns.ts";
import { catalogChoices } from "./products.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
import { likeContaining } from "./search.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's promo codes (issue 15, decision 0045): the shop's `promo_codes` rows (code, names, the cart's
 * rules, validity, usage limits; `uses` is counted by the checkout and only shown here). A code is unique
 * (upper-cased); a taken one is refused with `codeTaken`. Versioned and audited like campaigns.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function adminPromoCodes(
  db: Database,
  filter: { search?: string | null; active?: boolean | null; languageId: string; skip: number; take: number },
) {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search)
    conditions.push(
      sql`(${promoCodes.code} ilike ${likeContaining(search)} or ${promoCodes.names}::text ilike ${likeContaining(search)})`,
    );
  if (filter.active != null) conditions.push(eq(promoCodes.active, filter.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    promoCodes: rows.map((r) => ({
      promoCodeId: r.id,
      code: r.code,
      name: r.names[filter.languageId] ?? r.names["nb-NO"] ?? "",
      validFrom: iso(r.validFrom),
      validTo: iso(r.validTo),
      uses: r.uses,
      maxUses: r.maxUses,
      active: r.active,
    })),
  };
}

export type AdminPromoCodeRow = Awaited<ReturnType<typeof adminPromoCodes>>["promoCodes"][number];

export async function adminPromoCode(db: Database, id: number) {
  const [r] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!r) return null;
  const amounts = [...r.actions, ...r.conditions].flatMap((rule) =>
    rule.args && typeof rule.args === "object" && !Array.isArray(rule.args) ? Object.keys(rule.args) : [],
  );
  const { markets } = await catalogChoices(db, "nb-NO");
  return {
    promoCodeId: r.id,
    code: r.code,
    nbName: r.names["nb-NO"] ?? "",
    svName: r.names["sv-SE"] ?? "",
    ...ruleFields(r.actions, r.conditions),
    // The markets whose currency its amounts name (every market when it has no amount).
    marketAliases: markets
      .filter((m) => amounts.length === 0 || amounts.includes(m.currencyCode))
      .map((m) => m.alias),
    validFromLocal: r.validFrom ? instantToLocal(r.validFrom) : "",
    validToLocal: r.validTo ? instantToLocal(r.validTo) : "",
    maxUses: r.maxUses === null ? "" : String(r.maxUses),
    maxUsesPerCustomer: r.maxUsesPerCustomer === null ? "" : String(r.maxUsesPerCustomer),
    uses: r.uses,
    active: r.active,
    version: r.version,
  };
}

export type AdminPromoCodeDetail = NonNullable<Awaited<ReturnType<typeof adminPromoCode>>>;

function view(f: {
  code: string;
  names: Record<string, string>;
  conditions: unknown;
  actions: unknown;
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
}) {
  return {
    code: f.code,
    "nb.name": f.names["nb-NO"] ?? null,
    "sv.name": f.names["sv-SE"] ?? null,
    conditions: f.conditions,
    actions: f.actions,
    validFrom: iso(f.validFrom),
    validTo: iso(f.validTo),
    maxUses: f.maxUses,
    maxUsesPerCustomer: f.maxUsesPerCustomer,
    active: f.active,
  };
}

async function checked(t: Database, input: PromoCodeInput, id: number | null) {
  const { markets } = await catalogChoices(t, "nb-NO");
  const result = checkPromoCode(input, markets);
  const problems: CampaignProblem[] = result.ok ? [] : [...result.problems];
  // A taken code is told with the other problems (it is the one the form cannot see).
  const code = normalizePromoCode(input.code);
  if (code !== null) {
    const [taken] = await t
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.code, code), id === null ? undefined : ne(promoCodes.id, id)));
    if (taken) problems.unshift({ field: "code", code: "codeTaken" });
  }
  if (problems.length || !result.ok) throw new Refused({ ok: false, refusal: "invalid", problems });
  return result.value;
}

function rowOf(f: PromoCodeFields) {
  return {
    code: f.code,
    names: f.names,
    conditions: f.condition ? [{ code: f.condition.code, args: f.condition.args }] : [],
    actions: [f.discount],
    validFrom: f.validFrom,
    validTo: f.validTo,
    maxUses: f.maxUses,
    maxUsesPerCustomer: f.maxUsesPerCustomer,
    active: f.active,
  };
}

/** Two saves of one code at once: the unique index decides, and the loser is told the code is taken. */
async function orTaken(work: Promise<VersionedResult>): Promise<VersionedResult> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, refusal: "invalid", problems: [{ field: "code", code: "codeTaken" }] };
    throw error;
  }
}

export async function createPromoCode(db: Database, who: AdminPrincipal, input: PromoCodeInput) {
  return orTaken(
    refusable<VersionedResult>(db, async (t) => {
      const row = rowOf(await checked(t, input, null));
      const [inserted] = await t.insert(promoCodes).values(row).returning({ id: promoCodes.id });
      if (!inserted) throw new Error("promo code not inserted");
      await writeAudit(t, who, {
        action: "promoCode.create",
        entity: "promoCode",
        entityId: inserted.id,
        after: { ...view(row), version: 1 },
      });
      return { ok: true, id: inserted.id, version: 1 };
    }),
  );
}

export async function updatePromoCode(
  db: Database,
  who: AdminPrincipal,
  id: number,
  version: number,
  input: PromoCodeInput,
) {
  return orTaken(
    refusable<VersionedResult>(db, async (t) => {
      const [current] = await t.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
      if (!current) throw new Refused({ ok: false, refusal: "notFound" });
      await refuseStale(t, "promoCode", id, current.version, version);
      const row = rowOf(await checked(t, input, id));
      const next = version + 1;
      await t
        .update(promoCodes)
        .set({ ...row, version: next })
        .where(eq(promoCodes.id, id));
      await writeAudit(t, who, {
        action: "promoCode.update",
        entity: "promoCode",
        entityId: id,
        before: { ...view(current), version },
        after: { ...view(row), version: next },
      });
      return { ok: true, id, version: next };
    }),
  );
}
