import { redirect } from "react-router";
import type { AccountKey } from "../i18n/account.ts";
import {
  countryOfMarket,
  forgotProblems,
  keyOfCode,
  loginProblems,
  type Problems,
  registerProblems,
} from "../lib/account-forms.ts";
import { signOut, speakProtocol, strictly } from "../lib/auth.server.ts";
import { RequestPasswordResetMutation, UpdateUserMutation } from "../lib/graphql/account-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import type { PanelMode } from "../lib/panel.ts";
import { PANEL_PARAMS } from "../lib/panel-query.ts";
import { backTo, pathOf } from "../lib/return-to.ts";
import type { Route } from "./+types/api.auth";

/**
 * The sign-in panel's forms (resource route, action only) for a browser without JavaScript: login, register,
 * forgotten password and logout, spoken to the auth endpoint in-process (lib/auth.server.ts). Success goes to
 * `returnTo` (same site only) with the endpoint's cookies; a refusal goes back to the page with the panel open and
 * the problems' text keys in the query (never the e-mail or a password). With JavaScript the panel uses the auth
 * client and comes here only to complete a registration (`intent=profile`) and to ask for a reset link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { client, locale, rc } = requestClient(request, context);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 1000);
  const intent = text("intent");
  const fetcher = text("via") === "fetcher";
  const home = href(locale, "/");
  const page = text("page");
  const returnTo = text("returnTo");
  const country = countryOfMarket(locale.market);

  /** Back to the page, the panel open in `mode`, with the problems. */
  const refuse = (mode: PanelMode, problems: Problems, error?: AccountKey, cookies: string[] = []) => {
    const target = backTo(request, home, page || null);
    for (const name of PANEL_PARAMS) target.searchParams.delete(name);
    for (const name of [...target.searchParams.keys()])
      if (name.startsWith("p_")) target.searchParams.delete(name);
    target.searchParams.set("action", mode);
    if (returnTo) target.searchParams.set("returnTo", returnTo);
    for (const [field, key] of Object.entries(problems)) if (key) target.searchParams.set(`p_${field}`, key);
    if (error) target.searchParams.set("error", error);
    return go(pathOf(target), cookies);
  };
  const done = (cookies: string[], fallback = page) => {
    const target = backTo(request, home, returnTo || fallback || null);
    for (const name of PANEL_PARAMS) target.searchParams.delete(name);
    return go(pathOf(target), cookies);
  };

  if (intent === "logout") {
    const cookies = await signOut(rc, request, locale.lang);
    if (fetcher) return { ok: true };
    return go(home, cookies);
  }

  if (intent === "forgot") {
    const email = text("email").trim();
    const problems = forgotProblems({ email });
    if (Object.keys(problems).length > 0) {
      if (fetcher) return { ok: false, problems };
      return refuse("forgot", problems);
    }
    try {
      await strictly(client.request(RequestPasswordResetMutation, { email }));
    } catch (error) {
      rc.log("error", "password reset request failed", { error: String(error) });
      if (fetcher) return { ok: false, error: "api.account.generic" };
      return refuse("forgot", {}, "api.account.generic");
    }
    if (fetcher) return { ok: true };
    const target = backTo(request, home, page || null);
    target.searchParams.set("action", "forgot");
    target.searchParams.set("sent", "1");
    return go(pathOf(target), []);
  }

  if (intent === "profile") {
    // A registration made by the auth client is completed here (the new session's cookie is on this request).
    const result = await completeRegistration(client, form);
    return fetcher ? result : done([]);
  }

  const email = text("email").trim();
  const password = String(form.get("password") ?? "");
  const rememberMe = form.get("remember") === "on";

  if (intent === "login") {
    const problems = loginProblems({ email, password });
    if (Object.keys(problems).length > 0) return refuse("login", problems);
    const result = await speakProtocol(rc, request, locale.lang, "login", {
      username: email,
      password,
      rememberMe,
    });
    if (!result.ok) return refuse("login", {}, keyOfCode(result.code), result.cookies);
    return done(result.cookies);
  }

  if (intent === "register") {
    const customerType = text("customerType") === "ORGANIZATION" ? "ORGANIZATION" : "PERSON";
    const problems = registerProblems(
      {
        email,
        password,
        passwordRepeat: String(form.get("passwordRepeat") ?? ""),
        customerType,
        company: text("company"),
        organizationId: text("organizationId"),
      },
      country,
    );
    if (Object.keys(problems).length > 0) return refuse("register", problems, "api.account.form.invalid");
    const result = await speakProtocol(rc, request, locale.lang, "register", {
      username: email,
      password,
      rememberMe,
      customerType,
    });
    if (!result.ok) {
      const key = keyOfCode(result.code);
      return key === "api.account.password.common"
        ? refuse("register", { password: key })
        : refuse("register", {}, key, result.cookies);
    }
    const signedIn = requestClient(request, context, { token: result.token ?? "" }).client;
    await completeRegistration(signedIn, form);
    return done(result.cookies);
  }

  throw new Response("Unknown intent", { status: 400 });

  function go(path: string, cookies: string[]) {
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return redirect(path, { status: 303, headers });
  }

  /** updateUser right after registering: customer type, newsletter, and an organisation's name and number. */
  async function completeRegistration(gql: typeof client, fields: FormData) {
    const value = (name: string) =>
      String(fields.get(name) ?? "")
        .trim()
        .slice(0, 200);
    const organization = value("customerType") === "ORGANIZATION";
    try {
      await strictly(
        gql.request(UpdateUserMutation, {
          user: {
            customerType: organization ? "ORGANIZATION" : "PERSON",
            newsletter: fields.get("newsletter") === "on",
            ...(organization
              ? { organizationId: value("organizationId"), address: { company: value("company") } }
              : {}),
          },
        }),
      );
      return { ok: true };
    } catch (error) {
      // The account exists and the shopper is signed in; the rest can be set in the settings.
      rc.log("warn", "registration's profile not saved", { error: String(error) });
      return { ok: false };
    }
  }
}
