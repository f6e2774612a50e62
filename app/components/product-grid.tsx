import { memo, Suspense } from "react";
import { href } from "../lib/page-locale.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import { deferred } from "./deferred.tsx";
import type { CardProduct } from "./product-card.tsx";

/** The card's code (favourite, add to cart, its analytics) is a chunk of its own, hydrated after the page's frame. */
const ProductCard = deferred(() => import("./product-card.tsx").then((m) => m.ProductCard), {
  until: "visible",
});

/** A product as a card shows it (any query that spreads ProductCardFields). */
export type ListedProduct = CardProduct;

/**
 * A grid of product cards. `eager` is how many cards sit above the fold (their images load at once, the first
 * with high priority); the rest load lazily. The server sends the grid in place, complete; each card is a
 * boundary of its own (deferred(), decision 0060) that the browser hydrates after the frame, once the cards' chunk
 * has loaded and run in a task of its own (a click on a card before that hydrates that card first), which keeps
 * the long task of hydration short.
 * Memoised: a list's own renders (its hydrated flag, its controls) leave the cards alone.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  label,
  eager = 2,
}: {
  products: ListedProduct[];
  label?: string;
  eager?: number;
}) {
  return (
    <Suspense>
      <ul aria-label={label} className="@container mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((product, index) => (
          <ProductCard
            key={product.productId}
            product={product}
            eager={index < eager}
            priority={index === 0 && eager > 0}
          />
        ))}
      </ul>
    </Suspense>
  );
});

export function Breadcrumbs({ items }: { items: { name: string; url: string }[] }) {
  const root = useRoot();
  const t = useT();
  if (!items.length) return null;
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="text-sm text-stone-700">
      <ol className="flex flex-wrap gap-1">
        <li>
          <a href={href(root.locale, "/")}>{t("nav.home")}</a>
        </li>
        {items.map((item, i) => (
          <li key={item.url} className="before:mx-1 before:content-['/']">
            {i === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <a href={href(root.locale, item.url)}>{item.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
