import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { brands, categories, discountCampaigns, widgetAreas, widgets } from "#db/schema/index.ts";
import { instantToLocal } from "#domain/campaign-edit.ts";
import {
  type ContentProblem,
  checkWidgetSchedule,
  parseWidgetConfig,
  sameWidgets,
  type WidgetScheduleInput,
} from "#domain/content-edit.ts";
import { checkWidgetForm, isWidgetFormType, widgetFormFields } from "#domain/widget-forms.ts";
import { imageProblems } from "#services/content/admin.ts";
import { sanitizeHtmlWidget, sanitizeRichText } from "#services/content/sanitize.ts";
import {
  checkWidgetConfig,
  isWidgetArea,
  isWidgetKind,
  WIDGET_AREAS,
  WIDGET_LANGUAGES,
} from "#services/content/widget-config.ts";
import { writeAudit } from "../audit.ts";
import { refusable, refuseStale } from "../refusal.ts";
import type { AdminPrincipal } from "../users.ts";
import { type ContentResult, invalid, notFound } from "./result.ts";

/**
 * The back office's widgets (issue 15, decision 0058) in the site-wide areas (Frontpage/Main, Productlist/Top and
 * Bottom, Product/Main): listed in order, added, changed (settings as JSON checked by the type's schema of
 * services/content/widget-config.ts, device class, dates), reordered, published and unpublished, deleted. A new
 * widget is a draft (unpublished) until published; /preview-widgets shows drafts to the holder of the shop's
 * preview token. Every change is versioned and audited; the catalog version follows it (migration 0010), so a
 * cached page shows a published change at its next request.
 */

export interface AdminWidgetArea {
  family: string;
  areaName: string;
  widgets: number;
  drafts: number;
}

export async function adminWidgetAreas(db: Database): Promise<AdminWidgetArea[]> {
  const rows = await db
    .select({ family: widgetAreas.family, areaName: widgetAreas.areaName, active: widgets.active })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(isNull(widgetAreas.pageId));
  return Object.entries(WIDGET_AREAS).flatMap(([family, names]) =>
    names.map((areaName) => {
      const own = rows.filter((r) => r.family === family && r.areaName === areaName);
      return { family, areaName, widgets: own.length, drafts: own.filter((r) => !r.active).length };
    }),
  );
}

type WidgetRow = typeof widgets.$inferSelect;

export interface AdminWidgetRow {
  widgetId: number;
  type: string;
  /** A title or text of its settings, in the admin's language (or the other), to tell widgets apart. */
  summary: string;
  published: boolean;
  displaySetting: string | null;
  validFrom: string | null;
  validTo: string | null;
  version: number;
}

function summaryOf(row: WidgetRow, languageId: string): string {
  const c = (row.config ?? {}) as Record<string, unknown>;
  for (const key of ["title", "text", "alt", "html"]) {
    const value = c[key];
    if (value && typeof value === "object") {
      const texts = value as Record<string, unknown>;
      const text = texts[languageId] ?? texts["nb-NO"] ?? texts["sv-SE"];
      if (typeof text === "string" && text.trim())
        return text
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 80);
    }
  }
  if (Array.isArray(c.buttons)) return `${c.buttons.length} ×`;
  return "";
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function areaRows(db: Database, family: string, areaName: string) {
  const rows = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(
      and(eq(widgetAreas.family, family), eq(widgetAreas.areaName, areaName), isNull(widgetAreas.pageId)),
    )
    .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder), asc(widgets.id));
  return rows.map((r) => r.widget);
}

/** An area's widgets in the order shoppers see them; null for an unknown area. */
export async function adminWidgets(
  db: Database,
  family: string,
  areaName: string,
  languageId: string,
): Promise<AdminWidgetRow[] | null> {
  if (!isWidgetArea(family, areaName)) return null;
  return (await areaRows(db, family, areaName)).map((w) => ({
    widgetId: w.id,
    type: w.type,
    summary: summaryOf(w, languageId),
    published: w.active,
    displaySetting: w.displaySetting,
    validFrom: iso(w.validFrom),
    validTo: iso(w.validTo),
    version: w.version,
  }));
}

