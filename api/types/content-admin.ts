import { msg } from "#domain/messages.ts";
import {
  type ContentPageAdminView,
  type ContentProblem,
  createContentPage,
  createWidget,
  deleteWidget,
  setContentPagePublished,
  setWidgetPublished,
  updateContentPage,
  updateWidget,
  type Written,
} from "#services/content/index.ts";
import { requireAdmin } from "../admin.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError } from "../errors.ts";
import { WidgetType } from "./content.ts";

/**
 * The merchant's widgets and content pages (decision 0038): admin only (X-Admin-Key, api/admin.ts). Thin: the
 * checks and the writes are services/content/admin.ts's, which the back office calls as well. A refusal is
 * BAD_USER_INPUT with the first problem's message in the request's language, `reason` and `field`, and every
 * problem's field in `fields`; nothing was changed. `languageId` (or `channelId`) picks the messages' language.
 */

function refuse(problems: ContentProblem[]): never {
  const [first] = problems as [ContentProblem, ...ContentProblem[]];
  throw apiError("BAD_USER_INPUT", first.message, {
    reason: first.reason,
    field: first.field,
    fields: problems.map((p) => p.field),
  });
}

function written<T>(result: Written<T>, notFound: () => never): T {
  if (result.ok) return result.value;
  if ("notFound" in result) notFound();
  refuse(result.problems);
}

const widgetNotFound = (widgetId: number) => (): never => {
  throw apiError("NOT_FOUND", msg("content.widgetNotFound"), { widgetId });
};
const pageNotFound = (key: string) => (): never => {
  throw apiError("NOT_FOUND", msg("content.pageNotFound"), { key });
};

/** The settings argument: a JSON object, or BAD_USER_INPUT. */
function configOf(configuration: string): unknown {
  try {
    const value: unknown = JSON.parse(configuration);
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  refuse([{ reason: "config", field: "configuration", message: msg("content.configNotJson") }]);
}

/** An ISO 8601 time argument, or BAD_USER_INPUT. */
function timeOf(field: string, value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime()))
    refuse([{ reason: "validRange", field, message: msg("content.validRange") }]);
  return time;
}

const ContentPageTranslationInput = builder.inputType("ContentPageTranslationInputType", {
  description: "A content page's title and address in one language (Mili's addition)",
  fields: (t) => ({
    languageId: t.string({ required: true, description: '"nb-NO" or "sv-SE"' }),
    alias: t.string({ required: true, description: "The page's address, /{alias}: a–z, 0–9 and hyphens" }),
    title: t.string({ required: true }),
    metaTitle: t.string({ required: false }),
    metaDescription: t.string({ required: false }),
  }),
});

const ContentPageTranslationType = builder
  .objectRef<ContentPageAdminView["translations"][number]>("ContentPageTranslationType")
  .implement({
    fields: (t) => ({
      languageId: t.exposeString("languageId"),
      alias: t.exposeString("alias"),
      title: t.exposeString("title"),
      metaTitle: t.string({ nullable: true, resolve: (p) => p.metaTitle ?? null }),
      metaDescription: t.string({ nullable: true, resolve: (p) => p.metaDescription ?? null }),
    }),
  });

const ContentPageAdminType = builder.objectRef<ContentPageAdminView>("ContentPageAdminType").implement({
  description: "A content page as the merchant manages it (Mili's addition)",
  fields: (t) => ({
    pageId: t.exposeInt("pageId"),
    key: t.exposeString("key"),
    published: t.exposeBoolean("published"),
    previewToken: t.exposeString("previewToken", {
      nullable: true,
      description: "Shows the unpublished page at /content/{alias}?preview={previewToken}",
    }),
    translations: t.field({ type: [ContentPageTranslationType], resolve: (p) => p.translations }),
  }),
});

const cap = (value: string | null | undefined, max: number) => (value == null ? value : value.slice(0, max));

