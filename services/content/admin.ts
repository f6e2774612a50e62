import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  contentPages,
  contentPageTranslations,
  productImages,
  widgetAreas,
  widgets,
} from "#db/schema/index.ts";
import { RESERVED_ALIASES, SLUG } from "#domain/content-edit.ts";
import { type Message, msg } from "#domain/messages.ts";
import {
  checkWidgetConfig,
  DISPLAY_SETTINGS,
  type DisplaySetting,
  isWidgetArea,
  isWidgetKind,
  WIDGET_LANGUAGES,
} from "./widget-config.ts";
import { type WidgetView, widgetViews } from "./widgets.ts";

/**
 * The merchant's side of widgets and content pages (decision 0038): the admin GraphQL operations call these, and
 * so will the back office. Each checks everything first and changes nothing when something is wrong; the answer
 * names what (a stable reason, the field, and a message in both languages). A change commits in one statement or
 * transaction, and the catalog version follows it (migration 0010), so no cached page outlives it.
 */

export interface ContentProblem {
  /** Stable: "area", "page", "type", "config", "image", "displaySetting", "validRange", "key", "keyTaken", "alias", "aliasTaken", "title", "languages". */
  reason: string;
  /** The argument or setting at fault, e.g. "config.title.nb-NO". */
  field: string;
  message: Message;
}

export type Refused = { ok: false; problems: ContentProblem[] };
export type Written<T> = { ok: true; value: T } | Refused | { ok: false; notFound: true };

const refused = (...problems: ContentProblem[]): Refused => ({ ok: false, problems });
const NOT_FOUND = { ok: false, notFound: true } as const;

export interface WidgetPlacement {
  /** A site-wide area (Frontpage/Main, Productlist/Top, Productlist/Bottom, Product/Main) … */
  family?: string | null;
  areaName?: string | null;
  /** … or a content page's body, by the page's key. */
  pageKey?: string | null;
}

export interface WidgetInput {
  type: string;
  /** The settings of its type (services/content/widget-config.ts). */
  config: unknown;
  sortOrder?: number | null;
  displaySetting?: string | null;
  validFrom?: Date | null;
  validTo?: Date | null;
  /** Publish at once (default: not published until publishWidget). */
  publish?: boolean | null;
}

function checkSchedule(input: {
  displaySetting?: string | null | undefined;
  validFrom?: Date | null | undefined;
  validTo?: Date | null | undefined;
}): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (input.displaySetting && !(DISPLAY_SETTINGS as readonly string[]).includes(input.displaySetting))
    problems.push({
      reason: "displaySetting",
      field: "displaySetting",
      message: msg("content.displaySetting"),
    });
  if (input.validFrom && input.validTo && input.validTo.getTime() <= input.validFrom.getTime())
    problems.push({ reason: "validRange", field: "validTo", message: msg("content.validRange") });
  return problems;
}

/** The image file names a widget's settings name must be the catalog's (the image pipeline serves only those). */
export async function imageProblems(db: Database, config: unknown): Promise<ContentProblem[]> {
  const c = (config ?? {}) as { fileName?: unknown; posterFileName?: unknown };
  const problems: ContentProblem[] = [];
  for (const key of ["fileName", "posterFileName"] as const) {
    const name = c[key];
    if (typeof name !== "string") continue;
    const [found] = await db
      .select({ fileName: productImages.fileName })
      .from(productImages)
      .where(eq(productImages.fileName, name))
      .limit(1);
    if (!found)
      problems.push({
        reason: "image",
        field: `config.${key}`,
        message: msg("content.imageUnknown", { fileName: name }),
      });
  }
  return problems;
}

function configProblems(problems: { path: string }[]): ContentProblem[] {
  return problems.map((p) => {
    const path = p.path ? `config.${p.path}` : "config";
    return { reason: "config", field: path, message: msg("content.configInvalid", { path }) };
  });
}

