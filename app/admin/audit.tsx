import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import { primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/audit (issue 15 "an audit log of every change", decision 0053), the owner's: every change, newest first,
 * filtered by admin, entity, action and dates (in the URL, so a filtered page can be shared and works without
 * script), a page at a time; each entry's before and after shown field by field.
 */
const PAGE = 25;

interface Entry {
  id: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  at: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) ?? "";
  const filter = { actor: param("actor"), entity: param("entity"), action: param("action") };
  const from = DAY.test(param("from")) ? param("from") : "";
  const to = DAY.test(param("to")) ? param("to") : "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  // "To" is inclusive on the screen: the API's bound is the next day's start.
  const toNext = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : null;
  const answer = await adminRequest<{
    auditPage: { total: number; entries: Entry[] };
    auditFacets: { actors: string[]; entities: string[]; actions: string[] };
  }>(
    request,
    context,
    `query($actor: String, $entity: String, $action: String, $from: String, $to: String, $skip: Int, $take: Int) {
      auditPage(actor: $actor, entity: $entity, action: $action, from: $from, to: $to, skip: $skip, take: $take) {
        total entries { id actor action entity entityId before after at } }
      auditFacets { actors entities actions } }`,
    {
      actor: filter.actor || null,
      entity: filter.entity || null,
      action: filter.action || null,
      from: from ? `${from}T00:00:00Z` : null,
      to: toNext,
      skip: (page - 1) * PAGE,
      take: PAGE,
    },
  );
  if (answer.error === "FORBIDDEN") throw new Response("Forbidden", { status: 403 });
  return {
    filter: { ...filter, from, to },
    page,
    total: answer.data?.auditPage.total ?? 0,
    entries: answer.data?.auditPage.entries ?? [],
    facets: answer.data?.auditFacets ?? { actors: [], entities: [], actions: [] },
  };
}

export function meta() {
  return [{ title: "Mili · Audit log" }];
}

const show = (value: unknown) =>
  value === undefined ? "–" : typeof value === "string" ? value : JSON.stringify(value);

/** The fields of an entry's before and after, each once, with its value on either side. */
export function changedFields(before: string | null, after: string | null) {
  const parse = (text: string | null): Record<string, unknown> => {
    if (!text) return {};
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  };
  const b = parse(before);
  const a = parse(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((key) => ({
    key,
    before: show(b[key]),
    after: show(a[key]),
    changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  }));
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { filter, page, total, entries, facets } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const link = (p: number) => {
    const kept = Object.entries(filter).filter(([, v]) => v) as [string, string][];
    return `/admin/audit?${new URLSearchParams([...kept, ["page", String(p)]])}`;
  };
  const select = (name: "actor" | "entity" | "action", label: string, values: string[]) => (
    <p>
      <label htmlFor={`audit-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={`audit-${name}`}
        name={name}
        defaultValue={filter[name]}
        className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
      >
        <option value="">{t("audit.any")}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </p>
  );
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("audit.title")}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        {select("actor", t("audit.who"), facets.actors)}
        {select("entity", t("audit.entity"), facets.entities)}
        {select("action", t("audit.action"), facets.actions)}
        <p>
          <label htmlFor="audit-from" className="block text-sm font-medium">
            {t("audit.from")}
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            defaultValue={filter.from}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          />
        </p>
        <p>
          <label htmlFor="audit-to" className="block text-sm font-medium">
            {t("audit.to")}
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            defaultValue={filter.to}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          />
        </p>
        <button type="submit" className={primary}>
          {t("audit.filter")}
        </button>
      </Form>
      {entries.length === 0 ? (
        <p>{t("audit.none")}</p>
      ) : (
        <DataTable
          caption={t("audit.caption", { from, to, total })}
          rows={entries}
          rowKey={(e) => e.id}
          columns={[
            { id: "at", header: t("audit.when"), cell: (e) => <When iso={e.at} lang={lang} /> },
            { id: "actor", header: t("audit.who"), cell: (e) => e.actor },
            { id: "action", header: t("audit.action"), cell: (e) => <code>{e.action}</code> },
            {
              id: "entity",
              header: t("audit.entity"),
              cell: (e) => (
                <>
                  {e.entity}
                  {e.entityId ? ` #${e.entityId}` : ""}
                </>
              ),
            },
            {
              id: "change",
              header: t("audit.change"),
              cell: (e) => {
                const fields = changedFields(e.before, e.after);
                return fields.length === 0 ? (
                  "–"
                ) : (
                  <ul className="space-y-1">
                    {fields.map((f) => (
                      <li key={f.key}>
                        <span className="font-medium">{f.key}</span>:{" "}
                        {f.changed && f.before !== "–" ? (
                          <>
                            <span className="sr-only">{t("audit.before")} </span>
                            <del className="text-red-800">{f.before}</del> →{" "}
                            <span className="sr-only">{t("audit.after")} </span>
                            <ins className="text-green-900 no-underline">{f.after}</ins>
                          </>
                        ) : (
                          <span>{f.after !== "–" ? f.after : f.before}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                );
              },
            },
          ]}
        />
      )}
      <Pager
        label={t("audit.title")}
        previous={page > 1 ? link(page - 1) : null}
        next={to < total ? link(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}
