import { useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useFavorites } from "../components/favorite-button.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { useHydrated } from "../lib/client/hooks.ts";
import { favoritesFromCookie } from "../lib/favorites.ts";
import { ProductListQuery } from "../lib/graphql/list-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/favorites";

/**
 * /favoritter and /sv/favoriter: the shopper's favourites, newest first. Guests' favourites come from the
 * mili-persisted-states cookie, so this page is private (never cached). Signed-in customers: when accounts
 * arrive, the ids come from the customer's favourites instead of (merged with) the cookie, here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const ids = favoritesFromCookie(request.headers.get("cookie"));
  const found = ids.length
    ? ((await client.request(ProductListQuery, { take: ids.length, filter: { productIds: ids } })).data
        .products?.products ?? [])
    : [];
  const byId = new Map(found.map((p) => [p.productId, p]));
  // Newest favourite first; products that no longer exist are left out.
  const products = ids.toReversed().flatMap((id) => byId.get(id) ?? []);
  return {
    locale,
    origin: url.origin,
    alternates: screenAlternates("favorites"),
    /** The ids the page was rendered for (found or not). */
    ids,
    products,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("favorites.heading")} | Mili`, noindex: true, ...loaderData });
}

/** Reloads the list when a favourite appears that the page does not show (added in another tab). */
function useFollowNewFavorites(loaded: number[]) {
  const favorites = useFavorites();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const missing = favorites.filter((id) => !loaded.includes(id)).join(",");
  useEffect(() => {
    if (missing) void revalidate.current();
  }, [missing]);
}

type Listed = Route.ComponentProps["loaderData"]["products"][number];

/**
 * The products still favourites: all the loader found until the page is interactive (the HTML and hydration),
 * then those whose heart is pressed, so a product released here (or in another tab) leaves the list at once.
 * When the card that had focus leaves, focus goes to the next card's heart (the previous one at the end of the
 * list, the heading when none is left), and a polite message names the product that left.
 */
function useCurrentFavorites(products: Listed[]) {
  const favorites = useFavorites();
  const hydrated = useHydrated();
  const shown = useMemo(
    () => (hydrated ? products.filter((p) => favorites.includes(p.productId)) : products),
    [hydrated, products, favorites],
  );
  const [removed, setRemoved] = useState<string | null>(null);
  const before = useRef(shown);
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = shown;
    const index = previous.findIndex((p) => !shown.includes(p));
    const gone = previous[index];
    if (!gone) return;
    setRemoved(gone.name);
    const focused = document.activeElement;
    if (focused && focused !== document.body && main.current?.contains(focused)) return;
    const next = shown[Math.min(index, shown.length - 1)];
    const target = next
      ? main.current?.querySelector<HTMLElement>(`button[data-favorite="${next.productId}"]`)
      : main.current?.querySelector<HTMLElement>("h1");
    target?.focus();
  }, [shown]);
  return { shown, removed, main };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  useFollowNewFavorites(loaderData.ids);
  const { shown, removed, main } = useCurrentFavorites(loaderData.products);
  return (
    <main id="main" ref={main} className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("favorites.heading")}
      </h1>
      <p role="status" className="sr-only" data-favorite-removed>
        {removed ? t("favorites.removed", { name: removed }) : ""}
      </p>
      {shown.length ? (
        <>
          <p className="mt-1 text-stone-700">{t("favorites.intro")}</p>
          <ProductGrid products={shown} label={t("favorites.list")} eager={4} />
        </>
      ) : (
        <div className="mt-4 space-y-2" data-empty>
          <p>{t("favorites.empty")}</p>
          <p>{t("favorites.howTo")}</p>
          <p>
            <a className="underline" href={href(root.locale, "/nyheter")}>
              {t("favorites.browse")}
            </a>
          </p>
        </div>
      )}
    </main>
  );
}

export const headers = privateHeaders;
