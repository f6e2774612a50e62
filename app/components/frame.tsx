import { lazy, type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { panelMode } from "../lib/panel.ts";
import { CART_MODAL, CartDrawer } from "./cart/cart-drawer.tsx";
import { loadAuthClient } from "./frame/account-nav.tsx";
import { SiteFooter } from "./frame/footer.tsx";
import { SiteHeader } from "./frame/header.tsx";
import { loadMarketDialog, MARKET_MODAL } from "./frame/market.tsx";
import type { ModalRegistry } from "./modals.tsx";

export { SiteFooter, SiteHeader };

/**
 * The default frame: header with navigation, the page, footer. The footer is below the fold on every page: it
 * hydrates on its own, after the rest (a Suspense boundary; the server sends it in place, complete).
 */
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
      <Suspense>
        <SiteFooter />
      </Suspense>
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

/** The frame's modals by name (opened with useModals().open(name)). */
export const FRAME_MODALS: ModalRegistry = { [MARKET_MODAL]: MarketDialog, [CART_MODAL]: CartDrawer };
