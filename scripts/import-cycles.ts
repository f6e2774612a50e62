/**
 * Import circles in the shop's source: groups of modules that import each other, directly or round a ring
 * (Tarjan's strongly connected components over every `import`/`export … from`, type-only imports included —
 * a circle of types ties two rooms together as much as one of values).
 *
 *   node scripts/import-cycles.ts        prints every circle, largest first
 *
 * `tests/architecture/import-cycles.test.ts` keeps the known circles from growing and new ones from appearing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
const FOLDERS = ["app", "server", "api", "services", "integrations", "db", "domain"];
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#server/": "server/",
  "#api/": "api/",
  "#services/": "services/",
  "#integrations/": "integrations/",
  "#db/": "db/",
  "#domain/": "domain/",
};

function sourceFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

function resolveSpecifier(from: string, specifier: string): string | null {
  let target: string | null = null;
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) target = join(ROOT, folder, specifier.slice(alias.length));
  }
  if (!target && specifier.startsWith(".")) target = join(dirname(from), specifier);
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every module's imports of other modules of the shop, by path relative to the repository. */
export function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder), []));
  for (const file of files) {
    const edges = new Set<string>();
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier) continue;
      const target = resolveSpecifier(file, specifier);
      if (target && target !== file) edges.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), edges);
  }
  return graph;
}

/** The circles: strongly connected components of more than one module, each sorted, largest first. */
export function importCycles(graph = importGraph()): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => b.length - a.length || (a[0] as string).localeCompare(b[0] as string));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = importCycles();
  for (const cycle of cycles) console.log(`${cycle.length} modules:\n  ${cycle.join("\n  ")}\n`);
  console.log(`${cycles.length} circles`);
}
