import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, gte, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { widgetAreas, widgets } from "#db/schema/index.ts";
import { sanitizeHtmlWidget, sanitizeRichText } from "./sanitize.ts";
import {
  checkWidgetConfig,
  type DisplaySetting,
  isWidgetKind,
  WIDGET_LANGUAGES,
  type WidgetConfig,
  type WidgetKind,
} from "./widget-config.ts";

/** A widget as shoppers (or a previewing editor) get it: its settings checked, its HTML sanitised. */
export interface WidgetView {
  id: number;
  type: WidgetKind;
  config: WidgetConfig;
  sortOrder: number;
  /** Published (shown to shoppers within its dates). */
  published: boolean;
  displaySetting: DisplaySetting | null;
  validFrom: Date | null;
  validTo: Date | null;
}

/**
 * Whether `given` is the shop's preview token (WIDGET_PREVIEW_TOKEN), compared in constant time; false when the
 * shop has none or nothing was given.
 */
export function isPreviewToken(shopToken: string | undefined, given: string | null | undefined): boolean {
  if (!shopToken || !given) return false;
  const a = Buffer.from(shopToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Published and within its dates at `now`. */
export function liveAt(now: Date): SQL {
  return and(
    eq(widgets.active, true),
    or(isNull(widgets.validFrom), lte(widgets.validFrom, now)),
    or(isNull(widgets.validTo), gte(widgets.validTo, now)),
  ) as SQL;
}

/** Shown on a device class: widgets (and areas) for both, or for that one; every widget when none is asked for. */
function onDevice(displaySetting: DisplaySetting | undefined): SQL | undefined {
  if (!displaySetting) return undefined;
  return and(
    or(isNull(widgets.displaySetting), eq(widgets.displaySetting, displaySetting)),
    or(isNull(widgetAreas.displaySetting), eq(widgetAreas.displaySetting, displaySetting)),
  );
}

/** The HTML of html and richText widgets sanitised, in every language. */
function sanitized(type: WidgetKind, config: WidgetConfig): WidgetConfig {
  if (type !== "html" && type !== "richText") return config;
  const clean = type === "html" ? sanitizeHtmlWidget : sanitizeRichText;
  const html = (config as WidgetConfig<"html">).html;
  return {
    ...config,
    html: Object.fromEntries(WIDGET_LANGUAGES.map((l) => [l, clean(html[l])])) as typeof html,
  };
}

type WidgetRow = typeof widgets.$inferSelect;

/** Rows as views: a row of an unknown type or with settings that do not fit its type is left out. */
export function widgetViews(rows: WidgetRow[]): WidgetView[] {
  const views: WidgetView[] = [];
  for (const row of rows) {
    if (!isWidgetKind(row.type)) continue;
    const checked = checkWidgetConfig(row.type, row.config);
    if (!checked.ok) continue;
    views.push({
      id: row.id,
      type: row.type,
      config: sanitized(row.type, checked.config),
      sortOrder: row.sortOrder,
      published: row.active,
      displaySetting: (row.displaySetting as DisplaySetting | null) ?? null,
      validFrom: row.validFrom,
      validTo: row.validTo,
    });
  }
  return views;
}

export interface AreaQuery {
  family: string;
  areaName: string;
  /** Only what shows on this device class. */
  displaySetting?: DisplaySetting | undefined;
  /** Unpublished widgets and those outside their dates too (an editor's preview: check the token first). */
  preview?: boolean;
  now?: Date;
}

/** The widgets of a site-wide area (family + area name), in order: published ones live now unless previewing. */
export async function widgetArea(db: Database, query: AreaQuery): Promise<WidgetView[]> {
  const now = query.now ?? new Date();
  const rows = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(
      and(
        eq(widgetAreas.family, query.family),
        eq(widgetAreas.areaName, query.areaName),
        isNull(widgetAreas.pageId),
        query.preview ? undefined : liveAt(now),
        onDevice(query.displaySetting),
      ),
    )
    .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder), asc(widgets.id));
  return widgetViews(rows.map((r) => r.widget));
}

/** A content page's body widgets, in order: live ones, or every one when previewing. */
export async function pageWidgets(
  db: Database,
  pageId: number,
  opts: { preview?: boolean; now?: Date; displaySetting?: DisplaySetting | undefined } = {},
): Promise<WidgetView[]> {
  const now = opts.now ?? new Date();
  const rows = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(
      and(
        eq(widgetAreas.pageId, pageId),
        opts.preview ? undefined : liveAt(now),
        onDevice(opts.displaySetting),
      ),
    )
    .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder), asc(widgets.id));
  return widgetViews(rows.map((r) => r.widget));
}
