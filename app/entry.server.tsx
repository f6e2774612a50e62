import messageChunks from "virtual:mili-messages/chunks";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { preloadModule } from "react-dom";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  redirect,
  ServerRouter,
} from "react-router";
import documentCss from "./app.css?inline";
import { deferredReady } from "./components/deferred.tsx";
// Both languages' catalogs for the server's renders (the browser loads only its page's: app/i18n/load.ts).
import "./i18n/catalogs.ts";
import { translator } from "./i18n/index.ts";
import { consentBanner, consentBoot } from "./lib/consent.server.ts";
import { ConsentHtmlContext } from "./lib/consent-html.ts";
import { requestContext } from "./lib/context";
import { DocumentCssContext } from "./lib/document-css.ts";
import { type ErrRedirect, errRedirect } from "./lib/err-redirect.ts";
import type { Lang } from "./lib/locale.ts";
import { lowPriorityModulePreloads } from "./lib/module-preloads.ts";
import type { RootData } from "./lib/root-data.server.ts";
import { ErrorPageFailed, HostLangContext, pageLangAndHome } from "./root.tsx";

// The server reads the context key from the build (server/app.ts), so both use the very same object.
export { requestContext };

export const streamTimeout = 5_000;

/** ERR_REDIRECT errors a request's loaders threw (spec §8): the response becomes that redirect. */
const redirects = new WeakMap<object, ErrRedirect>();

/**
 * Every loader, action and render error passes here first, unsanitised. An ERR_REDIRECT is remembered for
 * the request (handleRequest and handleDataRequest turn it into the redirect); anything else is logged.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const url = new URL(request.url);
  const found = errRedirect(error, { origin: url.origin, fallback: "/" });
  if (found) {
    if (context && !redirects.has(context)) redirects.set(context, found);
    return;
  }
  if (request.signal.aborted) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  let log: ((level: "error", message: string, data?: Record<string, unknown>) => void) | undefined;
  try {
    log = context.get(requestContext).log;
  } catch {
    log = undefined;
  }
  if (log) log("error", "storefront error", { err: cause });
  else console.error(cause);
};

/**
 * How many times a request's document has been rendered: React Router renders it a second time, with the
 * error page, when the first render fails.
 */
const renders = new WeakMap<object, number>();

/**
 * The document sent when the error page itself failed to render on the server (spec §8): 'An error occurred
 * while showing the error page' with a link home, in the page's language, instead of React Router's plain-text
 * "Unexpected Server Error". Static markup: no scripts, nothing that could fail the same way again.
 */
function errorPageFailedDocument(lang: Lang, home: string, nonce: string): string {
  const t = translator(lang);
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${t("error.pageFailed")} | ${t("site.name")}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input. */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: documentCss }} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <ErrorPageFailed lang={lang} home={home} />
      </body>
    </html>,
  )}`;
}

/**
 * Preloads the page's message catalog (decision 0036): the browser's entry waits for it before hydrating, so
 * it is fetched with the other scripts rather than after them. React puts the link in the head.
 */
function PreloadMessages({ lang, nonce }: { lang: Lang; nonce: string }) {
  const chunk = messageChunks[lang];
  // With the page's nonce: under 'strict-dynamic' a module preload without it is refused (server/security.ts).
  if (chunk) preloadModule(chunk, { as: "script", nonce });
  return null;
}

/** Client-side navigations (`.data` requests) get the ERR_REDIRECT as a React Router redirect. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const found = context ? redirects.get(context) : undefined;
  return found ? redirect(found.location, found.status) : response;
};

function rootData(routerContext: EntryContext): RootData | undefined {
  return routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
}

/** The page's language as the root's Layout decides it (<html lang>). */
function pageLang(routerContext: EntryContext, pathname: string, hostLang: Lang | undefined): Lang {
  return pageLangAndHome(rootData(routerContext), pathname, hostLang).lang;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const found = redirects.get(loadContext);
  if (found) {
    return new Response(null, {
      status: found.status,
      headers: { Location: found.location, "Cache-Control": "private, no-store" },
    });
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The chunks that hydrate after the rest of the page are rendered in place like the rest (decision 0060).
  await deferredReady();
  const { nonce, domains, thirdPartyScripts } = loadContext.get(requestContext);
  const url = new URL(request.url);
  // The consent banner and its script, when the page asks (the root loader says so): rendered in the HTML only.
  const root = rootData(routerContext);
  const consent = root?.consent
    ? {
        banner: consentBanner(root.lang, `${url.pathname}${url.search}`),
        boot: consentBoot(thirdPartyScripts ?? {}),
      }
    : null;
  const hostLang = domains[url.hostname.toLowerCase()];
  const attempt = (renders.get(loadContext) ?? 0) + 1;
  renders.set(loadContext, attempt);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <DocumentCssContext value={documentCss}>
        <ConsentHtmlContext value={consent}>
          <HostLangContext value={hostLang}>
            <PreloadMessages lang={pageLang(routerContext, url.pathname, hostLang)} nonce={nonce} />
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HostLangContext>
        </ConsentHtmlContext>
      </DocumentCssContext>,
      {
        nonce,
        // Every Suspense boundary that is complete when the shell is sent goes out in place. React would otherwise
        // move boundaries past 12.8 kB of a flush out of line (a hidden copy that a script puts in place), so the
        // page would lack them without JavaScript. The boundaries are there to split hydration, not the HTML.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads();
          body.on("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          // The first render failed: React Router renders the error page next (a second call of this function).
          if (attempt === 1) {
            reject(error);
            return;
          }
          // The error page failed as well.
          try {
            const { lang, home } = pageLangAndHome(rootData(routerContext), url.pathname, hostLang);
            const headers = new Headers(responseHeaders);
            headers.set("Content-Type", "text/html; charset=utf-8");
            headers.set("Cache-Control", "private, no-store");
            headers.delete("CDN-Cache-Control");
            resolve(new Response(errorPageFailedDocument(lang, home, nonce), { status: 500, headers }));
          } catch {
            reject(error);
          }
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
