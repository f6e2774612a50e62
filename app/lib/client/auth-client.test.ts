import { describe, expect, it } from "vitest";
import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import { type AuthClientOptions, createAuthClient, IDENTITY_REQUIRED } from "./auth-client.ts";
import type { TabMessage } from "./tab-sync.ts";

type Reply = { status?: number; body: unknown } | Error;

/** A scripted endpoint: each request takes the next reply; requests are recorded. */
function harness(replies: Reply[], user: string | null = null) {
  const requests: { url: string; method: string; body: unknown; credentials: unknown }[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const posted: TabMessage[] = [];
  let tabListener: ((m: TabMessage) => void) | undefined;
  const changes: [string | null, string][] = [];
  const logged: string[] = [];
  const state = { user, cleared: 0 };
  const options: AuthClientOptions = {
    endpoint: "/auth/",
    signEndpoint: "/auth/sign/",
    fetch: async (input, init) => {
      requests.push({
        url: String(input),
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        credentials: init?.credentials,
      });
      const reply = replies.shift();
      if (!reply) throw new Error("no reply scripted");
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    },
    timers: {
      set: (run, ms) => {
        const t = { run, ms, cleared: false };
        timers.push(t);
        return t;
      },
      clear: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
    tabs: {
      post: (m) => posted.push(m),
      subscribe: (l) => {
        tabListener = l;
        return () => {
          tabListener = undefined;
        };
      },
    },
    readUser: () => state.user,
    readMaxAge: () => 900,
    clearCookies: () => {
      state.cleared++;
      state.user = null;
    },
    onChange: (u, reason) => changes.push([u, reason]),
    log: (message) => logged.push(message),
  };
  return {
    options,
    requests,
    timers,
    posted,
    changes,
    logged,
    state,
    tab: (m: TabMessage) => tabListener?.(m),
  };
}

describe("the auth client (spec §4)", () => {
  it("needs an endpoint and a signer", () => {
    const { options } = harness([]);
    expect(() => createAuthClient({ ...options, endpoint: "" })).toThrow(IDENTITY_REQUIRED);
    expect(() => createAuthClient({ ...options, signEndpoint: "" })).toThrow(IDENTITY_REQUIRED);
  });

  it("initialises with a GET and refreshes at 90 % of maxAge", async () => {
    const h = harness(
      [{ body: { token: "t1", maxAge: 900 } }, { body: { token: "t2", maxAge: 900 } }],
      "kari@x.no",
    );
    const auth = createAuthClient(h.options);
    await auth.init();
    expect(h.requests[0]).toMatchObject({ url: "/auth/login", method: "GET", credentials: "include" });
    expect(auth.user).toBe("kari@x.no");
    expect(h.timers[0]?.ms).toBe(810_000);
    h.timers[0]?.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.requests).toHaveLength(2);
    expect(h.posted.at(-1)).toEqual({ type: "auth", user: "kari@x.no" });
  });

  it("no token but a user: the user and every auth cookie are cleared", async () => {
    const h = harness([{ status: 401, body: { error: { code: "UNAUTHENTICATED" } } }], "kari@x.no");
    const auth = createAuthClient(h.options);
    await auth.init();
    expect(auth.user).toBeNull();
    expect(h.state.cleared).toBe(1);
    expect(h.changes).toEqual([[null, "logout"]]);
  });

  it("a network failure leaves the shopper signed out and is logged, not thrown", async () => {
    const h = harness([new TypeError("Failed to fetch")], "kari@x.no");
    const auth = createAuthClient(h.options);
    await expect(auth.init()).resolves.toBeUndefined();
    expect(auth.user).toBeNull();
    expect(h.logged).toEqual(["auth: the session could not be refreshed"]);
    const h2 = harness([new TypeError("Failed to fetch")]);
    expect(await createAuthClient(h2.options).login("kari@x.no", "hemligt123")).toEqual({
      ok: false,
      code: "NETWORK",
      message: null,
    });
  });

  it("logs in with the three steps, the password digested, sessionLifetime 30 without remember-me", async () => {
    const h = harness([
      { body: { sign: "abc.def" } },
      { body: { identity: "abc", signature: "abc.1.sig", timestamp: 1 } },
      { body: { token: "t", maxAge: 900 } },
    ]);
    const auth = createAuthClient(h.options);
    expect(await auth.login("kari@x.no", "hemligt123", false)).toEqual({ ok: true });
    expect(h.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /auth/login",
      "GET /auth/sign/abc.def",
      "POST /auth/login",
    ]);
    expect(h.requests[0]?.body).toEqual({ username: "kari@x.no" });
    expect(h.requests[2]?.body).toEqual({
      username: "kari@x.no",
      signature: "abc.1.sig",
      password: await passwordDigest("hemligt123", PASSWORD_SALT_DEFAULT),
      sessionLifetime: 30,
    });
    expect(auth.user).toBe("kari@x.no");
    expect(h.changes).toEqual([["kari@x.no", "login"]]);
    expect(h.posted).toEqual([{ type: "auth", user: "kari@x.no" }]);
  });

  it("answers the endpoint's refusal for the form to show", async () => {
    const h = harness([
      { body: { sign: "a.b" } },
      { body: { signature: "a.1.s" } },
      { status: 401, body: { error: { code: "WRONG_CREDENTIALS", message: "Feil e-post eller passord" } } },
    ]);
    const auth = createAuthClient(h.options);
    expect(await auth.login("kari@x.no", "feil")).toEqual({
      ok: false,
      code: "WRONG_CREDENTIALS",
      message: "Feil e-post eller passord",
    });
    expect(auth.user).toBeNull();
  });

  it("a password change keeps the user without refetching; a wrong current password signs out", async () => {
    const ok = harness(
      [{ body: { sign: "a.b" } }, { body: { signature: "a.1.s" } }, { body: { token: "t", maxAge: 900 } }],
      "kari@x.no",
    );
    const auth = createAuthClient(ok.options);
    expect(await auth.changePassword("kari@x.no", "gammelt-1", "nytt-passord-2")).toEqual({ ok: true });
    expect(ok.requests[2]?.body).toMatchObject({
      newPassword: await passwordDigest("nytt-passord-2", PASSWORD_SALT_DEFAULT),
    });
    expect(ok.changes).toEqual([]);
    const wrong = harness(
      [
        { body: { sign: "a.b" } },
        { body: { signature: "a.1.s" } },
        { status: 401, body: { error: { code: "WRONG_CREDENTIALS", message: "x" } } },
        { body: {} },
      ],
      "kari@x.no",
    );
    const signedIn = createAuthClient(wrong.options);
    await signedIn.changePassword("kari@x.no", "feil", "nytt-passord-2");
    expect(wrong.requests.at(-1)).toMatchObject({ url: "/auth/logout", method: "GET" });
    expect(signedIn.user).toBeNull();
    expect(wrong.changes).toEqual([[null, "logout"]]);
  });

  it("logout calls the endpoint with null credentials, clears cookies and tells the other tabs", async () => {
    const h = harness([{ body: {} }], "kari@x.no");
    const auth = createAuthClient(h.options);
    await auth.logout();
    expect(h.requests[0]).toMatchObject({ url: "/auth/logout", method: "GET", body: undefined });
    expect(h.posted).toEqual([{ type: "auth", user: null }]);
    expect(h.changes).toEqual([[null, "logout"]]);
  });

  it("follows other tabs: a sign-out there signs this tab out; a refresh there restarts this tab's clock", () => {
    const h = harness([], "kari@x.no");
    const auth = createAuthClient(h.options);
    h.tab({ type: "auth", user: "kari@x.no" });
    expect(h.timers).toHaveLength(1);
    expect(h.changes).toEqual([]);
    h.tab({ type: "auth", user: null });
    expect(auth.user).toBeNull();
    expect(h.timers[0]?.cleared).toBe(true);
    expect(h.changes).toEqual([[null, "tab"]]);
    expect(h.posted).toEqual([]);
  });
});
