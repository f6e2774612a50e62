import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import {
  contentPages,
  contentPageTranslations,
  menuItems,
  menus,
  urlHistory,
  widgetAreas,
  widgets,
} from "#db/schema/index.ts";
import {
  CONTENT_LANGUAGES,
  type ContentLanguageId,
  type ContentProblem,
  checkContentPage,
  FORM_PREFIX,
  type PageInput,
  type PageTexts,
} from "#domain/content-edit.ts";
import { sanitizeRichText } from "#services/content/sanitize.ts";
import { writeAudit } from "../audit.ts";
import { refusable, refuseStale } from "../refusal.ts";
import type { AdminPrincipal } from "../users.ts";
import { type ContentResult, invalid, notFound } from "./result.ts";

/**
 * The back office's content pages (issue 15, decision 0058): the shop's `content_pages` with their title, address,
 * meta texts and body per language. The body is the page's first rich-text (or plain-text) widget of its body area,
 * kept as sanitised rich text (services/content/sanitize.ts: what could run is dropped when saved, and again when
 * read). A changed address leaves its old one in `url_history`, so old links answer 301 to the new one. Every
 * change is versioned and audited in its transaction; the catalog version follows it (migration 0010), so cached
 * pages follow too.
 */

const BODY_TYPES = ["richText", "text"];

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain-text widget's text as rich text: a paragraph per blank-line-separated block. */
function textAsHtml(text: string) {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

type Localized = Record<string, string | undefined>;

async function bodyWidget(db: Database, pageId: number) {
  const [row] = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(and(eq(widgetAreas.pageId, pageId), inArray(widgets.type, BODY_TYPES)))
    .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder), asc(widgets.id))
    .limit(1);
  return row?.widget ?? null;
}

function bodyOf(widget: Awaited<ReturnType<typeof bodyWidget>>, languageId: string): string {
  if (!widget) return "";
  const config = (widget.config ?? {}) as { html?: Localized; text?: Localized };
  if (widget.type === "richText") return config.html?.[languageId] ?? "";
  return textAsHtml(config.text?.[languageId] ?? "");
}

export interface AdminContentPageRow {
  pageId: number;
  key: string;
  title: string;
  path: string;
  published: boolean;
  version: number;
}

/** Every content page, by title in the admin's language. */
export async function adminContentPages(db: Database, languageId: string): Promise<AdminContentPageRow[]> {
  const rows = await db
    .select({
      page: contentPages,
      title: contentPageTranslations.title,
      alias: contentPageTranslations.alias,
    })
    .from(contentPages)
    .leftJoin(
      contentPageTranslations,
      and(
        eq(contentPageTranslations.pageId, contentPages.id),
        eq(contentPageTranslations.languageId, languageId),
      ),
    )
    .orderBy(asc(contentPageTranslations.title), asc(contentPages.key))
    .limit(500);
  return rows.map((r) => ({
    pageId: r.page.id,
    key: r.page.key,
    title: r.title ?? r.page.key,
    path: r.alias ? `/${r.alias}` : "",
    published: r.page.active && r.page.publishedAt !== null,
    version: r.page.version,
  }));
}

export interface AdminPageLanguage {
  title: string;
  alias: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
}

export interface AdminContentPage {
  pageId: number;
  key: string;
  published: boolean;
  /** Opens the page unpublished: /content/{alias}?preview={token}. */
  previewToken: string | null;
  version: number;
  nb: AdminPageLanguage;
  sv: AdminPageLanguage;
}

export async function adminContentPage(db: Database, key: string): Promise<AdminContentPage | null> {
  const [page] = await db.select().from(contentPages).where(eq(contentPages.key, key));
  if (!page) return null;
  const [translations, body] = await Promise.all([
    db.select().from(contentPageTranslations).where(eq(contentPageTranslations.pageId, page.id)),
    bodyWidget(db, page.id),
  ]);
  const language = (languageId: ContentLanguageId): AdminPageLanguage => {
    const t = translations.find((x) => x.languageId === languageId);
    return {
      title: t?.title ?? "",
      alias: t?.alias ?? "",
      metaTitle: t?.metaTitle ?? "",
      metaDescription: t?.metaDescription ?? "",
      body: bodyOf(body, languageId),
    };
  };
  return {
    pageId: page.id,
    key: page.key,
    published: page.active && page.publishedAt !== null,
    previewToken: page.previewToken,
    version: page.version,
    nb: language("nb-NO"),
    sv: language("sv-SE"),
  };
}

