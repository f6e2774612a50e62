import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  checkoutSessions,
  customerBalanceEntries,
  customers,
  favorites,
  loginTokens,
  newsletterSubscriptions,
  orderStatusHistory,
  orders,
  productQuestions,
  products,
  refreshTokens,
  refunds,
  reviews,
} from "#db/schema/index.ts";
import { ERASED_AUTHOR, ERASED_ORDER_EMAIL } from "#domain/erasure.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * A customer's data in the back office (issue 15, decision 0053): sessions (list, end one or all), the GDPR access
 * export and the GDPR erasure — each permission-checked and in the audit log, the erasure refused while an order is
 * open, idempotent, and its audit entry free of the erased data. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let as: Record<"owner" | "staff" | "support", string>;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  as = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
});
afterAll(async () => {
  await shop?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

const call = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  adminCall(shop, cookie, query, variables);

/** A registered shopper (two sessions, a review, a question, a favourite, a newsletter subscription). */
async function customer(email: string) {
  const token = await registerByApi(shop.origin, email);
  await registerSecondSession(email);
  const id = Number(decodeJwt(token).sub);
  const db = shop.db.db;
  await db
    .update(customers)
    .set({
      firstName: "Kari",
      lastName: "Nordmann",
      phone: "+4791234567",
      address: "Storgata 1",
      zip: "0155",
    })
    .where(eq(customers.id, id));
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const productId = product?.id ?? 0;
  await db.insert(reviews).values({
    productId,
    customerId: id,
    languageId: "nb-NO",
    author: "Kari N.",
    comment: "Veldig bra",
    rating: 5,
    status: "approved",
  });
  await db.insert(productQuestions).values({
    productId,
    customerId: id,
    languageId: "nb-NO",
    author: "Kari N.",
    question: "Tåler den vask?",
  });
  await db.insert(favorites).values({ customerId: id, productId });
  await db.insert(newsletterSubscriptions).values({ email, channelId: "2|no", languageId: "nb-NO" });
  return { id, token };
}

async function registerSecondSession(email: string) {
  // A second browser: signing in again starts a second session (a second refresh-token family).
  const { PASSWORD_SALT_DEFAULT, passwordDigest } = await import("#domain/password.ts");
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${shop.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop.origin, "user-agent": "Second browser" },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const step1 = await post("/auth/login", { username: email });
  const step2 = (await (await fetch(`${shop.origin}/auth/sign/${step1.sign}`)).json()) as {
    signature: string;
  };
  await post("/auth/login", {
    username: email,
    signature: step2.signature,
    password: await passwordDigest("blåbærsyltetøy-2026", PASSWORD_SALT_DEFAULT),
  });
}

async function order(customerId: number, status: string, email: string) {
  const [row] = await shop.db.db
    .insert(orders)
    .values({
      cartId: randomUUID(),
      orderNumber: `G-${randomUUID().slice(0, 8)}`,
      channelId: "2|no",
      marketAlias: "no",
      languageId: "nb-NO",
      currencyCode: "NOK",
      customerId,
      email,
      firstName: "Kari",
      lastName: "Nordmann",
      phone: "+4791234567",
      identityNumber: "01010112345",
      billingAddress: { addressLine1: "Storgata 1" },
      shippingAddress: { addressLine1: "Storgata 1" },
      status,
      itemValueIncVatMinor: 12500,
      itemValueExVatMinor: 10000,
      vatMinor: 2500,
      totalIncVatMinor: 12500,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  return { id: row?.id ?? 0, orderNumber: row?.orderNumber ?? "" };
}

const audits = (action: string) => shop.db.db.select().from(auditLog).where(eq(auditLog.action, action));

const SESSIONS = `query($id: Int!) { customerSessions(customerId: $id) { sessionId userAgent lastUsedAt } }`;
const END = `mutation($id: Int!, $s: String) { endCustomerSessions(customerId: $id, sessionId: $s) }`;
const EXPORT = `mutation($id: Int!) { exportCustomer(customerId: $id) }`;
const ERASE = `mutation($id: Int!, $c: Int!) { eraseCustomer(customerId: $id, confirm: $c) }`;

describe("a customer's sessions", () => {
  it("are listed, one ended, then all; each end is audited; support may, nobody without a session", async () => {
    const { id, token } = await customer("sessions@example.no");
    const listed = await call(as.support, SESSIONS, { id });
    expect(listed.data.customerSessions).toHaveLength(2);
    const [first] = listed.data.customerSessions;
    expect(await call("", SESSIONS, { id })).toMatchObject({ code: "UNAUTHENTICATED" });

    const one = await call(as.support, END, { id, s: first.sessionId });
    expect(one.data.endCustomerSessions).toBe(1);
    expect((await call(as.owner, SESSIONS, { id })).data.customerSessions).toHaveLength(1);
    const all = await call(as.staff, END, { id });
    expect(all.data.endCustomerSessions).toBe(1);
    expect((await call(as.owner, SESSIONS, { id })).data.customerSessions).toEqual([]);
    // The shopper's token no longer opens their account.
    const me = await gql(
      shop.origin,
      { query: "{ getUser { email } }" },
      { authorization: `Bearer ${token}` },
    );
    expect(me.body.data?.getUser ?? null).toBeNull();
    // Nothing left to end: nothing recorded.
    expect((await call(as.staff, END, { id })).data.endCustomerSessions).toBe(0);
    const entries = (await audits("customer.session.end")).filter((e) => e.entityId === String(id));
    const allEntries = (await audits("customer.session.endAll")).filter((e) => e.entityId === String(id));
    expect(entries).toHaveLength(1);
    expect(allEntries).toHaveLength(1);
    expect(allEntries[0]?.actor).toBe("staff@mili.example");
    expect(await call(as.owner, END, { id: 999_999 })).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the GDPR access export", () => {
  it("holds the account, orders with lines, reviews, questions, favourites, consents and sessions; audited without the data", async () => {
    const email = "export@example.no";
    const { id } = await customer(email);
    const placed = await order(id, "completed", email);
    expect(await call(as.support, EXPORT, { id })).toMatchObject({ code: "FORBIDDEN" });
    const answer = await call(as.staff, EXPORT, { id });
    expect(answer.errors).toBeUndefined();
    const doc = JSON.parse(answer.data.exportCustomer);
    expect(doc.format).toBe("mili.customer-export/1");
    expect(doc.account).toMatchObject({ id, email, firstName: "Kari", phone: "+4791234567", zip: "0155" });
    expect(doc.account.passwordHash).toBeUndefined();
    expect(answer.data.exportCustomer).not.toContain("$argon2");
    expect(doc.orders.items).toHaveLength(1);
    expect(doc.orders.items[0]).toMatchObject({
      orderNumber: placed.orderNumber,
      lines: [],
      statusHistory: [],
    });
    // Norway's 5 years after the end of the order's year.
    expect(doc.orders.items[0].keptUntil).toBe(`${new Date().getUTCFullYear() + 6}-01-01T00:00:00.000Z`);
    expect(doc.reviews.items[0]).toMatchObject({ comment: "Veldig bra", rating: 5 });
    expect(doc.questions.items[0]).toMatchObject({ question: "Tåler den vask?" });
    expect(doc.favourites.items).toHaveLength(1);
    expect(doc.consents.newsletterSubscriptions[0]).toMatchObject({ email, channelId: "2|no" });
    expect(doc.sessions.items).toHaveLength(2);
    const [entry] = (await audits("customer.export")).filter((e) => e.entityId === String(id));
    expect(entry?.actor).toBe("staff@mili.example");
    expect(entry?.after).toEqual({ orders: 1, reviews: 1, questions: 1, sessions: 2 });
    expect(JSON.stringify(entry)).not.toContain(email);
    expect(await call(as.owner, EXPORT, { id: 999_999 })).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the GDPR access export and the staff (issue 15)", () => {
  it("names the staff by role or 'staff', never by e-mail; the customer's own addresses stay", async () => {
    const email = "eksport.ansatte@example.no";
    const { id } = await customer(email);
    const placed = await order(id, "completed", "annen.adresse@example.no");
    const db = shop.db.db;
    await db.insert(orderStatusHistory).values([
      {
        orderId: placed.id,
        fromStatus: "received",
        toStatus: "processing",
        reason: "back office: staff@mili.example",
      },
      {
        orderId: placed.id,
        fromStatus: "processing",
        toStatus: "completed",
        reason: "shipped, asked by former.admin@mili.example; customer wrote from annen.adresse@example.no",
      },
    ]);
    await db.insert(refunds).values({
      customerId: id,
      orderId: placed.id,
      currencyCode: "NOK",
      amountMinor: 100,
      status: "completed",
      reason: "damaged (support@mili.example)",
      adminUserId: 1,
      actor: "Owner@Mili.Example",
    });
    await db.insert(customerBalanceEntries).values({
      customerId: id,
      currencyCode: "NOK",
      amountMinor: 100,
      reason: "refund 1: owner@mili.example",
      orderId: placed.id,
    });
    await db.insert(loginTokens).values({
      id: randomUUID(),
      customerId: id,
      issuedBy: "support@mili.example",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const answer = await call(as.owner, EXPORT, { id });
    expect(answer.errors).toBeUndefined();
    const text: string = answer.data.exportCustomer;
    expect(text).not.toMatch(/@mili\.example/i);
    const doc = JSON.parse(text);
    expect(doc.account.email).toBe(email);
    expect(doc.orders.items[0].email).toBe("annen.adresse@example.no");
    expect(doc.orders.items[0].statusHistory.map((h: Json) => h.reason)).toEqual([
      "back office: staff",
      "shipped, asked by staff; customer wrote from annen.adresse@example.no",
    ]);
    expect(doc.refunds.items[0]).toMatchObject({
      reason: "damaged (staff (support))",
      actor: "staff (owner)",
    });
    expect(doc.refunds.items[0].adminUserId).toBeUndefined();
    expect(doc.balance.items[0].reason).toBe("refund 1: staff (owner)");
    expect(doc.loginTokens.items[0].issuedBy).toBe("staff (support)");
    expect(doc.consents.newsletterSubscriptions[0].email).toBe(email);
  });
});

describe("the GDPR erasure", () => {
  it("is refused while an order is open, naming it, and changes nothing", async () => {
    const email = "open@example.no";
    const { id } = await customer(email);
    const open = await order(id, "processing", email);
    const before = (await audits("customer.erase")).length;
    const refused = await call(as.owner, ERASE, { id, c: id });
    expect(refused.code).toBe("OPEN_ORDERS");
    expect(refused.errors?.[0].extensions.orders).toEqual([open.orderNumber]);
    const [row] = await shop.db.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ email, firstName: "Kari", deletedAt: null });
    expect((await audits("customer.erase")).length).toBe(before);
  });

  it("is the owner's, and needs the second step (the id repeated)", async () => {
    const { id } = await customer("steps@example.no");
    expect(await call(as.staff, ERASE, { id, c: id })).toMatchObject({ code: "FORBIDDEN" });
    expect(await call(as.support, ERASE, { id, c: id })).toMatchObject({ code: "FORBIDDEN" });
    expect(await call(as.owner, ERASE, { id, c: id + 1 })).toMatchObject({ code: "BAD_USER_INPUT" });
    const [row] = await shop.db.db.select().from(customers).where(eq(customers.id, id));
    expect(row?.deletedAt).toBeNull();
  });

  it("erases the personal data, ends sessions and tokens, keeps orders anonymised and reviews signed Anonym; idempotent; audited without the data", async () => {
    const email = "erase@example.no";
    const { id, token } = await customer(email);
    const kept = await order(id, "completed", email);
    await order(id, "refunded", email);
    await shop.db.db.insert(loginTokens).values({
      id: `t-${randomUUID()}`,
      customerId: id,
      issuedBy: "owner@mili.example",
      expiresAt: new Date(Date.now() + 600_000),
    });

    // A payment attempt of the account's cart keeps the checkout's input (e-mail, address, identity number).
    const [cart] = await shop.db.db
      .insert(carts)
      .values({ channelId: "2|no", marketAlias: "no", languageId: "nb-NO", customerId: id })
      .returning({ id: carts.id });
    await shop.db.db.insert(checkoutSessions).values({
      cartId: cart?.id ?? "",
      cartVersion: 1,
      paymentMethodKey: "invoice",
      idempotencyKey: randomUUID(),
      data: { email, identityNumber: "01010112345", billingAddress: { addressLine1: "Storgata 1" } },
    });

    const erased = await call(as.owner, ERASE, { id, c: id });
    expect(erased.errors).toBeUndefined();
    expect(erased.data.eraseCustomer).toBe(true);
    const attempts = await shop.db.db
      .select({ data: checkoutSessions.data })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.cartId, cart?.id ?? ""));
    expect(attempts).toEqual([{ data: {} }]);

    const db = shop.db.db;
    const [row] = await db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({
      email: `deleted-${id}@invalid`,
      firstName: null,
      lastName: null,
      phone: null,
      address: null,
      zip: null,
      passwordHash: null,
    });
    expect(row?.deletedAt).not.toBeNull();
    const live = await db.select().from(refreshTokens).where(eq(refreshTokens.customerId, id));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    const tokens = await db.select().from(loginTokens).where(eq(loginTokens.customerId, id));
    expect(tokens.every((t) => t.usedAt !== null)).toBe(true);
    const me = await gql(
      shop.origin,
      { query: "{ getUser { email } }" },
      { authorization: `Bearer ${token}` },
    );
    expect(me.body.data?.getUser ?? null).toBeNull();

    const [order1] = await db.select().from(orders).where(eq(orders.id, kept.id));
    expect(order1).toMatchObject({
      customerId: null,
      email: ERASED_ORDER_EMAIL,
      firstName: null,
      phone: null,
      identityNumber: null,
      billingAddress: {},
      totalIncVatMinor: 12500,
      orderNumber: kept.orderNumber,
    });
    const review = await db.select().from(reviews).where(eq(reviews.comment, "Veldig bra"));
    expect(review.some((r) => r.author === ERASED_AUTHOR && r.customerId === null)).toBe(true);
    expect(await db.select().from(favorites).where(eq(favorites.customerId, id))).toEqual([]);
    expect(
      await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);

    const entries = (await audits("customer.erase")).filter((e) => e.entityId === String(id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toEqual({ erased: true, ordersKeptAnonymised: 2 });
    const text = JSON.stringify(entries[0]);
    for (const personal of [email, "Kari", "Nordmann", "+4791234567", "Storgata"])
      expect(text).not.toContain(personal);

    // Idempotent: again answers false and records nothing; the account is gone from the lists.
    const again = await call(as.owner, ERASE, { id, c: id });
    expect(again.data.eraseCustomer).toBe(false);
    expect((await audits("customer.erase")).filter((e) => e.entityId === String(id))).toHaveLength(1);
    expect(await call(as.owner, EXPORT, { id })).toMatchObject({ code: "NOT_FOUND" });
    expect(await call(as.owner, ERASE, { id: 999_999, c: 999_999 })).toMatchObject({ code: "NOT_FOUND" });
  });

  it("two erasures at once: one erases, the other finds it done; one audit entry", async () => {
    const { id } = await customer("twice@example.no");
    const answers = await Promise.all([
      call(as.owner, ERASE, { id, c: id }),
      call(as.owner, ERASE, { id, c: id }),
    ]);
    expect(answers.map((a) => a.data?.eraseCustomer).sort()).toEqual([false, true]);
    expect((await audits("customer.erase")).filter((e) => e.entityId === String(id))).toHaveLength(1);
  });
});