export interface AdminWidget {
  widgetId: number;
  family: string;
  areaName: string;
  type: string;
  /** Its settings as JSON (the advanced, read-only view). */
  config: string;
  /** Its settings as the type's form fields (domain/widget-forms.ts): "title.nb-NO", "fileName", … */
  fields: { name: string; value: string }[];
  published: boolean;
  displaySetting: string;
  validFromLocal: string;
  validToLocal: string;
  version: number;
}

/** A widget of a site-wide area (a content page's body is edited with its page); null otherwise. */
export async function adminWidget(db: Database, widgetId: number): Promise<AdminWidget | null> {
  const [row] = await db
    .select({ widget: widgets, area: widgetAreas })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(and(eq(widgets.id, widgetId), isNull(widgetAreas.pageId)));
  if (!row) return null;
  const w = row.widget;
  return {
    widgetId: w.id,
    family: row.area.family,
    areaName: row.area.areaName,
    type: w.type,
    config: JSON.stringify(w.config, null, 2),
    fields: Object.entries(widgetFormFields(w.config)).map(([name, value]) => ({ name, value })),
    published: w.active,
    displaySetting: w.displaySetting ?? "",
    validFromLocal: w.validFrom ? instantToLocal(w.validFrom) : "",
    validToLocal: w.validTo ? instantToLocal(w.validTo) : "",
    version: w.version,
  };
}

export interface WidgetFormInput extends WidgetScheduleInput {
  /** JSON text of the type's settings (the admin API's clients); or: */
  config?: string | null;
  /** The type's form fields (the back office's form, decision 0063); used when given. */
  fields?: readonly { name: string; value: string }[] | null;
  published: boolean;
}

/** Ids a product list chose that do not exist (any longer): each such setting once. */
async function unknownChoices(t: Database, config: unknown): Promise<ContentProblem[]> {
  const c = (config ?? {}) as Record<string, unknown>;
  const lists = [
    ["categoryIds", categories, categories.id],
    ["brandIds", brands, brands.id],
    ["discountCampaignIds", discountCampaigns, discountCampaigns.id],
  ] as const;
  const problems: ContentProblem[] = [];
  for (const [name, table, column] of lists) {
    const ids = c[name];
    if (!Array.isArray(ids) || !ids.length) continue;
    const found = await t
      .select({ id: column })
      .from(table)
      .where(inArray(column, ids as number[]));
    if (found.length !== new Set(ids).size) problems.push({ field: `config.${name}`, code: "choiceUnknown" });
  }
  return problems;
}

/** The settings sent: the form's fields checked by the type's form check, or the JSON text parsed. */
function settingsOf(type: string, input: WidgetFormInput) {
  if (input.fields && isWidgetFormType(type))
    return checkWidgetForm(
      type,
      Object.fromEntries(input.fields.slice(0, 400).map((f) => [f.name.slice(0, 100), f.value])),
    );
  return parseWidgetConfig(input.config);
}

/** An html or rich-text widget's HTML in a language, sanitised as shoppers get it (other types: unchanged). */
function sanitizedText(type: string, config: unknown, languageId: string): string {
  const html = (config as { html?: Record<string, string> }).html?.[languageId] ?? "";
  return (type === "html" ? sanitizeHtmlWidget(html) : sanitizeRichText(html)).trim();
}

/**
 * The settings as stored: an html or rich-text widget's HTML sanitised in every language (what is stored is what
 * shoppers get; it is sanitised again when read); null when sanitising leaves a language empty.
 */
function sanitizedHtml(type: string, config: unknown): unknown {
  if (type !== "html" && type !== "richText") return config;
  const html = Object.fromEntries(WIDGET_LANGUAGES.map((l) => [l, sanitizedText(type, config, l)]));
  if (Object.values(html).some((v) => !v)) return null;
  return { ...(config as object), html };
}

