import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import type { AuthLoader } from "../../lib/client/auth-state.ts";
import { href } from "../../lib/page-locale.ts";
import type { AccountNavRoot } from "./account-nav.tsx";

/**
 * Keeps a signed-in tab's state: starts the auth client (the current session, then a refresh at 90 % of maxAge; it
 * follows the other tabs' `auth` messages) and lets it refetch the page's data on a change.
 */
function useAuthRuntime(root: AccountNavRoot, loadAuth: AuthLoader) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const salt = root.passwordSalt;
  useEffect(() => {
    void loadAuth(salt, () => void revalidate.current());
  }, [salt, loadAuth]);
}

/**
 * The signed-in header part: the account link and "sign out" (a form: it works without JavaScript; with it the
 * auth client signs out, the other tabs follow, and the page's data is refetched, so an account page's guard asks
 * for a sign-in).
 */
export default function SignedInNav({
  root,
  t,
  link,
  loadAuth,
}: {
  root: AccountNavRoot;
  t: Translate;
  link: ReactNode;
  loadAuth: AuthLoader;
}) {
  useAuthRuntime(root, loadAuth);
  async function signOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await (await loadAuth(root.passwordSalt)).logout();
  }
  return (
    <>
      {link}
      <form method="post" action={href(root.locale, "/api/auth")} onSubmit={(event) => void signOut(event)}>
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="underline underline-offset-2" data-sign-out>
          {t("nav.signOut")}
        </button>
      </form>
    </>
  );
}
