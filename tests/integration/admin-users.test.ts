import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog } from "#db/schema/index.ts";
import { totpCode } from "#services/admin/totp.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { ADMIN_TEST_PASSWORD, adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Admin users and the audit log through /admin/graphql (issue 15, decision 0053): only an owner manages admin users
 * (create with a role, change a role, deactivate, reset two-step), the last active owner cannot be demoted or
 * deactivated (also when two owners demote each other at once), requiring two-step sign-in sends admins without it
 * to set it up, and the audit log reads filtered and paged. PGlite, and PostgreSQL with DATABASE_URL.
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

const call = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  adminCall(shop, cookie, query, variables);
const SIGN_IN = `mutation($e: String!, $p: String!, $c: String) { signIn(email: $e, password: $p, code: $c) { email } }`;
const signIn = async (email: string, code?: string) =>
  (await call("", SIGN_IN, { e: email, p: ADMIN_TEST_PASSWORD, c: code ?? null })).cookie;
const idOf = async (email: string) =>
  (await shop.db.db.select().from(adminUsers).where(eq(adminUsers.email, email)))[0]?.id ?? 0;
const audits = (action: string) => shop.db.db.select().from(auditLog).where(eq(auditLog.action, action));

const LIST = "{ adminUsers { id email role active twoStep } }";
const CREATE = `mutation($e: String!, $r: AdminRole!, $p: String!) { createAdminUser(email: $e, role: $r, password: $p) { id email role active } }`;
const ROLE = `mutation($id: Int!, $r: AdminRole!) { changeAdminRole(id: $id, role: $r) }`;
const DEACTIVATE = `mutation($id: Int!) { deactivateAdminUser(id: $id) }`;
const RESET = `mutation($id: Int!) { resetAdminTwoStep(id: $id) }`;

