import { slugify } from "./ids.ts";
import { type ProductProblemCode, type ProductProblemLanguage, productProblemText } from "./product-edit.ts";
import { hasControlCharacter } from "./text.ts";

/**
 * The shop's rules for the product editor's extras (issue 15, decision 0057): uploaded images (their type read from
 * the bytes, not the name; their size), each image's alt text in nb and sv, a new order of a product's images or
 * related products (the same items, each once), the parameters of the specification table in nb and sv (spec §3
 * parameter groups), and related products. Each check answers the cleaned value or every problem by field with a
 * stable code; the codes' texts in en/sv/nb are below, beside product-edit.ts's.
 */
export const EXTRAS_LIMITS = {
  /** Bytes of one uploaded image. */
  imageBytes: 5 * 1024 * 1024,
  /** Images in one upload. */
  filesPerUpload: 4,
  /** Images of one product. */
  imagesPerProduct: 24,
  /** Pixels of an uploaded image (a decompression bomb is refused before it is decoded). */
  imagePixels: 40_000_000,
  /** The shorter side of an uploaded image, in pixels. */
  imageMinSide: 100,
  alt: 200,
  parameters: 60,
  parameterIdentifier: 40,
  parameterName: 80,
  parameterValue: 200,
  related: 40,
  packageGroups: 20,
  packageOptions: 30,
  packageGroupName: 100,
  packageGroupDescription: 500,
  optionQuantity: 99,
  parameterGroupName: 80,
  parameterGroups: 100,
} as const;

export type ImageType = "jpeg" | "png" | "webp";
export const IMAGE_TYPES: readonly ImageType[] = ["jpeg", "png", "webp"];

export type ExtrasProblemCode =
  | ProductProblemCode
  | "noFile"
  | "tooManyFiles"
  | "fileTooLarge"
  | "unsupportedImageType"
  | "unreadableImage"
  | "imageTooSmall"
  | "imageTooLarge"
  | "tooManyImages"
  | "orderMismatch"
  | "duplicate"
  | "relatedSelf"
  | "invalidIdentifier"
  | "tooMany"
  | "notAPackage"
  | "noOptions"
  | "oneDefault"
  | "packageInPackage"
  | "inUse"
  | "colorGroup"
  | "sameGroup";

export interface ExtrasProblem {
  /** The form field, e.g. "images", "image.photo-1-2-ab12cd.jpg.nb", "parameter.3.sv.value", "related". */
  field: string;
  code: ExtrasProblemCode;
  max?: number;
}

export type ExtrasChecked<T> = { ok: true; value: T } | { ok: false; problems: ExtrasProblem[] };

const done = <T>(value: T, problems: ExtrasProblem[]): ExtrasChecked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

/**
 * An image's type from its first bytes (its magic number), whatever its name or the browser's content type says:
 * JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF' size 'WEBP'); null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

export interface UploadedFile {
  /** The name the browser sent (only for messages; never trusted for the type). */
  name: string;
  bytes: Uint8Array;
}

/**
 * An upload of images to a product that has `existing` images: at least one file, at most `filesPerUpload`, each
 * at most `imageBytes` and a JPEG, PNG or WebP by its bytes, and the product at most `imagesPerProduct` after it.
 * Answers each file's type.
 */
export function checkImageUpload(
  files: readonly UploadedFile[],
  existing: number,
): ExtrasChecked<ImageType[]> {
  const problems: ExtrasProblem[] = [];
  const L = EXTRAS_LIMITS;
  const given = files.filter((f) => f.bytes.length > 0);
  if (given.length === 0) return done([], [{ field: "images", code: "noFile" }]);
  if (given.length > L.filesPerUpload)
    return done([], [{ field: "images", code: "tooManyFiles", max: L.filesPerUpload }]);
  if (existing + given.length > L.imagesPerProduct)
    return done([], [{ field: "images", code: "tooManyImages", max: L.imagesPerProduct }]);
  const types: ImageType[] = [];
  for (const file of given) {
    if (file.bytes.length > L.imageBytes) {
      problems.push({ field: "images", code: "fileTooLarge", max: Math.round(L.imageBytes / 1024 / 1024) });
      continue;
    }
    const type = sniffImageType(file.bytes);
    if (type === null) problems.push({ field: "images", code: "unsupportedImageType" });
    else types.push(type);
  }
  return done(types, problems);
}

