import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import type { TabMessage } from "./tab-sync.ts";

/**
 * The browser's auth client (spec §4, §7; API.md, Auth endpoint; decision 0020). It keeps who is signed in
 * (`user`: the username or null), refreshes the session at 90 % of the token's maxAge, speaks the three-step
 * protocol for login, register and password change, and tells the shop's other tabs over the `auth` tab message.
 * The token itself stays in HttpOnly cookies the server sets; this client never reads it.
 *
 * - Login and register: the user is set and `onChange(user, "login")` asks the page to refetch everything (the
 *   cart and prices depend on the customer type).
 * - Logout: the endpoint is called with null credentials, cookies cleared, `onChange(null, "logout")` (which pushes
 *   `user:logout` and refetches).
 * - Password change: the user stays; no refetch. A wrong current password signs the shopper out.
 * - Network failures leave the shopper signed out and are logged, never thrown at the page.
 */
export interface AuthClientOptions {
  /** The endpoint base, "/auth/". */
  endpoint: string;
  /** The sign endpoint base, "/auth/sign/". */
  signEndpoint: string;
  salt?: string;
  fetch?: typeof fetch;
  /** The tab channel (app/lib/client/tab-sync.ts). */
  tabs?: { post(message: TabMessage): void; subscribe(listener: (message: TabMessage) => void): () => void };
  timers?: { set(run: () => void, ms: number): unknown; clear(handle: unknown): void };
  /** The `mili-user` cookie's value. */
  readUser: () => string | null;
  /** The `mili-user-maxage` cookie's value (seconds), 0 when unset. */
  readMaxAge?: () => number;
  /** Clears the auth cookies script can reach (mili-user, mili-user-maxage). */
  clearCookies: () => void;
  /** The user changed: refetch queries (reason "login", "logout", "refresh", "tab", "password"). */
  onChange?: (user: string | null, reason: AuthChange) => void;
  log?: (message: string, error?: unknown) => void;
}

export type AuthChange = "login" | "logout" | "refresh" | "tab" | "password";

export type AuthResult = { ok: true } | { ok: false; code: string; message: string | null };

export const IDENTITY_REQUIRED = "An endpoint that can verify identities is required";

