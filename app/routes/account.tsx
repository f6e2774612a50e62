import { Form, Link, redirect, useNavigation } from "react-router";
import { formatDateTime } from "#domain/format.ts";
import { FormMessage } from "../components/account/fields.tsx";
import { useAccountT } from "../i18n/account.ts";
import { accountLoader, accountMeta } from "../lib/account-screen.ts";
import { signOut, strictly } from "../lib/auth.server.ts";
import { privateHeaders } from "../lib/cache.ts";
import {
  GetSessionsQuery,
  GetUserQuery,
  SignOutEverywhereMutation,
} from "../lib/graphql/account-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { screenHref } from "../lib/screens.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/account";

/** /account: who is signed in, the way to orders, settings and balance, and the active sessions. */
export const loader = accountLoader("account", async (client, locale) => {
  const [user, sessions] = await Promise.all([
    client.request(GetUserQuery),
    client.request(GetSessionsQuery).catch(() => ({ data: { getSessions: [] } })),
  ]);
  return {
    user: user.data.getUser,
    sessions: sessions.data.getSessions.map((s) => ({
      ...s,
      startedAt: formatDateTime(s.startedAt, locale),
      lastUsedAt: formatDateTime(s.lastUsedAt, locale),
    })),
  };
});

export const meta = accountMeta("account.heading");
export const headers = privateHeaders;

/** "Sign out everywhere": every session ends (this one too) and the cookies go. */
export async function action({ request, context }: Route.ActionArgs) {
  const { client, locale, rc } = requestClient(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "everywhere") throw new Response("Unknown intent", { status: 400 });
  try {
    await strictly(client.request(SignOutEverywhereMutation));
  } catch (error) {
    rc.log("error", "sign out everywhere failed", { error: String(error) });
    return { failed: true };
  }
  const headers = new Headers();
  for (const cookie of await signOut(rc, request, locale.lang)) headers.append("Set-Cookie", cookie);
  throw redirect(href(locale, "/"), { status: 303, headers });
}

export default function AccountOverview({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useAccountT();
  const navigation = useNavigation();
  const user = loaderData.data?.user ?? null;
  const sessions = loaderData.data?.sessions ?? [];
  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("account.heading")}
      </h1>
      {user ? (
        <p className="mt-2 text-stone-700">
          {t("account.greeting", { name: user.address?.firstName || user.email })}{" "}
          {t("account.signedInAs", { email: user.email })}
        </p>
      ) : null}
      <nav aria-label={t("account.links")} className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-3">
          {(["account-orders", "account-settings", "account-balance"] as const).map((id) => (
            <li key={id}>
              <Link
                className="block rounded border border-stone-300 p-4 font-semibold underline-offset-2 hover:underline"
                to={href(root.locale, screenHref(id, root.lang))}
              >
                {t(
                  id === "account-orders"
                    ? "account.orders.heading"
                    : id === "account-settings"
                      ? "account.settings.heading"
                      : "account.balance.heading",
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="sessions-heading" className="mt-8">
        <h2 id="sessions-heading" className="text-xl font-bold">
          {t("sessions.heading")}
        </h2>
        <p className="mt-1 text-stone-700">{t("sessions.intro")}</p>
        <ul className="mt-3 space-y-2" data-sessions>
          {sessions.map((s) => (
            <li
              key={s.id}
              className="rounded border border-stone-200 p-3"
              data-session={s.current ? "current" : ""}
            >
              <p className="font-semibold">
                {s.userAgent ? browserName(s.userAgent) : t("sessions.unknownDevice")}
                {s.current ? ` – ${t("sessions.current")}` : ""}
              </p>
              <p className="text-sm text-stone-700">
                {t("sessions.started", { date: s.startedAt })} ·{" "}
                {t("sessions.lastUsed", { date: s.lastUsedAt })} ·{" "}
                {t(s.rememberMe ? "sessions.remembered" : "sessions.short")}
              </p>
            </li>
          ))}
        </ul>
        <FormMessage text={actionData?.failed ? t("api.account.generic") : null} />
        <Form method="post">
          <input type="hidden" name="intent" value="everywhere" />
          <button
            type="submit"
            className="mt-3 rounded border border-stone-900 px-4 py-2 font-semibold"
            aria-disabled={navigation.state === "submitting" ? true : undefined}
          >
            {t("sessions.signOutEverywhere")}
          </button>
        </Form>
      </section>
    </main>
  );
}

/** A browser's name from its User-Agent, enough to tell one's own devices apart. */
function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : userAgent.slice(0, 40);
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser}, ${system}` : browser;
}
