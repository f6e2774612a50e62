import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, productParameters, products, productTranslations } from "#db/schema/index.ts";
import { EXTRAS_LIMITS, extrasProblemText } from "#domain/product-extras.ts";
import { addProductImages } from "#services/admin/product-extras/index.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The product editor's extras (issue 15, decision 0057) through /admin/graphql: images uploaded (type read from the
 * content), served by the image pipeline and shown by the storefront's API at once, reordered, given alt texts and
 * deleted; parameters in nb and sv; related products in order. Every change carries the product's version, is
 * audited and raises the catalog version; bad files, bad input, a stale form and support are refused and change
 * nothing. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

const READ = `query($id: Int!) { product(productId: $id) { version } productExtras(productId: $id) {
  images { fileName uploaded alt { nb sv } }
  parameters { groupId identifier valueKey show nb { name value } sv { name value } }
  related { productId name } parameterGroups { id name } } }`;
const ADD = `mutation($id: Int!, $v: Int!, $images: [AdminImageUploadInput!]!) {
  addProductImages(productId: $id, version: $v, images: $images) { version added } }`;
const SAVE_IMAGES = `mutation($id: Int!, $v: Int!, $images: [AdminProductImageInput!]!) {
  saveProductImages(productId: $id, version: $v, images: $images) { version } }`;
const DELETE_IMAGE = `mutation($id: Int!, $v: Int!, $f: String!) { deleteProductImage(productId: $id, version: $v, fileName: $f) { version } }`;
const PARAMETERS = `mutation($id: Int!, $v: Int!, $p: [AdminProductParameterInput!]!) {
  saveProductParameters(productId: $id, version: $v, parameters: $p) { version } }`;
const PACKAGE = `mutation($id: Int!, $v: Int!, $g: [AdminPackageGroupInput!]!) {
  savePackageGroups(productId: $id, version: $v, groups: $g) { version } }`;
const READ_PACKAGE = `query($id: Int!) { product(productId: $id) { version } productExtras(productId: $id) {
  package { groupId required nb { name } sv { name } options { productId quantity isSelected } } } }`;
