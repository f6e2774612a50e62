import { Form } from "react-router";
import type { AdminT } from "./texts.ts";
import { Money, primary, table, td, th } from "./ui.tsx";

/**
 * The order page's refund form (decision 0050): a quantity per line (0 to what is left), the shipping fee, where
 * the money goes, whether the goods return to stock. The loader's key makes a double submit one refund. Works
 * without JavaScript.
 */
export interface RefundableLine {
  lineId: number;
  articleNumber: string;
  name: string;
  skuName: string | null;
  quantity: number;
  refundedQuantity: number;
  lineTotalMinor: number;
}

export function RefundForm({
  t,
  lang,
  currency,
  lines,
  shippingFeeMinor,
  shippingRefunded,
  hasAccount,
  refundKey,
  prefillAll,
}: {
  t: AdminT;
  lang: "en" | "sv" | "nb";
  currency: string;
  lines: RefundableLine[];
  shippingFeeMinor: number;
  shippingRefunded: boolean;
  hasAccount: boolean;
  refundKey: string;
  /** Fill in every unit left and the shipping (a withdrawal's "refund per the request"). */
  prefillAll: boolean;
}) {
  const input = "w-20 rounded border border-stone-500 px-2 py-1 text-right";
  return (
    <Form method="post" className="space-y-3" id="refund-form">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={refundKey} />
      <p className="text-sm">{t("order.refundHelp")}</p>
      <div className="overflow-x-auto">
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>{t("order.article")}</th>
              <th className={th}>{t("customers.name")}</th>
              <th className={`${th} text-right`}>{t("order.refundLeft")}</th>
              <th className={`${th} text-right`}>{t("orders.total")}</th>
              <th className={`${th} text-right`}>{t("order.refund")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const left = l.quantity - l.refundedQuantity;
              const name = `${l.name}${l.skuName ? ` (${l.skuName})` : ""}`;
              return (
                <tr key={l.lineId}>
                  <td className={td}>{l.articleNumber}</td>
                  <td className={td}>{name}</td>
                  <td className={`${td} text-right`}>
                    {left} / {l.quantity}
                  </td>
                  <td className={`${td} text-right`}>
                    <Money minor={l.lineTotalMinor} currency={currency} lang={lang} />
                  </td>
                  <td className={`${td} text-right`}>
                    <input
                      type="number"
                      name={`qty-${l.lineId}`}
                      min={0}
                      max={left}
                      step={1}
                      defaultValue={prefillAll ? left : 0}
                      disabled={left === 0}
                      aria-label={t("order.refundUnits", { name, left })}
                      className={input}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {shippingFeeMinor > 0 && !shippingRefunded && (
        <p>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="shipping" value="1" defaultChecked={prefillAll} />
            {t("order.refundShipping", {
              amount: new Intl.NumberFormat(lang === "en" ? "en-GB" : lang === "sv" ? "sv-SE" : "nb-NO", {
                style: "currency",
                currency,
              }).format(shippingFeeMinor / 100),
            })}
          </label>
        </p>
      )}
      <fieldset>
        <legend className="font-medium">{t("order.refundMethod")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="method" value="provider" defaultChecked />
          {t("order.methodProvider")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="method" value="balance" disabled={!hasAccount} />
          {hasAccount ? t("order.methodBalance") : t("order.methodBalanceNone")}
        </label>
      </fieldset>
      <p>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="returnToStock" value="1" defaultChecked={prefillAll} />
          {t("order.returnToStock")}
        </label>
      </p>
      <p>
        <label htmlFor="refund-reason" className="block text-sm font-medium">
          {t("order.refundReason")}
        </label>
        <input
          id="refund-reason"
          name="reason"
          maxLength={500}
          className="mt-1 w-full max-w-md rounded border border-stone-500 px-2 py-1"
        />
      </p>
      <button type="submit" className={primary}>
        {t("order.refundSubmit")}
      </button>
    </Form>
  );
}
