import { useCombobox } from "downshift";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { FieldProblem } from "./product-form.tsx";
import { input as inputClass } from "./product-form.tsx";
import { button } from "./ui.tsx";

/**
 * The back office's pickers (issue 15, decisions 0063 and 0064), ARIA 1.2 comboboxes by downshift's useCombobox:
 * type part of a name, move with the arrow keys, Enter (or a click) picks, Escape closes. The content forms' pickers
 * post the pick in a hidden input under `name` (a key, an id or an image's file name); the visible field only
 * searches. The product picker hands its pick to the page instead (related products, a package's choices).
 */

export interface PickOption {
  value: string;
  label: string;
}

/** Lower-cased, accents dropped, for matching what is typed: "vinter" finds "Vinterjakker", "sko" "Skor". */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

const MAX_SHOWN = 50;

function ProblemText({ id, problem }: { id: string; problem: FieldProblem | undefined }) {
  return problem ? (
    <span id={id} className="mt-1 block text-sm text-red-800">
      {problem.message}
    </span>
  ) : null;
}

/**
 * Picks one of `options` by name. A stored value that is no option any longer (a deleted category) shows as
 * itself with `missing` after it, so the save's refusal has something to point at.
 */
export function PickCombobox({
  id,
  name,
  label,
  options,
  value,
  problem,
  help,
  missing,
  noMatch,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly PickOption[];
  value: string;
  problem?: FieldProblem | undefined;
  help?: string;
  missing: string;
  noMatch: string;
}) {
  const initial =
    options.find((o) => o.value === value) ?? (value ? { value, label: `${value} ${missing}` } : null);
  const [selected, setSelected] = useState<PickOption | null>(initial);
  const [query, setQuery] = useState(initial?.label ?? "");
  const showAll = !query.trim() || query === selected?.label;
  const items = (showAll ? options : options.filter((o) => fold(o.label).includes(fold(query.trim())))).slice(
    0,
    MAX_SHOWN,
  );
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox({
    id,
    inputId: id,
    items,
    itemToString: (o) => o?.label ?? "",
    itemToKey: (o) => o?.value,
    selectedItem: selected,
    inputValue: query,
    onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ""),
    onSelectedItemChange: ({ selectedItem }) => {
      setSelected(selectedItem ?? null);
      setQuery(selectedItem?.label ?? "");
    },
    // Closed without a pick: the field shows the pick again, not the words that found nothing.
    onIsOpenChange: ({ isOpen: open, selectedItem }) => {
      if (!open) setQuery(selectedItem?.label ?? "");
    },
  });
  const describedBy = [problem ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(" ");
  return (
    <div className="relative mb-3">
      <label {...getLabelProps()} htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input type="hidden" name={name} value={selected?.value ?? ""} />
      <input
        {...getInputProps({
          className: `${inputClass}${problem ? " border-red-700" : ""}`,
          autoComplete: "off",
          ...(problem ? { "aria-invalid": true } : {}),
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
        })}
      />
      {help ? (
        <span id={`${id}-help`} className="mt-1 block text-sm text-stone-700">
          {help}
        </span>
      ) : null}
      <ProblemText id={`${id}-error`} problem={problem} />
      <ul
        {...getMenuProps({
          className: `absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded border border-stone-400 bg-white shadow ${isOpen ? "" : "hidden"}`,
        })}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.value}
                {...getItemProps({ item, index })}
                className={`cursor-pointer px-2 py-1 ${highlightedIndex === index ? "bg-stone-200" : ""} ${selected?.value === item.value ? "font-semibold" : ""}`}
              >
                {item.label}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? <p className="mt-1 text-sm text-stone-700">{noMatch}</p> : null}
    </div>
  );
}

export interface ShopImage {
  fileName: string;
  alt: string;
  productName: string;
}

export const thumbnail = (fileName: string) => `/images/product/160/${encodeURIComponent(fileName)}`;

