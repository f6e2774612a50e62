import {
  contentPage,
  DISPLAY_SETTINGS,
  type DisplaySetting,
  listContentPages,
  type MenuItemView,
  menusAtLocations,
  type WidgetView,
  widgetArea,
} from "#services/content/index.ts";
import { builder, localeArgs } from "../builder.ts";
import { CustomerTypeEnum } from "./customer-type.ts";
import { AlternativeUrlType } from "./lists.ts";
import { MetaType } from "./meta.ts";

const MenuItemType = builder.objectRef<MenuItemView>("MenuItemType");
MenuItemType.implement({
  fields: (t) => ({
    id: t.string({ description: "Unique across menus", resolve: (i) => String(i.id) }),
    label: t.exposeString("label"),
    title: t.exposeString("label", { description: "The same as label" }),
    url: t.exposeString("url", { description: "Path without the language prefix, or an absolute URL" }),
    canonicalUrl: t.exposeString("url", { description: "The same as url" }),
    type: t.exposeString("type", { description: '"category", "brand", "page" or "custom"' }),
    order: t.exposeInt("order"),
    targetBlank: t.boolean({
      description: "An absolute URL (another site) opens in a new tab",
      resolve: (i) => /^https?:\/\//i.test(i.url),
    }),
    open: t.boolean({ description: "Always false: Mili's menus open on demand", resolve: () => false }),
    hidden: t.boolean({ description: "Always false: Mili answers only items to show", resolve: () => false }),
    value: t.string({ nullable: true, description: "Not used by Mili: null", resolve: () => null }),
    children: t.field({ type: [MenuItemType], resolve: (i) => i.children }),
  }),
});

const MenuType = builder
  .objectRef<{ id: number; locationId: string; name: string; items: MenuItemView[] }>("MenuType")
  .implement({
    fields: (t) => ({
      id: t.string({ resolve: (m) => String(m.id) }),
      locationId: t.exposeString("locationId"),
      name: t.exposeString("name"),
      title: t.exposeString("name", { description: "The same as name" }),
      locations: t.stringList({ resolve: (m) => [m.locationId] }),
      channels: t.stringList({ nullable: true, description: "Null: every channel", resolve: () => null }),
      languages: t.stringList({ nullable: true, description: "Null: every language", resolve: () => null }),
      menuItems: t.field({ type: [MenuItemType], resolve: (m) => m.items }),
      items: t.field({ type: [MenuItemType], description: "The same as menuItems", resolve: (m) => m.items }),
    }),
  });

/** Geins' widget names by Mili's widget types (the Geins storefront picks a widget's renderer by name). */
const WIDGET_NAMES: Record<string, string> = {
  image: "Image",
  text: "Text",
  buttons: "Buttons",
  productList: "Product list",
  banner: "Banner",
  video: "Video",
  html: "HTML",
  richText: "Rich text",
};

type WidgetEdge = WidgetView;

/** The image file names a widget shows (image, banner, a video's poster). */
function widgetImages(w: WidgetView): { fileName: string }[] {
  const c = w.config as { fileName?: string; posterFileName?: string };
  const name = c.fileName ?? c.posterFileName;
  return name ? [{ fileName: name }] : [];
}

/** A displaySetting argument: "mobile" or "desktop"; anything else means both. */
export function displaySettingArg(value: string | null | undefined): DisplaySetting | undefined {
  return (DISPLAY_SETTINGS as readonly string[]).includes(value ?? "")
    ? (value as DisplaySetting)
    : undefined;
}

const PageWidgetImageSizeType = builder
  .objectRef<{ imageWidth: number; imageHeight: number }>("PageWidgetImageSizeType")
  .implement({
    fields: (t) => ({ imageWidth: t.exposeInt("imageWidth"), imageHeight: t.exposeInt("imageHeight") }),
  });

const PageWidgetImageType = builder.objectRef<{ fileName: string }>("PageWidgetImageType").implement({
  fields: (t) => ({
    fileName: t.exposeString("fileName"),
    largestSize: t.field({ type: PageWidgetImageSizeType, nullable: true, resolve: () => null }),
    sizes: t.field({ type: [PageWidgetImageSizeType], resolve: () => [] }),
  }),
});

