import type { ResultOf } from "../lib/graphql/graphql.ts";
import type { ProductListQuery } from "../lib/graphql/operations.ts";
import { href } from "../lib/page-locale.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import { ProductCard } from "./product-card.tsx";

export type ListedProduct = NonNullable<ResultOf<typeof ProductListQuery>["products"]>["products"][number];

/** A grid of product cards with prices including or excluding VAT by the shopper's customer type. */
export function ProductGrid({ products, label }: { products: ListedProduct[]; label?: string }) {
  const root = useRoot();
  const t = useT();
  return (
    <ul aria-label={label} className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard
          key={product.productId}
          product={product}
          href={href(root.locale, product.canonicalUrl)}
          t={t}
          vatIncluded={root.vatIncluded}
          eager={index < 2}
        />
      ))}
    </ul>
  );
}

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
