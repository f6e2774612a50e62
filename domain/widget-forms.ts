/**
 * A widget's settings as a form per type (issue 15, decision 0063): the fields the storefront's renderers really
 * read (components/widgets.server.tsx), one pure check per widget type that turns the posted fields into the
 * stored settings (the shape of services/content/widget-config.ts, which the service checks again) or every
 * problem at once, and the reverse (stored settings → the form's fields) to fill the form.
 *
 * A field is named by the setting's path: "title.nb-NO", "link.sv-SE", "fileName", "buttons.0.label.nb-NO",
 * "categoryIds" (a comma list). A problem's field is that path under "config." (the API's and the form's name).
 * Texts per language are trimmed; an optional text left empty in both languages is left out; a link is a path on
 * the shop or an https URL in both languages, or in neither. What needs the database (an image of the shop, a
 * category that exists) is the service's.
 */

import { type Checked, type ContentProblem, isMenuUrl } from "./content-edit.ts";

export const WIDGET_FORM_LANGUAGES = ["nb-NO", "sv-SE"] as const;
export type WidgetFormLanguage = (typeof WIDGET_FORM_LANGUAGES)[number];

/** The posted fields by name; a missing field is empty. */
export type WidgetFormFields = Readonly<Record<string, string | null | undefined>>;

export type Localized = Record<WidgetFormLanguage, string>;
export type PartialLocalized = Partial<Localized>;

export const WIDGET_FORM_LIMITS = {
  title: 200,
  text: 4000,
  html: 50_000,
  alt: 300,
  caption: 300,
  bannerText: 600,
  label: 80,
  buttons: 24,
  take: 24,
  ids: 20,
  searchText: 100,
  fileName: 200,
  videoId: 40,
} as const;

export const PRODUCT_LIST_SOURCES = ["search", "latestViewed", "favorites"] as const;
export const PRODUCT_LIST_SORTS = [
  "LATEST",
  "MOST_SOLD",
  "PRICE",
  "PRICE_DESC",
  "ALPHABETICAL",
  "RELEVANCE",
  "VOTES",
] as const;
export const VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;

export interface ImageSettings {
  fileName: string;
  alt: Localized;
  caption?: PartialLocalized;
  link?: Localized;
}
export interface TextSettings {
  title?: PartialLocalized;
  text: Localized;
}
export interface ButtonsSettings {
  title?: PartialLocalized;
  buttons: { label: Localized; link: Localized }[];
}
export interface ProductListSettings {
  title: Localized;
  source: (typeof PRODUCT_LIST_SOURCES)[number];
  sort: (typeof PRODUCT_LIST_SORTS)[number];
  take: number;
  categoryIds?: number[];
  brandIds?: number[];
  discountCampaignIds?: number[];
  searchText?: PartialLocalized;
}
export interface BannerSettings {
  title: Localized;
  text?: PartialLocalized;
  fileName?: string;
  alt?: PartialLocalized;
  link?: Localized;
  buttonLabel?: PartialLocalized;
}
export interface VideoSettings {
  title: Localized;
  src?: string;
  provider?: (typeof VIDEO_PROVIDERS)[number];
  videoId?: string;
  posterFileName?: string;
  captions?: PartialLocalized;
}
export interface HtmlSettings {
  html: Localized;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a text may have line breaks and tabs, nothing else.
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Reads the posted fields and collects the problems of one form. */
class Reader {
  readonly problems: ContentProblem[] = [];
  private readonly fields: WidgetFormFields;
  constructor(fields: WidgetFormFields) {
    this.fields = fields;
  }

  raw(name: string): string {
    const value = this.fields[name];
    return typeof value === "string" ? value : "";
  }

  problem(name: string, code: ContentProblem["code"], extra: Partial<ContentProblem> = {}) {
    this.problems.push({ field: `config.${name}`, code, ...extra });
  }

  /** A trimmed text (one line unless `multiline`); "" when empty or refused. */
  text(name: string, max: number, required: boolean, multiline = false): string {
    const value = this.raw(name).replace(/\r\n?/g, "\n").trim();
    if (!value) {
      if (required) this.problem(name, "required");
      return "";
    }
    if (value.length > max) this.problem(name, "tooLong", { max });
    else if ((multiline ? TEXT_CONTROL : LINE_CONTROL).test(value)) this.problem(name, "invalidCharacters");
    return value;
  }

  /** A text in both languages (both required). */
  localized(name: string, max: number, multiline = false): Localized {
    return {
      "nb-NO": this.text(`${name}.nb-NO`, max, true, multiline),
      "sv-SE": this.text(`${name}.sv-SE`, max, true, multiline),
    };
  }