const RELATED = `mutation($id: Int!, $v: Int!, $ids: [Int!]!) { saveRelatedProducts(productId: $id, version: $v, productIds: $ids) { version } }`;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}
async function read(productId: number) {
  const answer = await admin("owner", READ, { id: productId });
  expect(answer.errors).toBeUndefined();
  return { version: answer.data.product.version as number, ...answer.data.productExtras };
}
async function aliasOf(productId: number, languageId: string) {
  const [row] = await shop.db.db
    .select({ alias: productTranslations.alias })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, languageId)));
  return row?.alias ?? "";
}
async function storefront(productId: number, languageId: "nb-NO" | "sv-SE") {
  const channelId = languageId === "nb-NO" ? "2|no" : "1|se";
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $c: String, $l: String) {
      product(alias: $alias, channelId: $c, languageId: $l) {
        productImages { fileName } parameterGroups { name parameters { identifier name value } } }
      relatedProducts(alias: $alias, channelId: $c, languageId: $l) { product { productId } } }`,
    variables: { alias: await aliasOf(productId, languageId), c: channelId, l: languageId },
  });
  expect(body.errors).toBeUndefined();
  return body.data;
}
async function catalogVersion() {
  const result = (await shop.db.db.execute(sql`select version from catalog_index_state`)) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    version: unknown;
  }[];
  return Number(rows[0]?.version);
}
async function lastAudit(productId: number) {
  const [row] = await shop.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(productId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const picture = (format: "png" | "jpeg" | "webp", colour: string, width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
});
afterAll(async () => {
  await shop?.close();
});

describe("images", () => {
  it("uploads, serves, reorders with alt texts and deletes; the storefront follows at once; audited", async () => {
    const productId = 1;
    const before = await read(productId);
    const drawn = before.images.map((i: Json) => i.fileName);
    const versionBefore = await catalogVersion();
    const added = await admin("staff", ADD, {
      id: productId,
      v: before.version,
      images: [
        { fileName: "front.png", base64: base64(await picture("png", "#c0392b")) },
        { fileName: "IMG_0001.JPG", base64: base64(await picture("jpeg", "#2e86c1", 200, 400)) },
      ],
    });
    expect(added.errors).toBeUndefined();
    const names: string[] = added.data.addProductImages.added;
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^photo-1-\d+-[0-9a-f]{6}\.jpg$/);
    expect(added.data.addProductImages.version).toBe(before.version + 1);
    expect(await catalogVersion()).toBeGreaterThan(versionBefore);
    const audit = await lastAudit(productId);
    expect(audit).toMatchObject({
      action: "product.images.add",
      actor: "staff@mili.example",
      after: { images: [...drawn, ...names] },
    });

    // Served by the image pipeline in every format, square, from the upload's own pixels.
    const jpeg = await fetch(`${shop.origin}/images/product/320/${names[0]}`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const pixels = await sharp(Buffer.from(await jpeg.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pixels.info).toMatchObject({ width: 320, height: 320 });
    const centre = (160 * 320 + 160) * pixels.info.channels;
    expect(pixels.data[centre]).toBeGreaterThan(150); // red
    expect(pixels.data[centre + 2]).toBeLessThan(100);
    const webp = await fetch(`${shop.origin}/images/product/160/${names[1]?.replace(/\.jpg$/, ".webp")}`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await storefront(productId, "nb-NO")).product.productImages.map((i: Json) => i.fileName)).toEqual(
      [...drawn, ...names],
    );

    // The second upload first, with alt texts in both languages.
    const order = [names[1], ...drawn, names[0]];
    const saved = await admin("owner", SAVE_IMAGES, {
      id: productId,
      v: before.version + 1,
      images: order.map((fileName, i) => ({
        fileName,
        altNb: i === 0 ? "  Jakken   forfra " : "",
        altSv: i === 0 ? "Jackan framifrån" : null,
      })),
    });
    expect(saved.errors).toBeUndefined();
    const now = await read(productId);
    expect(now.images.map((i: Json) => i.fileName)).toEqual(order);
    expect(now.images[0]).toMatchObject({
      uploaded: true,
      alt: { nb: "Jakken forfra", sv: "Jackan framifrån" },
    });
    expect(now.images[1]).toMatchObject({ uploaded: false, alt: { nb: null, sv: null } });
    expect((await storefront(productId, "sv-SE")).product.productImages[0].fileName).toBe(names[1]);
    expect(await lastAudit(productId)).toMatchObject({ action: "product.images.update" });

    // Deleted: gone from the storefront and no longer served.
    const deleted = await admin("owner", DELETE_IMAGE, { id: productId, v: now.version, f: names[0] });
    expect(deleted.errors).toBeUndefined();
    expect((await read(productId)).images.map((i: Json) => i.fileName)).toEqual([names[1], ...drawn]);
    // Gone once the server hears the new catalog version (at once on PGlite; a notification on PostgreSQL).
    await expect
      .poll(async () => (await fetch(`${shop.origin}/images/product/320/${names[0]}`)).status)
      .toBe(404);
    expect(await lastAudit(productId)).toMatchObject({ action: "product.images.delete" });
  });

  it("refuses a file that is not an image by its content, an unreadable one, one too large, too many, and support", async () => {
    const productId = 2;
    const { version, images } = await read(productId);
    const upload = (who: string, files: { fileName: string; base64: string }[], v = version) =>
      admin(who, ADD, { id: productId, v, images: files });
    const problem = (answer: Json) => answer.errors?.[0]?.extensions?.problems?.[0];

    const text = await upload("owner", [
      { fileName: "photo.jpg", base64: base64(Buffer.from("not a picture")) },
    ]);
    expect(text.code).toBe("BAD_USER_INPUT");
    expect(problem(text)).toEqual({
      field: "images",
      code: "unsupportedImageType",
      message: extrasProblemText({ field: "images", code: "unsupportedImageType" }, "en"),
    });
    // An SVG (script-capable) named .png is not an image here either.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(problem(await upload("owner", [{ fileName: "x.png", base64: base64(svg) }])).code).toBe(
      "unsupportedImageType",
    );
    // PNG's magic number and nothing after it.
    const png = await picture("png", "#000000");
    expect(
      problem(await upload("owner", [{ fileName: "x.png", base64: base64(png.subarray(0, 40)) }])).code,
    ).toBe("unreadableImage");
    const tiny = await picture("webp", "#00ff00", 40, 40);
    expect(problem(await upload("owner", [{ fileName: "x.webp", base64: base64(tiny) }]))).toMatchObject({
      code: "imageTooSmall",
      max: EXTRAS_LIMITS.imageMinSide,
    });
    const five = Array.from({ length: EXTRAS_LIMITS.filesPerUpload + 1 }, () => ({
      fileName: "x.png",
      base64: base64(png),
    }));
    expect(problem(await upload("owner", five)).code).toBe("tooManyFiles");
    expect(problem(await upload("owner", []))?.code).toBe("noFile");

    // Too large: over HTTP the API's megabyte stops it (413); the screens call it in process, where the rule does.
    const big = new Uint8Array(EXTRAS_LIMITS.imageBytes + 1);
    big.set(png.subarray(0, 8));
    const large = await fetch(`${shop.origin}/admin/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, cookie: cookies.owner ?? "" },
      body: JSON.stringify({
        query: ADD,
        variables: { id: productId, v: version, images: [{ fileName: "x.png", base64: base64(big) }] },
      }),
    });
    expect(large.status).toBe(413);
    const [owner] = await shop.db.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, "owner@mili.example"));
    const direct = await addProductImages(
      shop.db.db,
      { id: owner?.id ?? 0, email: "owner@mili.example", role: "owner", language: "sv" },
      productId,
      version,
      [{ name: "huge.png", bytes: big }],
    );
    expect(direct).toMatchObject({
      ok: false,
      refusal: "invalid",
      problems: [{ code: "fileTooLarge", max: 5 }],
    });

    // Support may look, not upload; without a session the upload route does not read the file.
    expect((await upload("support", [{ fileName: "x.png", base64: base64(png) }])).code).toBe("FORBIDDEN");
    const form = new FormData();
    form.set("productId", String(productId));
    form.set("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "x.png");
    const anonymous = await fetch(`${shop.origin}/admin/products/images`, {
      method: "POST",
      headers: { origin: shop.origin },
      body: form,
      redirect: "manual",
    });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/admin/sign-in");
    // A form of an older version.
    expect((await upload("owner", [{ fileName: "x.png", base64: base64(png) }], version - 1)).code).toBe(
      "VERSION_CONFLICT",
    );

    // An order that is not the product's images, and alt texts too long or on two lines.
    const names = images.map((i: Json) => i.fileName);
    const reorder = (list: Json[]) =>
      admin("owner", SAVE_IMAGES, { id: productId, v: version, images: list });
    expect(problem(await reorder(names.slice(1).map((fileName: string) => ({ fileName }))))?.code).toBe(
      "orderMismatch",
    );
    const alt = await reorder(
      names.map((fileName: string, i: number) =>
        i === 0 ? { fileName, altNb: "x".repeat(201), altSv: "two\nlines" } : { fileName },
      ),
    );
    expect(alt.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
      `image.${names[0]}.nb:tooLong`,
      `image.${names[0]}.sv:invalidCharacters`,
    ]);

    // Nothing changed.
    expect(await read(productId)).toMatchObject({ version, images });
  });
});

