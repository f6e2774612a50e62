import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  packageGroups,
  packageOptions,
  parameterGroups,
  productImages,
  productParameters,
  products,
  productTranslations,
  relatedProducts,
} from "#db/schema/index.ts";
import {
  type AltTexts,
  checkAltTexts,
  checkImageUpload,
  checkOrder,
  checkPackageGroups,
  checkParameters,
  checkRelated,
  checkRelations,
  type ExtrasProblem,
  type PackageGroup,
  type PackageGroupInput,
  type ParameterInput,
  packageChoiceProblem,
  relationKindOf,
  type UploadedFile,
} from "#domain/product-extras.ts";
import { parseImageName } from "../../images/art.ts";
import { inspectUpload, uploadName } from "../../images/uploads.ts";
import { type EditResult, edit } from "../products.ts";
import type { AdminPrincipal } from "../users.ts";

/**
 * The product editor's extras (issue 15, decision 0057): images (uploaded, ordered, alt texts in nb and sv,
 * deleted), the specification table's parameters in nb and sv, and related products. Each change runs through
 * services/admin/products.ts `edit`: the product row locked, a stale form refused with what changed, the rules of
 * domain/product-extras.ts, the write, the version raised and the audit entry — one transaction. The tables written
 * (product_images, product_parameters, related_products, products) raise the catalog version at commit (migrations
 * 0004 and 0010), so the storefront's caches and list index follow.
 */
export type ExtrasResult =
  | Exclude<EditResult, { refusal: "invalid" }>
  | { ok: false; refusal: "invalid"; problems: ExtrasProblem[] };

class Invalid extends Error {
  readonly problems: ExtrasProblem[];
  constructor(problems: ExtrasProblem[]) {
    super("invalid");
    this.problems = problems;
  }
}

async function editExtras(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  action: string,
  change: (t: Database) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<ExtrasResult> {
  try {
    return (await edit(db, who, productId, version, action, change)) as ExtrasResult;
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, refusal: "invalid", problems: error.problems };
    throw error;
  }
}

const LANGS = { nb: "nb-NO", sv: "sv-SE" } as const;

// ------------------------------------------------------------------------------------------------------------
// Reading

export interface AdminImage {
  fileName: string;
  uploaded: boolean;
  alt: AltTexts;
}

async function imagesOf(t: Database, productId: number) {
  return t
    .select({
      id: productImages.id,
      fileName: productImages.fileName,
      alt: productImages.alt,
      uploaded: sql<boolean>`${productImages.original} is not null`,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
}

/** A product's images, parameters, related products and the parameter groups to choose from, for the edit form. */
export async function productExtras(db: Database, productId: number, languageId: string) {
  const [images, parameterRows, related, groups, pack] = await Promise.all([
    imagesOf(db, productId),
    db
      .select()
      .from(productParameters)
      .where(eq(productParameters.productId, productId))
      .orderBy(asc(productParameters.sortOrder), asc(productParameters.id)),
    relatedOf(db, productId, languageId),
    db.select().from(parameterGroups).orderBy(asc(parameterGroups.sortOrder), asc(parameterGroups.id)),
    packageOf(db, productId, languageId),
  ]);
  return {
    images: images.map(
      (i): AdminImage => ({
        fileName: i.fileName,
        uploaded: i.uploaded,
        alt: { nb: i.alt[LANGS.nb] ?? null, sv: i.alt[LANGS.sv] ?? null },
      }),
    ),
    parameters: parametersOf(parameterRows),
    related,
    parameterGroups: groups.map((g) => ({
      id: g.id,
      name: g.names[languageId] ?? g.names[LANGS.nb] ?? String(g.id),
    })),
    package: pack,
  };
}

/** A package's groups with their choices (each named in `languageId`); null for a product that is no package. */
async function packageOf(t: Database, productId: number, languageId: string) {
  const [product] = await t.select({ type: products.type }).from(products).where(eq(products.id, productId));
  if (product?.type !== "package") return null;
  const [groups, options] = await Promise.all([
    t
      .select()
      .from(packageGroups)
      .where(eq(packageGroups.packageProductId, productId))
      .orderBy(asc(packageGroups.sortOrder), asc(packageGroups.id)),
    t
      .select({
        groupId: packageOptions.groupId,
        productId: packageOptions.productId,
        quantity: packageOptions.quantity,
        isSelected: packageOptions.isSelected,
        articleNumber: products.articleNumber,
        name: sql<string>`coalesce(${productTranslations.name}, ${products.articleNumber})`,
      })
      .from(packageOptions)
      .innerJoin(packageGroups, eq(packageGroups.id, packageOptions.groupId))
      .innerJoin(products, eq(products.id, packageOptions.productId))
      .leftJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, languageId)),
      )
      .where(eq(packageGroups.packageProductId, productId))
      .orderBy(asc(packageOptions.sortOrder), asc(packageOptions.id)),
  ]);
  return groups.map((g) => ({
    groupId: g.id,
    required: g.required,
    nb: { name: g.names[LANGS.nb] ?? "", description: g.descriptions[LANGS.nb] ?? null },
    sv: { name: g.names[LANGS.sv] ?? "", description: g.descriptions[LANGS.sv] ?? null },
    options: options.filter((o) => o.groupId === g.id).map(({ groupId: _, ...o }) => o),
  }));
}

