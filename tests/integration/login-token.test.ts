import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP_AS_TEXTS } from "#app/lib/shop-as.server.ts";
import { loginTokens } from "#db/schema/index.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Token sign-in (spec §4, issue 12): the merchant's issueLoginToken (admin key) hands out a short-lived, single-use
 * token; any storefront URL with `?loginToken=` signs in on the server (cookies of spec §9, redirect to the URL
 * without it), in a session whose tokens carry `act`; a used, expired or forged token changes nothing: the page is
 * answered as it was asked for (the guard skipped, spec §7), saying the link is used or expired. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
const ADMIN_KEY = "test-admin-key-login-token-0123456789";
let shop: Shop;
let customerId = 0;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10", ADMIN_KEY });
  const username = "kari.shopas@example.no";
  const token = await registerByApi(shop.origin, username, "kanelbolle-2026");
  customerId = Number(decodeJwt(token ?? "").sub);
});
afterAll(async () => {
  await shop?.close();
});

const ISSUE = `mutation($customerId: Int, $email: String, $path: String) {
  issueLoginToken(customerId: $customerId, email: $email, issuedBy: "Kundeservice Mia", path: $path) {
    loginToken url expiresAt customerId
  }
}`;

async function issue(variables: Record<string, unknown>, key: string | null = ADMIN_KEY) {
  return gql(shop.origin, { query: ISSUE, variables }, key ? { "x-admin-key": key } : {});
}

/** Opens a URL as a browser without JavaScript would, without following the redirect. */
async function open(url: string, cookie = "") {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const cookies = new Map(
    response.headers.getSetCookie().map((c) => {
      const [pair = ""] = c.split(";");
      const i = pair.indexOf("=");
      return [pair.slice(0, i), { value: pair.slice(i + 1), raw: c }] as const;
    }),
  );
  return { response, location: response.headers.get("location"), cookies };
}

/** A refused token: the page itself (no redirect, no cookie), with the refusal in its language. */
async function refused(url: string, lang: "nb" | "sv") {
  const answer = await open(url);
  expect(answer.response.status).toBe(200);
  expect(answer.cookies.has("mili-auth")).toBe(false);
  expect(answer.cookies.has("mili-cart")).toBe(false);
  const html = await answer.response.text();
  expect(html).toContain(SHOP_AS_TEXTS[lang].refused);
}

