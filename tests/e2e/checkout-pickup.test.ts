import { and, eq, ne } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#db/schema/index.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { checkoutCartIn } from "#tests/support/checkout.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The delivery checkout's pickup points in the checkout (issue 13, decision 0039): with the nShift sandbox's
 * pickup option chosen the shopper picks one of its points for the zip (a radio group: keyboard, axe), with and
 * without JavaScript, in both languages; the point is kept on the order as the provider gives it and the
 * confirmation page, the order page and the API name the option and the point by name, never by id.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "30", NSHIFT_BASE_URL: "sandbox" });
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
    person: "01019000008",
    zip: "0154",
    city: "Oslo",
    place: "Fullfør kjøpet",
    thanks: "Takk for bestillingen!",
    option: "Hent på hentested",
    legend: "Velg hentested",
    // The sandbox's points for the zip (integrations/shipping/nshift/sandbox.ts: they depend only on it).
    points: ["Servicebutik 0151", "Postombud 0152", "Matbutik 0153"],
    order: "/order/",
  },
  sv: {
    locale: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
    market: "se",
    checkout: "/sv/kassan",
    person: "900101-0017",
    zip: "11434",
    city: "Stockholm",
    place: "Slutför köpet",
    thanks: "Tack för din beställning!",
    option: "Hämta hos ombud",
    legend: "Välj utlämningsställe",
    points: ["Servicebutik 1141", "Postombud 1142", "Matbutik 1143"],
    order: "/sv/order/",
  },
} as const;
type Lang = keyof typeof L;

let skipped = 0;
async function cartIn(context: BrowserContext, lang: Lang): Promise<string> {
  return (await checkoutCartIn(shop, context, L[lang], { skip: skipped++, inStock: 10 })).cartId;
}

const form = (page: Page) => page.locator("[data-checkout-form]");

async function fillPerson(page: Page, lang: Lang, email: string) {
  const f = form(page);
  await f.locator('input[name="email"]').fill(email);
  await f.locator('input[name="phone"]').fill(lang === "sv" ? "0701234567" : "41234567");
  await f.locator('input[name="identityNumber"]').fill(L[lang].person);
  await f.locator('input[name="firstName"]').fill(lang === "sv" ? "Sven" : "Kari");
  await f.locator('input[name="lastName"]').fill(lang === "sv" ? "Svensson" : "Nordmann");
  await f.locator('input[name="addressLine1"]').fill(lang === "sv" ? "Storgatan 1" : "Karl Johans gate 1");
  await f.locator('input[name="city"]').fill(L[lang].city);
}

async function orderOf(cartId: string) {
  const [order] = await shop.db.db
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), ne(orders.status, "failed")));
  return order;
}

/** The order page (the e-mail's link) names the option and the point; the API's order too. */
async function orderPageNames(page: Page, lang: Lang, publicId: string, point: string) {
  await page.goto(url(`${L[lang].order}${publicId}`), { waitUntil: "load" });
  const shipping = await page.locator("[data-order-shipping]").textContent();
  expect(shipping).toBe(`${L[lang].option}: ${point}`);
  expect(shipping).not.toContain("nshift:");
  expect(describeViolations(await axe(page))).toEqual([]);
  const { body } = await gql(shop.origin, {
    query: `query($id: Guid!, $channelId: String, $languageId: String, $marketId: String) {
      getOrderPublic(publicOrderId: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        shippingDetails { name } } }`,
    variables: { id: publicId, ...L[lang].locale },
  });
  expect(body.errors).toBeUndefined();
  expect(body.data.getOrderPublic.shippingDetails[0].name).toBe(`${L[lang].option}: ${point}`);
}

