import { type ListedProduct, ProductGrid } from "./product-grid.tsx";

/**
 * A page's widgets as the server rendered them (components/widgets.server.tsx, decision 0038): static HTML put in
 * place as it is, and product lists as the shop's product cards. No widget code runs in the browser.
 */
export type WidgetBlock =
  | { kind: "html"; id: string; html: string }
  | { kind: "products"; id: string; title: string; products: ListedProduct[]; note?: string };

export function WidgetBlocks({
  blocks,
  eager = true,
  className = "space-y-10",
}: {
  blocks: WidgetBlock[];
  /**
   * The first product list's first cards are above the fold (the first image with high priority); the rest lazy.
   * False where the page's own content comes first (list and product pages): every widget image is lazy.
   */
  eager?: boolean;
  className?: string;
}) {
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
            <ProductGrid products={b.products} eager={i === first ? 2 : 0} />
          </section>
        ),
      )}
    </div>
  );
}
