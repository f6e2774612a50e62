import { Link } from "react-router";
import type { ListFacet } from "../../lib/list-page.ts";
import { clearFilters, groupOrder, toggleFacet, withPrice } from "../../lib/list-url.ts";
import { groupLabel } from "./filter-panel.tsx";
import type { ListControls } from "./types.ts";

interface Chip {
  key: string;
  group: string;
  label: string;
  href: string;
}

/** The active filters as removable chips (links, so they work without JavaScript), and "clear all". */
export function ActiveFilters({
  controls,
  facets,
  currency,
}: {
  controls: ListControls;
  facets: ListFacet[];
  currency: string;
}) {
  const { state, t, hrefFor } = controls;
  const chips: Chip[] = groupOrder(state.facets).flatMap((group) => {
    const facet = facets.find((f) => f.filterId === group);
    return (state.facets[group] ?? []).map((item) => ({
      key: `${group}:${item.id}`,
      group: facet ? groupLabel(t, facet) : group,
      label: facet?.values.find((v) => v.facetId === item.id)?.label || item.label || item.id,
      href: hrefFor(toggleFacet(state, group, item, false)),
    }));
  });
  if (state.price)
    chips.push({
      key: "price",
      group: t("list.group.price"),
      label: t("list.priceRange", {
        lowest: state.price.lowest,
        highest: state.price.highest,
        currency,
      }),
      href: hrefFor(withPrice(state, null)),
    });
  if (!chips.length) return null;
  return (
    <section aria-label={t("list.activeFilters")} className="mt-4" data-active-filters>
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.href}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border border-stone-400 bg-stone-50 px-3 py-1 text-sm hover:border-brand-ink"
              data-chip={chip.key}
            >
              <span className="sr-only">
                {t("list.removeFilter", { label: `${chip.group}: ${chip.label}` })}
              </span>
              <span aria-hidden="true">
                {chip.group}: {chip.label}
              </span>
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={hrefFor(clearFilters(state))}
            preventScrollReset
            className="text-sm font-medium underline underline-offset-2"
            data-clear-filters
          >
            {t("list.clearAll")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
