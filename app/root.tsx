import { Component, createContext, type ReactNode, use, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { CustomerTypesContext } from "./components/frame/context.ts";
import {
  ClientRuntime,
  NavigationFocus,
  NotificationView,
  OfflineNotice,
  ProgressBar,
} from "./components/frame/runtime.tsx";
import { FRAME_MODALS } from "./components/frame.tsx";
import { ModalProvider } from "./components/modals.tsx";
import { translator, useCatalog } from "./i18n/index.ts";
import { useConsentHtml } from "./lib/consent-html.ts";
import { channelContext, pageLocaleContext, requestContext } from "./lib/context.ts";
import { COOKIES, readCookie } from "./lib/cookies.ts";
import { CUSTOMER_TYPES } from "./lib/customer-types.ts";
import { useDocumentCss } from "./lib/document-css.ts";
import { errRedirect } from "./lib/err-redirect.ts";
import { createGraphqlClient } from "./lib/graphql/client.ts";
import { ChannelQuery } from "./lib/graphql/operations.ts";
import { LANGS, type Lang, langOf } from "./lib/locale.ts";
import { decideLocale, href, type PathLookup, pagePath } from "./lib/page-locale.ts";
import { pathInLanguage } from "./lib/path-in-language.ts";
import { type RootData, rootData } from "./lib/root-data.server.ts";
import { movedTo } from "./lib/url-history.ts";

/**
 * Decides the page's language, market and prefix once per request (path rules of spec §2) and hands it to
 * every loader. Redirects and 404s for the URL shape happen here, before any screen loads data.
 */
const localeMiddleware: Route.MiddlewareFunction = async ({ request, context, params }, next) => {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  const provisional = params.lang === "sv" || params.lang === "nb" ? params.lang : langOf(url, rc.domains);
  const info = LANGS[provisional];
  const client = createGraphqlClient({
    fetch: rc.graphqlFetch,
    post: rc.graphqlPost,
    url: rc.graphqlUrl,
    apiKey: rc.apiKey,
    locale: { channelId: info.channelId, languageId: info.languageId },
    headers: { "x-request-id": rc.requestId },
  });
  const { data: channel } = await client.request(ChannelQuery);
  /**
   * A redirect's target; when it carries a path into another language, that path's page in the new language
   * (the same page, not a 404 under an alias of the language it left).
   */
  const located = async (decision: { location: string; lookup?: PathLookup }): Promise<string> => {
    const { lookup } = decision;
    if (!lookup) return decision.location;
    const from = LANGS[lookup.from];
    const fromClient = createGraphqlClient({
      fetch: rc.graphqlFetch,
      post: rc.graphqlPost,
      url: rc.graphqlUrl,
      apiKey: rc.apiKey,
      locale: { channelId: from.channelId, languageId: from.languageId },
      headers: { "x-request-id": rc.requestId },
    });
    try {
      const path = await pathInLanguage(fromClient, lookup.path, lookup.from, lookup.to);
      return path ? `${lookup.prefix}${path === "/" ? "" : path}${lookup.search}` : decision.location;
    } catch (error) {
      rc.log("warn", "path lookup in another language failed", { path: lookup.path, error: String(error) });
      return decision.location;
    }
  };
  context.set(channelContext, channel.channel);
  const decision = decideLocale(url, {
    domains: rc.domains,
    marketInPath: rc.marketInPath,
    fallbackMarket: rc.fallbackMarket,
    markets: (channel.channel?.markets ?? []).map((m) => ({
      alias: m.alias,
      defaultLanguageId: m.defaultLanguageId,
      allowedLanguageIds: m.allowedLanguages.map((l) => l.id),
    })),
    selectedMarket: readCookie(request.headers.get("cookie"), COOKIES.selectedMarket),
    params,
  });
  switch (decision.kind) {
    case "redirect":
      throw redirect(await located(decision), decision.status);
    case "fallback":
      rc.log("error", "unknown market in path: falling back", {
        market: decision.unknownMarket,
        fallback: rc.fallbackMarket,
      });
      throw redirect(await located(decision), 302);
    case "notFound": {
      context.set(pageLocaleContext, null);
      // A path of an old shape (e.g. /produkt/{articleNumber}) may have moved: 301 to where it lives now.
      const moved = await movedTo(request, context);
      if (moved) throw redirect(moved, 301);
      throw data(null, { status: 404 });
    }
    case "page":
      context.set(pageLocaleContext, decision.locale);
  }
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

/** The frame's data for every page (app/lib/root-data.server.ts; its type is RootData there). */
export function loader({ request, context }: Route.LoaderArgs) {
  return rootData(request, context);
}

export type { RootData };

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * The root has no params, so by default its loader would not run again on a client-side navigation from / to
 * /sv. Reload the frame whenever the language, market or prefix changes, and after mutations.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const prefix = (u: URL) => pagePath(u.pathname).split("/").slice(0, 3).join("/");
  return prefix(currentUrl) !== prefix(nextUrl) || defaultShouldRevalidate;
}

function langFromPath(pathname: string): Lang {
  const path = pagePath(pathname);
  return path === "/sv" || path.startsWith("/sv/") || /^\/[a-z]{2,5}\/sv(\/|$)/.test(path) ? "sv" : "nb";
}

/**
 * The language DOMAINS gives the request's host, if any. The server provides it (entry.server.tsx) and writes it
 * on <html data-host-lang>; the browser reads it back from there (a host keeps its language for the whole
 * visit, so once is enough). It decides the language of a page whose root loader did not run (an error page).
 */
export const HostLangContext = createContext<Lang | undefined>(undefined);
let documentHostLang: Lang | undefined | null = null;

function useHostLang(): Lang | undefined {
  const provided = use(HostLangContext);
  if (provided || typeof document === "undefined") return provided;
  if (documentHostLang === null) {
    const value = document.documentElement.dataset.hostLang;
    documentHostLang = value === "nb" || value === "sv" ? value : undefined;
  }
  return documentHostLang;
}

/**
 * The page's language and home page: from the root loader when it ran; otherwise (its middleware or loader
 * failed) from the host when DOMAINS maps it, else from the path.
 */
export function pageLangAndHome(
  root: Pick<RootData, "lang" | "locale"> | undefined,
  pathname: string,
  hostLang: Lang | undefined,
): { lang: Lang; home: string } {
  if (root) return { lang: root.lang, home: href(root.locale, "/") };
  if (hostLang) return { lang: hostLang, home: "/" };
  const lang = langFromPath(pathname);
  return { lang, home: lang === "sv" ? "/sv" : "/" };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const hostLang = useHostLang();
  const { lang } = pageLangAndHome(root, location.pathname, hostLang);
  useCatalog(lang);
  const t = translator(lang);
  const style = Object.fromEntries(Object.entries(root?.theme ?? {}).map(([k, v]) => [`--mili-${k}`, v]));
  const css = useDocumentCss();
  const consent = useConsentHtml();
  return (
    // The head's consent script marks the document (data-consent) before React hydrates it.
    <html lang={lang} style={style} data-host-lang={hostLang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="orange" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Mili" />
        <style
          nonce={root?.nonce}
          data-document-css=""
          // The server fills it; the browser gives it the text the server sent (see document-css.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input.
          dangerouslySetInnerHTML={{ __html: css }}
          suppressHydrationWarning
        />
        {root?.consent ? (
          <script
            nonce={root.nonce}
            data-consent-boot=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server from configuration (consent.server.ts).
            dangerouslySetInnerHTML={{ __html: consent.boot }}
            suppressHydrationWarning
          />
        ) : null}
        <Meta />
        <Links nonce={root?.nonce} />
        <noscript>
          <style>{".js-only{display:none!important}"}</style>
        </noscript>
      </head>
      <body className="min-h-screen font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          {t("nav.skipToContent")}
        </a>
        <ProgressBar />
        {/* Above the page, in its flow: it covers nothing, and is the first thing a screen reader meets. */}
        {root?.consent ? (
          <div
            data-consent-banner=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built and escaped on the server (consent.server.ts), sent once (consent-html.ts).
            dangerouslySetInnerHTML={{ __html: consent.banner }}
            suppressHydrationWarning
          />
        ) : null}
        {root?.notice && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built and escaped on the server (shop-as.server.ts).
          <div dangerouslySetInnerHTML={{ __html: root.notice }} />
        )}
        {children}
        <OfflineNotice t={t} />
        <NotificationView t={t} />
        <ClientRuntime />
        <ScrollRestoration nonce={root?.nonce} />
        <NavigationFocus />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <CustomerTypesContext value={CUSTOMER_TYPES}>
      <ModalProvider modals={FRAME_MODALS}>
        <Outlet />
      </ModalProvider>
    </CustomerTypesContext>
  );
}

/** Where an error's status comes from: the error itself, its status field, or the response; default 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.status, e.statusCode, e.response?.status]) {
      if (typeof candidate === "number" && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}

/**
 * What shows when the error page itself fails (spec §8): in the browser through ErrorPageGuard, on the server
 * as the whole document entry.server.tsx sends.
 */
export function ErrorPageFailed({ lang, home }: { lang: Lang; home: string }) {
  const t = translator(lang);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">{t("error.pageFailed")}</h1>
      <p className="mt-4">
        <a className="underline" href={home}>
          {t("error.backHome")}
        </a>
      </p>
    </main>
  );
}

