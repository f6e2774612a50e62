import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, reviews } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's API at /admin/graphql (issue 15, decision 0037): its own session cookie, sign-in with a
 * rate limit, permissions per role, an audit entry for every mutation, cross-site requests refused, the shop's
 * tokens worth nothing here. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
const PASSWORD = "korrekt-hest-batteri-stift";
let customerId = 0;
let shopperToken = "";

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  for (const [email, role] of [
    ["owner@mili.example", "owner"],
    ["staff@mili.example", "staff"],
    ["support@mili.example", "support"],
    ["locked@mili.example", "owner"],
  ] as const)
    await createAdminUser(shop.db.db, { email, role, password: PASSWORD });
  shopperToken = (await registerByApi(shop.origin, "kari.admin@example.no")) ?? "";
  customerId = Number(decodeJwt(shopperToken).sub);
});
afterAll(async () => {
  await shop?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

async function admin(
  query: string,
  variables: Record<string, unknown> = {},
  opts: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${shop.origin}/admin/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: shop.origin,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: { data?: Json; errors?: Json[] } = {};
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, setCookie: response.headers.getSetCookie() };
}

const SIGN_IN = `mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { email role may } }`;

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const answer = await admin(SIGN_IN, { email, password });
  expect(answer.body.errors).toBeUndefined();
  const cookie = answer.setCookie.find((c) => c.startsWith("mili-admin="));
  expect(cookie).toBeDefined();
  return (cookie ?? "").split(";")[0] ?? "";
}