describe("admin users", () => {
  it("only an owner lists and changes them", async () => {
    expect((await call(as.owner, LIST)).data.adminUsers.map((u: { email: string }) => u.email)).toEqual([
      "owner@mili.example",
      "staff@mili.example",
      "support@mili.example",
    ]);
    for (const cookie of [as.staff, as.support]) {
      expect(await call(cookie, LIST)).toMatchObject({ code: "FORBIDDEN" });
      expect(
        await call(cookie, CREATE, { e: "x@mili.example", r: "owner", p: ADMIN_TEST_PASSWORD }),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(await call(cookie, ROLE, { id: 1, r: "owner" })).toMatchObject({ code: "FORBIDDEN" });
      expect(await call(cookie, DEACTIVATE, { id: 1 })).toMatchObject({ code: "FORBIDDEN" });
      expect(await call(cookie, RESET, { id: 1 })).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await call("", LIST)).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await idOf("x@mili.example")).toBe(0);
  });

  it("are created with a role (audited, no password in the log); bad input and a used e-mail are refused", async () => {
    const made = await call(as.owner, CREATE, {
      e: " New@Mili.example ",
      r: "support",
      p: ADMIN_TEST_PASSWORD,
    });
    expect(made.data.createAdminUser).toMatchObject({
      email: "new@mili.example",
      role: "support",
      active: true,
    });
    expect(await signIn("new@mili.example")).toMatch(/^mili-admin=/);
    const [entry] = (await audits("admin.create")).filter(
      (e) => e.entityId === String(made.data.createAdminUser.id),
    );
    expect(entry?.after).toEqual({ email: "new@mili.example", role: "support", language: "en" });
    expect(JSON.stringify(entry)).not.toContain(ADMIN_TEST_PASSWORD);
    expect(
      await call(as.owner, CREATE, { e: "new@mili.example", r: "staff", p: ADMIN_TEST_PASSWORD }),
    ).toMatchObject({ code: "EMAIL_TAKEN" });
    const short = await call(as.owner, CREATE, { e: "short@mili.example", r: "staff", p: "kort" });
    expect(short).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(short.errors?.[0].extensions.field).toBe("password");
    expect(await call(as.owner, CREATE, { e: "no-at", r: "staff", p: ADMIN_TEST_PASSWORD })).toMatchObject({
      code: "BAD_USER_INPUT",
    });
    expect(
      await call(as.owner, CREATE, { e: "x@mili.example", r: "root", p: ADMIN_TEST_PASSWORD }),
    ).toHaveProperty("errors");
    expect(await idOf("short@mili.example")).toBe(0);
  });

  it("change role (takes effect at once), deactivate (sessions end) and reset two-step, each audited", async () => {
    await createAdminUser(shop.db.db, {
      email: "pia@mili.example",
      role: "support",
      password: ADMIN_TEST_PASSWORD,
    });
    const pia = await signIn("pia@mili.example");
    const id = await idOf("pia@mili.example");
    expect((await call(as.owner, ROLE, { id, r: "staff" })).data.changeAdminRole).toBe(true);
    expect((await call(as.owner, ROLE, { id, r: "staff" })).data.changeAdminRole).toBe(false);
    expect((await call(pia, "{ me { role } }")).data.me.role).toBe("staff");
    const [roleEntry] = (await audits("admin.role")).filter((e) => e.entityId === String(id));
    expect(roleEntry).toMatchObject({
      actor: "owner@mili.example",
      before: { email: "pia@mili.example", role: "support" },
      after: { email: "pia@mili.example", role: "staff" },
    });

    // Reset two-step: Pia turned it on, lost the phone; the owner turns it off and her sessions end.
    const started = await call(pia, "mutation { startTwoStep { secret } }");
    const secret = started.data.startTwoStep.secret;
    expect(
      (await call(pia, `mutation($c: String!) { confirmTwoStep(code: $c) }`, { c: totpCode(secret) })).data,
    ).toEqual({
      confirmTwoStep: true,
    });
    const piaAgain = await call("", SIGN_IN, { e: "pia@mili.example", p: ADMIN_TEST_PASSWORD, c: null });
    expect(piaAgain.code).toBe("CODE_REQUIRED");
    expect((await call(as.owner, RESET, { id })).data.resetAdminTwoStep).toBe(true);
    expect((await call(as.owner, RESET, { id })).data.resetAdminTwoStep).toBe(false);
    expect((await call(pia, "{ me { email } }")).data.me).toBeNull();
    const pia2 = await signIn("pia@mili.example");
    expect((await call(pia2, "{ me { email } }")).data.me.email).toBe("pia@mili.example");
    expect(
      (await audits("admin.totp.reset")).filter((e) => e.entityId === String(id))[0]?.after,
    ).toMatchObject({
      twoStep: false,
      by: "owner@mili.example",
    });

    expect((await call(as.owner, DEACTIVATE, { id })).data.deactivateAdminUser).toBe(true);
    expect((await call(as.owner, DEACTIVATE, { id })).data.deactivateAdminUser).toBe(false);
    expect((await call(pia2, "{ me { email } }")).data.me).toBeNull();
    expect(await signIn("pia@mili.example")).toBe("");
    expect((await audits("admin.deactivate")).filter((e) => e.entityId === String(id))).toHaveLength(1);
    expect(await call(as.owner, ROLE, { id: 99_999, r: "staff" })).toMatchObject({ code: "NOT_FOUND" });
  });

  it("the last active owner cannot be demoted or deactivated, not even by themselves; nothing changes", async () => {
    const me = await idOf("owner@mili.example");
    const before = (await audits("admin.role")).length;
    const demote = await call(as.owner, ROLE, { id: me, r: "staff" });
    expect(demote.code).toBe("LAST_OWNER");
    expect(await call(as.owner, DEACTIVATE, { id: me })).toMatchObject({ code: "LAST_OWNER" });
    const [row] = await shop.db.db.select().from(adminUsers).where(eq(adminUsers.id, me));
    expect(row).toMatchObject({ role: "owner", disabledAt: null });
    expect((await audits("admin.role")).length).toBe(before);
  });

  it("two owners demoting each other at once: one is refused, an owner remains", async () => {
    await createAdminUser(shop.db.db, {
      email: "ola@mili.example",
      role: "owner",
      password: ADMIN_TEST_PASSWORD,
    });
    await createAdminUser(shop.db.db, {
      email: "eva@mili.example",
      role: "owner",
      password: ADMIN_TEST_PASSWORD,
    });
    const ola = await signIn("ola@mili.example");
    const eva = await signIn("eva@mili.example");
    // The first owner steps aside, so Ola and Eva are the only active owners.
    const first = await idOf("owner@mili.example");
    expect((await call(ola, ROLE, { id: first, r: "staff" })).data.changeAdminRole).toBe(true);
    const [olaId, evaId] = [await idOf("ola@mili.example"), await idOf("eva@mili.example")];
    const answers = await Promise.all([
      call(ola, ROLE, { id: evaId, r: "staff" }),
      call(eva, ROLE, { id: olaId, r: "support" }),
    ]);
    const codes = answers.map((a) => a.code ?? "ok").sort();
    // The loser is refused: as the last owner (its check saw the other's change) or as no longer an owner.
    expect(codes[1]).toBe("ok");
    expect(["LAST_OWNER", "FORBIDDEN"]).toContain(codes[0]);
    const owners = (await shop.db.db.select().from(adminUsers)).filter(
      (u) => u.role === "owner" && u.disabledAt === null,
    );
    expect(owners).toHaveLength(1);
    // Restore the first owner for the tests below.
    const winner = answers[0]?.code ? eva : ola;
    expect((await call(winner, ROLE, { id: first, r: "owner" })).data.changeAdminRole).toBe(true);
  });
});

