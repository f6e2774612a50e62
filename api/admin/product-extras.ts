import { EXTRAS_LIMITS, extrasProblemText, relationKindOf } from "#domain/product-extras.ts";
import {
  addProductImages,
  deleteProductImage,
  type ExtrasResult,
  productExtras,
  savePackageGroups,
  saveProductImages,
  saveProductParameters,
  saveRelatedProducts,
} from "#services/admin/product-extras/index.ts";
import { adminBuilder as b } from "./builder.ts";
import { PRODUCT_CONFLICT_TEXT } from "./catalog.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * The product editor's extras (issue 15, decision 0057): `productExtras` (images, parameters, related products;
 * permission `catalog.read`) and their changes (`catalog.edit`), each carrying the product's version like the
 * product form's (api/admin/catalog.ts) and refused the same way: BAD_USER_INPUT with `problems` (field, stable
 * code, text in the admin's language), VERSION_CONFLICT with `version` and `changes`, or NOT_FOUND.
 *
 * `addProductImages` takes the files base64-encoded: the screen's upload route (app/admin/product-images.tsx, read
 * only for a signed-in admin, server/admin-csv.ts) calls it in process; over HTTP the API's megabyte limits it.
 */
const languageIdOf = (ctx: AdminContext) => (ctx.admin?.language === "sv" ? "sv-SE" : "nb-NO");

type Extras = Awaited<ReturnType<typeof productExtras>>;

const AltTexts = b.objectRef<{ nb: string | null; sv: string | null }>("AdminAltTexts").implement({
  fields: (t) => ({
    nb: t.exposeString("nb", { nullable: true }),
    sv: t.exposeString("sv", { nullable: true }),
  }),
});
const Image = b.objectRef<Extras["images"][number]>("AdminProductImage").implement({
  fields: (t) => ({
    fileName: t.exposeString("fileName", { description: "Served at /images/product/{width}/{fileName}" }),
    uploaded: t.exposeBoolean("uploaded", { description: "Uploaded in the back office (else drawn art)" }),
    alt: t.field({ type: AltTexts, resolve: (i) => i.alt }),
  }),
});
const NameValue = b.objectRef<{ name: string; value: string }>("AdminParameterText").implement({
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeString("value") }),
});
const Parameter = b.objectRef<Extras["parameters"][number]>("AdminProductParameter").implement({
  fields: (t) => ({
    groupId: t.exposeInt("groupId"),
    identifier: t.exposeString("identifier"),
    valueKey: t.exposeString("valueKey", { nullable: true }),
    show: t.exposeBoolean("show"),
    nb: t.field({ type: NameValue, resolve: (p) => p.nb }),
    sv: t.field({ type: NameValue, resolve: (p) => p.sv }),
  }),
});
const Related = b.objectRef<Extras["related"][number]>("AdminRelatedProduct").implement({
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    articleNumber: t.exposeString("articleNumber"),
    name: t.exposeString("name", { description: "In the admin's language" }),
    relation: t.string({
      description: "How it relates: similar, accessory or related (RELATION_KINDS)",
      resolve: (r) => relationKindOf(r.relation),
    }),
  }),
});
const Group = b.objectRef<Extras["parameterGroups"][number]>("AdminParameterGroup").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});
type Pack = NonNullable<Extras["package"]>[number];
const GroupText = b
  .objectRef<{ name: string; description: string | null }>("AdminPackageGroupText")
  .implement({
    fields: (t) => ({
      name: t.exposeString("name"),
      description: t.exposeString("description", { nullable: true }),
    }),
  });
