import { Form } from "react-router";
import type { Route } from "./+types/users";
import { adminRequest } from "./api.server.ts";
import { DataTable } from "./data-table.tsx";
import { type AdminTextKey, errorText } from "./texts.ts";
import { button, Notice, primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/users (issue 15 "Admin users with roles", decision 0053), the owner's: admin users with role, status and
 * two-step sign-in; add one with a role and a first password; change a role, deactivate, reset two-step; require
 * two-step sign-in of everyone. The last active owner cannot be demoted or deactivated (LAST_OWNER).
 */
const ROLES = ["owner", "staff", "support"] as const;

interface Row {
  id: number;
  email: string;
  role: (typeof ROLES)[number];
  active: boolean;
  twoStep: boolean;
  createdAt: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ adminUsers: Row[]; adminSettings: { requireTwoStep: boolean } }>(
    request,
    context,
    "{ adminUsers { id email role active twoStep createdAt } adminSettings { requireTwoStep } }",
  );
  if (answer.error === "FORBIDDEN") throw new Response("Forbidden", { status: 403 });
  return {
    users: answer.data?.adminUsers ?? [],
    requireTwoStep: answer.data?.adminSettings.requireTwoStep ?? false,
  };
}

const MUTATIONS: Record<string, string> = {
  role: "mutation($id: Int!, $role: AdminRole!) { done: changeAdminRole(id: $id, role: $role) }",
  deactivate: "mutation($id: Int!) { done: deactivateAdminUser(id: $id) }",
  resetTwoStep: "mutation($id: Int!) { done: resetAdminTwoStep(id: $id) }",
  require: "mutation($on: Boolean!) { done: setRequireTwoStep(requireTwoStep: $on) }",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  if (intent === "create") {
    const answer = await adminRequest<{ createAdminUser: { id: number } }>(
      request,
      context,
      "mutation($e: String!, $r: AdminRole!, $p: String!) { createAdminUser(email: $e, role: $r, password: $p) { id } }",
      { e: text("email"), r: ROLES.find((r) => r === text("role")) ?? "support", p: text("password") },
    );
    return {
      intent,
      error: answer.error,
      field: answer.errorField,
      changed: Boolean(answer.data),
      email: answer.error ? text("email") : "",
    };
  }
  const query = MUTATIONS[intent];
  if (!query) return { intent, error: "BAD_USER_INPUT", field: null, changed: false, email: "" };
  const answer = await adminRequest<{ done: boolean }>(request, context, query, {
    id: Number(text("id")),
    role: ROLES.find((r) => r === text("role")) ?? "support",
    on: text("on") === "true",
  });
  return {
    intent,
    error: answer.error,
    field: answer.errorField,
    changed: answer.data?.done ?? false,
    email: "",
  };
}

export function meta() {
  return [{ title: "Mili · Admin users" }];
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { users, requireTwoStep } = loaderData;
  const answer = actionData ?? null;
  const input = "mt-1 w-full rounded border border-stone-500 bg-white px-2 py-1";
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("users.title")}</h1>
      {answer?.error && <Notice kind="error">{errorText(t, answer.error)}</Notice>}
      {answer && !answer.error && (
        <Notice kind="ok">
          {answer.intent === "create"
            ? t("users.created")
            : answer.changed
              ? t("users.saved")
              : t("users.unchanged")}
        </Notice>
      )}
      <DataTable
        caption={t("users.caption", { n: users.length })}
        rows={users}
        rowKey={(u) => u.id}
        columns={[
          { id: "email", header: t("users.email"), cell: (u) => u.email },
          {
            id: "role",
            header: t("users.role"),
            cell: (u) => (
              <Form method="post" className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="id" value={u.id} />
                <label htmlFor={`role-${u.id}`} className="sr-only">
                  {t("users.roleOf", { email: u.email })}
                </label>
                <select
                  id={`role-${u.id}`}
                  name="role"
                  defaultValue={u.role}
                  className="rounded border border-stone-500 bg-white px-2 py-1"
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`role.${r}` as AdminTextKey)}
                    </option>
                  ))}
                </select>
                <button type="submit" name="intent" value="role" className={button}>
                  {t("users.saveRole")}
                </button>
              </Form>
            ),
          },
          {
            id: "status",
            header: t("users.status"),
            cell: (u) => (u.active ? t("users.active") : t("users.inactive")),
          },
          {
            id: "twoStep",
            header: t("users.twoStep"),
            cell: (u) => (u.twoStep ? t("users.on") : t("users.off")),
          },
          { id: "since", header: t("customers.since"), cell: (u) => <When iso={u.createdAt} lang={lang} /> },
          {
            id: "actions",
            header: t("users.actions"),
            cell: (u) => (
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="id" value={u.id} />
                {u.active && (
                  <button
                    type="submit"
                    name="intent"
                    value="deactivate"
                    className={button}
                    aria-label={`${t("users.deactivate")}: ${u.email}`}
                  >
                    {t("users.deactivate")}
                  </button>
                )}
                {u.twoStep && (
                  <button
                    type="submit"
                    name="intent"
                    value="resetTwoStep"
                    className={button}
                    aria-label={`${t("users.resetTwoStep")}: ${u.email}`}
                  >
                    {t("users.resetTwoStep")}
                  </button>
                )}
              </Form>
            ),
          },
        ]}
      />
      <Form
        method="post"
        className="mt-6 max-w-md rounded border border-stone-300 bg-white p-4"
        aria-labelledby="create-heading"
      >
        <h2 id="create-heading" className="mb-2 text-lg font-semibold">
          {t("users.create")}
        </h2>
        <p className="mb-3">
          <label htmlFor="new-email" className="block text-sm font-medium">
            {t("users.email")}
          </label>
          <input
            id="new-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={answer?.email ?? ""}
            aria-invalid={answer?.intent === "create" && answer.field === "email" ? true : undefined}
            className={input}
          />
        </p>
        <p className="mb-3">
          <label htmlFor="new-role" className="block text-sm font-medium">
            {t("users.role")}
          </label>
          <select id="new-role" name="role" defaultValue="support" className={input}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}` as AdminTextKey)}
              </option>
            ))}
          </select>
        </p>
        <p className="mb-3">
          <label htmlFor="new-password" className="block text-sm font-medium">
            {t("users.password")}
          </label>
          <input
            id="new-password"
            name="password"
            type="password"
            required
            minLength={12}
            autoComplete="new-password"
            aria-invalid={answer?.intent === "create" && answer.field === "password" ? true : undefined}
            className={input}
          />
        </p>
        <button type="submit" name="intent" value="create" className={primary}>
          {t("users.createSubmit")}
        </button>
      </Form>
      <section
        aria-labelledby="require-heading"
        className="mt-6 max-w-xl rounded border border-stone-300 bg-white p-4"
      >
        <h2 id="require-heading" className="mb-2 text-lg font-semibold">
          {t("users.requireTwoStep")}
        </h2>
        <p className="mb-3">{requireTwoStep ? t("users.requireOn") : t("users.requireOff")}</p>
        <Form method="post">
          <input type="hidden" name="on" value={requireTwoStep ? "false" : "true"} />
          <button type="submit" name="intent" value="require" className={button}>
            {requireTwoStep ? t("users.requireTurnOff") : t("users.requireTurnOn")}
          </button>
        </Form>
      </section>
    </>
  );
}
