import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { distinctName } from "#domain/names.ts";
import { useHydrated, useViewport } from "../../lib/client/hooks.ts";
import type { ResultOf } from "../../lib/graphql/graphql.ts";
import type { SearchSuggestionsQuery } from "../../lib/graphql/list-operations.ts";
import { href } from "../../lib/page-locale.ts";
import { productImageUrl } from "../../lib/product-image.ts";
import { addRecentSearch, clearRecentSearches, readRecentSearches } from "../../lib/recent-searches.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { ProductPrice } from "../product/price.tsx";

type Suggestions = NonNullable<ResultOf<typeof SearchSuggestionsQuery>["searchSuggestions"]>;

/** Wait this long after the last keystroke before asking for suggestions. */
const DEBOUNCE_MS = 200;

/** One text begins the other (case aside): the shopper typed on, or deleted, since the answer was asked for. */
function related(a: string, b: string): boolean {
  const x = a.toLocaleLowerCase();
  const y = b.toLocaleLowerCase();
  return x.startsWith(y) || y.startsWith(x);
}
const MAX_SEARCH = 100;

interface Option {
  id: string;
  /** Where choosing it goes. */
  to: string;
  /** A search text to remember when chosen (recent searches and "show all"). */
  remember?: string;
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A labelled group of options inside the suggestions listbox. */
function OptionGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not <fieldset>.
    <div role="group" aria-labelledby={id}>
      <div
        id={id}
        aria-hidden="true"
        className="px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-600"
      >
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * The header's search field (ARIA 1.2 combobox with a listbox popup): suggestions (products with image and price,
 * a reduced price with its 30-day lowest price; categories, brands) as the shopper types, debounced; recent
 * searches when the field is focused empty (kept in localStorage, clearable). Arrow keys move through the options,
 * Enter opens one (or searches), Escape closes. Without JavaScript it is a plain GET form to /s?q=…, which moves
 * to /s/{q}.
 */
