import { formatDate, formatMoney } from "#domain/format.ts";
import { useAccountT } from "../i18n/account.ts";
import { accountLoader, accountMeta } from "../lib/account-screen.ts";
import { privateHeaders } from "../lib/cache.ts";
import { GetOrdersQuery, GetUserQuery } from "../lib/graphql/account-operations.ts";
import type { Route } from "./+types/account-balance";

/**
 * The account's balance (getUser.balances: gift-card credit and refunds, per currency) with its history: the
 * refunds of the account's orders, newest first.
 */
export const loader = accountLoader("account-balance", async (client, locale) => {
  const [user, orders] = await Promise.all([client.request(GetUserQuery), client.request(GetOrdersQuery)]);
  const refunds = (orders.data.getOrders ?? []).flatMap((order) =>
    (order?.refunds ?? []).flatMap((r) =>
      r
        ? [
            {
              ...r,
              orderId: order?.id ?? null,
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
  return { balances, refunds };
});

export const meta = accountMeta("account.balance.heading");
export const headers = privateHeaders;

export default function AccountBalance({ loaderData }: Route.ComponentProps) {
  const t = useAccountT();
  const balances = loaderData.data?.balances ?? [];
  const refunds = loaderData.data?.refunds ?? [];
  const nonZero = balances;
  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("account.balance.heading")}
      </h1>
      {nonZero.length === 0 ? (
        <p className="mt-4" data-balance-none>
          {t("balance.none")}
        </p>
      ) : (
        <dl className="mt-4 space-y-2" data-balances>
          {nonZero.map((b) => (
            <div key={b.currency} className="flex gap-4">
              <dt>{t("balance.amount", { currency: b.currency })}</dt>
              <dd className="font-semibold">{b.amount}</dd>
            </div>
          ))}
        </dl>
      )}
      <h2 className="mt-8 text-xl font-bold">{t("balance.history")}</h2>
      {refunds.length === 0 ? (
        <p className="mt-2">{t("balance.historyEmpty")}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {refunds.map((r) => (
            <li key={`${r.orderId}-${r.id}`}>
              {t("orders.refund", { date: r.date, amount: r.amount })}
              {r.orderId ? ` (${t("orders.order", { id: r.orderId })})` : ""}
              {r.reason ? ` – ${r.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
