import type { ReactNode } from "react";
import { type Choices, Field, type FormAnswer } from "./product-form.tsx";
import { type AdminT, type AdminTextKey, errorText } from "./texts.ts";
import { Notice, useAdminT, When } from "./ui.tsx";

/**
 * The campaign and promo-code screens' form parts (decision 0045): the campaign's fields (shared by the new and the
 * edit screen), the discount and requirement fields (shared with promo codes), the markets, the outcome of a save
 * (saved, problems, a version conflict with what changed), and the API input read from the form. Dates and times
 * are native <input type="datetime-local"> in shop time (the decision's choice: accessible, no script).
 */
export interface CampaignValues {
  kind: string;
  nbName: string;
  svName: string;
  target: string;
  targetIds: number[];
  articleNumbers: string[];
  discountType: string;
  discountValue: string;
  conditionType: string;
  conditionValue: string;
  markets: string[];
  startsAtLocal: string;
  endsAtLocal: string;
  active: boolean;
}

export const EMPTY_CAMPAIGN: CampaignValues = {
  kind: "price",
  nbName: "",
  svName: "",
  target: "products",
  targetIds: [],
  articleNumbers: [],
  discountType: "percent",
  discountValue: "",
  conditionType: "none",
  conditionValue: "",
  markets: [],
  startsAtLocal: "",
  endsAtLocal: "",
  active: true,
};

const box = "mb-4 rounded border border-stone-300 bg-white p-4";

/** The form's value of a field: what was typed when the save was refused, else what is stored. */
export function useTyped(answer: FormAnswer | null) {
  const refused = answer && !answer.ok;
  return {
    problem: (field: string) => answer?.problems.find((p) => p.field === field),
    typed: (name: string, stored: string) =>
      refused && name in answer.values ? (answer.values[name] ?? "") : stored,
    list: (name: string, stored: string[]) =>
      refused ? (answer.values[name] ?? "").split(",").filter(Boolean) : stored,
    checked: (name: string, stored: boolean) => (refused ? answer.values[name] === "true" : stored),
  };
}

