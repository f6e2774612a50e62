import { useEffect, useState } from "react";
import { useJsonAnswer } from "../lib/client/hooks.ts";
import { readLatestViewed } from "../lib/latest-viewed.ts";
import { href } from "../lib/page-locale.ts";
import { useRoot } from "../lib/use-root.ts";
import { useFavorites } from "./favorite-button.tsx";
import { type ListedProduct, ProductGrid } from "./product-grid.tsx";

/**
 * The cards of a "latest viewed" or "favourites" product-list widget (decision 0046), rendered in the browser only
 * (its own chunk, loaded after hydration by components/widget-blocks.tsx): the ids are the shopper's own — the
 * favourites store, or the latest viewed kept in localStorage — so a cached page cannot carry them. The cards come
 * from `/api/products?ids=…` (the products query, priced for the shopper's market and customer type), in the
 * ids' order: newest favourite or latest view first. No ids, or none still sold: the widget's empty text.
 */
const NO_PRODUCTS: { products?: ListedProduct[] } = { products: [] };

export default function ShopperProducts({
  source,
  title,
  take,
  empty,
  excludeProductId,
}: {
  source: "favorites" | "latestViewed";
  title: string;
  take: number;
  empty: string;
  /** The product page's own product (it is the latest viewed, but not worth showing beside itself). */
  excludeProductId?: number | undefined;
}) {
  const root = useRoot();
  const favorites = useFavorites();
  const [viewed, setViewed] = useState(readLatestViewed);
  // Another product page (a client-side navigation): the list as it is now.
  useEffect(() => {
    if (excludeProductId !== undefined) setViewed(readLatestViewed());
  }, [excludeProductId]);
  const ids = (source === "favorites" ? favorites.toReversed() : viewed)
    .filter((id) => id !== excludeProductId)
    .slice(0, take);
  const key = ids.join(",");
  const answer = useJsonAnswer<{ products?: ListedProduct[] }>(
    key ? `${href(root.locale, "/api/products")}?ids=${key}` : null,
    NO_PRODUCTS,
  );

  if (key && !answer) return <div aria-busy="true" className="min-h-8" />;
  const products = answer?.products ?? [];
  return products.length ? (
    <ProductGrid products={products} label={title} eager={0} />
  ) : (
    <p className="mt-2 text-stone-700" data-empty="">
      {empty}
    </p>
  );
}
