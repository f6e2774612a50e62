import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import {
  EXTRAS_LIMITS,
  type ExtrasProblemCode,
  extrasProblemText,
  RELATION_KINDS,
} from "#domain/product-extras.ts";
import { type Match, ProductPicker } from "./content-pickers.tsx";
import { Field, type FieldProblem, type FormAnswer } from "./product-form.tsx";
import { type AdminT, errorText } from "./texts.ts";
import { button, Notice, primary } from "./ui.tsx";

/**
 * The product page's extras (issue 15, decision 0057): its images (upload, order by buttons or by dragging, alt
 * texts in nb and sv, delete), its parameters (the specification table, in nb and sv) and its related products
 * (a search combobox to add, buttons to remove and reorder). Every form works without JavaScript; dragging and the
 * combobox's suggestions are what JavaScript adds. The actions are in product-extras.server.ts.
 */
export interface Extras {
  images: { fileName: string; uploaded: boolean; alt: { nb: string | null; sv: string | null } }[];
  parameters: {
    groupId: number;
    identifier: string;
    valueKey: string | null;
    show: boolean;
    nb: { name: string; value: string };
    sv: { name: string; value: string };
  }[];
  related: { productId: number; articleNumber: string; name: string; relation: string }[];
  parameterGroups: { id: number; name: string }[];
  package:
    | {
        groupId: number;
        required: boolean;
        nb: { name: string; description: string | null };
        sv: { name: string; description: string | null };
        options: {
          productId: number;
          articleNumber: string;
          name: string;
          quantity: number;
          isSelected: boolean;
        }[];
      }[]
    | null;
}

type Lang = "en" | "sv" | "nb";

interface SectionProps {
  t: AdminT;
  lang: Lang;
  productId: number;
  version: number;
  extras: Extras;
  answer: FormAnswer | null;
  editable: boolean;
}

const problemOf = (answer: FormAnswer | null, field: string): FieldProblem | undefined =>
  answer?.problems.find((p) => p.field === field);

function Outcome({ t, answer, saved }: { t: AdminT; answer: FormAnswer | null; saved: string }) {
  if (!answer) return null;
  if (answer.ok) return <Notice kind="ok">{saved}</Notice>;
  const messages = answer.problems.map((p) => p.message);
  if (answer.error === "VERSION_CONFLICT") return <Notice kind="error">{t("product.conflict")}</Notice>;
  if (messages.length)
    return (
      <Notice kind="error">
        {t("product.problems")} {[...new Set(messages)].join(" ")}
      </Notice>
    );
  return <Notice kind="error">{t("error.other")}</Notice>;
}

/** The upload route's outcome from the page's query (app/admin/product-images.tsx). */
export function uploadOutcome(search: URLSearchParams, t: AdminT, lang: Lang) {
  if (search.get("images") === "added")
    return { ok: true, text: t("images.added", { n: Number(search.get("n") ?? 0) }) };
  const problem = search.get("imagesProblem");
  if (problem) {
    const max = Number(search.get("max"));
    return {
      ok: false,
      text: extrasProblemText(
        { field: "images", code: problem as ExtrasProblemCode, ...(max ? { max } : {}) },
        lang,
      ),
    };
  }
  const error = search.get("imagesError");
  if (error)
    return { ok: false, text: error === "VERSION_CONFLICT" ? t("product.conflict") : errorText(t, error) };
  return null;
}

