import {
  contentPage,
  listContentPages,
  type MenuItemView,
  menuAtLocation,
  widgetArea,
} from "#services/content.ts";
import { builder, localeArgs } from "../builder.ts";
import { AlternativeUrlType } from "./lists.ts";

const MenuItemType = builder.objectRef<MenuItemView>("MenuItemType");
MenuItemType.implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    label: t.exposeString("label"),
    url: t.exposeString("url", { description: "Path without the language prefix, or an absolute URL" }),
    children: t.field({ type: [MenuItemType], resolve: (i) => i.children }),
  }),
});

const MenuType = builder
  .objectRef<{ id: number; locationId: string; name: string; items: MenuItemView[] }>("MenuType")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      locationId: t.exposeString("locationId"),
      name: t.exposeString("name"),
      items: t.field({ type: [MenuItemType], resolve: (m) => m.items }),
    }),
  });

const WidgetType = builder
  .objectRef<{ id: number; type: string; config: unknown }>("PageWidgetType")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      type: t.exposeString("type"),
      configuration: t.string({
        description: "The widget's settings as JSON",
        resolve: (w) => JSON.stringify(w.config),
      }),
    }),
  });

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
      widgets: t.field({ type: [WidgetType], resolve: (p) => p.widgets }),
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
    description: 'A menu by location, e.g. "header-main", "footer-service", "footer-about".',
    args: { menuLocationId: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => menuAtLocation(ctx.db, await ctx.locale(args), args.menuLocationId),
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
    type: [WidgetType],
    description:
      'The widgets of a site-wide area, e.g. family "Frontpage", areaName "Main"; preview shows inactive ones.',
    args: {
      family: t.arg.string({ required: true }),
      areaName: t.arg.string({ required: true }),
      preview: t.arg.boolean({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      await ctx.locale(args);
      return widgetArea(ctx.db, args.family, args.areaName, { preview: args.preview ?? false });
    },
  }),
  cmsPages: t.field({
    type: [CmsPageLinkType],
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => listContentPages(ctx.db, await ctx.locale(args)),
  }),
}));
