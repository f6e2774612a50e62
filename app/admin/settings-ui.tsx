import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { minorUnits } from "#domain/money.ts";
import { Outcome, useTyped } from "./campaign-form.tsx";
import type { FormAnswer } from "./product-form.tsx";
import type { AdminT } from "./texts.ts";
import { Notice, useAdminT } from "./ui.tsx";

/**
 * The settings screens' frame (decision 0059): the title, the tabs between the sections (a nav of links, so
 * the keyboard and screen readers move between them like between pages), the read-only notice for a role that only
 * reads, and one form's answer shown at that form.
 */
const TABS = [
  ["/admin/settings", "settings.markets"],
  ["/admin/settings/vat", "settings.vat"],
  ["/admin/settings/shipping", "settings.shipping"],
  ["/admin/settings/payments", "settings.payments"],
  ["/admin/settings/theme", "settings.theme"],
] as const;

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-block rounded px-3 py-1 ${isActive ? "bg-stone-900 text-white" : "underline hover:bg-stone-200"}`;

export function SettingsFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const { t, may } = useAdminT();
  return (
    <>
      <h1 className="mb-3 text-2xl font-bold">{t("settings.title")}</h1>
      <nav aria-label={t("settings.tabs")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {TABS.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to} end className={tab}>
                {t(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="mb-2 text-xl font-semibold">{title}</h2>
      {intro ? <p className="mb-4 max-w-3xl text-sm text-stone-700">{intro}</p> : null}
      {!may("settings.edit") ? <Notice kind="error">{t("settings.readOnly")}</Notice> : null}
      {children}
    </>
  );
}

/** The answer when it belongs to the form with this key (else nothing), and the form's typed values and problems. */
export function useFormAnswer(answer: (FormAnswer & { key: string }) | null, key: string) {
  const mine = answer && answer.key === key ? answer : null;
  return { mine, ...useTyped(mine) };
}

export function SettingsOutcome({
  answer,
  t,
  saved,
}: {
  answer: FormAnswer | null;
  t: AdminT;
  saved?: string;
}) {
  return <Outcome answer={answer} saved={saved ?? t("settings.saved")} />;
}

/** Minor units as the decimal a form shows ("49,00"; ISK "1490"). */
export function decimalOf(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const digits = minorUnits(currency);
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, "0");
  return `${s.slice(0, -digits)},${s.slice(-digits)}`;
}

export const box = "mb-4 rounded border border-stone-300 bg-white p-4";
