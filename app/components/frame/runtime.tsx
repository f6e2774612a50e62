import {
  type CSSProperties,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import {
  createPath,
  Link,
  useLocation,
  useMatches,
  useNavigation,
  useNavigationType,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { startAnalytics } from "../../lib/client/analytics.ts";
import { FRAME_CONFIG } from "../../lib/client/config.ts";
import { createImpressionTracker, eventBus } from "../../lib/client/event-bus.ts";
import { useOnline } from "../../lib/client/hooks.ts";
import { notifications, type Placement } from "../../lib/client/notifications.ts";
import { createProgress, IDLE, isVisible, type ProgressState } from "../../lib/client/progress.ts";
import { claimReload, isChunkLoadError, reloadOnce } from "../../lib/client/reload-guard.ts";
import { type Place, scrollActionFor, shouldFocusHeading } from "../../lib/client/scroll.ts";
import { browserSwEnvironment, registerServiceWorker } from "../../lib/client/service-worker.ts";
import { tabSync } from "../../lib/client/tab-sync.ts";
import type { RootData } from "../../lib/root-data.server.ts";
import { marketCurrency } from "../../lib/use-root.ts";

/*
 * The root Layout is mounted afresh when a navigation ends on the error page (React Router renders the error
 * element in a different tree), so what must outlive that lives in the module: the progress bar's state, the
 * impression tracker and the last place navigated to. None of it is touched during a server render.
 */
let progressState: ProgressState = IDLE;
const progressListeners = new Set<() => void>();
const progress = createProgress((next) => {
  progressState = next;
  for (const listener of [...progressListeners]) listener();
}, FRAME_CONFIG.progress);
const subscribeProgress = (listener: () => void) => {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
};
const readProgress = () => progressState;
const readIdle = () => IDLE;
const trackImpression = createImpressionTracker(eventBus);
let lastPlace: Place | null = null;

/**
 * The thin bar at the top during navigation and revalidation: shows only after 200 ms, advances on its own,
 * fills and hides 500 ms after the end; red when the navigation ended on an error.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const error = useRouteError();
  const busy = navigation.state !== "idle" || revalidator.state === "loading";
  const failed = error !== undefined && error !== null;
  const state = useSyncExternalStore(subscribeProgress, readProgress, readIdle);
  useEffect(() => {
    if (busy) progress.start();
    else progress.done(failed);
  }, [busy, failed]);
  // Always in the DOM (hidden while idle or within the throttle), so its phase can be read at any time.
  return (
    <div
      aria-hidden="true"
      className="progress-bar"
      hidden={!isVisible(state)}
      data-progress={state.phase}
      data-failed={state.failed ? "" : undefined}
      style={{ transform: `scaleX(${state.value})` }}
    />
  );
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Set while the guard reloads the page itself, so that the navigate listener below lets this reload through. */
let guardReloading = false;

function reloadForChunk(reason: unknown): boolean {
  if (!isChunkLoadError(reason)) return false;
  return reloadOnce(
    sessionStore(),
    Date.now(),
    () => {
      guardReloading = true;
      window.location.reload();
    },
    FRAME_CONFIG.reloadGuard,
  );
}

/**
 * React Router reloads the page by itself when a route module fails to import during a navigation (its
 * `loadRouteModule` calls `window.location.reload()`, with no option to turn that off), past the guard above.
 * The Navigation API announces every reload a script starts with a cancelable `navigate` event (reloads from
 * the browser's own button fire none), and on this site nothing but the guard and React Router's route-module
 * loader reloads by script: a reload the guard did not start is that chunk-load reload, and it goes through
 * the guard here. Within the guard, during a GET navigation, it is cancelled and the page the router was going
 * to is loaded as a new document instead (a navigation the shopper asked for, not a reload; cancelled alone,
 * the router would wait for the module for ever). Browsers without the Navigation API keep React Router's own
 * behaviour.
 */
/**
 * Where the router's GET navigation under way is going, read from the router itself (React Router's hydrated
 * router sets `window.__reactRouterDataRouter`): the module loader can fail and reload before React has
 * rendered the navigation state into `pendingTarget` (a failed module import the browser remembers fails at once).
 */
function routerTarget(): string | null {
  const router = (
    window as {
      __reactRouterDataRouter?: {
        state: { navigation: { location?: Parameters<typeof createPath>[0]; formMethod?: string } };
      };
    }
  ).__reactRouterDataRouter;
  const navigation = router?.state.navigation;
  if (!navigation?.location) return null;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return null;
  return createPath(navigation.location);
}

function guardRouterReloads(pendingTarget: { readonly current: string | null }): () => void {
  const navigation = (window as { navigation?: Navigation }).navigation;
  if (!navigation) return () => {};
  const onNavigate = (event: NavigateEvent) => {
    if (event.navigationType !== "reload" || guardReloading || event.userInitiated || !event.cancelable) {
      return;
    }
    // The reload is already under way: the guard only records it (and lets it go) or refuses it.
    if (claimReload(sessionStore(), Date.now(), FRAME_CONFIG.reloadGuard)) return;
    // Refused only when the shopper is going somewhere by GET: that page then loads as a document. Without such a
    // target (a form submission, a fetcher, a revalidation) cancelling would leave the router waiting for ever,
    // so the reload goes ahead; it is not a loop, since it needs the shopper to navigate again.
    const target = pendingTarget.current ?? routerTarget();
    if (!target) return;
    event.preventDefault();
    void Promise.resolve().then(() => window.location.assign(target));
  };
  navigation.addEventListener("navigate", onNavigate);
  return () => navigation.removeEventListener("navigate", onNavigate);
}

/**
 * Everything the frame does in the background: page impressions on the event bus, the analytics data layer
 * (with consent), revalidation when another tab changed the market, cart or user (and when the browser is back
 * online), the reload after a failed chunk load, and the lazy service worker registration.
 */
export function ClientRuntime() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const error = useRouteError();
  // Where a GET navigation under way is going (for guardRouterReloads); null for submissions.
  const pendingTarget = useRef<string | null>(null);
  pendingTarget.current =
    navigation.location && (!navigation.formMethod || navigation.formMethod.toUpperCase() === "GET")
      ? createPath(navigation.location)
      : null;
  const root = useRouteLoaderData("root") as RootData | undefined;
  const matches = useMatches();
  const route = matches[matches.length - 1]?.id ?? "root";
  // A layout effect: the page's impression (with what analytics' page_data says of it) is on the bus before the
  // page's own effects push theirs (view_item, begin_checkout, …).
  useLayoutEffect(() => {
    trackImpression(
      { pathname, search },
      root
        ? {
            route,
            language: root.lang,
            market: root.locale.market,
            currency: marketCurrency(root),
            customer_type: root.customerType,
            signed_in: Boolean(root.user),
          }
        : { route },
    );
  }, [pathname, search, root, route]);
  // The analytics data layer, only with consent to statistics (its code loads then, on its own).
  useEffect(() => startAnalytics(), []);

  useEffect(() => {
    const refresh = () => void revalidate.current();
    // The cart store answers the other tabs' cart messages itself (it reloads only the cart).
    const off = tabSync.subscribe((message) => {
      if (message.type !== "cart") refresh();
    });
    window.addEventListener("online", refresh);
    return () => {
      off();
      window.removeEventListener("online", refresh);
    };
  }, []);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (
        reloadForChunk(
          (event as Event & { payload?: unknown }).payload ?? "Failed to fetch dynamically imported module",
        )
      )
        event.preventDefault();
    };
    const onError = (event: ErrorEvent) => void reloadForChunk(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => void reloadForChunk(event.reason);
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    // In development Vite reloads the page by script on every full-reload update: no guard there.
    const offRouterReloads = import.meta.env.PROD ? guardRouterReloads(pendingTarget) : () => {};
    if (import.meta.env.PROD) registerServiceWorker(browserSwEnvironment());
    return () => {
      offRouterReloads();
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  useEffect(() => {
    if (error) reloadForChunk(error);
  }, [error]);

  return null;
}

/**
 * After a client-side navigation to another page: keeps the scroll position between account pages, scrolls to the hash target,
 * and moves focus to the page's main heading. Rendered after <ScrollRestoration>, whose own scrolling (top on
 * new pages, saved positions on back/forward) runs first.
 */
export function NavigationFocus() {
  const { pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  const lastY = useRef(0);

  useEffect(() => {
    const remember = () => {
      lastY.current = window.scrollY;
    };
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    const next = { pathname, search, hash };
    const action = scrollActionFor(lastPlace, next, navigationType);
    if (action.kind === "keep") window.scrollTo(0, lastY.current);
    else if (action.kind === "top") window.scrollTo(0, 0);
    else if (action.kind === "hash") document.getElementById(action.id)?.scrollIntoView();
    const focus = shouldFocusHeading(lastPlace, next);
    lastPlace = next;
    if (focus) document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
  }, [pathname, search, hash, navigationType]);

  return null;
}

/** A visible notice while the browser is offline. */
export function OfflineNotice({ t }: { t: Translate }) {
  const online = useOnline();
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {online ? null : (
        <p
          className="pointer-events-auto rounded-md bg-stone-900 px-4 py-3 text-sm text-white shadow-lg"
          data-offline
        >
          {t("offline.notice")}
        </p>
      )}
    </div>
  );
}

// The top placements start 1rem below the sticky header (their `top` is set from its height), so a notification
// never covers the header's buttons — the "added to cart" one sat over the cart button for its 5 s.
const PLACEMENT: Record<Placement, string> = {
  "top-right": "right-4",
  "top-left": "left-4",
  "bottom-right": "bottom-20 right-4",
  "bottom-left": "bottom-20 left-4",
};

/** The current notification (one at a time), in a polite live region. */
export function NotificationView({ t }: { t: Translate }) {
  const current = useSyncExternalStore(notifications.subscribe, notifications.get, () => null);
  const placement = current?.placement ?? "top-right";
  const headerHeight = useHeaderHeight();
  return (
    <div
      role="status"
      className={`pointer-events-none fixed z-50 max-w-sm ${PLACEMENT[placement]}${placement.startsWith("top") ? " notification-top" : ""}`}
      style={{ "--header-height": `${headerHeight}px` } as CSSProperties}
    >
      {current ? (
        <div
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white p-3 text-sm shadow-lg ring-1 ring-stone-200 ${
            current.mode === "error"
              ? "border-red-700"
              : current.mode === "success"
                ? "border-green-700"
                : "border-brand"
          }`}
          data-notification={current.mode}
        >
          {current.detail?.image ? (
            <img
              src={current.detail.image}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded bg-stone-100 object-cover"
            />
          ) : null}
          <div className="flex-1">
            <p>{current.message}</p>
            {current.detail?.link ? (
              <Link to={current.detail.link.href} className="mt-1 inline-block font-semibold underline">
                {current.detail.link.label}
              </Link>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => notifications.dismiss(current.id)}
            className="-m-1 rounded p-1 leading-none text-stone-700 hover:text-ink"
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t("notification.dismiss")}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The sticky header's height (0 on pages without it, such as the checkout), followed as it changes. */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>("[data-site-header]");
    if (!header) return;
    const measure = () => setHeight(header.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