/**
 * Picks one of the shop's images: a combobox whose options are thumbnails with their alt text, searched by product
 * name or file name (the first images of the shop before anything is typed). The picked image shows below it;
 * an optional picker has a button to pick none.
 */
export function ImagePicker({
  id,
  name,
  label,
  value,
  known,
  problem,
  required,
  texts,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The shop's first images and the current pick (from the loader). */
  known: readonly ShopImage[];
  problem?: FieldProblem | undefined;
  required: boolean;
  texts: { help: string; none: string; picked: string; noMatch: string; clear: string };
}) {
  const fetcher = useFetcher<{ images: ShopImage[] }>();
  const [selected, setSelected] = useState<ShopImage | null>(
    known.find((i) => i.fileName === value) ??
      (value ? { fileName: value, alt: value, productName: "" } : null),
  );
  const [query, setQuery] = useState("");
  const found = query.trim() && fetcher.data ? fetcher.data.images : known;
  const items = found.slice(0, 30);
  const { load } = fetcher;
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(
      () => void load(`/admin/content-images?${new URLSearchParams({ q })}`),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, load]);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox({
    id,
    inputId: id,
    items,
    itemToString: () => "",
    itemToKey: (i) => i?.fileName,
    selectedItem: selected,
    inputValue: query,
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setQuery(inputValue ?? "");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      setSelected(selectedItem ?? null);
      setQuery("");
    },
  });
  const describedBy = [problem ? `${id}-error` : null, `${id}-help`, `${id}-picked`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="relative mb-3">
      <label {...getLabelProps()} htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input type="hidden" name={name} value={selected?.fileName ?? ""} />
      <input
        {...getInputProps({
          className: `${inputClass}${problem ? " border-red-700" : ""}`,
          autoComplete: "off",
          "aria-describedby": describedBy,
          ...(problem ? { "aria-invalid": true } : {}),
          ...(required ? { "aria-required": true } : {}),
        })}
      />
      <span id={`${id}-help`} className="mt-1 block text-sm text-stone-700">
        {texts.help}
      </span>
      <ProblemText id={`${id}-error`} problem={problem} />
      <ul
        {...getMenuProps({
          className: `absolute z-10 mt-1 max-h-96 w-full overflow-auto rounded border border-stone-400 bg-white shadow ${isOpen ? "" : "hidden"}`,
        })}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.fileName}
                {...getItemProps({ item, index })}
                className={`flex cursor-pointer items-center gap-2 px-2 py-1 ${highlightedIndex === index ? "bg-stone-200" : ""}`}
              >
                <img src={thumbnail(item.fileName)} alt={item.alt} width={48} height={48} loading="lazy" />
                <span>
                  {item.productName ? `${item.productName} · ` : ""}
                  <span className="text-sm text-stone-700">{item.fileName}</span>
                </span>
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? <p className="mt-1 text-sm text-stone-700">{texts.noMatch}</p> : null}
      <div id={`${id}-picked`} className="mt-2 flex items-center gap-3">
        {selected ? (
          <>
            <img
              src={thumbnail(selected.fileName)}
              alt={selected.alt}
              width={80}
              height={80}
              className="rounded border border-stone-300"
            />
            <span>
              {texts.picked}: {selected.productName ? `${selected.productName} · ` : ""}
              {selected.fileName}
            </span>
          </>
        ) : (
          <span>{texts.none}</span>
        )}
      </div>
      {!required && selected ? (
        <button type="button" className={`${button} mt-2`} onClick={() => setSelected(null)}>
          {texts.clear}
        </button>
      ) : null}
    </div>
  );
}

export interface Match {
  productId: number;
  articleNumber: string;
  name: string;
  type?: string;
}

const MAX_PRODUCTS = 8;

/**
 * A product search as a combobox fed by the products list's loader through a fetcher (arrows, Enter, Escape as the
 * pickers above) that is a plain GET search form without JavaScript (the page then lists Add buttons from its
 * loader's matches); Enter with no suggestion highlighted submits that search. Used for related products and for a
 * package's choices (decision 0064).
 */
