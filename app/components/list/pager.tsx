import type { MouseEvent } from "react";
import type { Translate } from "../../i18n/index.ts";

/** "Viser 40 av 312 produkter": how many products are shown of how many the list has. */
export function ListCounter({ t, shown, total }: { t: Translate; shown: number; total: number }) {
  return (
    <p className="text-stone-700" data-list-counter>
      {t("list.counter", { shown, total })}
    </p>
  );
}

/**
 * "Load more" or "load previous": a plain link to the next (previous) page, which a click with JavaScript turns
 * into appending (prepending) that page in place.
 */
export function PageLink({
  href,
  label,
  busy,
  busyLabel,
  onLoad,
  kind,
}: {
  href: string;
  label: string;
  busy: boolean;
  busyLabel: string;
  onLoad: () => void;
  kind: "next" | "previous";
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!busy) onLoad();
  };
  return (
    <p className="my-6 text-center">
      <a
        href={href}
        rel={kind}
        onClick={onClick}
        aria-disabled={busy || undefined}
        className="inline-block rounded border border-stone-500 bg-white px-5 py-2 font-medium hover:border-brand-ink"
        data-load={kind}
      >
        {busy ? busyLabel : label}
      </a>
    </p>
  );
}