const PackageOption = b.objectRef<Pack["options"][number]>("AdminPackageOption").implement({
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    articleNumber: t.exposeString("articleNumber"),
    name: t.exposeString("name", { description: "In the admin's language" }),
    quantity: t.exposeInt("quantity"),
    isSelected: t.exposeBoolean("isSelected", { description: "Picked by default" }),
  }),
});
const PackageGroup = b.objectRef<Pack>("AdminPackageGroup").implement({
  fields: (t) => ({
    groupId: t.exposeInt("groupId"),
    required: t.exposeBoolean("required", { description: "A pick from this group is needed before buying" }),
    nb: t.field({ type: GroupText, resolve: (g) => g.nb }),
    sv: t.field({ type: GroupText, resolve: (g) => g.sv }),
    options: t.field({ type: [PackageOption], resolve: (g) => g.options }),
  }),
});
const ExtrasRef = b.objectRef<Extras>("AdminProductExtras").implement({
  fields: (t) => ({
    images: t.field({
      type: [Image],
      description: "In order: the first is the main image",
      resolve: (e) => e.images,
    }),
    parameters: t.field({ type: [Parameter], resolve: (e) => e.parameters }),
    related: t.field({ type: [Related], resolve: (e) => e.related }),
    parameterGroups: t.field({ type: [Group], resolve: (e) => e.parameterGroups }),
    package: t.field({
      type: [PackageGroup],
      nullable: true,
      description: "A package's groups of choices, in order; null for a product that is no package",
      resolve: (e) => e.package,
    }),
  }),
});

const Saved = b
  .objectRef<{ productId: number; version: number; added: string[] }>("AdminProductExtrasSaved")
  .implement({
    fields: (t) => ({
      productId: t.exposeInt("productId"),
      version: t.exposeInt("version"),
      added: t.exposeStringList("added", { description: "The names of the images an upload added" }),
    }),
  });

const UploadInput = b.inputType("AdminImageUploadInput", {
  fields: (t) => ({
    fileName: t.string({
      required: true,
      description: "The file's name (its type is read from its content)",
    }),
    base64: t.string({ required: true }),
  }),
});
const ImageInput = b.inputType("AdminProductImageInput", {
  fields: (t) => ({
    fileName: t.string({ required: true }),
    altNb: t.string(),
    altSv: t.string(),
  }),
});
const TextInput = b.inputType("AdminParameterTextInput", {
  fields: (t) => ({ name: t.string(), value: t.string() }),
});
const ParameterInput = b.inputType("AdminProductParameterInput", {
  fields: (t) => ({
    groupId: t.int({ required: true }),
    identifier: t.string({ description: "The facet's key; empty: the Norwegian name's" }),
    valueKey: t.string(),
    show: t.boolean(),
    nb: t.field({ type: TextInput, required: true }),
    sv: t.field({ type: TextInput, required: true }),
  }),
});

const GroupTextInput = b.inputType("AdminPackageGroupTextInput", {
  fields: (t) => ({ name: t.string(), description: t.string() }),
});
const OptionInput = b.inputType("AdminPackageOptionInput", {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.string({ description: "Whole units, 1–99; empty is 1" }),
    isSelected: t.boolean(),
  }),
});
const GroupInput = b.inputType("AdminPackageGroupInput", {
  fields: (t) => ({
    groupId: t.int({ description: "The group it edits; empty for a new group" }),
    required: t.boolean(),
    nb: t.field({ type: GroupTextInput, required: true }),
    sv: t.field({ type: GroupTextInput, required: true }),
    options: t.field({ type: [OptionInput], required: true }),
  }),
});

const cut = (s: string | null | undefined, n: number) => (s == null ? s : s.slice(0, n));