describe("parameters, related products and packages", () => {
  it("saves parameters in nb and sv; the storefront's specification follows; bad rows are refused", async () => {
    const productId = 3;
    const { version, parameterGroups } = await read(productId);
    const group = parameterGroups[0].id;
    const rows = [
      {
        groupId: group,
        identifier: "vekt",
        nb: { name: "Vekt", value: "350 g" },
        sv: { name: "Vikt", value: "350 g" },
      },
      {
        groupId: group,
        identifier: "",
        nb: { name: "Materiale", value: "Ull" },
        sv: { name: "Material", value: "Ull" },
      },
    ];
    const saved = await admin("owner", PARAMETERS, { id: productId, v: version, p: rows });
    expect(saved.errors).toBeUndefined();
    const now = await read(productId);
    expect(now.parameters.map((p: Json) => [p.identifier, p.nb.value, p.sv.name])).toEqual([
      ["vekt", "350 g", "Vikt"],
      ["materiale", "Ull", "Material"],
    ]);
    const params = (data: Json) =>
      data.product.parameterGroups
        .flatMap((g: Json) => g.parameters)
        .map((p: Json) => `${p.identifier}=${p.name}:${p.value}`);
    expect(params(await storefront(productId, "nb-NO"))).toEqual([
      "vekt=Vekt:350 g",
      "materiale=Materiale:Ull",
    ]);
    expect(params(await storefront(productId, "sv-SE"))).toEqual([
      "vekt=Vikt:350 g",
      "materiale=Material:Ull",
    ]);
    expect(await lastAudit(productId)).toMatchObject({ action: "product.parameters.update" });

    const bad = await admin("owner", PARAMETERS, {
      id: productId,
      v: now.version,
      p: [
        { ...rows[0], sv: { name: "Vikt", value: "" } },
        { ...rows[0], groupId: 999_999, identifier: "Vekt!" },
        { ...rows[0] },
      ],
    });
    expect(bad.code).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
      "parameter.0.sv.value:required",
      "parameter.1.identifier:invalidIdentifier",
      "parameter.2.identifier:duplicate",
      "parameter.1.groupId:unknownChoice",
    ]);
    expect((await read(productId)).parameters).toEqual(now.parameters);
    expect((await admin("support", PARAMETERS, { id: productId, v: now.version, p: [] })).code).toBe(
      "FORBIDDEN",
    );
  });

  it("saves related products in order; the storefront lists them so; refuses itself, unknown ones and a stale form", async () => {
    const productId = 4;
    const { version } = await read(productId);
    const ids = (
      await shop.db.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(8)
    ).map((r) => r.id);
    const choice = ids
      .filter((id) => id !== productId)
      .slice(0, 3)
      .reverse();
    const saved = await admin("staff", RELATED, { id: productId, v: version, ids: choice });
    expect(saved.errors).toBeUndefined();
    expect((await read(productId)).related.map((r: Json) => r.productId)).toEqual(choice);
    const listed = (await storefront(productId, "nb-NO")).relatedProducts.map(
      (r: Json) => r.product.productId,
    );
    expect(listed).toEqual(choice.filter((id) => listed.includes(id)));
    expect(listed.length).toBeGreaterThan(0);
    expect(await lastAudit(productId)).toMatchObject({
      action: "product.related.update",
      after: { related: choice, version: version + 1 },
    });

    const problems = async (list: number[], v = version + 1) =>
      (await admin("owner", RELATED, { id: productId, v, ids: list })).errors?.[0]?.extensions?.problems?.map(
        (p: Json) => p.code,
      );
    expect(await problems([productId])).toEqual(["relatedSelf"]);
    expect(await problems([ids[0] ?? 0, ids[0] ?? 0])).toEqual(["duplicate"]);
    expect(await problems([2_000_000_000])).toEqual(["unknownChoice"]);
    expect((await admin("owner", RELATED, { id: productId, v: version, ids: [] })).code).toBe(
      "VERSION_CONFLICT",
    );
    expect((await admin("owner", RELATED, { id: 2_000_000_000, v: 1, ids: [] })).code).toBe("NOT_FOUND");
    expect((await read(productId)).related.map((r: Json) => r.productId)).toEqual(choice);
  });

  it("edits a package's groups and choices in place; the storefront follows; bad groups are refused", async () => {
    // The small seed has no package: product 7 becomes one, its groups made here and then edited.
    const packageId = 7;
    await shop.db.db.update(products).set({ type: "package" }).where(eq(products.id, packageId));
    const readPackage = async () => (await admin("owner", READ_PACKAGE, { id: packageId })).data;
    const made = await admin("owner", PACKAGE, {
      id: packageId,
      v: (await readPackage()).product.version,
      g: [
        {
          required: true,
          nb: { name: "Sekk" },
          sv: { name: "Ryggsäck" },
          options: [{ productId: 8 }, { productId: 9, isSelected: true }, { productId: 10 }],
        },
        { nb: { name: "Staver" }, sv: { name: "Stavar" }, options: [{ productId: 1, quantity: "2" }] },
      ],
    });
    expect(made.errors).toBeUndefined();
    const before = await readPackage();
    const groups = before.productExtras.package;
    expect(groups.map((g: Json) => [g.nb.name, g.required, g.options.map((o: Json) => o.productId)])).toEqual(
      [
        ["Sekk", true, [8, 9, 10]],
        ["Staver", false, [1]],
      ],
    );
    const [first, second] = groups;
    // The first group renamed and optional, its choices reversed with the last picked by default; the second
    // dropped; a new group added.
    const input = [
      {
        groupId: first.groupId,
        required: false,
        nb: { name: "Velg sekk" },
        sv: { name: "Välj ryggsäck" },
        options: [...first.options].reverse().map((o: Json, k: number) => ({
          productId: o.productId,
          quantity: k === 0 ? "2" : "",
          isSelected: k === first.options.length - 1,
        })),
      },
      {
        nb: { name: "Ekstra" },
        sv: { name: "Extra" },
        options: [{ productId: second.options[0].productId, quantity: "1" }],
      },
    ];
    const saved = await admin("staff", PACKAGE, { id: packageId, v: before.product.version, g: input });
    expect(saved.errors).toBeUndefined();
    const after = (await readPackage()).productExtras.package;
    expect(after.map((g: Json) => [g.nb.name, g.sv.name, g.required])).toEqual([
      ["Velg sekk", "Välj ryggsäck", false],
      ["Ekstra", "Extra", false],
    ]);
    expect(after[0].groupId).toBe(first.groupId);
    expect(after[0].options.map((o: Json) => o.productId)).toEqual(
      [...first.options].reverse().map((o: Json) => o.productId),
    );
    expect(after[0].options.map((o: Json) => [o.quantity, o.isSelected])[0]).toEqual([2, false]);
    expect(after[0].options.at(-1).isSelected).toBe(true);
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!) { product(alias: $alias, channelId: "2|no", languageId: "nb-NO") {
        productPackage { groups { groupId name required options { quantity product { productId } } } } } }`,
      variables: { alias: await aliasOf(packageId, "nb-NO") },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.product.productPackage.groups.map((g: Json) => g.name)).toEqual(["Velg sekk", "Ekstra"]);
    expect(await lastAudit(packageId)).toMatchObject({ action: "product.package.update" });

    const bad = await admin("owner", PACKAGE, {
      id: packageId,
      v: before.product.version + 1,
      g: [
        {
          groupId: first.groupId,
          nb: { name: "" },
          sv: { name: "Välj" },
          options: [
            { productId: packageId, quantity: "1", isSelected: true },
            { productId: first.options[0].productId, quantity: "0", isSelected: true },
          ],
        },
        { nb: { name: "Tom" }, sv: { name: "Tom" }, options: [] },
      ],
    });
    expect(bad.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
      "group.0.nb.name:required",
      "group.0.option.0.productId:relatedSelf",
      "group.0.option.1.quantity:outOfRange",
      "group.0.options:oneDefault",
      "group.1.options:noOptions",
    ]);
    // Only a package has groups.
    const plain = await read(6);
    const notPackage = await admin("owner", PACKAGE, { id: 6, v: plain.version, g: [] });
    expect(notPackage.errors?.[0]?.extensions?.problems[0].code).toBe("notAPackage");
    expect((await readPackage()).productExtras.package).toEqual(after);
  });

  it("keeps a package's option ids across a save: a product page shoppers have open still adds", async () => {
    // Product 7 is the package the test before made: "Velg sekk" (10, 9, 8) and "Ekstra" (1).
    const packageId = 7;
    const page = async () => {
      const { body } = await gql(shop.origin, {
        query: `query($alias: String!) { product(alias: $alias, channelId: "2|no", languageId: "nb-NO") {
          productPackage { groups { groupId name options { optionId product { productId skus { skuId } } } } } } }`,
        variables: { alias: await aliasOf(packageId, "nb-NO") },
      });
      expect(body.errors).toBeUndefined();
      return body.data.product.productPackage.groups as Json[];
    };
    const open = await page();
    const picks = open.map((g) => ({
      groupId: g.groupId,
      optionId: g.options[0].optionId,
      skuId: g.options[0].product.skus[0]?.skuId,
    }));
    // The merchant fixes a group's name, drops a choice and adds one; the shopper's page is not reloaded.
    const editor = await admin("owner", READ_PACKAGE, { id: packageId });
    const [sack, extra] = editor.data.productExtras.package;
    const saved = await admin("owner", PACKAGE, {
      id: packageId,
      v: editor.data.product.version,
      g: [
        {
          groupId: sack.groupId,
          nb: { name: "Velg en sekk" },
          sv: { name: sack.sv.name },
          options: [
            ...sack.options
              .slice(0, 2)
              .map((o: Json) => ({ productId: o.productId, isSelected: o.isSelected })),
            { productId: 2 },
          ],
        },
        {
          groupId: extra.groupId,
          nb: { name: extra.nb.name },
          sv: { name: extra.sv.name },
          options: extra.options.map((o: Json) => ({ productId: o.productId, quantity: String(o.quantity) })),
        },
      ],
    });
    expect(saved.errors).toBeUndefined();
    const now = await page();
    expect(now.map((g) => g.name)).toEqual(["Velg en sekk", "Ekstra"]);
    const ids = (groups: Json[]) => groups.map((g) => g.options.map((o: Json) => o.optionId));
    expect(ids(now)[0]?.slice(0, 2)).toEqual(ids(open)[0]?.slice(0, 2));
    expect(ids(now)[0]).not.toContain(ids(open)[0]?.[2]);
    expect(ids(now)[1]).toEqual(ids(open)[1]);
    // The picks in stock (the small seed has some sold out): only whether the picks still belong is asked here.
    const skuIds = picks.map((p) => Number(p.skuId));
    await shop.db.db.execute(sql`update skus set in_stock = 20 where id in (${sql.join(skuIds, sql`, `)})`);
    const { body } = await gql(shop.origin, {
      query: `mutation($p: Int!, $s: [ProductPackageSelectionType!]!) {
        addPackageToCart(packageId: $p, selections: $s, channelId: "2|no", languageId: "nb-NO", marketId: "no") { id } }`,
      variables: { p: packageId, s: picks },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.addPackageToCart.id).toBeTruthy();
  });
});

describe("catalog extras (decision 0064): related kinds, package picks, parameter groups", () => {
  const RELATED_KINDS = `mutation($id: Int!, $v: Int!, $ids: [Int!]!, $kinds: [String!]) {
    saveRelatedProducts(productId: $id, version: $v, productIds: $ids, relations: $kinds) { version } }`;
  const READ_RELATED = `query($id: Int!) { product(productId: $id) { version } productExtras(productId: $id) {
    related { productId relation } } }`;

  it("saves each related product's kind; the storefront's API tells them apart; a bad kind is refused", async () => {
    const productId = 5;
    const readRelated = async () => (await admin("owner", READ_RELATED, { id: productId })).data;
    const { product } = await readRelated();
    const saved = await admin("staff", RELATED_KINDS, {
      id: productId,
      v: product.version,
      ids: [2, 3, 4],
      kinds: ["accessory", "similar", "related"],
    });
    expect(saved.errors).toBeUndefined();
    const now = await readRelated();
    expect(now.productExtras.related.map((r: Json) => [r.productId, r.relation])).toEqual([
      [2, "accessory"],
      [3, "similar"],
      [4, "related"],
    ]);
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!) { relatedProducts(alias: $alias, channelId: "2|no", languageId: "nb-NO") {
        relation relationType product { productId } } }`,
      variables: { alias: await aliasOf(productId, "nb-NO") },
    });
    expect(body.errors).toBeUndefined();
    const kinds = Object.fromEntries(
      body.data.relatedProducts.map((r: Json) => [r.product.productId, `${r.relation}/${r.relationType}`]),
    );
    for (const [id, kind] of [
      [2, "ACCESSORIES/accessory"],
      [3, "SIMILAR/similar"],
      [4, "RELATED/related"],
    ] as const)
      if (kinds[id]) expect(kinds[id]).toBe(kind);
    expect(await lastAudit(productId)).toMatchObject({
      action: "product.related.update",
      after: { "related.2.relation": "accessory", "related.4.relation": "related" },
    });
    // Without kinds a kept product keeps its own and a new one is similar (the list reordered, one added).
    const kept = await admin("owner", RELATED_KINDS, {
      id: productId,
      v: now.product.version,
      ids: [4, 2, 6],
    });
    expect(kept.errors).toBeUndefined();
    const after = await readRelated();
    expect(after.productExtras.related.map((r: Json) => [r.productId, r.relation])).toEqual([
      [4, "related"],
      [2, "accessory"],
      [6, "similar"],
    ]);
    const bad = await admin("owner", RELATED_KINDS, {
      id: productId,
      v: after.product.version,
      ids: [2],
      kinds: ["bundle"],
    });
    expect(bad.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
      "related.0.relation:unknownChoice",
    ]);
    expect((await readRelated()).productExtras.related).toEqual(after.productExtras.related);
  });

  it("refuses a package as a package's choice; the products list says which products are packages", async () => {
    const packageId = 10;
    const inner = 2;
    await shop.db.db
      .update(products)
      .set({ type: "package" })
      .where(inArray(products.id, [packageId, inner]));
    try {
      const v = (await read(packageId)).version;
      const bad = await admin("owner", PACKAGE, {
        id: packageId,
        v,
        g: [{ nb: { name: "Valg" }, sv: { name: "Val" }, options: [{ productId: 3 }, { productId: inner }] }],
      });
      expect(bad.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
        "group.0.option.1.productId:packageInPackage",
      ]);
      expect(bad.errors?.[0]?.extensions?.problems[0].message).toBe(
        extrasProblemText({ field: "x", code: "packageInPackage" }, "en"),
      );
      expect((await read(packageId)).version).toBe(v);
      const list = await admin("owner", `{ products(take: 100) { products { productId type } } }`);
      const types = Object.fromEntries(list.data.products.products.map((p: Json) => [p.productId, p.type]));
      expect([types[inner], types[3]]).toEqual(["package", "product"]);
    } finally {
      await shop.db.db
        .update(products)
        .set({ type: "product" })
        .where(inArray(products.id, [packageId, inner]));
    }
  });

  const GROUPS = "{ parameterGroups { id nb sv version used parameters { identifier products } } }";
  const CREATE = `mutation($nb: String, $sv: String) { createParameterGroup(nb: $nb, sv: $sv) { id version } }`;
  const RENAME = `mutation($id: Int!, $v: Int!, $nb: String, $sv: String) {
    renameParameterGroup(id: $id, version: $v, nb: $nb, sv: $sv) { id version } }`;
  const MOVE = `mutation($id: Int!, $v: Int!, $up: Boolean!) { moveParameterGroup(id: $id, version: $v, up: $up) { version } }`;
  const DELETE = `mutation($id: Int!, $v: Int!) { deleteParameterGroup(id: $id, version: $v) { version } }`;
  const MOVE_PARAMETER = `mutation($i: String!, $f: Int!, $fv: Int!, $t: Int!, $tv: Int!) {
    moveParameter(identifier: $i, fromGroupId: $f, fromVersion: $fv, toGroupId: $t, toVersion: $tv) { version moved } }`;
  const groups = async () => (await admin("support", GROUPS)).data.parameterGroups as Json[];
  const groupAudit = async (id: number) =>
    (
      await shop.db.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "parameterGroup"), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it("creates, renames, reorders and deletes parameter groups; moves a parameter; the product page follows", async () => {
    // Refused: support, empty names, a second line.
    expect((await admin("support", CREATE, { nb: "Mål", sv: "Mått" })).code).toBe("FORBIDDEN");
    const empty = await admin("owner", CREATE, { nb: " ", sv: "Mått\nx" });
    expect(empty.errors?.[0]?.extensions?.problems.map((p: Json) => `${p.field}:${p.code}`)).toEqual([
      "nb.name:required",
      "sv.name:invalidCharacters",
    ]);
    const count = (await groups()).length;
    const created = await admin("staff", CREATE, { nb: "Mål", sv: "Mått" });
    expect(created.errors).toBeUndefined();
    const id = created.data.createParameterGroup.id as number;
    expect((await groups()).map((g) => g.id).at(-1)).toBe(id);
    expect((await groups()).length).toBe(count + 1);
    expect(await groupAudit(id)).toMatchObject({
      action: "parameterGroup.create",
      after: { "nb.name": "Mål" },
    });

    // Renamed with its version; an older version is refused with what changed.
    const renamed = await admin("owner", RENAME, { id, v: 1, nb: "Mål og vekt", sv: "Mått och vikt" });
    expect(renamed.data.renameParameterGroup.version).toBe(2);
    const stale = await admin("owner", RENAME, { id, v: 1, nb: "X", sv: "Y" });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0]?.extensions?.changes[0].fields).toEqual(["nb.name", "sv.name"]);
    expect((await groups()).find((g) => g.id === id)).toMatchObject({
      nb: "Mål og vekt",
      sv: "Mått och vikt",
    });

    // A parameter of two products moved into the new group: their versions rise, the product page shows it
    // under the new heading.
    const identifier = "vekt-test";
    const productIds = [8, 9];
    const versions: number[] = [];
    for (const productId of productIds) {
      const { version } = await read(productId);
      const saved = await admin("owner", PARAMETERS, {
        id: productId,
        v: version,
        p: [
          {
            groupId: 2,
            identifier,
            nb: { name: "Vekt", value: "1 kg" },
            sv: { name: "Vikt", value: "1 kg" },
          },
        ],
      });
      expect(saved.errors).toBeUndefined();
      versions.push(version + 1);
    }
    const two = (await groups()).find((g) => g.id === 2);
    expect(two.parameters).toContainEqual({ identifier, products: 2 });
    const same = await admin("owner", MOVE_PARAMETER, {
      i: identifier,
      f: 2,
      fv: two.version,
      t: 2,
      tv: two.version,
    });
    expect(same.errors?.[0]?.extensions?.problems[0].code).toBe("sameGroup");
    const moved = await admin("staff", MOVE_PARAMETER, {
      i: identifier,
      f: 2,
      fv: two.version,
      t: id,
      tv: 2,
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.moveParameter.moved).toBe(2);
    for (const [k, productId] of productIds.entries()) {
      expect((await read(productId)).version).toBe((versions[k] ?? 0) + 1);
      expect(await lastAudit(productId)).toMatchObject({ action: "product.parameters.group" });
    }
    const page = await storefront(8, "sv-SE");
    expect(
      page.product.parameterGroups.find((g: Json) =>
        g.parameters.some((p: Json) => p.identifier === identifier),
      )?.name,
    ).toBe("Mått och vikt");
    expect(await groupAudit(id)).toMatchObject({ action: "parameterGroup.moveParameter" });

    // Moved up one place: the storefront's table lists the group before the one it passed.
    let list = await groups();
    const mine = list.find((g) => g.id === id);
    const upped = await admin("owner", MOVE, { id, v: mine.version, up: true });
    expect(upped.errors).toBeUndefined();
    list = await groups();
    expect(list.at(-2).id).toBe(id);
    expect((await admin("owner", MOVE, { id, v: mine.version, up: true })).code).toBe("VERSION_CONFLICT");

    // The first group moved up and the last down change nothing: same version, no audit entry.
    const first = list[0];
    const last = list.at(-1);
    const audited = async () =>
      (await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;
    const auditsBefore = await audited();
    const noUp = await admin("owner", MOVE, { id: first.id, v: first.version, up: true });
    expect(noUp.data.moveParameterGroup.version).toBe(first.version);
    const noDown = await admin("owner", MOVE, { id: last.id, v: last.version, up: false });
    expect(noDown.data.moveParameterGroup.version).toBe(last.version);
    expect(await audited()).toBe(auditsBefore);
    expect((await groups()).map((g) => [g.id, g.version])).toEqual(list.map((g) => [g.id, g.version]));

    // Not deleted while in use (the rows counted), nor the colour group; deleted once empty.
    const inUse = await admin("owner", DELETE, { id, v: mine.version + 1 });
    expect(inUse.code).toBe("IN_USE");
    expect(inUse.errors?.[0]?.extensions?.products).toBe(4);
    const colour = (await groups()).find((g) => g.id === 1);
    const colourDelete = await admin("owner", DELETE, { id: 1, v: colour.version });
    expect(colourDelete.errors?.[0]?.extensions?.problems[0].code).toBe("colorGroup");
    const back = await admin("owner", MOVE_PARAMETER, {
      i: identifier,
      f: id,
      fv: mine.version + 1,
      t: 2,
      tv: two.version + 1,
    });
    expect(back.errors).toBeUndefined();
    expect((await admin("support", DELETE, { id, v: mine.version + 2 })).code).toBe("FORBIDDEN");
    const deleted = await admin("owner", DELETE, { id, v: mine.version + 2 });
    expect(deleted.errors).toBeUndefined();
    expect((await groups()).some((g) => g.id === id)).toBe(false);
    expect(await groupAudit(id)).toMatchObject({ action: "parameterGroup.delete", after: null });
    expect((await admin("owner", DELETE, { id, v: 1 })).code).toBe("NOT_FOUND");
  });

  it("moves a parameter while a product's parameters are being saved: both are done, neither deadlocks", async () => {
    const identifier = "lock-order-test";
    const productId = 9;
    const { version } = await read(productId);
    const p = { identifier, nb: { name: "Lås", value: "1" }, sv: { name: "Lås", value: "1" } };
    const saved = await admin("owner", PARAMETERS, { id: productId, v: version, p: [{ groupId: 2, ...p }] });
    expect(saved.errors).toBeUndefined();
    const created = await admin("owner", CREATE, { nb: "Lås", sv: "Lås" });
    const to = created.data.createParameterGroup.id as number;
    const two = (await groups()).find((g) => g.id === 2);
    const other = 8;
    const otherBefore = (await read(other)).version;
    let move: Promise<Json> | undefined;
    await shop.db.db.transaction(async (tx) => {
      // A product's parameters being saved: its row locked first, as every product change does …
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
      move = admin("staff", MOVE_PARAMETER, { i: identifier, f: 2, fv: two.version, t: to, tv: 1 });
      // PostgreSQL: until the move waits for that product row (PGlite is one session: the move waits its turn).
      if (shop.db.kind === "postgres")
        for (let i = 0; i < 400; i++) {
          const waiting = (await shop.db.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as unknown[];
          if (waiting.length) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      // … then a parameter row written into the group the move holds (the foreign key's key-share lock); and
      // another product given the moved parameter meanwhile.
      const row = { groupId: 2, languageId: "nb-NO", name: "Annet", value: "2" };
      await tx.insert(productParameters).values([
        { ...row, productId, identifier: "lock-order-other" },
        { ...row, productId: other, identifier },
      ]);
    });
    const answer = await move;
    expect(answer?.errors).toBeUndefined();
    expect(answer?.data.moveParameter.moved).toBeGreaterThanOrEqual(1);
    // The other product's row moved only if the move locked it, raised its version and audited it.
    const [otherRow] = await shop.db.db
      .select({ groupId: productParameters.groupId })
      .from(productParameters)
      .where(and(eq(productParameters.productId, other), eq(productParameters.identifier, identifier)));
    const otherNow = (await read(other)).version;
    if (otherRow?.groupId === to) expect(otherNow).toBe(otherBefore + 1);
    else expect([otherRow?.groupId, otherNow]).toEqual([2, otherBefore]);
    await shop.db.db
      .delete(productParameters)
      .where(inArray(productParameters.identifier, ["lock-order-other", identifier]));
  });
});