async function audits(action: string) {
  return shop.db.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe("signing in", () => {
  it("sets the mili-admin cookie (HttpOnly, SameSite=Strict) and records the sign-in", async () => {
    const answer = await admin(SIGN_IN, { email: "Owner@Mili.example", password: PASSWORD });
    expect(answer.body.data.signIn).toMatchObject({ email: "owner@mili.example", role: "owner" });
    const cookie = answer.setCookie.find((c) => c.startsWith("mili-admin=")) ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/;/);
    const me = await admin(`{ me { email role } }`, {}, { cookie: cookie.split(";")[0] });
    expect(me.body.data.me).toEqual({ email: "owner@mili.example", role: "owner" });
    expect((await audits("admin.signIn")).length).toBeGreaterThan(0);
  });

  it("a wrong password or an unknown e-mail: WRONG_CREDENTIALS, no cookie", async () => {
    for (const [email, password] of [
      ["staff@mili.example", "wrong-password-123"],
      ["nobody@mili.example", PASSWORD],
    ]) {
      const answer = await admin(SIGN_IN, { email, password });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("WRONG_CREDENTIALS");
      expect(answer.body.data).toBeNull();
      expect(answer.setCookie).toEqual([]);
    }
  });

  it("too many wrong passwords on one admin: RATE_LIMITED (429), even with the right one afterwards", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await admin(SIGN_IN, { email: "locked@mili.example", password: `wrong-${i}-password` });
      codes.push(answer.body.errors?.[0]?.extensions?.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("WRONG_CREDENTIALS"));
    expect(codes[5]).toBe("RATE_LIMITED");
    const right = await admin(SIGN_IN, { email: "locked@mili.example", password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect(right.setCookie).toEqual([]);
  });

  it("signing out ends the session", async () => {
    const cookie = await signIn("staff@mili.example");
    expect((await admin(`mutation { signOut }`, {}, { cookie })).body.data.signOut).toBe(true);
    const me = await admin(`{ me { email } }`, {}, { cookie });
    expect(me.body.data.me).toBeNull();
    expect((await audits("admin.signOut")).map((e) => e.actor)).toContain("staff@mili.example");
  });

  it("the admin's language is kept on the user and recorded", async () => {
    const cookie = await signIn("support@mili.example");
    const chosen = await admin(`mutation { setLanguage(language: sv) { language } }`, {}, { cookie });
    expect(chosen.body.data.setLanguage).toEqual({ language: "sv" });
    expect((await admin(`{ me { language } }`, {}, { cookie })).body.data.me).toEqual({ language: "sv" });
    const entries = (await audits("admin.language")).filter((e) => e.actor === "support@mili.example");
    expect(entries.at(-1)).toMatchObject({ before: { language: "en" }, after: { language: "sv" } });
    await admin(`mutation { setLanguage(language: en) { language } }`, {}, { cookie });
  });
});

describe("sessions", () => {
  it("every admin field needs a session: UNAUTHENTICATED without one", async () => {
    for (const query of [
      `{ pendingReviews { reviewId } }`,
      `{ orders { total } }`,
      `{ customers { total } }`,
      `mutation { moderateReview(reviewId: 1, accept: true) }`,
    ]) {
      const answer = await admin(query);
      expect(answer.body.errors?.[0]?.extensions?.code, query).toBe("UNAUTHENTICATED");
    }
  });

  it("a shopper's token opens nothing: as a bearer, as mili-auth, or put in the mili-admin cookie", async () => {
    for (const opts of [
      { headers: { authorization: `Bearer ${shopperToken}` } },
      { cookie: `mili-auth=${shopperToken}` },
      { cookie: `mili-admin=${shopperToken}` },
    ]) {
      const answer = await admin(`{ me { email } pendingReviews { reviewId } }`, {}, opts);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("the shop's /graphql knows no admin field, and /admin/graphql no shop field", async () => {
    const shopAnswer = await gql(shop.origin, { query: `{ pendingReviews { reviewId } }` });
    expect(shopAnswer.body.errors?.[0]?.message).toMatch(/Cannot query field "pendingReviews"/);
    const cookie = await signIn("owner@mili.example");
    const adminAnswer = await admin(`{ channels { id } }`, {}, { cookie });
    expect(adminAnswer.body.errors?.[0]?.message).toMatch(/Cannot query field "channels"/);
  });
});

describe("cross-site requests", () => {
  it("are refused with 403 before anything runs: another Origin, Sec-Fetch-Site cross-site, no proof at all", async () => {
    const cookie = await signIn("owner@mili.example");
    const pending = await shop.db.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.status, "pending"));
    const id = pending[0]?.id ?? 0;
    const before = (await audits("review.moderate")).length;
    const crossSiteHeaders: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: shop.origin, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSiteHeaders) {
      const answer = await admin(
        `mutation($id: Int!) { moderateReview(reviewId: $id, accept: true) }`,
        { id },
        {
          cookie,
          headers,
        },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("CSRF_REFUSED");
    }
    const bare = await fetch(`${shop.origin}/admin/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ query: `mutation { moderateReview(reviewId: ${id}, accept: true) }` }),
    });
    expect(bare.status).toBe(403);
    const form = await fetch(`${shop.origin}/admin/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: shop.origin, cookie },
      body: JSON.stringify({ query: `mutation { moderateReview(reviewId: ${id}, accept: true) }` }),
    });
    expect(form.status).toBe(415);
    const get = await fetch(`${shop.origin}/admin/graphql?query=${encodeURIComponent("{ me { email } }")}`, {
      headers: { cookie },
    });
    expect(get.status).toBe(405);
    const [review] = await shop.db.db
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, id));
    expect(review?.status).toBe("pending");
    expect((await audits("review.moderate")).length).toBe(before);
  });
});

