import { type ContentProblem, contentProblemText } from "#domain/content-edit.ts";
import type { RecordedChange } from "#services/admin/audit.ts";
import {
  type AdminContentChoice,
  type AdminContentChoices,
  type AdminContentImage,
  contentChoices,
  contentImages,
} from "#services/admin/content/choices.ts";
import {
  type AdminMenu,
  type AdminMenuItem,
  type AdminMenuRow,
  adminMenu,
  adminMenus,
  saveMenuAdmin,
} from "#services/admin/content/menus.ts";
import {
  type AdminContentPage,
  type AdminContentPageRow,
  type AdminPageLanguage,
  adminContentPage,
  adminContentPages,
  createContentPageAdmin,
  deleteContentPageAdmin,
  updateContentPageAdmin,
} from "#services/admin/content/pages.ts";
import type { ContentResult } from "#services/admin/content/result.ts";
import {
  type AdminWidget,
  type AdminWidgetArea,
  type AdminWidgetRow,
  adminWidget,
  adminWidgetAreas,
  adminWidgets,
  createWidgetAdmin,
  deleteWidgetAdmin,
  reorderWidgetsAdmin,
  setWidgetPublishedAdmin,
  updateWidgetAdmin,
} from "#services/admin/content/widgets.ts";
import { WIDGET_TYPES } from "#services/content/widget-config.ts";
import { adminBuilder as b } from "./builder.ts";
import { languageIdOf, Saved } from "./campaigns.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * The back office's content (issue 15, decision 0058): content pages, the widgets of the site-wide areas, and the
 * menus. Every role reads them (`content.read`); owner and staff change them (`content.edit`). A change carries the
 * version its form read; a refused one answers BAD_USER_INPUT with every problem (field, stable code, text in the
 * admin's language), VERSION_CONFLICT with the current `version` and `changes`, or NOT_FOUND — and changes nothing.
 */

const NOUN = {
  contentPage: { en: "page", sv: "sidan", nb: "siden" },
  widget: { en: "widget", sv: "widgeten", nb: "widgeten" },
  menu: { en: "menu", sv: "menyn", nb: "menyen" },
} as const;

function answer(ctx: AdminContext, what: keyof typeof NOUN, result: ContentResult) {
  if (result.ok) return { id: result.id, version: result.version };
  const lang = ctx.admin?.language ?? "en";
  const noun = NOUN[what][lang];
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", `No such ${NOUN[what].en}`);
  if (result.refusal === "stale") {
    const changes: RecordedChange[] = result.changes;
    throw adminError(
      "VERSION_CONFLICT",
      {
        en: `Someone saved this ${noun} after you opened it; nothing was saved. Reload to see their change.`,
        sv: `Någon sparade ${noun} efter att du öppnade den; inget sparades. Ladda om för att se ändringen.`,
        nb: `Noen lagret ${noun} etter at du åpnet den; ingenting ble lagret. Last inn på nytt for å se endringen.`,
      }[lang],
      { version: result.version, changes },
    );
  }
  const problems = result.problems.map((p: ContentProblem) => ({
    ...p,
    message: contentProblemText(p, lang),
  }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

const text = (v: string | null | undefined, n: number) => (typeof v === "string" ? v.slice(0, n) : null);

// ---------------------------------------------------------------------------------------------------------------
// Content pages.

const PageRow = b.objectRef<AdminContentPageRow>("AdminContentPageRow").implement({
  fields: (t) => ({
    pageId: t.exposeInt("pageId"),
    key: t.exposeString("key"),
    title: t.exposeString("title", {
      description: "In the admin's language (Swedish for sv, else Norwegian)",
    }),
    path: t.exposeString("path", { description: "Its storefront path in that language" }),
    published: t.exposeBoolean("published"),
    version: t.exposeInt("version"),
  }),
});
const PageLanguage = b.objectRef<AdminPageLanguage>("AdminContentPageLanguage").implement({
  fields: (t) => ({
    title: t.exposeString("title"),
    alias: t.exposeString("alias", { description: "The page is at /{alias}" }),
    metaTitle: t.exposeString("metaTitle"),
    metaDescription: t.exposeString("metaDescription"),
    body: t.exposeString("body", { description: "Rich text (HTML), as sanitised when saved" }),
  }),
});
const Page = b.objectRef<AdminContentPage>("AdminContentPage").implement({
  fields: (t) => ({
    pageId: t.exposeInt("pageId"),
    key: t.exposeString("key"),
    published: t.exposeBoolean("published"),
    previewToken: t.exposeString("previewToken", {
      nullable: true,
      description: "Shows the page unpublished: /content/{alias}?preview={token}",
    }),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
    nb: t.field({ type: PageLanguage, resolve: (p) => p.nb }),
    sv: t.field({ type: PageLanguage, resolve: (p) => p.sv }),
  }),
});
const PageLanguageInput = b.inputType("AdminContentPageLanguageInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    alias: t.string({ required: true }),
    metaTitle: t.string(),
    metaDescription: t.string(),
    body: t.string({ description: "Rich text (HTML): sanitised when saved" }),
  }),
});
const PageInput = b.inputType("AdminContentPageInput", {
  fields: (t) => ({
    key: t.string({ description: "A new page's key (menus link to it); ignored for a change" }),
    nb: t.field({ type: PageLanguageInput, required: true }),
    sv: t.field({ type: PageLanguageInput, required: true }),
    published: t.boolean({ required: true }),
  }),
});
type PageLanguageArg = {
  title: string;
  alias: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  body?: string | null;
};
const languageOf = (l: PageLanguageArg) => ({
  title: text(l.title, 1000),
  alias: text(l.alias, 500),
  metaTitle: text(l.metaTitle, 1000),
  metaDescription: text(l.metaDescription, 2000),
  body: text(l.body, 200_000),
});
const pageInputOf = (i: {
  key?: string | null;
  nb: PageLanguageArg;
  sv: PageLanguageArg;
  published: boolean;
}) => ({
  key: text(i.key, 200),
  nb: languageOf(i.nb),
  sv: languageOf(i.sv),
  published: i.published,
});

// ---------------------------------------------------------------------------------------------------------------
// Widgets.

const WidgetArea = b.objectRef<AdminWidgetArea>("AdminWidgetArea").implement({
  fields: (t) => ({
    family: t.exposeString("family"),
    areaName: t.exposeString("areaName"),
    widgets: t.exposeInt("widgets"),
    drafts: t.exposeInt("drafts", { description: "Unpublished widgets" }),
  }),
});
const WidgetRow = b.objectRef<AdminWidgetRow>("AdminWidgetRow").implement({
  fields: (t) => ({
    widgetId: t.exposeInt("widgetId"),
    type: t.exposeString("type"),
    summary: t.exposeString("summary"),
    published: t.exposeBoolean("published"),
    displaySetting: t.exposeString("displaySetting", { nullable: true }),
    validFrom: t.exposeString("validFrom", { nullable: true }),
    validTo: t.exposeString("validTo", { nullable: true }),
    version: t.exposeInt("version"),
  }),
});
const WidgetField = b.objectRef<{ name: string; value: string }>("AdminWidgetField").implement({
  description:
    "A setting of a widget's form by its path: title.nb-NO, fileName, buttons.0.link.sv-SE, categoryIds",
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeString("value") }),
});
const WidgetFieldInput = b.inputType("AdminWidgetFieldInput", {
  fields: (t) => ({ name: t.string({ required: true }), value: t.string({ required: true }) }),
});
const ContentImage = b.objectRef<AdminContentImage>("AdminContentImage").implement({
  fields: (t) => ({
    fileName: t.exposeString("fileName", { description: "Served at /images/product/{width}/{fileName}" }),
    alt: t.exposeString("alt", {
      description: "Its alt text in the admin's language, else the product's name",
    }),
    productName: t.exposeString("productName"),
  }),
});
const ContentChoice = b.objectRef<AdminContentChoice>("AdminContentChoice").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    key: t.exposeString("key", { description: "What a menu link stores (a brand's alias)" }),
    name: t.exposeString("name", { description: "In the admin's language; a category with its parents" }),
  }),
});
const ContentChoices = b.objectRef<AdminContentChoices>("AdminContentChoices").implement({
  fields: (t) => ({
    categories: t.field({ type: [ContentChoice], resolve: (c) => c.categories }),
    brands: t.field({ type: [ContentChoice], resolve: (c) => c.brands }),
    pages: t.field({ type: [ContentChoice], resolve: (c) => c.pages }),
    campaigns: t.field({ type: [ContentChoice], resolve: (c) => c.campaigns }),
  }),
});
const Widget = b.objectRef<AdminWidget>("AdminWidget").implement({
  fields: (t) => ({
    widgetId: t.exposeInt("widgetId"),
    family: t.exposeString("family"),
    areaName: t.exposeString("areaName"),
    type: t.exposeString("type"),
    config: t.exposeString("config", { description: "Its settings as JSON" }),
    fields: t.field({
      type: [WidgetField],
      description: "Its settings as its type's form fields",
      resolve: (w) => w.fields,
    }),
    published: t.exposeBoolean("published"),
    displaySetting: t.exposeString("displaySetting", { description: "mobile, desktop or empty (both)" }),
    validFromLocal: t.exposeString("validFromLocal", { description: "YYYY-MM-DDTHH:mm, shop time" }),
    validToLocal: t.exposeString("validToLocal"),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
  }),
});
const WidgetInput = b.inputType("AdminWidgetInput", {
  fields: (t) => ({
    config: t.string({ description: "The type's settings as JSON (when fields are not given)" }),
    fields: t.field({
      type: [WidgetFieldInput],
      description: "The type's form fields (AdminWidget.fields); checked per type, used instead of config",
    }),
    published: t.boolean({ required: true }),
    displaySetting: t.string({ description: "mobile, desktop or empty (both)" }),
    validFrom: t.string({ description: "YYYY-MM-DDTHH:mm, shop time; empty: now" }),
    validTo: t.string({ description: "Empty: no end" }),
  }),
});
const WidgetOrder = b.inputType("AdminWidgetOrderInput", {
  fields: (t) => ({ widgetId: t.int({ required: true }), version: t.int({ required: true }) }),
});
const widgetInputOf = (i: {
  config?: string | null;
  fields?: { name: string; value: string }[] | null;
  published: boolean;
  displaySetting?: string | null;
  validFrom?: string | null;
  validTo?: string | null;
}) => ({
  config: i.config?.slice(0, 250_000) ?? null,
  fields: i.fields
    ?.slice(0, 400)
    .map((f) => ({ name: f.name.slice(0, 100), value: f.value.slice(0, 60_000) })),
  published: i.published,
  displaySetting: text(i.displaySetting, 20),
  validFrom: text(i.validFrom, 40),
  validTo: text(i.validTo, 40),
});

