import { Form } from "react-router";
import type { Route } from "./+types/settings-shipping";
import { Field } from "./product-form.tsx";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, decimalOf, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { primary, useAdminT } from "./ui.tsx";

/**
 * /admin/settings/shipping (issue 15, decisions 0059 and 0062): per market its own shipping options (the checkout's
 * choices): names, fee and free-from threshold in the market's currency, the delivery estimate, the order, offered
 * or retired (never deleted: orders name them; the market's last offered one stays); and a form for a new one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

const optionInput = (v: Record<string, string>) => ({
  nbName: v.nbName ?? "",
  svName: v.svName ?? "",
  fee: v.fee ?? "",
  freeOver: v.freeOver ?? "",
  daysMin: v.daysMin ?? "",
  daysMax: v.daysMax ?? "",
  sortOrder: v.sortOrder ?? "",
  active: v.active === "true",
});

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) =>
    v.intent === "create"
      ? {
          query: `mutation($a: String!, $i: AdminShippingOptionInput!) { createShippingOption(alias: $a, input: $i) }`,
          variables: { a: v.market ?? "", i: optionInput(v) },
        }
      : {
          query: `mutation($id: Int!, $v: Int!, $i: AdminShippingOptionInput!) { updateShippingOption(id: $id, version: $v, input: $i) }`,
          variables: { id: Number(v.key) || 0, v: versionOf(v), i: optionInput(v) },
        },
  );
}

export function meta() {
  return [{ title: "Mili · Settings · Shipping" }];
}

type Market = Route.ComponentProps["loaderData"]["markets"][number];

type Option = Market["shippingOptions"][number];

const NEW_OPTION: Option = {
  id: 0,
  key: "",
  nbName: "",
  svName: "",
  feeMinor: 0,
  freeOverMinor: null,
  deliveryDaysMin: null,
  deliveryDaysMax: null,
  sortOrder: 0,
  active: true,
  version: 0,
};

/** One option's form, or (no `option`) the market's form for a new one. */
function OptionForm({
  option,
  market,
  currency,
  answer,
}: {
  option: Option | null;
  market: string;
  currency: string;
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const o = option ?? NEW_OPTION;
  const key = option ? String(option.id) : `new-${market}`;
  const { mine, problem, typed, checked } = useFormAnswer(answer, key);
  const id = (f: string) => `ship-${option ? option.id : `new-${market}`}-${f}`;
  const text = (name: string, label: string, stored: string, extra: Record<string, string> = {}) => (
    <Field id={id(name)} label={label} problem={problem(name)}>
      {(props) => <input {...props} {...extra} name={name} defaultValue={typed(name, stored)} />}
    </Field>
  );
  const activeProblem = problem("active");
  return (
    <Form method="post" className={box} aria-labelledby={id("title")}>
      <h4 id={id("title")} className="mb-2 font-semibold">
        {option ? (
          <>
            {option.nbName} · {option.svName}{" "}
            <span className="font-normal text-stone-700">
              ({option.key}){option.active ? "" : ` · ${t("settings.retired")}`}
            </span>
          </>
        ) : (
          t("settings.newOption", { alias: market })
        )}
      </h4>
      <SettingsOutcome answer={mine} t={t} />
      {option ? (
        <>
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="version" value={option.version} />
        </>
      ) : (
        <>
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="market" value={market} />
          <p className="mb-2 text-sm text-stone-700">{t("settings.newOptionIntro")}</p>
        </>
      )}
      <fieldset disabled={!may("settings.edit")} className="grid gap-x-4 sm:grid-cols-2">
        {text("nbName", t("settings.nbName"), o.nbName, { lang: "nb" })}
        {text("svName", t("settings.svName"), o.svName, { lang: "sv" })}
        {text("fee", t("settings.fee", { currency }), option ? decimalOf(o.feeMinor, currency) : "", {
          inputMode: "decimal",
        })}
        {text("freeOver", t("settings.freeOver", { currency }), decimalOf(o.freeOverMinor, currency), {
          inputMode: "decimal",
        })}
        {text("daysMin", t("settings.daysMin"), o.deliveryDaysMin?.toString() ?? "", {
          inputMode: "numeric",
        })}
        {text("daysMax", t("settings.daysMax"), o.deliveryDaysMax?.toString() ?? "", {
          inputMode: "numeric",
        })}
        {text("sortOrder", t("settings.sortOrder"), String(o.sortOrder), { inputMode: "numeric" })}
        <div className="mb-3 self-end">
          <p className="flex items-center gap-2">
            <input
              id={id("active")}
              type="checkbox"
              name="active"
              value="true"
              defaultChecked={checked("active", o.active)}
              aria-invalid={activeProblem ? true : undefined}
              aria-describedby={activeProblem ? id("active-error") : undefined}
            />
            <label htmlFor={id("active")}>{t("settings.optionActive")}</label>
          </p>
          {activeProblem ? (
            <p id={id("active-error")} className="mt-1 text-sm text-red-800">
              {activeProblem.message}
            </p>
          ) : null}
        </div>
        <p>
          <button type="submit" className={primary}>
            {option
              ? t("settings.saveOption", { name: option.nbName })
              : t("settings.createOption", { alias: market })}
          </button>
        </p>
      </fieldset>
    </Form>
  );
}

export default function SettingsShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const answer = (actionData ?? null) as SettingsAnswer | null;
  return (
    <SettingsFrame title={t("settings.shipping")}>
      {loaderData.markets
        .filter((m) => m.currencyCode)
        .map((m) => (
          <section key={m.alias} aria-labelledby={`ship-${m.alias}`} className="mb-6">
            <h3 id={`ship-${m.alias}`} className="mb-2 text-lg font-semibold">
              {t("settings.shippingOf", { alias: m.alias, currency: m.currencyCode })}
            </h3>
            <div className="grid gap-4 lg:grid-cols-2">
              {m.shippingOptions.map((o) => (
                <OptionForm
                  key={`${o.id}-${o.version}`}
                  option={o}
                  market={m.alias}
                  currency={m.currencyCode}
                  answer={answer}
                />
              ))}
              {/* Keyed by the count: a created option empties the form. */}
              <OptionForm
                key={`new-${m.alias}-${m.shippingOptions.length}`}
                option={null}
                market={m.alias}
                currency={m.currencyCode}
                answer={answer}
              />
            </div>
          </section>
        ))}
    </SettingsFrame>
  );
}
