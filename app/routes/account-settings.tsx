import { type FormEvent, useEffect, useState } from "react";
import { Form, redirect, useNavigate, useNavigation, useOutletContext } from "react-router";
import { CheckField, FormMessage, SubmitButton, TextField } from "../components/account/fields.tsx";
import { type AccountKey, useAccountT } from "../i18n/account.ts";
import type { AccountOutlet } from "../layouts/authenticated.tsx";
import {
  countryOfMarket,
  newPasswordProblems,
  type Problems,
  profileProblems,
} from "../lib/account-forms.ts";
import { accountLoader, accountMeta } from "../lib/account-screen.ts";
import { signOut, speakProtocol, strictly } from "../lib/auth.server.ts";
import { privateHeaders } from "../lib/cache.ts";
import { DeleteUserMutation, GetUserQuery, UpdateUserMutation } from "../lib/graphql/account-operations.ts";
import { GraphqlClientError } from "../lib/graphql/client.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/account-settings";

/**
 * Settings: every Customer field of spec §3 (updateUser, checked first by the same rules as the server: identity
 * numbers of the address's country, organisation numbers, zip codes; 'Sørg for at alle felt er gyldige' above a
 * form with a problem), the password (a wrong current password signs the shopper out), and deleting the account
 * in two steps (it signs out). Forms: they work without JavaScript; with it the password goes through the auth
 * client (no refetch).
 */
export const loader = accountLoader("account-settings", async (client) => {
  const { data } = await client.request(GetUserQuery);
  return { user: data.getUser };
});

export const meta = accountMeta("account.settings.heading");
export const headers = privateHeaders;

export type SettingsResult =
  | {
      intent: "profile";
      saved: boolean;
      problems: Problems;
      error: AccountKey | null;
      message?: string;
      /** What was sent, shown again when it was refused (a form without JavaScript reloads the page). */
      values?: Record<string, string>;
    }
  | { intent: "password"; done: boolean; problems: Problems; error: AccountKey | null }
  | { intent: "delete-start" }
  | { intent: "delete"; failed: true; openOrders?: string[] };

const FIELD_KEYS: Record<string, AccountKey> = {
  personalId: "api.account.personalId.invalid",
  organizationId: "api.account.organizationId.invalid",
  zip: "api.account.zip.invalid",
};

const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "careOf",
  "addressLine1",
  "addressLine2",
  "zip",
  "city",
  "entryCode",
  "personalId",
  "organizationId",
  "company",
] as const;

