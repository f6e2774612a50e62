import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { parameterGroups, productParameters, products } from "#db/schema/index.ts";
import {
  checkParameterGroupNames,
  checkParameterMove,
  EXTRAS_LIMITS,
  type ExtrasProblem,
  move,
  parameterGroupDeleteProblem,
} from "#domain/product-extras.ts";
import { type RecordedChange, writeAudit, writeAudits } from "../audit.ts";
import { Refused, refusable, refuseStale } from "../refusal.ts";
import type { AdminPrincipal } from "../users.ts";

/**
 * The parameter groups themselves (decision 0064): the headings of the product page's specification table (spec §3
 * `parameterGroups {name, parameterGroupId, parameters}`, read by services/product-detail.ts in the page's language
 * and in their sort order). Created, renamed in nb and sv, moved up or down, deleted when no product's parameter is in
 * them (never group 1, the colour group), and a parameter (by identifier) moved from one group to another across
 * the catalog. Each change is one transaction: the groups it touches locked (`for update`, in id order), a stale
 * version refused with what changed since, the rule of domain/product-extras.ts, the write, the version raised and
 * one audit entry (entity `parameterGroup`). parameter_groups and product_parameters are among the catalog
 * version's tables (migrations 0004, 0010): product pages and the list index's facets follow at commit.
 */
const LANGS = { nb: "nb-NO", sv: "sv-SE" } as const;
const ENTITY = "parameterGroup";

export type GroupResult =
  | { ok: true; id: number; version: number; moved?: number }
  | { ok: false; refusal: "invalid"; problems: ExtrasProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] };

const invalid = (problems: ExtrasProblem[]) => new Refused({ ok: false, refusal: "invalid", problems });

export interface AdminParameterGroup {
  id: number;
  nb: string;
  sv: string;
  sortOrder: number;
  version: number;
  /** Product parameter rows (one per language and value) in the group. */
  used: number;
  /** The parameters (identifiers) in the group, with how many products have each. */
  parameters: { identifier: string; products: number }[];
}

/** Every parameter group in the storefront's order, with what is in it. */
export async function adminParameterGroups(db: Database): Promise<AdminParameterGroup[]> {
  const [groups, usage] = await Promise.all([
    db.select().from(parameterGroups).orderBy(asc(parameterGroups.sortOrder), asc(parameterGroups.id)),
    db
      .select({
        groupId: productParameters.groupId,
        identifier: productParameters.identifier,
        rows: count(),
        products: sql<number>`count(distinct ${productParameters.productId})::int`,
      })
      .from(productParameters)
      .groupBy(productParameters.groupId, productParameters.identifier)
      .orderBy(asc(productParameters.identifier)),
  ]);
  return groups.map((g) => {
    const mine = usage.filter((u) => u.groupId === g.id);
    return {
      id: g.id,
      nb: g.names[LANGS.nb] ?? "",
      sv: g.names[LANGS.sv] ?? "",
      sortOrder: g.sortOrder,
      version: g.version,
      used: mine.reduce((n, u) => n + Number(u.rows), 0),
      parameters: mine.map((u) => ({ identifier: u.identifier, products: Number(u.products) })),
    };
  });
}

/**
 * Locks the groups (in id order, so two changes cannot deadlock) and answers them in the storefront's order. A
 * change of names, order or versions takes `no key update`: it does not block a product's save writing a parameter
 * into a group (the foreign key's key-share lock), which holds its product row meanwhile (moveParameter waits for
 * that row: a full `update` lock here would deadlock the two). Only a delete takes `update`.
 */
