/**
 * The back office's rules for content (issue 15, decision 0058): a content page's form (key, and per language its
 * title, address, meta texts and body), a menu's items (labels per language, what each links to, order, one level
 * of sub-items) and a widget's schedule. Pure: the services check what needs the database (a taken address, a
 * category that exists, an image of the catalog) and sanitise the body's HTML.
 */

import { localToInstant } from "./campaign-edit.ts";

/** The languages content is written in: Norwegian and Swedish, both required. */
export const CONTENT_LANGUAGES = ["nb-NO", "sv-SE"] as const;
export type ContentLanguageId = (typeof CONTENT_LANGUAGES)[number];
/** The form's prefix of each language's fields: "nb.title", "sv.alias". */
export const FORM_PREFIX: Record<ContentLanguageId, "nb" | "sv"> = { "nb-NO": "nb", "sv-SE": "sv" };

/** First path segments the storefront's own routes use: a content page at /{alias} cannot take them. */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  "p",
  "pp",
  "c",
  "b",
  "dc",
  "s",
  "l",
  "list",
  "product",
  "content",
  "account",
  "checkout",
  "preview-widgets",
  "nyheter",
  "404",
  "images",
  "assets",
  "graphql",
  "auth",
  "api",
  "admin",
  "favoritter",
  "favoriter",
  "varemerker",
  "varumarken",
  "kassen",
  "kassan",
  "min-konto",
  "mina-sidor",
  "sv",
  "nb",
  "se",
  "no",
  "healthz",
  "readyz",
  "metrics",
  "offline",
  "newsletter",
  "nyhetsbrev",
]);

/** Lower-case letters, digits and single hyphens between them. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const MAX_TITLE = 120;
export const MAX_ALIAS = 100;
export const MAX_KEY = 60;
export const MAX_META_TITLE = 120;
export const MAX_META_DESCRIPTION = 300;
export const MAX_BODY = 50_000;
export const MAX_LABEL = 80;
export const MAX_MENU_ITEMS = 60;
export const MAX_URL = 500;

export type ContentProblemCode =
  | "required"
  | "tooLong"
  | "invalidCharacters"
  | "keyInvalid"
  | "keyTaken"
  | "aliasInvalid"
  | "aliasReserved"
  | "aliasTaken"
  | "pageInMenu"
  | "config"
  | "configJson"
  | "imageUnknown"
  | "typeUnknown"
  | "areaUnknown"
  | "dateInvalid"
  | "validRange"
  | "displaySetting"
  | "orderMismatch"
  | "targetType"
  | "targetUnknown"
  | "urlInvalid"
  | "parentInvalid"
  | "tooMany"
  | "numberRange"
  | "choice"
  | "choiceUnknown"
  | "videoFile"
  | "videoId";

export interface ContentProblem {
  /** The form field: "nb.title", "sv.alias", "config.title.sv-SE", "items.2.labelSv". */
  field: string;
  code: ContentProblemCode;
  max?: number;
  min?: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] };

const done = <T>(value: T, problems: ContentProblem[]): Checked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a line has no line breaks either.
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;

