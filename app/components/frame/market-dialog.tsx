import { useLocation, useNavigate, useRevalidator } from "react-router";
import { marketCookies, writeCookies } from "../../lib/client/cookies.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { type MarketInfo, marketGroups, marketLabel, marketPathTarget } from "../../lib/client/market.ts";
import { notifications } from "../../lib/client/notifications.ts";
import { tabSync } from "../../lib/client/tab-sync.ts";
import { usePageAlternates, useRoot, useT } from "../../lib/use-root.ts";
import { Dialog } from "../dialog.tsx";
import type { ModalProps } from "../modals.tsx";

/**
 * The market/region panel: markets by group (Scandinavia, Europe). Choosing one sets the selected and checkout
 * market cookies, tells the other tabs, and reloads all data (prices come in the new currency); with markets
 * in the path it goes to the same page under /{market}/{lang} instead.
 */
export function MarketDialog({ close }: ModalProps) {
  const root = useRoot();
  const t = useT();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const alternates = usePageAlternates();

  const choose = (market: MarketInfo) => {
    close();
    if (market.alias === root.locale.market) return;
    writeCookies((secure) => marketCookies(market.alias, secure));
    tabSync.post({ type: "market", market: market.alias });
    eventBus.push("market:change", { market: market.alias });
    notifications.show({ message: t("market.changed", { market: marketLabel(market) }), mode: "success" });
    if (root.locale.marketInPath) {
      navigate(
        marketPathTarget(market, {
          lang: root.lang,
          prefix: root.locale.prefix,
          pathname: location.pathname,
          search: location.search,
          alternates,
        }),
      );
    } else {
      void revalidator.revalidate();
    }
  };

  return (
    <Dialog labelledBy="market-heading" onClose={close}>
      <div className="flex items-start justify-between gap-4">
        <h2 id="market-heading" className="text-xl font-bold">
          {t("market.heading")}
        </h2>
        <button type="button" onClick={close} className="rounded px-2 py-1 text-sm underline">
          {t("dialog.close")}
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-700">{t("market.intro")}</p>
      {marketGroups(root.markets).map(({ group, markets }) => (
        <section key={group} aria-labelledby={`market-group-${group}`} className="mt-5">
          <h3 id={`market-group-${group}`} className="font-semibold">
            {t(`home.region.${group}`)}
          </h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {markets.map((market) => {
              const current = market.alias === root.locale.market;
              return (
                <li key={market.alias}>
                  <button
                    type="button"
                    aria-current={current ? "true" : undefined}
                    onClick={() => choose(market)}
                    className="w-full rounded-md px-3 py-2 text-left ring-1 ring-stone-300 hover:bg-stone-50 aria-[current=true]:font-semibold aria-[current=true]:ring-2 aria-[current=true]:ring-brand-ink"
                  >
                    {marketLabel(market)}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