  /** A text in either language or none: only the languages given (undefined when none is). */
  optionalLocalized(name: string, max: number, multiline = false): PartialLocalized | undefined {
    const out: PartialLocalized = {};
    for (const l of WIDGET_FORM_LANGUAGES) {
      const value = this.text(`${name}.${l}`, max, false, multiline);
      if (value) out[l] = value;
    }
    return Object.keys(out).length ? out : undefined;
  }

  /** A link in both languages or neither (undefined); each a path on the shop or an https URL. */
  link(name: string, required = false): Localized | undefined {
    const given = WIDGET_FORM_LANGUAGES.map((l) => [l, this.raw(`${name}.${l}`).trim()] as const);
    if (!required && given.every(([, v]) => !v)) return undefined;
    const out = { "nb-NO": "", "sv-SE": "" } as Localized;
    for (const [l, value] of given) {
      if (!value) this.problem(`${name}.${l}`, "required");
      else if (!isMenuUrl(value)) this.problem(`${name}.${l}`, "urlInvalid");
      out[l] = value;
    }
    return out;
  }

  /** An image of the shop by its file name (that it exists is the service's check). */
  image(name: string, required: boolean): string | undefined {
    const value = this.raw(name).trim();
    if (!value) {
      if (required) this.problem(name, "required");
      return undefined;
    }
    if (value.length > WIDGET_FORM_LIMITS.fileName || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value))
      this.problem(name, "imageUnknown");
    return value;
  }

  choice<T extends string>(name: string, options: readonly T[], fallback: T): T {
    const value = this.raw(name).trim();
    if (!value) return fallback;
    if (!(options as readonly string[]).includes(value)) {
      this.problem(name, "choice");
      return fallback;
    }
    return value as T;
  }

  whole(name: string, min: number, max: number, fallback: number): number {
    const value = this.raw(name).trim();
    if (!value) return fallback;
    const n = Number(value);
    if (!/^\d{1,6}$/.test(value) || n < min || n > max) {
      this.problem(name, "numberRange", { min, max });
      return fallback;
    }
    return n;
  }

  /** Chosen ids (a comma list), each once, in the order given; undefined when none. */
  ids(name: string, max: number): number[] | undefined {
    const parts = this.raw(name)
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    if (!parts.length) return undefined;
    if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > 2 ** 31 - 1)) {
      this.problem(name, "choice");
      return undefined;
    }
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > max) {
      this.problem(name, "tooMany", { max });
      return undefined;
    }
    return ids;
  }

  done<T>(value: T): Checked<T> {
    return this.problems.length ? { ok: false, problems: this.problems } : { ok: true, value };
  }
}

/** Leaves out the keys whose value is undefined (the stored settings have no empty keys). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const L = WIDGET_FORM_LIMITS;

/** An image: the picked image, its alt text in both languages, an optional caption and link. */
export function checkImageForm(fields: WidgetFormFields): Checked<ImageSettings> {
  const r = new Reader(fields);
  const fileName = r.image("fileName", true) ?? "";
  const alt = r.localized("alt", L.alt);
  return r.done(
    compact({
      fileName,
      alt,
      caption: r.optionalLocalized("caption", L.caption),
      link: r.link("link"),
    }),
  );
}

/** A text: an optional title and the text (paragraphs split by empty lines) in both languages. */
export function checkTextForm(fields: WidgetFormFields): Checked<TextSettings> {
  const r = new Reader(fields);
  const title = r.optionalLocalized("title", L.title);
  return r.done(compact({ title, text: r.localized("text", L.text, true) }));
}

/**
 * Buttons: an optional title and 1–24 buttons, each a label and a link in both languages. A row left wholly
 * empty is no button (the form always offers an empty row to add one).
 */
export function checkButtonsForm(fields: WidgetFormFields): Checked<ButtonsSettings> {
  const r = new Reader(fields);
  const title = r.optionalLocalized("title", L.title);
  const rows = new Set<number>();
  for (const name of Object.keys(fields)) {
    const m = /^buttons\.(\d{1,3})\./.exec(name);
    if (m && (fields[name] ?? "").trim()) rows.add(Number(m[1]));
  }
  const buttons: ButtonsSettings["buttons"] = [];
  const sorted = [...rows].sort((a, b) => a - b);
  if (!sorted.length) r.problem("buttons", "required");
  else if (sorted.length > L.buttons) r.problem("buttons", "tooMany", { max: L.buttons });
  else
    for (const i of sorted)
      buttons.push({
        label: r.localized(`buttons.${i}.label`, L.label),
        link: r.link(`buttons.${i}.link`, true) as Localized,
      });
  return r.done(compact({ title, buttons }));
}

/**
 * A product list: a title in both languages, where its products come from (a search by the chosen categories,
 * brands, campaigns and words; or the shopper's own favourites or latest viewed), a sort and how many (1–24).
 */