/** The area a widget goes in: found, or made for a known family and area name or an existing page's body. */
async function areaFor(db: Database, placement: WidgetPlacement): Promise<number | ContentProblem> {
  if (placement.pageKey) {
    const [page] = await db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.key, placement.pageKey));
    if (!page) return { reason: "page", field: "pageKey", message: msg("content.pageNotFound") };
    const [area] = await db
      .select({ id: widgetAreas.id })
      .from(widgetAreas)
      .where(eq(widgetAreas.pageId, page.id))
      .limit(1);
    if (area) return area.id;
    const [made] = await db
      .insert(widgetAreas)
      .values({ family: "Content", areaName: "Body", pageId: page.id, targetAlias: placement.pageKey })
      .returning({ id: widgetAreas.id });
    return made?.id as number;
  }
  const family = placement.family ?? "";
  const areaName = placement.areaName ?? "";
  if (!isWidgetArea(family, areaName))
    return { reason: "area", field: "family", message: msg("content.areaUnknown", { family, areaName }) };
  const [area] = await db
    .select({ id: widgetAreas.id })
    .from(widgetAreas)
    .where(
      and(eq(widgetAreas.family, family), eq(widgetAreas.areaName, areaName), isNull(widgetAreas.pageId)),
    )
    .limit(1);
  if (area) return area.id;
  const [made] = await db.insert(widgetAreas).values({ family, areaName }).returning({ id: widgetAreas.id });
  return made?.id as number;
}