// ---------------------------------------------------------------------------------------------------------------
// Menus.

const MenuRow = b.objectRef<AdminMenuRow>("AdminMenuRow").implement({
  fields: (t) => ({
    menuId: t.exposeInt("menuId"),
    locationId: t.exposeString("locationId"),
    name: t.exposeString("name"),
    items: t.exposeInt("items"),
    version: t.exposeInt("version"),
  }),
});
const MenuItem = b.objectRef<AdminMenuItem>("AdminMenuItem").implement({
  fields: (t) => ({
    itemId: t.exposeInt("itemId"),
    parentItemId: t.exposeInt("parentItemId", { nullable: true }),
    labelNb: t.exposeString("labelNb"),
    labelSv: t.exposeString("labelSv"),
    targetType: t.exposeString("targetType", { description: "category, brand, content or url" }),
    target: t.exposeString("target", { description: "The category's, brand's or page's key" }),
    urlNb: t.exposeString("urlNb"),
    urlSv: t.exposeString("urlSv"),
  }),
});
const Menu = b.objectRef<AdminMenu>("AdminMenu").implement({
  fields: (t) => ({
    menuId: t.exposeInt("menuId"),
    locationId: t.exposeString("locationId"),
    name: t.exposeString("name"),
    version: t.exposeInt("version", { description: "Send it back with a change" }),
    items: t.field({ type: [MenuItem], resolve: (m) => m.items }),
  }),
});
const MenuItemInput = b.inputType("AdminMenuItemInput", {
  fields: (t) => ({
    itemId: t.int({ description: "An existing item's id; empty for a new one" }),
    parentItemId: t.int({ description: "A top-level item of the menu it sits under; empty at the top" }),
    labelNb: t.string({ required: true }),
    labelSv: t.string({ required: true }),
    targetType: t.string({ required: true, description: "category, brand, content or url" }),
    target: t.string({ description: "The category's, brand's or page's key" }),
    urlNb: t.string({ description: "For url: a path on the shop or an https URL" }),
    urlSv: t.string(),
  }),
});

