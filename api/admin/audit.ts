import { type AuditFilter, auditCount, auditEntries, auditFacets } from "#services/admin/audit.ts";
import { adminBuilder as b } from "./builder.ts";
import { allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

/**
 * The audit log (issue 15 "an audit log of every change", decision 0053): read by the owner, filtered by admin,
 * entity, action and time, newest first, a page at a time.
 */
const MAX_TAKE = 100;

type AuditRow = Awaited<ReturnType<typeof auditEntries>>[number];
const AuditEntry = b.objectRef<AuditRow>("AuditEntry").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    actor: t.exposeString("actor"),
    action: t.exposeString("action"),
    entity: t.exposeString("entity"),
    entityId: t.exposeString("entityId", { nullable: true }),
    before: t.string({
      nullable: true,
      description: "JSON",
      resolve: (e) => (e.before == null ? null : JSON.stringify(e.before)),
    }),
    after: t.string({
      nullable: true,
      description: "JSON",
      resolve: (e) => (e.after == null ? null : JSON.stringify(e.after)),
    }),
    at: t.string({ resolve: (e) => new Date(e.at).toISOString() }),
  }),
});

const AuditPage = b.objectRef<{ total: number; entries: AuditRow[] }>("AuditPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    entries: t.field({ type: [AuditEntry], resolve: (p) => p.entries }),
  }),
});

const AuditFacets = b
  .objectRef<{ actors: string[]; entities: string[]; actions: string[] }>("AuditFacets")
  .implement({
    fields: (t) => ({
      actors: t.exposeStringList("actors"),
      entities: t.exposeStringList("entities"),
      actions: t.exposeStringList("actions"),
    }),
  });

function instant(name: string, value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (value.length > 40 || Number.isNaN(date.getTime()))
    throw adminError("BAD_USER_INPUT", `${name} must be a date or an ISO 8601 time`, { field: name });
  return date;
}

const filterArgs = b.args((t) => ({
  actor: t.string({ description: "The admin's e-mail, exactly" }),
  entity: t.string(),
  entityId: t.string({ description: "With entity: one entity's changes" }),
  action: t.string(),
  from: t.string({ description: "From this time (ISO 8601), inclusive" }),
  to: t.string({ description: "To this time (ISO 8601), exclusive" }),
  skip: t.int(),
  take: t.int(),
}));

type FilterArgs = {
  actor?: string | null;
  entity?: string | null;
  entityId?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
};
function filterOf(args: FilterArgs): AuditFilter {
  const cut = (v: string | null | undefined) => v?.trim().slice(0, 200) || null;
  return {
    actor: cut(args.actor)?.toLowerCase() ?? null,
    entity: cut(args.entity),
    entityId: cut(args.entityId),
    action: cut(args.action),
    from: instant("from", args.from),
    to: instant("to", args.to),
  };
}

b.queryFields((t) => ({
  auditLog: t.field({
    type: [AuditEntry],
    description: "The newest changes first (owner only)",
    args: filterArgs,
    resolve: (_r, args, ctx) => {
      allow(ctx, "audit.read");
      return auditEntries(ctx.db, {
        ...filterOf(args),
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 50),
      });
    },
  }),
  auditPage: t.field({
    type: AuditPage,
    description: "A page of the audit log, newest first, with how many entries match (owner only)",
    args: filterArgs,
    resolve: async (_r, args, ctx) => {
      allow(ctx, "audit.read");
      const filter = filterOf(args);
      const [total, entries] = await Promise.all([
        auditCount(ctx.db, filter),
        auditEntries(ctx.db, {
          ...filter,
          skip: intIn("skip", args.skip, 0, 1_000_000, 0),
          take: intIn("take", args.take, 1, MAX_TAKE, 50),
        }),
      ]);
      return { total, entries };
    },
  }),
  auditFacets: t.field({
    type: AuditFacets,
    description: "The admins, entities and actions the audit log holds (the screen's filter choices)",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "audit.read");
      return auditFacets(ctx.db);
    },
  }),
}));