type ParameterRow = typeof productParameters.$inferSelect;

/**
 * The parameters as the form edits them: one row per value with its nb and sv name and value; a parameter of several
 * values (several rows of one identifier in a language) pairs its nb and sv rows in their order.
 */
function parametersOf(rows: readonly ParameterRow[]) {
  const occurrence = new Map<string, number>();
  const byKey = new Map<
    string,
    {
      groupId: number;
      identifier: string;
      valueKey: string | null;
      show: boolean;
      nb: { name: string; value: string };
      sv: { name: string; value: string };
    }
  >();
  for (const row of rows) {
    const lang = row.languageId === LANGS.sv ? "sv" : row.languageId === LANGS.nb ? "nb" : null;
    if (!lang) continue;
    const counter = `${lang}\u0000${row.identifier}`;
    const k = occurrence.get(counter) ?? 0;
    occurrence.set(counter, k + 1);
    const key = `${row.identifier}\u0000${k}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        groupId: row.groupId,
        identifier: row.identifier,
        valueKey: row.valueKey,
        show: row.show,
        nb: { name: "", value: "" },
        sv: { name: "", value: "" },
      };
      byKey.set(key, entry);
    }
    entry[lang] = { name: row.name, value: row.value };
    if (lang === "nb") entry.valueKey = row.valueKey;
  }
  return [...byKey.values()];
}

async function relatedOf(t: Database, productId: number, languageId: string) {
  return t
    .select({
      productId: relatedProducts.relatedProductId,
      articleNumber: products.articleNumber,
      name: sql<string>`coalesce(${productTranslations.name}, ${products.articleNumber})`,
      relation: relatedProducts.relation,
    })
    .from(relatedProducts)
    .innerJoin(products, eq(products.id, relatedProducts.relatedProductId))
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, languageId)),
    )
    .where(eq(relatedProducts.productId, productId))
    .orderBy(asc(relatedProducts.sortOrder), asc(relatedProducts.relatedProductId));
}

// ------------------------------------------------------------------------------------------------------------
// Images

const imageList = (rows: readonly { fileName: string }[]) => ({ images: rows.map((r) => r.fileName) });

/**
 * Adds uploaded images after the product's others. Each file's type is read from its bytes (JPEG, PNG, WebP), its
 * size and pixel count are limited, and its header must decode; the original is stored and the image pipeline
 * renders it (services/images/uploads.ts).
 */
export async function addProductImages(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  files: readonly UploadedFile[],
): Promise<ExtrasResult & { added?: string[] }> {
  // The cheap checks and the decoder's look at each header before the transaction (nothing is locked meanwhile).
  const first = checkImageUpload(files, 0);
  if (!first.ok) return { ok: false, refusal: "invalid", problems: first.problems };
  const given = files.filter((f) => f.bytes.length > 0);
  for (const [i, type] of first.value.entries()) {
    const problem = await inspectUpload(given[i]?.bytes ?? new Uint8Array(), type);
    if (problem) return { ok: false, refusal: "invalid", problems: [problem] };
  }
  const added: string[] = [];
  const result = await editExtras(db, who, productId, version, "product.images.add", async (t) => {
    const current = await imagesOf(t, productId);
    const checked = checkImageUpload(given, current.length);
    if (!checked.ok) throw new Invalid(checked.problems);
    let n = current.reduce((max, i) => {
      try {
        return Math.max(max, parseImageName(i.fileName).n);
      } catch {
        return max;
      }
    }, 0);
    const [{ sort } = { sort: 0 }] = await t
      .select({ sort: sql<number>`coalesce(max(${productImages.sortOrder}), -1)::int + 1` })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    for (const [i, file] of given.entries()) {
      n = n >= 9999 ? 1 : n + 1;
      const fileName = uploadName(productId, n);
      await t.insert(productImages).values({
        productId,
        fileName,
        sortOrder: sort + i,
        original: Buffer.from(file.bytes),
      });
      added.push(fileName);
    }
    return {
      before: imageList(current),
      after: imageList([...current, ...added.map((fileName) => ({ fileName }))]),
    };
  });
  return result.ok ? { ...result, added } : result;
}

export interface ImageEdit {
  fileName: string;
  alt: Partial<AltTexts>;
}

/**
 * The product's images in a new order (the first is the main image) with their alt texts in nb and sv: the same
 * images as now, each once.
 */
export function saveProductImages(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  input: readonly ImageEdit[],
): Promise<ExtrasResult> {
  return editExtras(db, who, productId, version, "product.images.update", async (t) => {
    const current = await imagesOf(t, productId);
    const problems: ExtrasProblem[] = [];
    const order = checkOrder(
      "images",
      input.map((i) => i.fileName),
      current.map((i) => i.fileName),
    );
    if (order) throw new Invalid([order]);
    const alts = input.map((image) => {
      const checked = checkAltTexts(`image.${image.fileName}.`, image.alt);
      if (!checked.ok) problems.push(...checked.problems);
      return checked.ok ? checked.value : null;
    });
    if (problems.length) throw new Invalid(problems);
    const before: Record<string, unknown> = imageList(current);
    const after: Record<string, unknown> = imageList(input);
    for (const [i, image] of input.entries()) {
      const row = current.find((c) => c.fileName === image.fileName);
      const alt = alts[i];
      if (!row || !alt) continue;
      const next: Record<string, string> = { ...row.alt };
      for (const lang of ["nb", "sv"] as const) {
        before[`image.${row.fileName}.alt.${lang}`] = row.alt[LANGS[lang]] ?? null;
        const text = alt[lang];
        after[`image.${row.fileName}.alt.${lang}`] = text;
        if (text === null) delete next[LANGS[lang]];
        else next[LANGS[lang]] = text;
      }
      await t.update(productImages).set({ sortOrder: i, alt: next }).where(eq(productImages.id, row.id));
    }
    return { before, after };
  });
}

/** Deletes one of the product's images (drawn or uploaded); the others keep their order. */
export function deleteProductImage(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  fileName: string,
): Promise<ExtrasResult> {
  return editExtras(db, who, productId, version, "product.images.delete", async (t) => {
    const current = await imagesOf(t, productId);
    const row = current.find((c) => c.fileName === fileName);
    if (!row) throw new Invalid([{ field: "images", code: "orderMismatch" }]);
    await t.delete(productImages).where(eq(productImages.id, row.id));
    return { before: imageList(current), after: imageList(current.filter((c) => c.id !== row.id)) };
  });
}

// ------------------------------------------------------------------------------------------------------------
// Parameters

function parameterSnapshot(list: ReturnType<typeof parametersOf>) {
  const out: Record<string, unknown> = { parameters: list.map((p) => p.identifier) };
  list.forEach((p, i) => {
    for (const lang of ["nb", "sv"] as const) {
      out[`parameter.${i}.${lang}.name`] = p[lang].name;
      out[`parameter.${i}.${lang}.value`] = p[lang].value;
    }
  });
  return out;
}

/**
 * Replaces the product's parameters (spec §3: the specification table, in parameter groups) with the list given,
 * in its order, in nb and sv. The list index's facets follow (product_parameters' triggers, migration 0004).
 */
export function saveProductParameters(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  input: readonly ParameterInput[],
): Promise<ExtrasResult> {
  return editExtras(db, who, productId, version, "product.parameters.update", async (t) => {
    const checked = checkParameters(input);
    const problems = checked.ok ? [] : [...checked.problems];
    const groupIds = [...new Set(input.map((p) => p.groupId).filter((id) => Number.isSafeInteger(id)))];
    const known = groupIds.length
      ? await t
          .select({ id: parameterGroups.id })
          .from(parameterGroups)
          .where(inArray(parameterGroups.id, groupIds))
      : [];
    input.forEach((p, i) => {
      if (
        !known.some((g) => g.id === p.groupId) &&
        !problems.some((x) => x.field === `parameter.${i}.groupId`)
      )
        problems.push({ field: `parameter.${i}.groupId`, code: "unknownChoice" });
    });
    if (problems.length || !checked.ok) throw new Invalid(problems);
    const currentRows = await t
      .select()
      .from(productParameters)
      .where(eq(productParameters.productId, productId));
    await t.delete(productParameters).where(eq(productParameters.productId, productId));
    const rows = checked.value.flatMap((p, i) =>
      (["nb", "sv"] as const).map((lang) => ({
        productId,
        groupId: p.groupId,
        languageId: LANGS[lang],
        identifier: p.identifier,
        name: p[lang].name,
        value: p[lang].value,
        valueKey: p.valueKey,
        show: p.show,
        sortOrder: i,
      })),
    );
    if (rows.length) await t.insert(productParameters).values(rows);
    return {
      before: parameterSnapshot(parametersOf(currentRows)),
      after: parameterSnapshot(checked.value),
    };
  });
}

// ------------------------------------------------------------------------------------------------------------
// Related products

/**
 * Replaces the product's related products with the list given, in its order, each with its kind (`relations`, by
 * place: similar, accessory or related; empty or left out: a kept product keeps its kind, a new one is similar).
 */
export function saveRelatedProducts(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  ids: readonly number[],
  relations: readonly (string | null)[] = [],
): Promise<ExtrasResult> {
  return editExtras(db, who, productId, version, "product.related.update", async (t) => {
    const checked = checkRelated(productId, ids);
    const kinds = checkRelations(relations.slice(0, ids.length));
    if (!checked.ok || !kinds.ok)
      throw new Invalid([...(checked.ok ? [] : checked.problems), ...(kinds.ok ? [] : kinds.problems)]);
    if (checked.value.length) {
      const known = await t
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, checked.value));
      if (known.length !== checked.value.length)
        throw new Invalid([{ field: "related", code: "unknownChoice" }]);
    }
    const current = await t
      .select({ id: relatedProducts.relatedProductId, relation: relatedProducts.relation })
      .from(relatedProducts)
      .where(eq(relatedProducts.productId, productId))
      .orderBy(asc(relatedProducts.sortOrder), asc(relatedProducts.relatedProductId));
    const relationOf = (id: number, i: number) =>
      kinds.value[i] ?? relationKindOf(current.find((c) => c.id === id)?.relation ?? "similar");
    await t.delete(relatedProducts).where(eq(relatedProducts.productId, productId));
    if (checked.value.length)
      await t.insert(relatedProducts).values(
        checked.value.map((relatedProductId, sortOrder) => ({
          productId,
          relatedProductId,
          sortOrder,
          relation: relationOf(relatedProductId, sortOrder),
        })),
      );
    return {
      before: { related: current.map((c) => c.id), ...kindSnapshot(current) },
      after: {
        related: checked.value,
        ...kindSnapshot(checked.value.map((id, i) => ({ id, relation: relationOf(id, i) }))),
      },
    };
  });
}

const kindSnapshot = (list: readonly { id: number; relation: string }[]) =>
  Object.fromEntries(list.map((r) => [`related.${r.id}.relation`, relationKindOf(r.relation)]));

// ------------------------------------------------------------------------------------------------------------
// Packages

function packageSnapshot(groups: readonly Pick<PackageGroup, "nb" | "sv" | "required" | "options">[]) {
  const out: Record<string, unknown> = {};
  groups.forEach((g, i) => {
    out[`group.${i}.nb.name`] = g.nb.name;
    out[`group.${i}.sv.name`] = g.sv.name;
    out[`group.${i}.required`] = g.required;
    out[`group.${i}.options`] = g.options.map(
      (o) => `${o.productId}×${o.quantity}${o.isSelected ? "*" : ""}`,
    );
  });
  return out;
}

/**
 * Replaces a package's groups and their choices with the list given, in its order. A group that names its id is
 * edited in place (carts name package groups by id); the package's other groups are deleted; a group without an
 * id is added. Only a product of type "package" has groups.
 */
export function savePackageGroups(
  db: Database,
  who: AdminPrincipal,
  productId: number,
  version: number,
  input: readonly PackageGroupInput[],
): Promise<ExtrasResult> {
  return editExtras(db, who, productId, version, "product.package.update", async (t) => {
    const [product] = await t
      .select({ type: products.type })
      .from(products)
      .where(eq(products.id, productId));
    if (product?.type !== "package") throw new Invalid([{ field: "groups", code: "notAPackage" }]);
    const checked = checkPackageGroups(productId, input);
    if (!checked.ok) throw new Invalid(checked.problems);
    const current = (await packageOf(t, productId, LANGS.nb)) ?? [];
    const problems: ExtrasProblem[] = [];
    checked.value.forEach((g, i) => {
      if (g.groupId !== null && !current.some((c) => c.groupId === g.groupId))
        problems.push({ field: `group.${i}.groupId`, code: "orderMismatch" });
    });
    const optionIds = [...new Set(checked.value.flatMap((g) => g.options.map((o) => o.productId)))];
    const known = optionIds.length
      ? await t
          .select({ id: products.id, type: products.type })
          .from(products)
          .where(inArray(products.id, optionIds))
      : [];
    checked.value.forEach((g, i) => {
      g.options.forEach((o, k) => {
        const found = known.find((p) => p.id === o.productId);
        const code = found
          ? packageChoiceProblem(productId, { productId: o.productId, type: found.type })
          : "unknownChoice";
        if (code) problems.push({ field: `group.${i}.option.${k}.productId`, code });
      });
    });
    if (problems.length) throw new Invalid(problems);
    const kept = new Set(checked.value.map((g) => g.groupId).filter((id): id is number => id !== null));
    const gone = current.map((c) => c.groupId).filter((id) => !kept.has(id));
    if (gone.length) await t.delete(packageGroups).where(inArray(packageGroups.id, gone));
    for (const [sortOrder, g] of checked.value.entries()) {
      const descriptions: Record<string, string> = {};
      for (const lang of ["nb", "sv"] as const) {
        const text = g[lang].description;
        if (text) descriptions[LANGS[lang]] = text;
      }
      const values = {
        names: { [LANGS.nb]: g.nb.name, [LANGS.sv]: g.sv.name },
        descriptions,
        required: g.required,
        sortOrder,
      };
      const options = g.options.map((o, k) => ({
        productId: o.productId,
        quantity: o.quantity,
        isSelected: o.isSelected,
        sortOrder: k,
      }));
      if (g.groupId === null) {
        const [row] = await t
          .insert(packageGroups)
          .values({ packageProductId: productId, ...values })
          .returning({ id: packageGroups.id });
        const groupId = row?.id ?? 0;
        await t.insert(packageOptions).values(options.map((o) => ({ groupId, ...o })));
        continue;
      }
      // A kept group keeps its options' ids (a product page shoppers have open adds with them, and carts name
      // them): a choice still there is updated in place, a new one inserted, only a removed one deleted.
      const groupId = g.groupId;
      await t.update(packageGroups).set(values).where(eq(packageGroups.id, groupId));
      const existing = await t
        .select({ id: packageOptions.id, productId: packageOptions.productId })
        .from(packageOptions)
        .where(eq(packageOptions.groupId, groupId))
        .orderBy(asc(packageOptions.id));
      const unused = new Map<number, number>(); // productId → its option's id, not yet matched
      for (const row of existing) if (!unused.has(row.productId)) unused.set(row.productId, row.id);
      const fresh: (typeof options)[number][] = [];
      const keptIds = new Set<number>();
      for (const o of options) {
        const id = unused.get(o.productId);
        if (id === undefined) {
          fresh.push(o);
          continue;
        }
        unused.delete(o.productId);
        keptIds.add(id);
        await t
          .update(packageOptions)
          .set({ quantity: o.quantity, isSelected: o.isSelected, sortOrder: o.sortOrder })
          .where(eq(packageOptions.id, id));
      }
      const removed = existing.filter((e) => !keptIds.has(e.id)).map((e) => e.id);
      if (removed.length) await t.delete(packageOptions).where(inArray(packageOptions.id, removed));
      if (fresh.length) await t.insert(packageOptions).values(fresh.map((o) => ({ groupId, ...o })));
    }
    return { before: packageSnapshot(current), after: packageSnapshot(checked.value) };
  });
}
