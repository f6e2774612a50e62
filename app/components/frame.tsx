import { lazy, type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { panelMode } from "../lib/panel.ts";
import { CART_MODAL, loadCartDrawer } from "./cart/cart-button.tsx";
import { deferred } from "./deferred.tsx";
import { loadAuthClient } from "./frame/account-nav.tsx";
import { SiteHeader } from "./frame/header.tsx";
import { loadMarketDialog, MARKET_MODAL } from "./frame/market.tsx";
import type { ModalRegistry } from "./modals.tsx";

export { SiteHeader };

/**
 * The footer (its menus and the newsletter form) is below the fold on every page: its code is a chunk of its own,
 * and it hydrates after the rest of the page (decision 0060; the server sends it in place, complete).
 */
const SiteFooter = deferred(() => import("./frame/footer.tsx").then((m) => m.SiteFooter), {
  until: "visible",
});

/** The default frame: header with navigation, the page, footer. */
export function Frame({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const panel = panelMode(new URLSearchParams(search));
  return (
    <>
      <SiteHeader />
      {children}
      {panel ? (
        <Suspense>
          <SignInPanel loadAuth={loadAuthClient} />
        </Suspense>
      ) : null}
      <SiteFooter />
    </>
  );
}

/**
 * The sign-in panel (`?action=login|register|forgot`): its code and texts load only when a page has it open; the
 * server renders it in place, so its forms work without JavaScript.
 */
const SignInPanel = lazy(() => import("./account/sign-in-panel.tsx"));

/** The market panel is needed only when the shopper opens it: its code loads then (or on hover/focus). */
const MarketDialog = lazy(() => loadMarketDialog().then((m) => ({ default: m.MarketDialog })));

/** The cart drawer (lines, promo codes, summary: the cart view's code) loads on the first open, or on hover/focus. */
const CartDrawer = lazy(() => loadCartDrawer().then((m) => ({ default: m.CartDrawer })));

/** The frame's modals by name (opened with useModals().open(name)). */
export const FRAME_MODALS: ModalRegistry = { [MARKET_MODAL]: MarketDialog, [CART_MODAL]: CartDrawer };
