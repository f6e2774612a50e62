import { and, eq, ne } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, skus } from "#db/schema/index.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { checkoutCartIn } from "#tests/support/checkout.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * /checkout/klarna-fail?error=Error|OutOfStock|BlockedCustomer (issue 13, decision 0039): each reason's message of
 * spec §8 in both languages (the Norwegian texts exact), axe-clean, the way back to the checkout; and the Klarna
 * sandbox's paths that land there: a declined payment (Error), a blocked customer (BlockedCustomer) and an item
 * sold out before the order is completed (OutOfStock, from the validation callback), each in the checkout's
 * language, with no order and the cart kept.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "30" });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

const L = {
  nb: {
    locale: { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
    market: "no",
    checkout: "/kassen",
    fail: "/checkout/klarna-fail",
    zip: "0154",
    heading: "Betalingen ble ikke fullført",
    back: "Tilbake til kassen",
    // Spec §8 (the Norwegian texts are exact): the generic failure, the order not created, the blocked customer.
    messages: {
      Error: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
      OutOfStock:
        "Bestillingen kunne ikke opprettes. En vare kan være utsolgt, eller saldoen strekker ikke til.",
      BlockedCustomer: "Vi kan dessverre ikke tilby denne betalingsmåten. Velg en annen betalingsmåte.",
    },
    buttons: { card: "Betal med kort", decline: "Bli avvist", blocked: "Være en sperret kunde" },
  },
  sv: {
    locale: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
    market: "se",
    checkout: "/sv/kassan",
    fail: "/sv/checkout/klarna-fail",
    zip: "11434",
    heading: "Betalningen genomfördes inte",
    back: "Tillbaka till kassan",
    messages: {
      Error: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
      OutOfStock: "Beställningen kunde inte skapas. En vara kan vara slutsåld, eller så räcker inte saldot.",
      BlockedCustomer: "Vi kan tyvärr inte erbjuda det här betalsättet. Välj ett annat betalsätt.",
    },
    buttons: { card: "Betala med kort", decline: "Bli nekad", blocked: "Vara en spärrad kund" },
  },
} as const;
type Lang = keyof typeof L;
const ERRORS = ["Error", "OutOfStock", "BlockedCustomer"] as const;

let skipped = 0;
async function cartIn(context: BrowserContext, lang: Lang): Promise<{ cartId: string; skuId: number }> {
  return checkoutCartIn(shop, context, L[lang], { skip: skipped++, inStock: 5 });
}

/** Zip, the shop's pickup option and the hosted checkout: its frame shows the sandbox's payment page. */
async function toKlarna(page: Page, lang: Lang) {
  await page.goto(url(L[lang].checkout), { waitUntil: "load" });
  await hydrated(page);
  const form = page.locator("[data-checkout-form]");
  await form.locator('input[name="zip"]').fill(L[lang].zip);
  await form.locator('input[name="shippingOptionId"][value="own:pickup-point"]').check();
  const payment = form.locator('input[name="paymentMethod"][value="card-checkout"]');
  await payment.check();
  await expect.poll(() => payment.isChecked()).toBe(true);
  return page.frameLocator('iframe[title="Klarna"]');
}

async function liveOrders(cartId: string) {
  return shop.db.db
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), ne(orders.status, "failed")));
}

async function showsReason(page: Page, lang: Lang, error: (typeof ERRORS)[number]) {
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(L[lang].heading);
  const reason = page.locator("[data-fail-reason]");
  expect(await reason.getAttribute("data-fail-reason")).toBe(error);
  expect(await reason.textContent()).toBe(L[lang].messages[error]);
  expect(await page.getByRole("link", { name: L[lang].back }).getAttribute("href")).toBe(L[lang].checkout);
}