describe("moderation", () => {
  it("accepting a review: shown and counted, one audit entry with before and after, in the same transaction", async () => {
    const cookie = await signIn("support@mili.example");
    const list = await admin(`{ pendingReviews(take: 100) { reviewId productName author } }`, {}, { cookie });
    expect(list.body.errors).toBeUndefined();
    const first = list.body.data.pendingReviews[0];
    expect(first.productName).not.toBe("");
    const answer = await admin(
      `mutation($id: Int!) { moderateReview(reviewId: $id, accept: true) }`,
      { id: first.reviewId },
      { cookie },
    );
    expect(answer.body.data.moderateReview).toBe(true);
    const entries = (await audits("review.moderate")).filter((e) => e.entityId === String(first.reviewId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: "support@mili.example",
      entity: "review",
      before: { status: "pending" },
      after: { status: "approved" },
    });
    const again = await admin(`{ pendingReviews(take: 100) { reviewId } }`, {}, { cookie });
    expect(again.body.data.pendingReviews.map((r: { reviewId: number }) => r.reviewId)).not.toContain(
      first.reviewId,
    );
  });

  it("an unknown review: NOT_FOUND, nothing recorded", async () => {
    const cookie = await signIn("support@mili.example");
    const before = (await audits("review.moderate")).length;
    const answer = await admin(
      `mutation { moderateReview(reviewId: 999999, accept: false) }`,
      {},
      { cookie },
    );
    expect(answer.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await audits("review.moderate")).length).toBe(before);
  });

  it("questions: an empty answer is refused with field answer; answering and rejecting are each recorded", async () => {
    const ask = await gql(
      shop.origin,
      {
        query: `mutation($alias: String!) { askProductQuestion(alias: $alias, author: "Kari", question: "Tåler den vask?", channelId: "2|no", languageId: "nb-NO") }`,
        variables: { alias: await firstAlias() },
      },
      { authorization: `Bearer ${shopperToken}` },
    );
    expect(ask.body.errors).toBeUndefined();
    await gql(
      shop.origin,
      {
        query: `mutation($alias: String!) { askProductQuestion(alias: $alias, author: "Kari", question: "Og i tørketrommel?", channelId: "2|no", languageId: "nb-NO") }`,
        variables: { alias: await firstAlias() },
      },
      { authorization: `Bearer ${shopperToken}` },
    );
    const cookie = await signIn("staff@mili.example");
    const list = await admin(`{ pendingQuestions(take: 100) { questionId question } }`, {}, { cookie });
    const mine = list.body.data.pendingQuestions.filter((q: { question: string }) =>
      ["Tåler den vask?", "Og i tørketrommel?"].includes(q.question),
    );
    expect(mine).toHaveLength(2);
    const empty = await admin(
      `mutation($id: Int!) { answerQuestion(questionId: $id, answer: "   ") }`,
      { id: mine[0].questionId },
      { cookie },
    );
    expect(empty.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "answer" });
    const answered = await admin(
      `mutation($id: Int!) { answerQuestion(questionId: $id, answer: "Ja, på 40 grader.") }`,
      { id: mine[0].questionId },
      { cookie },
    );
    expect(answered.body.data.answerQuestion).toBe(true);
    const rejected = await admin(
      `mutation($id: Int!) { rejectQuestion(questionId: $id) }`,
      { id: mine[1].questionId },
      { cookie },
    );
    expect(rejected.body.data.rejectQuestion).toBe(true);
    expect((await audits("question.answer")).map((e) => e.entityId)).toEqual([String(mine[0].questionId)]);
    const reject = await audits("question.reject");
    expect(reject.map((e) => e.entityId)).toEqual([String(mine[1].questionId)]);
    expect(reject[0]?.before).toMatchObject({ question: "Og i tørketrommel?" });
  });
});

async function firstAlias(): Promise<string> {
  const { body } = await gql(shop.origin, {
    query: `{ products(take: 1, filter: {sort: NONE}, channelId: "2|no", languageId: "nb-NO") { products { alias } } }`,
  });
  return body.data.products.products[0].alias;
}

async function placeOrder(status = "received"): Promise<number> {
  const [row] = await shop.db.db
    .insert(orders)
    .values({
      cartId: randomUUID(),
      orderNumber: `T-${randomUUID().slice(0, 8)}`,
      channelId: "2|no",
      marketAlias: "no",
      languageId: "nb-NO",
      currencyCode: "NOK",
      customerId,
      email: "kari.admin@example.no",
      firstName: "Kari",
      lastName: "Nordmann",
      billingAddress: {},
      shippingAddress: {},
      status,
      itemValueIncVatMinor: 12500,
      itemValueExVatMinor: 10000,
      vatMinor: 2500,
      totalIncVatMinor: 12500,
    })
    .returning({ id: orders.id });
  return row?.id ?? 0;
}

