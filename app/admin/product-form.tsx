import type { ReactNode } from "react";
import type { AdminAnswer } from "./api.server.ts";
import type { AdminT } from "./texts.ts";

/**
 * The product screens' form parts (decision 0043): labelled fields whose problem (from the admin API's `problems`,
 * already in the admin's language) is shown under the field and tied to it (aria-invalid, aria-describedby), the
 * product's own fields and texts (shared by the create and edit screens), and reading a change's answer.
 */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

export interface ChangeSeen {
  actor: string;
  at: string;
  fields: string[];
}

/** What an action answers the form: the problems by field, a conflict's changes, the values typed (kept on error). */
export interface FormAnswer {
  intent: string;
  skuId: number | null;
  ok: boolean;
  error: string | null;
  problems: FieldProblem[];
  changes: ChangeSeen[];
  values: Record<string, string>;
}

export function formAnswer(
  intent: string,
  skuId: number | null,
  answer: AdminAnswer<unknown>,
  values: Record<string, string>,
): FormAnswer {
  const ext = answer.errorExtensions ?? {};
  return {
    intent,
    skuId,
    ok: !answer.error,
    error: answer.error,
    problems: Array.isArray(ext.problems) ? (ext.problems as FieldProblem[]) : [],
    changes: Array.isArray(ext.changes) ? (ext.changes as ChangeSeen[]) : [],
    values: answer.error ? values : {},
  };
}

