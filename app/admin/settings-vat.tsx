import { Form } from "react-router";
import { PRODUCT_CLASSES } from "#domain/vat.ts";
import type { Route } from "./+types/settings-vat";
import { Field } from "./product-form.tsx";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { button, primary, table, td, th, useAdminT } from "./ui.tsx";

/**
 * /admin/settings/vat (issue 15, decisions 0059 and 0062): per market (its country's rates) every VAT row with the
 * days it applies, a button that deletes a scheduled row (not begun: the rate before runs on), and a form that
 * schedules a rate from a day after today (the rate before ends the day before).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) =>
    v.intent === "delete"
      ? {
          query: `mutation($a: String!, $v: Int!, $c: String!, $f: String!) { deleteVatRate(alias: $a, version: $v, productClass: $c, validFrom: $f) }`,
          variables: { a: v.key ?? "", v: versionOf(v), c: v.productClass ?? "", f: v.validFrom ?? "" },
        }
      : {
          query: `mutation($a: String!, $v: Int!, $i: AdminVatRateInput!) { scheduleVatRate(alias: $a, version: $v, input: $i) }`,
          variables: {
            a: v.key ?? "",
            v: versionOf(v),
            i: { productClass: v.productClass ?? "", rate: v.rate ?? "", validFrom: v.validFrom ?? "" },
          },
        },
  );
}

export function meta() {
  return [{ title: "Mili · Settings · VAT" }];
}

const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)} %`;

function MarketVat({
  market,
  answer,
}: {
  market: Route.ComponentProps["loaderData"]["markets"][number];
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const { mine, problem, typed } = useFormAnswer(answer, market.alias);
  const id = (f: string) => `vat-${market.alias}-${f}`;
  const deleting = mine?.intent === "delete";
  // A scheduled rate that may not be deleted: the message is announced and describes that row's Delete button.
  const deleteProblem = deleting ? problem("validFrom") : undefined;
  const refusedRow = (r: { productClass: string; validFrom: string }) =>
    deleteProblem !== undefined &&
    typed("productClass", "") === r.productClass &&
    typed("validFrom", "") === r.validFrom;
  return (
    <section className={box} aria-labelledby={id("title")}>
      <h3 id={id("title")} className="mb-2 font-semibold">
        {t("settings.vatOf", { alias: market.alias, country: market.countryCode ?? "" })}
      </h3>
      <table className={`${table} mb-4`}>
        <thead>
          <tr>
            <th className={th}>{t("settings.class")}</th>
            <th className={th}>{t("settings.rate")}</th>
            <th className={th}>{t("settings.from")}</th>
            <th className={th}>{t("settings.to")}</th>
            <th className={th}>{t("settings.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {market.vatRates.map((r) => (
            <tr key={`${r.productClass}-${r.validFrom}`}>
              <td className={td}>{r.productClass}</td>
              <td className={td}>{percent(r.rateBp)}</td>
              <td className={td}>{r.validFrom}</td>
              <td className={td}>{r.validTo ?? t("settings.untilFurther")}</td>
              <td className={td}>
                {r.scheduled && may("settings.edit") ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="key" value={market.alias} />
                    <input type="hidden" name="version" value={market.version} />
                    <input type="hidden" name="productClass" value={r.productClass} />
                    <input type="hidden" name="validFrom" value={r.validFrom} />
                    <button
                      type="submit"
                      className={button}
                      aria-describedby={refusedRow(r) ? id("delete-error") : undefined}
                    >
                      {t("settings.deleteRate", {
                        rate: percent(r.rateBp),
                        from: r.validFrom,
                        class: r.productClass,
                      })}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SettingsOutcome answer={mine} t={t} saved={deleting ? t("settings.deleted") : undefined} />
      {deleteProblem ? (
        <p id={id("delete-error")} role="alert" className="mb-3 text-sm text-red-800">
          {deleteProblem.message}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="key" value={market.alias} />
        <input type="hidden" name="version" value={market.version} />
        <fieldset disabled={!may("settings.edit")} className="grid gap-x-4 sm:grid-cols-3">
          <Field
            id={id("class")}
            label={t("settings.class")}
            problem={deleting ? undefined : problem("productClass")}
          >
            {(props) => (
              <select {...props} name="productClass" defaultValue={typed("productClass", "standard")}>
                {PRODUCT_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id("rate")} label={t("settings.newRate")} problem={problem("rate")}>
            {(props) => <input {...props} name="rate" inputMode="decimal" defaultValue={typed("rate", "")} />}
          </Field>
          <Field
            id={id("from")}
            label={t("settings.validFrom")}
            problem={deleting ? undefined : problem("validFrom")}
          >
            {(props) => (
              <input
                {...props}
                name="validFrom"
                type="date"
                defaultValue={deleting ? "" : typed("validFrom", "")}
              />
            )}
          </Field>
          <p>
            <button type="submit" className={primary}>
              {t("settings.schedule", { alias: market.alias })}
            </button>
          </p>
        </fieldset>
      </Form>
    </section>
  );
}

export default function SettingsVat({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const answer = (actionData ?? null) as SettingsAnswer | null;
  return (
    <SettingsFrame title={t("settings.vat")} intro={t("settings.vatIntro")}>
      {loaderData.markets
        .filter((m) => m.countryCode)
        .map((m) => (
          <MarketVat key={`${m.alias}-${m.version}`} market={m} answer={answer} />
        ))}
    </SettingsFrame>
  );
}