const MAX_MENU_INPUT = 100;

b.queryFields((t) => ({
  contentPages: t.field({
    type: [PageRow],
    description: "Every content page, by title (at most 500)",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.read");
      return adminContentPages(ctx.db, languageIdOf(ctx));
    },
  }),
  contentPage: t.field({
    type: Page,
    nullable: true,
    args: { key: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "content.read");
      return adminContentPage(ctx.db, args.key.slice(0, 200));
    },
  }),
  widgetAreas: t.field({
    type: [WidgetArea],
    description: "The site-wide widget areas with how many widgets (and drafts) each has",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.read");
      return adminWidgetAreas(ctx.db);
    },
  }),
  areaWidgets: t.field({
    type: [WidgetRow],
    nullable: true,
    description: "An area's widgets in order; null for an unknown area",
    args: { family: t.arg.string({ required: true }), areaName: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "content.read");
      return adminWidgets(ctx.db, args.family.slice(0, 60), args.areaName.slice(0, 60), languageIdOf(ctx));
    },
  }),
  widget: t.field({
    type: Widget,
    nullable: true,
    args: { widgetId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "content.read");
      return adminWidget(ctx.db, args.widgetId);
    },
  }),
  contentImages: t.field({
    type: [ContentImage],
    description:
      "The shop's images for a widget: by product name or file name (at most 30), or those named in fileNames",
    args: { search: t.arg.string(), fileNames: t.arg.stringList(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "content.read");
      return contentImages(ctx.db, languageIdOf(ctx), {
        search: text(args.search, 100),
        fileNames: args.fileNames?.slice(0, 10).map((n) => n.slice(0, 200)) ?? null,
        take: args.take ?? null,
      });
    },
  }),
  contentChoices: t.field({
    type: ContentChoices,
    description: "The categories, brands, content pages and campaigns a menu link or product list picks from",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.read");
      return contentChoices(ctx.db, languageIdOf(ctx));
    },
  }),
  widgetTypes: t.stringList({
    description: "The widget types a widget can have",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.read");
      return [...WIDGET_TYPES];
    },
  }),
  widgetPreviewToken: t.string({
    nullable: true,
    description:
      "The shop's preview token for /preview-widgets (to editors only); null when previews are off",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.edit");
      return ctx.previewToken ?? null;
    },
  }),
  menus: t.field({
    type: [MenuRow],
    resolve: (_r, _a, ctx) => {
      allow(ctx, "content.read");
      return adminMenus(ctx.db, languageIdOf(ctx));
    },
  }),
  menu: t.field({
    type: Menu,
    nullable: true,
    args: { locationId: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "content.read");
      return adminMenu(ctx.db, args.locationId.slice(0, 100), languageIdOf(ctx));
    },
  }),
}));