/** What a decoder read from an image's header: its format and size. */
export function checkImageDimensions(
  sniffed: ImageType,
  meta: { format?: string | undefined; width?: number | undefined; height?: number | undefined },
): ExtrasProblem | null {
  const L = EXTRAS_LIMITS;
  if (meta.format !== sniffed || !meta.width || !meta.height)
    return { field: "images", code: "unreadableImage" };
  if (meta.width * meta.height > L.imagePixels) return { field: "images", code: "imageTooLarge" };
  if (Math.min(meta.width, meta.height) < L.imageMinSide)
    return { field: "images", code: "imageTooSmall", max: L.imageMinSide };
  return null;
}

function clean(text: string | null | undefined): string | null {
  const value = (text ?? "").replace(/\s+/g, " ").trim();
  return value === "" ? null : value;
}

function oneLine(
  problems: ExtrasProblem[],
  field: string,
  text: string | null | undefined,
  max: number,
  required: boolean,
): string | null {
  if (typeof text === "string" && /[\r\n]/.test(text.trim())) {
    problems.push({ field, code: "invalidCharacters" });
    return null;
  }
  const value = clean(text);
  if (value === null) {
    if (required) problems.push({ field, code: "required" });
    return null;
  }
  if (hasControlCharacter(value)) problems.push({ field, code: "invalidCharacters" });
  else if ([...value].length > max) problems.push({ field, code: "tooLong", max });
  return value;
}

export interface AltTexts {
  nb: string | null;
  sv: string | null;
}

/** An image's alt text in nb and sv: one line each, at most `alt` characters; empty is allowed (the name is used). */
export function checkAltTexts(prefix: string, input: Partial<AltTexts>): ExtrasChecked<AltTexts> {
  const problems: ExtrasProblem[] = [];
  const nb = oneLine(problems, `${prefix}nb`, input.nb, EXTRAS_LIMITS.alt, false);
  const sv = oneLine(problems, `${prefix}sv`, input.sv, EXTRAS_LIMITS.alt, false);
  return done({ nb, sv }, problems);
}

/**
 * A new order of a list (images by name, related products by id): the same items as now, each once. The form
 * read the list it reorders; another admin's addition or removal since makes the order refused.
 */
export function checkOrder<T>(
  field: string,
  order: readonly T[],
  current: readonly T[],
): ExtrasProblem | null {
  const given = new Set(order);
  if (given.size !== order.length) return { field, code: "duplicate" };
  if (order.length !== current.length || current.some((x) => !given.has(x)))
    return { field, code: "orderMismatch" };
  return null;
}

/** Moves the item at `from` to `to` (both clamped), the rest keeping their order: what the up/down buttons do. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1) as [T];
  out.splice(target, 0, item);
  return out;
}

/** The related products in order: not the product itself, each once, at most `related`. */
export function checkRelated(productId: number, ids: readonly number[]): ExtrasChecked<number[]> {
  const problems: ExtrasProblem[] = [];
  if (ids.includes(productId)) problems.push({ field: "related", code: "relatedSelf" });
  if (new Set(ids).size !== ids.length) problems.push({ field: "related", code: "duplicate" });
  if (ids.length > EXTRAS_LIMITS.related)
    problems.push({ field: "related", code: "tooMany", max: EXTRAS_LIMITS.related });
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    problems.push({ field: "related", code: "unknownChoice" });
  return done([...ids], problems);
}

