import { Form } from "react-router";
import type { Route } from "./+types/settings-payments";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { button, table, td, th, useAdminT } from "./ui.tsx";

/**
 * /admin/settings/payments (issue 15, decision 0062): per market the payment methods its checkout offers, each with
 * one button that offers it there or stops offering it (a plain form: no script needed). The market's last method a
 * kind of shopper can pay with stays (`lastPaymentMethod`, told at the method's row).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) => ({
    query: `mutation($k: String!, $v: Int!, $a: String!, $o: Boolean!) { setPaymentMethodMarket(key: $k, version: $v, alias: $a, offered: $o) }`,
    variables: { k: v.method ?? "", v: versionOf(v), a: v.market ?? "", o: v.offered === "true" },
  }));
}

export function meta() {
  return [{ title: "Mili · Settings · Payment methods" }];
}

type Data = Route.ComponentProps["loaderData"];

function MethodRow({
  method,
  market,
  answer,
}: {
  method: Data["paymentMethods"][number];
  market: string;
  answer: SettingsAnswer | null;
}) {
  const { t, may, lang } = useAdminT();
  const key = `${method.key}@${market}`;
  const { mine, problem } = useFormAnswer(answer, key);
  const offered = method.marketAliases.includes(market);
  const name = lang === "sv" ? method.svName : method.nbName;
  const id = `pay-${market}-${method.key}`;
  const refusal = problem("offered");
  return (
    <tr>
      <th scope="row" className={`${td} font-normal`}>
        {name} <span className="text-stone-700">({method.paymentType})</span>
      </th>
      <td className={td}>
        {!method.active ? t("settings.inactive") : offered ? t("settings.yes") : t("settings.no")}
      </td>
      <td className={td}>
        {mine && !refusal ? <SettingsOutcome answer={mine} t={t} /> : null}
        {may("settings.edit") ? (
          <Form method="post">
            <input type="hidden" name="key" value={key} />
            <input type="hidden" name="method" value={method.key} />
            <input type="hidden" name="market" value={market} />
            <input type="hidden" name="version" value={method.version} />
            <input type="hidden" name="offered" value={offered ? "false" : "true"} />
            <button type="submit" className={button} aria-describedby={refusal ? `${id}-error` : undefined}>
              {t(offered ? "settings.stopOffering" : "settings.offer", { name, alias: market })}
            </button>
          </Form>
        ) : null}
        {refusal ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-800">
            {refusal.message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export default function SettingsPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const answer = (actionData ?? null) as SettingsAnswer | null;
  return (
    <SettingsFrame title={t("settings.payments")} intro={t("settings.paymentsIntro")}>
      {loaderData.markets.map((m) => (
        <section key={m.alias} aria-labelledby={`pay-${m.alias}`} className={box}>
          <h3 id={`pay-${m.alias}`} className="mb-2 text-lg font-semibold">
            {t("settings.paymentsOf", { alias: m.alias, currency: m.currencyCode })}
          </h3>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("settings.method")}</th>
                <th className={th}>{t("settings.offered")}</th>
                <th className={th}>{t("settings.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.paymentMethods.map((p) => (
                <MethodRow key={`${p.key}-${p.version}`} method={p} market={m.alias} answer={answer} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </SettingsFrame>
  );
}
