import {
  type ComponentProps,
  type MouseEvent,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetcher, useLocation, useNavigate, useNavigation, useNavigationType } from "react-router";
import { eventBus } from "../../lib/client/event-bus.ts";
import { useHydrated } from "../../lib/client/hooks.ts";
import { LIST_CONFIG } from "../../lib/list-config.ts";
import { createImpressionBatcher } from "../../lib/list-impressions.ts";
import type { ListData, ListProduct } from "../../lib/list-page.ts";
import {
  type ListUrlState,
  listIdentity,
  parseListUrl,
  serializeListUrl,
  withPage,
} from "../../lib/list-url.ts";
import { marketCurrency, useRoot, useT } from "../../lib/use-root.ts";
import { cardItem } from "../product-card.tsx";
import { ProductGrid } from "../product-grid.tsx";
import { ActiveFilters } from "./active-filters.tsx";
import { FilterPanel } from "./filter-panel.tsx";
import { ListCounter, PageLink } from "./pager.tsx";
import { SortSelect } from "./sort-select.tsx";
import type { ListControls } from "./types.ts";

/** The pages of one list loaded so far (entering on page N and loading more or previous). */
interface Loaded {
  identity: string;
  from: number;
  to: number;
  pages: Record<number, ListProduct[]>;
}

const CACHE_PREFIX = "mili-list:";
const CACHE_INDEX = "mili-list-keys";
const CACHE_KEEP = 10;

function fresh(list: ListData, identity: string): Loaded {
  return { identity, from: list.pageNo, to: list.pageNo, pages: { [list.pageNo]: list.products } };
}

