import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { productImageSrc } from "./gallery.tsx";
import type { DimensionChoice } from "./variants.ts";

/**
 * Product-level variant choices (fit, colour): each option is a link to the sibling product of the same variant
 * group, the current one marked with aria-current. Colours show the sibling's image as a swatch.
 */
export function VariantLinks({
  choices,
  labels,
  toHref,
  t,
}: {
  choices: DimensionChoice[];
  /** Dimension labels in the page's language, by dimension. */
  labels: Record<string, string>;
  toHref: (path: string) => string;
  t: Translate;
}) {
  return (
    <>
      {choices.map((choice) => {
        const current = choice.options.find((o) => o.current);
        const swatches = choice.dimension === "Color" && choice.options.every((o) => o.image);
        const headingId = `variant-${choice.level}`;
        return (
          <nav key={choice.dimension} aria-labelledby={headingId} className="mt-5">
            <h2 id={headingId} className="font-semibold">
              {labels[choice.dimension] ?? choice.dimension}
              {current ? (
                <span className="ml-2 font-normal text-stone-700">
                  {t("product.chosen", { value: current.label })}
                </span>
              ) : null}
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {choice.options.map((option) => {
                const base = "block rounded border-2";
                const state = option.current ? "border-stone-900" : "border-stone-300 hover:border-stone-600";
                const body = swatches ? (
                  <img
                    src={productImageSrc(option.image ?? "", 160)}
                    width={56}
                    height={56}
                    alt={option.label}
                    loading="lazy"
                    decoding="async"
                    className="size-14 rounded-sm object-cover"
                  />
                ) : (
                  <span className="block px-3 py-1.5">{option.label}</span>
                );
                return (
                  <li key={option.value}>
                    {option.current || !option.url ? (
                      <span aria-current={option.current ? "true" : undefined} className={`${base} ${state}`}>
                        {body}
                      </span>
                    ) : (
                      <Link to={toHref(option.url)} className={`${base} ${state}`} title={option.label}>
                        {body}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        );
      })}
    </>
  );
}
