import { type ReactNode, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: opened with showModal() (the rest of the page is inert), Tab and
 * Shift+Tab cycle inside it, Escape and a click on the backdrop close it, and focus returns to the element
 * that opened it.
 */
const PLACEMENTS = {
  center: "m-auto max-h-[90vh] w-[min(36rem,calc(100%-2rem))] rounded-lg",
  /** A panel along the right edge, full height (the cart). */
  right: "my-0 mr-0 ml-auto h-dvh max-h-dvh w-[min(28rem,100%)]",
};

export function Dialog({
  labelledBy,
  onClose,
  children,
  className = "",
  placement = "center",
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  placement?: keyof typeof PLACEMENTS;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("keydown", onKeyDown);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`${PLACEMENTS[placement]} overflow-auto bg-white p-0 text-ink shadow-xl backdrop:bg-black/50 ${className}`}
    >
      <div className="p-5">{children}</div>
    </dialog>
  );
}