const IDENTIFIER_RE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * How a related product relates (decision 0064): the kinds the storefront's API tells apart (api/types/product-detail.ts
 * `ProductRelation`: SIMILAR, ACCESSORIES, RELATED), stored in related_products.relation as these words.
 */
export const RELATION_KINDS = ["similar", "accessory", "related"] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** A stored relation as one of the kinds ("accessories", the older spelling, is an accessory; anything else related). */
export function relationKindOf(stored: string | null | undefined): RelationKind {
  if (stored === "similar") return "similar";
  if (stored === "accessory" || stored === "accessories") return "accessory";
  return "related";
}

/**
 * Each related product's kind, by its place in the list: one of RELATION_KINDS, or empty (null: a kept product keeps
 * its kind, a new one is "similar"). Fields are `related.{i}.relation`.
 */
export function checkRelations(
  kinds: readonly (string | null | undefined)[],
): ExtrasChecked<(RelationKind | null)[]> {
  const problems: ExtrasProblem[] = [];
  const out = kinds.map((kind, i) => {
    const value = clean(kind);
    if (value === null) return null;
    if (!(RELATION_KINDS as readonly string[]).includes(value)) {
      problems.push({ field: `related.${i}.relation`, code: "unknownChoice" });
      return null;
    }
    return value as RelationKind;
  });
  return done(out, problems);
}

/**
 * Whether a product can be a package's choice (spec §3 packages): not the package itself, and not a package (a
 * package's pick is one product's SKU; the cart prices and ships picks as products). Null when it can.
 */
export function packageChoiceProblem(
  packageId: number,
  choice: { productId: number; type: string },
): "relatedSelf" | "packageInPackage" | null {
  if (choice.productId === packageId) return "relatedSelf";
  if (choice.type === "package") return "packageInPackage";
  return null;
}

export interface ParameterGroupNames {
  nb: string;
  sv: string;
}

/** A parameter group's name in nb and sv (the product page's specification table heads each group by it). */
export function checkParameterGroupNames(
  input: Partial<Record<"nb" | "sv", string | null>>,
): ExtrasChecked<ParameterGroupNames> {
  const problems: ExtrasProblem[] = [];
  const nb = oneLine(problems, "nb.name", input.nb, EXTRAS_LIMITS.parameterGroupName, true);
  const sv = oneLine(problems, "sv.name", input.sv, EXTRAS_LIMITS.parameterGroupName, true);
  return done({ nb: nb ?? "", sv: sv ?? "" }, problems);
}

/** The group that holds the colour parameter (spec §3: group id 1); the storefront reads it by its id. */
export const COLOR_GROUP_ID = 1;

/**
 * Why a parameter group cannot be deleted, or null: it holds parameters of `used` product rows (move them first), or
 * it is the colour group.
 */
export function parameterGroupDeleteProblem(groupId: number, used: number): ExtrasProblem | null {
  if (groupId === COLOR_GROUP_ID) return { field: "group", code: "colorGroup" };
  if (used > 0) return { field: "group", code: "inUse", max: used };
  return null;
}

/** Moving a parameter (by identifier) from one group to another: a known identifier, another group. */
export function checkParameterMove(input: {
  identifier: string | null | undefined;
  fromGroupId: number;
  toGroupId: number;
}): ExtrasChecked<{ identifier: string; fromGroupId: number; toGroupId: number }> {
  const problems: ExtrasProblem[] = [];
  const identifier = clean(input.identifier)?.toLowerCase() ?? "";
  if (!IDENTIFIER_RE.test(identifier) || identifier.length > EXTRAS_LIMITS.parameterIdentifier)
    problems.push({ field: "identifier", code: "invalidIdentifier" });
  for (const key of ["fromGroupId", "toGroupId"] as const)
    if (!Number.isSafeInteger(input[key]) || input[key] < 1)
      problems.push({ field: key, code: "unknownChoice" });
  if (!problems.length && input.fromGroupId === input.toGroupId)
    problems.push({ field: "toGroupId", code: "sameGroup" });
  return done({ identifier, fromGroupId: input.fromGroupId, toGroupId: input.toGroupId }, problems);
}