/** A new widget in an area (last unless a sortOrder is given); not published unless `publish`. */
export async function createWidget(
  db: Database,
  placement: WidgetPlacement,
  input: WidgetInput,
): Promise<Written<WidgetView>> {
  if (!isWidgetKind(input.type))
    return refused({
      reason: "type",
      field: "type",
      message: msg("content.typeUnknown", { type: input.type }),
    });
  const checked = checkWidgetConfig(input.type, input.config);
  const problems = [...(checked.ok ? [] : configProblems(checked.problems)), ...checkSchedule(input)];
  if (problems.length || !checked.ok) return refused(...problems);
  const images = await imageProblems(db, checked.config);
  if (images.length) return refused(...images);
  return db.transaction(async (tx) => {
    const area = await areaFor(tx as unknown as Database, placement);
    if (typeof area !== "number") return refused(area);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${widgets.sortOrder})` })
      .from(widgets)
      .where(eq(widgets.areaId, area));
    const [row] = await tx
      .insert(widgets)
      .values({
        areaId: area,
        type: input.type,
        config: checked.config,
        sortOrder: input.sortOrder ?? (last?.max ?? -1) + 1,
        active: input.publish === true,
        displaySetting: (input.displaySetting as DisplaySetting | null) || null,
        validFrom: input.validFrom ?? null,
        validTo: input.validTo ?? null,
      })
      .returning();
    return { ok: true as const, value: widgetViews(row ? [row] : [])[0] as WidgetView };
  });
}

export interface WidgetPatch {
  config?: unknown;
  sortOrder?: number | null;
  /** "" or null: both device classes. */
  displaySetting?: string | null;
  validFrom?: Date | null;
  validTo?: Date | null;
}

/** Changes a widget's settings, place in its area, device class or dates (what is left out stays as it is). */
export async function updateWidget(
  db: Database,
  widgetId: number,
  patch: WidgetPatch,
): Promise<Written<WidgetView>> {
  const [current] = await db.select().from(widgets).where(eq(widgets.id, widgetId));
  if (!current) return NOT_FOUND;
  const type = current.type;
  const next = {
    config: patch.config === undefined ? current.config : patch.config,
    displaySetting:
      patch.displaySetting === undefined ? current.displaySetting : patch.displaySetting || null,
    validFrom: patch.validFrom === undefined ? current.validFrom : patch.validFrom,
    validTo: patch.validTo === undefined ? current.validTo : patch.validTo,
  };
  if (!isWidgetKind(type))
    return refused({ reason: "type", field: "type", message: msg("content.typeUnknown", { type }) });
  const checked = checkWidgetConfig(type, next.config);
  const problems = [...(checked.ok ? [] : configProblems(checked.problems)), ...checkSchedule(next)];
  if (problems.length || !checked.ok) return refused(...problems);
  const images = await imageProblems(db, checked.config);
  if (images.length) return refused(...images);
  const [row] = await db
    .update(widgets)
    .set({
      config: checked.config,
      displaySetting: next.displaySetting,
      validFrom: next.validFrom,
      validTo: next.validTo,
      ...(patch.sortOrder === undefined || patch.sortOrder === null ? {} : { sortOrder: patch.sortOrder }),
      updatedAt: new Date(),
      version: sql`${widgets.version} + 1`,
    })
    .where(eq(widgets.id, widgetId))
    .returning();
  return row ? { ok: true, value: widgetViews([row])[0] as WidgetView } : NOT_FOUND;
}

/** Publishes (shoppers see it, within its dates) or unpublishes a widget; false for an unknown widget. */
export async function setWidgetPublished(
  db: Database,
  widgetId: number,
  published: boolean,
): Promise<boolean> {
  const rows = await db
    .update(widgets)
    .set({ active: published, updatedAt: new Date(), version: sql`${widgets.version} + 1` })
    .where(eq(widgets.id, widgetId))
    .returning({ id: widgets.id });
  return rows.length > 0;
}

/** Removes a widget; false for an unknown one. */
export async function deleteWidget(db: Database, widgetId: number): Promise<boolean> {
  const rows = await db.delete(widgets).where(eq(widgets.id, widgetId)).returning({ id: widgets.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------------------------
// Content pages

const LANGUAGE_NAMES: Record<string, string> = { "nb-NO": "norsk", "sv-SE": "svenska" };
const MAX_TITLE = 120;

export interface PageTranslationInput {
  languageId: string;
  alias: string;
  title: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

export interface ContentPageAdminView {
  pageId: number;
  key: string;
  published: boolean;
  /** Opens the unpublished page at /content/{alias}?preview={token}. */
  previewToken: string | null;
  translations: PageTranslationInput[];
}

function checkTranslations(translations: PageTranslationInput[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const byLanguage = new Map(translations.map((t) => [t.languageId, t]));
  if (translations.length !== WIDGET_LANGUAGES.length || !WIDGET_LANGUAGES.every((l) => byLanguage.has(l)))
    return [{ reason: "languages", field: "translations", message: msg("content.languagesRequired") }];
  for (const t of translations) {
    const language = LANGUAGE_NAMES[t.languageId] ?? t.languageId;
    if (!SLUG.test(t.alias) || t.alias.length > 100 || RESERVED_ALIASES.has(t.alias))
      problems.push({
        reason: "alias",
        field: `translations.${t.languageId}.alias`,
        message: msg("content.aliasInvalid", { language }),
      });
    if (!t.title.trim() || t.title.length > MAX_TITLE)
      problems.push({
        reason: "title",
        field: `translations.${t.languageId}.title`,
        message: msg("content.titleRequired", { language, max: MAX_TITLE }),
      });
  }
  return problems;
}

async function aliasesTaken(
  db: Database,
  translations: PageTranslationInput[],
  exceptPageId: number | null,
): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  for (const t of translations) {
    const [other] = await db
      .select({ pageId: contentPageTranslations.pageId })
      .from(contentPageTranslations)
      .where(
        and(eq(contentPageTranslations.languageId, t.languageId), eq(contentPageTranslations.alias, t.alias)),
      );
    if (other && other.pageId !== exceptPageId)
      problems.push({
        reason: "aliasTaken",
        field: `translations.${t.languageId}.alias`,
        message: msg("content.aliasTaken", { alias: t.alias }),
      });
  }
  return problems;
}

const cleanTranslation = (t: PageTranslationInput) => ({
  languageId: t.languageId,
  alias: t.alias,
  title: t.title.trim(),
  metaTitle: t.metaTitle?.trim() || null,
  metaDescription: t.metaDescription?.trim().slice(0, 300) || null,
});

async function pageView(db: Database, pageId: number): Promise<ContentPageAdminView | null> {
  const [page] = await db.select().from(contentPages).where(eq(contentPages.id, pageId));
  if (!page) return null;
  const translations = await db
    .select()
    .from(contentPageTranslations)
    .where(eq(contentPageTranslations.pageId, pageId));
  return {
    pageId,
    key: page.key,
    published: page.active && page.publishedAt !== null,
    previewToken: page.previewToken,
    translations: translations.map((t) => ({
      languageId: t.languageId,
      alias: t.alias,
      title: t.title,
      metaTitle: t.metaTitle,
      metaDescription: t.metaDescription,
    })),
  };
}

/** A new, unpublished content page with its title and address in both languages and a preview token. */
export async function createContentPage(
  db: Database,
  input: { key: string; translations: PageTranslationInput[] },
): Promise<Written<ContentPageAdminView>> {
  const problems =
    SLUG.test(input.key) && input.key.length <= 60
      ? []
      : [{ reason: "key", field: "key", message: msg("content.keyInvalid") }];
  problems.push(...checkTranslations(input.translations));
  if (problems.length) return refused(...problems);
  const translations = input.translations.map(cleanTranslation);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [existing] = await t
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.key, input.key));
    if (existing)
      return refused({
        reason: "keyTaken",
        field: "key",
        message: msg("content.keyTaken", { key: input.key }),
      });
    const taken = await aliasesTaken(t, translations, null);
    if (taken.length) return refused(...taken);
    const [page] = await t
      .insert(contentPages)
      .values({
        key: input.key,
        active: true,
        publishedAt: null,
        previewToken: randomBytes(18).toString("base64url"),
      })
      .returning({ id: contentPages.id });
    const pageId = page?.id as number;
    await t.insert(contentPageTranslations).values(translations.map((tr) => ({ ...tr, pageId })));
    await t
      .insert(widgetAreas)
      .values({ family: "Content", areaName: "Body", pageId, targetAlias: input.key });
    return { ok: true as const, value: (await pageView(t, pageId)) as ContentPageAdminView };
  });
}

/** New titles, addresses and meta texts for a page (both languages, as for a new page). */
export async function updateContentPage(
  db: Database,
  key: string,
  translations: PageTranslationInput[],
): Promise<Written<ContentPageAdminView>> {
  const problems = checkTranslations(translations);
  if (problems.length) return refused(...problems);
  const clean = translations.map(cleanTranslation);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [page] = await t
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.key, key));
    if (!page) return NOT_FOUND;
    const taken = await aliasesTaken(t, clean, page.id);
    if (taken.length) return refused(...taken);
    for (const tr of clean) {
      await t
        .insert(contentPageTranslations)
        .values({ ...tr, pageId: page.id })
        .onConflictDoUpdate({
          target: [contentPageTranslations.pageId, contentPageTranslations.languageId],
          set: {
            alias: tr.alias,
            title: tr.title,
            metaTitle: tr.metaTitle,
            metaDescription: tr.metaDescription,
          },
        });
    }
    await t
      .update(contentPages)
      .set({ updatedAt: new Date(), version: sql`${contentPages.version} + 1` })
      .where(eq(contentPages.id, page.id));
    return { ok: true as const, value: (await pageView(t, page.id)) as ContentPageAdminView };
  });
}

/** Publishes a page (from now on, or keeps its first publication time) or unpublishes it; null for an unknown key. */
export async function setContentPagePublished(
  db: Database,
  key: string,
  published: boolean,
  now = new Date(),
): Promise<ContentPageAdminView | null> {
  const rows = await db
    .update(contentPages)
    .set(
      published
        ? {
            active: true,
            publishedAt: sql`coalesce(${contentPages.publishedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
            version: sql`${contentPages.version} + 1`,
          }
        : { active: false, updatedAt: now, version: sql`${contentPages.version} + 1` },
    )
    .where(eq(contentPages.key, key))
    .returning({ id: contentPages.id });
  const id = rows[0]?.id;
  return id === undefined ? null : pageView(db, id);
}