/** A newly loaded page of the same list joins the loaded ones when it is next to them; anything else starts over. */
function merge(prev: Loaded, list: ListData, identity: string): Loaded {
  if (prev.identity !== identity || list.pageNo < prev.from - 1 || list.pageNo > prev.to + 1)
    return fresh(list, identity);
  return {
    identity,
    from: Math.min(prev.from, list.pageNo),
    to: Math.max(prev.to, list.pageNo),
    pages: { ...prev.pages, [list.pageNo]: list.products },
  };
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The pages shown under a history entry, so going back to it shows the same products at the same place. */
function readCache(key: string, identity: string): Loaded | null {
  try {
    const raw = session()?.getItem(CACHE_PREFIX + key);
    if (!raw) return null;
    const loaded = JSON.parse(raw) as Loaded;
    return loaded.identity === identity ? loaded : null;
  } catch {
    return null;
  }
}

function writeCache(key: string, loaded: Loaded) {
  const store = session();
  if (!store) return;
  try {
    const keys = (JSON.parse(store.getItem(CACHE_INDEX) ?? "[]") as string[]).filter((k) => k !== key);
    keys.push(key);
    while (keys.length > CACHE_KEEP) store.removeItem(CACHE_PREFIX + (keys.shift() ?? ""));
    store.setItem(CACHE_INDEX, JSON.stringify(keys));
    store.setItem(CACHE_PREFIX + key, JSON.stringify(loaded));
  } catch {
    // Storage full or refused: going back then shows the page in the URL only.
  }
}

/**
 * The filter panel in a Suspense boundary of its own: the facets (many fields) hydrate after the list's frame.
 * Memoised, so the list's own re-renders (its hydrated flag) reach the boundary only when the filters change: a
 * boundary that receives new props before it has hydrated is hydrated at once, in that render's task.
 */
const FilterPanelBoundary = memo(function FilterPanelBoundary(props: ComponentProps<typeof FilterPanel>) {
  return (
    <Suspense>
      <FilterPanel {...props} />
    </Suspense>
  );
});

/** Whether this document has rendered a list before (so a list mounting now is a client-side navigation). */
let hydrated = false;

/**
 * A product list: the filter panel, sort, active filters, the 'sum of total' counter, the grid, "load previous"
 * and "load more". Pages loaded with "load more" are kept in place (the URL's ?page follows with replace) and
 * remembered per history entry, so coming back from a product shows the same products at the same position.
 * Products seen are reported to the event bus as `view_item_list` in batches of 4.
 */
export function ListView({
  list,
  listId,
  listName,
  children,
  empty,
  bottom,
}: {
  list: ListData;
  /** The list's id and name for impressions (e.g. its path and title). */
  listId: string;
  listName: string;
  /** The list's heading, breadcrumbs and description. */
  children?: ReactNode;
  /** What an empty list without filters shows (default: a short notice). */
  empty?: ReactNode;
  /** Below the list, across the page (the Productlist/Bottom widget area). */
  bottom?: ReactNode;
}) {
  const root = useRoot();
  const t = useT();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const identity = listIdentity(list.pathname, list.state, list.defaultSort);
  const currencyCode = marketCurrency(root);
  const currency =
    root.markets.find((m) => m.alias === root.locale.market)?.currency?.symbol ??
    root.markets.find((m) => m.alias === root.locale.market)?.currency?.code ??
    "";

  const [loaded, setLoaded] = useState<Loaded>(() => {
    if (hydrated && navigationType === "POP") {
      const cached = readCache(location.key, identity);
      if (cached?.pages[list.pageNo]) return merge(cached, list, identity);
    }
    return fresh(list, identity);
  });
  // The state a control asked for, shown at once: the router's navigation state arrives in a transition, after
  // React has put a controlled checkbox back, so without this a tap on a slow phone would not tick the box until
  // the list had loaded. Cleared when the list answers or the navigation ends (done, failed or replaced).
  const [requested, setRequested] = useState<ListUrlState | null>(null);
  const [source, setSource] = useState(list);
  if (source !== list) {
    setSource(list);
    setLoaded(merge(loaded, list, identity));
    if (requested) setRequested(null);
  }

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    writeCache(location.key, loaded);
  }, [location.key, loaded]);

  // While a move to another state of this list is loading, the controls already show that state (a ticked box
  // stays ticked, a second change builds on the first).
  const navigation = useNavigation();
  const nextSearch =
    navigation.location && navigation.location.pathname === list.pathname ? navigation.location.search : null;
  const [lastSearch, setLastSearch] = useState(nextSearch);
  if (lastSearch !== nextSearch) {
    setLastSearch(nextSearch);
    if (nextSearch === null && requested) setRequested(null);
  }
  const shownState = useMemo(
    () => (nextSearch !== null ? parseListUrl(nextSearch) : (requested ?? list.state)),
    [nextSearch, requested, list.state],
  );
  const isHydrated = useHydrated();

  const controls: ListControls = useMemo(() => {
    const hrefFor = (state: ListUrlState) =>
      `${list.pathname}${serializeListUrl(state, { defaultSort: list.defaultSort })}`;
    return {
      pathname: list.pathname,
      state: shownState,
      defaultSort: list.defaultSort,
      hrefFor,
      go: (state: ListUrlState) => {
        setRequested(state);
        void navigate(hrefFor(state), { preventScrollReset: true });
      },
      t,
    };
  }, [list, shownState, navigate, t]);

  // "Load more" and "load previous" with JavaScript: fetch the page, add it in place.
  const [pending, setPending] = useState<{ kind: "next" | "previous"; firstNew: number } | null>(null);
  const [announce, setAnnounce] = useState("");
  const gridRef = useRef<HTMLDivElement>(null);
  const products = useMemo(() => {
    const seen = new Set<number>();
    const out: ListProduct[] = [];
    for (let page = loaded.from; page <= loaded.to; page++)
      for (const product of loaded.pages[page] ?? [])
        if (!seen.has(product.productId)) {
          seen.add(product.productId);
          out.push(product);
        }
    return out;
  }, [loaded]);
  const countRef = useRef(0);
  countRef.current = products.length;

  const load = useCallback(
    (kind: "next" | "previous") => {
      const page = kind === "next" ? loaded.to + 1 : loaded.from - 1;
      setPending({ kind, firstNew: kind === "next" ? products.length : 0 });
      void fetcher.load(controls.hrefFor(withPage(list.state, page)));
    },
    [fetcher, controls, list.state, loaded.to, loaded.from, products.length],
  );

  const fetched = (fetcher.data as { list?: ListData } | undefined)?.list;
  const [handled, setHandled] = useState<ListData | undefined>(undefined);
  const [justLoaded, setJustLoaded] = useState<{
    kind: "next" | "previous";
    firstNew: number;
    page: number;
  } | null>(null);
  if (fetched && fetched !== handled && fetcher.state === "idle") {
    setHandled(fetched);
    const fetchedIdentity = listIdentity(fetched.pathname, fetched.state, fetched.defaultSort);
    if (fetchedIdentity === loaded.identity && pending) {
      setLoaded(merge(loaded, fetched, fetchedIdentity));
      setJustLoaded({ ...pending, page: fetched.pageNo });
    }
    setPending(null);
  }

  useEffect(() => {
    if (!justLoaded) return;
    if (justLoaded.kind === "next") {
      // The URL names the last page shown; no navigation, so nothing reloads and the scroll stays.
      window.history.replaceState(
        window.history.state,
        "",
        controls.hrefFor(withPage(controls.state, justLoaded.page)),
      );
      const first = gridRef.current?.querySelectorAll<HTMLElement>(":scope > ul > li")[justLoaded.firstNew];
      first?.querySelector<HTMLElement>("a")?.focus({ preventScroll: true });
    }
    setAnnounce(t("list.loaded", { shown: countRef.current, total: list.count }));
    setJustLoaded(null);
  }, [justLoaded, controls, t, list.count]);

  // Impressions: each product seen (half in view) once, pushed in batches of 4.
  // A new list (other filters or sort) reports its products afresh: identity names the list's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: identity is the reason to start a new batcher.
  const batcher = useMemo(
    () =>
      typeof window === "undefined"
        ? null
        : createImpressionBatcher((event) => eventBus.push("view_item_list", event), {
            id: listId,
            name: listName,
            currency: currencyCode,
          }),
    [identity, listId, listName, currencyCode],
  );
  useEffect(() => {
    if (!batcher) return;
    const flush = () => batcher.flush();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      batcher.flush();
    };
  }, [batcher]);
  const offset = (loaded.from - 1) * list.pageSize;
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !batcher || typeof IntersectionObserver === "undefined") return;
    const items = [...grid.querySelectorAll<HTMLElement>(":scope > ul > li")];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const index = items.indexOf(entry.target as HTMLElement);
          const product = products[index];
          if (!product) continue;
          batcher.add({
            ...cardItem(product, root.vatIncluded),
            item_name: product.name,
            index: offset + index,
          });
        }
      },
      { threshold: 0.5 },
    );
    for (const item of items) observer.observe(item);
    return () => observer.disconnect();
  }, [batcher, products, offset, root.vatIncluded]);

  // select_item: a product opened from the list (a click on any of its card's links to it).
  const onGridClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.("a[href]");
    const card = link?.closest("li");
    if (!link || !card || card.parentElement?.parentElement !== gridRef.current) return;
    // The cards only: each is preceded by its hydration marker, a <template> (decision 0073).
    const index = [...(card.parentElement?.querySelectorAll(":scope > li") ?? [])].indexOf(card);
    const product = products[index];
    if (!product) return;
    eventBus.push("select_item", {
      currency: currencyCode,
      item_list_id: listId,
      item_list_name: listName,
      items: [{ ...cardItem(product, root.vatIncluded), index: offset + index }],
    });
  };

  const busy = fetcher.state !== "idle";
  const shown = products.length;
  const hasMore = loaded.to * list.pageSize < list.count && loaded.to * list.pageSize <= LIST_CONFIG.maxSkip;
  const activeCount =
    Object.values(list.state.facets).reduce((sum, items) => sum + items.length, 0) +
    (list.state.price ? 1 : 0);
  const withFilters = list.facets.length > 0 || list.priceBounds !== null;

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8" data-list-ready={isHydrated ? "" : undefined}>
      {children}
      <div className={withFilters ? "mt-6 gap-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]" : "mt-6"}>
        <FilterPanelBoundary
          controls={controls}
          facets={list.facets}
          priceBounds={list.priceBounds}
          currency={currency}
          count={list.count}
          activeCount={activeCount}
          sortOptions={list.sortOptions}
        />
        <div className={withFilters ? "max-lg:mt-4 lg:col-start-2" : undefined}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ListCounter t={t} shown={shown} total={list.count} />
            {list.count > 0 ? (
              <div className={withFilters ? "max-lg:hidden" : undefined}>
                <SortSelect controls={controls} options={list.sortOptions} />
              </div>
            ) : null}
          </div>
          <ActiveFilters controls={controls} facets={list.facets} currency={currency} />
          {loaded.from > 1 ? (
            <PageLink
              kind="previous"
              href={controls.hrefFor(withPage(list.state, loaded.from - 1))}
              label={t("list.loadPrevious")}
              busy={busy && pending?.kind === "previous"}
              busyLabel={t("list.loadingMore")}
              onLoad={() => load("previous")}
            />
          ) : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only listens to its links' clicks (Enter on a link is a click). */}
          <div ref={gridRef} data-list-grid onClick={onGridClick}>
            {products.length ? (
              <ProductGrid products={products} label={t("list.products")} />
            ) : list.filtered ? (
              <p className="mt-6">{t("list.noMatch")}</p>
            ) : (
              (empty ?? <p className="mt-6">{t("list.empty")}</p>)
            )}
          </div>
          <p role="status" className="sr-only">
            {announce}
          </p>
          {hasMore ? (
            <PageLink
              kind="next"
              href={controls.hrefFor(withPage(list.state, loaded.to + 1))}
              label={t("list.loadMore")}
              busy={busy && pending?.kind === "next"}
              busyLabel={t("list.loadingMore")}
              onLoad={() => load("next")}
            />
          ) : null}
        </div>
      </div>
      {bottom}
    </main>
  );
}