export interface ParameterInput {
  groupId: number;
  identifier?: string | null;
  /** Language-neutral key of the value (kept from the row it edits); else the Norwegian value's slug. */
  valueKey?: string | null;
  show?: boolean | null;
  nb: { name?: string | null; value?: string | null };
  sv: { name?: string | null; value?: string | null };
}

export interface Parameter {
  groupId: number;
  identifier: string;
  valueKey: string;
  show: boolean;
  nb: { name: string; value: string };
  sv: { name: string; value: string };
}

/**
 * The product's parameters (the specification table, spec §3 parameter groups), in their order: each with a group,
 * an identifier that facets filter by (lower-case letters, digits and '-'; the Norwegian name's slug when empty; a
 * parameter with several values is several rows of one identifier, each value once), and a name and a value in both
 * nb and sv. Field names are `parameter.{row}.…`.
 */
export function checkParameters(rows: readonly ParameterInput[]): ExtrasChecked<Parameter[]> {
  const problems: ExtrasProblem[] = [];
  const L = EXTRAS_LIMITS;
  if (rows.length > L.parameters)
    return done([], [{ field: "parameters", code: "tooMany", max: L.parameters }]);
  const out: Parameter[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const f = `parameter.${i}.`;
    const texts = (lang: "nb" | "sv") => ({
      name: oneLine(problems, `${f}${lang}.name`, row[lang].name, L.parameterName, true),
      value: oneLine(problems, `${f}${lang}.value`, row[lang].value, L.parameterValue, true),
    });
    const nb = texts("nb");
    const sv = texts("sv");
    const identifier = clean(row.identifier)?.toLowerCase() ?? (nb.name ? slugify(nb.name) : null);
    if (identifier === null || identifier === "") {
      if (nb.name) problems.push({ field: `${f}identifier`, code: "invalidIdentifier" });
    } else if (!IDENTIFIER_RE.test(identifier) || identifier.length > L.parameterIdentifier)
      problems.push({ field: `${f}identifier`, code: "invalidIdentifier" });
    else {
      // A parameter may have several values (several rows of one identifier), each value once.
      const key = `${identifier}\u0000${(nb.value ?? "").toLowerCase()}`;
      if (seen.has(key)) problems.push({ field: `${f}identifier`, code: "duplicate" });
      else seen.add(key);
    }
    if (!Number.isSafeInteger(row.groupId) || row.groupId < 1)
      problems.push({ field: `${f}groupId`, code: "unknownChoice" });
    if (identifier && nb.name && nb.value && sv.name && sv.value)
      out.push({
        groupId: row.groupId,
        identifier,
        valueKey: clean(row.valueKey) ?? (slugify(nb.value) || identifier),
        show: row.show ?? true,
        nb: { name: nb.name, value: nb.value },
        sv: { name: sv.name, value: sv.value },
      });
  });
  return done(out, problems);
}

export interface PackageGroupInput {
  /** The group it edits (kept, so carts that name it stay valid); null for a new group. */
  groupId?: number | null;
  required?: boolean | null;
  nb: { name?: string | null; description?: string | null };
  sv: { name?: string | null; description?: string | null };
  options: readonly { productId: number; quantity?: string | null; isSelected?: boolean | null }[];
}

export interface PackageGroup {
  groupId: number | null;
  required: boolean;
  nb: { name: string; description: string | null };
  sv: { name: string; description: string | null };
  options: { productId: number; quantity: number; isSelected: boolean }[];
}

/**
 * A package's groups (spec §3 packages: groups of choices, a required group needs a pick) in their order: a name
 * in nb and sv (and an optional description), at least one choice, each product once in a group and never the
 * package itself, a quantity of 1–99 whole units, at most one choice picked by default. Fields are
 * `group.{i}.nb.name`, `group.{i}.option.{k}.quantity`, ….
 */
