import type { ReactNode } from "react";
import { SiteFooter } from "./frame/footer.tsx";
import { SiteHeader } from "./frame/header.tsx";
import { MARKET_MODAL, MarketDialog } from "./frame/market.tsx";
import type { ModalRegistry } from "./modals.tsx";

export { SiteFooter, SiteHeader };

/** The default frame: header with navigation, the page, footer. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}

/** The frame's modals by name (opened with useModals().open(name)). */
export const FRAME_MODALS: ModalRegistry = { [MARKET_MODAL]: MarketDialog };
