import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTranslator } from "#app/i18n/account.ts";
import { translator } from "#app/i18n/catalogs.ts";
import { orderTranslator } from "#app/i18n/order.ts";
import {
  customerBalanceEntries,
  customers,
  orderLines,
  orderStatusHistory,
  orders,
  outbox,
} from "#db/schema/index.ts";
import { formatDate, formatMoney } from "#domain/format.ts";
import { withdrawalLastDay } from "#domain/withdrawal.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { placeOrder } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The order page and the withdrawal function in the browser (issue 13): a guest opens an order by the link of its
 * e-mail (/order/{publicId}) in Norwegian and Swedish, withdraws from the purchase in two steps with JavaScript
 * (by keyboard) and without, and gets the confirmation e-mail (the .eml in the outbox); a withdrawn and an expired
 * order say so; an unknown id is the localized 404; the page is axe-clean. The account's orders show the lines'
 * names and offer the same withdrawal.
 */
let shop: Shop;
const contexts: Partial<Record<"nb" | "sv", CartContext>> = {};
const skuIds: Record<"nb" | "sv", number[]> = { nb: [], sv: [] };

beforeAll(async () => {
  shop = await startShop({ RATE_LIMITS: "register.ip=1000/3600,auth.challenge.ip=1000/60,login.ip=1000/60" });
  const db = shop.db.db;
  const ref = await createReferenceCache(db).get();
  for (const [lang, channelId, languageId, market] of [
    ["nb", "2|no", "nb-NO", "no"],
    ["sv", "1|se", "sv-SE", "se"],
  ] as const) {
    contexts[lang] = { ref, locale: resolveLocale(ref, { channelId, languageId, marketId: market }).locale };
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select s.id from skus s join products p on p.id = s.product_id
          join prices pr on pr.sku_id = s.id and pr.market_alias = ${market}
          where p.type = 'product' and p.active and s.active order by s.id limit 4`,
    );
    skuIds[lang] = rows.map((r) => Number(r.id));
    await db.execute(
      sql`update skus set in_stock = 1000, static = 0 where id in ${sql.raw(`(${skuIds[lang].join(",")})`)}`,
    );
  }
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const noScript = setupBrowser({ javaScriptEnabled: false });
const url = (path: string) => new URL(path, shop.origin).href;

const BUYERS = {
  nb: {
    email: "kari@example.no",
    customerType: "PERSON",
    identityNumber: "17054026641",
    billingAddress: {
      firstName: "Kari",
      lastName: "Nordmann",
      addressLine1: "Karl Johans gate 1",
      zip: "0154",
      city: "Oslo",
      mobile: "41234567",
    },
    zip: "0154",
    shippingOptionId: "own:pickup-point",
    paymentMethod: "invoice",
    acceptedTerms: true,
  },
  sv: {
    email: "sven@example.se",
    customerType: "PERSON",
    identityNumber: "900101-0017",
    billingAddress: {
      firstName: "Sven",
      lastName: "Svensson",
      addressLine1: "Storgatan 1",
      zip: "11434",
      city: "Stockholm",
      mobile: "0701234567",
    },
    zip: "11434",
    shippingOptionId: "own:pickup-point",
    paymentMethod: "invoice",
    acceptedTerms: true,
  },
};

const LOCALES = {
  nb: { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
  sv: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
};

interface Made {
  id: number;
  publicId: string;
  number: string;
  names: string[];
}

/**
 * Places an invoice order of two lines in the language's market: the cart by the cart service, the order through
 * the API's placeOrder (the shop's own payment sandbox authorises it, so it can cancel it on a withdrawal).
 */
async function makeOrder(lang: "nb" | "sv", email?: string): Promise<Made> {
  const ctx = contexts[lang];
  if (!ctx) throw new Error("no context");
  const [a, b] = skuIds[lang];
  let cartId: string | null = null;
  for (const [skuId, quantity] of [
    [a, 2],
    [b, 1],
  ] as const)
    cartId = (await addToCart(shop.db.db, ctx, cartId, { skuId: skuId as number, quantity })).id;
  if (!cartId) throw new Error("no cart");
  const { body } = await gql(shop.origin, {
    query: `mutation Place($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $marketId: String, $languageId: String) {
      placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) { orderId publicId status }
    }`,
    variables: { ...LOCALES[lang], cartId, checkout: { ...BUYERS[lang], ...(email ? { email } : {}) } },
  });
  expect(body.errors).toBeUndefined();
  const publicId = body.data.placeOrder.publicId as string;
  const [order] = await shop.db.db
    .select({ id: orders.id, number: orders.orderNumber })
    .from(orders)
    .where(eq(orders.publicId, publicId));
  if (!order) throw new Error("no order");
  const lines = await shop.db.db
    .select({ name: orderLines.name })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  return { id: order.id, publicId, number: order.number ?? "", names: lines.map((l) => l.name) };
}

/** Marks the order delivered `daysAgo` days ago (completed, with its moment in the history); answers the moment. */
async function delivered(order: Made, daysAgo: number): Promise<Date> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await shop.db.db.update(orders).set({ status: "completed" }).where(eq(orders.id, order.id));
  await shop.db.db.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: "received",
    toStatus: "completed",
    reason: "test",
    createdAt: at,
  });
  return at;
}

const orderPath = (lang: "nb" | "sv", publicId: string) => `${lang === "sv" ? "/sv" : ""}/order/${publicId}`;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  if (page.context() !== noScript.context) await hydrated(page);
  return response;
}

async function shows(locator: Locator) {
  await expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The withdrawal e-mail of the order was sent (the outbox job done) and lies in the outbox folder as an .eml. */
async function withdrawalMail(order: Made, lang: "nb" | "sv"): Promise<string> {
  let found = "";
  const receipt = lang === "sv" ? "kvitto" : "kvitteringen";
  await expect
    .poll(
      async () => {
        const [job] = await shop.db.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(eq(outbox.dedupeKey, `order.withdrawal:${order.publicId}`));
        if (job?.status !== "done") return false;
        const files = await readdir(shop.outboxDir).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith(".eml"))) {
          const text = (await readFile(join(shop.outboxDir, file), "utf8"))
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "=");
          if (text.includes(`/order/${order.publicId}`) && text.includes(receipt)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found;
}

async function withdrawnAt(order: Made) {
  const [row] = await shop.db.db
    .select({ withdrawnAt: orders.withdrawnAt, status: orders.status })
    .from(orders)
    .where(eq(orders.id, order.id));
  return row;
}

describe.each(["nb", "sv"] as const)("the order page in %s", (lang) => {
  const t = orderTranslator(lang);
  const shell = translator(lang);

  it("opens the order from its link: number, status, lines with names and article numbers, totals; private and noindex", async () => {
    const order = await makeOrder(lang);
    const { page } = session;
    const response = await open(page, orderPath(lang, order.publicId));
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      t("order.heading", { number: order.number }),
    );
    expect(await page.locator("[data-order-status]").textContent()).toBe(t("order.status.received"));
    const names = await page.locator("[data-order-line] [data-line-name]").allTextContents();
    expect(names).toEqual(order.names);
    expect(await page.locator("[data-order-line] [data-line-quantity]").allTextContents()).toEqual([
      "2",
      "1",
    ]);
    expect(await page.locator("[data-order-total]").textContent()).toMatch(lang === "sv" ? /kr/ : /kr/);
    expect(await page.getByRole("heading", { name: t("order.billing") }).count()).toBe(1);
    const [option] = await queryRows<{ names: Record<string, string> }>(
      shop.db.db,
      sql`select names from shipping_options where key = 'pickup-point' and market_alias = ${lang === "sv" ? "se" : "no"}`,
    );
    expect(await page.locator("[data-order-shipping]").textContent()).toBe(
      option?.names[lang === "sv" ? "sv-SE" : "nb-NO"],
    );
    expect(await page.getByRole("button", { name: t("withdrawal.start") }).count()).toBe(1);
  });

  it("withdraws in two steps with JavaScript, by keyboard; the confirmation e-mail is sent", async () => {
    const order = await makeOrder(lang);
    const { page } = session;
    await open(page, orderPath(lang, order.publicId));
    const start = page.getByRole("button", { name: t("withdrawal.start") });
    await start.focus();
    await page.keyboard.press("Enter");
    const confirmHeading = page.getByRole("heading", { name: t("withdrawal.confirm.heading") });
    await shows(confirmHeading);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toBe(t("withdrawal.confirm.heading"));
    await shows(page.getByText(t("withdrawal.confirm.text", { number: order.number })));
    await shows(page.getByText(t("withdrawal.confirm.beforeDelivery")));
    // Nothing is withdrawn by the first step.
    expect((await withdrawnAt(order))?.withdrawnAt).toBeNull();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toBe(
      t("withdrawal.confirm.yes"),
    );
    await page.keyboard.press("Enter");
    await shows(page.getByText(t("withdrawal.done", { number: order.number })));
    await shows(page.locator('[data-withdrawal-state="withdrawn"]'));
    const row = await withdrawnAt(order);
    expect(row?.withdrawnAt).not.toBeNull();
    expect(row?.status).toBe("cancelled");
    await withdrawalMail(order, lang);
  });

  it("withdraws in two steps without JavaScript (forms posted to the page)", async () => {
    const order = await makeOrder(lang);
    const { page } = noScript;
    await open(page, orderPath(lang, order.publicId));
    await page.getByRole("button", { name: t("withdrawal.start") }).click();
    await shows(page.getByRole("heading", { name: t("withdrawal.confirm.heading") }));
    expect((await withdrawnAt(order))?.withdrawnAt).toBeNull();
    // Cancelling goes back to the first step, nothing withdrawn.
    await page.getByRole("link", { name: t("withdrawal.confirm.cancel") }).click();
    await shows(page.getByRole("button", { name: t("withdrawal.start") }));
    await page.getByRole("button", { name: t("withdrawal.start") }).click();
    await page.getByRole("button", { name: t("withdrawal.confirm.yes") }).click();
    await shows(page.getByText(t("withdrawal.done", { number: order.number })));
    expect((await withdrawnAt(order))?.withdrawnAt).not.toBeNull();
    const mail = await withdrawalMail(order, lang);
    expect(mail).toContain(order.number);
  });

  it("an order already withdrawn says when; an expired one says its last day; a delivered one offers withdrawal until a day", async () => {
    const languageId = lang === "sv" ? "sv-SE" : "nb-NO";
    const long = (day: string) => formatDate(`${day}T12:00:00Z`, languageId, { style: "long" });
    const withdrawn = await makeOrder(lang);
    const { body } = await gql(shop.origin, {
      query: `mutation W($id: Guid!) { withdrawFromOrder(publicOrderId: $id) { withdrawal { withdrawnAt } } }`,
      variables: { id: withdrawn.publicId },
    });
    expect(body.errors).toBeUndefined();
    const done = { withdrawnAt: new Date(body.data.withdrawFromOrder.withdrawal.withdrawnAt as string) };
    const expired = await makeOrder(lang);
    const expiredAt = await delivered(expired, 40);
    const recent = await makeOrder(lang);
    const recentAt = await delivered(recent, 2);
    const { page } = session;
    await open(page, orderPath(lang, withdrawn.publicId));
    const state = page.locator("[data-withdrawal-state]");
    expect(await state.getAttribute("data-withdrawal-state")).toBe("withdrawn");
    expect(await state.textContent()).toBe(
      t("withdrawal.withdrawn", { date: formatDate(done.withdrawnAt, languageId, { style: "long" }) }),
    );
    expect(await page.getByRole("button", { name: t("withdrawal.start") }).count()).toBe(0);

    await open(page, orderPath(lang, expired.publicId));
    expect(await state.getAttribute("data-withdrawal-state")).toBe("expired");
    expect(await state.textContent()).toBe(
      t("withdrawal.expired", { date: long(withdrawalLastDay(expiredAt)) }),
    );
    expect(await page.getByRole("button", { name: t("withdrawal.start") }).count()).toBe(0);
    expect(await page.locator("[data-order-status]").textContent()).toBe(t("order.status.completed"));

    await open(page, orderPath(lang, recent.publicId));
    const lastDay = long(withdrawalLastDay(recentAt));
    expect(await page.locator("[data-withdrawal-start] p").textContent()).toBe(
      t("withdrawal.openUntil", { date: lastDay }),
    );
    await page.getByRole("button", { name: t("withdrawal.start") }).click();
    await shows(page.getByText(t("withdrawal.confirm.lastDay", { date: lastDay })));
  });

  it("an unknown id is the localized not-found page (404)", async () => {
    const { page } = session;
    session.errors.allow(/404/);
    const response = await open(page, orderPath(lang, "0b6cbe57-2b1e-4c1d-9d0b-2d3b8c2f5a11"));
    expect(response.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(shell("error.notFound"));
    const malformed = await page.goto(url(orderPath(lang, "not-an-id")));
    expect(malformed?.status()).toBe(404);
  });

  it("is accessible: the order page and its withdrawal's second step have no serious or critical axe violation", async () => {
    const order = await makeOrder(lang);
    const { page } = session;
    await open(page, orderPath(lang, order.publicId));
    expect(describeViolations(await axe(page)), "order").toEqual([]);
    await page.getByRole("button", { name: t("withdrawal.start") }).click();
    await shows(page.getByRole("heading", { name: t("withdrawal.confirm.heading") }));
    expect(describeViolations(await axe(page)), "confirm").toEqual([]);
  });
});

/** Registers through the auth endpoint (the protocol of API.md) and answers the token. */
describe.each(["nb", "sv"] as const)("the account's orders in %s", (lang) => {
  const t = orderTranslator(lang);
  const ordersPath = lang === "sv" ? "/sv/mina-sidor/ordrar" : "/min-konto/bestillinger";

  it("show each line's name and offer the withdrawal in two steps, with JavaScript and without", async () => {
    const email = `orders-${lang}-${Date.now().toString(36)}@example.com`;
    const token = await registerByApi(shop.origin, email, "Fjelltur-2026!");
    const [customer] = await shop.db.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    const first = await makeOrder(lang, email);
    const second = await makeOrder(lang, email);
    await shop.db.db.execute(
      sql`update orders set customer_id = ${customer?.id ?? 0} where id in (${first.id}, ${second.id})`,
    );
    for (const [browser, order] of [
      [session, first],
      [noScript, second],
    ] as const) {
      await browser.context.addCookies([{ name: "mili-auth", value: token, url: shop.origin }]);
      const { page } = browser;
      await open(page, ordersPath);
      const item = page.locator(`[data-order="${order.publicId}"]`);
      await shows(item);
      expect(await item.locator("[data-order-line]").first().textContent()).toContain(order.names[0]);
      // The order's number leads to its own page (the one the e-mail links to).
      const link = new URL((await item.locator("h2 a").getAttribute("href")) ?? "", shop.origin);
      expect(link.pathname).toBe(`${lang === "sv" ? "/sv" : ""}/order/${order.publicId}`);
      await item.getByRole("button", { name: t("withdrawal.start") }).click();
      await shows(item.getByText(t("withdrawal.confirm.text", { number: order.number })));
      // Only this order asks for confirmation.
      expect(await page.locator("[data-withdrawal-confirm]").count()).toBe(1);
      await item.getByRole("button", { name: t("withdrawal.confirm.yes") }).click();
      await shows(item.getByText(t("withdrawal.done", { number: order.number })));
      expect((await withdrawnAt(order))?.withdrawnAt).not.toBeNull();
      await withdrawalMail(order, lang);
    }
  });
  it("the balance page shows the balance's history: each movement with its date, what it was and its amount", async () => {
    const email = `balance-${lang}-${Date.now().toString(36)}@example.com`;
    const token = await registerByApi(shop.origin, email, "Fjelltur-2026!");
    const [customer] = await shop.db.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    const order = await makeOrder(lang, email);
    const currency = lang === "sv" ? "SEK" : "NOK";
    const languageId = lang === "sv" ? "sv-SE" : "nb-NO";
    await shop.db.db.insert(customerBalanceEntries).values([
      {
        customerId: customer?.id ?? 0,
        currencyCode: currency,
        amountMinor: 50_000,
        reason: "giftCard",
        createdAt: new Date("2026-11-01T10:00:00Z"),
      },
      {
        customerId: customer?.id ?? 0,
        currencyCode: currency,
        amountMinor: -12_050,
        reason: "purchase",
        orderId: order.id,
        createdAt: new Date("2026-11-20T10:00:00Z"),
      },
    ]);
    const { page } = noScript;
    await noScript.context.addCookies([{ name: "mili-auth", value: token, url: shop.origin }]);
    await open(page, lang === "sv" ? "/sv/mina-sidor/saldo" : "/min-konto/saldo");
    const account = accountTranslator(lang);
    await shows(page.locator("[data-balance-history]"));
    const rows = await page
      .locator("[data-balance-entry]")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
      );
    expect(rows).toEqual([
      [
        formatDate("2026-11-20T10:00:00Z", languageId),
        `${account("balance.reason.purchase")} (${account("orders.order", { id: order.number })})`,
        formatMoney(-12_050, currency, languageId),
      ],
      [
        formatDate("2026-11-01T10:00:00Z", languageId),
        account("balance.reason.giftCard"),
        formatMoney(50_000, currency, languageId),
      ],
    ]);
    expect(await page.locator("[data-balances] dd").textContent()).toBe(
      formatMoney(37_950, currency, languageId),
    );
  });
});

describe("a withdrawal whose later step fails", () => {
  it("still gives the shopper the receipt once the withdrawal is recorded (the payment provider could not cancel)", async () => {
    // An order authorised by a payment sandbox the shop does not know (as after a restart of the in-memory
    // invoice sandbox): recording the withdrawal works, cancelling the payment fails.
    const ctx = contexts.nb;
    if (!ctx) throw new Error("no context");
    const cartId = (await addToCart(shop.db.db, ctx, null, { skuId: skuIds.nb[0] as number, quantity: 1 }))
      .id;
    const placed = await placeOrder(
      { db: shop.db.db, payments: { INVOICE: new SandboxInvoiceProvider() } },
      ctx,
      cartId,
      {
        email: BUYERS.nb.email,
        customerType: "PERSON",
        identityNumber: BUYERS.nb.identityNumber,
        billingAddress: { ...BUYERS.nb.billingAddress, phone: BUYERS.nb.billingAddress.mobile },
        phone: BUYERS.nb.billingAddress.mobile,
        zip: BUYERS.nb.zip,
        paymentMethodKey: "invoice",
        shippingOptionId: "pickup-point",
        acceptedTerms: true,
      },
    );
    const order = {
      id: placed.orderId,
      publicId: placed.publicId,
      number: placed.orderNumber ?? "",
      names: [],
    };
    const t = orderTranslator("nb");
    const { page } = noScript;
    await open(page, orderPath("nb", order.publicId));
    await page.getByRole("button", { name: t("withdrawal.start") }).click();
    await page.getByRole("button", { name: t("withdrawal.confirm.yes") }).click();
    await shows(page.getByText(t("withdrawal.done", { number: order.number })));
    expect(await page.locator("[data-withdrawal-failed]").count()).toBe(0);
    expect((await withdrawnAt(order))?.withdrawnAt).not.toBeNull();
    await withdrawalMail(order, "nb");
  });
});