b.mutationFields((t) => ({
  createContentPage: t.field({
    type: Saved,
    args: { input: t.arg({ type: PageInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(ctx, "contentPage", await createContentPageAdmin(ctx.db, admin, pageInputOf(input)));
    },
  }),
  updateContentPage: t.field({
    type: Saved,
    args: {
      key: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: PageInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(
        ctx,
        "contentPage",
        await updateContentPageAdmin(
          ctx.db,
          admin,
          args.key.slice(0, 200),
          args.version,
          pageInputOf(args.input),
        ),
      );
    },
  }),
  deleteContentPage: t.field({
    type: Saved,
    args: { key: t.arg.string({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(
        ctx,
        "contentPage",
        await deleteContentPageAdmin(ctx.db, admin, args.key.slice(0, 200), args.version),
      );
    },
  }),
  createWidget: t.field({
    type: Saved,
    args: {
      family: t.arg.string({ required: true }),
      areaName: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      input: t.arg({ type: WidgetInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      const placement = {
        family: args.family.slice(0, 60),
        areaName: args.areaName.slice(0, 60),
        type: args.type.slice(0, 40),
      };
      return answer(
        ctx,
        "widget",
        await createWidgetAdmin(ctx.db, admin, placement, widgetInputOf(args.input)),
      );
    },
  }),
  updateWidget: t.field({
    type: Saved,
    args: {
      widgetId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: WidgetInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(
        ctx,
        "widget",
        await updateWidgetAdmin(ctx.db, admin, args.widgetId, args.version, widgetInputOf(args.input)),
      );
    },
  }),
  setWidgetPublished: t.field({
    type: Saved,
    description: "Publishes a widget (shoppers see it within its dates) or unpublishes it (a draft again)",
    args: {
      widgetId: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      published: t.arg.boolean({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(
        ctx,
        "widget",
        await setWidgetPublishedAdmin(ctx.db, admin, args.widgetId, args.version, args.published),
      );
    },
  }),
  deleteWidget: t.field({
    type: Saved,
    args: { widgetId: t.arg.int({ required: true }), version: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      return answer(ctx, "widget", await deleteWidgetAdmin(ctx.db, admin, args.widgetId, args.version));
    },
  }),
  reorderWidgets: t.field({
    type: Saved,
    description: "An area's widgets in a new order: each of its widgets once, with the version shown",
    args: {
      family: t.arg.string({ required: true }),
      areaName: t.arg.string({ required: true }),
      order: t.arg({ type: [WidgetOrder], required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      if (args.order.length > 200)
        throw adminError("BAD_USER_INPUT", "At most 200 widgets", { field: "order" });
      return answer(
        ctx,
        "widget",
        await reorderWidgetsAdmin(
          ctx.db,
          admin,
          { family: args.family.slice(0, 60), areaName: args.areaName.slice(0, 60) },
          args.order,
        ),
      );
    },
  }),
  saveMenu: t.field({
    type: Saved,
    description: "A menu's items as given, in that order (missing items are removed)",
    args: {
      locationId: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      items: t.arg({ type: [MenuItemInput], required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "content.edit");
      if (args.items.length > MAX_MENU_INPUT)
        throw adminError("BAD_USER_INPUT", `At most ${MAX_MENU_INPUT} items`, { field: "items" });
      const items = args.items.map((i) => ({
        itemId: i.itemId ?? null,
        parentItemId: i.parentItemId ?? null,
        labelNb: text(i.labelNb, 500),
        labelSv: text(i.labelSv, 500),
        targetType: text(i.targetType, 20),
        target: text(i.target, 500),
        urlNb: text(i.urlNb, 1000),
        urlSv: text(i.urlSv, 1000),
      }));
      return answer(
        ctx,
        "menu",
        await saveMenuAdmin(ctx.db, admin, args.locationId.slice(0, 100), args.version, items),
      );
    },
  }),
}));
