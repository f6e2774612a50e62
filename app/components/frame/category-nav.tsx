import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { href } from "../../lib/page-locale.ts";
import { SCREENS, screenPath } from "../../lib/screens.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { ChevronIcon } from "./icons.tsx";

interface NavEntry {
  key: string;
  name: string;
  url: string;
  children: { key: string; name: string; url: string }[];
}

/** Top categories (with their children) first, then the header menu's other links (brands, news, …). */
function useEntries(): NavEntry[] {
  const root = useRoot();
  const t = useT();
  const categories: NavEntry[] = root.categories.map((c) => ({
    key: `c${c.categoryId}`,
    name: c.name,
    url: c.canonicalUrl,
    children: c.children.map((child) => ({
      key: `c${child.categoryId}`,
      name: child.name,
      url: child.canonicalUrl,
    })),
  }));
  const known = new Set(categories.map((c) => c.url));
  const menu = root.menus.header?.items;
  const brands = SCREENS.find((s) => s.id === "brands");
  const others: NavEntry[] = menu
    ? menu
        .filter((item) => !known.has(item.url))
        .map((item) => ({
          key: `m${item.id}`,
          name: item.label,
          url: item.url,
          children: item.children.map((child) => ({
            key: `m${child.id}`,
            name: child.label,
            url: child.url,
          })),
        }))
    : [
        {
          key: "brands",
          name: t("nav.brands"),
          url: brands ? screenPath(brands, root.lang) : "/",
          children: [],
        },
        { key: "news", name: t("nav.news"), url: "/nyheter", children: [] },
      ];
  return [...categories, ...others];
}

/**
 * The category navigation: a disclosure menu with top-level links (WAI-ARIA APG pattern). Each top category is
 * a plain link (all that is needed without JavaScript); next to it a button with aria-expanded opens its
 * subcategories. One opens at a time; Escape closes it and returns focus to its button; leaving the menu with
 * Tab or clicking elsewhere closes it.
 */
export function CategoryNav() {
  const root = useRoot();
  const t = useT();
  const entries = useEntries();
  const [open, setOpen] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !open) return;
    event.preventDefault();
    nav.current?.querySelector<HTMLButtonElement>(`button[aria-controls="menu-${open}"]`)?.focus();
    setOpen(null);
  };

  return (
    <nav
      ref={nav}
      aria-label={t("nav.categories")}
      className="relative border-t border-stone-100"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !nav.current?.contains(event.relatedTarget as Node | null)) setOpen(null);
      }}
    >
      <ul className="mx-auto flex max-w-6xl gap-x-1 overflow-x-auto px-2 text-sm font-medium">
        {entries.map((entry) => {
          const expanded = open === entry.key;
          return (
            <li key={entry.key} className="flex shrink-0 items-center">
              <Link
                to={href(root.locale, entry.url)}
                className="rounded px-2 py-2.5 hover:text-brand-ink hover:underline"
                onClick={() => setOpen(null)}
              >
                {entry.name}
              </Link>
              {entry.children.length > 0 ? (
                <>
                  <button
                    type="button"
                    className="js-only relative -ml-1 mr-1 rounded p-1 text-stone-700 hover:bg-stone-100 aria-expanded:bg-stone-100"
                    aria-expanded={expanded}
                    aria-controls={`menu-${entry.key}`}
                    onClick={() => setOpen(expanded ? null : entry.key)}
                  >
                    <span
                      className={`block transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
                    >
                      <ChevronIcon />
                    </span>
                    <span className="sr-only">{t("nav.showSubcategories", { name: entry.name })}</span>
                  </button>
                  <div
                    id={`menu-${entry.key}`}
                    hidden={!expanded}
                    className="absolute inset-x-0 top-full z-30 border-y border-stone-200 bg-white shadow-lg"
                  >
                    <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-1 px-4 py-4 sm:grid-cols-3 lg:grid-cols-4">
                      <li>
                        <Link
                          to={href(root.locale, entry.url)}
                          className="block rounded px-2 py-1.5 font-semibold hover:underline"
                          onClick={() => setOpen(null)}
                        >
                          {t("nav.allIn", { name: entry.name })}
                        </Link>
                      </li>
                      {entry.children.map((child) => (
                        <li key={child.key}>
                          <Link
                            to={href(root.locale, child.url)}
                            className="block rounded px-2 py-1.5 font-normal hover:underline"
                            onClick={() => setOpen(null)}
                          >
                            {child.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