describe("requiring two-step sign-in", () => {
  it("is refused while the owner's own is off; once on, an admin without it may only set it up", async () => {
    const SET = `mutation($on: Boolean!) { setRequireTwoStep(requireTwoStep: $on) }`;
    expect(await call(as.staff, SET, { on: true })).toMatchObject({ code: "FORBIDDEN" });
    expect(await call(as.owner, SET, { on: true })).toMatchObject({ code: "TWO_STEP_OFF" });
    const started = await call(as.owner, "mutation { startTwoStep { secret } }");
    const secret = started.data.startTwoStep.secret;
    await call(as.owner, `mutation($c: String!) { confirmTwoStep(code: $c) }`, { c: totpCode(secret) });
    expect((await call(as.owner, SET, { on: true })).data.setRequireTwoStep).toBe(true);
    expect(
      (await call(as.owner, "{ adminSettings { requireTwoStep } }")).data.adminSettings.requireTwoStep,
    ).toBe(true);

    // Staff has it off: `me` says so, every other field is refused, setting it up works.
    const me = await call(as.staff, "{ me { mustSetUpTwoStep } }");
    expect(me.data.me.mustSetUpTwoStep).toBe(true);
    expect(await call(as.staff, "{ orders { total } }")).toMatchObject({ code: "TWO_STEP_REQUIRED" });
    // The screens send them to /admin/security, which opens.
    const page = (path: string) =>
      fetch(`${shop.origin}${path}`, { headers: { cookie: as.staff }, redirect: "manual" });
    const sent = await page("/admin/orders");
    expect([302, 303]).toContain(sent.status);
    expect(new URL(sent.headers.get("location") ?? "", shop.origin).pathname).toBe("/admin/security");
    expect((await page("/admin/security")).status).toBe(200);
    const staffSecret = (await call(as.staff, "mutation { startTwoStep { secret } }")).data.startTwoStep
      .secret;
    await call(as.staff, `mutation($c: String!) { confirmTwoStep(code: $c) }`, { c: totpCode(staffSecret) });
    expect((await call(as.staff, "{ me { mustSetUpTwoStep } }")).data.me.mustSetUpTwoStep).toBe(false);
    expect((await call(as.staff, "{ orders { total } }")).errors).toBeUndefined();

    expect((await call(as.owner, SET, { on: false })).data.setRequireTwoStep).toBe(true);
    expect((await call(as.support, "{ orders { total } }")).errors).toBeUndefined();
    const entries = await audits("admin.settings");
    expect(entries.map((e) => e.after)).toEqual([{ requireTwoStep: true }, { requireTwoStep: false }]);
  });
});

describe("the audit log", () => {
  const PAGE = `query($actor: String, $entity: String, $action: String, $from: String, $to: String, $skip: Int, $take: Int) {
    auditPage(actor: $actor, entity: $entity, action: $action, from: $from, to: $to, skip: $skip, take: $take) {
      total entries { id actor action entity entityId before after at } } }`;

  it("is the owner's, filtered by admin, entity, action and time, newest first, paged", async () => {
    expect(await call(as.staff, PAGE)).toMatchObject({ code: "FORBIDDEN" });
    expect(await call(as.support, "{ auditFacets { actors } }")).toMatchObject({ code: "FORBIDDEN" });
    const all = await call(as.owner, PAGE, { take: 5 });
    expect(all.data.auditPage.entries).toHaveLength(5);
    const ids = all.data.auditPage.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = await call(as.owner, PAGE, { take: 5, skip: 5 });
    expect(next.data.auditPage.total).toBe(all.data.auditPage.total);
    expect(next.data.auditPage.entries[0].id).toBeLessThan(ids[4]);

    const roles = await call(as.owner, PAGE, { action: "admin.role", actor: "OWNER@mili.example" });
    expect(roles.data.auditPage.total).toBeGreaterThan(0);
    for (const e of roles.data.auditPage.entries) {
      expect(e).toMatchObject({ action: "admin.role", actor: "owner@mili.example", entity: "admin_user" });
      expect(JSON.parse(e.after).role).toBeTypeOf("string");
    }
    const byEntity = await call(as.owner, PAGE, { entity: "admin_settings" });
    expect(byEntity.data.auditPage.total).toBe(2);
    const future = await call(as.owner, PAGE, { from: "2999-01-01" });
    expect(future.data.auditPage).toEqual({ total: 0, entries: [] });
    const past = await call(as.owner, PAGE, { to: "2000-01-01" });
    expect(past.data.auditPage.total).toBe(0);
    expect(await call(as.owner, PAGE, { from: "igår" })).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(await call(as.owner, PAGE, { take: 1000 })).toMatchObject({ code: "BAD_USER_INPUT" });

    const facets = await call(as.owner, "{ auditFacets { actors entities actions } }");
    expect(facets.data.auditFacets.actors).toContain("owner@mili.example");
    expect(facets.data.auditFacets.entities).toEqual(
      expect.arrayContaining(["admin_user", "admin_settings"]),
    );
    expect(facets.data.auditFacets.actions).toContain("admin.role");
  });
});
