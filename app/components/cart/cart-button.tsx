import { Link } from "react-router";
import { useHydrated } from "../../lib/client/hooks.ts";
import { href } from "../../lib/page-locale.ts";
import { screenHref } from "../../lib/screens.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { BagIcon } from "../frame/icons.tsx";
import { useModals } from "../modals.tsx";
import { useCartCount } from "./cart-runtime.tsx";

export const CART_MODAL = "cart";

/**
 * The cart drawer's module (its lines, promo codes and summary), loaded once: on the first open, or as soon as the
 * pointer or focus reaches the cart button (the frame's modal registry lazy-loads the same import).
 */
let drawerModule: Promise<typeof import("./cart-drawer.tsx")> | undefined;
export function loadCartDrawer() {
  drawerModule ??= import("./cart-drawer.tsx").catch((error: unknown) => {
    drawerModule = undefined; // a failed load (network) is tried again on the next open
    throw error;
  });
  return drawerModule;
}
const preloadCartDrawer = () => void loadCartDrawer();

/**
 * The header's cart: a link to the cart page (without JavaScript), which opens the cart drawer once the page is
 * interactive. The count arrives after hydration, once the tab's cart has been read (it is personal, so never in
 * the cached HTML); until then the badge keeps its room and shows no number.
 */
export function CartButton() {
  const root = useRoot();
  const t = useT();
  const modals = useModals();
  const count = useCartCount();
  const hydrated = useHydrated();
  return (
    <Link
      to={href(root.locale, screenHref("checkout", root.lang))}
      className="flex items-center gap-1"
      aria-haspopup={hydrated ? "dialog" : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        modals.open(CART_MODAL);
      }}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      data-cart-button
    >
      <BagIcon />
      <span className="max-sm:sr-only">{t("nav.cart")}</span>
      {count === null ? (
        // Until the cart is read: the badge's room, without a number that could be wrong.
        <span aria-hidden="true" className="invisible min-w-5 px-1.5 text-xs" data-cart-count-pending />
      ) : (
        <>
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-brand-ink px-1.5 text-center text-xs font-bold text-white"
            data-cart-count={count}
          >
            {count}
          </span>
          <span className="sr-only">{t("cart.count", { count })}</span>
        </>
      )}
    </Link>
  );
}