describe("pickup points of the delivery checkout", () => {
  it("Norwegian, with JavaScript: the points for the zip, one chosen by keyboard, named on the confirmation and the order page; axe", async () => {
    const { page, context } = session;
    const cartId = await cartIn(context, "nb");
    await page.goto(url(L.nb.checkout), { waitUntil: "load" });
    await hydrated(page);
    await form(page).locator('input[name="zip"]').fill(L.nb.zip);
    const option = form(page).locator('input[name="shippingOptionId"][value="nshift:sandbox-pickup"]');
    await option.check();
    const group = page.getByRole("group", { name: L.nb.legend });
    await expect.poll(() => group.getByRole("radio").count()).toBe(3);
    // The nearest is chosen until the shopper chooses another.
    expect(await group.getByRole("radio", { name: new RegExp(L.nb.points[0]) }).isChecked()).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);
    // By keyboard: the group is one tab stop; an arrow key moves to (and chooses) the next point.
    await group.getByRole("radio", { name: new RegExp(L.nb.points[0]) }).focus();
    await page.keyboard.press("ArrowDown");
    const second = group.getByRole("radio", { name: new RegExp(L.nb.points[1]) });
    expect(await second.isChecked()).toBe(true);
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    const payment = form(page).locator('input[name="paymentMethod"][value="invoice"]');
    await expect.poll(() => payment.count()).toBe(1);
    await payment.check();
    await expect.poll(() => payment.isChecked()).toBe(true);
    // The chosen point stays chosen as the page shows the checkout's answer again.
    await expect.poll(() => second.isChecked()).toBe(true);
    await fillPerson(page, "nb", "hentested@example.no");
    await form(page).locator('input[name="acceptedTerms"]').check();
    await page.getByRole("button", { name: L.nb.place }).click();
    await page.waitForURL(/\/checkout\/confirm\?oid=NO-\d+&cartid=/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(L.nb.thanks);
    expect(await page.locator("[data-shipping-name]").textContent()).toBe(
      `${L.nb.option}: ${L.nb.points[1]}`,
    );
    expect(await page.locator("[data-pickup-address]").textContent()).toContain(`${L.nb.zip} Oslo`);
    expect(describeViolations(await axe(page))).toEqual([]);
    const order = await orderOf(cartId);
    expect(order).toMatchObject({
      shippingOptionKey: "nshift:sandbox-pickup",
      shippingOptionName: L.nb.option,
      shippingAgent: expect.objectContaining({ id: "NO-0154-2", name: L.nb.points[1], zip: L.nb.zip }),
    });
    await orderPageNames(page, "nb", order?.publicId ?? "", L.nb.points[1]);
  }, 180_000);

  it("Swedish, without JavaScript: each step posts the form; the point chosen is the order's", async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const cartId = await cartIn(context, "sv");
      await page.goto(url(L.sv.checkout));
      // Each "Uppdatera" posts the form: wait for the answer's page to have loaded before reading it (the click
      // returns once the navigation has started; a read before the load raced it on a busy CI machine).
      const update = async () => {
        await page.locator("[data-update]").first().click();
        await page.waitForLoadState("load");
      };
      await page.locator('input[name="zip"]').fill(L.sv.zip);
      await update();
      await page.locator('input[name="shippingOptionId"][value="nshift:sandbox-pickup"]').check();
      await update();
      const group = page.getByRole("group", { name: L.sv.legend });
      await expect.poll(() => group.getByRole("radio").count()).toBe(3);
      await group.getByRole("radio", { name: new RegExp(L.sv.points[2]) }).check();
      await page.locator('input[name="paymentMethod"][value="invoice"]').check();
      await update();
      await expect
        .poll(() => group.getByRole("radio", { name: new RegExp(L.sv.points[2]) }).isChecked())
        .toBe(true);
      await fillPerson(page, "sv", "ombud@example.se");
      await page.locator('input[name="acceptedTerms"]').check();
      await page.getByRole("button", { name: L.sv.place }).click();
      await page.waitForURL(/\/sv\/checkout\/confirm\?oid=SE-\d+&cartid=/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(L.sv.thanks);
      expect(await page.locator("[data-shipping-name]").textContent()).toBe(
        `${L.sv.option}: ${L.sv.points[2]}`,
      );
      const order = await orderOf(cartId);
      expect(order?.shippingAgent).toMatchObject({ id: "SE-11434-3", name: L.sv.points[2] });
      // The order page in a browser with JavaScript (axe runs in the page).
      await orderPageNames(session.page, "sv", order?.publicId ?? "", L.sv.points[2]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("a pickup point the provider does not offer for the option is refused in the shopper's language, nothing placed", async () => {
    const { context } = session;
    const cartId = await cartIn(context, "nb");
    const { body } = await gql(shop.origin, {
      query: `mutation($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $languageId: String, $marketId: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, languageId: $languageId, marketId: $marketId) { orderId } }`,
      variables: {
        cartId,
        ...L.nb.locale,
        checkout: {
          email: "feil@example.no",
          customerType: "PERSON",
          identityNumber: L.nb.person,
          zip: L.nb.zip,
          shippingOptionId: "nshift:sandbox-pickup",
          pickupPoint: "NO-9999-1",
          paymentMethod: "invoice",
          acceptedTerms: true,
          billingAddress: {
            firstName: "Kari",
            lastName: "Nordmann",
            addressLine1: "Gata 1",
            zip: L.nb.zip,
            city: "Oslo",
          },
        },
      },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(body.errors?.[0]?.extensions?.fields).toEqual([
      {
        field: "pickupPoint",
        code: "checkout.error.pickupPoint",
        message: "Velg et av hentestedene for postnummeret ditt",
      },
    ]);
    expect(await orderOf(cartId)).toBeUndefined();
  });
});
