import { useEffect, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { FRAME_CONFIG } from "../../lib/client/config.ts";
import { useViewport } from "../../lib/client/hooks.ts";
import { headerHidden } from "../../lib/client/scroll.ts";
import { LANGS, type Lang } from "../../lib/locale.ts";
import { href, hrefInLanguage } from "../../lib/page-locale.ts";
import { SCREENS, screenPath } from "../../lib/screens.ts";
import { usePageAlternates, useRoot, useT } from "../../lib/use-root.ts";
import { LoadingIndicator } from "../loading-indicator.tsx";
import { CategoryNav } from "./category-nav.tsx";
import { CustomerTypeSwitch } from "./customer-type.tsx";
import { BagIcon, HeartIcon, UserIcon } from "./icons.tsx";
import { MarketButton } from "./market.tsx";

export function screenHref(id: string, lang: Lang) {
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
      href={hrefInLanguage(
        root.locale,
        other,
        target,
        root.locale.domains && Object.keys(root.locale.domains).length ? root.origin : undefined,
      )}
      hrefLang={LANGS[other].languageId}
      lang={other}
      className="text-sm underline underline-offset-2"
    >
      {t("language.switch")}
    </a>
  );
}

/** Hides the header when scrolling down past the site-top threshold, shows it again when scrolling up. */
function useHideOnScroll(threshold: number, enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let state = { y: window.scrollY, hidden: false };
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = headerHidden(state, window.scrollY, threshold);
      if (next === state) return;
      state = next;
      setHidden(next.hidden);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold, enabled]);
  return hidden && enabled;
}

/**
 * The header: customer type, market and language on top; logo, search, favourites, account and cart; the
 * category navigation. Checkout pages get it without navigation (`navigation={false}`).
 */
export function SiteHeader({ navigation = true }: { navigation?: boolean }) {
  const root = useRoot();
  const t = useT();
  const { locale } = root;
  const hidden = useHideOnScroll(FRAME_CONFIG.siteTopThreshold, navigation);
  const viewport = useViewport();
  const revalidator = useRevalidator();
  // No cart can hold items before the cart issue lands: the count is truthfully 0 until it reads the cart.
  const cartCount = 0;
  return (
    <header
      className="site-header sticky top-0 z-40 border-b border-stone-200 bg-white"
      data-site-header
      data-hidden={hidden ? "" : undefined}
      data-viewport={viewport.name}
    >
      {navigation ? (
        <div className="border-b border-stone-100 bg-stone-50 text-sm">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5">
            <div className="flex items-center gap-3">
              <CustomerTypeSwitch />
              <LoadingIndicator busy={revalidator.state === "loading"} label={t("loading.label")} />
            </div>
            <div className="flex items-center gap-4">
              <MarketButton />
              <LanguageSwitch />
            </div>
          </div>
        </div>
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link to={href(locale, "/")} className="text-2xl font-black text-brand-ink">
          {t("site.name")}
          <span className="sr-only"> – {t("nav.home")}</span>
        </Link>
        {navigation ? (
          <>
            <Form
              method="get"
              action={href(locale, "/s")}
              role="search"
              className="order-last flex w-full min-w-48 sm:order-none sm:w-auto sm:flex-1"
            >
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
            <nav aria-label={t("nav.account")} className="ml-auto flex items-center gap-4 text-sm sm:ml-0">
              <Link to={href(locale, screenHref("favorites", root.lang))} className="flex items-center gap-1">
                <HeartIcon />
                <span className="max-sm:sr-only">{t("nav.favorites")}</span>
              </Link>
              <Link to={href(locale, "/account")} className="flex items-center gap-1">
                <UserIcon />
                <span className="max-sm:sr-only">{t("nav.account")}</span>
              </Link>
              <Link to={href(locale, screenHref("checkout", root.lang))} className="flex items-center gap-1">
                <BagIcon />
                <span className="max-sm:sr-only">{t("nav.cart")}</span>
                <span
                  aria-hidden="true"
                  className="min-w-5 rounded-full bg-brand-ink px-1.5 text-center text-xs font-bold text-white"
                  data-cart-count={cartCount}
                >
                  {cartCount}
                </span>
                <span className="sr-only">{t("cart.count", { count: cartCount })}</span>
              </Link>
            </nav>
          </>
        ) : (
          <>
            <p className="text-sm text-stone-700">{t("checkout.secure")}</p>
            <div className="ml-auto">
              <LanguageSwitch />
            </div>
          </>
        )}
      </div>
      {navigation ? <CategoryNav /> : null}
    </header>
  );
}
