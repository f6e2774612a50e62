import { useDelayedFlag } from "../lib/client/hooks.ts";

/** A spinner with a label that appears only when the work has lasted 1000 ms (never for quick work). */
export function LoadingIndicator({ busy, label }: { busy: boolean; label: string }) {
  const visible = useDelayedFlag(busy);
  if (!visible) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-stone-700" data-loading>
      <span
        aria-hidden="true"
        className="size-3.5 rounded-full border-2 border-stone-300 border-t-brand-ink motion-safe:animate-spin"
      />
      <span role="status">{label}</span>
    </span>
  );
}