export function checkProductListForm(fields: WidgetFormFields): Checked<ProductListSettings> {
  const r = new Reader(fields);
  const title = r.localized("title", L.title);
  const source = r.choice("source", PRODUCT_LIST_SOURCES, "search");
  const sort = r.choice("sort", PRODUCT_LIST_SORTS, "LATEST");
  const take = r.whole("take", 1, L.take, 8);
  const search =
    source === "search"
      ? {
          categoryIds: r.ids("categoryIds", L.ids),
          brandIds: r.ids("brandIds", L.ids),
          discountCampaignIds: r.ids("discountCampaignIds", L.ids),
          searchText: r.optionalLocalized("searchText", L.searchText),
        }
      : {};
  return r.done(compact({ title, source, sort, take, ...search }));
}

/** A banner: a title, optional text, image (then its alt text in both languages), link and button label. */
export function checkBannerForm(fields: WidgetFormFields): Checked<BannerSettings> {
  const r = new Reader(fields);
  const title = r.localized("title", L.title);
  const text = r.optionalLocalized("text", L.bannerText, true);
  const fileName = r.image("fileName", false);
  const alt = fileName ? r.localized("alt", L.alt) : undefined;
  const link = r.link("link");
  const buttonLabel = link ? r.optionalLocalized("buttonLabel", L.label) : undefined;
  return r.done(compact({ title, text, fileName, alt, link, buttonLabel }));
}

/**
 * A video: a title, and either a video file (.mp4 or .webm on the shop or over https, with an optional poster
 * image and captions per language) or a video on YouTube or Vimeo by its id (linked to, not embedded).
 */
export function checkVideoForm(fields: WidgetFormFields): Checked<VideoSettings> {
  const r = new Reader(fields);
  const title = r.localized("title", L.title);
  const provider = r.raw("provider").trim();
  if (provider) {
    const chosen = r.choice("provider", VIDEO_PROVIDERS, "youtube");
    const videoId = r.raw("videoId").trim();
    if (!videoId) r.problem("videoId", "required");
    else if (!/^[A-Za-z0-9_-]{1,40}$/.test(videoId)) r.problem("videoId", "videoId");
    return r.done({ title, provider: chosen, videoId });
  }
  const src = r.raw("src").trim();
  if (!src) r.problem("src", "required");
  else if (!isMenuUrl(src) || !/\.(mp4|webm)(\?.*)?$/i.test(src)) r.problem("src", "videoFile");
  const posterFileName = r.image("posterFileName", false);
  const captions: PartialLocalized = {};
  for (const l of WIDGET_FORM_LANGUAGES) {
    const value = r.raw(`captions.${l}`).trim();
    if (!value) continue;
    if (!isMenuUrl(value)) r.problem(`captions.${l}`, "urlInvalid");
    captions[l] = value;
  }
  return r.done(
    compact({ title, src, posterFileName, captions: Object.keys(captions).length ? captions : undefined }),
  );
}

/** Rich text or HTML in both languages (the service sanitises it). */
export function checkHtmlForm(fields: WidgetFormFields): Checked<HtmlSettings> {
  const r = new Reader(fields);
  return r.done({ html: r.localized("html", L.html, true) });
}

/** The check of each widget type's form. */
export const WIDGET_FORM_CHECKS = {
  image: checkImageForm,
  text: checkTextForm,
  buttons: checkButtonsForm,
  productList: checkProductListForm,
  banner: checkBannerForm,
  video: checkVideoForm,
  html: checkHtmlForm,
  richText: checkHtmlForm,
} as const satisfies Record<string, (fields: WidgetFormFields) => Checked<object>>;

export type WidgetFormType = keyof typeof WIDGET_FORM_CHECKS;

export function isWidgetFormType(type: string): type is WidgetFormType {
  return Object.hasOwn(WIDGET_FORM_CHECKS, type);
}

/** A widget's form checked for its type: the settings to store, or every problem (fields under "config."). */
export function checkWidgetForm(type: WidgetFormType, fields: WidgetFormFields): Checked<object> {
  return WIDGET_FORM_CHECKS[type](fields);
}

/**
 * Stored settings as the form's fields (the reverse of the checks): nested objects become dotted names, arrays of
 * ids a comma list, numbers text. Settings the form does not edit come out too (the service keeps nothing else).
 */
export function widgetFormFields(config: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v === "number")) out[path] = value.join(",");
      else for (const [i, v] of value.entries()) walk(v, `${path}.${i}`);
    } else if (typeof value === "object")
      for (const [key, v] of Object.entries(value)) walk(v, path ? `${path}.${key}` : key);
    else if (path) out[path] = String(value);
  };
  walk(config, "");
  return out;
}
