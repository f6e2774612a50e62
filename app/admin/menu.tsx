import { useState } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/menu";
import { adminRequest } from "./api.server.ts";
import { Outcome, useTyped } from "./campaign-form.tsx";
import { PickCombobox, type PickOption } from "./content-pickers.tsx";
import { Field, type FormAnswer, formAnswer } from "./product-form.tsx";
import type { AdminT } from "./texts.ts";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/menus/:locationId (issue 15, decision 0058): a menu's items — labels in Norwegian and Swedish, what each
 * links to (a category, brand or content page picked by name in a combobox, decision 0063; or an address per
 * language), the item it sits under — in order; Move up/down saves the menu with the item moved; an empty row adds
 * an item; "remove" takes one out. The stored link is the target's key, as the storefront reads it.
 */
interface Item {
  itemId: number | null;
  parentItemId: number | null;
  labelNb: string;
  labelSv: string;
  targetType: string;
  target: string;
  urlNb: string;
  urlSv: string;
}
interface Menu {
  locationId: string;
  name: string;
  version: number;
  items: Item[];
}

const FIELDS = ["labelNb", "labelSv", "targetType", "target", "urlNb", "urlSv"] as const;
const EMPTY: Item = {
  itemId: null,
  parentItemId: null,
  labelNb: "",
  labelSv: "",
  targetType: "content",
  target: "",
  urlNb: "",
  urlSv: "",
};

/** What a link can point at, per kind: the stored key and the name it is picked by. */
type Targets = Record<"category" | "brand" | "content", PickOption[]>;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  type Choice = { key: string; name: string };
  const answer = await adminRequest<{
    menu: Menu | null;
    contentChoices: { categories: Choice[]; brands: Choice[]; pages: Choice[] };
  }>(
    request,
    context,
    `query($l: String!) { menu(locationId: $l) { locationId name version
      items { itemId parentItemId labelNb labelSv targetType target urlNb urlSv } }
      contentChoices { categories { key name } brands { key name } pages { key name } } }`,
    { l: (params.locationId ?? "").slice(0, 100) },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.menu) throw new Response("Not found", { status: 404 });
  const options = (rows: Choice[]) => rows.map((r) => ({ value: r.key, label: r.name }));
  const c = answer.data.contentChoices;
  const targets: Targets = {
    category: options(c.categories),
    brand: options(c.brands),
    content: options(c.pages),
  };
  return { menu: answer.data.menu, targets };
}

/** The posted rows (items.{i}.field) in order, without removed and empty new ones; a move applied. */
function itemsOf(form: FormData): { items: Item[]; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  const count = Math.min(Number(values.count) || 0, 100);
  const rows: Item[] = [];
  for (let i = 0; i < count; i++) {
    const get = (name: string) => values[`items.${i}.${name}`] ?? "";
    if (values[`items.${i}.remove`] === "true") continue;
    const item: Item = {
      itemId: Number(get("itemId")) || null,
      parentItemId: Number(get("parentItemId")) || null,
      labelNb: get("labelNb"),
      labelSv: get("labelSv"),
      targetType: get("targetType"),
      target: get("target"),
      urlNb: get("urlNb"),
      urlSv: get("urlSv"),
    };
    if (item.itemId === null && !item.labelNb.trim() && !item.labelSv.trim()) continue;
    rows.push(item);
  }
  const move = /^(up|down):(\d+)$/.exec(values.intent ?? "");
  if (move) {
    const id = Number(move[2]);
    const from = rows.findIndex((r) => r.itemId === id);
    const to = from + (move[1] === "up" ? -1 : 1);
    if (from >= 0 && to >= 0 && to < rows.length) {
      const [row] = rows.splice(from, 1);
      if (row) rows.splice(to, 0, row);
    }
  }
  return { items: rows, values };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { items, values } = itemsOf(await request.formData());
  const answer = await adminRequest(
    request,
    context,
    `mutation($l: String!, $v: Int!, $items: [AdminMenuItemInput!]!) { saveMenu(locationId: $l, version: $v, items: $items) { version } }`,
    { l: (params.locationId ?? "").slice(0, 100), v: Number(values.version) || 0, items },
  );
  // A problem names the item by its place in what was sent; the form shows the rows in that order.
  const problems = answer.error ? items : null;
  return { ...formAnswer("save", null, answer, values), sent: problems };
}

export function meta() {
  return [{ title: "Mili · Menu" }];
}

const PICK_LABELS = {
  category: "menu.pickCategory",
  brand: "menu.pickBrand",
  content: "menu.pickContent",
} as const;