export function createAuthClient(opts: AuthClientOptions) {
  if (!opts.endpoint || !opts.signEndpoint) throw new Error(IDENTITY_REQUIRED);
  const request = opts.fetch ?? ((input, init) => fetch(input, init));
  const timers = opts.timers ?? {
    set: (run: () => void, ms: number) => setTimeout(run, ms),
    clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const salt = opts.salt ?? PASSWORD_SALT_DEFAULT;
  const base = opts.endpoint.endsWith("/") ? opts.endpoint : `${opts.endpoint}/`;
  const signBase = opts.signEndpoint.endsWith("/") ? opts.signEndpoint : `${opts.signEndpoint}/`;
  let user: string | null = opts.readUser();
  let timer: unknown;
  const listeners = new Set<(user: string | null) => void>();

  const set = (next: string | null, reason: AuthChange | null, broadcast: boolean) => {
    const changed = next !== user;
    user = next;
    if (broadcast) opts.tabs?.post({ type: "auth", user: next });
    for (const listener of [...listeners]) listener(next);
    if (reason && (changed || reason === "login" || reason === "logout")) opts.onChange?.(next, reason);
  };

  const schedule = (maxAge: number) => {
    if (timer !== undefined) timers.clear(timer);
    // Spec §9: refresh at 90 % of maxAge (seconds): 900 × maxAge milliseconds.
    timer = timers.set(() => void refresh(), 900 * maxAge);
  };

  const signedOut = (reason: AuthChange | null) => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    opts.clearCookies();
    set(null, reason, true);
  };

  async function call(action: string, init: { method: "GET" | "POST"; body?: unknown }) {
    const response = await request(`${base}${action}`, {
      method: init.method,
      credentials: "include",
      cache: "no-store",
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = (await response.json().catch(() => ({}))) as {
      sign?: string;
      token?: string;
      maxAge?: number;
      error?: { code?: string; message?: string };
    };
    return { status: response.status, json };
  }

  /** The current session (the first call, and every refresh). */
  async function refresh(): Promise<void> {
    try {
      const { json } = await call("login", { method: "GET" });
      if (json.token && typeof json.maxAge === "number") {
        schedule(json.maxAge);
        set(opts.readUser() ?? user, "refresh", true);
      } else if (user !== null || opts.readUser() !== null) {
        signedOut("logout");
      }
    } catch (error) {
      opts.log?.("auth: the session could not be refreshed", error);
      if (user !== null) signedOut("logout");
    }
  }

  /** The three steps of API.md for login, register or password. */
  async function connect(
    action: "login" | "register" | "password",
    fields: {
      username: string;
      password: string;
      newPassword?: string;
      rememberMe?: boolean;
      customerType?: string;
    },
  ): Promise<AuthResult> {
    try {
      const first = await call(action, { method: "POST", body: { username: fields.username } });
      if (!first.json.sign) return failure(first.json);
      const signed = await request(`${signBase}${encodeURIComponent(first.json.sign)}`, {
        credentials: "include",
        cache: "no-store",
      });
      const { signature } = (await signed.json().catch(() => ({}))) as { signature?: string };
      if (!signature) return { ok: false, code: "CHALLENGE_EXPIRED", message: null };
      const body: Record<string, unknown> = {
        username: fields.username,
        signature,
        password: await passwordDigest(fields.password, salt),
      };
      if (fields.newPassword !== undefined) body.newPassword = await passwordDigest(fields.newPassword, salt);
      if (fields.rememberMe === false) body.sessionLifetime = 30;
      if (fields.customerType) body.customerType = fields.customerType;
      const last = await call(action, { method: "POST", body });
      if (!last.json.token || typeof last.json.maxAge !== "number") return failure(last.json);
      schedule(last.json.maxAge);
      set(opts.readUser() ?? fields.username, action === "password" ? "password" : "login", true);
      return { ok: true };
    } catch (error) {
      opts.log?.(`auth: ${action} failed`, error);
      return { ok: false, code: "NETWORK", message: null };
    }
  }

  const failure = (json: { error?: { code?: string; message?: string } }): AuthResult => ({
    ok: false,
    code: json.error?.code ?? "UNKNOWN",
    message: json.error?.message ?? null,
  });

  const unsubscribe = opts.tabs?.subscribe((message) => {
    if (message.type !== "auth") return;
    // Another tab signed in, out or refreshed: follow it (its refresh restarts this tab's clock, so two tabs
    // do not present one refresh token at once).
    if (message.user === null) {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      set(null, user === null ? null : "tab", false);
      return;
    }
    const maxAge = opts.readMaxAge?.() ?? 0;
    if (maxAge > 0) schedule(maxAge);
    set(message.user, user === message.user ? null : "tab", false);
  });

  return {
    get user() {
      return user;
    },
    /** First call: answers the current session (refreshing it). */
    init: refresh,
    refresh,
    login: (username: string, password: string, rememberMe = true) =>
      connect("login", { username, password, rememberMe }),
    register: (
      username: string,
      password: string,
      rememberMe = true,
      customerType?: "PERSON" | "ORGANIZATION",
    ) => connect("register", { username, password, rememberMe, ...(customerType ? { customerType } : {}) }),
    /** Changes the password; a wrong current password signs the shopper out. */
    async changePassword(username: string, password: string, newPassword: string): Promise<AuthResult> {
      const result = await connect("password", { username, password, newPassword });
      if (!result.ok && result.code === "WRONG_CREDENTIALS") await logout();
      return result;
    },
    logout,
    /** The account was deleted: the session is gone; sign out here and everywhere. */
    deleted: () => signedOut("logout"),
    subscribe(listener: (user: string | null) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      if (timer !== undefined) timers.clear(timer);
      unsubscribe?.();
      listeners.clear();
    },
  };

  async function logout(): Promise<void> {
    try {
      await call("logout", { method: "GET" });
    } catch (error) {
      opts.log?.("auth: logout failed", error);
    }
    signedOut("logout");
  }
}

export type AuthClient = ReturnType<typeof createAuthClient>;
