import { geinsSdk } from "./geins-sdk.ts";
import { ralphUi } from "./ralph-ui.ts";
import type {
  Area,
  ClientRecord,
  ContextKey,
  ExampleRecord,
  OperationRecord,
  Selection,
  Value,
} from "./types.ts";

export const clients: ClientRecord[] = [ralphUi, geinsSdk];

/** The areas Mili has built: their operations must validate and run (issues 11, 12, 13, 14). */
export const BUILT_AREAS: ReadonlySet<Area> = new Set<Area>([
  "catalog",
  "cart",
  "channel",
  "menu",
  "content",
  "newsletter",
  "reviews",
  "checkout",
  "order",
  "account",
  "back-in-stock",
]);

export function allOperations(): OperationRecord[] {
  return clients.flatMap((c) => c.operations);
}

export function clientOf(op: OperationRecord): ClientRecord {
  const client = clients.find((c) => c.client === op.client);
  if (!client) throw new Error(`no client ${op.client}`);
  return client;
}

export function operation(id: string): OperationRecord {
  const op = allOperations().find((o) => o.id === id);
  if (!op) throw new Error(`no recorded operation ${id}`);
  return op;
}

const INDENT = "  ";

function printValue(v: Value): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(printValue).join(", ")}]`;
  if ("$var" in v && typeof v.$var === "string") return `$${v.$var}`;
  if ("$enum" in v && typeof v.$enum === "string") return v.$enum;
  return `{${Object.entries(v)
    .map(([k, x]) => `${k}: ${printValue(x)}`)
    .join(", ")}}`;
}

function printSelection(select: Selection[], depth: number): string {
  const pad = INDENT.repeat(depth);
  const lines = select.map((s) => {
    if (typeof s === "string") return `${pad}${s}`;
    if ("spread" in s) return `${pad}...${s.spread}`;
    if ("on" in s) return `${pad}...${s.on ? ` on ${s.on}` : ""} ${printSelection(s.select, depth + 1)}`;
    const args = s.args
      ? `(${Object.entries(s.args)
          .map(([k, x]) => `${k}: ${printValue(x)}`)
          .join(", ")})`
      : "";
    const sub = s.select ? ` ${printSelection(s.select, depth + 1)}` : "";
    return `${pad}${s.alias ? `${s.alias}: ` : ""}${s.field}${args}${sub}`;
  });
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth - 1)}}`;
}

function spreads(select: Selection[], into: string[]) {
  for (const s of select) {
    if (typeof s === "string") continue;
    if ("spread" in s) {
      if (!into.includes(s.spread)) into.push(s.spread);
    } else if (s.select) spreads(s.select, into);
  }
}

/** The fragments an operation uses, directly or through other fragments, in order of first use. */
export function fragmentsOf(op: OperationRecord): string[] {
  const client = clientOf(op);
  const names: string[] = [];
  spreads(op.select, names);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const fragment = client.fragments[name];
    if (!fragment) throw new Error(`${op.id}: no fragment ${name}`);
    spreads(fragment.select, names);
  }
  return names;
}

/** The GraphQL document the client sends for this operation: the operation, then the fragments it uses. */
export function buildDocument(op: OperationRecord): string {
  const client = clientOf(op);
  const vars = op.variables.length
    ? `(${op.variables
        .map((v) => `$${v.name}: ${v.type}${v.default !== undefined ? ` = ${printValue(v.default)}` : ""}`)
        .join(", ")})`
    : "";
  const parts = [`${op.type} ${op.name}${vars} ${printSelection(op.select, 1)}`];
  for (const name of fragmentsOf(op)) {
    const f = client.fragments[name];
    if (f) parts.push(`fragment ${name} on ${f.on} ${printSelection(f.select, 1)}`);
  }
  return `${parts.join("\n\n")}\n`;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== "object") node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** The example's variables with its context values filled in; throws when the context lacks one. */
export function variablesOf(
  example: ExampleRecord,
  context: Partial<Record<ContextKey, unknown>> = {},
): Record<string, unknown> {
  const variables = structuredClone(example.variables);
  for (const [path, key] of Object.entries(example.context ?? {})) {
    if (!(key in context)) throw new Error(`example "${example.label}" needs ${key}`);
    setPath(variables, path, context[key]);
  }
  for (const [path, value] of Object.entries(example.fixed ?? {})) setPath(variables, path, value);
  return variables;
}