export function checkPackageGroups(
  packageId: number,
  groups: readonly PackageGroupInput[],
): ExtrasChecked<PackageGroup[]> {
  const problems: ExtrasProblem[] = [];
  const L = EXTRAS_LIMITS;
  if (groups.length > L.packageGroups)
    return done([], [{ field: "groups", code: "tooMany", max: L.packageGroups }]);
  const out: PackageGroup[] = [];
  groups.forEach((group, i) => {
    const f = `group.${i}.`;
    const texts = (lang: "nb" | "sv") => ({
      name: oneLine(problems, `${f}${lang}.name`, group[lang].name, L.packageGroupName, true),
      description: oneLine(
        problems,
        `${f}${lang}.description`,
        group[lang].description,
        L.packageGroupDescription,
        false,
      ),
    });
    const nb = texts("nb");
    const sv = texts("sv");
    const options: PackageGroup["options"] = [];
    if (group.options.length === 0) problems.push({ field: `${f}options`, code: "noOptions" });
    if (group.options.length > L.packageOptions)
      problems.push({ field: `${f}options`, code: "tooMany", max: L.packageOptions });
    const seen = new Set<number>();
    group.options.slice(0, L.packageOptions).forEach((option, k) => {
      const o = `${f}option.${k}.`;
      if (!Number.isSafeInteger(option.productId) || option.productId < 1)
        problems.push({ field: `${o}productId`, code: "unknownChoice" });
      else if (option.productId === packageId) problems.push({ field: `${o}productId`, code: "relatedSelf" });
      else if (seen.has(option.productId)) problems.push({ field: `${o}productId`, code: "duplicate" });
      seen.add(option.productId);
      const text = (option.quantity ?? "").trim() || "1";
      const quantity = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(quantity)) problems.push({ field: `${o}quantity`, code: "notWholeNumber" });
      else if (quantity < 1 || quantity > L.optionQuantity)
        problems.push({ field: `${o}quantity`, code: "outOfRange", max: L.optionQuantity });
      options.push({ productId: option.productId, quantity, isSelected: option.isSelected === true });
    });
    if (options.filter((o) => o.isSelected).length > 1)
      problems.push({ field: `${f}options`, code: "oneDefault" });
    if (nb.name && sv.name)
      out.push({
        groupId: group.groupId ?? null,
        required: group.required === true,
        nb: { name: nb.name, description: nb.description },
        sv: { name: sv.name, description: sv.description },
        options,
      });
  });
  return done(out, problems);
}

type Texts = Record<ProductProblemLanguage, string>;

