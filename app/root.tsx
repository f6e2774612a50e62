import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { translator } from "./i18n/index.ts";
import { ChannelQuery } from "./lib/graphql/operations.ts";
import { requestClient } from "./lib/graphql/server.ts";
import { LANGS, type Lang, localizedPath } from "./lib/locale.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, lang, rc } = requestClient(request, context);
  const { data } = await client.request(ChannelQuery);
  return {
    lang,
    nonce: rc.nonce,
    domains: rc.domains,
    theme: Object.fromEntries((data.channel?.theme ?? []).map((v) => [v.key, v.value])),
    markets: data.channel?.markets ?? [],
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

function langFromPath(pathname: string): Lang {
  return pathname === "/sv" || pathname.startsWith("/sv/") ? "sv" : "nb";
}

/**
 * The root has no params, so by default its loader would not run again on a client-side navigation from / to
 * /sv: the page would keep the other language's lang attribute, channel and language switch. Reload it whenever
 * the language changes. With DOMAINS the language follows the host, which a client-side navigation keeps.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return langFromPath(currentUrl.pathname) !== langFromPath(nextUrl.pathname) || defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const lang = data?.lang ?? langFromPath(location.pathname);
  const t = translator(lang);
  const style = Object.fromEntries(Object.entries(data?.theme ?? {}).map(([k, v]) => [`--mili-${k}`, v]));
  return (
    <html lang={lang} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="orange" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta property="og:type" content="website" />
        <meta name="description" content={t("site.description")} />
        <Meta />
        <Links nonce={data?.nonce} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          {t("nav.skipToContent")}
        </a>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.lang);
  const other: Lang = loaderData.lang === "nb" ? "sv" : "nb";
  return (
    <>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link
            to={localizedPath(loaderData.lang, "/", loaderData.domains)}
            className="text-2xl font-black text-brand-ink"
          >
            {t("site.name")}
            <span className="sr-only"> – {t("nav.home")}</span>
          </Link>
          <Link
            to={localizedPath(other, "/", loaderData.domains)}
            hrefLang={LANGS[other].languageId}
            lang={other}
            className="text-sm underline"
          >
            {t("language.switch")}
          </Link>
        </div>
      </header>
      <Outlet />
      <footer className="mt-12 border-t border-stone-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm">{t("footer.openingHours")}</p>
      </footer>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const lang = langFromPath(location.pathname);
  const t = translator(lang);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${notFound ? t("error.notFound") : t("error.generic")} | Mili`}</title>
      <h1 className="text-3xl font-bold">{notFound ? t("error.notFound") : t("error.generic")}</h1>
      {notFound ? <p className="mt-4">{t("error.notFoundHelp")}</p> : null}
      <p className="mt-6">
        <a className="underline" href={lang === "sv" ? "/sv" : "/"}>
          {t("error.backHome")}
        </a>
      </p>
    </main>
  );
}
