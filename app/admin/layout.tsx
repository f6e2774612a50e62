import { Form, NavLink, Outlet, redirect, useLoaderData } from "react-router";
import { privateHeaders } from "../lib/cache.ts";
import type { Route } from "./+types/layout";
import { requireAdmin } from "./api.server.ts";
import { ADMIN_LANGS, adminLangOf, adminTranslator, HTML_LANG } from "./texts.ts";

/**
 * The back office's frame (decision 0037): every /admin page but the sign-in page sits in it, and none opens
 * without a session (the loader sends a visitor to /admin/sign-in). Navigation, the admin's language, sign-out.
 */
export const headers = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context);
  // The owner requires two-step sign-in and this admin has not set it up: only /admin/security opens (decision 0053).
  if (me.mustSetUpTwoStep && new URL(request.url).pathname !== "/admin/security")
    throw redirect("/admin/security");
  return { me };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 underline-offset-4 hover:underline ${isActive ? "bg-stone-900 text-white" : "text-stone-900"}`;

export default function AdminLayout() {
  const { me } = useLoaderData<typeof loader>();
  const lang = adminLangOf(me.language);
  const t = adminTranslator(lang);
  return (
    <div lang={HTML_LANG[lang]} className="min-h-screen bg-stone-50 text-stone-900">
      <header className="border-b border-stone-300 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <p className="text-lg font-bold">Mili · {t("title")}</p>
          <nav aria-label={t("nav.label")} className="flex-1">
            <ul className="flex flex-wrap gap-1">
              <li>
                <NavLink to="/admin" end className={linkClass}>
                  {t("nav.dashboard")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/moderation" className={linkClass}>
                  {t("nav.moderation")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/orders" className={linkClass}>
                  {t("nav.orders")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/customers" className={linkClass}>
                  {t("nav.customers")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/products" className={linkClass}>
                  {t("nav.products")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/categories" className={linkClass}>
                  {t("nav.categories")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/brands" className={linkClass}>
                  {t("nav.brands")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/parameter-groups" className={linkClass}>
                  {t("nav.parameterGroups")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/catalog/import" className={linkClass}>
                  {t("nav.csv")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/campaigns" className={linkClass}>
                  {t("nav.campaigns")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/promo-codes" className={linkClass}>
                  {t("nav.promoCodes")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/gift-cards" className={linkClass}>
                  {t("nav.giftCards")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/content" className={linkClass}>
                  {t("nav.content")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/widgets" className={linkClass}>
                  {t("nav.widgets")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/menus" className={linkClass}>
                  {t("nav.menus")}
                </NavLink>
              </li>
              {me.may.includes("settings.read") && (
                <li>
                  <NavLink to="/admin/settings" className={linkClass}>
                    {t("nav.settings")}
                  </NavLink>
                </li>
              )}
              {me.may.includes("admin.manage") && (
                <li>
                  <NavLink to="/admin/users" className={linkClass}>
                    {t("nav.users")}
                  </NavLink>
                </li>
              )}
              {me.may.includes("audit.read") && (
                <li>
                  <NavLink to="/admin/audit" className={linkClass}>
                    {t("nav.audit")}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <Form method="post" action="/admin/language" className="flex items-center gap-2">
            <label htmlFor="admin-language" className="text-sm">
              {t("lang.label")}
            </label>
            <select
              id="admin-language"
              name="language"
              defaultValue={lang}
              className="rounded border border-stone-400 bg-white px-2 py-1"
            >
              {ADMIN_LANGS.map((l) => (
                <option key={l} value={l} lang={HTML_LANG[l]}>
                  {adminTranslator(l)("lang.name")}
                </option>
              ))}
            </select>
            <button type="submit" className="rounded border border-stone-500 px-2 py-1 text-sm">
              {t("lang.save")}
            </button>
          </Form>
          <Form method="post" action="/admin/sign-out">
            <button type="submit" className="rounded border border-stone-500 px-3 py-1 text-sm">
              {t("nav.signOut")}
            </button>
          </Form>
        </div>
        <p className="mx-auto max-w-6xl px-4 pb-2 text-sm text-stone-700">
          {t("signedInAs", { email: me.email, role: me.role })} ·{" "}
          <NavLink to="/admin/security" className="underline">
            {t("nav.security")}
          </NavLink>
        </p>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
    </div>
  );
}
