import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLSchema } from "graphql";
import { allOperations, BUILT_AREAS, buildDocument, operation } from "../tests/compat/geins/build.ts";
import { type Cause, checkOperation, type OperationCheck } from "../tests/compat/geins/check.ts";
import { renamedSchema } from "../tests/compat/geins/renames.ts";

/**
 * How far Mili's schema is from the Geins clients (issue 11): validates every recorded operation of
 * geins-io/ralph-ui and geins-io/geins-sdk (tests/compat/geins/) against schema.graphql and prints the valid
 * count per client and per area, then every error grouped by cause. A second part does the same against
 * schema.graphql with the planned type renames applied (tests/compat/geins/renames.ts): what is left there is
 * the work beyond renaming.
 *
 *   node scripts/geins-compat.ts            the report
 *   node scripts/geins-compat.ts --today    only the first part
 *   node scripts/geins-compat.ts --json     the checks as JSON
 *   node scripts/geins-compat.ts --op ralph-ui/categories   one operation's document and errors
 */
const sdl = readFileSync(new URL("../schema.graphql", import.meta.url), "utf8");
const args = process.argv.slice(2);
const out = (line = "") => process.stdout.write(`${line}\n`);

function run(schema: GraphQLSchema): OperationCheck[] {
  return allOperations().map((op) => checkOperation(schema, op));
}

function tally(checks: OperationCheck[], keyOf: (c: OperationCheck) => string) {
  const rows = new Map<string, { valid: number; total: number }>();
  for (const c of checks) {
    const row = rows.get(keyOf(c)) ?? { valid: 0, total: 0 };
    row.total++;
    if (c.valid) row.valid++;
    rows.set(keyOf(c), row);
  }
  return rows;
}

function report(title: string, checks: OperationCheck[]) {
  out(`## ${title}`);
  out();
  const valid = checks.filter((c) => c.valid).length;
  out(`Valid: ${valid} of ${checks.length}`);
  for (const [client, row] of tally(checks, (c) => c.op.client))
    out(`  ${client}: ${row.valid} of ${row.total}`);
  const built = checks.filter((c) => BUILT_AREAS.has(c.op.area));
  out(`In the areas Mili has built: ${built.filter((c) => c.valid).length} of ${built.length}`);
  for (const [area, row] of [...tally(checks, (c) => c.op.area)].sort(([a], [b]) => a.localeCompare(b))) {
    out(`  ${area}${BUILT_AREAS.has(area as never) ? "" : " (not built)"}: ${row.valid} of ${row.total}`);
  }
  const runnable = built.filter((c) => c.valid && c.examples.every((e) => e.problems.length === 0));
  out(`Built areas, valid with every example's variables too: ${runnable.length} of ${built.length}`);
  out(
    `Valid operations: ${
      checks
        .filter((c) => c.valid)
        .map((c) => c.op.id)
        .join(", ") || "none"
    }`,
  );
  out();

  // cause → key → operation ids
  const groups = new Map<Cause, Map<string, Set<string>>>();
  const add = (cause: Cause, key: string, id: string) => {
    const byKey = groups.get(cause) ?? new Map<string, Set<string>>();
    const ids = byKey.get(key) ?? new Set<string>();
    ids.add(id);
    byKey.set(key, ids);
    groups.set(cause, byKey);
  };
  for (const c of checks) {
    for (const p of c.problems) add(p.cause, p.key, c.op.id);
    for (const e of c.examples) for (const p of e.problems) add(p.cause, p.key, `${c.op.id} [${e.label}]`);
  }
  const causes = [...groups].sort(([, a], [, b]) => count(b) - count(a));
  out("Errors by cause (operations affected; [example] for a variable value):");
  for (const [cause, byKey] of causes) {
    out();
    out(`### ${cause}: ${byKey.size} distinct, ${count(byKey)} operations`);
    for (const [key, ids] of [...byKey].sort(([a, x], [b, y]) => y.size - x.size || a.localeCompare(b))) {
      out(`- ${key} (${ids.size}): ${[...ids].join(", ")}`);
    }
  }
  out();
}

function count(byKey: Map<string, Set<string>>) {
  return new Set([...byKey.values()].flatMap((ids) => [...ids].map((id) => id.replace(/ \[.*\]$/, "")))).size;
}

const one = args.indexOf("--op");
if (one >= 0) {
  const op = operation(args[one + 1] ?? "");
  out(buildDocument(op));
  for (const [title, schema] of [
    ["schema.graphql", buildSchema(sdl)],
    ["after the renames", renamedSchema(sdl)],
  ] as const) {
    const check = checkOperation(schema, op);
    out(`${title}: ${check.valid ? "valid" : "invalid"}`);
    for (const p of check.problems) out(`  ${p.cause}: ${p.message}`);
    for (const e of check.examples)
      for (const p of e.problems) out(`  [${e.label}] ${p.cause}: ${p.message}`);
  }
} else if (args.includes("--json")) {
  const simplify = (checks: OperationCheck[]) =>
    checks.map((c) => ({
      id: c.op.id,
      area: c.op.area,
      valid: c.valid,
      problems: c.problems,
      examples: c.examples,
    }));
  out(
    JSON.stringify(
      { today: simplify(run(buildSchema(sdl))), afterRenames: simplify(run(renamedSchema(sdl))) },
      null,
      2,
    ),
  );
} else {
  out("# Geins client operations against Mili's schema");
  out();
  report("Against schema.graphql", run(buildSchema(sdl)));
  if (!args.includes("--today")) report("After the planned renames (renames.ts)", run(renamedSchema(sdl)));
}
