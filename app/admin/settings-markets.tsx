import { Form } from "react-router";
import type { Route } from "./+types/settings-markets";
import { Field } from "./product-form.tsx";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { primary, table, td, th, useAdminT } from "./ui.tsx";

/**
 * /admin/settings (issue 15, decisions 0059 and 0062): per market its currency, the languages it offers (those the
 * storefront renders), its default language and whether it is active. One form per market, each with the version it
 * read; then the shop's currencies and a form that adds one (ISO 4217 code, decimals checked).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) =>
    v.intent === "currency"
      ? {
          query: `mutation($i: AdminCurrencyInput!) { createCurrency(input: $i) }`,
          variables: {
            i: {
              code: v.code ?? "",
              name: v.name ?? "",
              symbol: v.symbol ?? "",
              minorUnits: v.minorUnits ?? "",
            },
          },
        }
      : {
          query: `mutation($a: String!, $v: Int!, $i: AdminMarketInput!) { updateMarket(alias: $a, version: $v, input: $i) }`,
          variables: {
            a: v.key ?? "",
            v: versionOf(v),
            i: {
              currencyCode: v.currencyCode ?? "",
              languageIds: (v.languageIds ?? "").split(",").filter(Boolean),
              defaultLanguageId: v.defaultLanguageId ?? "",
              active: v.active === "true",
            },
          },
        },
  );
}

export function meta() {
  return [{ title: "Mili · Settings · Markets" }];
}

function MarketForm({
  market,
  currencies,
  languages,
  answer,
}: {
  market: Route.ComponentProps["loaderData"]["markets"][number];
  currencies: { id: string; name: string }[];
  languages: { id: string; name: string }[];
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const { mine, problem, typed, list, checked } = useFormAnswer(answer, market.alias);
  const id = (f: string) => `market-${market.alias}-${f}`;
  const langProblem = problem("languageIds");
  const currencyName = currencies.find((c) => c.id === market.currencyCode)?.name;
  return (
    <Form method="post" className={box} aria-labelledby={id("title")}>
      <h3 id={id("title")} className="mb-2 font-semibold">
        {t("settings.market", { alias: market.alias })}
      </h3>
      <SettingsOutcome answer={mine} t={t} />
      <input type="hidden" name="key" value={market.alias} />
      <input type="hidden" name="version" value={market.version} />
      <fieldset disabled={!may("settings.edit")}>
        <Field id={id("currency")} label={t("settings.currency")} problem={problem("currencyCode")}>
          {(props) =>
            market.currencyCode ? (
              // Read-only: the market's prices and fees are amounts in it (the API refuses another, currencyLocked).
              <input
                {...props}
                name="currencyCode"
                readOnly
                value={market.currencyCode}
                aria-describedby={[props["aria-describedby"], id("currency-fixed")].filter(Boolean).join(" ")}
              />
            ) : (
              <select {...props} name="currencyCode" defaultValue={typed("currencyCode", "")}>
                {currencies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.id} · {c.name}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
        {market.currencyCode ? (
          <p id={id("currency-fixed")} className="-mt-2 mb-3 text-sm text-stone-700">
            {currencyName ? `${market.currencyCode} · ${currencyName}. ` : ""}
            {t("settings.currencyFixed")}
          </p>
        ) : null}
        <fieldset className="mb-3" aria-describedby={langProblem ? id("languages-error") : undefined}>
          <legend className="text-sm font-medium">{t("settings.languages")}</legend>
          {languages.map((l) => (
            <p key={l.id} className="flex items-center gap-2">
              <input
                id={id(`lang-${l.id}`)}
                type="checkbox"
                name="languageIds"
                value={l.id}
                defaultChecked={list("languageIds", market.languageIds).includes(l.id)}
              />
              <label htmlFor={id(`lang-${l.id}`)}>{l.name}</label>
            </p>
          ))}
          {langProblem ? (
            <span id={id("languages-error")} className="mt-1 block text-sm text-red-800">
              {langProblem.message}
            </span>
          ) : null}
        </fieldset>
        <Field
          id={id("default")}
          label={t("settings.defaultLanguage")}
          problem={problem("defaultLanguageId")}
        >
          {(props) => (
            <select
              {...props}
              name="defaultLanguageId"
              defaultValue={typed("defaultLanguageId", market.defaultLanguageId)}
            >
              {languages.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="mb-1 flex items-center gap-2">
          <input
            id={id("active")}
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={checked("active", market.active)}
            aria-invalid={problem("active") ? true : undefined}
            aria-describedby={problem("active") ? id("active-error") : undefined}
          />
          <label htmlFor={id("active")}>{t("settings.active")}</label>
        </p>
        {problem("active") ? (
          <p id={id("active-error")} className="mb-3 text-sm text-red-800">
            {problem("active")?.message}
          </p>
        ) : null}
        <button type="submit" className={`${primary} mt-2`}>
          {t("settings.saveMarket", { alias: market.alias })}
        </button>
      </fieldset>
    </Form>
  );
}

function Currencies({
  currencies,
  answer,
}: {
  currencies: Route.ComponentProps["loaderData"]["currencyDetails"];
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const { mine, problem, typed } = useFormAnswer(answer, "new-currency");
  const id = (f: string) => `currency-new-${f}`;
  const text = (name: string, label: string, extra: Record<string, string> = {}) => (
    <Field id={id(name)} label={label} problem={problem(name)}>
      {(props) => <input {...props} {...extra} name={name} defaultValue={typed(name, "")} />}
    </Field>
  );
  return (
    <section aria-labelledby="currencies-title" className={box}>
      <h3 id="currencies-title" className="mb-2 text-lg font-semibold">
        {t("settings.currencies")}
      </h3>
      <table className={`${table} mb-4`}>
        <thead>
          <tr>
            <th className={th}>{t("settings.currencyCode")}</th>
            <th className={th}>{t("settings.currencyName")}</th>
            <th className={th}>{t("settings.symbol")}</th>
            <th className={th}>{t("settings.minorUnits")}</th>
          </tr>
        </thead>
        <tbody>
          {currencies.map((c) => (
            <tr key={c.code}>
              <td className={td}>{c.code}</td>
              <td className={td}>{c.name}</td>
              <td className={td}>{c.symbol}</td>
              <td className={td}>{c.minorUnits}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" aria-labelledby={id("title")}>
        <h4 id={id("title")} className="mb-2 font-semibold">
          {t("settings.newCurrency")}
        </h4>
        <p className="mb-2 text-sm text-stone-700">{t("settings.newCurrencyIntro")}</p>
        <SettingsOutcome answer={mine} t={t} />
        <input type="hidden" name="intent" value="currency" />
        <input type="hidden" name="key" value="new-currency" />
        <fieldset disabled={!may("settings.edit")} className="grid gap-x-4 sm:grid-cols-4">
          {text("code", t("settings.currencyCode"), { autoComplete: "off" })}
          {text("name", t("settings.currencyName"))}
          {text("symbol", t("settings.symbol"))}
          {text("minorUnits", t("settings.minorUnits"), { inputMode: "numeric" })}
          <p>
            <button type="submit" className={primary}>
              {t("settings.addCurrency")}
            </button>
          </p>
        </fieldset>
      </Form>
    </section>
  );
}

export default function SettingsMarkets({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const answer = (actionData ?? null) as SettingsAnswer | null;
  return (
    <SettingsFrame title={t("settings.markets")}>
      <div className="grid gap-4 md:grid-cols-2">
        {loaderData.markets.map((m) => (
          <MarketForm
            key={`${m.alias}-${m.version}`}
            market={m}
            currencies={loaderData.currencies}
            languages={loaderData.languages}
            answer={answer}
          />
        ))}
      </div>
      <Currencies
        key={loaderData.currencyDetails.length}
        currencies={loaderData.currencyDetails}
        answer={answer}
      />
    </SettingsFrame>
  );
}
