import { Field, type FormAnswer } from "./product-form.tsx";
import { type AdminT, type AdminTextKey, errorText } from "./texts.ts";
import { Notice, useAdminT, When } from "./ui.tsx";

/**
 * The category and brand screens' form parts (decision 0056): the fields (named as the API's problem fields:
 * "nb.name", "sv.alias", "parentId", "name", …; a problem shows under its field in the admin's language, the typed
 * values stay), the outcome of a change, and the API input read from a posted form.
 */
export interface CategoryTextsValues {
  languageId: string;
  name: string;
  alias: string;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export interface CategoryValues {
  parentId: number | null;
  active: boolean;
  texts: CategoryTextsValues[];
}

export interface CategoryRow {
  categoryId: number;
  parentId: number | null;
  sortOrder: number;
  active: boolean;
  version: number;
  name: string;
  productCount: number;
  childCount: number;
}

type ChildrenMap = Map<number | null, CategoryRow[]>;

/** The categories by parent, each parent's in sibling order. */
export function childrenMap(rows: readonly CategoryRow[]): ChildrenMap {
  const map: ChildrenMap = new Map();
  for (const r of rows) map.set(r.parentId, [...(map.get(r.parentId) ?? []), r]);
  return map;
}

/** Every category depth-first, indented, for a parent choice. */
export function parentChoices(rows: readonly CategoryRow[], except?: number): ParentChoice[] {
  const children = childrenMap(rows);
  const out: ParentChoice[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const c of children.get(parentId) ?? []) {
      if (c.categoryId === except) continue;
      out.push({ categoryId: c.categoryId, label: `${"— ".repeat(depth)}${c.name}` });
      walk(c.categoryId, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export interface ParentChoice {
  categoryId: number;
  /** Indented by depth, e.g. "— Jakker". */
  label: string;
}

const LANGS = [
  { prefix: "nb", languageId: "nb-NO" },
  { prefix: "sv", languageId: "sv-SE" },
] as const;

function typedOf(answer: FormAnswer | null) {
  return (name: string, stored: string | null | undefined) =>
    answer && !answer.ok && name in answer.values ? (answer.values[name] ?? "") : (stored ?? "");
}
function problemOf(answer: FormAnswer | null) {
  return (field: string) => answer?.problems.find((p) => p.field === field);
}

export function CategoryFields({
  t,
  idPrefix,
  category,
  parents,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  category: CategoryValues;
  parents: ParentChoice[];
  answer: FormAnswer | null;
}) {
  const typed = typedOf(answer);
  const problem = problemOf(answer);
  return (
    <>
      <Field id={`${idPrefix}-parent`} label={t("category.parent")} problem={problem("parentId")}>
        {(props) => (
          <select
            {...props}
            name="parentId"
            defaultValue={typed("parentId", String(category.parentId ?? ""))}
          >
            <option value="">{t("category.noParent")}</option>
            {parents.map((p) => (
              <option key={p.categoryId} value={p.categoryId}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="mb-3 flex items-center gap-2">
        <input
          id={`${idPrefix}-active`}
          type="checkbox"
          name="active"
          value="true"
          defaultChecked={answer && !answer.ok ? answer.values.active === "true" : category.active}
        />
        <label htmlFor={`${idPrefix}-active`}>{t("structure.visible")}</label>
      </p>
      {LANGS.map(({ prefix, languageId }) => {
        const stored = category.texts.find((x) => x.languageId === languageId);
        const field = (key: "name" | "alias" | "description" | "metaTitle" | "metaDescription") =>
          `${prefix}.${key}`;
        return (
          <fieldset key={prefix} className="mb-4 rounded border border-stone-300 bg-white p-4">
            <legend className="px-1 font-semibold">{t(`structure.lang.${prefix}` as AdminTextKey)}</legend>
            <Field
              id={`${idPrefix}-${prefix}-name`}
              label={t("structure.name")}
              problem={problem(field("name"))}
            >
              {(props) => (
                <input {...props} name={field("name")} defaultValue={typed(field("name"), stored?.name)} />
              )}
            </Field>
            <Field
              id={`${idPrefix}-${prefix}-alias`}
              label={t("structure.alias")}
              problem={problem(field("alias"))}
            >
              {(props) => (
                <input {...props} name={field("alias")} defaultValue={typed(field("alias"), stored?.alias)} />
              )}
            </Field>
            <Field
              id={`${idPrefix}-${prefix}-description`}
              label={t("structure.description")}
              problem={problem(field("description"))}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={3}
                  name={field("description")}
                  defaultValue={typed(field("description"), stored?.description)}
                />
              )}
            </Field>
            <Field
              id={`${idPrefix}-${prefix}-metaTitle`}
              label={t("structure.metaTitle")}
              problem={problem(field("metaTitle"))}
            >
              {(props) => (
                <input
                  {...props}
                  name={field("metaTitle")}
                  defaultValue={typed(field("metaTitle"), stored?.metaTitle)}
                />
              )}
            </Field>
            <Field
              id={`${idPrefix}-${prefix}-metaDescription`}
              label={t("structure.metaDescription")}
              problem={problem(field("metaDescription"))}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  name={field("metaDescription")}
                  defaultValue={typed(field("metaDescription"), stored?.metaDescription)}
                />
              )}
            </Field>
          </fieldset>
        );
      })}
      <p className="mb-4 text-sm text-stone-700">{t("structure.aliasHelp")}</p>
    </>
  );
}

/** The API's AdminCategoryInput from a posted category form. */
export function categoryInputOf(v: Record<string, string>) {
  const texts = (prefix: string) => ({
    name: v[`${prefix}.name`] ?? "",
    alias: v[`${prefix}.alias`] ?? "",
    description: v[`${prefix}.description`] ?? "",
    metaTitle: v[`${prefix}.metaTitle`] ?? "",
    metaDescription: v[`${prefix}.metaDescription`] ?? "",
  });
  const parent = Number(v.parentId);
  return {
    parentId: v.parentId && Number.isSafeInteger(parent) ? parent : null,
    active: v.active === "true",
    nb: texts("nb"),
    sv: texts("sv"),
  };
}

export interface BrandValues {
  name: string;
  alias: string;
  active: boolean;
  descriptions: { languageId: string; text: string }[];
}

export function BrandFields({
  t,
  idPrefix,
  brand,
  answer,
}: {
  t: AdminT;
  idPrefix: string;
  brand: BrandValues;
  answer: FormAnswer | null;
}) {
  const typed = typedOf(answer);
  const problem = problemOf(answer);
  return (
    <>
      <Field id={`${idPrefix}-name`} label={t("structure.name")} problem={problem("name")}>
        {(props) => <input {...props} name="name" defaultValue={typed("name", brand.name)} />}
      </Field>
      <Field id={`${idPrefix}-alias`} label={t("structure.alias")} problem={problem("alias")}>
        {(props) => <input {...props} name="alias" defaultValue={typed("alias", brand.alias)} />}
      </Field>
      <p className="-mt-2 mb-3 text-sm text-stone-700">{t("structure.aliasHelp")}</p>
      <p className="mb-3 flex items-center gap-2">
        <input
          id={`${idPrefix}-active`}
          type="checkbox"
          name="active"
          value="true"
          defaultChecked={answer && !answer.ok ? answer.values.active === "true" : brand.active}
        />
        <label htmlFor={`${idPrefix}-active`}>{t("structure.visible")}</label>
      </p>
      {LANGS.map(({ prefix, languageId }) => (
        <Field
          key={prefix}
          id={`${idPrefix}-${prefix}-description`}
          label={`${t("structure.description")} (${t(`structure.lang.${prefix}` as AdminTextKey)})`}
          problem={problem(`${prefix}.description`)}
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              name={`${prefix}.description`}
              defaultValue={typed(
                `${prefix}.description`,
                brand.descriptions.find((d) => d.languageId === languageId)?.text,
              )}
            />
          )}
        </Field>
      ))}
    </>
  );
}

/** The API's AdminBrandInput from a posted brand form. */
export function brandInputOf(v: Record<string, string>) {
  return {
    name: v.name ?? "",
    alias: v.alias ?? "",
    active: v.active === "true",
    nbDescription: v["nb.description"] ?? "",
    svDescription: v["sv.description"] ?? "",
  };
}

/** What a change answered: saved, a conflict with who changed what, field problems, or another refusal. */
export function Outcome({ answer, okText }: { answer: FormAnswer | null; okText: string }) {
  const { t, lang } = useAdminT();
  if (!answer) return null;
  if (answer.ok) return <Notice kind="ok">{okText}</Notice>;
  if (answer.error === "VERSION_CONFLICT")
    return (
      <div role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-red-900">
        <p>{t("structure.conflict")}</p>
        <ul className="list-inside list-disc">
          {answer.changes.map((c) => (
            <li key={`${c.at}-${c.actor}`}>
              {c.actor}, <When iso={c.at} lang={lang} />: {c.fields.join(", ")}
            </li>
          ))}
        </ul>
        <p className="mt-2">
          <a href="?" className="underline">
            {t("structure.reload")}
          </a>
        </p>
      </div>
    );
  if (answer.problems.length) return <Notice kind="error">{t("structure.problems")}</Notice>;
  if (answer.error === "IN_USE" && Number(answer.values["in.menus"] ?? 0) > 0)
    return (
      <Notice kind="error">
        {t("error.IN_USE_MENU", {
          children: Number(answer.values["in.children"] ?? 0),
          products: Number(answer.values["in.products"] ?? 0),
          menus: Number(answer.values["in.menus"] ?? 0),
        })}
      </Notice>
    );
  if (answer.error === "IN_USE")
    return (
      <Notice kind="error">
        {t("error.IN_USE", {
          children: Number(answer.values["in.children"] ?? 0),
          products: Number(answer.values["in.products"] ?? 0),
        })}
      </Notice>
    );
  return <Notice kind="error">{errorText(t, answer.error ?? undefined)}</Notice>;
}