function ItemFields({
  t,
  index,
  item,
  tops,
  answer,
  targets,
  last,
  first,
}: {
  t: AdminT;
  index: number;
  item: Item;
  tops: Item[];
  answer: FormAnswer | null;
  targets: Targets;
  first: boolean;
  last: boolean;
}) {
  const { problem } = useTyped(answer);
  const [type, setType] = useState(item.targetType);
  const n = index + 1;
  const name = (f: string) => `items.${index}.${f}`;
  const id = (f: string) => `menu-${index}-${f}`;
  const text = (f: (typeof FIELDS)[number], label: string, lang?: string) => (
    <Field id={id(f)} label={label} problem={problem(name(f))}>
      {(props) => <input {...props} name={name(f)} lang={lang} defaultValue={item[f]} />}
    </Field>
  );
  return (
    <fieldset className="mb-4 rounded border border-stone-300 bg-white p-4">
      <legend className="px-1 font-semibold">
        {item.itemId === null ? t("menu.newItem") : t("menu.item", { n })}
      </legend>
      {item.itemId !== null ? <input type="hidden" name={name("itemId")} value={item.itemId} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text("labelNb", t("menu.labelNb"), "nb")}
        {text("labelSv", t("menu.labelSv"), "sv")}
        <Field id={id("targetType")} label={t("menu.targetType")} problem={problem(name("targetType"))}>
          {(props) => (
            <select
              {...props}
              name={name("targetType")}
              value={type}
              onChange={(event) => setType(event.target.value)}
            >
              <option value="content">{t("menu.typeContent")}</option>
              <option value="category">{t("menu.typeCategory")}</option>
              <option value="brand">{t("menu.typeBrand")}</option>
              <option value="url">{t("menu.typeUrl")}</option>
            </select>
          )}
        </Field>
        {type === "url" ? (
          <>
            {text("urlNb", t("menu.urlNb"))}
            {text("urlSv", t("menu.urlSv"))}
          </>
        ) : type === "category" || type === "brand" || type === "content" ? (
          <PickCombobox
            key={type}
            id={id(`target-${type}`)}
            name={name("target")}
            label={t(PICK_LABELS[type])}
            options={targets[type]}
            value={type === item.targetType ? item.target : ""}
            problem={problem(name("target"))}
            help={t("menu.pickHelp")}
            missing={t("menu.pickMissing")}
            noMatch={t("menu.pickNoMatch")}
          />
        ) : null}
        {item.itemId !== null ? (
          <Field id={id("parentItemId")} label={t("menu.parent")} problem={problem(name("parentItemId"))}>
            {(props) => (
              <select {...props} name={name("parentItemId")} defaultValue={String(item.parentItemId ?? "")}>
                <option value="">{t("menu.top")}</option>
                {tops
                  .filter((top) => top.itemId !== item.itemId)
                  .map((top) => (
                    <option key={top.itemId} value={String(top.itemId)}>
                      {top.labelNb}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>
      {item.itemId !== null ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex items-center gap-2">
            <input id={id("remove")} type="checkbox" name={name("remove")} value="true" />
            <label htmlFor={id("remove")}>{t("menu.remove")}</label>
          </span>
          <button type="submit" name="intent" value={`up:${item.itemId}`} disabled={first} className={button}>
            {t("menu.up", { n })}
          </button>
          <button
            type="submit"
            name="intent"
            value={`down:${item.itemId}`}
            disabled={last}
            className={button}
          >
            {t("menu.down", { n })}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

export default function MenuScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { menu, targets } = loaderData;
  const answer = (actionData ?? null) as (FormAnswer & { sent: Item[] | null }) | null;
  const editable = may("content.edit");
  // Refused: the rows as sent (problems name them by that order); else the menu as stored, and an empty new row.
  const rows = [
    ...(answer?.sent ?? menu.items),
    ...(answer?.sent?.some((i) => i.itemId === null) ? [] : [EMPTY]),
  ];
  const tops = menu.items.filter((i) => i.parentItemId === null);
  const saved = rows.filter((r) => r.itemId !== null);
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/menus" className="underline">
          {t("menu.back")}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{t("menu.title", { name: menu.name })}</h1>
      <p className="mb-4 text-stone-700">{t("menu.intro")}</p>
      {!editable ? <Notice kind="error">{t("content.readOnly")}</Notice> : null}
      <Outcome answer={answer} saved={t("menu.saved")} />
      {/* A refused save shows the rows as sent; a saved one reloads them (the key makes React start afresh). */}
      <Form method="post" key={`${menu.version}-${answer?.ok ?? "none"}`}>
        <input type="hidden" name="version" value={menu.version} />
        <input type="hidden" name="count" value={rows.length} />
        {/* Enter in a field saves (the form's first submit button is its default, not a Move button). */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <fieldset disabled={!editable}>
          {rows.map((item, i) => (
            <ItemFields
              key={item.itemId ?? `new-${i}`}
              t={t}
              index={i}
              item={item}
              tops={tops}
              answer={answer}
              targets={targets}
              first={item.itemId === saved[0]?.itemId}
              last={item.itemId === saved[saved.length - 1]?.itemId}
            />
          ))}
          <button type="submit" name="intent" value="save" className={primary}>
            {t("menu.save")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