export async function action({ request, context }: Route.ActionArgs): Promise<SettingsResult> {
  const { client, locale, rc } = requestClient(request, context);
  const form = await request.formData();
  const text = (name: string) =>
    String(form.get(name) ?? "")
      .trim()
      .slice(0, 500);
  const intent = text("intent");
  const home = href(locale, "/");
  const goHome = async (query = "") => {
    const headers = new Headers();
    for (const cookie of await signOut(rc, request, locale.lang)) headers.append("Set-Cookie", cookie);
    return redirect(`${home}${query}`, { status: 303, headers });
  };

  if (intent === "profile") {
    const customerType = text("customerType") === "ORGANIZATION" ? "ORGANIZATION" : "PERSON";
    const fields = {
      customerType,
      country: text("country"),
      personalId: text("personalId"),
      organizationId: text("organizationId"),
      company: text("company"),
      zip: text("zip"),
    } as const;
    const problems = profileProblems(fields, countryOfMarket(locale.market));
    const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, text(name)]));
    if (Object.keys(problems).length > 0)
      return { intent, saved: false, problems, error: "api.account.form.invalid", values };
    const gender = text("gender");
    try {
      await strictly(
        client.request(UpdateUserMutation, {
          user: {
            customerType,
            newsletter: form.get("newsletter") === "on",
            ...(gender === "WOMAN" || gender === "MAN" || gender === "UNSPECIFIED" ? { gender } : {}),
            // An emptied field is sent empty: it clears (updateUser).
            ...(customerType === "PERSON" ? { personalId: fields.personalId } : {}),
            ...(customerType === "ORGANIZATION" ? { organizationId: fields.organizationId } : {}),
            address: {
              firstName: text("firstName"),
              lastName: text("lastName"),
              phone: text("phone"),
              careOf: text("careOf"),
              addressLine1: text("addressLine1"),
              addressLine2: text("addressLine2"),
              zip: fields.zip,
              city: text("city"),
              country: fields.country,
              entryCode: text("entryCode"),
              ...(customerType === "ORGANIZATION" ? { company: fields.company } : {}),
            },
          },
        }),
      );
      return { intent, saved: true, problems: {}, error: null };
    } catch (error) {
      if (error instanceof GraphqlClientError) {
        const field = String(error.graphQLErrors[0]?.extensions?.field ?? "");
        const key = FIELD_KEYS[field];
        if (key)
          return { intent, saved: false, problems: { [field]: key }, error: "api.account.form.invalid" };
        if (error.code === "BAD_USER_INPUT")
          return {
            intent,
            saved: false,
            problems: {},
            error: "api.account.form.invalid",
            message: error.message,
          };
      }
      rc.log("error", "settings not saved", { error: String(error) });
      return { intent, saved: false, problems: {}, error: "api.account.generic" };
    }
  }

  if (intent === "password") {
    const current = String(form.get("currentPassword") ?? "");
    const next = String(form.get("newPassword") ?? "");
    const problems: Problems = {
      ...(current === "" ? { currentPassword: "api.account.password.required" as const } : {}),
      ...newPasswordProblems(
        { password: next, passwordRepeat: String(form.get("newPasswordRepeat") ?? "") },
        { password: "newPassword", passwordRepeat: "newPasswordRepeat" },
      ),
    };
    if (Object.keys(problems).length > 0) return { intent, done: false, problems, error: null };
    const { data } = await client.request(GetUserQuery);
    const username = data.getUser?.email;
    if (!username) return { intent, done: false, problems: {}, error: "api.account.signIn.required" };
    const result = await speakProtocol(rc, request, locale.lang, "password", {
      username,
      password: current,
      newPassword: next,
    });
    // A wrong current password signs the shopper out (spec §4).
    if (!result.ok && result.code === "WRONG_CREDENTIALS")
      throw await goHome("?action=login&error=api.account.signIn.wrong");
    if (!result.ok) {
      const key = result.code === "COMMON_PASSWORD" ? "api.account.password.common" : null;
      return key
        ? { intent, done: false, problems: { newPassword: key }, error: null }
        : { intent, done: false, problems: {}, error: "api.account.generic" };
    }
    return { intent, done: true, problems: {}, error: null };
  }

  if (intent === "delete-start") return { intent };

  if (intent === "delete") {
    try {
      await strictly(client.request(DeleteUserMutation));
    } catch (error) {
      // An open order holds the deletion up (decision 0065): the shopper is told which, nothing changed.
      if (error instanceof GraphqlClientError && error.code === "OPEN_ORDERS") {
        const orders = error.graphQLErrors[0]?.extensions?.orders;
        return {
          intent,
          failed: true,
          openOrders: Array.isArray(orders) ? orders.map(String) : [],
        };
      }
      rc.log("error", "account not deleted", { error: String(error) });
      return { intent, failed: true };
    }
    throw await goHome();
  }
  throw new Response("Unknown intent", { status: 400 });
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useAccountT();
  const user = loaderData.data?.user ?? null;
  const profile = actionData?.intent === "profile" ? actionData : null;
  const [customerType, setCustomerType] = useState(
    user?.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
  );
  const [clientProblems, setClientProblems] = useState<Problems | null>(null);
  // Without JavaScript both the person's and the organisation's fields show (the radio cannot toggle them).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const root = useRoot();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  if (!user)
    return (
      <main id="main">
        <h1 className="text-3xl font-bold" tabIndex={-1}>
          {t("account.settings.heading")}
        </h1>
      </main>
    );
  const address = user.address;
  const sent = (name: string, stored: string | null | undefined) => profile?.values?.[name] ?? stored;
  const profileProblemsShown = clientProblems ?? profile?.problems ?? {};

  function checkProfile(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    const found = profileProblems(
      {
        customerType: value("customerType") === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
        country: value("country"),
        personalId: value("personalId"),
        organizationId: value("organizationId"),
        company: value("company"),
        zip: value("zip"),
      },
      countryOfMarket(root.locale.market),
    );
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientProblems(found);
    } else setClientProblems(null);
  }
  const profileError =
    clientProblems && Object.keys(clientProblems).length > 0 ? "api.account.form.invalid" : profile?.error;

  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("account.settings.heading")}
      </h1>

      <section aria-labelledby="profile-heading" className="mt-6">
        <h2 id="profile-heading" className="text-xl font-bold">
          {t("settings.profile")}
        </h2>
        <FormMessage text={profileError ? (profile?.message ?? t(profileError)) : null} />
        {profile?.saved && !clientProblems ? <FormMessage tone="ok" text={t("settings.saved")} /> : null}
        <Form method="post" noValidate preventScrollReset onSubmit={checkProfile} className="max-w-xl">
          <input type="hidden" name="intent" value="profile" />
          <fieldset className="mt-3">
            <legend className="text-sm font-semibold">{t("field.customerType")}</legend>
            {(["PERSON", "ORGANIZATION"] as const).map((type) => (
              <div key={type} className="mt-1 flex items-center gap-2">
                <input
                  id={`profile-type-${type}`}
                  type="radio"
                  name="customerType"
                  value={type}
                  defaultChecked={customerType === type}
                  onChange={() => setCustomerType(type)}
                />
                <label htmlFor={`profile-type-${type}`}>{t(`field.customerType.${type}`)}</label>
              </div>
            ))}
          </fieldset>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              form="profile"
              name="firstName"
              label={t("field.firstName")}
              autoComplete="given-name"
              defaultValue={sent("firstName", address?.firstName)}
              t={t}
              problems={profileProblemsShown}
            />
            <TextField
              form="profile"
              name="lastName"
              label={t("field.lastName")}
              autoComplete="family-name"
              defaultValue={sent("lastName", address?.lastName)}
              t={t}
              problems={profileProblemsShown}
            />
          </div>
          <TextField
            form="profile"
            name="phone"
            type="tel"
            label={t("field.phone")}
            autoComplete="tel"
            defaultValue={sent("phone", address?.phone || address?.mobile)}
            t={t}
            problems={profileProblemsShown}
          />
          <div className="mt-3">
            <label htmlFor="profile-gender" className="block text-sm font-semibold">
              {t("field.gender")}
            </label>
            <select
              id="profile-gender"
              name="gender"
              defaultValue={user.gender === "WOMAN" || user.gender === "MAN" ? user.gender : "UNSPECIFIED"}
              className="mt-1 block rounded border border-stone-400 px-3 py-2"
            >
              {(["UNSPECIFIED", "WOMAN", "MAN"] as const).map((g) => (
                <option key={g} value={g}>
                  {t(`field.gender.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            form="profile"
            name="careOf"
            label={t("field.careOf")}
            defaultValue={sent("careOf", address?.careOf)}
            t={t}
            problems={profileProblemsShown}
          />
          <TextField
            form="profile"
            name="addressLine1"
            label={t("field.addressLine1")}
            autoComplete="address-line1"
            defaultValue={sent("addressLine1", address?.addressLine1)}
            t={t}
            problems={profileProblemsShown}
          />
          <TextField
            form="profile"
            name="addressLine2"
            label={t("field.addressLine2")}
            autoComplete="address-line2"
            defaultValue={sent("addressLine2", address?.addressLine2)}
            t={t}
            problems={profileProblemsShown}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              form="profile"
              name="zip"
              label={t("field.zip")}
              autoComplete="postal-code"
              defaultValue={sent("zip", address?.zip)}
              t={t}
              problems={profileProblemsShown}
            />
            <TextField
              form="profile"
              name="city"
              label={t("field.city")}
              autoComplete="address-level2"
              defaultValue={sent("city", address?.city)}
              t={t}
              problems={profileProblemsShown}
            />
          </div>
          <div className="mt-3">
            <label htmlFor="profile-country" className="block text-sm font-semibold">
              {t("field.country")}
            </label>
            <select
              id="profile-country"
              name="country"
              autoComplete="country"
              defaultValue={address?.country || countryOfMarket(root.locale.market)}
              className="mt-1 block rounded border border-stone-400 px-3 py-2"
            >
              {(["NO", "SE"] as const).map((c) => (
                <option key={c} value={c}>
                  {t(`field.country.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            form="profile"
            name="entryCode"
            label={t("field.entryCode")}
            defaultValue={sent("entryCode", address?.entryCode)}
            t={t}
            problems={profileProblemsShown}
          />
          <div hidden={hydrated && customerType === "ORGANIZATION" ? true : undefined}>
            <TextField
              form="profile"
              name="personalId"
              label={t(
                countryOfMarket(root.locale.market) === "SE" ? "field.personalId.SE" : "field.personalId.NO",
              )}
              defaultValue={sent("personalId", user.customerType === "PERSON" ? user.personalId : null)}
              t={t}
              problems={profileProblemsShown}
            />
          </div>
          <div hidden={hydrated && customerType === "PERSON" ? true : undefined}>
            <TextField
              form="profile"
              name="company"
              label={t("field.company")}
              autoComplete="organization"
              defaultValue={sent("company", address?.company)}
              required
              t={t}
              problems={profileProblemsShown}
            />
            <TextField
              form="profile"
              name="organizationId"
              label={t("field.organizationId")}
              defaultValue={sent("organizationId", user.organizationId)}
              required
              t={t}
              problems={profileProblemsShown}
            />
          </div>
          <CheckField
            form="profile"
            name="newsletter"
            label={t("field.newsletter")}
            defaultChecked={user.newsletter ?? false}
          />
          <SubmitButton busy={busy("profile")}>{t("settings.save")}</SubmitButton>
        </Form>
      </section>

      <PasswordSection
        username={user.email}
        actionData={actionData?.intent === "password" ? actionData : null}
      />

      <section aria-labelledby="delete-heading" className="mt-10">
        <h2 id="delete-heading" className="text-xl font-bold">
          {t("settings.delete.heading")}
        </h2>
        <p className="mt-1 text-stone-700">{t("settings.delete.intro")}</p>
        <FormMessage
          text={
            actionData?.intent !== "delete"
              ? null
              : actionData.openOrders
                ? t("api.account.delete.openOrders", { orders: actionData.openOrders.join(", ") })
                : t("api.account.generic")
          }
        />
        {actionData?.intent === "delete-start" ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <p className="mt-3 font-semibold" role="status">
              {t("settings.delete.confirm")}
            </p>
            <div className="mt-3 flex items-center gap-4">
              <button type="submit" className="rounded bg-red-800 px-4 py-2 font-semibold text-white">
                {t("settings.delete.yes")}
              </button>
              <a href="?" className="underline">
                {t("settings.delete.cancel")}
              </a>
            </div>
          </Form>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete-start" />
            <button
              type="submit"
              className="mt-3 rounded border border-red-800 px-4 py-2 font-semibold text-red-800"
            >
              {t("settings.delete.start")}
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}

/**
 * Change password. Without JavaScript the form goes to the action; with it the auth client speaks the protocol
 * (no refetch), and a wrong current password signs the shopper out.
 */
function PasswordSection({
  username,
  actionData,
}: {
  username: string;
  actionData: Extract<SettingsResult, { intent: "password" }> | null;
}) {
  const t = useAccountT();
  const root = useRoot();
  const navigate = useNavigate();
  const { loadAuth } = useOutletContext<AccountOutlet>();
  const [state, setState] = useState<{
    problems: Problems;
    error: AccountKey | null;
    done: boolean;
    busy: boolean;
  } | null>(null);
  const shown =
    state ??
    (actionData ? { ...actionData, busy: false } : { problems: {}, error: null, done: false, busy: false });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state?.busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get("currentPassword") ?? "");
    const next = String(data.get("newPassword") ?? "");
    const problems: Problems = {
      ...(current === "" ? { currentPassword: "api.account.password.required" as const } : {}),
      ...newPasswordProblems(
        { password: next, passwordRepeat: String(data.get("newPasswordRepeat") ?? "") },
        { password: "newPassword", passwordRepeat: "newPasswordRepeat" },
      ),
    };
    if (Object.keys(problems).length > 0) {
      setState({ problems, error: null, done: false, busy: false });
      return;
    }
    setState({ problems: {}, error: null, done: false, busy: true });
    const client = await loadAuth(root.passwordSalt);
    const result = await client.changePassword(username, current, next);
    if (result.ok) {
      form.reset();
      setState({ problems: {}, error: null, done: true, busy: false });
    } else if (result.code === "WRONG_CREDENTIALS") {
      // The auth client has signed the shopper out.
      navigate(`${href(root.locale, "/")}?action=login&error=api.account.signIn.wrong`, { replace: true });
    } else if (result.code === "COMMON_PASSWORD") {
      setState({
        problems: { newPassword: "api.account.password.common" },
        error: null,
        done: false,
        busy: false,
      });
    } else setState({ problems: {}, error: "api.account.generic", done: false, busy: false });
  }

  return (
    <section aria-labelledby="password-heading" className="mt-10">
      <h2 id="password-heading" className="text-xl font-bold">
        {t("settings.password.heading")}
      </h2>
      <FormMessage text={shown.error ? t(shown.error) : null} />
      {shown.done ? <FormMessage tone="ok" text={t("settings.password.done")} /> : null}
      <Form
        method="post"
        noValidate
        preventScrollReset
        onSubmit={(event) => void onSubmit(event)}
        className="max-w-xl"
      >
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <TextField
          form="password"
          name="currentPassword"
          type="password"
          label={t("settings.password.current")}
          autoComplete="current-password"
          required
          t={t}
          problems={shown.problems}
        />
        <TextField
          form="password"
          name="newPassword"
          type="password"
          label={t("settings.password.new")}
          autoComplete="new-password"
          required
          t={t}
          problems={shown.problems}
        />
        <TextField
          form="password"
          name="newPasswordRepeat"
          type="password"
          label={t("field.passwordRepeat")}
          autoComplete="new-password"
          required
          t={t}
          problems={shown.problems}
        />
        <SubmitButton busy={shown.busy}>{t("settings.password.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