/** What the audit log keeps of a page: its fields by the form's names (what a stale save names). */
function auditView(texts: PageTexts[], published: boolean) {
  const out: Record<string, unknown> = { published };
  for (const t of texts) {
    const p = FORM_PREFIX[t.languageId];
    out[`${p}.title`] = t.title;
    out[`${p}.alias`] = t.alias;
    out[`${p}.metaTitle`] = t.metaTitle;
    out[`${p}.metaDescription`] = t.metaDescription;
    out[`${p}.body`] = t.body;
  }
  return out;
}

async function currentTexts(t: Database, pageId: number): Promise<PageTexts[]> {
  const [translations, body] = await Promise.all([
    t.select().from(contentPageTranslations).where(eq(contentPageTranslations.pageId, pageId)),
    bodyWidget(t, pageId),
  ]);
  return CONTENT_LANGUAGES.map((languageId) => {
    const tr = translations.find((x) => x.languageId === languageId);
    return {
      languageId,
      title: tr?.title ?? "",
      alias: tr?.alias ?? "",
      metaTitle: tr?.metaTitle ?? null,
      metaDescription: tr?.metaDescription ?? null,
      body: bodyOf(body, languageId),
    };
  });
}

/** The form checked, its bodies sanitised, and its addresses free (another page's address is refused). */
async function checked(t: Database, input: PageInput, pageId: number | null) {
  const result = checkContentPage(input, pageId === null);
  const problems: ContentProblem[] = result.ok ? [] : [...result.problems];
  if (pageId === null && result.ok) {
    const [taken] = await t
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.key, result.value.key));
    if (taken) problems.push({ field: "key", code: "keyTaken" });
  }
  if (result.ok)
    for (const text of result.value.texts) {
      const [other] = await t
        .select({ pageId: contentPageTranslations.pageId })
        .from(contentPageTranslations)
        .where(
          and(
            eq(contentPageTranslations.languageId, text.languageId),
            eq(contentPageTranslations.alias, text.alias),
            pageId === null ? undefined : ne(contentPageTranslations.pageId, pageId),
          ),
        );
      if (other) problems.push({ field: `${FORM_PREFIX[text.languageId]}.alias`, code: "aliasTaken" });
    }
  if (!result.ok) throw invalid(...problems);
  const texts = result.value.texts.map((text) => ({ ...text, body: sanitizeRichText(text.body).trim() }));
  // A body is written in both languages or in neither (what sanitising leaves counts).
  if (texts.some((x) => x.body))
    for (const text of texts)
      if (!text.body) problems.push({ field: `${FORM_PREFIX[text.languageId]}.body`, code: "required" });
  if (problems.length) throw invalid(...problems);
  return { ...result.value, texts };
}

/** The page's body widget: written (rich text, published: the page's own state decides) or updated. */
async function writeBody(t: Database, pageId: number, texts: PageTexts[]) {
  const html = Object.fromEntries(texts.map((x) => [x.languageId, x.body]));
  const current = await bodyWidget(t, pageId);
  const empty = texts.every((x) => !x.body);
  if (current) {
    if (empty) await t.delete(widgets).where(eq(widgets.id, current.id));
    else
      await t
        .update(widgets)
        .set({
          type: "richText",
          config: { html },
          updatedAt: new Date(),
          version: sql`${widgets.version} + 1`,
        })
        .where(eq(widgets.id, current.id));
    return;
  }
  if (empty) return;
  // A rich-text widget needs both languages: an empty one stays empty (shown as nothing).
  const [area] = await t
    .select({ id: widgetAreas.id })
    .from(widgetAreas)
    .where(eq(widgetAreas.pageId, pageId));
  const areaId =
    area?.id ??
    (
      await t
        .insert(widgetAreas)
        .values({ family: "Content", areaName: "Body", pageId })
        .returning({ id: widgetAreas.id })
    )[0]?.id;
  await t.insert(widgets).values({
    areaId: areaId as number,
    type: "richText",
    config: { html },
    sortOrder: -1,
    active: true,
  });
}

/** Two saves of one address or key at once: the unique index decides; the loser is told it is taken. */
async function orTaken(work: Promise<ContentResult>, field: string): Promise<ContentResult> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, refusal: "invalid", problems: [{ field, code: "aliasTaken" }] };
    throw error;
  }
}

const published = (on: boolean, now: Date) =>
  on
    ? {
        active: true,
        publishedAt: sql`coalesce(${contentPages.publishedAt}, ${now.toISOString()}::timestamptz)`,
      }
    : { active: false };

