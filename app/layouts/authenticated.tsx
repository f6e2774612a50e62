import { Link, Outlet, redirect } from "react-router";
import { loadAuthClient } from "../components/frame/account-nav.tsx";
import { Frame } from "../components/frame.tsx";
import { accountTranslator } from "../i18n/account.ts";
import { tokenOf } from "../lib/auth.server.ts";
import type { AuthLoader } from "../lib/client/auth-state.ts";
import { pageLocaleContext } from "../lib/context.ts";
import { GetUserQuery } from "../lib/graphql/account-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { SCREENS, screenPath } from "../lib/screens.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/authenticated";

/** Whether the request is signed in: its token (the mili-auth cookie) names a customer the API knows. */
async function isSignedIn(request: Request, context: Route.LoaderArgs["context"]): Promise<boolean> {
  if (!tokenOf(request)) return false;
  const { client, rc } = requestClient(request, context);
  try {
    const { data } = await client.request(GetUserQuery);
    return data.getUser !== null;
  } catch (error) {
    rc.log("warn", "could not tell whether the shopper is signed in", { error: String(error) });
    return false;
  }
}

/**
 * Protected pages: a visitor who is not signed in goes to the home page with action=login and
 * returnTo={encoded full path} (the sign-in panel brings them back); a loginToken query parameter skips the guard
 * (token sign-in lands here).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("loginToken") || (await isSignedIn(request, context))) return null;
  const locale = context.get(pageLocaleContext);
  const home = locale ? href(locale, "/") : "/";
  const full = `${url.pathname.replace(/(\/_)?\.data$/, "")}${url.search}`;
  throw redirect(`${home}?action=login&returnTo=${encodeURIComponent(full)}`);
}

/** What the account pages get from this layout: the tab's auth client (password change). */
export interface AccountOutlet {
  loadAuth: AuthLoader;
}

const ACCOUNT_SCREENS = ["account", "account-orders", "account-settings", "account-balance"] as const;

export default function AuthenticatedLayout() {
  const root = useRoot();
  const t = accountTranslator(root.lang);
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
                  <Link to={href(root.locale, screenPath(screen, root.lang))}>
                    {t(`account.nav.${id}` as const)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Outlet context={{ loadAuth: loadAuthClient } satisfies AccountOutlet} />
      </div>
    </Frame>
  );
}