function answer(ctx: AdminContext, result: ExtrasResult & { added?: string[] }) {
  if (result.ok) return { productId: result.productId, version: result.version, added: result.added ?? [] };
  const lang = ctx.admin?.language ?? "en";
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", "No such product");
  if (result.refusal === "stale")
    throw adminError("VERSION_CONFLICT", PRODUCT_CONFLICT_TEXT[lang], {
      version: result.version,
      changes: result.changes,
    });
  const problems = result.problems.map((p) => ({ ...p, message: extrasProblemText(p, lang) }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

const versionArgs = (t: Parameters<Parameters<typeof b.mutationFields>[0]>[0]) => ({
  productId: t.arg.int({ required: true }),
  version: t.arg.int({ required: true }),
});

b.queryFields((t) => ({
  productExtras: t.field({
    type: ExtrasRef,
    description:
      "A product's images, parameters and related products, and the parameter groups to choose from",
    args: { productId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return productExtras(ctx.db, args.productId, languageIdOf(ctx));
    },
  }),
}));

b.mutationFields((t) => ({
  addProductImages: t.field({
    type: Saved,
    description: `Uploads JPEG, PNG or WebP images (by content; at most ${EXTRAS_LIMITS.filesPerUpload}, each at most ${EXTRAS_LIMITS.imageBytes} bytes) after the product's others`,
    args: { ...versionArgs(t), images: t.arg({ type: [UploadInput], required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      // A file is never decoded past what the limit lets through: a longer text is refused by its length.
      const maxBase64 = Math.ceil(EXTRAS_LIMITS.imageBytes / 3) * 4 + 4;
      const files = args.images.slice(0, EXTRAS_LIMITS.filesPerUpload + 1).map((f) => ({
        name: f.fileName.slice(0, 200),
        bytes:
          f.base64.length > maxBase64
            ? new Uint8Array(EXTRAS_LIMITS.imageBytes + 1)
            : new Uint8Array(Buffer.from(f.base64, "base64")),
      }));
      return answer(ctx, await addProductImages(ctx.db, admin, args.productId, args.version, files));
    },
  }),
  saveProductImages: t.field({
    type: Saved,
    description:
      "The product's images in a new order (the first is the main one) with their alt texts in nb and sv",
    args: { ...versionArgs(t), images: t.arg({ type: [ImageInput], required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      const images = args.images.slice(0, EXTRAS_LIMITS.imagesPerProduct + 1).map((i) => ({
        fileName: i.fileName.slice(0, 200),
        alt: { nb: cut(i.altNb, 1000), sv: cut(i.altSv, 1000) },
      }));
      return answer(ctx, await saveProductImages(ctx.db, admin, args.productId, args.version, images));
    },
  }),
  deleteProductImage: t.field({
    type: Saved,
    args: { ...versionArgs(t), fileName: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await deleteProductImage(ctx.db, admin, args.productId, args.version, args.fileName.slice(0, 200)),
      );
    },
  }),
  saveProductParameters: t.field({
    type: Saved,
    description:
      "Replaces the product's parameters (the specification table) with these, in this order, in nb and sv",
    args: { ...versionArgs(t), parameters: t.arg({ type: [ParameterInput], required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      const rows = args.parameters.slice(0, EXTRAS_LIMITS.parameters + 1).map((p) => ({
        groupId: p.groupId,
        identifier: cut(p.identifier, 200),
        valueKey: cut(p.valueKey, 200),
        show: p.show ?? true,
        nb: { name: cut(p.nb.name, 1000), value: cut(p.nb.value, 1000) },
        sv: { name: cut(p.sv.name, 1000), value: cut(p.sv.value, 1000) },
      }));
      return answer(ctx, await saveProductParameters(ctx.db, admin, args.productId, args.version, rows));
    },
  }),
  savePackageGroups: t.field({
    type: Saved,
    description:
      "Replaces a package's groups and their choices with these, in this order (a group with its id is kept)",
    args: { ...versionArgs(t), groups: t.arg({ type: [GroupInput], required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      const text = (x: { name?: string | null; description?: string | null }) => ({
        name: cut(x.name, 1000),
        description: cut(x.description, 2000),
      });
      const groups = args.groups.slice(0, EXTRAS_LIMITS.packageGroups + 1).map((g) => ({
        groupId: g.groupId ?? null,
        required: g.required ?? false,
        nb: text(g.nb),
        sv: text(g.sv),
        options: g.options.slice(0, EXTRAS_LIMITS.packageOptions + 1).map((o) => ({
          productId: o.productId,
          quantity: cut(o.quantity, 20),
          isSelected: o.isSelected ?? false,
        })),
      }));
      return answer(ctx, await savePackageGroups(ctx.db, admin, args.productId, args.version, groups));
    },
  }),
  saveRelatedProducts: t.field({
    type: Saved,
    description:
      "Replaces the product's related products with these, in this order, each with its kind (`relations`, by place)",
    args: {
      ...versionArgs(t),
      productIds: t.arg.intList({ required: true }),
      relations: t.arg.stringList({
        description:
          "Each product's kind by its place: similar, accessory or related; empty or left out keeps a kept product's kind (a new one is similar)",
      }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      return answer(
        ctx,
        await saveRelatedProducts(
          ctx.db,
          admin,
          args.productId,
          args.version,
          args.productIds.slice(0, EXTRAS_LIMITS.related + 1),
          (args.relations ?? []).slice(0, EXTRAS_LIMITS.related + 1).map((r) => cut(r, 40) ?? null),
        ),
      );
    },
  }),
}));
