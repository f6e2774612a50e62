import { useId } from "react";
import { Link } from "react-router";
import { href } from "../../lib/page-locale.ts";
import { screenHref } from "../../lib/screens.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { Dialog } from "../dialog.tsx";
import type { ModalProps } from "../modals.tsx";
import { useCartState } from "./cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "./cart-view.tsx";

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
