import { RuleFields, useTyped, WhenFields } from "./campaign-form.tsx";
import { type Choices, Field, type FormAnswer } from "./product-form.tsx";
import type { AdminT } from "./texts.ts";

/**
 * The promo-code screens' fields (decision 0045): code, names, the discount and requirement (shared with campaigns),
 * markets, validity and usage limits; and the API input read from the form.
 */
export interface PromoCodeValues {
  code: string;
  nbName: string;
  svName: string;
  discountType: string;
  discountValue: string;
  conditionType: string;
  conditionValue: string;
  markets: string[];
  validFromLocal: string;
  validToLocal: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

export const EMPTY_PROMO_CODE: PromoCodeValues = {
  code: "",
  nbName: "",
  svName: "",
  discountType: "percent",
  discountValue: "",
  conditionType: "none",
  conditionValue: "",
  markets: [],
  validFromLocal: "",
  validToLocal: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  active: true,
};

const box = "mb-4 rounded border border-stone-300 bg-white p-4";

export function PromoCodeFields({
  t,
  idPrefix,
  promo,
  markets,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  promo: PromoCodeValues;
  markets: Choices["markets"];
  answer: FormAnswer | null;
}) {
  const { problem, typed, checked } = useTyped(answer);
  const text = (name: keyof PromoCodeValues & string, label: string, extra: Record<string, string> = {}) => (
    <Field
      id={`${idPrefix}-${name}`}
      label={label}
      problem={problem(name === "nbName" ? "nb.name" : name === "svName" ? "sv.name" : name)}
    >
      {(props) => <input {...props} {...extra} name={name} defaultValue={typed(name, String(promo[name]))} />}
    </Field>
  );
  return (
    <>
      <fieldset className={box}>
        <legend className="px-1 font-semibold">{t("campaign.details")}</legend>
        {text("code", t("promoCode.codeLabel"), { autoCapitalize: "characters", spellCheck: "false" })}
        {text("nbName", t("campaign.nbName"), { lang: "nb" })}
        {text("svName", t("campaign.svName"), { lang: "sv" })}
        <p className="mb-3 flex items-center gap-2">
          <input
            id={`${idPrefix}-active`}
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={checked("active", promo.active)}
          />
          <label htmlFor={`${idPrefix}-active`}>{t("campaign.active")}</label>
        </p>
      </fieldset>
      <RuleFields t={t} idPrefix={idPrefix} values={promo} markets={markets} answer={answer} cart />
      <WhenFields
        t={t}
        idPrefix={idPrefix}
        names={["validFrom", "validTo"]}
        labels={["promoCode.validFrom", "promoCode.validTo"]}
        values={[promo.validFromLocal, promo.validToLocal]}
        answer={answer}
      />
      <fieldset className={box}>
        <legend className="px-1 font-semibold">{t("promoCode.limits")}</legend>
        {text("maxUses", t("promoCode.maxUses"), { inputMode: "numeric" })}
        {text("maxUsesPerCustomer", t("promoCode.maxUsesPerCustomer"), { inputMode: "numeric" })}
      </fieldset>
    </>
  );
}

export function promoCodeInputOf(v: Record<string, string>) {
  return {
    code: v.code ?? "",
    nbName: v.nbName ?? "",
    svName: v.svName ?? "",
    discountType: v.discountType ?? "",
    discountValue: v.discountValue ?? "",
    conditionType: v.conditionType ?? "none",
    conditionValue: v.conditionValue ?? "",
    markets: (v.markets ?? "").split(",").filter(Boolean),
    validFrom: v.validFrom ?? "",
    validTo: v.validTo ?? "",
    maxUses: v.maxUses ?? "",
    maxUsesPerCustomer: v.maxUsesPerCustomer ?? "",
    active: v.active === "true",
  };
}