/** The form checked: its settings for the type (paths as fields, e.g. config.title.sv-SE), images, schedule. */
async function checked(t: Database, type: string, input: WidgetFormInput) {
  const problems: ContentProblem[] = [];
  const schedule = checkWidgetSchedule(input);
  if (!schedule.ok) problems.push(...schedule.problems);
  const parsed = settingsOf(type, input);
  let config: unknown = null;
  if (!parsed.ok) problems.push(...parsed.problems);
  else if (isWidgetKind(type)) {
    const result = checkWidgetConfig(type, parsed.value);
    if (!result.ok)
      problems.push(
        ...result.problems.map((p) => ({
          field: p.path ? `config.${p.path}` : "config",
          code: "config" as const,
        })),
      );
    else {
      config = sanitizedHtml(type, result.config);
      if (config === null)
        problems.push(
          ...WIDGET_LANGUAGES.map((l) => ({ field: `config.html.${l}`, code: "config" as const })).filter(
            (p) => !sanitizedText(type, result.config, p.field.slice("config.html.".length)),
          ),
        );
      for (const p of await imageProblems(t, config)) problems.push({ field: p.field, code: "imageUnknown" });
      problems.push(...(await unknownChoices(t, config)));
    }
  }
  if (problems.length || !schedule.ok || config === null) throw invalid(...problems);
  return { config, ...schedule.value, published: input.published };
}

function auditView(w: {
  type: string;
  config: unknown;
  active: boolean;
  displaySetting: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  sortOrder?: number;
}) {
  return {
    type: w.type,
    config: w.config,
    published: w.active,
    displaySetting: w.displaySetting,
    validFrom: iso(w.validFrom),
    validTo: iso(w.validTo),
    ...(w.sortOrder === undefined ? {} : { sortOrder: w.sortOrder }),
  };
}

/** A new widget, last in its area (made when missing); a draft unless `published`. */
export async function createWidgetAdmin(
  db: Database,
  who: AdminPrincipal,
  placement: { family: string; areaName: string; type: string },
  input: WidgetFormInput,
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const problems: ContentProblem[] = [];
    if (!isWidgetArea(placement.family, placement.areaName))
      problems.push({ field: "area", code: "areaUnknown" });
    if (!isWidgetKind(placement.type)) problems.push({ field: "type", code: "typeUnknown" });
    if (problems.length) throw invalid(...problems);
    const fields = await checked(t, placement.type, input);
    const [existing] = await t
      .select({ id: widgetAreas.id })
      .from(widgetAreas)
      .where(
        and(
          eq(widgetAreas.family, placement.family),
          eq(widgetAreas.areaName, placement.areaName),
          isNull(widgetAreas.pageId),
        ),
      )
      .orderBy(asc(widgetAreas.id))
      .limit(1)
      // The area's lock before its highest order is read: two widgets added at once get one order each.
      .for("update");
    const areaId =
      existing?.id ??
      ((
        await t
          .insert(widgetAreas)
          .values({ family: placement.family, areaName: placement.areaName })
          .returning({ id: widgetAreas.id })
      )[0]?.id as number);
    const [last] = await t
      .select({ max: sql<number | null>`max(${widgets.sortOrder})` })
      .from(widgets)
      .where(eq(widgets.areaId, areaId));
    const values = {
      areaId,
      type: placement.type,
      config: fields.config,
      sortOrder: (last?.max ?? -1) + 1,
      active: fields.published,
      displaySetting: fields.displaySetting,
      validFrom: fields.validFrom,
      validTo: fields.validTo,
    };
    const [row] = await t.insert(widgets).values(values).returning({ id: widgets.id });
    const id = row?.id as number;
    await writeAudit(t, who, {
      action: "widget.create",
      entity: "widget",
      entityId: id,
      after: { area: `${placement.family}/${placement.areaName}`, ...auditView(values), version: 1 },
    });
    return { ok: true, id, version: 1 };
  });
}

async function lockedWidget(t: Database, widgetId: number, version: number) {
  const [row] = await t
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(and(eq(widgets.id, widgetId), isNull(widgetAreas.pageId)))
    .for("update");
  if (!row) throw notFound();
  await refuseStale(t, "widget", widgetId, row.widget.version, version);
  return row.widget;
}