describe("orders", () => {
  it("lists with search and status filter, paginated; detail names the machine's next statuses", async () => {
    const a = await placeOrder("received");
    const b = await placeOrder("processing");
    const cookie = await signIn("support@mili.example");
    const all = await admin(`{ orders(take: 1) { total orders { orderId } } }`, {}, { cookie });
    expect(all.body.data.orders.total).toBeGreaterThanOrEqual(2);
    expect(all.body.data.orders.orders).toHaveLength(1);
    const filtered = await admin(
      `{ orders(statuses: [processing], search: "nordmann") { total orders { orderId status name } } }`,
      {},
      { cookie },
    );
    expect(filtered.body.data.orders.orders.map((o: { orderId: number }) => o.orderId)).toContain(b);
    expect(filtered.body.data.orders.orders.map((o: { orderId: number }) => o.orderId)).not.toContain(a);
    const detail = await admin(
      `query($id: Int!) { order(orderId: $id) { order { status nextStatuses } lines { name } } }`,
      { id: a },
      { cookie },
    );
    expect(detail.body.data.order.order).toEqual({
      status: "received",
      nextStatuses: ["processing", "cancelled", "refunded"],
    });
  });

  it("support may not move an order (FORBIDDEN); staff may, along the machine only, each move recorded", async () => {
    const id = await placeOrder("received");
    const move = `mutation($id: Int!, $to: OrderStatus!) { changeOrderStatus(orderId: $id, status: $to) }`;
    const support = await signIn("support@mili.example");
    const refused = await admin(move, { id, to: "processing" }, { cookie: support });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const staff = await signIn("staff@mili.example");
    const skip = await admin(move, { id, to: "completed" }, { cookie: staff });
    expect(skip.body.errors?.[0]?.extensions).toMatchObject({
      code: "TRANSITION_REFUSED",
      reason: "notAllowed",
    });
    const ok = await admin(move, { id, to: "processing" }, { cookie: staff });
    expect(ok.body.data.changeOrderStatus).toBe("processing");
    const entries = (await audits("order.status")).filter((e) => e.entityId === String(id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: "staff@mili.example",
      before: { status: "received" },
      after: { status: "processing" },
    });
  });
});

describe("customers", () => {
  it("search, view, and shop as: a login token with act naming the admin, recorded in the audit log", async () => {
    const cookie = await signIn("support@mili.example");
    const found = await admin(
      `{ customers(search: "kari.admin") { total customers { customerId email } } }`,
      {},
      {
        cookie,
      },
    );
    expect(found.body.data.customers.customers).toEqual([{ customerId, email: "kari.admin@example.no" }]);
    const view = await admin(
      `query($id: Int!) { customer(customerId: $id) { customer { email } orders { orderId } } }`,
      { id: customerId },
      { cookie },
    );
    expect(view.body.data.customer.customer.email).toBe("kari.admin@example.no");
    const issued = await admin(
      `mutation($id: Int!) { shopAsCustomer(customerId: $id, path: "/min-konto") { loginToken url customerId } }`,
      { id: customerId },
      { cookie },
    );
    expect(issued.body.errors).toBeUndefined();
    const { loginToken, url } = issued.body.data.shopAsCustomer;
    expect(decodeJwt(loginToken).act).toEqual({ sub: "support@mili.example" });
    expect(new URL(url).pathname).toBe("/min-konto");
    const entries = (await audits("customer.shopAs")).filter((e) => e.entityId === String(customerId));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor).toBe("support@mili.example");
    const unknown = await admin(`mutation { shopAsCustomer(customerId: 999999) { url } }`, {}, { cookie });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("only the owner reads the audit log", async () => {
    const staff = await signIn("staff@mili.example");
    const refused = await admin(`{ auditLog { id } }`, {}, { cookie: staff });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const owner = await signIn("owner@mili.example");
    const log = await admin(`{ auditLog(take: 5) { actor action } }`, {}, { cookie: owner });
    expect(log.body.data.auditLog.length).toBeGreaterThan(0);
  });
});
