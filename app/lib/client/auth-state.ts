import { COOKIES, readCookie, serializeCookie } from "../cookies.ts";
import type { AuthClient } from "./auth-client.ts";
import { writeCookies } from "./cookies.ts";
import { eventBus } from "./event-bus.ts";
import { tabSync } from "./tab-sync.ts";

/**
 * Who is signed in, for the every-page frame (the header's account button): a tiny store, and the parts of the page
 * the tab's auth client is wired to (lib/client/auth-wiring.ts). The client's code (with the password digest) is
 * loaded only when it is needed — a shopper who is signed in (it refreshes the session at 90 % of maxAge) or who
 * opens the sign-in panel — and takes those parts as arguments, so no every-page module is shared with it and a
 * guest's every-page JavaScript stays small.
 */
let user: string | null | undefined;
const listeners = new Set<() => void>();
let revalidate: () => void = () => {};
let loading: Promise<AuthClient> | null = null;

export const authState = {
  /** The signed-in username (undefined until the browser's cookie was read). */
  get: () => user,
  set(next: string | null) {
    if (next === user) return;
    user = next;
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** The page's "refetch every query" (the router's revalidation), registered by the header. */
  setRevalidate(run: () => void) {
    revalidate = run;
  },
};

/** The `mili-user` cookie: the signed-in username, or null. */
export function cookieUser(): string | null {
  return typeof document === "undefined" ? null : (readCookie(document.cookie, COOKIES.user) ?? null);
}

export type AuthLoader = (salt: string) => Promise<AuthClient>;

/**
 * The loader of the tab's auth client: `load` fetches its code (the frame's one import site), which is wired to
 * this page's parts (lib/client/auth-wiring.ts) and initialised. Made once per tab.
 */
export function authLoader(load: () => Promise<typeof import("./auth-wiring.ts")>): AuthLoader {
  return (salt) => {
    loading ??= load().then((m) =>
      m.startAuthClient(salt, {
        tabs: tabSync,
        cookie: (name) => readCookie(document.cookie, name) ?? null,
        clearCookies: () =>
          writeCookies((secure) => [
            serializeCookie(COOKIES.user, "", 0, { secure }),
            serializeCookie(COOKIES.userMaxAge, "", 0, { secure }),
          ]),
        setUser: authState.set,
        push: (type) => eventBus.push(type, {}),
        revalidate: () => revalidate(),
      }),
    );
    return loading;
  };
}