/** The form's fields as strings (repeated names joined by ","). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return out;
}

export const input = "mt-1 w-full rounded border border-stone-500 bg-white px-2 py-1";

export function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem?: FieldProblem | undefined;
  children: (props: {
    id: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    className: string;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <p className="mb-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        className: `${input}${problem ? " border-red-700" : ""}`,
        ...(problem ? { "aria-invalid": true as const, "aria-describedby": errorId } : {}),
      })}
      {problem ? (
        <span id={errorId} className="mt-1 block text-sm text-red-800">
          {problem.message}
        </span>
      ) : null}
    </p>
  );
}

export interface ProductFieldValues {
  articleNumber: string;
  active: boolean;
  brandId: number | null;
  categoryIds: number[];
  primaryCategoryId: number | null;
  texts: {
    languageId: string;
    name: string;
    shortText: string | null;
    longText: string | null;
    metaTitle: string | null;
    metaDescription: string | null;
  }[];
}

export interface Choices {
  brands: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  markets: { alias: string; currencyCode: string }[];
}

const TEXT_FIELDS = ["name", "shortText", "longText", "metaTitle", "metaDescription"] as const;

/** The product's own fields and its texts in nb and sv (form names as the API's problem fields: "nb.name", …). */
export function ProductFields({
  t,
  idPrefix,
  product,
  choices,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  product: ProductFieldValues;
  choices: Choices;
  answer: FormAnswer | null;
}) {
  const problem = (field: string) => answer?.problems.find((p) => p.field === field);
  const typed = (name: string, stored: string | null | undefined) =>
    answer && !answer.ok && name in answer.values ? answer.values[name] : (stored ?? "");
  const chosen =
    answer && !answer.ok ? (answer.values.categoryIds ?? "").split(",").map(Number) : product.categoryIds;
  return (
    <>
      <fieldset className="mb-4 rounded border border-stone-300 bg-white p-4">
        <legend className="px-1 font-semibold">{t("product.details")}</legend>
        <Field
          id={`${idPrefix}-articleNumber`}
          label={t("products.articleNumber")}
          problem={problem("articleNumber")}
        >
          {(props) => (
            <input
              {...props}
              name="articleNumber"
              defaultValue={typed("articleNumber", product.articleNumber)}
            />
          )}
        </Field>
        <p className="mb-3 flex items-center gap-2">
          <input
            id={`${idPrefix}-active`}
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={answer && !answer.ok ? answer.values.active === "true" : product.active}
          />
          <label htmlFor={`${idPrefix}-active`}>{t("product.activeLabel")}</label>
        </p>
        <Field id={`${idPrefix}-brand`} label={t("products.brand")} problem={problem("brandId")}>
          {(props) => (
            <select {...props} name="brandId" defaultValue={typed("brandId", String(product.brandId ?? ""))}>
              <option value="">{t("product.noBrand")}</option>
              {choices.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${idPrefix}-categories`} label={t("product.categories")} problem={problem("categoryIds")}>
          {(props) => (
            <select
              {...props}
              name="categoryIds"
              multiple
              size={8}
              defaultValue={chosen.filter(Boolean).map(String)}
            >
              {choices.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${idPrefix}-primary`}
          label={t("product.primaryCategory")}
          problem={problem("primaryCategoryId")}
        >
          {(props) => (
            <select
              {...props}
              name="primaryCategoryId"
              defaultValue={typed("primaryCategoryId", String(product.primaryCategoryId ?? ""))}
            >
              <option value="">{t("product.firstOfCategories")}</option>
              {choices.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      {(["nb", "sv"] as const).map((lang) => {
        const texts = product.texts.find((x) => x.languageId.startsWith(lang));
        return (
          <fieldset key={lang} className="mb-4 rounded border border-stone-300 bg-white p-4" lang={lang}>
            <legend className="px-1 font-semibold">
              {t("product.texts", { language: t(`product.lang.${lang}`) })}
            </legend>
            {TEXT_FIELDS.map((f) => {
              const name = `${lang}.${f}`;
              const long = f === "shortText" || f === "longText" || f === "metaDescription";
              return (
                <Field
                  key={f}
                  id={`${idPrefix}-${lang}-${f}`}
                  label={t(`product.${f}`)}
                  problem={problem(name)}
                >
                  {(props) =>
                    long ? (
                      <textarea
                        {...props}
                        name={name}
                        rows={f === "longText" ? 6 : 3}
                        defaultValue={typed(name, texts?.[f])}
                      />
                    ) : (
                      <input {...props} name={name} defaultValue={typed(name, texts?.[f])} />
                    )
                  }
                </Field>
              );
            })}
          </fieldset>
        );
      })}
    </>
  );
}

/** The API's product input from a form (names as ProductFields writes them). */
export function productInputOf(v: Record<string, string>) {
  const texts = (lang: string) => ({
    name: v[`${lang}.name`] ?? "",
    shortText: v[`${lang}.shortText`] ?? "",
    longText: v[`${lang}.longText`] ?? "",
    metaTitle: v[`${lang}.metaTitle`] ?? "",
    metaDescription: v[`${lang}.metaDescription`] ?? "",
  });
  const int = (s: string | undefined) => {
    const n = Number.parseInt(s ?? "", 10);
    return Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
  };
  return {
    articleNumber: v.articleNumber ?? "",
    active: v.active === "true",
    brandId: int(v.brandId),
    categoryIds: (v.categoryIds ?? "")
      .split(",")
      .map((s) => int(s))
      .filter((n): n is number => n !== null),
    primaryCategoryId: int(v.primaryCategoryId),
    nb: texts("nb"),
    sv: texts("sv"),
  };
}

/** The markets' price fields of a form ("price.{market}.regular" / ".selling"). */
export function pricesOf(v: Record<string, string>) {
  const markets = Object.keys(v)
    .map((key) => /^price\.([a-z]{1,10})\.regular$/.exec(key)?.[1])
    .filter((m): m is string => Boolean(m));
  return markets.map((marketAlias) => ({
    marketAlias,
    regular: v[`price.${marketAlias}.regular`] ?? "",
    selling: v[`price.${marketAlias}.selling`] ?? "",
  }));
}

export function skuInputOf(v: Record<string, string>) {
  return {
    name: v["sku.name"] ?? "",
    gtin: v["sku.gtin"] ?? "",
    inStock: v["sku.inStock"] ?? "",
    oversellable: v["sku.oversellable"] ?? "",
    incoming: v["sku.incoming"] ?? "",
  };
}

/** Major units for a price field: 149900 → "1499", 129950 → "1299.50". */
export function amountText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

export interface SkuValues {
  name: string;
  gtin: string | null;
  inStock: number;
  oversellable: number;
  incoming: string | null;
}

/** A SKU's name, GTIN and stock fields (spec §3 Stock), named "sku.*". */
export function SkuFields({
  t,
  idPrefix,
  sku,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  sku: SkuValues | null;
  answer: FormAnswer | null;
}) {
  const problem = (field: string) => answer?.problems.find((p) => p.field === field);
  const typed = (name: string, stored: string | number | null | undefined) =>
    answer && !answer.ok && name in answer.values ? answer.values[name] : String(stored ?? "");
  const fields = [
    ["name", "product.skuName", sku?.name, "text"],
    ["gtin", "product.gtin", sku?.gtin, "text"],
    ["inStock", "product.inStock", sku?.inStock ?? 0, "number"],
    ["oversellable", "product.oversellable", sku?.oversellable ?? 0, "number"],
    ["incoming", "product.incoming", sku?.incoming, "text"],
  ] as const;
  return (
    <div className="grid gap-x-4 sm:grid-cols-5">
      {fields.map(([f, label, stored, type]) => (
        <Field key={f} id={`${idPrefix}-${f}`} label={t(label)} problem={problem(`sku.${f}`)}>
          {(props) => (
            <input
              {...props}
              name={`sku.${f}`}
              type={type}
              {...(type === "number" ? { min: 0, step: 1, inputMode: "numeric" as const } : {})}
              defaultValue={typed(`sku.${f}`, stored)}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

export interface PriceValues {
  marketAlias: string;
  currencyCode: string;
  regularMinor: number;
  sellingMinor: number;
}

/** Regular and sale price per market, named "price.{market}.regular" / ".selling", in a table. */
export function PriceFields({
  t,
  idPrefix,
  caption,
  markets,
  prices,
  answer,
  extra,
}: {
  t: AdminT;
  idPrefix: string;
  caption: string;
  markets: Choices["markets"];
  prices: readonly PriceValues[];
  answer: FormAnswer | null;
  extra?: { header: string; cell: (market: string) => ReactNode };
}) {
  const problem = (field: string) => answer?.problems.find((p) => p.field === field);
  const typed = (name: string, stored: string) =>
    answer && !answer.ok && name in answer.values ? answer.values[name] : stored;
  return (
    <table className="mb-3 w-full border-collapse text-left text-sm">
      <caption className="mb-2 text-left font-medium">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="border-b border-stone-400 px-2 py-1">
            {t("product.market")}
          </th>
          <th scope="col" className="border-b border-stone-400 px-2 py-1">
            {t("product.regular")}
          </th>
          <th scope="col" className="border-b border-stone-400 px-2 py-1">
            {t("product.selling")}
          </th>
          {extra ? (
            <th scope="col" className="border-b border-stone-400 px-2 py-1">
              {extra.header}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {markets.map((m) => {
          const price = prices.find((p) => p.marketAlias === m.alias);
          const regular = `price.${m.alias}.regular`;
          const selling = `price.${m.alias}.selling`;
          const cell = (name: string, label: string, stored: string) => {
            const id = `${idPrefix}-${m.alias}-${name.endsWith("regular") ? "regular" : "selling"}`;
            const p = problem(name);
            return (
              <td className="border-b border-stone-200 px-2 py-1 align-top">
                <label htmlFor={id} className="sr-only">
                  {label}
                </label>
                <input
                  id={id}
                  name={name}
                  inputMode="decimal"
                  className={`${input} max-w-36${p ? " border-red-700" : ""}`}
                  defaultValue={typed(name, stored)}
                  {...(p ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})}
                />
                {p ? (
                  <span id={`${id}-error`} className="mt-1 block text-red-800">
                    {p.message}
                  </span>
                ) : null}
              </td>
            );
          };
          const names = { market: m.alias.toUpperCase(), currency: m.currencyCode };
          return (
            <tr key={m.alias}>
              <th scope="row" className="border-b border-stone-200 px-2 py-1 font-medium">
                {m.alias.toUpperCase()} ({m.currencyCode})
              </th>
              {cell(regular, t("product.regularIn", names), price ? amountText(price.regularMinor) : "")}
              {cell(
                selling,
                t("product.sellingIn", names),
                price && price.sellingMinor !== price.regularMinor ? amountText(price.sellingMinor) : "",
              )}
              {extra ? (
                <td className="border-b border-stone-200 px-2 py-1 align-top">{extra.cell(m.alias)}</td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
