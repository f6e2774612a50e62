import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

/** One axe rule violation (with the page nodes that break it). */
export type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/**
 * The Chromium the tests drive: CHROME_PATH; else Debian's old headless shell (package chromium-headless-shell),
 * which renders pages with the same engine but without the full browser's UI processes: it spends about 40 % of
 * the CPU the full browser does for the same page loads (12 loads of the home and a product page: 9–11 s against
 * 25 s of machine CPU), and the browser tests are CPU-bound on a two-core machine; else the full /usr/bin/chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
}
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Launches the system Chromium (see chromiumPath), with extra arguments when given. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** Errors a page reported: `console.error` messages and uncaught page errors. */
export interface PageErrors {
  list: string[];
  /** Lets messages matching the pattern through, for this test only (e.g. the 404 a not-found page causes). */
  allow(pattern: RegExp): void;
}

/** Collects every `console.error` and uncaught error of the page (and of pages it opens later in the context). */
export function watchErrors(context: BrowserContext): PageErrors {
  const allowed: RegExp[] = [];
  const list: string[] = [];
  const record = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) list.push(text);
  };
  const watch = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error") {
        const { url, lineNumber } = message.location();
        record(`console.error on ${page.url()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
      }
    });
    page.on("pageerror", (error) => record(`page error on ${page.url()}: ${error.stack ?? error.message}`));
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return {
    list,
    allow(pattern) {
      allowed.push(pattern);
    },
  };
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: PageErrors;
}

/**
 * Registers hooks for a test file: one Chromium for the file, a fresh context and page for each test, and a
 * check after each test that the page logged no `console.error` and threw no uncaught error (unless allowed).
 */
export function setupBrowser(contextOptions: BrowserContextOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: PageErrors | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error("Chromium did not start");
    context = await browser.newContext(contextOptions);
    errors = watchErrors(context);
    page = await context.newPage();
  });
  afterEach(async () => {
    const found = errors?.list ?? [];
    await context?.close();
    context = undefined;
    page = undefined;
    errors = undefined;
    expect(found, "unexpected console errors or page errors").toEqual([]);
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };
  return {
    get browser() {
      return need(browser, "browser");
    },
    get context() {
      return need(context, "context");
    },
    get page() {
      return need(page, "page");
    },
    get errors() {
      return need(errors, "errors");
    },
  };
}

/** Runs axe on the page and returns the violations with impact "serious" or "critical". */
export async function axe(page: Page): Promise<AxeViolation[]> {
  // Only the violations are read: axe then skips the node details of passes and incomplete checks (a third
  // less time per page; every rule still runs). Legacy mode runs axe.run in the page itself instead of a partial
  // run per frame finished in a second, new page: half the machine's CPU for the same pages and the same rules
  // (4 pages: 16–18 s → 9 s); it gives up only cross-origin frames, which the shop's pages do not have.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** A readable one-line-per-node summary of axe violations, for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} – ${n.failureSummary ?? v.help}`),
  );
}

/**
 * Waits until the client router has hydrated the page and React has finished the hydration commit (and
 * reported anything it found), and the parts that hydrate later (decision 0060) have hydrated too, so hydration
 * errors cannot slip by and the test drives the enhanced page.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  // The parts that hydrate after the rest (app/components/deferred.tsx: footer, category menu, a product's details).
  await page.waitForFunction(() => ((window as { __miliDeferred?: number }).__miliDeferred ?? 0) === 0);
}