export async function createContentPageAdmin(
  db: Database,
  who: AdminPrincipal,
  input: PageInput,
): Promise<ContentResult> {
  return orTaken(
    refusable<ContentResult>(db, async (t) => {
      const fields = await checked(t, input, null);
      const now = new Date();
      const [page] = await t
        .insert(contentPages)
        .values({
          key: fields.key,
          active: fields.published,
          publishedAt: fields.published ? now : null,
          previewToken: randomBytes(18).toString("base64url"),
        })
        .returning({ id: contentPages.id });
      const pageId = page?.id as number;
      await t.insert(contentPageTranslations).values(
        fields.texts.map((x) => ({
          pageId,
          languageId: x.languageId,
          alias: x.alias,
          title: x.title,
          metaTitle: x.metaTitle,
          metaDescription: x.metaDescription,
        })),
      );
      await t
        .insert(widgetAreas)
        .values({ family: "Content", areaName: "Body", pageId, targetAlias: fields.key });
      await writeBody(t, pageId, fields.texts);
      await writeAudit(t, who, {
        action: "contentPage.create",
        entity: "contentPage",
        entityId: pageId,
        after: { key: fields.key, ...auditView(fields.texts, fields.published), version: 1 },
      });
      return { ok: true, id: pageId, version: 1 };
    }),
    "nb.alias",
  );
}

async function lockedPage(t: Database, key: string, version: number) {
  const [page] = await t.select().from(contentPages).where(eq(contentPages.key, key)).for("update");
  if (!page) throw notFound();
  await refuseStale(t, "contentPage", page.id, page.version, version);
  return page;
}

/**
 * A page's new texts, body and state. An address that changes leaves the old one in the URL history (the old path
 * and its /content/ form answer 301 to the new one); an address taken back drops its history entry.
 */
export async function updateContentPageAdmin(
  db: Database,
  who: AdminPrincipal,
  key: string,
  version: number,
  input: PageInput,
): Promise<ContentResult> {
  return orTaken(
    refusable<ContentResult>(db, async (t) => {
      const page = await lockedPage(t, key, version);
      const fields = await checked(t, input, page.id);
      const before = await currentTexts(t, page.id);
      for (const text of fields.texts) {
        const old = before.find((b) => b.languageId === text.languageId);
        if (old?.alias && old.alias !== text.alias) {
          for (const oldUrl of [`/${old.alias}`, `/content/${old.alias}`])
            await t
              .insert(urlHistory)
              .values({ languageId: text.languageId, oldUrl, newUrl: `/${text.alias}` })
              .onConflictDoUpdate({
                target: [urlHistory.languageId, urlHistory.oldUrl],
                set: { newUrl: `/${text.alias}` },
              });
          await t
            .delete(urlHistory)
            .where(
              and(
                eq(urlHistory.languageId, text.languageId),
                inArray(urlHistory.oldUrl, [`/${text.alias}`, `/content/${text.alias}`]),
              ),
            );
        }
        await t
          .insert(contentPageTranslations)
          .values({
            pageId: page.id,
            languageId: text.languageId,
            alias: text.alias,
            title: text.title,
            metaTitle: text.metaTitle,
            metaDescription: text.metaDescription,
          })
          .onConflictDoUpdate({
            target: [contentPageTranslations.pageId, contentPageTranslations.languageId],
            set: {
              alias: text.alias,
              title: text.title,
              metaTitle: text.metaTitle,
              metaDescription: text.metaDescription,
            },
          });
      }
      await writeBody(t, page.id, fields.texts);
      const now = new Date();
      const next = version + 1;
      await t
        .update(contentPages)
        .set({ ...published(fields.published, now), updatedAt: now, version: next })
        .where(eq(contentPages.id, page.id));
      const wasPublished = page.active && page.publishedAt !== null;
      await writeAudit(t, who, {
        action: "contentPage.update",
        entity: "contentPage",
        entityId: page.id,
        before: { ...auditView(before, wasPublished), version },
        after: { ...auditView(fields.texts, fields.published), version: next },
      });
      return { ok: true, id: page.id, version: next };
    }),
    "nb.alias",
  );
}

/** Deletes a page (its texts and body go with it); refused while a menu links to it. */
export async function deleteContentPageAdmin(
  db: Database,
  who: AdminPrincipal,
  key: string,
  version: number,
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const page = await lockedPage(t, key, version);
    const [linked] = await t
      .select({ location: menus.locationId })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(and(eq(menuItems.targetType, "content"), sql`${menuItems.target}->>'key' = ${key}`))
      .limit(1);
    if (linked) throw invalid({ field: "key", code: "pageInMenu" });
    const before = await currentTexts(t, page.id);
    await t.delete(contentPages).where(eq(contentPages.id, page.id));
    await writeAudit(t, who, {
      action: "contentPage.delete",
      entity: "contentPage",
      entityId: page.id,
      before: { key, ...auditView(before, page.active && page.publishedAt !== null), version },
    });
    return { ok: true, id: page.id, version };
  });
}
