/** Opens the browser's print dialog (the packing slip). Without JavaScript the browser's own Print does the same. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded border border-stone-600 bg-white px-3 py-1 text-sm font-medium hover:bg-stone-100"
    >
      {label}
    </button>
  );
}