async function lockGroups(t: Database, strength: "update" | "no key update" = "no key update") {
  const rows = await t.select().from(parameterGroups).orderBy(asc(parameterGroups.id)).for(strength);
  return rows.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

async function current(t: Database, rows: { id: number; version: number }[], id: number, version: number) {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Refused({ ok: false, refusal: "notFound" });
  await refuseStale(t, ENTITY, id, row.version, version);
  return row;
}

const namesOf = (names: { nb: string; sv: string }) => ({ [LANGS.nb]: names.nb, [LANGS.sv]: names.sv });

/** A new group, named in nb and sv, last in the order. */
export function createParameterGroup(
  db: Database,
  who: AdminPrincipal,
  input: { nb?: string | null; sv?: string | null },
): Promise<GroupResult> {
  return refusable<GroupResult>(db, async (t) => {
    const checked = checkParameterGroupNames(input);
    if (!checked.ok) throw invalid(checked.problems);
    const rows = await lockGroups(t);
    if (rows.length >= EXTRAS_LIMITS.parameterGroups)
      throw invalid([{ field: "group", code: "tooMany", max: EXTRAS_LIMITS.parameterGroups }]);
    const sortOrder = rows.reduce((max, r) => Math.max(max, r.sortOrder), -1) + 1;
    const [row] = await t
      .insert(parameterGroups)
      .values({ names: namesOf(checked.value), sortOrder })
      .returning({ id: parameterGroups.id });
    if (!row) throw new Error("parameter group not created");
    await writeAudit(t, who, {
      action: "parameterGroup.create",
      entity: ENTITY,
      entityId: row.id,
      before: null,
      after: { "nb.name": checked.value.nb, "sv.name": checked.value.sv, version: 1 },
    });
    return { ok: true, id: row.id, version: 1 };
  });
}

/** Renames a group in nb and sv. */
export function renameParameterGroup(
  db: Database,
  who: AdminPrincipal,
  groupId: number,
  version: number,
  input: { nb?: string | null; sv?: string | null },
): Promise<GroupResult> {
  return refusable<GroupResult>(db, async (t) => {
    const rows = await lockGroups(t);
    const row = await current(t, rows, groupId, version);
    const checked = checkParameterGroupNames(input);
    if (!checked.ok) throw invalid(checked.problems);
    const next = version + 1;
    const old = rows.find((r) => r.id === groupId)?.names ?? {};
    await t
      .update(parameterGroups)
      .set({ names: { ...old, ...namesOf(checked.value) }, version: next })
      .where(eq(parameterGroups.id, row.id));
    await writeAudit(t, who, {
      action: "parameterGroup.update",
      entity: ENTITY,
      entityId: groupId,
      before: { "nb.name": old[LANGS.nb] ?? null, "sv.name": old[LANGS.sv] ?? null, version },
      after: { "nb.name": checked.value.nb, "sv.name": checked.value.sv, version: next },
    });
    return { ok: true, id: groupId, version: next };
  });
}

/**
 * Moves a group one place up or down in the storefront's order (the others keep theirs; the order is written
 * 0…n−1). The moved group's version is raised; the audit entry names its place before and after. A move past the
 * first or last place changes nothing: the version stays and nothing is audited.
 */
export function moveParameterGroup(
  db: Database,
  who: AdminPrincipal,
  groupId: number,
  version: number,
  direction: "up" | "down",
): Promise<GroupResult> {
  return refusable<GroupResult>(db, async (t) => {
    const rows = await lockGroups(t);
    await current(t, rows, groupId, version);
    const from = rows.findIndex((r) => r.id === groupId);
    const order = move(rows, from, direction === "up" ? from - 1 : from + 1);
    // The first group moved up or the last down: nothing changes, so no new version and no audit entry.
    if (order.every((r, i) => r.id === rows[i]?.id)) return { ok: true, id: groupId, version };
    for (const [i, r] of order.entries())
      if (r.sortOrder !== i || r.id === groupId)
        await t
          .update(parameterGroups)
          .set(r.id === groupId ? { sortOrder: i, version: version + 1 } : { sortOrder: i })
          .where(eq(parameterGroups.id, r.id));
    const to = order.findIndex((r) => r.id === groupId);
    await writeAudit(t, who, {
      action: "parameterGroup.move",
      entity: ENTITY,
      entityId: groupId,
      before: { position: from + 1, version },
      after: { position: to + 1, version: version + 1 },
    });
    return { ok: true, id: groupId, version: version + 1 };
  });
}

/** Deletes a group no product's parameter is in (never the colour group); else refuses with how many rows use it. */
export function deleteParameterGroup(
  db: Database,
  who: AdminPrincipal,
  groupId: number,
  version: number,
): Promise<GroupResult> {
  return refusable<GroupResult>(db, async (t) => {
    const rows = await lockGroups(t, "update");
    await current(t, rows, groupId, version);
    // A product saving a parameter into this group meanwhile waits for the group's row lock (the foreign key's
    // key-share lock), so the count holds until commit.
    const [used] = await t
      .select({ n: count() })
      .from(productParameters)
      .where(eq(productParameters.groupId, groupId));
    const problem = parameterGroupDeleteProblem(groupId, Number(used?.n ?? 0));
    if (problem) throw invalid([problem]);
    const old = rows.find((r) => r.id === groupId)?.names ?? {};
    await t.delete(parameterGroups).where(eq(parameterGroups.id, groupId));
    await writeAudit(t, who, {
      action: "parameterGroup.delete",
      entity: ENTITY,
      entityId: groupId,
      before: { "nb.name": old[LANGS.nb] ?? null, "sv.name": old[LANGS.sv] ?? null, version },
      after: null,
    });
    return { ok: true, id: groupId, version };
  });
}

/**
 * Moves a parameter (every product's rows of one identifier) from one group to another. Both groups are locked
 * and checked by version; each product changed has its version raised (a product form opened before is then stale
 * and says so) and the move is one audit entry on the group it left, with the products' count.
 */
export function moveParameter(
  db: Database,
  who: AdminPrincipal,
  input: {
    identifier: string;
    fromGroupId: number;
    fromVersion: number;
    toGroupId: number;
    toVersion: number;
  },
): Promise<GroupResult> {
  return refusable<GroupResult>(db, async (t) => {
    const checked = checkParameterMove(input);
    if (!checked.ok) throw invalid(checked.problems);
    const rows = await lockGroups(t);
    await current(t, rows, input.fromGroupId, input.fromVersion);
    if (!rows.some((r) => r.id === input.toGroupId))
      throw invalid([{ field: "toGroupId", code: "unknownChoice" }]);
    await current(t, rows, input.toGroupId, input.toVersion);
    const where = and(
      eq(productParameters.groupId, checked.value.fromGroupId),
      eq(productParameters.identifier, checked.value.identifier),
    );
    const touched = await t
      .selectDistinct({ id: productParameters.productId })
      .from(productParameters)
      .where(where)
      .orderBy(asc(productParameters.productId));
    if (touched.length === 0) throw invalid([{ field: "identifier", code: "unknownChoice" }]);
    const ids = touched.map((p) => p.id);
    // The products' rows in id order, as every product change locks them.
    const locked = await t
      .select({ id: products.id, version: products.version })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for("update");
    // Only the products locked and audited (a product saved meanwhile keeps its own rows where it put them).
    await t
      .update(productParameters)
      .set({ groupId: checked.value.toGroupId })
      .where(and(where, inArray(productParameters.productId, ids)));
    await t
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(products.id, ids));
    const field = `parameter.${checked.value.identifier}.group`;
    await writeAudits(
      t,
      who,
      locked.map((p) => ({
        action: "product.parameters.group",
        entity: "product",
        entityId: p.id,
        before: { [field]: input.fromGroupId, version: p.version },
        after: { [field]: input.toGroupId, version: p.version + 1 },
      })),
    );
    const fromNext = input.fromVersion + 1;
    for (const [id, v] of [
      [input.fromGroupId, fromNext],
      [input.toGroupId, input.toVersion + 1],
    ] as const)
      await t.update(parameterGroups).set({ version: v }).where(eq(parameterGroups.id, id));
    // One entry on each group (a form open on either is stale and says why), with the products' count.
    await writeAudits(
      t,
      who,
      (
        [
          [input.fromGroupId, input.fromVersion, "out"],
          [input.toGroupId, input.toVersion, "in"],
        ] as const
      ).map(([id, v, way]) => ({
        action: "parameterGroup.moveParameter",
        entity: ENTITY,
        entityId: id,
        before: { [field]: input.fromGroupId, version: v },
        after: { [field]: input.toGroupId, products: ids.length, moved: way, version: v + 1 },
      })),
    );
    return { ok: true, id: input.fromGroupId, version: fromNext, moved: ids.length };
  });
}