builder.mutationFields((t) => ({
  createWidget: t.field({
    type: WidgetType,
    description:
      "Admin (X-Admin-Key): a new widget, last in a site-wide area (family and areaName: Frontpage/Main, Productlist/Top, Productlist/Bottom, Product/Main) or in a content page's body (pageKey). Not shown to shoppers until published (publish: true, or publishWidget). `configuration` is the type's settings as JSON (README, decision 0038). Refusals: BAD_USER_INPUT with reason area, page, type, config, displaySetting or validRange. Mili's addition.",
    args: {
      family: t.arg.string({ required: false }),
      areaName: t.arg.string({ required: false }),
      pageKey: t.arg.string({ required: false }),
      type: t.arg.string({
        required: true,
        description: "image, text, buttons, productList, banner, video, html, richText",
      }),
      configuration: t.arg.string({ required: true }),
      sortOrder: t.arg.int({ required: false }),
      displaySetting: t.arg.string({ required: false, description: "mobile, desktop, or null for both" }),
      validFrom: t.arg.string({ required: false, description: "ISO 8601" }),
      validTo: t.arg.string({ required: false, description: "ISO 8601" }),
      publish: t.arg.boolean({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const result = await createWidget(
        ctx.db,
        { family: cap(args.family, 60), areaName: cap(args.areaName, 60), pageKey: cap(args.pageKey, 60) },
        {
          type: args.type.slice(0, 40),
          config: configOf(args.configuration),
          sortOrder: args.sortOrder,
          displaySetting: args.displaySetting,
          validFrom: timeOf("validFrom", args.validFrom),
          validTo: timeOf("validTo", args.validTo),
          publish: args.publish,
        },
      );
      return written(result, widgetNotFound(0));
    },
  }),
  updateWidget: t.field({
    type: WidgetType,
    description:
      "Admin (X-Admin-Key): changes a widget's settings, sortOrder, displaySetting or dates (arguments left out stay; an empty displaySetting or date clears it). Published state is kept. NOT_FOUND, or BAD_USER_INPUT as createWidget. Mili's addition.",
    args: {
      widgetId: t.arg.int({ required: true }),
      configuration: t.arg.string({ required: false }),
      sortOrder: t.arg.int({ required: false }),
      displaySetting: t.arg.string({ required: false }),
      validFrom: t.arg.string({ required: false }),
      validTo: t.arg.string({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const result = await updateWidget(ctx.db, args.widgetId, {
        ...(args.configuration == null ? {} : { config: configOf(args.configuration) }),
        ...(args.sortOrder == null ? {} : { sortOrder: args.sortOrder }),
        ...(args.displaySetting === undefined ? {} : { displaySetting: args.displaySetting }),
        ...(args.validFrom === undefined ? {} : { validFrom: timeOf("validFrom", args.validFrom) ?? null }),
        ...(args.validTo === undefined ? {} : { validTo: timeOf("validTo", args.validTo) ?? null }),
      });
      return written(result, widgetNotFound(args.widgetId));
    },
  }),
  publishWidget: t.boolean({
    description:
      "Admin (X-Admin-Key): shoppers see the widget (within its dates). NOT_FOUND. Mili's addition.",
    args: { widgetId: t.arg.int({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      if (!(await setWidgetPublished(ctx.db, args.widgetId, true))) widgetNotFound(args.widgetId)();
      return true;
    },
  }),
  unpublishWidget: t.boolean({
    description:
      "Admin (X-Admin-Key): shoppers no longer see the widget; a preview still does. NOT_FOUND. Mili's addition.",
    args: { widgetId: t.arg.int({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      if (!(await setWidgetPublished(ctx.db, args.widgetId, false))) widgetNotFound(args.widgetId)();
      return true;
    },
  }),
  deleteWidget: t.boolean({
    description: "Admin (X-Admin-Key): removes a widget. NOT_FOUND. Mili's addition.",
    args: { widgetId: t.arg.int({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      if (!(await deleteWidget(ctx.db, args.widgetId))) widgetNotFound(args.widgetId)();
      return true;
    },
  }),
  createContentPage: t.field({
    type: ContentPageAdminType,
    description:
      "Admin (X-Admin-Key): a new content page, unpublished, with its title and address in nb-NO and sv-SE and a preview token; its body is widgets (createWidget with pageKey). BAD_USER_INPUT with reason key, keyTaken, languages, alias, aliasTaken or title. Mili's addition.",
    args: {
      key: t.arg.string({ required: true, description: "A stable name: a–z, 0–9 and hyphens" }),
      translations: t.arg({ type: [ContentPageTranslationInput], required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const result = await createContentPage(ctx.db, {
        key: args.key.slice(0, 100),
        translations: args.translations.slice(0, 4),
      });
      return written(result, pageNotFound(args.key));
    },
  }),
  updateContentPage: t.field({
    type: ContentPageAdminType,
    description:
      "Admin (X-Admin-Key): a page's titles, addresses and meta texts in both languages. NOT_FOUND, or BAD_USER_INPUT as createContentPage. Mili's addition.",
    args: {
      key: t.arg.string({ required: true }),
      translations: t.arg({ type: [ContentPageTranslationInput], required: true }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const result = await updateContentPage(ctx.db, args.key.slice(0, 100), args.translations.slice(0, 4));
      return written(result, pageNotFound(args.key));
    },
  }),
  publishContentPage: t.field({
    type: ContentPageAdminType,
    description:
      "Admin (X-Admin-Key): shoppers see the page (and its published widgets). NOT_FOUND. Mili's addition.",
    args: { key: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      return (
        (await setContentPagePublished(ctx.db, args.key.slice(0, 100), true)) ?? pageNotFound(args.key)()
      );
    },
  }),
  unpublishContentPage: t.field({
    type: ContentPageAdminType,
    description:
      "Admin (X-Admin-Key): the page is gone for shoppers (404); its preview token still shows it. NOT_FOUND. Mili's addition.",
    args: { key: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      return (
        (await setContentPagePublished(ctx.db, args.key.slice(0, 100), false)) ?? pageNotFound(args.key)()
      );
    },
  }),
}));
