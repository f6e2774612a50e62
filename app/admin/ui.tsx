import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { adminLangOf, adminTranslator } from "./texts.ts";

/** The signed-in admin's translator, from the admin layout's loader (app/admin/layout.tsx). */
export function useAdminT() {
  const data = useRouteLoaderData("admin") as { me: { language: string; may: string[] } } | undefined;
  const lang = adminLangOf(data?.me.language);
  return { t: adminTranslator(lang), lang, may: (action: string) => data?.me.may.includes(action) ?? false };
}

export const LOCALES = { en: "en-GB", sv: "sv-SE", nb: "nb-NO" } as const;

export function Money({
  minor,
  currency,
  lang,
}: {
  minor: number;
  currency: string;
  lang: keyof typeof LOCALES;
}) {
  return <>{new Intl.NumberFormat(LOCALES[lang], { style: "currency", currency }).format(minor / 100)}</>;
}

export function When({ iso, lang }: { iso: string; lang: keyof typeof LOCALES }) {
  return (
    <time dateTime={iso}>
      {new Intl.DateTimeFormat(LOCALES[lang], {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Europe/Oslo",
      }).format(new Date(iso))}
    </time>
  );
}

export function Notice({ kind, children }: { kind: "ok" | "error"; children: ReactNode }) {
  return kind === "ok" ? (
    <p role="status" className="mb-4 rounded border border-green-800 bg-green-50 p-3 text-green-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-red-900">
      {children}
    </p>
  );
}

export const button =
  "rounded border border-stone-600 bg-white px-3 py-1 text-sm font-medium hover:bg-stone-100";
export const primary = "rounded bg-stone-900 px-3 py-1 text-sm font-semibold text-white hover:bg-stone-700";
export const table = "w-full border-collapse text-left text-sm";
export const th = "border-b border-stone-400 px-2 py-2 font-semibold";
export const td = "border-b border-stone-200 px-2 py-2 align-top";
