import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByApi } from "#tests/support/accounts.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The newsletter's double opt-in (issue 14): a sign-up is pending until its owner follows the e-mail's link; the
 * e-mail (through the outbox) carries the confirm link, an unsubscribe link and the one-click List-Unsubscribe
 * headers; a forged link changes nothing; the account's newsletter flag follows the address and the address
 * follows the account's choice. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({
    SEED_PRODUCTS: "5",
    RATE_LIMITS:
      "newsletter.ip=1000/60,newsletter.address=100/60,register.ip=100/60,auth.challenge.ip=100/60",
  });
});
afterAll(async () => {
  await shop?.close();
});

const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}-${counter++}@example.com`;

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc checking queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const SUBSCRIBE = `mutation($email: String!, $channelId: String, $languageId: String, $marketId: String) {
  subscribeToNewsletter(email: $email, tags: ["test"], channelId: $channelId, languageId: $languageId, marketId: $marketId) }`;
const subscribe = (email: string, locale = no) =>
  gql(shop.origin, { query: SUBSCRIBE, variables: { ...locale, email } });

const follow = (kind: "confirm" | "unsubscribe", id: number, token: string, locale = no) =>
  gql(shop.origin, {
    query: `mutation($id: Int!, $token: String!, $channelId: String, $languageId: String, $marketId: String) {
      ${kind === "confirm" ? "confirmNewsletterSubscription" : "unsubscribeFromNewsletter"}(id: $id, token: $token, channelId: $channelId, languageId: $languageId, marketId: $marketId) }`,
    variables: { ...locale, id, token },
  });

async function subscription(email: string) {
  const [row] = await rows(
    sql`select id, confirmed_at, unsubscribed_at from newsletter_subscriptions where email = ${email}`,
  );
  return row as { id: number; confirmed_at: unknown; unsubscribed_at: unknown } | undefined;
}
async function confirmJobs(id: number) {
  const [row] = await rows(
    sql`select count(*)::int as n from outbox where kind = 'mail.newsletterConfirm' and payload->>'subscriptionId' = ${String(id)}`,
  );
  return Number(row.n);
}

/** The raw newsletter e-mails to `to` in the outbox folder, folded header lines unfolded. */
function rawMailsTo(to: string): string[] {
  if (!existsSync(shop.outboxDir)) return [];
  return readdirSync(shop.outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(shop.outboxDir, f), "utf8").replace(/\r?\n[ \t]+/g, " "))
    .filter((raw) => raw.includes(`To: ${to}`) && raw.includes("/newsletter/one-click"));
}

/** The newsletter e-mails to `to` in the outbox folder (not the account's welcome), quoted-printable decoded. */
function mailsTo(to: string): string[] {
  if (!existsSync(shop.outboxDir)) return [];
  return readdirSync(shop.outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(shop.outboxDir, f), "utf8"))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) => {
      const bytes = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    })
    .filter((mail) => mail.includes("/newsletter/confirm?"));
}
async function waitForMail(to: string, n = 1) {
  await expect.poll(() => mailsTo(to).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
  return mailsTo(to);
}
function linkIn(mail: string, purpose: "confirm" | "unsubscribe") {
  const match = new RegExp(
    `https?://[^\\s"<>]*/newsletter/${purpose}\\?id=(\\d+)&(?:amp;)?token=([\\w-]+)`,
  ).exec(mail);
  if (!match) throw new Error(`no ${purpose} link in the e-mail`);
  return { url: match[0].replace("&amp;", "&"), id: Number(match[1]), token: match[2] as string };
}