export async function updateWidgetAdmin(
  db: Database,
  who: AdminPrincipal,
  widgetId: number,
  version: number,
  input: WidgetFormInput,
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const current = await lockedWidget(t, widgetId, version);
    const fields = await checked(t, current.type, input);
    const next = version + 1;
    const values = {
      config: fields.config,
      active: fields.published,
      displaySetting: fields.displaySetting,
      validFrom: fields.validFrom,
      validTo: fields.validTo,
    };
    await t
      .update(widgets)
      .set({ ...values, updatedAt: new Date(), version: next })
      .where(eq(widgets.id, widgetId));
    await writeAudit(t, who, {
      action: "widget.update",
      entity: "widget",
      entityId: widgetId,
      before: { ...auditView(current), version },
      after: { ...auditView({ ...current, ...values }), version: next },
    });
    return { ok: true, id: widgetId, version: next };
  });
}

/** Publishes (shoppers see it, within its dates) or unpublishes (back to a draft) a widget. */
export async function setWidgetPublishedAdmin(
  db: Database,
  who: AdminPrincipal,
  widgetId: number,
  version: number,
  published: boolean,
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const current = await lockedWidget(t, widgetId, version);
    const next = version + 1;
    await t
      .update(widgets)
      .set({ active: published, updatedAt: new Date(), version: next })
      .where(eq(widgets.id, widgetId));
    await writeAudit(t, who, {
      action: published ? "widget.publish" : "widget.unpublish",
      entity: "widget",
      entityId: widgetId,
      before: { published: current.active, version },
      after: { published, version: next },
    });
    return { ok: true, id: widgetId, version: next };
  });
}

export async function deleteWidgetAdmin(
  db: Database,
  who: AdminPrincipal,
  widgetId: number,
  version: number,
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const current = await lockedWidget(t, widgetId, version);
    await t.delete(widgets).where(eq(widgets.id, widgetId));
    await writeAudit(t, who, {
      action: "widget.delete",
      entity: "widget",
      entityId: widgetId,
      before: { ...auditView(current), version },
    });
    return { ok: true, id: widgetId, version };
  });
}

/**
 * An area's widgets in a new order: every widget of the area once, each with the version the screen showed (a
 * widget changed since is refused as stale; one added or removed since, as `orderMismatch`). Widgets that move get
 * a new version and an audit entry each.
 */
export async function reorderWidgetsAdmin(
  db: Database,
  who: AdminPrincipal,
  area: { family: string; areaName: string },
  order: readonly { widgetId: number; version: number }[],
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    if (!isWidgetArea(area.family, area.areaName)) throw invalid({ field: "area", code: "areaUnknown" });
    // Lock the area's widgets first, then read them: a version read before the lock could be one a save that
    // committed while this waited has already moved on (a stale form would pass and two states share a version).
    await t
      .select({ id: widgets.id })
      .from(widgets)
      .where(
        inArray(
          widgets.areaId,
          t
            .select({ id: widgetAreas.id })
            .from(widgetAreas)
            .where(
              and(
                eq(widgetAreas.family, area.family),
                eq(widgetAreas.areaName, area.areaName),
                isNull(widgetAreas.pageId),
              ),
            ),
        ),
      )
      .orderBy(asc(widgets.id))
      .for("update");
    const current = await areaRows(t, area.family, area.areaName);
    if (
      !sameWidgets(
        current.map((c) => c.id),
        order.map((o) => o.widgetId),
      )
    )
      throw invalid({ field: "order", code: "orderMismatch" });
    for (const { widgetId, version } of order) {
      const row = current.find((c) => c.id === widgetId) as WidgetRow;
      await refuseStale(t, "widget", widgetId, row.version, version);
    }
    let index = 0;
    for (const { widgetId, version } of order) {
      const row = current.find((c) => c.id === widgetId) as WidgetRow;
      const sortOrder = index++;
      if (row.sortOrder === sortOrder && current.indexOf(row) === sortOrder) continue;
      const next = version + 1;
      await t.update(widgets).set({ sortOrder, version: next }).where(eq(widgets.id, widgetId));
      await writeAudit(t, who, {
        action: "widget.move",
        entity: "widget",
        entityId: widgetId,
        before: { sortOrder: row.sortOrder, version },
        after: { sortOrder, version: next },
      });
    }
    return { ok: true, id: 0, version: 0 };
  });
}
