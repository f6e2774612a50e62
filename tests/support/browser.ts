import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
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

/**
 * What the pages of a context did, newest last, for the report of a failed test: navigations, requests with their
 * status and time, failed requests, console messages and uncaught errors. A failure in CI can then be read from the
 * log (was the click a native form post? did the request answer, and how fast? did React log a hydration error?).
 */
export interface PageJournal {
  /** The lines kept (at most `keep`), each with its milliseconds since the journal began. */
  lines(): string[];
  /** Requests sent and not answered yet. */
  pending(): string[];
}

export function journal(context: BrowserContext, keep = 60): PageJournal {
  const started = Date.now();
  const kept: string[] = [];
  const add = (line: string) => {
    kept.push(`+${String(Date.now() - started).padStart(6)} ms ${line}`);
    if (kept.length > keep) kept.shift();
  };
  const short = (url: string) => {
    if (!URL.canParse(url)) return url.slice(0, 160);
    const u = new URL(url);
    return u.protocol === "data:" ? "data:…" : `${u.pathname}${u.search}`.slice(0, 160);
  };
  // Documents, fetches and posts; a page's images, scripts and styles only when they fail (they would crowd out the rest).
  const quiet = new Set(["image", "font", "stylesheet", "script", "manifest", "media", "other"]);
  const sent = new Map<object, { at: number; what: string }>();
  context.on("request", (request) => {
    if (quiet.has(request.resourceType())) return;
    const what = `${request.method()} ${short(request.url())}${request.isNavigationRequest() ? " (navigation)" : ""}`;
    sent.set(request, { at: Date.now(), what });
  });
  context.on("requestfinished", async (request) => {
    const start = sent.get(request);
    sent.delete(request);
    const response = await request.response().catch(() => null);
    if (!start && (response?.status() ?? 0) < 400) return;
    add(
      `${start?.what ?? short(request.url())} → ${response?.status() ?? "?"} in ${start ? Date.now() - start.at : "?"} ms`,
    );
  });
  context.on("requestfailed", (request) => {
    const start = sent.get(request);
    sent.delete(request);
    add(`${start?.what ?? short(request.url())} failed: ${request.failure()?.errorText ?? "?"}`);
  });
  const watch = (page: Page) => {
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) add(`navigated to ${short(frame.url())}`);
    });
    page.on("console", (message) => add(`console.${message.type()}: ${message.text().slice(0, 300)}`));
    page.on("pageerror", (error) => add(`page error: ${error.message.slice(0, 300)}`));
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return {
    lines: () => [...kept],
    pending: () => [...sent.values()].map(({ at, what }) => `${what} (sent ${Date.now() - at} ms ago)`),
  };
}

/**
 * The page as a failed test left it, for the log: its address, its alerts and notifications, React Router's state
 * and the deferred parts still to hydrate, the requests in flight and the journal's lines. Bounded: a page that
 * does not answer within 5 s is reported as such.
 */
export async function describePage(page: Page, record: PageJournal): Promise<string> {
  const state = await Promise.race([
    page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)].map((e) => (e.textContent ?? "").trim().slice(0, 200));
        const router = (
          window as {
            __reactRouterDataRouter?: {
              state: {
                initialized: boolean;
                navigation: { state: string };
                revalidation: string;
                fetchers: Map<string, { state: string }>;
              };
            };
          }
        ).__reactRouterDataRouter?.state;
        return {
          title: document.title,
          alerts: texts('[role="alert"]').filter(Boolean),
          notifications: texts("[data-notification]"),
          status: texts('[role="status"]').filter(Boolean),
          router: router
            ? {
                initialized: router.initialized,
                navigation: router.navigation.state,
                revalidation: router.revalidation,
                fetchers: [...router.fetchers.values()].map((f) => f.state),
              }
            : null,
          deferred: (window as { __miliDeferred?: number }).__miliDeferred ?? null,
        };
      })
      .catch((error: unknown) => `the page could not be read: ${String(error)}`),
    new Promise<string>((done) => setTimeout(() => done("the page did not answer within 5 s"), 5_000)),
  ]);
  return [
    `url: ${page.url()}`,
    `state: ${typeof state === "string" ? state : JSON.stringify(state)}`,
    `requests in flight: ${JSON.stringify(record.pending())}`,
    "journal:",
    ...record.lines().map((line) => `  ${line}`),
  ].join("\n");
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
  let record: PageJournal | undefined;

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
    record = journal(context);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    const found = errors?.list ?? [];
    // A failed test's page, as it was left, goes to the log (CI's summary prints these blocks, .ci/run); so does
    // the page of a test that passed but logged errors, which the check below fails.
    const failed = task.result?.state === "fail";
    if ((failed || found.length > 0) && page && record) {
      const error = task.result?.errors?.[0];
      const why = failed
        ? `${error?.name ?? "Error"}: ${error?.message ?? "?"}`.split("\n").slice(0, 4).join("\n")
        : `unexpected console errors or page errors:\n${found.map((e) => `  ${e.slice(0, 400)}`).join("\n")}`;
      process.stdout.write(
        `browser state at failure: ${task.name} (try ${(task.result?.retryCount ?? 0) + 1})\n${why}\n${await describePage(page, record)}\nend of browser state\n`,
      );
    }
    await context?.close();
    context = undefined;
    page = undefined;
    errors = undefined;
    record = undefined;
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
/**
 * Scrolls a product page to a place the browser fills when the shopper nears it — its related and recommended
 * products (`suggestions`, decision 0089) or its price history (`price-history`, decision 0094): they are not in the
 * page's HTML — and waits until what belongs there has come.
 */
export async function nearPlace(page: Page, place: "suggestions" | "price-history"): Promise<void> {
  await page.locator(`[data-${place}]`).evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.locator(`[data-${place}="loaded"]`).waitFor({ state: "attached" });
}

/**
 * Clicks an element far down a page once it has stopped moving. Below the fold, product cards and the page's lower
 * sections skip their rendering until they come near the viewport (`content-visibility: auto`, decision 0075), with
 * a reserved height that is a guess. A jump to an element (Playwright scrolls it into view before a click) makes the
 * rows around it render for the first time, and each takes its real height (a list's last row: 404 px reserved,
 * 382 px real) two or three frames after the scroll: what is below moves by the difference. Playwright's own check
 * (the same box in two consecutive frames) can pass before that, and its click then lands where the element was
 * (decision 0081: the card's "add to cart" and "show more products" clicks that did nothing). So: into view, then
 * wait until the box has been the same for four frames in a row, then click.
 */
export async function clickWhenStill(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate(async (element) => {
    let last = "";
    let still = 0;
    for (let frame = 0; frame < 120 && still < 4; frame++) {
      await new Promise((next) => requestAnimationFrame(next));
      const box = element.getBoundingClientRect();
      const now = `${box.top} ${box.left} ${box.width} ${box.height}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
  await target.click();
}

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
