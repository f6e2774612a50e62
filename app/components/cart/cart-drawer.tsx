import { useId } from "react";
import { Link } from "react-router";
import { useHydrated } from "../../lib/client/hooks.ts";
import { href } from "../../lib/page-locale.ts";
import { screenHref } from "../../lib/screens.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { Dialog } from "../dialog.tsx";
import { BagIcon } from "../frame/icons.tsx";
import { type ModalProps, useModals } from "../modals.tsx";
import { useCartCount, useCartState } from "./cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "./cart-view.tsx";

export const CART_MODAL = "cart";

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

/** The cart drawer: lines, promo codes, summary and the way to the checkout. */
export function CartDrawer({ close }: ModalProps) {
  const t = useT();
  const root = useRoot();
  const id = useId();
  const state = useCartState();
  const cart = state.cart;
  return (
    <Dialog labelledBy={id} onClose={close} placement="right">
      <div className="flex items-center justify-between gap-4">
        <h2 id={id} className="text-xl font-bold">
          {t("cart.heading")}
        </h2>
        <button type="button" onClick={close} className="rounded p-2 leading-none hover:bg-stone-100">
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("cart.close")}</span>
        </button>
      </div>
      {cart && cart.items.length > 0 ? (
        <div className="mt-4 space-y-4" data-cart-drawer>
          <CartNotices
            cart={cart}
            error={state.error}
            changed={state.changed}
            itemsChanged={state.itemsChanged}
          />
          <CartLines cart={cart} groups={state.groups} />
          <PromoCodes cart={cart} />
          <CartSummary cart={cart} />
          <Link
            to={href(root.locale, screenHref("checkout", root.lang))}
            onClick={close}
            className="block rounded bg-brand-ink px-6 py-3 text-center font-semibold text-white"
          >
            {t("cart.checkout")}
          </Link>
        </div>
      ) : !state.loaded ? (
        // The cart is being read: not "empty" (it may not be).
        <p className="mt-4" role="status" data-cart-drawer="loading">
          {t("loading.label")}
        </p>
      ) : (
        <div className="mt-4 space-y-3" data-cart-drawer="empty">
          {state.error ? (
            <p role="alert" className="text-sm text-red-800">
              {t("cart.loadFailed")}
            </p>
          ) : null}
          <p>{t("cart.empty")}</p>
          <button type="button" onClick={close} className="underline">
            {t("cart.continueShopping")}
          </button>
        </div>
      )}
    </Dialog>
  );
}
