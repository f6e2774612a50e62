import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByApi } from "#tests/support/accounts.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Product questions (issue 14): a signed-in shopper asks (refused signed out, each empty field named in the request's
 * language, markup kept as text, at most 10 a day), the merchant answers or turns it down behind the admin key, and
 * an answered question shows on the product in the language it was asked in. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
const ADMIN_KEY = "test-admin-key-questions-012345";
let shop: Shop;
let token: string;
let alias: { nb: string; sv: string; productId: number };
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "5", ADMIN_KEY, RATE_LIMITS: "question.customer=3/86400" });
  token = await registerByApi(shop.origin, `sporsmal-${Date.now().toString(36)}@example.com`);
  const result = await shop.db.db.execute(sql`
    select p.id, nb.alias as nb, sv.alias as sv from products p
    join product_translations nb on nb.product_id = p.id and nb.language_id = 'nb-NO'
    join product_translations sv on sv.product_id = p.id and sv.language_id = 'sv-SE'
    where p.active order by p.id limit 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: number;
    nb: string;
    sv: string;
  }[];
  const row = rows[0];
  if (!row) throw new Error("no product");
  alias = { nb: row.nb, sv: row.sv, productId: Number(row.id) };
  seeded = new Set((await newPending()).map((q) => q.questionId));
});
afterAll(async () => {
  await shop?.close();
});

const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const ASK = `mutation($alias: String!, $author: String!, $question: String!, $channelId: String, $languageId: String, $marketId: String) {
  askProductQuestion(alias: $alias, author: $author, question: $question, channelId: $channelId, languageId: $languageId, marketId: $marketId) }`;
const ask = (variables: Record<string, unknown>, auth: string | null = token, locale = no) =>
  gql(
    shop.origin,
    { query: ASK, variables: { ...locale, ...variables } },
    auth ? { authorization: `Bearer ${auth}` } : {},
  );
const admin = (query: string, variables: Record<string, unknown> = {}, key: string | null = ADMIN_KEY) =>
  gql(shop.origin, { query, variables }, key ? { "x-admin-key": key } : {});
const PENDING = `{ pendingProductQuestions(take: 100) { questionId productId customerId languageId author question askedAt } }`;
type Pending = { questionId: number; languageId: string; question: string; customerId: number | null };
/** The seed's unanswered questions: the tests look at the ones they ask. */
let seeded = new Set<number>();
async function newPending(): Promise<Pending[]> {
  const { body } = await admin(PENDING);
  expect(body.errors).toBeUndefined();
  return (body.data.pendingProductQuestions as Pending[]).filter((q) => !seeded.has(q.questionId));
}
const shown = async (locale: typeof no, productAlias: string) => {
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
      productQuestions(alias: $alias, take: 50, channelId: $channelId, languageId: $languageId, marketId: $marketId) { count questions { question answer author } } }`,
    variables: { ...locale, alias: productAlias },
  });
  expect(body.errors).toBeUndefined();
  return body.data.productQuestions as { count: number; questions: { question: string; answer: string }[] };
};

describe("askProductQuestion", () => {
  it("refuses a shopper who is not signed in, and empty fields with the request's words", async () => {
    const signedOut = await ask({ alias: alias.nb, author: "Kari", question: "Tåler den regn?" }, null);
    expect(signedOut.body.errors?.[0]).toMatchObject({
      message: "Du må logge inn for å stille et spørsmål.",
      extensions: { code: "UNAUTHENTICATED" },
    });
    const empty = await ask({ alias: alias.sv, author: " ", question: "" }, token, se);
    expect(empty.body.errors?.[0]).toMatchObject({
      message: "Detta fält är obligatoriskt",
      extensions: { code: "BAD_USER_INPUT", field: "author", fields: ["author", "question"] },
    });
    const unknown = await ask({ alias: "finnes-ikke", author: "Kari", question: "Hei?" });
    expect(unknown.body.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await newPending()).toEqual([]);
  });

  it("keeps a question for the merchant; answered, it shows in its own language only", async () => {
    expect(
      (await ask({ alias: alias.nb, author: "Kari", question: "Er den <b>vanntett</b>?" })).body,
    ).toEqual({
      data: { askProductQuestion: true },
    });
    expect(
      (await ask({ alias: alias.sv, author: "Sven", question: "Hur stor är den?" }, token, se)).body.data,
    ).toEqual({ askProductQuestion: true });
    const before = await shown(no, alias.nb);
    const forbidden = await admin(PENDING, {}, null);
    expect(forbidden.body.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const pending = await newPending();
    expect(pending.map((q) => [q.languageId, q.question])).toEqual([
      ["nb-NO", "Er den <b>vanntett</b>?"],
      ["sv-SE", "Hur stor är den?"],
    ]);
    expect(pending[0]?.customerId).not.toBeNull();
    const [nbQuestion, svQuestion] = pending as [Pending, Pending];

    const ANSWER = `mutation($id: Int!, $answer: String!) { answerProductQuestion(questionId: $id, answer: $answer) }`;
    const emptyAnswer = await admin(ANSWER, { id: nbQuestion.questionId, answer: "  " });
    expect(emptyAnswer.body.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "answer",
    });
    const unknown = await admin(ANSWER, { id: 999_999, answer: "Ja." });
    expect(unknown.body.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(
      (await admin(ANSWER, { id: nbQuestion.questionId, answer: "Ja, 10 000 mm vannsøyle." })).body.data,
    ).toEqual({
      answerProductQuestion: true,
    });
    const after = await shown(no, alias.nb);
    expect(after.count).toBe(before.count + 1);
    expect(after.questions[0]).toMatchObject({
      question: "Er den <b>vanntett</b>?",
      answer: "Ja, 10 000 mm vannsøyle.",
      author: "Kari",
    });
    // The Swedish question is not answered: it does not show; turned down, it is gone from the queue.
    expect((await shown(se, alias.sv)).questions.map((q) => q.question)).not.toContain("Hur stor är den?");
    const REJECT = `mutation($id: Int!) { rejectProductQuestion(questionId: $id) }`;
    expect((await admin(REJECT, { id: svQuestion.questionId })).body.data).toEqual({
      rejectProductQuestion: true,
    });
    expect((await admin(REJECT, { id: svQuestion.questionId })).body.errors?.[0].extensions.code).toBe(
      "NOT_FOUND",
    );
    expect(await newPending()).toEqual([]);
  });

  it("keeps at most three a day from one customer here (question.customer, 10 by default)", async () => {
    const third = await ask({ alias: alias.nb, author: "Kari", question: "En til?" });
    expect(third.body.data).toEqual({ askProductQuestion: true });
    const fourth = await ask({ alias: alias.nb, author: "Kari", question: "Og en til?" });
    expect(fourth.status).toBe(429);
    expect(fourth.body.errors?.[0].extensions.code).toBe("RATE_LIMITED");
  });
});
