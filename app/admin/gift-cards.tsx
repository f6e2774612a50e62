import { Form, Link } from "react-router";
import type { Route } from "./+types/gift-cards";
import { adminRequest } from "./api.server.ts";
import { Outcome } from "./campaign-form.tsx";
import { DataTable, Pager } from "./data-table.tsx";
import { type Choices, Field, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import type { AdminTextKey } from "./texts.ts";
import { Money, Notice, primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/gift-cards (issue 15, decision 0045): gift cards, newest first, codes shortened (prefix and last group);
 * found by the code's last characters; and issuing a card (market, amount, expiry day) — its full code is shown
 * once, in the answer to the issuing post, never in a list or a URL.
 */
const PAGE = 25;

interface Row {
  giftCardId: number;
  maskedCode: string;
  currencyCode: string;
  initialMinor: number;
  balanceMinor: number;
  expiresAt: string | null;
  state: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const last = url.searchParams.get("last")?.slice(0, 10) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{
    giftCards: { total: number; giftCards: Row[] };
    catalogChoices: Choices;
  }>(
    request,
    context,
    `query($last: String, $skip: Int, $take: Int) {
      giftCards(lastDigits: $last, skip: $skip, take: $take) {
        total giftCards { giftCardId maskedCode currencyCode initialMinor balanceMinor expiresAt state } }
      catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`,
    { last: last || null, skip: (page - 1) * PAGE, take: PAGE },
  );
  return {
    last,
    page,
    total: answer.data?.giftCards.total ?? 0,
    rows: answer.data?.giftCards.giftCards ?? [],
    markets: answer.data?.catalogChoices.markets ?? [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminRequest<{ issueGiftCard: { id: number; code: string } }>(
    request,
    context,
    `mutation($input: AdminGiftCardInput!) { issueGiftCard(input: $input) { id code } }`,
    {
      input: { market: values.market ?? "", amount: values.amount ?? "", expiresOn: values.expiresOn ?? "" },
    },
  );
  return { ...formAnswer("issue", null, answer, values), issued: answer.data?.issueGiftCard ?? null };
}

export function meta() {
  return [{ title: "Mili · Gift cards" }];
}

export default function GiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { last, page, total, rows, markets } = loaderData;
  const answer = (actionData ?? null) as
    | (FormAnswer & { issued: { id: number; code: string } | null })
    | null;
  const problem = (f: string) => answer?.problems.find((p) => p.field === f);
  const typed = (f: string) => (answer && !answer.ok ? (answer.values[f] ?? "") : "");
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const link = (p: number) =>
    `/admin/gift-cards?${new URLSearchParams({ ...(last ? { last } : {}), page: String(p) })}`;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("giftCards.title")}</h1>
      {answer?.issued ? (
        <div role="status" className="mb-4 rounded border border-green-800 bg-green-50 p-3 text-green-900">
          <p>{t("giftCard.issued")}</p>
          <p className="mt-2">
            {t("giftCard.fullCode")}: <strong className="font-mono text-lg">{answer.issued.code}</strong>
          </p>
          <p className="mt-2">
            <Link to={`/admin/gift-cards/${answer.issued.id}`} className="underline">
              {t("giftCard.open")}
            </Link>
          </p>
        </div>
      ) : (
        <Outcome answer={answer} saved={t("giftCard.issued")} />
      )}
      {may("giftCards.edit") ? (
        <Form
          method="post"
          className="mb-6 rounded border border-stone-300 bg-white p-4"
          aria-labelledby="issue-heading"
        >
          <h2 id="issue-heading" className="mb-2 text-lg font-semibold">
            {t("giftCards.issue")}
          </h2>
          <Field id="issue-market" label={t("giftCard.market")} problem={problem("market")}>
            {(props) => (
              <select {...props} name="market" defaultValue={typed("market") || (markets[0]?.alias ?? "")}>
                {markets.map((m) => (
                  <option key={m.alias} value={m.alias}>
                    {m.alias.toUpperCase()} ({m.currencyCode})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="issue-amount" label={t("giftCard.amount")} problem={problem("amount")}>
            {(props) => <input {...props} name="amount" inputMode="decimal" defaultValue={typed("amount")} />}
          </Field>
          <Field id="issue-expires" label={t("giftCard.expiresOn")} problem={problem("expiresOn")}>
            {(props) => <input {...props} type="date" name="expiresOn" defaultValue={typed("expiresOn")} />}
          </Field>
          <button type="submit" className={primary}>
            {t("giftCard.issueSubmit")}
          </button>
        </Form>
      ) : (
        <Notice kind="error">{t("giftCard.readOnly")}</Notice>
      )}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="gift-last" className="block text-sm font-medium">
            {t("giftCards.search")}
          </label>
          <input
            id="gift-last"
            name="last"
            type="search"
            maxLength={10}
            defaultValue={last}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1 font-mono"
          />
        </p>
        <button type="submit" className={primary}>
          {t("campaigns.filter")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>{t("giftCards.none")}</p>
      ) : (
        <DataTable
          caption={t("giftCards.caption", { from, to, total })}
          rows={rows}
          rowKey={(r) => r.giftCardId}
          columns={[
            {
              id: "card",
              header: t("giftCards.card"),
              cell: (r) => (
                <Link to={`/admin/gift-cards/${r.giftCardId}`} className="font-mono underline">
                  {r.maskedCode}
                </Link>
              ),
            },
            {
              id: "balance",
              header: t("giftCards.balance"),
              numeric: true,
              cell: (r) => <Money minor={r.balanceMinor} currency={r.currencyCode} lang={lang} />,
            },
            {
              id: "initial",
              header: t("giftCards.initial"),
              numeric: true,
              cell: (r) => <Money minor={r.initialMinor} currency={r.currencyCode} lang={lang} />,
            },
            {
              id: "expires",
              header: t("giftCards.expires"),
              cell: (r) => (r.expiresAt ? <When iso={r.expiresAt} lang={lang} /> : t("giftCards.never")),
            },
            {
              id: "state",
              header: t("giftCards.state"),
              cell: (r) => t(`giftCards.${r.state}` as AdminTextKey),
            },
          ]}
        />
      )}
      <Pager
        label={t("giftCards.title")}
        previous={page > 1 ? link(page - 1) : null}
        next={to < total ? link(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}
