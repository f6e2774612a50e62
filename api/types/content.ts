import {
  contentPage,
  listContentPages,
  type MenuItemView,
  menuAtLocation,
  widgetArea,
} from "#services/content.ts";
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
const WIDGET_NAMES: Record<string, string> = { banner: "Banner", productList: "Product list", text: "Text" };

interface WidgetEdge {
  id: number;
  type: string;
  config: unknown;
  sortOrder: number;
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

const WidgetType = builder.objectRef<WidgetEdge>("PageWidgetType").implement({
  fields: (t) => ({
    id: t.string({ resolve: (w) => String(w.id) }),
    name: t.string({
      description: 'The kind as Geins names it: "Banner", "Product list", "Text"',
      resolve: (w) => WIDGET_NAMES[w.type] ?? w.type,
    }),
    type: t.exposeString("type", { description: 'Mili\'s kind: "banner", "productList", "text"' }),
    sortOrder: t.exposeInt("sortOrder"),
    size: t.string({ description: 'Always "full"', resolve: () => "full" }),
    classNames: t.stringList({ resolve: () => [] }),
    images: t.field({ type: [PageWidgetImageType], resolve: () => [] }),
    configuration: t.string({
      description: "The widget's settings as JSON, in Mili's format (decision 0019)",
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

const withOrder = (widgets: { id: number; type: string; config: unknown }[]): WidgetEdge[] =>
  widgets.map((w, sortOrder) => ({ ...w, sortOrder }));

const ContentPageType = builder
  .objectRef<NonNullable<Awaited<ReturnType<typeof contentPage>>>>("ContentPage")
  .implement({
    fields: (t) => ({
      pageId: t.exposeInt("pageId"),
      title: t.exposeString("title"),
      alias: t.exposeString("alias"),
      canonicalUrl: t.exposeString("canonicalUrl"),
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
    resolve: async (_root, args, ctx) =>
      args.menuLocationId ? menuAtLocation(ctx.db, await ctx.locale(args), args.menuLocationId) : null,
  }),
  contentPage: t.field({
    type: ContentPageType,
    nullable: true,
    description: "A published content page by alias (a preview token shows an unpublished one).",
    args: {
      alias: t.arg.string({ required: true }),
      previewToken: t.arg.string({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) =>
      contentPage(ctx.db, await ctx.locale(args), args.alias, {
        previewToken: args.previewToken ?? undefined,
      }),
  }),
  widgetArea: t.field({
    type: PageWidgetCollectionType,
    nullable: true,
    description:
      'A content page\'s widgets by alias (null for an unknown page), or a site-wide area\'s by family and areaName, e.g. "Frontpage" and "Main" (null when it has none); preview shows inactive widgets.',
    args: {
      alias: t.arg.string({ required: false, description: "A content page's alias" }),
      family: t.arg.string({ required: false }),
      areaName: t.arg.string({ required: false }),
      displaySetting: t.arg.string({
        required: false,
        description: "Accepted (mobile or desktop): Mili's widgets are the same on both",
      }),
      customerType: t.arg({
        type: CustomerTypeEnum,
        required: false,
        description: "Accepted: Mili's widgets are the same for every customer type",
      }),
      preview: t.arg.boolean({ required: false }),
      url: t.arg.string({ required: false, description: "Accepted: the page the area is shown on" }),
      filters: t.arg({
        type: [PageWidgetCollectionFilterInputType],
        required: { list: false, items: false },
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx): Promise<WidgetCollection | null> => {
      const locale = await ctx.locale(args);
      if (args.alias) {
        const page = await contentPage(ctx.db, locale, args.alias, {});
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
      const widgets = await widgetArea(ctx.db, args.family, args.areaName, {
        preview: args.preview ?? false,
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