export function SiteSearch() {
  const root = useRoot();
  const t = useT();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // A phone's field is narrower than the full placeholder: it gets the short one, whole.
  const phone = useViewport().name === "phone";
  const fetcher = useFetcher();
  const base = useId();
  const inputId = `${base}-input`;
  const listId = `${base}-list`;
  const statusId = `${base}-status`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const containerRef = useRef<HTMLDivElement>(null);
  const searchPath = (q: string) => href(root.locale, `/s/${encodeURIComponent(q)}`);

  const query = text.trim().slice(0, MAX_SEARCH);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  useEffect(() => {
    if (!query) return;
    const timer = window.setTimeout(() => {
      void load.current(`${href(root.locale, "/s")}?suggest=${encodeURIComponent(query)}`);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, root.locale]);

  const answer = fetcher.data as
    | { kind?: string; text?: string; suggestions?: Suggestions | null }
    | undefined;
  const answered =
    answer?.kind === "suggestions" && typeof answer.text === "string"
      ? { text: answer.text, suggestions: answer.suggestions ?? null }
      : undefined;
  // While the shopper goes on typing (or deletes a letter) the last answer stays until the next one arrives, so
  // the list narrows instead of vanishing at every pause; an answer for an unrelated text is not shown. The list
  // is busy until it answers what the field holds.
  const suggestions: Suggestions | null =
    query && answered && related(answered.text, query) ? answered.suggestions : null;
  const busy = Boolean(query) && answered?.text !== query;
  const shownFor = suggestions ? answered?.text : undefined;
  const [activeFor, setActiveFor] = useState(shownFor);
  if (activeFor !== shownFor) {
    // New suggestions replaced the list: an arrow key's choice in the old one no longer points where it did.
    setActiveFor(shownFor);
    setActive(-1);
  }

  const showRecent = !query && recent.length > 0;
  const products = query ? (suggestions?.products ?? []) : [];
  const categories = query ? (suggestions?.categories ?? []) : [];
  const brands = query ? (suggestions?.brands ?? []) : [];

  const options: Option[] = [];
  if (showRecent)
    recent.forEach((r, i) => {
      options.push({ id: `${base}-r${i}`, to: searchPath(r), remember: r });
    });
  products.forEach((p) => {
    options.push({ id: `${base}-p${p.productId}`, to: href(root.locale, p.canonicalUrl) });
  });
  categories.forEach((c, i) => {
    options.push({ id: `${base}-c${i}`, to: href(root.locale, c.canonicalUrl) });
  });
  brands.forEach((b, i) => {
    options.push({ id: `${base}-b${i}`, to: href(root.locale, b.canonicalUrl) });
  });
  if (query) options.push({ id: `${base}-all`, to: searchPath(query), remember: query });

  const expanded = open && hydrated && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const indexOf = (id: string) => options.findIndex((o) => o.id === id);

  const choose = (option: Option) => {
    if (option.remember) setRecent(addRecentSearch(localStore(), option.remember));
    setOpen(false);
    setActive(-1);
    if (option.remember) setText(option.remember);
    void navigate(option.to);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeOption) return choose(activeOption);
    if (!query) return;
    setRecent(addRecentSearch(localStore(), query));
    setOpen(false);
    void navigate(searchPath(query));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= options.length) return -1;
        if (next < -1) return options.length - 1;
        return next;
      });
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText("");
      }
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!containerRef.current?.contains(event.relatedTarget as Node | null)) {
      setOpen(false);
      setActive(-1);
    }
  };

  const optionProps = (id: string) => {
    const selected = activeOption?.id === id;
    return {
      id,
      role: "option" as const,
      "aria-selected": selected,
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onClick: () => {
        const option = options[indexOf(id)];
        if (option) choose(option);
      },
      onMouseMove: () => setActive(indexOf(id)),
      className: `flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 ${selected ? "bg-stone-200" : ""}`,
    };
  };

  const status = !query
    ? ""
    : suggestions
      ? options.length > 1
        ? t("search.suggestions.available", { count: options.length - 1 })
        : t("search.suggestions.none")
      : "";

  return (
    <Form
      method="get"
      action={href(root.locale, "/s")}
      role="search"
      onSubmit={onSubmit}
      // Its own row, full width, below the laptop breakpoint: beside the logo and the links a tablet's field
      // would be too narrow for its placeholder.
      className="order-last flex w-full min-w-48 lg:order-none lg:w-auto lg:flex-1"
    >
      <div ref={containerRef} className="relative flex-1">
        <label htmlFor={inputId} className="sr-only">
          {t("search.label")}
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          maxLength={MAX_SEARCH}
          autoComplete="off"
          placeholder={t(phone ? "search.placeholder.short" : "search.placeholder")}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setRecent(readRecentSearches(localStore()));
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-autocomplete": "list" as const,
                "aria-activedescendant": activeOption?.id,
                "aria-describedby": statusId,
              }
            : {})}
          className="w-full rounded-l border border-stone-400 px-3 py-2"
          data-site-search
        />
        {hydrated ? (
          <p id={statusId} role="status" className="sr-only">
            {status}
          </p>
        ) : null}
        {hydrated ? (
          <div
            className={`absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-stone-300 bg-white p-1 shadow-lg ${
              expanded ? "" : "hidden"
            }`}
          >
            <div
              id={listId}
              role="listbox"
              aria-label={t("search.suggestions")}
              aria-busy={busy}
              data-search-suggestions
            >
              {showRecent ? (
                <OptionGroup id={`${base}-gr`} label={t("search.recent")}>
                  {recent.map((r, i) => (
                    <div key={r} {...optionProps(`${base}-r${i}`)} data-recent-search>
                      {r}
                    </div>
                  ))}
                </OptionGroup>
              ) : null}
              {products.length ? (
                <OptionGroup id={`${base}-gp`} label={t("search.suggestions.products")}>
                  {products.map((p) => {
                    const image = p.productImages[0];
                    return (
                      <div
                        key={p.productId}
                        {...optionProps(`${base}-p${p.productId}`)}
                        data-suggestion="product"
                      >
                        {image ? (
                          <img
                            src={productImageUrl(image.fileName, 160)}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                            className="size-10 rounded object-cover"
                          />
                        ) : (
                          <span className="size-10" />
                        )}
                        <span className="flex-1">
                          {p.brand ? (
                            <span className="block text-xs text-stone-600">{p.brand.name}</span>
                          ) : null}
                          <span className="block">{distinctName(p.name, p.variantDimensions)}</span>
                        </span>
                        {p.unitPrice ? (
                          // The price as product cards and the product page show it: a reduced price with the
                          // lowest price of the 30 days before the reduction (prisinformationslagen 7 a §).
                          <div className="max-w-[45%] shrink-0 text-right text-sm">
                            <ProductPrice
                              price={p.unitPrice}
                              lowestPrice={p.lowestPrice}
                              vatIncluded={root.vatIncluded}
                              t={t}
                              size="small"
                            />
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                </OptionGroup>
              ) : null}
              {categories.length ? (
                <OptionGroup id={`${base}-gc`} label={t("search.suggestions.categories")}>
                  {categories.map((c, i) => (
                    <div key={c.canonicalUrl} {...optionProps(`${base}-c${i}`)} data-suggestion="category">
                      {c.name}
                    </div>
                  ))}
                </OptionGroup>
              ) : null}
              {brands.length ? (
                <OptionGroup id={`${base}-gb`} label={t("search.suggestions.brands")}>
                  {brands.map((b, i) => (
                    <div key={b.canonicalUrl} {...optionProps(`${base}-b${i}`)} data-suggestion="brand">
                      {b.name}
                    </div>
                  ))}
                </OptionGroup>
              ) : null}
              {query ? (
                <div {...optionProps(`${base}-all`)} data-suggestion="all">
                  {t("search.showAll", { search: query })}
                </div>
              ) : null}
            </div>
            {showRecent ? (
              <button
                type="button"
                onClick={() => {
                  clearRecentSearches(localStore());
                  setRecent([]);
                  document.getElementById(inputId)?.focus();
                }}
                onBlur={onBlur}
                className="mt-1 w-full rounded px-2 py-1.5 text-left text-sm underline underline-offset-2"
                data-clear-recent
              >
                {t("search.clearRecent")}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <button type="submit" className="rounded-r bg-brand-ink px-3 py-2 font-medium text-white">
        {t("search.submit")}
      </button>
    </Form>
  );
}
