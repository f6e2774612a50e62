import { Form } from "react-router";
import type { Route } from "./+types/settings-shipping";
import { Field } from "./product-form.tsx";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, decimalOf, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { primary, useAdminT } from "./ui.tsx";

/**
 * /admin/settings/shipping (issue 15, decision 0059): per market its own shipping options (the checkout's choices):
 * names, fee and free-from threshold in the market's currency, the delivery estimate, the order, offered or not.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) => ({
    query: `mutation($id: Int!, $v: Int!, $i: AdminShippingOptionInput!) { updateShippingOption(id: $id, version: $v, input: $i) }`,
    variables: {
      id: Number(v.key) || 0,
      v: versionOf(v),
      i: {
        nbName: v.nbName ?? "",
        svName: v.svName ?? "",
        fee: v.fee ?? "",
        freeOver: v.freeOver ?? "",
        daysMin: v.daysMin ?? "",
        daysMax: v.daysMax ?? "",
        sortOrder: v.sortOrder ?? "",
        active: v.active === "true",
      },
    },
  }));
}

export function meta() {
  return [{ title: "Mili · Settings · Shipping" }];
}

type Market = Route.ComponentProps["loaderData"]["markets"][number];

function OptionForm({
  option,
  currency,
  answer,
}: {
  option: Market["shippingOptions"][number];
  currency: string;
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const key = String(option.id);
  const { mine, problem, typed, checked } = useFormAnswer(answer, key);
  const id = (f: string) => `ship-${option.id}-${f}`;
  const text = (name: string, label: string, stored: string, extra: Record<string, string> = {}) => (
    <Field id={id(name)} label={label} problem={problem(name)}>
      {(props) => <input {...props} {...extra} name={name} defaultValue={typed(name, stored)} />}
    </Field>
  );
  return (
    <Form method="post" className={box} aria-labelledby={id("title")}>
      <h4 id={id("title")} className="mb-2 font-semibold">
        {option.nbName} · {option.svName} <span className="font-normal text-stone-700">({option.key})</span>
      </h4>
      <SettingsOutcome answer={mine} t={t} />
      <input type="hidden" name="key" value={key} />
      <input type="hidden" name="version" value={option.version} />
      <fieldset disabled={!may("settings.edit")} className="grid gap-x-4 sm:grid-cols-2">
        {text("nbName", t("settings.nbName"), option.nbName, { lang: "nb" })}
        {text("svName", t("settings.svName"), option.svName, { lang: "sv" })}
        {text("fee", t("settings.fee", { currency }), decimalOf(option.feeMinor, currency), {
          inputMode: "decimal",
        })}
        {text("freeOver", t("settings.freeOver", { currency }), decimalOf(option.freeOverMinor, currency), {
          inputMode: "decimal",
        })}
        {text("daysMin", t("settings.daysMin"), option.deliveryDaysMin?.toString() ?? "", {
          inputMode: "numeric",
        })}
        {text("daysMax", t("settings.daysMax"), option.deliveryDaysMax?.toString() ?? "", {
          inputMode: "numeric",
        })}
        {text("sortOrder", t("settings.sortOrder"), String(option.sortOrder), { inputMode: "numeric" })}
        <p className="mb-3 flex items-center gap-2 self-end">
          <input
            id={id("active")}
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={checked("active", option.active)}
          />
          <label htmlFor={id("active")}>{t("settings.optionActive")}</label>
        </p>
        <p>
          <button type="submit" className={primary}>
            {t("settings.saveOption", { name: option.nbName })}
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
        .filter((m) => m.shippingOptions.length > 0)
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
                  currency={m.currencyCode}
                  answer={answer}
                />
              ))}
            </div>
          </section>
        ))}
    </SettingsFrame>
  );
}