export const WidgetType = builder.objectRef<WidgetEdge>("PageWidgetType").implement({
  fields: (t) => ({
    id: t.string({ resolve: (w) => String(w.id) }),
    name: t.string({
      description:
        'The kind as Geins names it: "Image", "Text", "Buttons", "Product list", "Banner", "Video", "HTML", "Rich text"',
      resolve: (w) => WIDGET_NAMES[w.type] ?? w.type,
    }),
    type: t.exposeString("type", {
      description:
        'Mili\'s kind: "image", "text", "buttons", "productList", "banner", "video", "html", "richText"',
    }),
    displaySetting: t.exposeString("displaySetting", {
      nullable: true,
      description: '"mobile" or "desktop": shown only there; null: both (Mili\'s addition)',
    }),
    published: t.exposeBoolean("published", {
      description: "Shown to shoppers (within its dates); false only in a preview (Mili's addition)",
    }),
    sortOrder: t.exposeInt("sortOrder"),
    size: t.string({ description: 'Always "full"', resolve: () => "full" }),
    classNames: t.stringList({ resolve: () => [] }),
    images: t.field({ type: [PageWidgetImageType], resolve: widgetImages }),
    configuration: t.string({
      description:
        "The widget's settings as JSON, in Mili's format (decisions 0019, 0038); the HTML of html and richText widgets is sanitised",
      resolve: (w) => JSON.stringify(w.config),
    }),
  }),
});

interface WidgetCollection {
  id: number;
  name: string;
  title: string | null;
  familyName: string | null;
  tags: string[];
  meta: { title: string | null; description: string | null } | null;
  area: { id: number; name: string | null; index: number } | null;
  widgets: WidgetEdge[];
}

const PageAreaType = builder
  .objectRef<{ id: number; name: string | null; index: number }>("PageAreaType")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      name: t.exposeString("name", { nullable: true }),
      index: t.exposeInt("index"),
    }),
  });

const PageWidgetContainerType = builder
  .objectRef<{ collection: WidgetCollection }>("PageWidgetContainerType")
  .implement({
    description: "Mili has one container per collection, holding all its widgets",
    fields: (t) => ({
      id: t.int({ resolve: (c) => c.collection.id }),
      name: t.string({ resolve: (c) => c.collection.name }),
      sortOrder: t.int({ resolve: () => 0 }),
      widgets: t.field({ type: [WidgetType], resolve: (c) => c.collection.widgets }),
      classNames: t.stringList({ resolve: () => [] }),
      layout: t.string({ description: 'Always "full"', resolve: () => "full" }),
      responsiveMode: t.string({ description: 'Always "flex"', resolve: () => "flex" }),
      design: t.string({ description: 'Always "default"', resolve: () => "default" }),
    }),
  });

const PageWidgetCollectionType = builder.objectRef<WidgetCollection>("PageWidgetCollectionType").implement({
  description: "A content page's widgets (by alias) or a site-wide area's (by family and area name)",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    title: t.exposeString("title", { nullable: true }),
    familyName: t.exposeString("familyName", { nullable: true }),
    tags: t.exposeStringList("tags"),
    meta: t.field({ type: MetaType, nullable: true, resolve: (c) => c.meta }),
    pageArea: t.field({ type: PageAreaType, nullable: true, resolve: (c) => c.area }),
    containers: t.field({
      type: [PageWidgetContainerType],
      resolve: (c) => (c.widgets.length ? [{ collection: c }] : []),
    }),
    widgets: t.field({
      type: [WidgetType],
      description: "Every container's widgets in order (Mili's addition)",
      resolve: (c) => c.widgets,
    }),
  }),
});

const PageWidgetCollectionFilterInputType = builder.inputType("PageWidgetCollectionFilterInputType", {
  description: "Accepted: Mili's areas are the same for every list and product page",
  fields: (t) => ({ key: t.string({ required: false }), value: t.string({ required: false }) }),
});

const withOrder = (widgets: WidgetView[]): WidgetEdge[] =>
  widgets.map((w, sortOrder) => ({ ...w, sortOrder }));

const ContentPageType = builder
  .objectRef<NonNullable<Awaited<ReturnType<typeof contentPage>>>>("ContentPage")
  .implement({
    fields: (t) => ({
      pageId: t.exposeInt("pageId"),
      title: t.exposeString("title"),
      alias: t.exposeString("alias"),
      canonicalUrl: t.exposeString("canonicalUrl"),
      published: t.exposeBoolean("published", {
        description: "False when only a preview token shows the page (Mili's addition)",
      }),
      metaTitle: t.string({ nullable: true, resolve: (p) => p.meta.title }),
      metaDescription: t.string({ nullable: true, resolve: (p) => p.meta.description }),
      alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: (p) => p.alternativeUrls }),
      widgets: t.field({ type: [WidgetType], resolve: (p) => withOrder(p.widgets) }),
    }),
  });

const CmsPageLinkType = builder
  .objectRef<{ key: string; title: string; alias: string }>("PageWidgetPageType")
  .implement({
    fields: (t) => ({
      title: t.exposeString("title"),
      alias: t.exposeString("alias"),
      canonicalUrl: t.string({ resolve: (p) => `/${p.alias}` }),
    }),
  });

