import { and, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderLines, orders, refunds, skus } from "#db/schema/index.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { refundOrder } from "#services/admin/orders/refund.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { addToCart } from "#services/cart/lines.ts";
import { placeOrder } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { expectAxeClean, mainNotices, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Orders in the back office in Chromium (issue 15, decision 0050): a staff member ships an invoice order (the
 * payment is captured), refunds one unit of a line by keyboard with the goods back on the shelf, and sees it on the
 * order, and settles a refund of unknown outcome with "Check with the provider" (decision 0065); the withdrawal
 * requests list and the packing slip (no prices) — every screen axe-clean.
 */
let shop: Shop;
const EMAIL = "lager@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
let orderId = 0;
let orderNumber = "";
let skuId = 0;
let lineId = 0;

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
  const db = shop.db.db;
  const ref = await createReferenceCache(db).get();
  const ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
  };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active order by s.id limit 1`,
  );
  skuId = Number(row?.id);
  await db.update(skus).set({ inStock: 20, static: 0 }).where(eq(skus.id, skuId));
  const cart = await addToCart(db, ctx, null, { skuId, quantity: 3 });
  const placed = await placeOrder(
    { db, payments: { INVOICE: new SandboxInvoiceProvider({ db }) } },
    ctx,
    cart.id,
    {
      email: "e2e.retur@example.se",
      phone: "0701234567",
      customerType: "PERSON",
      identityNumber: "900101-0017",
      billingAddress: {
        firstName: "Stina",
        lastName: "Retur",
        addressLine1: "Returgatan 7",
        zip: "11434",
        city: "Stockholm",
      },
      zip: "11434",
      shippingOptionId: "pickup-point",
      paymentMethodKey: "invoice",
      acceptedTerms: true,
    },
  );
  orderId = placed.orderId;
  orderNumber = placed.orderNumber ?? "";
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  lineId = line?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const open = (page: Page, path: string) => openHydrated(shop, page, path);

async function stock() {
  const [row] = await shop.db.db.select({ n: skus.inStock }).from(skus).where(eq(skus.id, skuId));
  return row?.n ?? -1;
}

describe("orders in the back office", () => {
  it("refund an order line: ship (capture), refund one unit by keyboard back to stock, see it on the order", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await open(page, `/admin/orders?q=${encodeURIComponent(orderNumber)}`);
    await page.getByRole("link", { name: orderNumber }).click();
    await page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` }).waitFor();
    await expectAxeClean(page, "order with ship and refund forms");

    // By keyboard: the line's quantity typed first; shipping the order meanwhile keeps it (the refund form is made
    // anew only when a refund was made).
    const quantity = page.getByRole("spinbutton", { name: /^Units to refund of/ });
    await quantity.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("1");
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await expect.poll(() => mainNotices(page)).toBe("The order is shipped and its payment captured.");
    const [shipped] = await shop.db.db.select().from(orders).where(eq(orders.id, orderId));
    expect(shipped).toMatchObject({ status: "completed", paymentStatus: "captured" });
    expect(await quantity.inputValue()).toBe("1");

    const before = await stock();
    // Then "return to stock", and Enter on the refund button.
    await page.getByRole("checkbox", { name: "The goods came back: return the units to stock" }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Refund", exact: true }).focus();
    await page.keyboard.press("Enter");
    const unit = Math.floor((shipped?.itemValueIncVatMinor ?? 0) / 3);
    await expect.poll(() => mainNotices(page)).toMatch(/^Refunded SEK\s[\d,.]+\.$/);
    const made = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made).toMatchObject([{ status: "completed", method: "provider", returnedToStock: true }]);
    expect(made[0]?.lines).toEqual([expect.objectContaining({ lineId, quantity: 1 })]);
    expect(made[0]?.amountMinor).toBeGreaterThanOrEqual(unit - 1);
    expect(await stock()).toBe(before + 1);
    const audit = await shop.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.refund"), eq(auditLog.entityId, String(orderId))));
    expect(audit).toHaveLength(1);
    // The order shows the refund: one unit refunded, two left, the refunds table.
    await expect
      .poll(() => page.getByRole("spinbutton", { name: /^Units to refund of/ }).getAttribute("max"))
      .toBe("2");
    expect(await page.getByRole("region", { name: "Refunds" }).getByRole("row").count()).toBe(2);
    await expectAxeClean(page, "order after a refund");

    // Another admin refunds a unit meanwhile: this form's two units are more than is left, refused in words.
    const other = await createAdminUser(shop.db.db, {
      email: "kollega@mili.example",
      role: "owner",
      password: PASSWORD,
    });
    const sandbox = new SandboxInvoiceProvider({ db: shop.db.db });
    const meanwhile = await refundOrder({ db: shop.db.db, payments: { INVOICE: sandbox } }, other, {
      orderId,
      key: crypto.randomUUID(),
      lines: [{ lineId, quantity: 1 }],
      shipping: false,
      method: "provider",
      returnToStock: false,
    });
    expect(meanwhile.ok).toBe(true);
    const formKey = page.locator('#refund-form input[name="key"]');
    const keyBefore = await formKey.getAttribute("value");
    await page.getByRole("spinbutton", { name: /^Units to refund of/ }).fill("2");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect
      .poll(() => page.locator("#main").getByRole("alert").textContent())
      .toMatch(/Nothing was refunded/);
    expect(await shop.db.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(2);
    // After an error the form keeps its key: a retry of a refund the provider did not answer is the same refund.
    expect(keyBefore).toBeTruthy();
    expect(await formKey.getAttribute("value")).toBe(keyBefore);

    // A refund whose provider call went unanswered ten minutes ago and never reached it (decision 0065): the order
    // shows it apart; checking it by keyboard finds no such refund at the provider, so it fails and frees the unit.
    const [pending] = await shop.db.db
      .insert(refunds)
      .values({
        orderId,
        currencyCode: "SEK",
        amountMinor: 100,
        vatMinor: 20,
        lines: [{ lineId, quantity: 1, amount: 100, vat: 20 }],
        method: "provider",
        idempotencyKey: crypto.randomUUID(),
        status: "pending",
        actor: EMAIL,
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning({ id: refunds.id });
    await page.reload();
    const unknown = page.getByRole("region", { name: "Refunds with an unknown outcome" });
    await unknown.waitFor();
    await expectAxeClean(page, "order with a refund of unknown outcome");
    await unknown.getByRole("button", { name: `Check refund ${pending?.id} with the provider` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => mainNotices(page)).toMatch(/^The provider did not make the refund/);
    await expect.poll(() => unknown.count()).toBe(0);
    const [failed] = await shop.db.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, pending?.id ?? 0));
    expect(failed).toMatchObject({ status: "failed", idempotencyKey: null });
  }, 240_000);

  it("withdrawal requests and the packing slip are axe-clean; the slip has SKUs and the address, no prices", async () => {
    const page = session.page;
    await shop.db.db.update(orders).set({ withdrawnAt: new Date() }).where(eq(orders.id, orderId));
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await open(page, "/admin/orders");
    await page.getByLabel("Withdrawal requests").selectOption("open");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: orderNumber }).waitFor();
    await expectAxeClean(page, "withdrawal requests");
    await page.getByRole("link", { name: orderNumber }).click();
    await page.getByRole("heading", { level: 2, name: "Withdrawal" }).waitFor();
    await page.getByRole("button", { name: "Mark the goods received" }).click();
    await expect.poll(() => mainNotices(page)).toBe("The goods are marked received.");
    await page.getByRole("link", { name: "Refund per the request (all that is left)" }).click();
    await expect
      .poll(() => page.getByRole("spinbutton", { name: /^Units to refund of/ }).inputValue())
      .toBe("1");
    await expectAxeClean(page, "order with a withdrawal");
    await page.getByRole("link", { name: "Print the packing slip" }).click();
    await page.getByRole("heading", { level: 1, name: `Packing slip ${orderNumber}` }).waitFor();
    await expectAxeClean(page, "packing slip");
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).toContain("Returgatan 7");
    expect(main).toContain(String(skuId));
    expect(main).not.toMatch(/SEK|kr/);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
  }, 240_000);
});
