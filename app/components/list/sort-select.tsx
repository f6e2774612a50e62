import { useId } from "react";
import type { MessageKey } from "../../i18n/index.ts";
import { useHydrated } from "../../lib/client/hooks.ts";
import { isSortType, type SortType, withSort } from "../../lib/list-url.ts";
import { StateInputs } from "./state-inputs.tsx";
import type { ListControls } from "./types.ts";

/**
 * The sort choice. Without JavaScript it is a small GET form (the other filters ride along as hidden fields)
 * with its own button; with JavaScript a change moves to the new sort at once.
 */
export function SortSelect({ controls, options }: { controls: ListControls; options: SortType[] }) {
  const { state, defaultSort, t, pathname } = controls;
  const hydrated = useHydrated();
  const id = useId();
  const current = state.sort ?? defaultSort;
  const choices = options.includes(current) ? options : [...options, current];
  return (
    <form
      method="get"
      action={pathname}
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get("sort");
        if (typeof value === "string" && isSortType(value))
          controls.go(withSort(state, value === defaultSort ? null : value));
      }}
    >
      <StateInputs state={state} sort={false} />
      <label htmlFor={id} className="text-sm font-medium">
        {t("list.sort")}
      </label>
      <select
        id={id}
        name="sort"
        value={current}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isSortType(value)) controls.go(withSort(state, value === defaultSort ? null : value));
        }}
        className="rounded border border-stone-400 bg-white px-2 py-1.5"
        data-sort
      >
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {t(`list.sort.${sort}` as MessageKey)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="rounded border border-stone-400 px-3 py-1.5 text-sm font-medium">
          {t("list.sortApply")}
        </button>
      )}
    </form>
  );
}
