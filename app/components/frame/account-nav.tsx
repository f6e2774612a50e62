import { lazy, Suspense, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { type AuthLoader, authLoader, authState, cookieUser } from "../../lib/client/auth-state.ts";
import type { Lang } from "../../lib/locale.ts";
import type { PageLocale } from "../../lib/page-locale.ts";
import { href } from "../../lib/page-locale.ts";
import { screenHref } from "../../lib/screens.ts";
import { UserIcon } from "./icons.tsx";

/**
 * The tab's auth client: its code (with the password digest) loads when it is first needed; the one import site
 * is here, and the sign-in panel and the signed-in header get the loader from the frame.
 */
export const loadAuthClient: AuthLoader = authLoader(() => import("../../lib/client/auth-wiring.ts"));

/**
 * A signed-in shopper's part of the header (its own chunk: a guest's pages never load it): the account link,
 * "sign out", and the auth client that keeps the session fresh and follows the other tabs.
 */
const SignedInNav = lazy(() => import("./signed-in-nav.tsx"));

const AUTH_PARTS = {
  loadAuth: loadAuthClient,
  setRevalidate: authState.setRevalidate,
  syncFromCookie: () => authState.set(cookieUser()),
  signedInCookie: () => cookieUser() !== null,
};

/** What the account button needs of the root loader's data (passed in: this module stays out of root's imports). */
export interface AccountNavRoot {
  user: string | null;
  passwordSalt: string;
  locale: PageLocale;
  lang: Lang;
}

/**
 * The header's account button. For a guest it opens the sign-in panel on this page (then goes to the account);
 * for a signed-in shopper (the server's answer, root loader's `user`, until the browser's auth state says) it
 * leads to the account, with "sign out" beside it.
 */
export function AccountNav({ root, t }: { root: AccountNavRoot; t: Translate }) {
  const state = useSyncExternalStore(authState.subscribe, authState.get, () => undefined);
  const user = state === undefined ? root.user : state;
  const location = useLocation();
  const account = href(root.locale, screenHref("account", root.lang));
  const link = (to: string, signedIn: boolean) => (
    <Link
      to={to}
      preventScrollReset={!signedIn}
      className="flex items-center gap-1"
      data-account-button={signedIn ? "signed-in" : "signed-out"}
    >
      <UserIcon />
      <span className="max-sm:sr-only">{t("nav.account")}</span>
      {signedIn ? null : <span className="sr-only"> – {t("nav.signIn")}</span>}
    </Link>
  );
  if (user) {
    return (
      <Suspense fallback={link(account, true)}>
        <SignedInNav root={root} t={t} link={link(account, true)} auth={AUTH_PARTS} />
      </Suspense>
    );
  }
  const query = new URLSearchParams(location.search);
  query.set("action", "login");
  query.set("returnTo", account);
  return link(`${location.pathname}?${query}`, false);
}