describe("issueLoginToken", () => {
  it("is the merchant's: FORBIDDEN without the admin key; null for no account", async () => {
    const without = await issue({ customerId }, null);
    expect(without.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const wrong = await issue({ customerId }, "not-the-key");
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const none = await issue({ email: "nobody@example.no" });
    expect(none.body.errors).toBeUndefined();
    expect(none.body.data.issueLoginToken).toBeNull();
    const neither = await issue({});
    expect(neither.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const offSite = await issue({ customerId, path: "//evil.example/" });
    expect(offSite.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("answers a token, its URL and expiry (15 minutes), and records who issued it for whom", async () => {
    const { body } = await issue({ email: "Kari.Shopas@example.no", path: "/min-konto" });
    expect(body.errors).toBeUndefined();
    const issued = body.data.issueLoginToken;
    expect(issued.customerId).toBe(customerId);
    const url = new URL(issued.url);
    expect(url.pathname).toBe("/min-konto");
    expect(url.searchParams.get("loginToken")).toBe(issued.loginToken);
    const minutes = (Date.parse(issued.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const claims = decodeJwt(issued.loginToken);
    expect(claims.sub).toBe(String(customerId));
    expect(claims.act).toEqual({ sub: "Kundeservice Mia" });
    const [row] = await shop.db.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.id, claims.jti ?? ""));
    expect(row).toMatchObject({ customerId, issuedBy: "Kundeservice Mia", usedAt: null, sessionId: null });
  });
});

describe("?loginToken= on a storefront URL", () => {
  it("signs in once: the cookies of spec §9, a redirect to the same URL without it, a session carrying act", async () => {
    const { body } = await issue({ customerId, path: "/sok" });
    const { loginToken } = body.data.issueLoginToken;
    const first = await open(`${shop.origin}/sok?q=kopp&loginToken=${encodeURIComponent(loginToken)}`);
    expect(first.response.status).toBe(303);
    expect(first.location).toBe("/sok?q=kopp");
    expect(first.response.headers.get("cache-control")).toBe("no-store");
    const auth = first.cookies.get("mili-auth");
    expect(auth?.raw).toMatch(/HttpOnly/);
    expect(auth?.raw).toMatch(/SameSite=Lax/);
    // A merchant's session is a short one (no "remember me": 1800 s).
    expect(auth?.raw).toMatch(/Max-Age=1800/);
    for (const name of ["mili-auth-refresh", "mili-user", "mili-user-maxage", "mili-user-type"])
      expect(first.cookies.has(name), name).toBe(true);
    const claims = decodeJwt(auth?.value ?? "");
    expect(claims).toMatchObject({ sub: String(customerId), act: { sub: "Kundeservice Mia" } });
    const [row] = await shop.db.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.id, decodeJwt(loginToken).jti ?? ""));
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect(row?.sessionId).toBe(claims.sid);

    // The API knows the customer by that token.
    const user = await gql(
      shop.origin,
      { query: "{ getUser { email } }" },
      { authorization: `Bearer ${auth?.value}` },
    );
    expect(user.body.data?.getUser).toEqual({ email: "kari.shopas@example.no" });
    // The merchant shops as the customer but cannot erase the account nor end the customer's other sessions.
    for (const mutation of ["deleteUser", "signOutEverywhere"]) {
      const refusal = await gql(
        shop.origin,
        { query: `mutation { ${mutation}(channelId: "2|no", languageId: "nb-NO", marketId: "no") }` },
        { authorization: `Bearer ${auth?.value}` },
      );
      expect(refusal.body.errors?.[0], mutation).toMatchObject({
        message: "Dette kan bare kunden selv gjøre, ikke butikken som handler for kunden.",
        extensions: { code: "FORBIDDEN" },
      });
    }
    expect(
      (await gql(shop.origin, { query: "{ getUser { email } }" }, { authorization: `Bearer ${auth?.value}` }))
        .body.data?.getUser,
    ).toEqual({ email: "kari.shopas@example.no" });

    // A refresh keeps `act`.
    const refreshed = await fetch(`${shop.origin}/auth/login`, {
      headers: {
        cookie: `mili-auth-refresh=${first.cookies.get("mili-auth-refresh")?.value}`,
        origin: shop.origin,
      },
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { token: string };
    expect(decodeJwt(next.token).act).toEqual({ sub: "Kundeservice Mia" });

    // Used: refused, the page says so in its language, and nothing changes.
    await refused(`${shop.origin}/?loginToken=${encodeURIComponent(loginToken)}`, "nb");
    await refused(`${shop.origin}/sv?loginToken=${encodeURIComponent(loginToken)}`, "sv");
  });

  it("refuses an expired or forged token and changes nothing", async () => {
    const { body } = await issue({ customerId });
    const { loginToken } = body.data.issueLoginToken;
    const jti = decodeJwt(loginToken).jti ?? "";
    await shop.db.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.id, jti));
    await refused(`${shop.origin}/?loginToken=${encodeURIComponent(loginToken)}`, "nb");
    const [row] = await shop.db.db.select().from(loginTokens).where(eq(loginTokens.id, jti));
    expect(row?.usedAt).toBeNull();

    const [header, payload] = loginToken.split(".");
    await refused(`${shop.origin}/?loginToken=${header}.${payload}.AAAA`, "nb");
    // A guarded page is shown as a guest's (the guard is skipped while the parameter is there).
    await refused(`${shop.origin}/min-konto/innstillinger?loginToken=x`, "nb");
  });

  it("two requests with one token at once: one session", async () => {
    const { body } = await issue({ customerId });
    const url = `${shop.origin}/?loginToken=${encodeURIComponent(body.data.issueLoginToken.loginToken)}`;
    const answers = await Promise.all([open(url), open(url), open(url)]);
    expect(answers.filter((a) => a.cookies.has("mili-auth")).length).toBe(1);
  });

  it("ending the session signs out and leaves the customer's cart behind", async () => {
    const { body } = await issue({ customerId });
    const signedIn = await open(
      `${shop.origin}/?loginToken=${encodeURIComponent(body.data.issueLoginToken.loginToken)}`,
    );
    const token = signedIn.cookies.get("mili-auth")?.value ?? "";
    const out = await fetch(`${shop.origin}/auth/logout`, {
      method: "POST",
      headers: {
        origin: shop.origin,
        cookie: `mili-auth=${token}; mili-cart=0b0e7c52-9f7c-4c55-9d0c-2f7a4a1b3c4d`,
      },
    });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith("mili-auth=;"))).toBe(true);
    expect(cleared.some((c) => c.startsWith("mili-cart=;") && c.includes("Max-Age=0"))).toBe(true);
    const after = await gql(
      shop.origin,
      { query: "{ getUser { email } }" },
      { authorization: `Bearer ${token}` },
    );
    expect(after.body.data?.getUser ?? null).toBeNull();
  });
});