describe("double opt-in", () => {
  it("keeps a sign-up pending and sends one confirmation e-mail with confirm and unsubscribe links", async () => {
    const email = newEmail("nyhet");
    expect((await subscribe(email)).body).toEqual({ data: { subscribeToNewsletter: true } });
    // Signing up again at once sends no second e-mail.
    expect((await subscribe(email.toUpperCase())).body).toEqual({ data: { subscribeToNewsletter: true } });
    const row = await subscription(email);
    expect(row?.confirmed_at).toBeNull();
    expect(await confirmJobs(Number(row?.id))).toBe(1);

    const [mail] = await waitForMail(email);
    expect(mail).toContain("Bekreft påmeldingen");
    const confirm = linkIn(mail as string, "confirm");
    const unsubscribe = linkIn(mail as string, "unsubscribe");
    expect(confirm.id).toBe(Number(row?.id));
    expect(confirm.token).not.toBe(unsubscribe.token);
    const [raw] = rawMailsTo(email);
    expect(raw).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/newsletter\/one-click\?id=\d+&token=[\w-]+>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // A forged token, or another subscription's id with this token: refused in the request's language, no change.
    const forged = await follow("confirm", confirm.id, `${confirm.token.slice(0, -1)}x`, se);
    expect(forged.body.errors?.[0]).toMatchObject({
      message:
        "Länken fungerar inte längre. Anmäl dig till nyhetsbrevet på nytt, eller ange din adress igen för att avsluta.",
      extensions: { code: "BAD_USER_INPUT", reason: "INVALID_LINK" },
    });
    expect(
      (await follow("confirm", confirm.id + 1000, confirm.token)).body.errors?.[0].extensions.reason,
    ).toBe("INVALID_LINK");
    expect((await follow("unsubscribe", confirm.id, confirm.token)).body.errors?.[0].extensions.reason).toBe(
      "INVALID_LINK",
    );
    expect((await subscription(email))?.confirmed_at).toBeNull();

    expect((await follow("confirm", confirm.id, confirm.token)).body).toEqual({
      data: { confirmNewsletterSubscription: true },
    });
    expect((await follow("confirm", confirm.id, confirm.token)).body.data).toEqual({
      confirmNewsletterSubscription: true,
    });
    expect((await subscription(email))?.confirmed_at).not.toBeNull();
    // A confirmed address signing up again gets no e-mail.
    await subscribe(email);
    expect(await confirmJobs(confirm.id)).toBe(1);
  });

  it("unsubscribes by the link and by one click; signing up again is confirmed anew", async () => {
    const email = newEmail("avmeld");
    await subscribe(email, se);
    const [mail] = await waitForMail(email);
    expect(mail).toContain("Bekräfta anmälan");
    const confirm = linkIn(mail as string, "confirm");
    const unsubscribe = linkIn(mail as string, "unsubscribe");
    await follow("confirm", confirm.id, confirm.token);

    // One click from the mail program: a POST without Origin, guarded by the link's token alone.
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(rawMailsTo(email)[0] ?? "")?.[1] ?? "";
    const path = new URL(oneClick).pathname + new URL(oneClick).search;
    const refused = await fetch(`${shop.origin}${path.replace(/token=[\w-]+/, "token=forged")}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect((await subscription(email))?.unsubscribed_at).toBeNull();
    const clicked = await fetch(`${shop.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    expect((await subscription(email))?.unsubscribed_at).not.toBeNull();
    // The page's link does the same, once more without harm.
    expect((await follow("unsubscribe", unsubscribe.id, unsubscribe.token)).body.data).toEqual({
      unsubscribeFromNewsletter: true,
    });

    // Signing up again is a new consent: pending, a new e-mail; the old confirmation does not stand.
    await subscribe(email, se);
    const again = await subscription(email);
    expect(again?.unsubscribed_at).toBeNull();
    expect(again?.confirmed_at).toBeNull();
    await waitForMail(email, 2);
  });

  it("keeps one row and one e-mail when one address signs up five times at once", async () => {
    const email = newEmail("samtidig");
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(email)));
    for (const answer of answers) expect(answer.body).toEqual({ data: { subscribeToNewsletter: true } });
    const found = await rows(sql`select id from newsletter_subscriptions where email = ${email}`);
    expect(found).toHaveLength(1);
    expect(await confirmJobs(Number(found[0].id))).toBe(1);
  });
});

describe("the account's newsletter flag", () => {
  const UPDATE = `mutation($newsletter: Boolean, $channelId: String, $languageId: String, $marketId: String) {
    updateUser(user: { newsletter: $newsletter }, channelId: $channelId, languageId: $languageId, marketId: $marketId) { newsletter } }`;
  const GET = `query { getUser { newsletter } }`;

  it("subscribes on ticking (confirmed from the e-mail), once however often it is saved; unticking unsubscribes", async () => {
    const email = newEmail("konto");
    const token = await registerByApi(shop.origin, email);
    const auth = { authorization: `Bearer ${token}` };
    const update = (newsletter: boolean) =>
      gql(shop.origin, { query: UPDATE, variables: { ...no, newsletter } }, auth);
    expect((await update(true)).body.data).toEqual({ updateUser: { newsletter: true } });
    await update(true);
    const row = await subscription(email);
    expect(row?.confirmed_at).toBeNull();
    expect(await confirmJobs(Number(row?.id))).toBe(1);

    const [mail] = await waitForMail(email);
    const confirm = linkIn(mail as string, "confirm");
    await follow("confirm", confirm.id, confirm.token);
    expect((await subscription(email))?.confirmed_at).not.toBeNull();

    await update(false);
    expect((await subscription(email))?.unsubscribed_at).not.toBeNull();
    expect((await gql(shop.origin, { query: GET }, auth)).body.data).toEqual({
      getUser: { newsletter: false },
    });
  });

  it("follows the e-mail's links: confirming sets the account's flag, unsubscribing clears it", async () => {
    const email = newEmail("lenke");
    const token = await registerByApi(shop.origin, email);
    const auth = { authorization: `Bearer ${token}` };
    await subscribe(email);
    const [mail] = await waitForMail(email);
    const confirm = linkIn(mail as string, "confirm");
    await follow("confirm", confirm.id, confirm.token);
    expect((await gql(shop.origin, { query: GET }, auth)).body.data).toEqual({
      getUser: { newsletter: true },
    });
    const unsubscribe = linkIn(mail as string, "unsubscribe");
    await follow("unsubscribe", unsubscribe.id, unsubscribe.token);
    expect((await gql(shop.origin, { query: GET }, auth)).body.data).toEqual({
      getUser: { newsletter: false },
    });
  });
});
