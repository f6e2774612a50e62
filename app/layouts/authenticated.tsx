import { Link, Outlet, redirect } from "react-router";
import { Frame } from "../components/frame.tsx";
import { pageLocaleContext } from "../lib/context.ts";
import { href } from "../lib/page-locale.ts";
import { SCREENS, screenPath } from "../lib/screens.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/authenticated";

/** Whether the request is signed in. Accounts come with the auth issue; until then nobody is. */
function isSignedIn(_request: Request): boolean {
  return false;
}

/**
 * Protected pages: a visitor who is not signed in goes to the home page with action=login and
 * returnTo={encoded full path}; a loginToken query parameter skips the guard (token sign-in lands here).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (isSignedIn(request) || url.searchParams.has("loginToken")) return null;
  const locale = context.get(pageLocaleContext);
  const home = locale ? href(locale, "/") : "/";
  const full = `${url.pathname.replace(/(\/_)?\.data$/, "")}${url.search}`;
  throw redirect(`${home}?action=login&returnTo=${encodeURIComponent(full)}`);
}

const ACCOUNT_SCREENS = ["account", "account-orders", "account-settings", "account-balance"] as const;

export default function AuthenticatedLayout() {
  const root = useRoot();
  const t = useT();
  return (
    <Frame>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t("account.navigation")}>
          <ul className="space-y-2">
            {ACCOUNT_SCREENS.map((id) => {
              const screen = SCREENS.find((s) => s.id === id);
              if (!screen) return null;
              return (
                <li key={id}>
                  <Link to={href(root.locale, screenPath(screen, root.lang))}>{t(`account.nav.${id}`)}</Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Outlet />
      </div>
    </Frame>
  );
}
