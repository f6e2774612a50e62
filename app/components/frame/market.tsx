import { marketLabel } from "../../lib/client/market.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { useModals } from "../modals.tsx";
import { GlobeIcon } from "./icons.tsx";

export const MARKET_MODAL = "market";

/** The market panel's module, loaded once (the frame's modal registry lazy-loads the same import). */
let dialogModule: Promise<typeof import("./market-dialog.tsx")> | undefined;
export function loadMarketDialog() {
  dialogModule ??= import("./market-dialog.tsx").catch((error: unknown) => {
    dialogModule = undefined; // a failed load (network) is tried again on the next open
    throw error;
  });
  return dialogModule;
}
const preloadMarketDialog = () => void loadMarketDialog();

/**
 * The header button showing the current market (country and currency); opens the market panel, whose code
 * (market-dialog.tsx) loads on the first open, or as soon as the pointer or focus reaches the button.
 */
export function MarketButton() {
  const root = useRoot();
  const t = useT();
  const modals = useModals();
  const current = root.markets.find((m) => m.alias === root.locale.market);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="js-only inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 hover:bg-stone-200"
      onClick={() => modals.open(MARKET_MODAL)}
      onPointerEnter={preloadMarketDialog}
      onFocus={preloadMarketDialog}
      data-market={root.locale.market}
    >
      <GlobeIcon />
      <span className="sr-only">{t("market.current")}: </span>
      {current ? marketLabel(current) : root.locale.market.toUpperCase()}
    </button>
  );
}
