import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { checkoutCartIn } from "#tests/support/checkout.ts";
import { serveNshiftSandbox } from "#tests/support/serve.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * A delivery checkout that is down, in the checkout page (decision 0086): the nShift sandbox on its own server is
 * the shop's configured delivery checkout, played down with its failure switch. The shopper who has typed a zip sees
 * the shop's own options and, politely announced in the page's language, that the delivery options could not be
 * fetched, with a "try again" button; with the provider back up, that button (by keyboard) brings its options.
 * With JavaScript in Swedish, without it in Norwegian; axe on the page with the message.
 */

let delivery: Awaited<ReturnType<typeof serveNshiftSandbox>>;
let shop: Shop;
beforeAll(async () => {
  delivery = await serveNshiftSandbox();
  shop = await startShop({ SEED_PRODUCTS: "30", ...delivery.env });
});
afterAll(async () => {
  await shop?.close();
  await delivery?.close();
});
afterEach(() => {
  delivery.sandbox.fail(null);
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

const L = {
  nb: {
    locale: { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
    market: "no",
    checkout: "/kassen",
    zip: "0154",
    retry: "Prøv igjen",
  },
  sv: {
    locale: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
    market: "se",
    checkout: "/sv/kassan",
    zip: "11434",
    retry: "Försök igen",
  },
} as const;
type Lang = keyof typeof L;

let skipped = 0;
async function cartIn(context: BrowserContext, lang: Lang): Promise<string> {
  return (await checkoutCartIn(shop, context, L[lang], { skip: skipped++, inStock: 10 })).cartId;
}

const form = (page: Page) => page.locator("[data-checkout-form]");
const options = (page: Page) =>
  form(page)
    .locator('input[name="shippingOptionId"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
/** The message, inside the polite live region that is always on the page. */
const unavailable = (page: Page) => page.locator('[aria-live="polite"] [data-shipping-unavailable]');

describe("a delivery checkout that is down, in the checkout page", () => {
  it("Swedish, with JavaScript: the own options and the message, announced politely; back up, 'Försök igen' by keyboard brings its options; axe", async () => {
    const { page, context } = session;
    await cartIn(context, "sv");
    delivery.sandbox.fail(503);
    await page.goto(url(L.sv.checkout), { waitUntil: "load" });
    await hydrated(page);
    // Before a zip: the hint to type one, no message.
    expect(await page.locator("[data-shipping-hint]").count()).toBe(1);
    expect(await unavailable(page).count()).toBe(0);
    await form(page).locator('input[name="zip"]').fill(L.sv.zip);
    await expect.poll(() => unavailable(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await unavailable(page).textContent()).toBe(MESSAGES["checkout.error.shippingUnavailable"].sv);
    // The shop's own options are there; the delivery checkout's are not; no "type your zip" hint.
    expect(await options(page)).toEqual(["own:pickup-point", "own:home-delivery"]);
    expect(await page.locator("[data-shipping-hint]").count()).toBe(0);
    const retry = page.getByRole("button", { name: L.sv.retry });
    expect(await retry.count()).toBe(1);
    expect(describeViolations(await axe(page))).toEqual([]);

    // Still down: asking again says so ("Hämtar …"), then the failure again: the live region's text changes both
    // times, so each is announced.
    await page.evaluate(() => {
      const region = document.querySelector("[data-shipping-status]");
      const seen: string[] = [];
      (window as { __live?: string[] }).__live = seen;
      if (region)
        new MutationObserver(() => seen.push(region.textContent ?? "")).observe(region, {
          childList: true,
          subtree: true,
          characterData: true,
        });
    });
    await retry.focus();
    await page.keyboard.press("Enter");
    const failure = MESSAGES["checkout.error.shippingUnavailable"].sv;
    await expect
      .poll(() => page.evaluate(() => (window as { __live?: string[] }).__live ?? []))
      .toEqual(["Hämtar leveranssätten …", failure]);
    expect(await unavailable(page).textContent()).toBe(failure);
    expect(await retry.evaluate((el) => el === document.activeElement)).toBe(true);

    // Up again: by keyboard, the button asks again; the delivery checkout's options come, the message goes and the
    // focus is on the first option.
    delivery.sandbox.fail(null);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => options(page))
      .toEqual(["own:pickup-point", "own:home-delivery", "nshift:sandbox-pickup", "nshift:sandbox-home"]);
    expect(await unavailable(page).count()).toBe(0);
    expect(await retry.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? null))
      .toBe("own:pickup-point");
  }, 120_000);

  it("Norwegian, without JavaScript: the message in Norwegian and 'Prøv igjen', which posts the form and shows the options once it is up", async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await cartIn(context, "nb");
      delivery.sandbox.fail(502);
      await page.goto(url(L.nb.checkout));
      await page.locator('input[name="zip"]').fill(L.nb.zip);
      await page.locator("[data-update]").first().click();
      await page.waitForLoadState("load");
      expect(await unavailable(page).textContent()).toBe(MESSAGES["checkout.error.shippingUnavailable"].nb);
      expect(await options(page)).toEqual(["own:pickup-point", "own:home-delivery"]);
      delivery.sandbox.fail(null);
      await page.getByRole("button", { name: L.nb.retry }).click();
      await page.waitForLoadState("load");
      await expect
        .poll(() => options(page))
        .toEqual(["own:pickup-point", "own:home-delivery", "nshift:sandbox-pickup", "nshift:sandbox-home"]);
      expect(await unavailable(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
