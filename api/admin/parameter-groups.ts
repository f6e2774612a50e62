import { extrasProblemText } from "#domain/product-extras.ts";
import {
  adminParameterGroups,
  createParameterGroup,
  deleteParameterGroup,
  type GroupResult,
  moveParameter,
  moveParameterGroup,
  renameParameterGroup,
} from "#services/admin/product-extras/parameter-groups.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * Parameter groups (decision 0064): the headings of the storefront's specification table. Reading: every role
 * (`catalog.read`); changing: owner and staff (`catalog.edit`), each change of a group with the version its form
 * read. A refused change answers BAD_USER_INPUT with `problems` (field, stable code, text in the admin's language),
 * IN_USE (a delete of a group that holds parameters; `products`: the rows), VERSION_CONFLICT with `version` and
 * `changes`, or NOT_FOUND — and changes nothing.
 */
type Row = Awaited<ReturnType<typeof adminParameterGroups>>[number];

const GroupParameter = b.objectRef<Row["parameters"][number]>("AdminParameterGroupParameter").implement({
  fields: (t) => ({
    identifier: t.exposeString("identifier"),
    products: t.exposeInt("products", { description: "Products with this parameter in the group" }),
  }),
});

const GroupRow = b.objectRef<Row>("AdminParameterGroupRow").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    nb: t.exposeString("nb", { description: "The name in Norwegian" }),
    sv: t.exposeString("sv", { description: "The name in Swedish" }),
    version: t.exposeInt("version"),
    used: t.exposeInt("used", {
      description: "Product parameter rows (per language and value) in the group",
    }),
    parameters: t.field({ type: [GroupParameter], resolve: (g) => g.parameters }),
  }),
});

const Saved = b
  .objectRef<{ id: number; version: number; moved: number }>("AdminParameterGroupSaved")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      version: t.exposeInt("version"),
      moved: t.exposeInt("moved", { description: "Products whose parameter moved (moveParameter)" }),
    }),
  });

const STALE = {
  en: "Someone else changed this parameter group since you opened it.",
  sv: "Någon annan har ändrat parametergruppen sedan du öppnade den.",
  nb: "Noen andre har endret parametergruppen siden du åpnet den.",
} as const;

const cut = (s: string | null | undefined, n: number) => (s == null ? s : s.slice(0, n));

function answer(ctx: AdminContext, result: GroupResult) {
  if (result.ok) return { id: result.id, version: result.version, moved: result.moved ?? 0 };
  const lang = ctx.admin?.language ?? "en";
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", "No such parameter group");
  if (result.refusal === "stale")
    throw adminError("VERSION_CONFLICT", STALE[lang], { version: result.version, changes: result.changes });
  const problems = result.problems.map((p) => ({ ...p, message: extrasProblemText(p, lang) }));
  const inUse = problems.find((p) => p.code === "inUse");
  if (inUse) throw adminError("IN_USE", inUse.message, { products: inUse.max ?? 0, problems });
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

b.queryFields((t) => ({
  parameterGroups: t.field({
    type: [GroupRow],
    description: "The parameter groups in the storefront's order, with the parameters in each",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "catalog.read");
      return adminParameterGroups(ctx.db);
    },
  }),
}));

b.mutationFields((t) => ({
  createParameterGroup: t.field({
    type: Saved,
    description: "A new parameter group named in nb and sv, last in the order",
    args: { nb: t.arg.string(), sv: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await createParameterGroup(ctx.db, admin, { nb: cut(args.nb, 1000), sv: cut(args.sv, 1000) }),
      );
    },
  }),
  renameParameterGroup: t.field({
    type: Saved,
    args: {
      id: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      nb: t.arg.string(),
      sv: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await renameParameterGroup(ctx.db, admin, args.id, args.version, {
          nb: cut(args.nb, 1000),
          sv: cut(args.sv, 1000),
        }),
      );
    },
  }),
  moveParameterGroup: t.field({
    type: Saved,
    description: "Moves a group one place up or down in the storefront's order",
    args: {
      id: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      up: t.arg.boolean({ required: true, description: "true: one place up; false: one place down" }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await moveParameterGroup(ctx.db, admin, args.id, args.version, args.up ? "up" : "down"),
      );
    },
  }),
  deleteParameterGroup: t.field({
    type: Saved,
    description: "Deletes a group that holds no product's parameter (never group 1, the colour group)",
    args: { id: t.arg.int({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(ctx, await deleteParameterGroup(ctx.db, admin, args.id, args.version));
    },
  }),
  moveParameter: t.field({
    type: Saved,
    description:
      "Moves a parameter (every product's rows of an identifier) from one group to another; each product's version is raised",
    args: {
      identifier: t.arg.string({ required: true }),
      fromGroupId: t.arg.int({ required: true }),
      fromVersion: t.arg.int({ required: true }),
      toGroupId: t.arg.int({ required: true }),
      toVersion: t.arg.int({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await moveParameter(ctx.db, admin, { ...args, identifier: args.identifier.slice(0, 200) }),
      );
    },
  }),
}));
