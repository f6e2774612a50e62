import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { messageCatalogs } from "./scripts/message-catalogs.ts";

/**
 * React, React DOM and React Router (with the small packages they bring) are needed by every page and change
 * together, only when they are upgraded: one long-cached chunk instead of five pieces, which means fewer
 * requests on every first visit (a phone on HTTP/1.1 opens six connections) and slightly better compression.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * The storefront's own code in three parts a page loads whole (decision 0076), instead of Rolldown's automatic
 * chunks (one per set of routes sharing a module: 23 scripts before the home page could hydrate, 31 before a
 * product page), because a phone on HTTP/1.1 pays a round trip on one of six connections for each:
 * - `shell`: every module root.tsx and entry.client.tsx import statically (the frame, the cart runtime, the
 *   i18n loader, the client helpers). Every page loads root, so every page needs all of it; no page gets code it
 *   would not have run.
 * - `catalog`: the modules the home or the product page shares with another catalog page (the product grid and
 *   card, prices, stock, money and date formatting, the dialog, SEO helpers). A home page loads a few kB it does
 *   not run at once, but it loaded the product card's chunk anyway while hydrating (its cards), and every other
 *   catalog page needs the rest: fewer requests over the whole load and about the same bytes (bench/README.md).
 *   The list pages' own machinery (filters, pager, list view) stays with the list routes.
 * - `product-page`: the rest of what the product page imports statically. Its own code shares modules with its
 *   deferred details (the engage widgets, price, VAT, latest viewed), which Rolldown would split into four small
 *   chunks by who shares them; here they are one (the route's chunk keeps only the route module).
 * - everything else: Rolldown's automatic splitting by route (a route's own code, the back office, the
 *   checkout, the language catalogs of decision 0036 and the chunks loaded later on demand).
 * Which modules belong is read from the module graph at chunking time (static imports only: a dynamic import
 * stays a chunk of its own), so a new import lands in the right group without a list to keep.
 */
type ModuleInfoOf = (id: string) => {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
} | null;
const at = (path: string) => resolve(import.meta.dirname, path);
const SHELL_ROOTS = [at("app/root.tsx"), at("app/entry.client.tsx")];
const HOME = at("app/routes/home.tsx");
const PRODUCT = at("app/routes/product.tsx");
const CATALOG_PAGES = [
  HOME,
  PRODUCT,
  ...["list", "search", "brands", "content", "news"].map((p) => at(`app/routes/${p}.tsx`)),
];

type Group = "shell" | "catalog" | "product-page";

/** The modules `from` imports statically, directly or through others (with `from` itself). */
function staticClosure(info: ModuleInfoOf, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

/**
 * The modules only the product page uses: reached from its route module (statically or through its deferred
 * parts) and imported by nothing else (a module the product card also imports is not: the home page loads cards).
 */
function productOnly(info: ModuleInfoOf): Set<string> {
  const reach = new Set<string>();
  const queue = [PRODUCT];
  while (queue.length) {
    const id = queue.pop() as string;
    if (reach.has(id)) continue;
    reach.add(id);
    const m = info(id);
    for (const next of [...(m?.importedIds ?? []), ...(m?.dynamicallyImportedIds ?? [])]) queue.push(next);
  }
  reach.delete(PRODUCT);
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of reach) {
      const m = info(id);
      const importers = [...(m?.importers ?? []), ...(m?.dynamicImporters ?? [])];
      if (importers.every((by) => reach.has(by) || by.startsWith(PRODUCT))) continue;
      reach.delete(id);
      changed = true;
    }
  }
  return reach;
}

/** Each module's group; the app's own code only, never a route module itself. */
function storefrontGroups(info: ModuleInfoOf): Map<string, Group> {
  const groups = new Map<string, Group>();
  const own = (id: string) =>
    !id.includes("node_modules") && !SHELL_ROOTS.includes(id) && !CATALOG_PAGES.includes(id);
  for (const id of staticClosure(info, SHELL_ROOTS)) if (own(id)) groups.set(id, "shell");
  const pagesUsing = new Map<string, number>();
  for (const page of CATALOG_PAGES)
    for (const id of staticClosure(info, [page])) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
  const homeOrProduct = staticClosure(info, [HOME, PRODUCT]);
  for (const [id, pages] of pagesUsing)
    if (pages >= 2 && homeOrProduct.has(id) && own(id) && !groups.has(id)) groups.set(id, "catalog");
  const onlyProduct = productOnly(info);
  for (const id of staticClosure(info, [PRODUCT]))
    if (own(id) && !groups.has(id) && onlyProduct.has(id)) groups.set(id, "product-page");
  return groups;
}

/** Computed once per chunking pass: Rolldown reuses the module info objects within a pass. */
const groupsOfPass = new WeakMap<object, Map<string, Group>>();
function storefrontGroupOf(id: string, info: ModuleInfoOf): Group | null {
  const key = info(SHELL_ROOTS[0] as string);
  if (!key) return null;
  let groups = groupsOfPass.get(key);
  if (!groups) {
    groups = storefrontGroups(info);
    groupsOfPass.set(key, groups);
  }
  return groups.get(id) ?? null;
}

/**
 * The chunks a page asks for while it hydrates (decision 0060's deferred parts: the header's search, the footer,
 * product cards, the product details, the checkout form) are preloaded by Vite's helper with `<link
 * rel="modulepreload">` elements it adds itself, which Chromium fetches at High priority — beside the largest
 * image, which may still be loading on a slow phone. They get the low priority the head's own preloads have
 * (app/lib/module-preloads.ts). The helper's code is Vite's; when its shape changes the build says so here, and
 * tests/e2e/performance.test.ts checks the priority every script is fetched with.
 */
function lowPriorityHelperPreloads(): Plugin {
  const marker = 'link.crossOrigin = "";';
  return {
    name: "mili:low-priority-helper-preloads",
    apply: "build",
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code) {
        if (!code.includes(marker)) throw new Error(`Vite's preload helper has changed: no ${marker}`);
        return code.replace(marker, `${marker} if (!isCss) link.fetchPriority = "low";`);
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), messageCatalogs(), lowPriorityHelperPreloads()],
  build: {
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 3 },
                // The shell before the catalog: a group also takes the modules its own import, and the shell's
                // must stay in the shell (every page loads it; the catalog only some).
                {
                  debugName: "shell",
                  name: (id, ctx) =>
                    storefrontGroupOf(id, (m) => ctx.getModuleInfo(m)) === "shell" ? "shell" : null,
                  priority: 2,
                },
                {
                  debugName: "catalog",
                  name: (id, ctx) =>
                    storefrontGroupOf(id, (m) => ctx.getModuleInfo(m)) === "catalog" ? "catalog" : null,
                  priority: 1,
                },
                {
                  debugName: "product-page",
                  name: (id, ctx) =>
                    storefrontGroupOf(id, (m) => ctx.getModuleInfo(m)) === "product-page"
                      ? "product-page"
                      : null,
                },
              ],
            },
          },
        },
      },
    },
  },
});