/** Keeps a failing error page from taking the whole page down (in the browser; see entry.server.tsx for SSR). */
class ErrorPageGuard extends Component<
  { children: ReactNode; lang: Lang; home: string },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPageFailed lang={this.props.lang} home={this.props.home} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const root = useRouteLoaderData<typeof loader>("root");
  const hostLang = useHostLang();
  const { lang, home } = pageLangAndHome(root, location.pathname, hostLang);
  const status = errorStatus(error);
  // ERR_REDIRECT is a redirect, never shown (spec §8). The server answers loaders' ones with a redirect
  // (entry.server.tsx); one raised in the browser lands here and is followed.
  const redirectTo = errRedirect(error, {
    origin: typeof window === "undefined" ? undefined : window.location.origin,
    fallback: home,
  });
  if (redirectTo) return <FollowRedirect to={redirectTo.location} />;
  return (
    <ErrorPageGuard lang={lang} home={home}>
      <ErrorPage status={status} lang={lang} home={home} />
    </ErrorPageGuard>
  );
}

function FollowRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

function ErrorPage({ status, lang, home }: { status: number; lang: Lang; home: string }) {
  const t = translator(lang);
  const notFound = status === 404;
  const heading = notFound ? t("error.notFound") : t("error.generic");
  return (
    <>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-3">
          <Link to={home} className="text-2xl font-black text-brand-ink">
            {t("site.name")}
            <span className="sr-only"> – {t("nav.home")}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-16">
        <title>{`${heading} | Mili`}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-bold" tabIndex={-1}>
          {heading}
        </h1>
        {notFound ? (
          <p className="mt-4">{t("error.notFoundHelp")}</p>
        ) : (
          <p className="mt-4">{t("error.status", { status })}</p>
        )}
        <p className="mt-6">
          <a className="underline" href={home}>
            {t("error.backHome")}
          </a>
        </p>
      </main>
    </>
  );
}