export function ProductPicker({
  id,
  name,
  label,
  help,
  submitText,
  initial,
  exclude,
  onPick,
  hidden,
  formId,
}: {
  id: string;
  /** The query parameter of the plain search form. */
  name: string;
  label: string;
  help: string;
  submitText: string;
  initial: string;
  exclude: (m: Match) => boolean;
  onPick: (productId: number) => void;
  /** More query parameters the plain search keeps (e.g. which group it is for). */
  hidden?: Record<string, string>;
  /**
   * The id of a GET form elsewhere on the page that the search submits (`form` attribute): lets the picker sit inside
   * another form (a package's group), where a form of its own may not be nested.
   */
  formId?: string;
}) {
  const fetcher = useFetcher<{ products: Match[] }>();
  const items = (fetcher.data?.products ?? []).filter((p) => !exclude(p)).slice(0, MAX_PRODUCTS);
  // One search per pause in the typing, not one per key press (each would abort the one before).
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const types = useCombobox.stateChangeTypes;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox({
    id,
    inputId: id,
    items,
    itemToString: (m) => (m ? `${m.name} (${m.articleNumber})` : ""),
    itemToKey: (m) => m?.productId,
    // Nothing stays picked: every pick is handed to the page, and the field is emptied for the next search.
    selectedItem: null,
    // The typed text is downshift's own (not React state of ours): quick typing loses no keys.
    initialInputValue: initial,
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case types.InputKeyDownEnter:
        case types.ItemClick:
          return { ...changes, inputValue: "" };
        // Leaving the field or Escape picks nothing and keeps what was typed (a pick is only Enter or a click).
        case types.InputBlur:
        case types.InputKeyDownEscape:
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        default:
          return changes;
      }
    },
    onInputValueChange: ({ inputValue, type }) => {
      const q = (inputValue ?? "").trim();
      if (type !== types.InputChange) return;
      clearTimeout(pending.current);
      if (q.length >= 2)
        pending.current = setTimeout(
          () => void fetcher.load(`/admin/products?${new URLSearchParams({ q })}`),
          SEARCH_PAUSE_MS,
        );
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem.productId);
    },
  });
  const shown = isOpen && items.length > 0;
  const content = (
    <>
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} form={formId} />
      ))}
      <label {...getLabelProps()} htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <span className="flex gap-2">
        <input
          {...getInputProps({
            name,
            form: formId,
            type: "text",
            autoComplete: "off",
            "aria-describedby": `${id}-help`,
            // Enter with no suggestion highlighted is the plain search's submit, not downshift's.
            onKeyDown: (event) => {
              if (event.key === "Enter" && highlightedIndex < 0) {
                (
                  event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }
                ).preventDownshiftDefault = true;
              }
            },
            className: "mt-1 w-full rounded border border-stone-500 bg-white px-2 py-1",
          })}
        />
        <button type="submit" form={formId} className={button}>
          {submitText}
        </button>
      </span>
      <span id={`${id}-help`} className="mt-1 block text-sm text-stone-700">
        {help}
      </span>
      <ul
        {...getMenuProps({
          "aria-label": label,
          className: `absolute z-10 mt-1 w-full rounded border border-stone-400 bg-white shadow ${shown ? "" : "hidden"}`,
        })}
      >
        {shown
          ? items.map((item, index) => (
              <li
                key={item.productId}
                {...getItemProps({ item, index })}
                className={`cursor-pointer px-2 py-1 ${highlightedIndex === index ? "bg-stone-200" : ""}`}
              >
                {item.name} ({item.articleNumber})
              </li>
            ))
          : null}
      </ul>
    </>
  );
  return formId ? (
    <search className="relative mb-3 block max-w-xl">{content}</search>
  ) : (
    <Form method="get" role="search" preventScrollReset className="relative mb-3 max-w-xl">
      {content}
    </Form>
  );
}

/** How long the typing pauses before a picker searches: quick typing starts one search, not one per key. */
const SEARCH_PAUSE_MS = 200;
