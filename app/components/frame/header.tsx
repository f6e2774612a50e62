import { memo, useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { FRAME_CONFIG } from "../../lib/client/config.ts";
import { useViewport } from "../../lib/client/hooks.ts";
import { headerHidden } from "../../lib/client/scroll.ts";
import { LANGS, type Lang } from "../../lib/locale.ts";
import { href, hrefInLanguage } from "../../lib/page-locale.ts";
import { screenHref } from "../../lib/screens.ts";
import { usePageAlternates, useRoot, useT } from "../../lib/use-root.ts";
import { CartButton } from "../cart/cart-button.tsx";
import { CartRuntime } from "../cart/cart-runtime.tsx";
import { deferred } from "../deferred.tsx";
import { useFavoriteCount } from "../favorite-button.tsx";
import { LoadingIndicator } from "../loading-indicator.tsx";
import { AccountNav } from "./account-nav.tsx";
import { CustomerTypeSwitch } from "./customer-type.tsx";
import { HeartIcon } from "./icons.tsx";
import { MarketButton } from "./market.tsx";

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

/*
 * The header re-renders when it hides or shows on scroll and when the viewport class changes: the big parts
 * below it take no props, so they are memoised and skip those renders. The search and the category menu (most of
 * the header's links) are chunks of their own and hydrate after the rest of the page (decision 0060: each its own
 * Suspense boundary, memoised; the server sends them in place, complete, and their form and links work before).
 */
const SiteSearch = deferred(() => import("./search.tsx").then((m) => m.SiteSearch));
const CategoryNavBoundary = deferred(() => import("./category-nav.tsx").then((m) => m.CategoryNav));

/** The loading indicator while the page's data is revalidated: its own component, so only it re-renders. */
function RevalidationIndicator() {
  const t = useT();
  const revalidator = useRevalidator();
  return <LoadingIndicator busy={revalidator.state === "loading"} label={t("loading.label")} />;
}

/** The favourites link with the shopper's count (from the cookie, after hydration; never in the cached HTML). */
function FavoritesLink() {
  const root = useRoot();
  const t = useT();
  const favoriteCount = useFavoriteCount();
  return (
    <Link to={href(root.locale, screenHref("favorites", root.lang))} className="flex items-center gap-1">
      <HeartIcon />
      <span className="max-sm:sr-only">{t("nav.favorites")}</span>
      {favoriteCount > 0 ? (
        <>
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-stone-200 px-1.5 text-center text-xs font-bold text-stone-900"
            data-favorite-count={favoriteCount}
          >
            {favoriteCount}
          </span>
          <span className="sr-only">{t("favorites.count", { count: favoriteCount })}</span>
        </>
      ) : null}
    </Link>
  );
}

/** The customer type, market and language bar above the logo (memoised: it takes no props). */
const TopBar = memo(function TopBar() {
  return (
    <div className="border-b border-stone-100 bg-stone-50 text-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5">
        <div className="flex items-center gap-3">
          <CustomerTypeSwitch />
          <RevalidationIndicator />
        </div>
        <div className="flex items-center gap-4">
          <MarketButton />
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
});

/** Logo, search, favourites, account and cart (memoised: the header's scroll and viewport renders pass it by). */
const MainBar = memo(function MainBar({ navigation }: { navigation: boolean }) {
  const root = useRoot();
  const t = useT();
  const { locale } = root;
  return (
    <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
      <Link to={href(locale, "/")} className="text-2xl font-black text-brand-ink">
        {t("site.name")}
        <span className="sr-only"> – {t("nav.home")}</span>
      </Link>
      {navigation ? (
        <>
          <SiteSearch />
          <nav aria-label={t("nav.account")} className="ml-auto flex items-center gap-4 text-sm lg:ml-0">
            <FavoritesLink />
            <AccountNav root={root} t={t} />
            <CartButton />
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
  );
});

/**
 * The header: customer type, market and language on top; logo, search, favourites, account and cart; the
 * category navigation. Checkout pages get it without navigation (`navigation={false}`).
 */
export function SiteHeader({ navigation = true }: { navigation?: boolean }) {
  const hidden = useHideOnScroll(FRAME_CONFIG.siteTopThreshold, navigation);
  const viewport = useViewport();
  return (
    <header
      className="site-header sticky top-0 z-40 border-b border-stone-200 bg-white"
      data-site-header
      data-hidden={hidden ? "" : undefined}
      data-viewport={viewport.name}
    >
      <CartRuntime />
      {navigation ? <TopBar /> : null}
      <MainBar navigation={navigation} />
      {navigation ? <CategoryNavBoundary /> : null}
    </header>
  );
}
