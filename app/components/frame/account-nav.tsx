import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { type AuthLoader, authLoader } from "../../lib/client/auth-state.ts";
import type { Lang } from "../../lib/locale.ts";
import type { PageLocale } from "../../lib/page-locale.ts";
import { href } from "../../lib/page-locale.ts";
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

/** What the account button needs of the root loader's data (passed in: this module stays out of root's imports). */
export interface AccountNavRoot {
  user: string | null;
  passwordSalt: string;
  locale: PageLocale;
  lang: Lang;
}

/**
 * The header's account button. For a guest it opens the sign-in panel on this page (then goes to the account);
 * for a signed-in shopper (the root loader's `user`, read again after every change) it leads to the account, with
 * "sign out" beside it.
 */
export function AccountNav({ root, t }: { root: AccountNavRoot; t: Translate }) {
  const user = root.user;
  const account = href(root.locale, "/account");
  const link = (to: string) => (
    <Link to={to} className="flex items-center gap-1">
      <UserIcon />
      <span className="max-sm:sr-only">{t("nav.account")}</span>
    </Link>
  );
  if (user) {
    return (
      <Suspense fallback={link(account)}>
        <SignedInNav root={root} t={t} link={link(account)} loadAuth={loadAuthClient} />
      </Suspense>
    );
  }
  // A query alone: the link opens the panel on this page.
  return link(`?action=login&returnTo=${encodeURIComponent(account)}`);
}
