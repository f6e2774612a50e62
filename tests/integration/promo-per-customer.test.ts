import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts } from "#db/schema/index.ts";
import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * A promo code's `maxUsesPerCustomer` with real accounts (issue 12): uses count for the signed-in customer whose
 * carts (claimed when a code is set, merged at sign-in, claimed by the checkout) completed with it; a customer at the
 * limit is refused with INVALID_PROMO_CODE and its localized message, another customer and a guest are not; a guest
 * cart that merges into the account at sign-in loses a code its new owner has used up; two carts of one customer
 * completing at once with a limit of 1 give one completion with the code. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({
    SEED_PRODUCTS: "10",
    RATE_LIMITS: "cart.ip=100000/600,code.ip=100000/3600,code.cart=100000/900,register.ip=1000/3600",
  });
});
afterAll(async () => {
  await shop?.close();
});

const no = 'channelId: "2|no", languageId: "nb-NO", marketId: "no"';

async function authStep(action: string, username: string, cookie?: string) {
  const post = async (body: unknown) => {
    const response = await fetch(`${shop.origin}/auth/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, json: (await response.json()) as Record<string, string> };
  };
  const { json: step1 } = await post({ username });
  const step2 = (await (await fetch(`${shop.origin}/auth/sign/${step1.sign}`)).json()) as {
    signature: string;
  };
  const done = await post({
    username,
    signature: step2.signature,
    password: await passwordDigest("kanelbolle-2026", PASSWORD_SALT_DEFAULT),
  });
  expect(done.response.status).toBe(200);
  return { token: done.json.token ?? "", response: done.response };
}

async function cartCall(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await gql(
    shop.origin,
    { query, variables },
    token ? { authorization: `Bearer ${token}` } : {},
  );
  return { cart: body.data?.cart ?? null, error: body.errors?.[0] };
}
const add = async (token?: string) =>
  (
    await cartCall(
      `mutation { cart: addToCart(id: null, item: { skuId: 2, quantity: 1 }, ${no}) { id } }`,
      {},
      token,
    )
  ).cart.id as string;
const setCode = (id: string, code: string, token?: string) =>
  cartCall(
    `mutation($id: String!, $code: String!) { cart: setCartPromoCode(id: $id, promoCode: $code, ${no}) { id promoCode } }`,
    { id, code },
    token,
  );
const complete = (id: string, token?: string) =>
  cartCall(
    `mutation($id: String!) { cart: completeCart(id: $id, ${no}) { id isCompleted promoCode } }`,
    { id },
    token,
  );

async function promoCode(code: string, perCustomer: number) {
  await shop.db.db.execute(sql`
    insert into promo_codes (code, names, actions, max_uses_per_customer)
    values (${code}, '{}', '[{"code":"percentOff","args":10}]', ${perCustomer})`);
}
async function usesOf(code: string, customerId: number | null) {
  const result = await shop.db.db.execute(sql`
    select count(*)::int as n from promo_code_uses u join promo_codes c on c.id = u.promo_code_id
    where c.code = ${code} and u.customer_id is not distinct from ${customerId}`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
  return Number((rows[0] as { n: number }).n);
}
const customerOf = (token: string) => Number(decodeJwt(token).sub);

describe("maxUsesPerCustomer with signed-in customers", () => {
  it("a customer who used the code up to its limit cannot apply it again; another customer and a guest can", async () => {
    await promoCode("TO-GANGER", 2);
    const anna = (await authStep("register", "anna.promo@example.no")).token;
    const bo = (await authStep("register", "bo.promo@example.no")).token;
    for (let i = 0; i < 2; i++) {
      // A cart begun while signed in becomes the customer's when the code is set.
      const id = await add(anna);
      expect((await setCode(id, "TO-GANGER", anna)).error).toBeUndefined();
      expect((await complete(id, anna)).cart).toMatchObject({ isCompleted: true, promoCode: "TO-GANGER" });
    }
    expect(await usesOf("TO-GANGER", customerOf(anna))).toBe(2);

    const third = await add(anna);
    const refused = await setCode(third, "TO-GANGER", anna);
    expect(refused.error?.message).toBe("Kampanjekoden er ugyldig.");
    expect(refused.error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_PROMO_CODE" });
    const [unchanged] = await shop.db.db.select().from(carts).where(eq(carts.id, third));
    expect(unchanged?.promoCode).toBeNull();

    const other = await add(bo);
    expect((await setCode(other, "TO-GANGER", bo)).cart?.promoCode).toBe("TO-GANGER");
    const guest = await add();
    expect((await setCode(guest, "TO-GANGER")).cart?.promoCode).toBe("TO-GANGER");
  });

  it("a guest cart with the code loses it when it merges into an account that has used it up", async () => {
    await promoCode("EN-GANG-PER-KUNDE", 1);
    const { token } = await authStep("register", "cecilie.promo@example.no");
    const used = await add(token);
    await setCode(used, "EN-GANG-PER-KUNDE", token);
    expect((await complete(used, token)).cart?.isCompleted).toBe(true);

    // Signed out: a guest cart takes the code (no customer to count), then she signs in.
    const guest = await add();
    expect((await setCode(guest, "EN-GANG-PER-KUNDE")).cart?.promoCode).toBe("EN-GANG-PER-KUNDE");
    const login = await authStep("login", "cecilie.promo@example.no", `mili-cart=${guest}`);
    const [merged] = await shop.db.db.select().from(carts).where(eq(carts.id, guest));
    expect(merged?.customerId).toBe(customerOf(login.token));
    expect(merged?.promoCode).toBeNull();

    // Into an open account cart: the guest's code does not come along either; a code without a limit does.
    const again = await add();
    await setCode(again, "EN-GANG-PER-KUNDE");
    await authStep("login", "cecilie.promo@example.no", `mili-cart=${again}`);
    const [account] = await shop.db.db.select().from(carts).where(eq(carts.id, guest));
    expect(account?.promoCode).toBeNull();
    expect(await shop.db.db.select().from(carts).where(eq(carts.id, again))).toEqual([]);

    // Another customer who has not used it keeps it through the merge.
    const fresh = await add();
    await setCode(fresh, "EN-GANG-PER-KUNDE");
    await authStep("register", "dag.promo@example.no", `mili-cart=${fresh}`);
    const [kept] = await shop.db.db.select().from(carts).where(eq(carts.id, fresh));
    expect(kept?.promoCode).toBe("EN-GANG-PER-KUNDE");
  });

  it("two carts of one customer completing at once with a limit of 1: one completes with the code", async () => {
    await promoCode("SAMTIDIG", 1);
    const { token } = await authStep("register", "eva.promo@example.no");
    const a = await add(token);
    const b = await add(token);
    expect((await setCode(a, "SAMTIDIG", token)).error).toBeUndefined();
    expect((await setCode(b, "SAMTIDIG", token)).error).toBeUndefined();
    const answers = await Promise.all([complete(a, token), complete(b, token)]);
    const done = answers.filter((x) => x.cart?.isCompleted);
    const refused = answers.filter((x) => x.error);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error?.extensions).toMatchObject({ reason: "INVALID_PROMO_CODE" });
    expect(await usesOf("SAMTIDIG", customerOf(token))).toBe(1);
  });
});
