import { lazy, Suspense } from "react";
import { useHydrated } from "../lib/client/hooks.ts";
import { type ListedProduct, ProductGrid } from "./product-grid.tsx";

/** The shopper's own product lists: their own chunk, fetched only by a page that has such a widget. */
const ShopperProducts = lazy(() => import("./shopper-products.tsx"));

/**
 * A page's widgets as the server rendered them (components/widgets.server.tsx, decision 0038): static HTML put in
 * place as it is, and product lists as the shop's product cards. No widget code runs in the browser, except for
 * the shopper's own lists (latest viewed, favourites; decision 0046), whose cards the browser fills in.
 */
export type WidgetBlock =
  | { kind: "html"; id: string; html: string }
  | { kind: "products"; id: string; title: string; products: ListedProduct[]; note?: string }
  | {
      kind: "shopper";
      id: string;
      title: string;
      source: "favorites" | "latestViewed";
      take: number;
      /** What shows when the shopper has none (in the page's language). */
      empty: string;
      /** A way to the whole list (the favourites page), there before JavaScript too. */
      link?: { href: string; label: string };
      note?: string;
    };

export function WidgetBlocks({
  blocks,
  eager = true,
  className = "space-y-10",
  productId,
}: {
  blocks: WidgetBlock[];
  /**
   * The first product list's first cards are above the fold (the first image with high priority); the rest lazy.
   * False where the page's own content comes first (list and product pages): every widget image is lazy.
   */
  eager?: boolean;
  className?: string;
  /** The product page's product: left out of the shopper's latest viewed. */
  productId?: number;
}) {
  const hydrated = useHydrated();
  if (!blocks.length) return null;
  const first = eager ? blocks.findIndex((b) => b.kind === "products") : -1;
  return (
    <div className={className} data-widget-area="">
      {blocks.map((b, i) =>
        b.kind === "html" ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from escaped text and sanitised HTML
          <div key={b.id} data-widget={b.id} dangerouslySetInnerHTML={{ __html: b.html }} />
        ) : (
          <section key={b.id} data-widget={b.id} aria-label={b.title}>
            {b.note ? <p className="mb-2 font-semibold text-amber-900">{b.note}</p> : null}
            <h2 className="text-xl font-semibold">{b.title}</h2>
            {b.kind === "products" ? (
              <ProductGrid products={b.products} eager={i === first ? 2 : 0} />
            ) : (
              <>
                {hydrated ? (
                  <Suspense fallback={<div aria-busy="true" className="min-h-8" />}>
                    <ShopperProducts
                      source={b.source}
                      title={b.title}
                      take={b.take}
                      empty={b.empty}
                      excludeProductId={productId}
                    />
                  </Suspense>
                ) : null}
                {b.link ? (
                  <a className="mt-2 inline-block underline" href={b.link.href}>
                    {b.link.label}
                  </a>
                ) : null}
              </>
            )}
          </section>
        ),
      )}
    </div>
  );
}