/** The extras' own problems' texts for the back office and its API; the product form's codes read product-edit.ts. */
export const EXTRAS_PROBLEM_TEXTS: Record<Exclude<ExtrasProblemCode, ProductProblemCode>, Texts> = {
  noFile: {
    en: "Choose one or more images.",
    sv: "Välj en eller flera bilder.",
    nb: "Velg ett eller flere bilder.",
  },
  tooManyFiles: {
    en: "At most {max} images at a time.",
    sv: "Högst {max} bilder åt gången.",
    nb: "Høyst {max} bilder om gangen.",
  },
  fileTooLarge: {
    en: "An image may be at most {max} MB.",
    sv: "En bild får vara högst {max} MB.",
    nb: "Et bilde kan være høyst {max} MB.",
  },
  unsupportedImageType: {
    en: "Only JPEG, PNG and WebP images (the file's content is not one of them).",
    sv: "Bara JPEG-, PNG- och WebP-bilder (filens innehåll är ingen av dem).",
    nb: "Bare JPEG-, PNG- og WebP-bilder (filens innhold er ingen av dem).",
  },
  unreadableImage: {
    en: "The image could not be read; save it again as JPEG, PNG or WebP.",
    sv: "Bilden gick inte att läsa; spara den igen som JPEG, PNG eller WebP.",
    nb: "Bildet kunne ikke leses; lagre det på nytt som JPEG, PNG eller WebP.",
  },
  imageTooSmall: {
    en: "The image must be at least {max} pixels on each side.",
    sv: "Bilden måste vara minst {max} pixlar på varje sida.",
    nb: "Bildet må være minst {max} piksler på hver side.",
  },
  imageTooLarge: {
    en: "The image has too many pixels (at most 40 megapixels).",
    sv: "Bilden har för många pixlar (högst 40 megapixlar).",
    nb: "Bildet har for mange piksler (høyst 40 megapiksler).",
  },
  tooManyImages: {
    en: "A product may have at most {max} images.",
    sv: "En produkt får ha högst {max} bilder.",
    nb: "Et produkt kan ha høyst {max} bilder.",
  },
  orderMismatch: {
    en: "The list changed since you opened it; reload and try again.",
    sv: "Listan har ändrats sedan du öppnade den; ladda om och försök igen.",
    nb: "Listen er endret siden du åpnet den; last inn på nytt og prøv igjen.",
  },
  duplicate: { en: "Listed more than once.", sv: "Finns mer än en gång.", nb: "Står mer enn én gang." },
  relatedSelf: {
    en: "A product cannot be related to itself.",
    sv: "En produkt kan inte vara relaterad till sig själv.",
    nb: "Et produkt kan ikke være relatert til seg selv.",
  },
  invalidIdentifier: {
    en: "Use lower-case letters, digits and '-' only (at most 40).",
    sv: "Använd bara små bokstäver, siffror och '-' (högst 40).",
    nb: "Bruk bare små bokstaver, sifre og '-' (høyst 40).",
  },
  tooMany: { en: "At most {max}.", sv: "Högst {max}.", nb: "Høyst {max}." },
  notAPackage: {
    en: "This product is not a package.",
    sv: "Den här produkten är inte ett paket.",
    nb: "Dette produktet er ikke en pakke.",
  },
  noOptions: {
    en: "A group needs at least one choice.",
    sv: "En grupp behöver minst ett val.",
    nb: "En gruppe trenger minst ett valg.",
  },
  oneDefault: {
    en: "At most one choice of a group can be picked by default.",
    sv: "Högst ett val i en grupp kan vara förvalt.",
    nb: "Høyst ett valg i en gruppe kan være forhåndsvalgt.",
  },
  packageInPackage: {
    en: "A package cannot be a choice of a package.",
    sv: "Ett paket kan inte vara ett val i ett paket.",
    nb: "En pakke kan ikke være et valg i en pakke.",
  },
  inUse: {
    en: "The group holds parameters of {max} product rows; move them to another group first.",
    sv: "Gruppen har parametrar på {max} produktrader; flytta dem till en annan grupp först.",
    nb: "Gruppen har parametere på {max} produktrader; flytt dem til en annen gruppe først.",
  },
  colorGroup: {
    en: "The colour group cannot be deleted (the storefront reads the colour from it).",
    sv: "Färggruppen kan inte tas bort (butiken läser färgen från den).",
    nb: "Fargegruppen kan ikke slettes (butikken leser fargen fra den).",
  },
  sameGroup: {
    en: "Choose another group than the one it is in.",
    sv: "Välj en annan grupp än den den ligger i.",
    nb: "Velg en annen gruppe enn den den ligger i.",
  },
};

/** A problem's text in a language, its limit filled in. */
export function extrasProblemText(problem: ExtrasProblem, language: ProductProblemLanguage): string {
  const own = (EXTRAS_PROBLEM_TEXTS as Partial<Record<ExtrasProblemCode, Texts>>)[problem.code];
  if (!own) return productProblemText({ ...problem, code: problem.code as ProductProblemCode }, language);
  return own[language].replace("{max}", String(problem.max ?? ""));
}