describe("the failure page's reasons", () => {
  for (const lang of ["nb", "sv"] as const)
    it(`${lang}: each reason shows its message of spec §8, an unknown one the generic; axe`, async () => {
      const { page } = session;
      for (const error of ERRORS) {
        const response = await page.goto(url(`${L[lang].fail}?error=${error}`), { waitUntil: "load" });
        expect(response?.status()).toBe(200);
        expect(response?.headers()["cache-control"]).toContain("private");
        await hydrated(page);
        await showsReason(page, lang, error);
        expect(describeViolations(await axe(page))).toEqual([]);
      }
      for (const unknown of ["?error=<script>", "?error=toString", ""]) {
        await page.goto(url(`${L[lang].fail}${unknown}`), { waitUntil: "load" });
        await showsReason(page, lang, "Error");
      }
    }, 180_000);
});

describe("the Klarna sandbox's refusals land there, in the checkout's language", () => {
  it("nb: declined → Error; the cart is kept and can pay again", async () => {
    const { page, context } = session;
    const { cartId } = await cartIn(context, "nb");
    const frame = await toKlarna(page, "nb");
    await frame.getByRole("button", { name: L.nb.buttons.decline }).click();
    await page.waitForURL(/\/checkout\/klarna-fail\?error=Error$/);
    expect(new URL(page.url()).pathname).toBe(L.nb.fail);
    await showsReason(page, "nb", "Error");
    expect((await context.cookies()).find((c) => c.name === "mili-cart")?.value).toBe(cartId);
    expect(await liveOrders(cartId)).toHaveLength(0);
    // Back to the checkout: the same cart pays by card.
    await page.getByRole("link", { name: L.nb.back }).click();
    await page.waitForURL(/\/kassen$/);
    await hydrated(page);
    await page
      .frameLocator('iframe[title="Klarna"]')
      .getByRole("button", { name: L.nb.buttons.card })
      .click();
    await page.waitForURL(/\/checkout\/confirm\?kid=/);
    expect(await liveOrders(cartId)).toHaveLength(1);
  }, 180_000);

  it("sv: declined → Error and a blocked customer → BlockedCustomer, on the Swedish page", async () => {
    const { page, context } = session;
    const { cartId } = await cartIn(context, "sv");
    let frame = await toKlarna(page, "sv");
    await frame.getByRole("button", { name: L.sv.buttons.decline }).click();
    await page.waitForURL(/\/sv\/checkout\/klarna-fail\?error=Error$/);
    await showsReason(page, "sv", "Error");
    frame = await toKlarna(page, "sv");
    await frame.getByRole("button", { name: L.sv.buttons.blocked }).click();
    await page.waitForURL(/\/sv\/checkout\/klarna-fail\?error=BlockedCustomer$/);
    await showsReason(page, "sv", "BlockedCustomer");
    expect(describeViolations(await axe(page))).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === "mili-cart")?.value).toBe(cartId);
    expect(await liveOrders(cartId)).toHaveLength(0);
  }, 180_000);

  for (const lang of ["nb", "sv"] as const)
    it(`${lang}: an item sold out before the payment completes → OutOfStock (the validation callback), nothing sold`, async () => {
      const { page, context } = session;
      const { cartId, skuId } = await cartIn(context, lang);
      const frame = await toKlarna(page, lang);
      await expect.poll(() => frame.getByRole("button", { name: L[lang].buttons.card }).count()).toBe(1);
      await shop.db.db.update(skus).set({ inStock: 0, oversellable: 0 }).where(eq(skus.id, skuId));
      await frame.getByRole("button", { name: L[lang].buttons.card }).click();
      await page.waitForURL(/\/checkout\/klarna-fail\?error=OutOfStock$/);
      expect(new URL(page.url()).pathname).toBe(L[lang].fail);
      await showsReason(page, lang, "OutOfStock");
      expect(await liveOrders(cartId)).toHaveLength(0);
      const [sku] = await shop.db.db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
      expect(sku?.inStock).toBe(0);
    }, 180_000);
});
