import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { OrderTranslate } from "../../i18n/order.ts";

/**
 * The withdrawal function (angrerett / ångerrätt, Directive 2023/2673) of one order, in two steps: the button
 * "Angre kjøpet" / "Ångra köpet", then a confirmation naming the order and the last day, then the receipt ("we have
 * received your withdrawal, a confirmation e-mail is on its way"). Plain forms posted to the page's action, so it
 * works without JavaScript; with it, the second step takes the focus when it appears and the receipt is announced.
 * A withdrawn order says when, an expired one until when it was open.
 */
export interface WithdrawalView {
  possible: boolean;
  /** The last day, formatted for the page's language; null before delivery. */
  lastDay: string | null;
  refusal: string | null;
  /** When the shopper withdrew, formatted; null when not. */
  withdrawnAt: string | null;
}

/** What the page's action answered for a withdrawal. */
export type WithdrawalActionData =
  | { intent: "withdraw-start"; publicId: string }
  | { intent: "withdrawn"; publicId: string }
  | { intent: "withdraw-failed"; publicId: string };

export const WITHDRAW_INTENTS = ["withdraw-start", "withdraw"] as const;

export function Withdrawal({
  t,
  publicId,
  orderNumber,
  withdrawal,
  actionData,
  headingLevel = 2,
}: {
  t: OrderTranslate;
  publicId: string;
  orderNumber: string;
  withdrawal: WithdrawalView;
  actionData: WithdrawalActionData | null | undefined;
  headingLevel?: 2 | 3;
}) {
  const mine = actionData && actionData.publicId === publicId ? actionData : null;
  const confirming = mine?.intent === "withdraw-start" && withdrawal.possible;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("publicId") === publicId;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (mine?.intent === "withdrawn") doneRef.current?.focus();
  }, [mine?.intent]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const headingId = `withdrawal-${publicId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded border border-stone-300 p-4"
      data-withdrawal={publicId}
    >
      <Heading id={headingId} className="text-lg font-bold">
        {t("withdrawal.heading")}
      </Heading>
      {mine?.intent === "withdrawn" ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="mt-2 font-semibold" data-withdrawal-done>
          {t("withdrawal.done", { number: orderNumber })}
        </p>
      ) : null}
      {mine?.intent === "withdraw-failed" ? (
        <p role="alert" className="mt-2 font-semibold text-red-800" data-withdrawal-failed>
          {t("withdrawal.failed")}
        </p>
      ) : null}
      {withdrawal.withdrawnAt ? (
        <p className="mt-2" data-withdrawal-state="withdrawn">
          {t("withdrawal.withdrawn", { date: withdrawal.withdrawnAt })}
        </p>
      ) : withdrawal.possible ? (
        confirming ? (
          <Form method="post" preventScrollReset className="mt-2" data-withdrawal-confirm>
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="publicId" value={publicId} />
            <Sub ref={confirmRef} tabIndex={-1} className="font-semibold">
              {t("withdrawal.confirm.heading")}
            </Sub>
            <p className="mt-1">{t("withdrawal.confirm.text", { number: orderNumber })}</p>
            <p className="mt-1">
              {withdrawal.lastDay
                ? t("withdrawal.confirm.lastDay", { date: withdrawal.lastDay })
                : t("withdrawal.confirm.beforeDelivery")}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-4">
              <button
                type="submit"
                disabled={busy}
                className="rounded bg-red-800 px-4 py-2 font-semibold text-white"
              >
                {t("withdrawal.confirm.yes")}
              </button>
              <Link to="?" replace preventScrollReset className="underline">
                {t("withdrawal.confirm.cancel")}
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post" preventScrollReset className="mt-2" data-withdrawal-start>
            <input type="hidden" name="intent" value="withdraw-start" />
            <input type="hidden" name="publicId" value={publicId} />
            <p>
              {withdrawal.lastDay
                ? t("withdrawal.openUntil", { date: withdrawal.lastDay })
                : t("withdrawal.open")}
            </p>
            <button
              type="submit"
              disabled={busy}
              className="mt-3 rounded border border-red-800 px-4 py-2 font-semibold text-red-800"
            >
              {t("withdrawal.start")}
            </button>
          </Form>
        )
      ) : withdrawal.refusal === "expired" && withdrawal.lastDay ? (
        <p className="mt-2" data-withdrawal-state="expired">
          {t("withdrawal.expired", { date: withdrawal.lastDay })}
        </p>
      ) : (
        <p className="mt-2" data-withdrawal-state="closed">
          {t("withdrawal.closed")}
        </p>
      )}
    </section>
  );
}