function Select({
  t,
  id,
  name,
  label,
  value,
  options,
  answer,
}: {
  t: AdminT;
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; text: AdminTextKey }[];
  answer: FormAnswer | null;
}) {
  const { problem, typed } = useTyped(answer);
  return (
    <Field id={id} label={label} problem={problem(name)}>
      {(props) => (
        <select {...props} name={name} defaultValue={typed(name, value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.text)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Discount, requirement and markets: the rules a campaign and a promo code share. */
export function RuleFields({
  t,
  idPrefix,
  values,
  markets,
  answer,
  cart,
}: {
  t: AdminT;
  idPrefix: string;
  values: Pick<
    CampaignValues,
    "discountType" | "discountValue" | "conditionType" | "conditionValue" | "markets"
  >;
  markets: Choices["markets"];
  answer: FormAnswer | null;
  /** Whether free shipping and a requirement may be chosen (cart campaigns and promo codes). */
  cart: boolean;
}) {
  const { problem, typed, list } = useTyped(answer);
  const chosen = list("markets", values.markets);
  const marketProblem = problem("markets");
  return (
    <>
      <fieldset className={box}>
        <legend className="px-1 font-semibold">{t("campaign.discount")}</legend>
        <Select
          t={t}
          id={`${idPrefix}-discountType`}
          name="discountType"
          label={t("campaign.discountType")}
          value={values.discountType}
          answer={answer}
          options={[
            { value: "percent", text: "discount.percent" },
            { value: "amount", text: "discount.amount" },
            ...(cart ? [{ value: "freeShipping", text: "discount.freeShipping" as const }] : []),
          ]}
        />
        <Field
          id={`${idPrefix}-discountValue`}
          label={t("campaign.discountValue")}
          problem={problem("discountValue")}
        >
          {(props) => (
            <input
              {...props}
              name="discountValue"
              inputMode="decimal"
              defaultValue={typed("discountValue", values.discountValue)}
            />
          )}
        </Field>
        <Select
          t={t}
          id={`${idPrefix}-conditionType`}
          name="conditionType"
          label={t("campaign.conditionType")}
          value={values.conditionType}
          answer={answer}
          options={[
            { value: "none", text: "condition.none" },
            { value: "minimumAmount", text: "condition.minimumAmount" },
            { value: "minimumQuantity", text: "condition.minimumQuantity" },
          ]}
        />
        <Field
          id={`${idPrefix}-conditionValue`}
          label={t("campaign.conditionValue")}
          problem={problem("conditionValue")}
        >
          {(props) => (
            <input
              {...props}
              name="conditionValue"
              inputMode="decimal"
              defaultValue={typed("conditionValue", values.conditionValue)}
            />
          )}
        </Field>
      </fieldset>
      <fieldset
        className={box}
        {...(marketProblem ? { "aria-describedby": `${idPrefix}-markets-error` } : {})}
      >
        <legend className="px-1 font-semibold">{t("campaign.markets")}</legend>
        <ul className="flex flex-wrap gap-4">
          {markets.map((m) => (
            <li key={m.alias} className="flex items-center gap-2">
              <input
                id={`${idPrefix}-market-${m.alias}`}
                type="checkbox"
                name="markets"
                value={m.alias}
                defaultChecked={chosen.includes(m.alias)}
              />
              <label htmlFor={`${idPrefix}-market-${m.alias}`}>
                {m.alias.toUpperCase()} ({m.currencyCode})
              </label>
            </li>
          ))}
        </ul>
        {marketProblem ? (
          <span id={`${idPrefix}-markets-error`} className="mt-1 block text-sm text-red-800">
            {marketProblem.message}
          </span>
        ) : null}
      </fieldset>
    </>
  );
}

/** Two local times (start and end) as native datetime-local fields. */
export function WhenFields({
  t,
  idPrefix,
  names,
  labels,
  values,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  names: [string, string];
  labels: [AdminTextKey, AdminTextKey];
  values: [string, string];
  answer: FormAnswer | null;
}) {
  const { problem, typed } = useTyped(answer);
  return (
    <fieldset className={box}>
      <legend className="px-1 font-semibold">{t("campaign.when")}</legend>
      {names.map((name, i) => (
        <Field
          key={name}
          id={`${idPrefix}-${name}`}
          label={t(labels[i] as AdminTextKey)}
          problem={problem(name)}
        >
          {(props) => (
            <input {...props} type="datetime-local" name={name} defaultValue={typed(name, values[i] ?? "")} />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** The campaign's own fields. */
export function CampaignFields({
  t,
  idPrefix,
  campaign,
  choices,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  campaign: CampaignValues;
  choices: Choices;
  answer: FormAnswer | null;
}) {
  const { problem, typed, list, checked } = useTyped(answer);
  const ids = campaign.targetIds.map(String);
  // The target the form shows: what was typed when a save was refused, else the stored one.
  const target = answer && !answer.ok ? (answer.values.target ?? campaign.target) : campaign.target;
  return (
    <>
      <fieldset className={box}>
        <legend className="px-1 font-semibold">{t("campaign.details")}</legend>
        {(["nb", "sv"] as const).map((lang) => (
          <Field
            key={lang}
            id={`${idPrefix}-${lang}Name`}
            label={t(`campaign.${lang}Name`)}
            problem={problem(`${lang}.name`)}
          >
            {(props) => (
              <input
                {...props}
                name={`${lang}Name`}
                lang={lang}
                defaultValue={typed(`${lang}Name`, campaign[`${lang}Name`])}
              />
            )}
          </Field>
        ))}
        <Select
          t={t}
          id={`${idPrefix}-kind`}
          name="kind"
          label={t("campaign.kind")}
          value={campaign.kind}
          answer={answer}
          options={[
            { value: "price", text: "campaignKind.price" },
            { value: "cart", text: "campaignKind.cart" },
          ]}
        />
        <p className="mb-3 flex items-center gap-2">
          <input
            id={`${idPrefix}-active`}
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={checked("active", campaign.active)}
          />
          <label htmlFor={`${idPrefix}-active`}>{t("campaign.active")}</label>
        </p>
      </fieldset>
      <fieldset className={box}>
        <legend className="px-1 font-semibold">{t("campaign.scope")}</legend>
        <Select
          t={t}
          id={`${idPrefix}-target`}
          name="target"
          label={t("campaign.target")}
          value={campaign.target}
          answer={answer}
          options={[
            { value: "products", text: "target.products" },
            { value: "categories", text: "target.categories" },
            { value: "brands", text: "target.brands" },
            { value: "all", text: "target.all" },
          ]}
        />
        <Field
          id={`${idPrefix}-articleNumbers`}
          label={t("campaign.articleNumbers")}
          problem={problem("articleNumbers")}
        >
          {(props) => (
            <textarea
              {...props}
              name="articleNumbers"
              rows={2}
              defaultValue={typed("articleNumbers", campaign.articleNumbers.join(", "))}
            />
          )}
        </Field>
        <TargetSelect
          id={`${idPrefix}-categories`}
          label={t("campaign.categories")}
          name="categoryIds"
          problem={target === "categories"}
          answer={answer}
          options={choices.categories}
          chosen={
            answer && !answer.ok ? list("categoryIds", []) : campaign.target === "categories" ? ids : []
          }
        />
        <TargetSelect
          id={`${idPrefix}-brands`}
          label={t("campaign.brands")}
          name="brandIds"
          problem={target === "brands"}
          answer={answer}
          options={choices.brands}
          chosen={answer && !answer.ok ? list("brandIds", []) : campaign.target === "brands" ? ids : []}
        />
      </fieldset>
      <RuleFields
        t={t}
        idPrefix={idPrefix}
        values={campaign}
        markets={choices.markets}
        answer={answer}
        cart
      />
      <WhenFields
        t={t}
        idPrefix={idPrefix}
        names={["startsAt", "endsAt"]}
        labels={["campaign.startsAt", "campaign.endsAt"]}
        values={[campaign.startsAtLocal, campaign.endsAtLocal]}
        answer={answer}
      />
    </>
  );
}

function TargetSelect({
  id,
  label,
  name,
  problem,
  answer,
  options,
  chosen,
}: {
  id: string;
  label: string;
  name: string;
  /** Whether the "targetIds" problem belongs to this list (its target is the chosen one). */
  problem: boolean;
  answer: FormAnswer | null;
  options: { id: number; name: string }[];
  chosen: string[];
}) {
  const found = problem ? answer?.problems.find((p) => p.field === "targetIds") : undefined;
  return (
    <Field id={id} label={label} problem={found}>
      {(props) => (
        <select {...props} name={name} multiple size={6} defaultValue={chosen}>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The API's campaign input from a form (names as CampaignFields writes them). */
export function campaignInputOf(v: Record<string, string>) {
  const target = v.target ?? "all";
  const ids = (target === "categories" ? v.categoryIds : target === "brands" ? v.brandIds : "") ?? "";
  return {
    nbName: v.nbName ?? "",
    svName: v.svName ?? "",
    kind: v.kind ?? "",
    target,
    targetIds: ids
      .split(",")
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0 && n < 2 ** 31),
    articleNumbers: target === "products" ? (v.articleNumbers ?? "") : "",
    discountType: v.discountType ?? "",
    discountValue: v.discountValue ?? "",
    conditionType: v.conditionType ?? "none",
    conditionValue: v.conditionValue ?? "",
    markets: (v.markets ?? "").split(",").filter(Boolean),
    startsAt: v.startsAt ?? "",
    endsAt: v.endsAt ?? "",
    active: v.active === "true",
  };
}

/** A changed field's key from the audit log in words (the campaign's and promo code's fields). */
function fieldLabel(t: AdminT, key: string): string {
  const known: Record<string, AdminTextKey> = {
    "nb.name": "campaign.nbName",
    "sv.name": "campaign.svName",
    kind: "campaign.kind",
    conditions: "campaign.scope",
    actions: "campaign.discount",
    markets: "campaign.markets",
    startsAt: "campaign.startsAt",
    endsAt: "campaign.endsAt",
    active: "campaign.active",
    code: "promoCodes.code",
    validFrom: "promoCode.validFrom",
    validTo: "promoCode.validTo",
    maxUses: "promoCode.maxUses",
    maxUsesPerCustomer: "promoCode.maxUsesPerCustomer",
  };
  const text = known[key];
  return text ? t(text) : key;
}

/** What a save answered: saved, a version conflict with what changed since, problems, or another error. */
export function Outcome({ answer, saved }: { answer: FormAnswer | null; saved: ReactNode }) {
  const { t, lang } = useAdminT();
  if (!answer) return null;
  if (answer.ok) return <Notice kind="ok">{saved}</Notice>;
  if (answer.error === "VERSION_CONFLICT")
    return (
      <div role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-red-900">
        <p>{t("campaign.conflict")}</p>
        <ul className="list-inside list-disc">
          {answer.changes.map((c) => (
            <li key={`${c.at}-${c.actor}`}>
              {c.actor}, <When iso={c.at} lang={lang} />: {c.fields.map((f) => fieldLabel(t, f)).join(", ")}
            </li>
          ))}
        </ul>
        <p className="mt-2">
          <a href="?" className="underline">
            {t("campaign.reload")}
          </a>
        </p>
      </div>
    );
  if (answer.problems.length) return <Notice kind="error">{t("product.problems")}</Notice>;
  return <Notice kind="error">{errorText(t, answer.error ?? undefined)}</Notice>;
}