/** A one-line text, trimmed; null when empty. Pushes a problem when required and empty, too long or not one line. */
function line(
  problems: ContentProblem[],
  field: string,
  text: string | null | undefined,
  max: number,
  required: boolean,
): string | null {
  const value = (text ?? "").trim();
  if (!value) {
    if (required) problems.push({ field, code: "required" });
    return null;
  }
  if (value.length > max) problems.push({ field, code: "tooLong", max });
  else if (LINE_CONTROL.test(value)) problems.push({ field, code: "invalidCharacters" });
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Content pages.

export interface PageLanguageInput {
  title?: string | null;
  alias?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  /** The body as HTML (rich text); sanitised by the service. */
  body?: string | null;
}

export interface PageInput {
  /** A new page's key (its stable name; menus link to it); ignored when changing a page. */
  key?: string | null;
  nb: PageLanguageInput;
  sv: PageLanguageInput;
  published: boolean;
}

export interface PageTexts {
  languageId: ContentLanguageId;
  title: string;
  alias: string;
  metaTitle: string | null;
  metaDescription: string | null;
  body: string;
}

export interface PageFields {
  key: string;
  texts: PageTexts[];
  published: boolean;
}

/** Whether an address can be a content page's: a slug of at most 100 characters that no storefront route uses. */
export function aliasProblem(alias: string): "aliasInvalid" | "aliasReserved" | "tooLong" | null {
  if (alias.length > MAX_ALIAS) return "tooLong";
  if (!SLUG.test(alias)) return "aliasInvalid";
  if (RESERVED_ALIASES.has(alias)) return "aliasReserved";
  return null;
}

/**
 * A content page's form checked: a new page's key (a slug), and in both languages a title, an address that is a
 * free slug (lower-cased and trimmed first), optional meta title and description, and a body of at most 50,000
 * characters. The two languages may share an address. Every problem is told at once.
 */
export function checkContentPage(input: PageInput, isNew: boolean): Checked<PageFields> {
  const problems: ContentProblem[] = [];
  const key = (input.key ?? "").trim().toLowerCase();
  if (isNew) {
    if (!key) problems.push({ field: "key", code: "required" });
    else if (key.length > MAX_KEY) problems.push({ field: "key", code: "tooLong", max: MAX_KEY });
    else if (!SLUG.test(key)) problems.push({ field: "key", code: "keyInvalid" });
  }
  const texts: PageTexts[] = [];
  for (const languageId of CONTENT_LANGUAGES) {
    const prefix = FORM_PREFIX[languageId];
    const given = input[prefix];
    const title = line(problems, `${prefix}.title`, given.title, MAX_TITLE, true);
    const alias = (given.alias ?? "").trim().toLowerCase();
    if (!alias) problems.push({ field: `${prefix}.alias`, code: "required" });
    else {
      const problem = aliasProblem(alias);
      if (problem)
        problems.push({
          field: `${prefix}.alias`,
          code: problem,
          ...(problem === "tooLong" ? { max: MAX_ALIAS } : {}),
        });
    }
    const metaTitle = line(problems, `${prefix}.metaTitle`, given.metaTitle, MAX_META_TITLE, false);
    const metaDescription = (given.metaDescription ?? "").replace(/\s+/g, " ").trim() || null;
    if (metaDescription && metaDescription.length > MAX_META_DESCRIPTION)
      problems.push({ field: `${prefix}.metaDescription`, code: "tooLong", max: MAX_META_DESCRIPTION });
    const body = (given.body ?? "").replace(/\r\n?/g, "\n").trim();
    if (body.length > MAX_BODY) problems.push({ field: `${prefix}.body`, code: "tooLong", max: MAX_BODY });
    else if (CONTROL.test(body)) problems.push({ field: `${prefix}.body`, code: "invalidCharacters" });
    texts.push({ languageId, title: title ?? "", alias, metaTitle, metaDescription, body });
  }
  return done({ key, texts, published: input.published }, problems);
}

// ---------------------------------------------------------------------------------------------------------------
// Menus.

export const MENU_TARGET_TYPES = ["category", "brand", "content", "url"] as const;
export type MenuTargetType = (typeof MENU_TARGET_TYPES)[number];

export interface MenuItemInput {
  /** The item's id when it exists (it keeps its sub-items); null for a new one. */
  itemId?: number | null;
  /** The id of the item it sits under (one level: a top-level item of the same menu); null at the top. */
  parentItemId?: number | null;
  labelNb?: string | null;
  labelSv?: string | null;
  targetType?: string | null;
  /** The category's, brand's or content page's key (category, brand, content). */
  target?: string | null;
  /** A path on the shop ("/c/jakker") or an https URL, per language (url). */
  urlNb?: string | null;
  urlSv?: string | null;
}

export interface MenuItemFields {
  itemId: number | null;
  parentItemId: number | null;
  labels: Record<ContentLanguageId, string>;
  targetType: MenuTargetType;
  /** `{ key }` for a category, brand or page; a URL per language for a URL. */
  target: { key: string } | Record<ContentLanguageId, string>;
  sortOrder: number;
}

/** A path on the shop (never "//host" or "/\host") or an absolute https URL, without spaces or markup characters. */
export function isMenuUrl(value: string): boolean {
  if (value.length > MAX_URL || /[\s<>"'`\\]/.test(value)) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password && value.startsWith("https://");
  } catch {
    return false;
  }
}

/**
 * A menu's items checked, in the order given (that order is saved): labels in both languages, a known kind of
 * link with its key or its URLs, sub-items only under a top-level item of the list, at most 60 items.
 */
export function checkMenuItems(items: readonly MenuItemInput[]): Checked<MenuItemFields[]> {
  const problems: ContentProblem[] = [];
  if (items.length > MAX_MENU_ITEMS)
    return { ok: false, problems: [{ field: "items", code: "tooMany", max: MAX_MENU_ITEMS }] };
  const topIds = new Set(
    items.filter((i) => i.itemId != null && i.parentItemId == null).map((i) => i.itemId as number),
  );
  const out: MenuItemFields[] = [];
  items.forEach((item, index) => {
    const f = (name: string) => `items.${index}.${name}`;
    const labelNb = line(problems, f("labelNb"), item.labelNb, MAX_LABEL, true);
    const labelSv = line(problems, f("labelSv"), item.labelSv, MAX_LABEL, true);
    const type = (item.targetType ?? "") as MenuTargetType;
    let target: MenuItemFields["target"] = { key: "" };
    if (!(MENU_TARGET_TYPES as readonly string[]).includes(type))
      problems.push({ field: f("targetType"), code: "targetType" });
    else if (type === "url") {
      const urls = { "nb-NO": (item.urlNb ?? "").trim(), "sv-SE": (item.urlSv ?? "").trim() };
      for (const [languageId, name] of [
        ["nb-NO", "urlNb"],
        ["sv-SE", "urlSv"],
      ] as const) {
        const url = urls[languageId];
        if (!url) problems.push({ field: f(name), code: "required" });
        else if (!isMenuUrl(url)) problems.push({ field: f(name), code: "urlInvalid" });
      }
      target = urls;
    } else {
      const key = (item.target ?? "").trim();
      if (!key) problems.push({ field: f("target"), code: "required" });
      else if (key.length > 200) problems.push({ field: f("target"), code: "tooLong", max: 200 });
      target = { key };
    }
    const parent = item.parentItemId ?? null;
    if (parent !== null && (!topIds.has(parent) || parent === item.itemId))
      problems.push({ field: f("parentItemId"), code: "parentInvalid" });
    out.push({
      itemId: item.itemId ?? null,
      parentItemId: parent,
      labels: { "nb-NO": labelNb ?? "", "sv-SE": labelSv ?? "" },
      targetType: type,
      target,
      sortOrder: index,
    });
  });
  return done(out, problems);
}

// ---------------------------------------------------------------------------------------------------------------
// Widgets.

/**
 * A widget's settings as the form sends them (JSON text): the object, or a problem. Only an object is settings.
 */
export function parseWidgetConfig(text: string | null | undefined): Checked<Record<string, unknown>> {
  const value = (text ?? "").trim();
  if (!value) return { ok: false, problems: [{ field: "config", code: "required" }] };
  if (value.length > 200_000)
    return { ok: false, problems: [{ field: "config", code: "tooLong", max: 200_000 }] };
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return { ok: true, value: parsed as Record<string, unknown> };
  } catch {
    // Told below.
  }
  return { ok: false, problems: [{ field: "config", code: "configJson" }] };
}

/** The order of an area's widgets: the ids given must be exactly the area's, each once. */
export function sameWidgets(current: readonly number[], given: readonly number[]): boolean {
  if (current.length !== given.length || new Set(given).size !== given.length) return false;
  const have = new Set(current);
  return given.every((id) => have.has(id));
}

export interface WidgetScheduleInput {
  /** "mobile", "desktop", or empty for both. */
  displaySetting?: string | null;
  /** YYYY-MM-DDTHH:mm in the shop's time zone; empty: from now. */
  validFrom?: string | null;
  /** Empty: no end. */
  validTo?: string | null;
}

export interface WidgetSchedule {
  displaySetting: "mobile" | "desktop" | null;
  validFrom: Date | null;
  validTo: Date | null;
}

/** Where and when a widget shows: a device class (or both) and an optional window whose end is after its start. */
export function checkWidgetSchedule(input: WidgetScheduleInput): Checked<WidgetSchedule> {
  const problems: ContentProblem[] = [];
  const setting = (input.displaySetting ?? "").trim();
  if (setting && setting !== "mobile" && setting !== "desktop")
    problems.push({ field: "displaySetting", code: "displaySetting" });
  const when = (field: "validFrom" | "validTo") => {
    const text = (input[field] ?? "").trim();
    if (!text) return null;
    const instant = localToInstant(text);
    if (!instant) problems.push({ field, code: "dateInvalid" });
    return instant;
  };
  const validFrom = when("validFrom");
  const validTo = when("validTo");
  if (validFrom && validTo && validTo.getTime() <= validFrom.getTime())
    problems.push({ field: "validTo", code: "validRange" });
  return done(
    { displaySetting: (setting || null) as WidgetSchedule["displaySetting"], validFrom, validTo },
    problems,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Texts.

export type ContentProblemLanguage = "en" | "sv" | "nb";

export const CONTENT_PROBLEM_TEXTS: Record<ContentProblemCode, Record<ContentProblemLanguage, string>> = {
  required: { en: "Fill this in.", sv: "Fyll i fältet.", nb: "Fyll ut feltet." },
  tooLong: { en: "At most {max} characters.", sv: "Högst {max} tecken.", nb: "Høyst {max} tegn." },
  invalidCharacters: {
    en: "Contains characters that are not allowed (line breaks or control characters).",
    sv: "Innehåller tecken som inte är tillåtna (radbrytningar eller styrtecken).",
    nb: "Inneholder tegn som ikke er tillatt (linjeskift eller kontrolltegn).",
  },
  keyInvalid: {
    en: "Use lower-case letters (a–z), digits and hyphens.",
    sv: "Använd små bokstäver (a–z), siffror och bindestreck.",
    nb: "Bruk små bokstaver (a–z), tall og bindestrek.",
  },
  keyTaken: {
    en: "Another page has this key.",
    sv: "En annan sida har den här nyckeln.",
    nb: "En annen side har denne nøkkelen.",
  },
  aliasInvalid: {
    en: "Use lower-case letters (a–z), digits and single hyphens, e.g. delivery-terms.",
    sv: "Använd små bokstäver (a–z), siffror och enkla bindestreck, t.ex. leveransvillkor.",
    nb: "Bruk små bokstaver (a–z), tall og enkle bindestreker, f.eks. leveringsvilkar.",
  },
  aliasReserved: {
    en: "The shop itself uses this address; choose another.",
    sv: "Butiken använder själv den här adressen; välj en annan.",
    nb: "Butikken bruker selv denne adressen; velg en annen.",
  },
  aliasTaken: {
    en: "Another page has this address in this language.",
    sv: "En annan sida har den här adressen på det här språket.",
    nb: "En annen side har denne adressen på dette språket.",
  },
  pageInMenu: {
    en: "A menu links to this page: remove the link from the menu first.",
    sv: "En meny länkar till sidan: ta bort länken från menyn först.",
    nb: "En meny lenker til siden: fjern lenken fra menyen først.",
  },
  config: {
    en: "This setting is missing or invalid.",
    sv: "Inställningen saknas eller är ogiltig.",
    nb: "Innstillingen mangler eller er ugyldig.",
  },
  configJson: {
    en: 'The settings must be a JSON object, e.g. {"text": {"nb-NO": "…", "sv-SE": "…"}}.',
    sv: 'Inställningarna måste vara ett JSON-objekt, t.ex. {"text": {"nb-NO": "…", "sv-SE": "…"}}.',
    nb: 'Innstillingene må være et JSON-objekt, f.eks. {"text": {"nb-NO": "…", "sv-SE": "…"}}.',
  },
  imageUnknown: {
    en: "No image of the catalog has this file name.",
    sv: "Ingen bild i katalogen har det här filnamnet.",
    nb: "Ingen bilde i katalogen har dette filnavnet.",
  },
  typeUnknown: {
    en: "Choose one of the widget types.",
    sv: "Välj en av widgettyperna.",
    nb: "Velg en av widgettypene.",
  },
  areaUnknown: {
    en: "Choose one of the widget areas.",
    sv: "Välj ett av widgetområdena.",
    nb: "Velg et av widgetområdene.",
  },
  dateInvalid: {
    en: "Give a date and time (YYYY-MM-DD HH:mm).",
    sv: "Ange datum och tid (ÅÅÅÅ-MM-DD TT:mm).",
    nb: "Oppgi dato og klokkeslett (ÅÅÅÅ-MM-DD TT:mm).",
  },
  validRange: {
    en: "The end must be after the start.",
    sv: "Slutet måste vara efter starten.",
    nb: "Slutten må være etter starten.",
  },
  displaySetting: {
    en: "Choose phones, computers or both.",
    sv: "Välj mobiler, datorer eller båda.",
    nb: "Velg mobiler, datamaskiner eller begge.",
  },
  orderMismatch: {
    en: "The area's widgets changed since you opened it; reload and order them again.",
    sv: "Områdets widgets har ändrats sedan du öppnade det; ladda om och ordna dem igen.",
    nb: "Områdets widgeter er endret siden du åpnet det; last inn på nytt og sorter dem igjen.",
  },
  targetType: {
    en: "Choose what the item links to.",
    sv: "Välj vad länken går till.",
    nb: "Velg hva lenken går til.",
  },
  targetUnknown: {
    en: "What this links to does not exist (it may have been deleted or renamed); pick another.",
    sv: "Det som länken går till finns inte (det kan ha tagits bort eller bytt namn); välj något annat.",
    nb: "Det lenken går til finnes ikke (det kan være slettet eller har fått nytt navn); velg noe annet.",
  },
  urlInvalid: {
    en: "Give a path on the shop (starting with /) or an https:// address.",
    sv: "Ange en sökväg i butiken (som börjar med /) eller en https://-adress.",
    nb: "Oppgi en sti i butikken (som begynner med /) eller en https://-adresse.",
  },
  parentInvalid: {
    en: "A sub-item goes under a top-level item of this menu.",
    sv: "En underlänk ligger under en länk på översta nivån i den här menyn.",
    nb: "En underlenke ligger under en lenke på øverste nivå i denne menyen.",
  },
  tooMany: {
    en: "At most {max} items.",
    sv: "Högst {max} länkar.",
    nb: "Høyst {max} lenker.",
  },
  numberRange: {
    en: "A whole number from {min} to {max}.",
    sv: "Ett heltal från {min} till {max}.",
    nb: "Et heltall fra {min} til {max}.",
  },
  choice: {
    en: "Choose one of the options.",
    sv: "Välj ett av alternativen.",
    nb: "Velg et av alternativene.",
  },
  choiceUnknown: {
    en: "Something you chose no longer exists; choose again.",
    sv: "Något du valde finns inte längre; välj igen.",
    nb: "Noe du valgte finnes ikke lenger; velg på nytt.",
  },
  videoFile: {
    en: "Give an .mp4 or .webm file: a path on the shop (starting with /) or an https:// address.",
    sv: "Ange en .mp4- eller .webm-fil: en sökväg i butiken (som börjar med /) eller en https://-adress.",
    nb: "Oppgi en .mp4- eller .webm-fil: en sti i butikken (som begynner med /) eller en https://-adresse.",
  },
  videoId: {
    en: "The video's id on YouTube or Vimeo: letters, digits, - and _ (at most 40).",
    sv: "Videons id på YouTube eller Vimeo: bokstäver, siffror, - och _ (högst 40).",
    nb: "Videoens id på YouTube eller Vimeo: bokstaver, tall, - og _ (høyst 40).",
  },
};

/** A problem worded for the admin (the admin's language). */
export function contentProblemText(problem: ContentProblem, language: ContentProblemLanguage): string {
  return CONTENT_PROBLEM_TEXTS[problem.code][language]
    .replace("{max}", String(problem.max ?? ""))
    .replace("{min}", String(problem.min ?? ""));
}
