import { COOKIES, readCookie, serializeCookie } from "../cookies.ts";
import type { AuthClient } from "./auth-client.ts";
import { writeCookies } from "./cookies.ts";
import { eventBus } from "./event-bus.ts";
import { tabSync } from "./tab-sync.ts";

/**
 * The parts of the page the tab's auth client is wired to (lib/client/auth-wiring.ts); who is signed in is the root
 * loader's answer (the mili-user cookie), refetched on every change. The client's code (with the password digest) is
 * loaded only when it is needed — a shopper who is signed in (it refreshes the session at 90 % of maxAge) or who
 * opens the sign-in panel — and takes those parts as arguments, so no every-page module is shared with it and a
 * guest's every-page JavaScript stays small.
 */
let revalidate: () => void = () => {};
let loading: Promise<AuthClient> | null = null;

/**
 * Loads the tab's auth client. `refetch` is the page's "refetch every query" (the router's revalidation; the
 * signed-in header passes it): the root loader reads who is signed in from the cookie again, so the header follows
 * a sign-in or sign-out made here or in another tab.
 */
export type AuthLoader = (salt: string, refetch?: () => void) => Promise<AuthClient>;

/**
 * The loader of the tab's auth client: `load` fetches its code (the frame's one import site), which is wired to
 * this page's parts (lib/client/auth-wiring.ts) and initialised. Made once per tab.
 */
export function authLoader(load: () => Promise<typeof import("./auth-wiring.ts")>): AuthLoader {
  return (salt, refetch) => {
    if (refetch) revalidate = refetch;
    loading ??= load().then((m) =>
      m.startAuthClient(salt, {
        tabs: tabSync,
        cookie: (name) => readCookie(document.cookie, name) ?? null,
        clearCookies: () =>
          writeCookies((secure) => [
            serializeCookie(COOKIES.user, "", 0, { secure }),
            serializeCookie(COOKIES.userMaxAge, "", 0, { secure }),
          ]),
        push: (type) => eventBus.push(type, {}),
        revalidate: () => revalidate(),
      }),
    );
    return loading;
  };
}
