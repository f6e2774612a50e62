import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { Page } from "playwright-core";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, reviews } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { mainNotices } from "#tests/support/admin-browser.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { ADMIN_CASES, loadServerBuild } from "#tests/support/routes.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office in Chromium (issue 15, decision 0037): no admin page without a session; signing in; moderating a
 * review and seeing it on the storefront's product page; every admin screen axe-clean, in the admin's language;
 * and no shopper's page loading the back office's code.
 */
let shop: Shop;
const EMAIL = "eier@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const COMMENT = `Kjempegod, bruker den hver dag (${randomUUID().slice(0, 8)})`;
let productPath = "";
let productName = "";
let orderId = 0;
let customerId = 0;

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "owner", password: PASSWORD });
  const token = (await registerByApi(shop.origin, "ola.anmelder@example.no")) ?? "";
  const locale = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };
  const { body } = await gql(shop.origin, {
    query: `query($channelId: String, $languageId: String) { products(take: 1, filter: {sort: NONE}, channelId: $channelId, languageId: $languageId) { products { alias name canonicalUrl } } }`,
    variables: locale,
  });
  const product = body.data.products.products[0];
  productName = product.name;
  productPath = new URL(product.canonicalUrl, shop.origin).pathname;
  const posted = await gql(
    shop.origin,
    {
      query: `mutation($alias: String!, $comment: String, $channelId: String, $languageId: String, $marketId: String) {
        postProductReview(alias: $alias, rating: 5, author: "Ola Anmelder", comment: $comment, channelId: $channelId, languageId: $languageId, marketId: $marketId) }`,
      variables: { ...locale, alias: product.alias, comment: COMMENT },
    },
    { authorization: `Bearer ${token}` },
  );
  expect(posted.body.errors).toBeUndefined();
  customerId = Number(decodeJwt(token).sub);
  const [row] = await shop.db.db
    .insert(orders)
    .values({
      cartId: randomUUID(),
      orderNumber: "E2E-1001",
      channelId: "2|no",
      marketAlias: "no",
      languageId: "nb-NO",
      currencyCode: "NOK",
      email: "ola.anmelder@example.no",
      firstName: "Ola",
      lastName: "Anmelder",
      billingAddress: {},
      shippingAddress: {},
      status: "received",
      itemValueIncVatMinor: 49900,
      itemValueExVatMinor: 39920,
      vatMinor: 9980,
      totalIncVatMinor: 49900,
    })
    .returning({ id: orders.id });
  orderId = row?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

async function expectAxeClean(page: Page, what: string) {
  const violations = await axe(page);
  expect(describeViolations(violations), what).toEqual([]);
}

