import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { LANGS, type Lang } from "../lib/locale.ts";
import { href, hrefInLanguage } from "../lib/page-locale.ts";
import { SCREENS, screenPath } from "../lib/screens.ts";
import { usePageAlternates, useRoot, useT } from "../lib/use-root.ts";

function screenHref(id: string, lang: Lang) {
  const screen = SCREENS.find((s) => s.id === id);
  return screen ? screenPath(screen, lang) : "/";
}

/** The link to the same page in the other language. */
function LanguageSwitch() {
  const root = useRoot();
  const t = useT();
  const alternates = usePageAlternates();
  const other: Lang = root.lang === "nb" ? "sv" : "nb";
  const target = alternates.find((a) => a.lang === other)?.path ?? "/";
  return (
    <a
      href={hrefInLanguage(root.locale, other, target)}
      hrefLang={LANGS[other].languageId}
      lang={other}
      className="text-sm underline underline-offset-2"
    >
      {t("language.switch")}
    </a>
  );
}

export function SiteHeader({ navigation = true }: { navigation?: boolean }) {
  const root = useRoot();
  const t = useT();
  const { locale } = root;
  return (
    <header className="border-b border-stone-200 bg-white" data-site-header>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to={href(locale, "/")} className="text-2xl font-black text-brand-ink">
          {t("site.name")}
          <span className="sr-only"> – {t("nav.home")}</span>
        </Link>
        {navigation ? (
          <>
            <Form method="get" action={href(locale, "/s")} role="search" className="flex min-w-48 flex-1">
              <label htmlFor="site-search" className="sr-only">
                {t("search.label")}
              </label>
              <input
                id="site-search"
                name="q"
                type="search"
                maxLength={100}
                placeholder={t("search.placeholder")}
                className="w-full rounded-l border border-stone-400 px-3 py-2"
              />
              <button type="submit" className="rounded-r bg-brand-ink px-3 py-2 font-medium text-white">
                {t("search.submit")}
              </button>
            </Form>
            <nav aria-label={t("nav.account")} className="flex items-center gap-4 text-sm">
              <Link to={href(locale, screenHref("favorites", root.lang))}>{t("nav.favorites")}</Link>
              <Link to={href(locale, "/account")}>{t("nav.account")}</Link>
              <Link to={href(locale, screenHref("checkout", root.lang))}>
                {t("nav.cart")} <span aria-hidden="true">(0)</span>
                <span className="sr-only">{t("cart.count", { count: 0 })}</span>
              </Link>
            </nav>
          </>
        ) : (
          <p className="text-sm text-stone-700">{t("checkout.secure")}</p>
        )}
        <LanguageSwitch />
      </div>
      {navigation ? (
        <nav aria-label={t("nav.categories")} className="border-t border-stone-100">
          <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-5 gap-y-1 px-4 py-2 text-sm font-medium">
            {root.categories.map((c) => (
              <li key={c.categoryId}>
                <Link to={href(locale, c.canonicalUrl)}>{c.name}</Link>
              </li>
            ))}
            <li>
              <Link to={href(locale, screenHref("brands", root.lang))}>{t("nav.brands")}</Link>
            </li>
            <li>
              <Link to={href(locale, "/nyheter")}>{t("nav.news")}</Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

export function SiteFooter() {
  const root = useRoot();
  const t = useT();
  const menus = [root.menus.footerService, root.menus.footerAbout].filter((m) => m !== null);
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="font-semibold">
            {t("footer.customerService")}
          </h2>
          <p className="mt-2 text-sm">{t("footer.openingHours")}</p>
        </section>
        {menus.map((menu) => (
          <nav key={menu.name} aria-label={menu.name}>
            <h2 className="font-semibold">{menu.name}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {menu.items.map((item) => (
                <li key={item.id}>
                  <Link to={href(root.locale, item.url)}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}

/** The default frame: header with navigation, the page, footer. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}
