import { type FormEvent, memo, useId, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/index.ts";
import { useHydrated } from "../../lib/client/hooks.ts";
import type { ListFacet } from "../../lib/list-page.ts";
import {
  FIXED_GROUPS,
  type ListUrlState,
  PRICE_FROM,
  PRICE_TO,
  type PriceRange,
  parseListUrl,
  toggleFacet,
} from "../../lib/list-url.ts";
import { Dialog } from "../dialog.tsx";
import { SortSelect } from "./sort-select.tsx";
import { StateInputs } from "./state-inputs.tsx";
import type { ListControls } from "./types.ts";

/** A facet group's heading: ours for the fixed groups, the API's label for parameter groups (p-{name}). */
export function groupLabel(t: Translate, facet: Pick<ListFacet, "filterId" | "label">): string {
  return (FIXED_GROUPS as readonly string[]).includes(facet.filterId)
    ? t(`list.group.${facet.filterId}` as MessageKey)
    : facet.label;
}

function formState(form: HTMLFormElement, bounds: PriceRange | null): ListUrlState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  return { ...parseListUrl(params, bounds), page: 1 };
}

export interface FilterFormProps {
  controls: ListControls;
  facets: ListFacet[];
  priceBounds: PriceRange | null;
  currency: string;
}

/**
 * The filter form: a checkbox per facet value with its count, the price range and an apply button. Without
 * JavaScript it is a GET form the server reads; with JavaScript every change moves to the new list state.
 */