async function signIn(page: Page) {
  await open(page, "/admin/sign-in");
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

describe("the back office", () => {
  it("has a case for every back-office route, and opens no admin page without a session", async () => {
    const build = await loadServerBuild();
    const ids = Object.keys(build.routes).filter((id) => id === "admin" || id.startsWith("admin-"));
    expect(ids.sort()).toEqual(Object.keys(ADMIN_CASES).sort());
    for (const { path, kind } of Object.values(ADMIN_CASES)) {
      if (kind !== "page") continue;
      const filled = path.replace(":id", String(path.includes("orders") ? orderId : customerId));
      const response = await fetch(url(filled), { redirect: "manual" });
      expect([302, 303], filled).toContain(response.status);
      expect(new URL(response.headers.get("location") ?? "", shop.origin).pathname, filled).toBe(
        "/admin/sign-in",
      );
    }
    const signInPage = await fetch(url("/admin/sign-in"));
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers.get("cache-control")).toMatch(/private|no-store/);
  });

  it("a wrong password is refused with a message; the sign-in page is axe-clean in each language", async () => {
    const page = session.page;
    await open(page, "/admin/sign-in");
    await expectAxeClean(page, "sign-in");
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => page.locator("#main").getByRole("alert").textContent())
      .toBe("Wrong e-mail or password.");
    await expectAxeClean(page, "sign-in with an error");
    for (const [lang, heading] of [
      ["sv", "Logga in i administrationen"],
      ["nb", "Logg inn i administrasjonen"],
    ]) {
      await open(page, `/admin/sign-in?lang=${lang}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
    }
  }, 240_000);

  it("sign in → accept a review → it shows on the storefront's product page", async () => {
    const page = session.page;
    await open(page, productPath);
    expect(await page.getByText(COMMENT).count()).toBe(0);
    await signIn(page);
    // The dashboard first: the review waits, and the order placed for this test counts as a sale.
    const waiting = await shop.db.db.$count(reviews, eq(reviews.status, "pending"));
    expect(waiting).toBeGreaterThan(0);
    expect(await page.locator("[data-waiting=reviews]").textContent()).toBe(`Reviews waiting: ${waiting}`);
    expect(await page.locator("[data-market=no] [data-orders]").textContent()).toBe("1");
    expect(await page.locator("[data-market=no] [data-total]").textContent()).toMatch(/^NOK\s499\.00$/);
    // The chart (its own chunk) draws in the browser.
    await page.locator("[data-market=no] [data-chart] svg.recharts-surface").waitFor();
    await expectAxeClean(page, "dashboard");
    await page.getByRole("link", { name: "Moderation", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Moderation" }).waitFor();
    await expectAxeClean(page, "moderation");
    await page.getByRole("button", { name: `Accept: Ola Anmelder, ${productName}` }).click();
    await expect.poll(() => mainNotices(page)).toBe("Review accepted.");
    await expect.poll(() => page.getByText(COMMENT).count()).toBe(0);
    // The page cache follows the catalog version, which the accepted review moves (within a second).
    await expect
      .poll(async () => {
        await open(page, productPath);
        return page.getByText(COMMENT).count();
      })
      .toBeGreaterThan(0);
  }, 240_000);

  it("orders, an order, customers and a customer: keyboard-reachable, axe-clean; shop as gives a link", async () => {
    const page = session.page;
    await signIn(page);
    await page.getByRole("link", { name: "Orders" }).click();
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    await expectAxeClean(page, "orders");
    await page.getByLabel("Status").selectOption("received");
    await page.getByLabel("Search (order number, e-mail, name)").fill("E2E-1001");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: "E2E-1001" }).click();
    await page.getByRole("heading", { level: 1, name: "Order E2E-1001" }).waitFor();
    await expectAxeClean(page, "order");
    await page.getByRole("button", { name: "Mark as processing" }).click();
    await expect.poll(() => mainNotices(page)).toBe("Status changed to processing.");
    await page.getByRole("link", { name: "Customers" }).click();
    await page.getByRole("heading", { level: 1, name: "Customers" }).waitFor();
    await expectAxeClean(page, "customers");
    await page.getByRole("link", { name: "ola.anmelder@example.no" }).click();
    await page.getByRole("heading", { level: 1, name: "Customer ola.anmelder@example.no" }).waitFor();
    await expectAxeClean(page, "customer");
    await page.getByRole("button", { name: "Shop as this customer" }).click();
    const link = page.getByRole("link", { name: "Open the shop as ola.anmelder@example.no" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^\/\?loginToken=/);
    await expectAxeClean(page, "customer with the shop-as link");
    // Two-step sign-in: started by keyboard, its QR code and key shown while it waits for a code.
    await page.getByRole("link", { name: "Two-step sign-in" }).click();
    await page.getByRole("heading", { level: 1, name: "Two-step sign-in" }).waitFor();
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).press("Enter");
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    expect(await page.locator("[data-two-step-key]").textContent()).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await expectAxeClean(page, "two-step sign-in, waiting for a code");
  }, 240_000);

  it("the admin chooses the back office's language: Swedish and Norwegian screens are axe-clean too", async () => {
    const page = session.page;
    await signIn(page);
    for (const [lang, dashboard, orders] of [
      ["Svenska", "Översikt", "Ordrar"],
      ["Norsk", "Oversikt", "Ordrer"],
      ["English", "Dashboard", "Orders"],
    ] as const) {
      await page.locator("#admin-language").selectOption({ label: lang });
      await page.locator("form[action='/admin/language'] button").click();
      await expect
        .poll(() => page.locator("#admin-language").inputValue())
        .toBe({ Svenska: "sv", Norsk: "nb", English: "en" }[lang]);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(dashboard);
      await expectAxeClean(page, `dashboard in ${lang}`);
      await page.getByRole("link", { name: orders }).click();
      await page.getByRole("heading", { level: 1, name: orders }).waitFor();
      await expectAxeClean(page, `orders in ${lang}`);
      await page.goto(url("/admin"));
    }
  }, 240_000);

  it("a shopper's home page loads none of the back office's route modules", async () => {
    const build = (await import(pathToFileURL(`${process.cwd()}/build/server/index.js`).href)) as ServerBuild;
    const adminModules = Object.entries(build.assets.routes)
      .filter(([id]) => id === "admin" || id.startsWith("admin-"))
      .flatMap(([, route]) => (route ? [route.module] : []));
    expect(adminModules.length).toBeGreaterThanOrEqual(6);
    const page = session.page;
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await open(page, "/");
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => adminModules.includes(s))).toEqual([]);
    const html = await page.content();
    for (const module of adminModules) expect(html).not.toContain(module);
  });
});
