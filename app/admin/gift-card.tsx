import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/gift-card";
import { adminRequest } from "./api.server.ts";
import { Outcome } from "./campaign-form.tsx";
import { DataTable } from "./data-table.tsx";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import type { AdminTextKey } from "./texts.ts";
import { button, Money, Notice, useAdminT, When } from "./ui.tsx";

/**
 * /admin/gift-cards/:giftCardId (issue 15, decision 0045): a card's balance, expiry and history (issued, each
 * order it paid); deactivating it (versioned: a second admin's older page is refused).
 */
interface Detail {
  giftCardId: number;
  maskedCode: string;
  currencyCode: string;
  initialMinor: number;
  balanceMinor: number;
  expiresAt: string | null;
  state: string;
  active: boolean;
  version: number;
  history: { at: string; kind: string; amountMinor: number; orderId: number | null }[];
}

function idOf(params: { giftCardId?: string }) {
  const id = Number(params.giftCardId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  const answer = await adminRequest<{ giftCard: Detail | null }>(
    request,
    context,
    `query($id: Int!) { giftCard(giftCardId: $id) { giftCardId maskedCode currencyCode initialMinor balanceMinor
      expiresAt state active version history { at kind amountMinor orderId } } }`,
    { id },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.giftCard) throw new Response("Not found", { status: 404 });
  return { card: answer.data.giftCard };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOf(params);
  const values = formValues(await request.formData());
  const version = Number(values.version);
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!) { deactivateGiftCard(giftCardId: $id, version: $v) { version } }`,
    { id, v: Number.isSafeInteger(version) ? version : 0 },
  );
  return formAnswer("deactivate", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Gift card" }];
}

const KIND: Record<string, AdminTextKey> = {
  issued: "giftCard.issuedRow",
  used: "giftCard.usedRow",
  refund: "giftCard.refundRow",
};

export default function GiftCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { card } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const money = (minor: number) => <Money minor={minor} currency={card.currencyCode} lang={lang} />;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/gift-cards" className="underline">
          {t("giftCard.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("giftCard.title", { code: card.maskedCode })}</h1>
      <Outcome answer={answer} saved={t("giftCard.deactivatedNotice")} />
      <dl className="mb-6 grid max-w-md grid-cols-2 gap-2 rounded border border-stone-300 bg-white p-4">
        <dt className="font-medium">{t("giftCards.balance")}</dt>
        <dd>{money(card.balanceMinor)}</dd>
        <dt className="font-medium">{t("giftCards.initial")}</dt>
        <dd>{money(card.initialMinor)}</dd>
        <dt className="font-medium">{t("giftCards.expires")}</dt>
        <dd>{card.expiresAt ? <When iso={card.expiresAt} lang={lang} /> : t("giftCards.never")}</dd>
        <dt className="font-medium">{t("giftCards.state")}</dt>
        <dd>{t(`giftCards.${card.state}` as AdminTextKey)}</dd>
      </dl>
      <h2 className="mb-2 text-lg font-semibold">{t("giftCard.history")}</h2>
      <DataTable
        caption={t("giftCard.history")}
        rows={card.history}
        rowKey={(e) => `${e.at}-${e.kind}-${e.amountMinor}`}
        columns={[
          { id: "at", header: t("giftCard.when"), cell: (e) => <When iso={e.at} lang={lang} /> },
          {
            id: "what",
            header: t("giftCard.what"),
            cell: (e) => `${t(KIND[e.kind] ?? "giftCard.usedRow")}${e.orderId ? ` (#${e.orderId})` : ""}`,
          },
          { id: "amount", header: t("giftCard.amountCol"), numeric: true, cell: (e) => money(e.amountMinor) },
        ]}
      />
      {card.active && may("giftCards.edit") ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="version" value={card.version} />
          <button type="submit" className={button}>
            {t("giftCard.deactivate")}
          </button>
        </Form>
      ) : null}
      {!may("giftCards.edit") ? <Notice kind="error">{t("giftCard.readOnly")}</Notice> : null}
    </>
  );
}
