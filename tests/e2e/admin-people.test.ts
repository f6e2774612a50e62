import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { expectAxeClean, mainNotices, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * A customer's data, admin users and the audit log in Chromium (issue 15, decision 0053): the customer's sessions and
 * GDPR download; the erasure's two steps (a wrong e-mail and an open order refused, then erased); the audit log
 * filtered to the erasure, before → after shown; admin users: add one, and the last owner refused. Every new screen
 * is axe-clean and used by keyboard.
 */
let shop: Shop;
const EMAIL = "eier@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const SHOPPER = `gdpr-${randomUUID().slice(0, 6)}@example.no`;
let customerId = 0;
let openOrderId = 0;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  await createAdminUser(shop.db.db, { email: EMAIL, role: "owner", password: PASSWORD });
  customerId = Number(decodeJwt(await registerByApi(shop.origin, SHOPPER)).sub);
  await shop.db.db
    .update(customers)
    .set({ firstName: "Kari", lastName: "Nordmann" })
    .where(eq(customers.id, customerId));
  const [row] = await shop.db.db
    .insert(orders)
    .values({
      cartId: randomUUID(),
      orderNumber: `E2E-${randomUUID().slice(0, 6)}`,
      channelId: "2|no",
      marketAlias: "no",
      languageId: "nb-NO",
      currencyCode: "NOK",
      customerId,
      email: SHOPPER,
      firstName: "Kari",
      lastName: "Nordmann",
      billingAddress: {},
      shippingAddress: {},
      status: "processing",
      itemValueIncVatMinor: 12500,
      itemValueExVatMinor: 10000,
      vatMinor: 2500,
      totalIncVatMinor: 12500,
    })
    .returning({ id: orders.id });
  openOrderId = row?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const open = (page: Page, path: string) => openHydrated(shop, page, path);

describe("a customer's data in the back office", () => {
  it("shows sessions, downloads the export, and erases in two steps (refused first); the audit log shows it", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await open(page, `/admin/customers/${customerId}`);
    await page.getByRole("heading", { level: 2, name: "Signed-in sessions" }).waitFor();
    expect(await page.getByRole("button", { name: "End session" }).count()).toBe(1);
    await expectAxeClean(page, "customer with sessions and personal data");

    // The GDPR download: a JSON file of the customer's data.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the customer's data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^customer-${customerId}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
    expect(file.format).toBe("mili.customer-export/1");
    expect(file.account).toMatchObject({ id: customerId, email: SHOPPER, firstName: "Kari" });

    // Step one opens the confirmation (by keyboard); a wrong e-mail changes nothing.
    await page.getByRole("link", { name: "Erase the customer…" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByLabel(`Type the customer's e-mail (${SHOPPER}) to confirm`);
    await confirm.waitFor();
    await expectAxeClean(page, "erasure confirmation");
    await confirm.fill("someone@example.no");
    await page.getByRole("button", { name: "Erase for good" }).press("Enter");
    await expect
      .poll(() => page.locator("#main").getByRole("alert").textContent())
      .toBe("The e-mail does not match. Nothing was erased.");

    // The right e-mail, but an order is open: refused, named.
    await confirm.fill(SHOPPER);
    await page.getByRole("button", { name: "Erase for good" }).press("Enter");
    await expect
      .poll(() => page.locator("#main").getByRole("alert").textContent())
      .toMatch(/open orders \(E2E-/);
    await expectAxeClean(page, "erasure refused");
    const [still] = await shop.db.db.select().from(customers).where(eq(customers.id, customerId));
    expect(still?.deletedAt).toBeNull();

    // The order completes; the erasure goes through and the list says so.
    await shop.db.db.update(orders).set({ status: "completed" }).where(eq(orders.id, openOrderId));
    await confirm.fill(SHOPPER);
    await page.getByRole("button", { name: "Erase for good" }).press("Enter");
    await page.getByRole("heading", { level: 1, name: "Customers" }).waitFor();
    await expect.poll(() => mainNotices(page)).toBe("The customer was erased.");
    const [gone] = await shop.db.db.select().from(customers).where(eq(customers.id, customerId));
    expect(gone?.deletedAt).not.toBeNull();
    expect(gone?.firstName).toBeNull();

    // The audit log, filtered to erasures by keyboard: before → after, none of the erased data.
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    await expectAxeClean(page, "audit log");
    await page.getByLabel("Action").selectOption("customer.erase");
    await page.getByRole("button", { name: "Filter" }).press("Enter");
    await expect.poll(() => page.url()).toContain("action=customer.erase");
    const table = page.getByRole("table");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    const row = (await table.getByRole("row").nth(1).textContent()) ?? "";
    expect(row).toContain(EMAIL);
    expect(row).toContain(`customer #${customerId}`);
    expect(row).toMatch(/erased: ?Before ?false ?→ ?After ?true/);
    expect(row).not.toContain(SHOPPER);
    expect(row).not.toContain("Kari");
    await expectAxeClean(page, "audit log filtered");
  });
});

describe("admin users", () => {
  it("the owner adds a user and the last owner cannot step down; the screen is axe-clean", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await page.getByRole("link", { name: "Admin users" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin users" }).waitFor();
    await expectAxeClean(page, "admin users");

    await page.getByLabel("E-mail", { exact: true }).fill("ny@mili.example");
    await page.getByLabel("Role", { exact: true }).selectOption("staff");
    await page.getByLabel(/First password/).fill("ett-langt-forsta-losenord");
    await page.getByRole("button", { name: "Add", exact: true }).press("Enter");
    await expect.poll(() => mainNotices(page)).toBe("Admin user added.");
    await expect.poll(() => page.getByRole("table").textContent()).toContain("ny@mili.example");

    await page.getByLabel(`Role of ${EMAIL}`).selectOption("staff");
    await page.getByRole("button", { name: "Change role" }).first().press("Enter");
    await expect
      .poll(() => page.locator("#main").getByRole("alert").textContent())
      .toBe("The back office needs an active owner: make someone else owner first.");
    await expectAxeClean(page, "admin users with a refusal");
  });
});
