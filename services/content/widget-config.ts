import { z } from "zod";
import { parseImageName } from "../images/art.ts";

/**
 * What a merchant may put in a widget (decision 0038): one Zod schema per widget type, checked when a widget is
 * written (services/content/admin.ts) and again when it is read (a row written by SQL or an import that does not
 * fit is left out, not shown half). Texts are keyed by language id (`{"nb-NO": …, "sv-SE": …}`); links are a
 * path per language without the language prefix (`/c/jakker`) or an absolute https URL; images are the image
 * pipeline's file names (`/images/product/{width}/{fileName}`).
 */

/** The widget areas shoppers see: family → its area names. */
export const WIDGET_AREAS = {
  Frontpage: ["Main"],
  Productlist: ["Top", "Bottom"],
  Product: ["Main"],
} as const satisfies Record<string, readonly string[]>;

export type WidgetFamily = keyof typeof WIDGET_AREAS;

export const WIDGET_TYPES = [
  "image",
  "text",
  "buttons",
  "productList",
  "banner",
  "video",
  "html",
  "richText",
] as const;
export type WidgetKind = (typeof WIDGET_TYPES)[number];

export const DISPLAY_SETTINGS = ["mobile", "desktop"] as const;
export type DisplaySetting = (typeof DISPLAY_SETTINGS)[number];

/** The languages a widget's texts are written in. */
export const WIDGET_LANGUAGES = ["nb-NO", "sv-SE"] as const;

const MAX_TEXT = 4000;
const MAX_HTML = 50_000;

const localized = (max: number) =>
  z.object({ "nb-NO": z.string().trim().min(1).max(max), "sv-SE": z.string().trim().min(1).max(max) });

const optionalLocalized = (max: number) =>
  z.object({ "nb-NO": z.string().trim().max(max), "sv-SE": z.string().trim().max(max) }).partial();

/** A same-site path ("/c/jakker", not "//host") or an absolute https URL. */
const linkValue = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => (/^\/(?![/\\])/.test(v) && !/[\s<>"]/.test(v)) || /^https:\/\/[^\s<>"]+$/.test(v),
    "a path starting with / or an https:// URL",
  );

const link = z.object({ "nb-NO": linkValue, "sv-SE": linkValue });

const imageFileName = z
  .string()
  .max(200)
  .refine((name) => {
    try {
      parseImageName(name);
      return true;
    } catch {
      return false;
    }
  }, "an image file name of the image pipeline, e.g. shell-jacket-1042-1-1f3a5f.jpg");

const SORTS = ["LATEST", "MOST_SOLD", "PRICE", "PRICE_DESC", "ALPHABETICAL", "RELEVANCE", "VOTES"] as const;

export const widgetConfigSchemas = {
  image: z.object({
    fileName: imageFileName,
    alt: localized(300),
    caption: optionalLocalized(300).optional(),
    link: link.optional(),
  }),
  text: z.object({ title: optionalLocalized(200).optional(), text: localized(MAX_TEXT) }),
  buttons: z.object({
    title: optionalLocalized(200).optional(),
    buttons: z
      .array(z.object({ label: localized(80), link }))
      .min(1)
      .max(24),
  }),
  productList: z.object({
    title: localized(200),
    /** search: the products the parameters below find; latestViewed and favourites: the shopper's own, in the browser. */
    source: z.enum(["search", "latestViewed", "favorites"]).default("search"),
    sort: z.enum(SORTS).default("LATEST"),
    take: z.number().int().min(1).max(24).default(8),
    categoryIds: z.array(z.number().int().positive()).max(20).optional(),
    brandIds: z.array(z.number().int().positive()).max(20).optional(),
    discountCampaignIds: z.array(z.number().int().positive()).max(20).optional(),
    searchText: optionalLocalized(100).optional(),
  }),
  banner: z.object({
    title: localized(200),
    text: optionalLocalized(600).optional(),
    fileName: imageFileName.optional(),
    alt: optionalLocalized(300).optional(),
    link: link.optional(),
    buttonLabel: optionalLocalized(80).optional(),
  }),
  video: z
    .object({
      title: localized(200),
      /** A video file on this site or over https (played by the browser's own player, no third party). */
      src: linkValue.refine((v) => /\.(mp4|webm)(\?.*)?$/i.test(v), "an .mp4 or .webm file").optional(),
      /** Or a video on YouTube or Vimeo: linked to, not embedded (no third-party request before consent). */
      provider: z.enum(["youtube", "vimeo"]).optional(),
      videoId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/)
        .optional(),
      posterFileName: imageFileName.optional(),
      /** Captions (WebVTT) per language for a video file. */
      captions: z.object({ "nb-NO": linkValue, "sv-SE": linkValue }).partial().optional(),
    })
    .refine((v) => !!v.src !== !!(v.provider && v.videoId), "either src, or provider and videoId"),
  html: z.object({ html: localized(MAX_HTML) }),
  richText: z.object({ html: localized(MAX_HTML) }),
} satisfies Record<WidgetKind, z.ZodType>;

export type WidgetConfig<K extends WidgetKind = WidgetKind> = z.infer<(typeof widgetConfigSchemas)[K]>;

export function isWidgetKind(value: string): value is WidgetKind {
  return (WIDGET_TYPES as readonly string[]).includes(value);
}

export function isWidgetArea(family: string, areaName: string): family is WidgetFamily {
  const names: readonly string[] | undefined = WIDGET_AREAS[family as WidgetFamily];
  return !!names?.includes(areaName);
}

export interface ConfigProblem {
  /** The setting's path, e.g. "title.nb-NO" or "buttons.0.link.sv-SE". */
  path: string;
  message: string;
}

/** A widget's settings checked for its type: the settings with defaults filled in, or what is wrong with them. */
export function checkWidgetConfig(
  type: WidgetKind,
  config: unknown,
): { ok: true; config: WidgetConfig } | { ok: false; problems: ConfigProblem[] } {
  const result = widgetConfigSchemas[type].safeParse(config);
  if (result.success) return { ok: true, config: result.data as WidgetConfig };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
  };
}
