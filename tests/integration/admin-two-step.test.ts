import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog } from "#db/schema/index.ts";
import { resetTotp, totpCode } from "#services/admin/totp.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { ADMIN_TEST_PASSWORD, adminCall } from "#tests/support/admin.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Two-step sign-in for the back office (issue 15, decision 0049) through /admin/graphql: turning it on takes a code
 * of the new secret; then a sign-in needs the password and a current code, a code is accepted once (also when two
 * sign-ins race with it), code guesses count against the sign-in limit, the secret is stored sealed, turning it off
 * takes a current code, and each change is in the audit log. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
const PASSWORD = ADMIN_TEST_PASSWORD;
const STEP = 30_000;

const call = (query: string, variables: Record<string, unknown> = {}, cookie = "") =>
  adminCall(shop, cookie, query, variables);

const SIGN_IN = `mutation($e: String!, $p: String!, $c: String) { signIn(email: $e, password: $p, code: $c) { email } }`;
const signIn = (email: string, code?: string) => call(SIGN_IN, { e: email, p: PASSWORD, c: code ?? null });

/** An admin with two-step sign-in turned on; answers the secret and a session cookie. */
async function withTwoStep(email: string) {
  await createAdminUser(shop.db.db, { email, role: "staff", password: PASSWORD });
  const { cookie } = await signIn(email);
  const started = await call("mutation { startTwoStep { secret uri qrSvg } }", {}, cookie);
  const secret: string = started.data.startTwoStep.secret;
  const confirmed = await call(
    `mutation($c: String!) { confirmTwoStep(code: $c) }`,
    { c: totpCode(secret) },
    cookie,
  );
  expect(confirmed.data?.confirmTwoStep).toBe(true);
  return { secret, cookie };
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
});
afterAll(async () => {
  await shop?.close();
});

describe("two-step sign-in", () => {
  it("is turned on with a code of the new secret, then asks for a code once per step", async () => {
    const email = "owner@mili.example";
    await createAdminUser(shop.db.db, { email, role: "owner", password: PASSWORD });
    const first = await signIn(email);
    expect(first.errors).toBeUndefined();
    const cookie = first.cookie;

    const started = await call("mutation { startTwoStep { secret uri qrSvg } }", {}, cookie);
    const { secret, uri, qrSvg } = started.data.startTwoStep;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Mili:owner%40mili.example?issuer=Mili&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Pending: shown again on the page, not yet asked at sign-in.
    const pending = await call("{ twoStep { enabled pending } twoStepEnrolment { secret } }", {}, cookie);
    expect(pending.data).toEqual({
      twoStep: { enabled: false, pending: true },
      twoStepEnrolment: { secret },
    });
    const other = await signIn(email);
    expect(other.errors).toBeUndefined();

    // The secret is kept sealed, never as typed.
    const [row] = await shop.db.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(row?.totpPending).toBeTruthy();
    expect(row?.totpPending).not.toContain(secret);

    const wrong = await call(`mutation($c: String!) { confirmTwoStep(code: $c) }`, { c: "000000" }, cookie);
    expect(wrong.code).toBe("WRONG_CODE");
    const now = Date.now();
    const on = await call(
      `mutation($c: String!) { confirmTwoStep(code: $c) }`,
      { c: totpCode(secret, new Date(now)) },
      cookie,
    );
    expect(on.data.confirmTwoStep).toBe(true);
    expect((await call("{ twoStep { enabled pending } }", {}, cookie)).data.twoStep).toEqual({
      enabled: true,
      pending: false,
    });
    // The admin's other sessions ended with it; this one stays.
    expect((await call("{ twoStep { enabled } }", {}, other.cookie)).code).toBe("UNAUTHENTICATED");
    // While it is on, a session alone cannot swap the secret.
    expect((await call("mutation { startTwoStep { secret } }", {}, cookie)).code).toBe("TWO_STEP_ON");
    expect(
      (await call(`mutation($c: String!) { confirmTwoStep(code: $c) }`, { c: totpCode(secret) }, cookie))
        .code,
    ).toBe("TWO_STEP_ON");

    const withoutCode = await signIn(email);
    expect(withoutCode.code).toBe("CODE_REQUIRED");
    expect(withoutCode.cookie).toBe("");
    expect((await signIn(email, "123456")).code).toBe("WRONG_CODE");
    // The code that confirmed it is used: the next step's code (one step early is accepted) signs in, once.
    expect((await signIn(email, totpCode(secret, new Date(now)))).code).toBe("WRONG_CODE");
    const next = totpCode(secret, new Date(now + STEP));
    const ok = await signIn(email, next);
    expect(ok.errors).toBeUndefined();
    expect(ok.cookie).toMatch(/^mili-admin=/);
    expect((await signIn(email, next)).code).toBe("WRONG_CODE");

    const audited = await shop.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor, email));
    expect(audited.map((a) => a.action)).toContain("admin.totp.on");
  });

  it("gives one session when sign-ins race with one code", async () => {
    const email = "racer@mili.example";
    const { secret } = await withTwoStep(email);
    const code = totpCode(secret, new Date(Date.now() + STEP));
    const answers = await Promise.all([signIn(email, code), signIn(email, code), signIn(email, code)]);
    expect(answers.filter((a) => a.cookie.startsWith("mili-admin=")).length).toBe(1);
    expect(answers.filter((a) => a.code === "WRONG_CODE").length).toBe(2);
  });

  it("counts code guesses against the sign-in limit", async () => {
    const email = "guesser@mili.example";
    await withTwoStep(email);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(email, String(100_000 + i))).code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("WRONG_CODE"));
    expect(codes[5]).toBe("RATE_LIMITED");
  });

  it("is turned off with a current code only", async () => {
    const email = "leaver@mili.example";
    const { secret, cookie } = await withTwoStep(email);
    const DISABLE = `mutation($c: String!) { disableTwoStep(code: $c) }`;
    expect((await call(DISABLE, { c: "000000" }, cookie)).code).toBe("WRONG_CODE");
    expect(
      (await call(DISABLE, { c: totpCode(secret, new Date(Date.now() + STEP)) }, cookie)).data.disableTwoStep,
    ).toBe(true);
    expect((await signIn(email)).errors).toBeUndefined();
    const [row] = await shop.db.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(row?.totpSecret).toBeNull();
    const audited = await shop.db.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor, email));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["admin.totp.on", "admin.totp.off"]));
    // A lost phone: the command line turns it off without a code, in the audit log.
    const lost = "lost-phone@mili.example";
    await withTwoStep(lost);
    expect((await signIn(lost)).code).toBe("CODE_REQUIRED");
    expect(await resetTotp(shop.db.db, "Lost-Phone@mili.example")).toBe(true);
    expect(await resetTotp(shop.db.db, "nobody@mili.example")).toBe(false);
    expect((await signIn(lost)).errors).toBeUndefined();
    const reset = await shop.db.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, "admin.totp.reset"));
    expect(reset).toEqual([{ after: { twoStep: false, by: "command line" } }]);
    // Without a session nothing can be started or read.
    expect((await call("mutation { startTwoStep { secret } }")).code).toBe("UNAUTHENTICATED");
  });
});