export function ImagesSection({
  t,
  lang,
  productId,
  version,
  extras,
  answer,
  editable,
  upload,
}: SectionProps & { upload: { ok: boolean; text: string } | null }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const images = extras.images;
  const mine = answer && (answer.intent === "images" || answer.intent === "deleteImage") ? answer : null;
  const value = (name: string, fallback: string | null) => mine?.values[name] ?? fallback ?? "";
  const drop = (to: number) => {
    if (dragged === null || dragged === to || !form.current) return;
    const data = new FormData(form.current);
    const order = images.map((i) => i.fileName);
    const [item] = order.splice(dragged, 1);
    if (item) order.splice(to, 0, item);
    data.delete("image");
    for (const name of order) data.append("image", name);
    setDragged(null);
    submit(data, { method: "post", preventScrollReset: true });
  };
  const size = Math.round(EXTRAS_LIMITS.imageBytes / 1024 / 1024);
  return (
    <section id="images" aria-labelledby="images-heading" className="mb-8">
      <h2 id="images-heading" className="mb-2 text-xl font-semibold">
        {t("images.title")}
      </h2>
      {upload ? <Notice kind={upload.ok ? "ok" : "error"}>{upload.text}</Notice> : null}
      <Outcome
        t={t}
        answer={mine}
        saved={mine?.intent === "deleteImage" ? t("images.deleted") : t("images.saved")}
      />
      {images.length === 0 ? <p className="mb-3">{t("images.none")}</p> : null}
      {images.length ? (
        <Form method="post" ref={form} preventScrollReset className="mb-4">
          <input type="hidden" name="intent" value="images" />
          <input type="hidden" name="version" value={version} />
          <p className="mb-2 text-sm text-stone-700">{t("images.help")}</p>
          <fieldset disabled={!editable}>
            <ol className="mb-3 grid gap-3">
              {images.map((image, i) => {
                const n = i + 1;
                const nb = `altNb.${image.fileName}`;
                const sv = `altSv.${image.fileName}`;
                return (
                  <li
                    key={image.fileName}
                    draggable={editable}
                    onDragStart={() => setDragged(i)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => {
                      event.preventDefault();
                      drop(i);
                    }}
                    aria-label={t("images.image", { n })}
                    data-image={image.fileName}
                    className="flex flex-wrap items-start gap-3 rounded border border-stone-300 bg-white p-3"
                  >
                    <input type="hidden" name="image" value={image.fileName} />
                    <img
                      src={`/images/product/160/${encodeURIComponent(image.fileName)}`}
                      width={96}
                      height={96}
                      alt={image.alt[lang === "sv" ? "sv" : "nb"] ?? t("images.image", { n })}
                      className="cursor-move rounded border border-stone-200"
                      title={t("images.dragHandle", { n })}
                    />
                    <div className="min-w-64 flex-1">
                      <p className="text-sm font-semibold">
                        {t("images.image", { n })}
                        {i === 0 ? ` · ${t("images.main")}` : ""} ·{" "}
                        {image.uploaded ? t("images.uploaded") : t("images.drawn")}
                      </p>
                      <Field
                        id={`alt-nb-${i}`}
                        label={t("images.altNb")}
                        problem={problemOf(mine, `image.${image.fileName}.nb`)}
                      >
                        {(p) => <input {...p} name={nb} defaultValue={value(nb, image.alt.nb)} />}
                      </Field>
                      <Field
                        id={`alt-sv-${i}`}
                        label={t("images.altSv")}
                        problem={problemOf(mine, `image.${image.fileName}.sv`)}
                      >
                        {(p) => <input {...p} name={sv} defaultValue={value(sv, image.alt.sv)} />}
                      </Field>
                      <p className="flex flex-wrap gap-2">
                        <button
                          type="submit"
                          name="move"
                          value={`${image.fileName}:up`}
                          className={button}
                          disabled={i === 0}
                          aria-label={t("images.moveUp", { n })}
                        >
                          ↑
                        </button>
                        <button
                          type="submit"
                          name="move"
                          value={`${image.fileName}:down`}
                          className={button}
                          disabled={i === images.length - 1}
                          aria-label={t("images.moveDown", { n })}
                        >
                          ↓
                        </button>
                        <button type="submit" name="delete" value={image.fileName} className={button}>
                          {t("images.delete", { n })}
                        </button>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
            <button type="submit" className={primary}>
              {t("images.save")}
            </button>
          </fieldset>
        </Form>
      ) : null}
      {editable ? (
        <Form
          method="post"
          action="/admin/products/images"
          encType="multipart/form-data"
          preventScrollReset
          className="rounded border border-stone-300 bg-white p-3"
        >
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="version" value={version} />
          <p className="mb-2">
            <label htmlFor="image-files" className="block text-sm font-medium">
              {t("images.upload")}
            </label>
            <input
              id="image-files"
              type="file"
              name="images"
              multiple
              required
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="image-files-help"
              className="mt-1"
            />
            <span id="image-files-help" className="mt-1 block text-sm text-stone-700">
              {t("images.uploadHelp", { files: EXTRAS_LIMITS.filesPerUpload, size })}
            </span>
          </p>
          <button type="submit" className={button}>
            {t("images.uploadSubmit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function ParametersSection({ t, version, extras, answer, editable }: SectionProps) {
  const mine = answer?.intent === "parameters" ? answer : null;
  // One empty row at the end takes a new parameter (left out when left empty).
  const rows = [
    ...extras.parameters,
    {
      groupId: extras.parameterGroups[0]?.id ?? 1,
      identifier: "",
      valueKey: null,
      show: true,
      nb: { name: "", value: "" },
      sv: { name: "", value: "" },
    },
  ];
  const value = (i: number, key: string, fallback: string) => mine?.values[`p.${i}.${key}`] ?? fallback;
  return (
    <section aria-labelledby="parameters-heading" className="mb-8">
      <h2 id="parameters-heading" className="mb-2 text-xl font-semibold">
        {t("parameters.title")}
      </h2>
      <Outcome t={t} answer={mine} saved={t("parameters.saved")} />
      {extras.parameters.length === 0 ? <p className="mb-3">{t("parameters.none")}</p> : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="parameters" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="rows" value={rows.length} />
        <fieldset disabled={!editable}>
          {rows.map((row, i) => {
            const last = i === rows.length - 1;
            const f = (k: string) => problemOf(mine, `parameter.${i}.${k}`);
            return (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the form (its fields are named by it).
                key={`${row.identifier}-${i}`}
                className="mb-3 grid gap-x-3 rounded border border-stone-300 bg-white p-3 md:grid-cols-3"
              >
                <legend className="px-1 font-semibold">
                  {last ? t("parameters.add") : t("parameters.row", { n: i + 1 })}
                </legend>
                <input type="hidden" name={`p.${i}.valueKey`} value={row.valueKey ?? ""} />
                <Field id={`param-${i}-group`} label={t("parameters.group")} problem={f("groupId")}>
                  {(p) => (
                    <select
                      {...p}
                      name={`p.${i}.groupId`}
                      defaultValue={value(i, "groupId", String(row.groupId))}
                    >
                      {extras.parameterGroups.map((g) => (
                        <option key={g.id} value={g.id}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  id={`param-${i}-identifier`}
                  label={t("parameters.identifier")}
                  problem={f("identifier")}
                >
                  {(p) => (
                    <input
                      {...p}
                      name={`p.${i}.identifier`}
                      defaultValue={value(i, "identifier", row.identifier)}
                    />
                  )}
                </Field>
                <p className="mb-3 self-end">
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" name={`p.${i}.show`} defaultChecked={row.show} />
                    {t("parameters.show")}
                  </label>
                </p>
                {(
                  [
                    ["nbName", "nb.name", row.nb.name],
                    ["nbValue", "nb.value", row.nb.value],
                    ["svName", "sv.name", row.sv.name],
                    ["svValue", "sv.value", row.sv.value],
                  ] as const
                ).map(([key, field, initial]) => (
                  <Field
                    key={key}
                    id={`param-${i}-${key}`}
                    label={t(PARAMETER_LABELS[key])}
                    problem={f(field)}
                  >
                    {(p) => <input {...p} name={`p.${i}.${key}`} defaultValue={value(i, key, initial)} />}
                  </Field>
                ))}
                {!last ? (
                  <p className="self-end">
                    <button type="submit" name="remove" value={i} className={button}>
                      {t("parameters.remove", { n: i + 1 })}
                    </button>
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          <button type="submit" className={primary}>
            {t("parameters.save")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}

const PARAMETER_LABELS = {
  nbName: "parameters.nameNb",
  nbValue: "parameters.valueNb",
  svName: "parameters.nameSv",
  svValue: "parameters.valueSv",
} as const;

const RELATION_LABELS = {
  similar: "related.kind.similar",
  accessory: "related.kind.accessory",
  related: "related.kind.related",
} as const;

export function RelatedSection({
  t,
  productId,
  version,
  extras,
  answer,
  editable,
  matches,
  search,
}: SectionProps & { matches: Match[]; search: string }) {
  const mine = answer?.intent === "related" ? answer : null;
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const taken = new Set([productId, ...extras.related.map((r) => r.productId)]);
  const add = (id: number) => {
    // The form as it stands (kinds chosen but not saved yet are kept) plus the product picked.
    const data = form.current ? new FormData(form.current) : new FormData();
    data.set("intent", "related");
    data.set("version", String(version));
    data.set("add", String(id));
    submit(data, { method: "post", preventScrollReset: true });
  };
  const noJsMatches = matches.filter((m) => !taken.has(m.productId));
  const kindOf = (r: Extras["related"][number]) =>
    mine?.values[`relation.${r.productId}`] ?? r.relation ?? "similar";
  return (
    <section aria-labelledby="related-heading" className="mb-8">
      <h2 id="related-heading" className="mb-2 text-xl font-semibold">
        {t("related.title")}
      </h2>
      <Outcome t={t} answer={mine} saved={t("related.saved")} />
      {editable ? (
        <ProductPicker
          id="related-search"
          name="relatedSearch"
          label={t("related.search")}
          help={t("related.searchHelp")}
          submitText={t("related.searchSubmit")}
          initial={search}
          exclude={(m) => taken.has(m.productId)}
          onPick={add}
        />
      ) : null}
      <Form method="post" preventScrollReset ref={form}>
        <input type="hidden" name="intent" value="related" />
        <input type="hidden" name="version" value={version} />
        {extras.related.map((r) => (
          <input key={r.productId} type="hidden" name="related" value={r.productId} />
        ))}
        <fieldset disabled={!editable}>
          {search && noJsMatches.length === 0 ? <p className="mb-3">{t("related.noMatch")}</p> : null}
          {noJsMatches.length ? (
            <ul className="mb-3 flex flex-wrap gap-2">
              {noJsMatches.map((m) => (
                <li key={m.productId}>
                  <button type="submit" name="add" value={m.productId} className={button}>
                    {t("related.add", { name: `${m.name} (${m.articleNumber})` })}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {extras.related.length === 0 ? <p className="mb-3">{t("related.none")}</p> : null}
          <ol className="mb-3 grid gap-2">
            {extras.related.map((r, i) => (
              <li
                key={r.productId}
                className="flex flex-wrap items-center gap-2 rounded border border-stone-300 bg-white p-2"
              >
                <a href={`/admin/products/${r.productId}`} className="flex-1 underline">
                  {r.name} ({r.articleNumber})
                </a>
                <select
                  name={`relation.${r.productId}`}
                  aria-label={t("related.kindOf", { name: r.name })}
                  defaultValue={kindOf(r)}
                  className="rounded border border-stone-500 bg-white px-2 py-1"
                >
                  {RELATION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(RELATION_LABELS[kind])}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  name="move"
                  value={`${r.productId}:up`}
                  className={button}
                  disabled={i === 0}
                  aria-label={t("related.moveUp", { name: r.name })}
                >
                  ↑
                </button>
                <button
                  type="submit"
                  name="move"
                  value={`${r.productId}:down`}
                  className={button}
                  disabled={i === extras.related.length - 1}
                  aria-label={t("related.moveDown", { name: r.name })}
                >
                  ↓
                </button>
                <button type="submit" name="remove" value={r.productId} className={button}>
                  {t("related.remove", { name: r.name })}
                </button>
              </li>
            ))}
          </ol>
          {extras.related.length ? (
            <button type="submit" className={primary}>
              {t("related.save")}
            </button>
          ) : null}
        </fieldset>
      </Form>
    </section>
  );
}

/**
 * A package's groups and their choices (shown for a product of type "package" only). A choice is added by picking a
 * product in the group's search (a package cannot be a choice: the picker leaves packages out and the API refuses
 * one, domain/product-extras.ts `packageChoiceProblem`); each pick saves the form as it stands.
 */
export function PackageSection({
  t,
  productId,
  version,
  extras,
  answer,
  editable,
  packageMatches,
  packageSearch,
}: SectionProps & { packageMatches: Match[]; packageSearch: { group: number; q: string } | null }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  if (!extras.package) return null;
  const mine = answer?.intent === "package" ? answer : null;
  // An empty group at the end takes a new one.
  const groups = [
    ...extras.package,
    {
      groupId: 0,
      required: false,
      nb: { name: "", description: null },
      sv: { name: "", description: null },
      options: [],
    },
  ];
  const value = (name: string, fallback: string) => mine?.values[name] ?? fallback;
  const heading = (i: number) =>
    i === groups.length - 1 ? t("package.addGroup") : t("package.group", { n: i + 1 });
  const matchesOf = (i: number) => packageMatches.filter((m) => !taken(i)(m));
  const taken = (i: number) => (m: Match) =>
    m.productId === productId ||
    m.type === "package" ||
    (groups[i]?.options ?? []).some((o) => o.productId === m.productId);
  const addChoice = (i: number, id: number) => {
    const data = form.current ? new FormData(form.current) : new FormData();
    data.set("addChoice", `${i}:${id}`);
    submit(data, { method: "post", preventScrollReset: true });
  };
  return (
    <section aria-labelledby="package-heading" className="mb-8">
      <h2 id="package-heading" className="mb-2 text-xl font-semibold">
        {t("package.title")}
      </h2>
      <p className="mb-2 text-sm text-stone-700">{t("package.help")}</p>
      <Outcome t={t} answer={mine} saved={t("package.saved")} />
      {groups.map((_g, i) => (
        // The plain (no JavaScript) product search of each group, submitted by the group's search field.
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the form.
        <Form key={i} id={`package-search-${i}`} method="get" preventScrollReset />
      ))}
      <Form method="post" preventScrollReset ref={form} id="package-form">
        <input type="hidden" name="intent" value="package" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="groups" value={groups.length} />
        <fieldset disabled={!editable}>
          {groups.map((g, i) => {
            const last = i === groups.length - 1;
            const n = (k: string) => `g.${i}.${k}`;
            const f = (k: string) => problemOf(mine, `group.${i}.${k}`);
            const defaultChoice = g.options.findIndex((o) => o.isSelected);
            return (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the form (its fields are named by it).
                key={`${g.groupId}-${i}`}
                className="mb-3 rounded border border-stone-300 bg-white p-3"
              >
                <legend className="px-1 font-semibold">{heading(i)}</legend>
                <input type="hidden" name={n("groupId")} value={g.groupId || ""} />
                <input type="hidden" name={n("options")} value={g.options.length} />
                <div className="grid gap-x-3 md:grid-cols-2">
                  {(
                    [
                      ["nbName", "nb.name", g.nb.name],
                      ["svName", "sv.name", g.sv.name],
                      ["nbDescription", "nb.description", g.nb.description ?? ""],
                      ["svDescription", "sv.description", g.sv.description ?? ""],
                    ] as const
                  ).map(([key, field, initial]) => (
                    <Field
                      key={key}
                      id={`group-${i}-${key}`}
                      label={t(`package.${key}` as const)}
                      problem={f(field)}
                    >
                      {(p) => <input {...p} name={n(key)} defaultValue={value(n(key), initial)} />}
                    </Field>
                  ))}
                </div>
                <p className="mb-3">
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" name={n("required")} defaultChecked={g.required} />
                    {t("package.required")}
                  </label>
                </p>
                {editable ? (
                  <ProductPicker
                    id={`package-search-${i}-q`}
                    name="packageSearch"
                    formId={`package-search-${i}`}
                    label={t("package.search", { group: heading(i) })}
                    help={t("package.searchHelp")}
                    submitText={t("related.searchSubmit")}
                    initial={packageSearch?.group === i ? packageSearch.q : ""}
                    exclude={taken(i)}
                    onPick={(id) => addChoice(i, id)}
                    hidden={{ packageGroup: String(i) }}
                  />
                ) : null}
                {packageSearch?.group === i ? (
                  matchesOf(i).length ? (
                    <ul className="mb-2 flex flex-wrap gap-2">
                      {matchesOf(i).map((m) => (
                        <li key={m.productId}>
                          <button
                            type="submit"
                            name="addChoice"
                            value={`${i}:${m.productId}`}
                            className={button}
                          >
                            {t("package.addChoice", {
                              name: `${m.name} (${m.articleNumber})`,
                              group: heading(i),
                            })}
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mb-2">{t("related.noMatch")}</p>
                  )
                ) : null}
                {f("options") ? (
                  <p className="mb-2 text-sm text-red-800" role="alert">
                    {f("options")?.message}
                  </p>
                ) : null}
                {g.options.length ? (
                  <table className="mb-3 text-sm">
                    <caption className="text-left font-medium">{t("package.choices")}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className="px-2 text-left">
                          {t("package.product")}
                        </th>
                        <th scope="col" className="px-2 text-left">
                          {t("package.quantity")}
                        </th>
                        <th scope="col" className="px-2 text-left">
                          {t("package.default")}
                        </th>
                        <th scope="col" className="px-2 text-left">
                          <span className="sr-only">{t("package.removeChoiceHead")}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {g.options.map((o, k) => {
                        const id = `group-${i}-option-${k}`;
                        const label = `${o.name} (${o.articleNumber})`;
                        const productProblem = f(`option.${k}.productId`);
                        const quantityProblem = f(`option.${k}.quantity`);
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a choice's row is its place in the form.
                          <tr key={k}>
                            <td className="px-2 py-1">
                              <input type="hidden" name={n(`o.${k}.productId`)} value={o.productId} />
                              <a href={`/admin/products/${o.productId}`} className="underline">
                                {label}
                              </a>
                              {productProblem ? (
                                <span id={`${id}-product-error`} className="block text-red-800">
                                  {productProblem.message}
                                </span>
                              ) : null}
                            </td>
                            <td className="px-2 py-1">
                              <input
                                aria-label={t("package.quantityOf", { name: label })}
                                name={n(`o.${k}.quantity`)}
                                inputMode="numeric"
                                defaultValue={value(n(`o.${k}.quantity`), String(o.quantity))}
                                aria-invalid={quantityProblem ? true : undefined}
                                aria-describedby={quantityProblem ? `${id}-quantity-error` : undefined}
                                className="w-16 rounded border border-stone-500 px-2 py-1"
                              />
                              {quantityProblem ? (
                                <span id={`${id}-quantity-error`} className="block text-red-800">
                                  {quantityProblem.message}
                                </span>
                              ) : null}
                            </td>
                            <td className="px-2 py-1">
                              <input
                                type="radio"
                                aria-label={t("package.defaultOf", { name: label })}
                                name={n("default")}
                                value={k}
                                defaultChecked={k === defaultChoice}
                              />
                            </td>
                            <td className="px-2 py-1">
                              <button
                                type="submit"
                                name="removeChoice"
                                value={`${i}:${k}`}
                                className={button}
                              >
                                {t("package.removeChoice", { name: label })}
                              </button>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                ) : (
                  <p className="mb-3 text-sm">{t("package.noChoices")}</p>
                )}
                {!last ? (
                  <button type="submit" name="removeGroup" value={i} className={button}>
                    {t("package.removeGroup", { n: i + 1 })}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          <button type="submit" className={primary}>
            {t("package.save")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
