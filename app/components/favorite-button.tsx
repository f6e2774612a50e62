import { useSyncExternalStore } from "react";
import type { ShopItem } from "../lib/analytics/data-layer.ts";
import { favoritesStore } from "../lib/favorites.ts";
import { useT } from "../lib/use-root.ts";

const NONE: readonly number[] = [];
const subscribe = (listener: () => void) => favoritesStore().subscribe(listener);

/*
 * The store reads the cookie on every call. A page with 20 cards asks for the favourites some 60 times while it
 * hydrates (each card's snapshot at render and again after the commit), so the answer is kept until the current
 * task ends: the cookie cannot change within one task except through the store, which notifies (and the cache
 * is dropped before its listeners run).
 */
let cached: readonly number[] | undefined;
let watching = false;
function favorites(): readonly number[] {
  if (cached) return cached;
  if (!watching) {
    watching = true;
    favoritesStore().subscribe(() => {
      cached = undefined;
    });
  }
  const list = favoritesStore().get();
  cached = list.length ? list : NONE;
  queueMicrotask(() => {
    cached = undefined;
  });
  return cached;
}

/**
 * The shopper's favourites, newest last. Empty during the server render and hydration (cached pages carry
 * nothing personal), then read from the cookie; follows changes in this tab and the others. An empty list is
 * always the same array, so a shopper without favourites causes no render after hydration.
 */
export function useFavorites(): readonly number[] {
  return useSyncExternalStore(subscribe, favorites, () => NONE);
}

/** How many favourites the shopper has (0 until hydrated), e.g. for the header's favourites link. */
export function useFavoriteCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => favorites().length,
    () => 0,
  );
}

/** Whether one product is a favourite (false until hydrated). */
export function useIsFavorite(productId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => favorites().includes(productId),
    () => false,
  );
}

function Heart({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.1C1.6 8.2 3.5 4.5 7 4.5c2 0 3.7 1.1 5 3 1.3-1.9 3-3 5-3 3.5 0 5.4 3.7 4.2 6.9-1.7 4.5-9.2 9.1-9.2 9.1Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite toggle of a product card and the product page: a button with aria-pressed whose accessible name
 * names the product (the name stays the same when pressed; the state is aria-pressed). Shown only with JavaScript:
 * the pressed state comes from the shopper's cookie after hydration, never from the cached page.
 */
export function FavoriteButton({
  productId,
  name,
  item,
  currency,
  variant = "icon",
  className = "",
}: {
  productId: number;
  name: string;
  /** The product as analytics' add_to_wishlist describes it (decision 0042). */
  item?: ShopItem | undefined;
  currency?: string | undefined;
  /** "icon": a round heart (cards); "label": heart and text (the product page). */
  variant?: "icon" | "label";
  className?: string;
}) {
  const t = useT();
  const pressed = useIsFavorite(productId);
  const label = t("favorites.toggle", { name });
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={variant === "icon" ? label : undefined}
      data-favorite={productId}
      onClick={() =>
        favoritesStore().toggle({
          productId,
          name,
          ...(item ? { items: [item] } : {}),
          ...(currency ? { currency } : {}),
        })
      }
      className={`js-only inline-flex items-center gap-2 text-brand-ink ${
        variant === "icon"
          ? "size-10 justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-stone-300 hover:bg-white"
          : "rounded-md px-3 py-2 ring-1 ring-stone-300 hover:bg-stone-50"
      } ${className}`}
    >
      <Heart filled={pressed} className={variant === "icon" ? "size-5" : "size-5 shrink-0"} />
      {variant === "label" ? <span>{t("favorites.favorite")}</span> : null}
    </button>
  );
}
