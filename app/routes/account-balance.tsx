import { formatDate, formatMoney } from "#domain/format.ts";
import { type AccountKey, useAccountT } from "../i18n/account.ts";
import { accountLoader, accountMeta } from "../lib/account-screen.ts";
import { privateHeaders } from "../lib/cache.ts";
import { GetBalanceQuery, GetOrdersQuery } from "../lib/graphql/account-operations.ts";
import type { Route } from "./+types/account-balance";

/**
 * The account's balance (getUser.balances: gift-card credit and refunds, per currency) with its history
 * (getUser.balanceHistory: each movement with its date and amount, newest first), and the refunds of the account's
 * orders.
 */
export const loader = accountLoader("account-balance", async (client, locale) => {
  const [user, orders] = await Promise.all([client.request(GetBalanceQuery), client.request(GetOrdersQuery)]);
  const refunds = (orders.data.getOrders ?? []).flatMap((order) =>
    (order?.refunds ?? []).flatMap((r) =>
      r
        ? [
            {
              ...r,
              orderId: order?.orderNumber ?? order?.id ?? null,
              date: formatDate(r.createdAt, locale),
              amount: formatMoney(Math.round(r.total * 100), order?.currency ?? "NOK", locale),
            },
          ]
        : [],
    ),
  );
  refunds.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const balances = (user.data.getUser?.balances ?? []).flatMap((b) =>
    b && b.amount !== 0
      ? [
          {
            currency: b.currency,
            amount: b.amountFormatted ?? formatMoney(Math.round(b.amount * 100), b.currency, locale),
          },
        ]
      : [],
  );
  const history = (user.data.getUser?.balanceHistory ?? []).map((e) => ({
    id: e.id,
    date: formatDate(e.createdAt, locale),
    amount: e.amountFormatted,
    reason: e.reason,
    orderNumber: e.orderNumber,
  }));
  return { balances, refunds, history };
});

export const meta = accountMeta("account.balance.heading");
export const headers = privateHeaders;

const REASONS = ["giftCard", "refund", "goodwill", "purchase"] as const;

export default function AccountBalance({ loaderData }: Route.ComponentProps) {
  const t = useAccountT();
  const balances = loaderData.data?.balances ?? [];
  const refunds = loaderData.data?.refunds ?? [];
  const history = loaderData.data?.history ?? [];
  const reason = (r: string) =>
    (REASONS as readonly string[]).includes(r) ? t(`balance.reason.${r}` as AccountKey) : r;
  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("account.balance.heading")}
      </h1>
      {balances.length === 0 ? (
        <p className="mt-4" data-balance-none>
          {t("balance.none")}
        </p>
      ) : (
        <dl className="mt-4 space-y-2" data-balances>
          {balances.map((b) => (
            <div key={b.currency} className="flex gap-4">
              <dt>{t("balance.amount", { currency: b.currency })}</dt>
              <dd className="font-semibold">{b.amount}</dd>
            </div>
          ))}
        </dl>
      )}
      <h2 className="mt-8 text-xl font-bold">{t("balance.history")}</h2>
      {history.length === 0 ? (
        <p className="mt-2" data-balance-history-empty>
          {t("balance.historyEmpty")}
        </p>
      ) : (
        <table className="mt-2 w-full text-left" data-balance-history>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-1 pr-2">
                {t("balance.col.date")}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("balance.col.what")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("balance.col.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((e) => (
              <tr key={e.id} className="border-b border-stone-200" data-balance-entry>
                <td className="py-1 pr-2">{e.date}</td>
                <td className="py-1 pr-2">
                  {reason(e.reason)}
                  {e.orderNumber ? ` (${t("orders.order", { id: e.orderNumber })})` : ""}
                </td>
                <td className="py-1 text-right">{e.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refunds.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">{t("balance.refunds")}</h2>
          <ul className="mt-2 space-y-1" data-balance-refunds>
            {refunds.map((r) => (
              <li key={`${r.orderId}-${r.id}`}>
                {t("orders.refund", { date: r.date, amount: r.amount })}
                {r.orderId ? ` (${t("orders.order", { id: r.orderId })})` : ""}
                {r.reason ? ` – ${r.reason}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