export const FilterForm = memo(function FilterForm({
  controls,
  facets,
  priceBounds,
  currency,
}: FilterFormProps) {
  const { state, t, pathname } = controls;
  const prefix = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    controls.go(formState(event.currentTarget, priceBounds));
  };
  const priceKey = `${state.price?.lowest ?? ""}~${state.price?.highest ?? ""}~${priceBounds?.lowest}~${priceBounds?.highest}`;
  const applyPrice = (form: HTMLFormElement | null) => {
    if (!form) return;
    const next = formState(form, priceBounds);
    const same =
      (next.price === null && state.price === null) ||
      (next.price !== null &&
        state.price !== null &&
        next.price.lowest === state.price.lowest &&
        next.price.highest === state.price.highest);
    if (!same) controls.go({ ...state, price: next.price, page: 1 });
  };
  return (
    <form method="get" action={pathname} onSubmit={onSubmit} className="space-y-4" data-filter-form>
      <StateInputs state={state} facets={false} price={false} />
      {facets.map((facet) => {
        const active = state.facets[facet.filterId] ?? [];
        const shown = new Set(facet.values.map((v) => v.facetId));
        const hidden = active.filter((i) => !shown.has(i.id));
        const headingId = `${prefix}-${facet.filterId}`;
        const parents = new Set(facet.values.map((v) => v.facetId));
        return (
          <fieldset key={facet.filterId} aria-labelledby={headingId} data-facet={facet.filterId}>
            <legend id={headingId} className="mb-1 font-semibold">
              {groupLabel(t, facet)}
            </legend>
            {hidden.map((item) => (
              <input
                key={item.id}
                type="hidden"
                name={facet.filterId}
                value={item.label ? `${item.label}~${item.id}` : item.id}
              />
            ))}
            <ul className="max-h-64 space-y-1 overflow-y-auto pr-1">
              {facet.values.map((value) => {
                const checked = active.some((i) => i.id === value.facetId);
                const id = `${prefix}-${value.facetId}`;
                const nested = value.parentId !== null && parents.has(value.parentId);
                return (
                  <li key={value.facetId} className={nested ? "pl-5" : undefined}>
                    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 py-0.5">
                      <input
                        id={id}
                        type="checkbox"
                        name={facet.filterId}
                        value={`${value.label}~${value.facetId}`}
                        checked={checked}
                        disabled={!checked && value.count === 0}
                        onChange={(event) =>
                          controls.go(
                            toggleFacet(
                              state,
                              facet.filterId,
                              { label: value.label, id: value.facetId },
                              event.currentTarget.checked,
                            ),
                          )
                        }
                        className="size-4 accent-brand-ink"
                      />
                      <span className={!checked && value.count === 0 ? "text-stone-500" : undefined}>
                        {value.label}
                      </span>
                      <span className="ml-auto text-sm text-stone-600" data-facet-count>
                        <span aria-hidden="true">{value.count}</span>
                        <span className="sr-only">{t("list.valueCount", { count: value.count })}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {priceBounds ? (
        <fieldset key={priceKey} aria-labelledby={`${prefix}-price`} data-facet="price">
          <legend id={`${prefix}-price`} className="mb-1 font-semibold">
            {t("list.group.price")}
          </legend>
          <div className="flex gap-2">
            <PriceInput
              label={t("list.priceFrom", { currency })}
              name={PRICE_FROM}
              value={state.price?.lowest ?? priceBounds.lowest}
              onApply={applyPrice}
            />
            <PriceInput
              label={t("list.priceTo", { currency })}
              name={PRICE_TO}
              value={state.price?.highest ?? priceBounds.highest}
              onApply={applyPrice}
            />
          </div>
        </fieldset>
      ) : null}
      <button type="submit" className="w-full rounded bg-brand-ink px-4 py-2 font-medium text-white">
        {t("list.apply")}
      </button>
    </form>
  );
});

/**
 * The filter panel: a sidebar from laptop width; on phones a button opens it as a modal dialog (with the sort).
 * Without JavaScript the phone's button is a link to the panel, which the :target rule shows in place.
 */
export function FilterPanel({
  controls,
  facets,
  priceBounds,
  currency,
  count,
  activeCount,
  sortOptions,
}: FilterFormProps & {
  count: number;
  activeCount: number;
  sortOptions: Parameters<typeof SortSelect>[0]["options"];
}) {
  const { t } = controls;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const dialogHeadingId = useId();
  const opener = (
    <>
      {t("list.filtersAndSort")}
      {activeCount ? (
        <span className="ml-1 text-sm">({t("list.filtersActiveCount", { count: activeCount })})</span>
      ) : null}
    </>
  );
  const empty = !facets.length && !priceBounds;
  return (
    <>
      {empty ? null : (
        <div className="lg:hidden">
          {hydrated ? (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
              className="rounded border border-stone-400 px-4 py-2 font-medium"
              data-open-filters
            >
              {opener}
            </button>
          ) : (
            <a
              href="#list-filters"
              className="inline-block rounded border border-stone-400 px-4 py-2 font-medium"
            >
              {opener}
            </a>
          )}
        </div>
      )}
      {empty ? null : (
        <aside
          id="list-filters"
          aria-labelledby={headingId}
          className={`lg:block lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:pr-2 ${
            hydrated ? "max-lg:hidden" : "max-lg:hidden max-lg:target:block"
          }`}
        >
          <h2 id={headingId} className="mb-3 text-lg font-bold">
            {t("list.filters")}
          </h2>
          <FilterForm controls={controls} facets={facets} priceBounds={priceBounds} currency={currency} />
        </aside>
      )}
      {open ? (
        <Dialog labelledBy={dialogHeadingId} onClose={() => setOpen(false)} className="max-w-md">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id={dialogHeadingId} className="text-lg font-bold">
              {t("list.filtersAndSort")}
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded px-2 py-1 text-2xl leading-none"
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t("dialog.close")}</span>
            </button>
          </div>
          <div className="mb-4">
            <SortSelect controls={controls} options={sortOptions} />
          </div>
          <FilterForm controls={controls} facets={facets} priceBounds={priceBounds} currency={currency} />
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="mt-4 w-full rounded border border-brand-ink px-4 py-2 font-medium"
          >
            {t("list.showResults", { count })}
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

/** One end of the price range: a number field that applies the range when it loses focus. */
function PriceInput({
  label,
  name,
  value,
  onApply,
}: {
  label: string;
  name: string;
  value: number;
  onApply: (form: HTMLFormElement | null) => void;
}) {
  return (
    <label className="flex-1 text-sm">
      {label}
      <input
        type="number"
        name={name}
        inputMode="numeric"
        min={0}
        step="any"
        defaultValue={value}
        onBlur={(event) => onApply(event.currentTarget.form)}
        className="mt-1 block w-full rounded border border-stone-400 px-2 py-1"
      />
    </label>
  );
}