builder.queryFields((t) => ({
  getMenuAtLocation: t.field({
    type: MenuType,
    nullable: true,
    description:
      'A menu by location, e.g. "header-main", "footer-service", "footer-about"; null without one or for an unknown location.',
    args: {
      menuLocationId: t.arg.string({ required: false }),
      customerGroupId: t.arg.int({
        required: false,
        description: "Accepted; Mili's menus are the same for all",
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locationId = args.menuLocationId;
      if (!locationId) return null;
      const locale = await ctx.locale(args);
      // A page's menus (header, footers) in one batch: one statement for them all (menusAtLocations).
      const menu = await ctx.batch(`menus:${locale.language.id}`, locationId, (ids) =>
        menusAtLocations(ctx.db, locale, ids),
      );
      return menu ?? null;
    },
  }),
  contentPage: t.field({
    type: ContentPageType,
    nullable: true,
    description:
      "A published content page by alias. A preview token (the page's own, or the shop's WIDGET_PREVIEW_TOKEN) shows an unpublished page and its unpublished widgets.",
    args: {
      alias: t.arg.string({ required: true }),
      previewToken: t.arg.string({ required: false }),
      displaySetting: t.arg.string({
        required: false,
        description: '"mobile" or "desktop": only the widgets shown there',
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) =>
      contentPage(ctx.db, await ctx.locale(args), args.alias.slice(0, 200), {
        previewToken: args.previewToken?.slice(0, 200) ?? undefined,
        preview: ctx.canPreview(args.previewToken),
        displaySetting: displaySettingArg(args.displaySetting),
      }),
  }),
  widgetArea: t.field({
    type: PageWidgetCollectionType,
    nullable: true,
    description:
      'A content page\'s widgets by alias (null for an unknown page), or a site-wide area\'s by family and areaName: "Frontpage"/"Main", "Productlist"/"Top" and "Bottom", "Product"/"Main" (null when it has none). Published widgets live now; `preview` with the shop\'s previewToken adds unpublished ones and those outside their dates.',
    args: {
      alias: t.arg.string({ required: false, description: "A content page's alias" }),
      family: t.arg.string({ required: false }),
      areaName: t.arg.string({ required: false }),
      displaySetting: t.arg.string({
        required: false,
        description: '"mobile" or "desktop": only the widgets shown there; otherwise every one',
      }),
      customerType: t.arg({
        type: CustomerTypeEnum,
        required: false,
        description: "Accepted: Mili's widgets are the same for every customer type",
      }),
      preview: t.arg.boolean({
        required: false,
        description: "Unpublished widgets too: only with the right previewToken",
      }),
      previewToken: t.arg.string({
        required: false,
        description: "The shop's WIDGET_PREVIEW_TOKEN (Mili's addition); a wrong one previews nothing",
      }),
      url: t.arg.string({ required: false, description: "Accepted: the page the area is shown on" }),
      filters: t.arg({
        type: [PageWidgetCollectionFilterInputType],
        required: { list: false, items: false },
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx): Promise<WidgetCollection | null> => {
      const locale = await ctx.locale(args);
      // Only the token, which is part of the request's variables (and so of the response cache's key), previews.
      const preview = args.preview === true && ctx.canPreview(args.previewToken);
      const displaySetting = displaySettingArg(args.displaySetting);
      if (args.alias) {
        const page = await contentPage(ctx.db, locale, args.alias.slice(0, 200), { preview, displaySetting });
        if (!page) return null;
        return {
          id: page.pageId,
          name: page.alias,
          title: page.title,
          familyName: "Content",
          tags: [],
          meta: page.meta,
          area: { id: page.pageId, name: "Body", index: 0 },
          widgets: withOrder(page.widgets),
        };
      }
      if (!args.family || !args.areaName) return null;
      const widgets = await widgetArea(ctx.db, {
        family: args.family.slice(0, 60),
        areaName: args.areaName.slice(0, 60),
        preview,
        displaySetting,
      });
      if (!widgets.length) return null;
      return {
        id: 0,
        name: `${args.family}/${args.areaName}`,
        title: null,
        familyName: args.family,
        tags: [],
        meta: null,
        area: { id: 0, name: args.areaName, index: 0 },
        widgets: withOrder(widgets),
      };
    },
  }),
  cmsPages: t.field({
    type: [CmsPageLinkType],
    args: {
      includeTags: t.arg.stringList({
        required: { list: false, items: false },
        description: "Accepted: Mili's pages have no tags",
      }),
      excludeTags: t.arg.stringList({
        required: { list: false, items: false },
        description: "Accepted: Mili's pages have no tags",
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => listContentPages(ctx.db, await ctx.locale(args)),
  }),
}));
