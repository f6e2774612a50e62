import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, brands, categories, menuItems, menus } from "#db/schema/index.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's catalog structure (issue 15, decision 0056) through /admin/graphql: the category tree (create,
 * edit, move, reorder, delete only when empty) and brands (create, edit, delete only when unused). Every change is
 * audited; support is refused; a cycle is refused; a renamed alias or a move leaves a redirect from the old URL; a
 * form of an older version is refused; the storefront's API follows at once. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
});
afterAll(async () => {
  await shop?.close();
});

const LIST = `{ categories { categoryId parentId key sortOrder active version name childCount productCount
  texts { languageId name alias description } } }`;
const CREATE = `mutation($input: AdminCategoryInput!) { createCategory(input: $input) { id version } }`;
const UPDATE = `mutation($id: Int!, $v: Int!, $input: AdminCategoryInput!) { updateCategory(categoryId: $id, version: $v, input: $input) { id version } }`;
const MOVE = `mutation($id: Int!, $v: Int!, $parent: Int, $pos: Int!) { moveCategory(categoryId: $id, version: $v, parentId: $parent, position: $pos) { id version } }`;
const DELETE = `mutation($id: Int!, $v: Int!) { deleteCategory(categoryId: $id, version: $v) { id } }`;
const CREATE_BRAND = `mutation($input: AdminBrandInput!) { createBrand(input: $input) { id version } }`;
const UPDATE_BRAND = `mutation($id: Int!, $v: Int!, $input: AdminBrandInput!) { updateBrand(brandId: $id, version: $v, input: $input) { id version } }`;
const DELETE_BRAND = `mutation($id: Int!, $v: Int!) { deleteBrand(brandId: $id, version: $v) { id } }`;
const NO = { channelId: "2|no", languageId: "nb-NO" };
const SE = { channelId: "1|se", languageId: "sv-SE" };

/** A link in the footer menu to a category (by key) or a brand (by alias), as the menu screen saves it. */
async function linkFromMenu(targetType: "category" | "brand", key: string) {
  const [footer] = await shop.db.db.select().from(menus).where(eq(menus.locationId, "footer-about"));
  const [item] = await shop.db.db
    .insert(menuItems)
    .values({
      menuId: footer?.id ?? 0,
      labels: { "nb-NO": `Lenke ${key}`, "sv-SE": `Länk ${key}` },
      targetType,
      target: { key },
      sortOrder: 99,
    })
    .returning();
  return { menu: footer, itemId: item?.id ?? 0 };
}
const unlink = (itemId: number) => shop.db.db.delete(menuItems).where(eq(menuItems.id, itemId));

async function all(): Promise<Json[]> {
  const answer = await admin("support", LIST);
  expect(answer.errors).toBeUndefined();
  return answer.data.categories;
}
const one = async (id: number) => (await all()).find((c) => c.categoryId === id);

function input(tag: string, extra: Record<string, unknown> = {}) {
  return {
    parentId: null,
    active: true,
    nb: { name: `Testkategori ${tag}`, alias: "", description: "Beskrivelse" },
    sv: { name: `Testkategori ${tag} sv`, alias: "" },
    ...extra,
  };
}

async function create(tag: string, extra: Record<string, unknown> = {}) {
  const answer = await admin("staff", CREATE, { input: input(tag, extra) });
  expect(answer.errors).toBeUndefined();
  return answer.data.createCategory.id as number;
}

/** The storefront's category list (the menus and list pages read the same tree). */
async function storefrontCategories(locale: typeof NO) {
  const { body } = await gql(shop.origin, {
    query: `query($channelId: String, $languageId: String) { categories(channelId: $channelId, languageId: $languageId) { categoryId parentCategoryId name canonicalUrl } }`,
    variables: locale,
  });
  expect(body.errors).toBeUndefined();
  return body.data.categories as Json[];
}

async function movedTo(url: string, locale: typeof NO) {
  const { body } = await gql(shop.origin, {
    query: `query($url: String, $channelId: String, $languageId: String) { urlHistory(url: $url, channelId: $channelId, languageId: $languageId) { newUrl } }`,
    variables: { url, ...locale },
  });
  expect(body.errors).toBeUndefined();
  return body.data.urlHistory?.newUrl ?? null;
}

async function audits(entity: string, id: number) {
  return shop.db.db
    .select({ action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe("categories", () => {
  it("creates, edits and hides a category; the storefront follows at once; every change audited", async () => {
    const tag = randomUUID().slice(0, 6);
    const id = await create(tag);
    const created = await one(id);
    expect(created).toMatchObject({
      parentId: null,
      active: true,
      version: 1,
      childCount: 0,
      productCount: 0,
    });
    expect(created.texts.map((x: Json) => x.alias)).toEqual([
      `testkategori-${tag}`,
      `testkategori-${tag}-sv`,
    ]);
    const roots = (await all()).filter((c) => c.parentId === null);
    expect(roots.at(-1).categoryId).toBe(id);
    expect((await storefrontCategories(NO)).find((c) => c.categoryId === id)).toMatchObject({
      name: `Testkategori ${tag}`,
      canonicalUrl: `/c/testkategori-${tag}`,
    });

    const renamed = await admin("owner", UPDATE, {
      id,
      v: 1,
      input: input(tag, { active: false, nb: { name: `Omdøpt ${tag}`, alias: `omdopt-${tag}` } }),
    });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data.updateCategory.version).toBe(2);
    expect((await storefrontCategories(NO)).some((c) => c.categoryId === id)).toBe(false);
    expect((await storefrontCategories(SE)).some((c) => c.categoryId === id)).toBe(false);
    expect((await one(id)).texts[0]).toMatchObject({ name: `Omdøpt ${tag}`, alias: `omdopt-${tag}` });
    expect((await audits("category", id)).map((a) => a.action)).toEqual([
      "category.create",
      "category.update",
    ]);
  });

  it("an alias change or a move leaves a redirect from the old URL, for the category and its children", async () => {
    const tag = randomUUID().slice(0, 6);
    const parent = await create(`p${tag}`);
    const child = await create(`c${tag}`, { parentId: parent });
    expect((await storefrontCategories(NO)).find((c) => c.categoryId === child).canonicalUrl).toBe(
      `/c/testkategori-p${tag}/testkategori-c${tag}`,
    );
    const renamed = await admin("staff", UPDATE, {
      id: parent,
      v: 1,
      input: input(`p${tag}`, { nb: { name: `Testkategori p${tag}`, alias: `ny-p${tag}` } }),
    });
    expect(renamed.errors).toBeUndefined();
    expect(await movedTo(`/c/testkategori-p${tag}`, NO)).toBe(`/c/ny-p${tag}`);
    expect(await movedTo(`/c/testkategori-p${tag}/testkategori-c${tag}`, NO)).toBe(
      `/c/ny-p${tag}/testkategori-c${tag}`,
    );
    // The Swedish alias did not change: no Swedish redirect.
    expect(await movedTo(`/c/testkategori-p${tag}-sv`, SE)).toBeNull();
    // Moved to the top level: the child's old path (under either parent alias) leads to its new one.
    const moved = await admin("staff", MOVE, { id: child, v: 1, parent: null, pos: 0 });
    expect(moved.errors).toBeUndefined();
    expect(await movedTo(`/c/ny-p${tag}/testkategori-c${tag}`, NO)).toBe(`/c/testkategori-c${tag}`);
    expect(await movedTo(`/c/testkategori-p${tag}/testkategori-c${tag}`, NO)).toBe(`/c/testkategori-c${tag}`);
    expect(await movedTo(`/c/testkategori-p${tag}-sv/testkategori-c${tag}-sv`, SE)).toBe(
      `/c/testkategori-c${tag}-sv`,
    );
    // Renaming back drops the redirect away from the live path (no loop).
    const back = await admin("staff", UPDATE, { id: parent, v: 2, input: input(`p${tag}`) });
    expect(back.errors).toBeUndefined();
    expect(await movedTo(`/c/ny-p${tag}`, NO)).toBe(`/c/testkategori-p${tag}`);
    expect(await movedTo(`/c/testkategori-p${tag}`, NO)).toBeNull();
  });

  it("reorders siblings and moves under another parent; refuses a cycle", async () => {
    const tag = randomUUID().slice(0, 6);
    const parent = await create(`r${tag}`);
    const a = await create(`a${tag}`, { parentId: parent });
    const b = await create(`b${tag}`, { parentId: parent });
    const c = await create(`c${tag}`, { parentId: parent });
    const order = async () =>
      (await all()).filter((x) => x.parentId === parent).map((x: Json) => x.categoryId as number);
    expect(await order()).toEqual([a, b, c]);
    const up = await admin("staff", MOVE, { id: c, v: 1, parent, pos: 0 });
    expect(up.errors).toBeUndefined();
    expect(await order()).toEqual([c, a, b]);
    // The storefront's order follows.
    const shown = (await storefrontCategories(NO)).filter((x) => x.parentCategoryId === parent);
    expect(shown.map((x) => x.categoryId)).toEqual([c, a, b]);
    // Under its own child: a cycle; under itself: a cycle. Nothing changes.
    const under = await admin("staff", MOVE, { id: parent, v: 1, parent: a, pos: 0 });
    expect(under.code).toBe("BAD_USER_INPUT");
    expect(under.errors?.[0].extensions.problems).toEqual([
      {
        field: "parentId",
        code: "cycle",
        message: "A category cannot be placed under itself or one of its subcategories.",
      },
    ]);
    const self = await admin("staff", UPDATE, {
      id: parent,
      v: 1,
      input: input(`r${tag}`, { parentId: parent }),
    });
    expect(self.errors?.[0].extensions.problems[0]).toMatchObject({ field: "parentId", code: "cycle" });
    expect((await one(parent)).parentId).toBeNull();
    // Under another parent, at the end.
    const moved = await admin("staff", MOVE, { id: a, v: 1, parent: b, pos: 99 });
    expect(moved.errors).toBeUndefined();
    expect(await order()).toEqual([c, b]);
    expect((await one(a)).parentId).toBe(b);
    const unknown = await admin("staff", MOVE, { id: b, v: 1, parent: 2_000_000_000, pos: 0 });
    expect(unknown.errors?.[0].extensions.problems[0]).toMatchObject({
      field: "parentId",
      code: "unknownParent",
    });
  });

  it("deletes only an empty category; otherwise a localized refusal", async () => {
    const tag = randomUUID().slice(0, 6);
    const parent = await create(`d${tag}`);
    const child = await create(`e${tag}`, { parentId: parent });
    const refused = await admin("staff", DELETE, { id: parent, v: 1 });
    expect(refused.code).toBe("IN_USE");
    expect(refused.errors?.[0].extensions).toMatchObject({ children: 1, products: 0 });
    const [listed] = await shop.db.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`exists (select 1 from product_categories pc where pc.category_id = ${categories.id})`)
      .limit(1);
    const withProducts = await one(listed?.id ?? 0);
    const inUse = await admin("staff", DELETE, { id: withProducts.categoryId, v: withProducts.version });
    expect(inUse.code).toBe("IN_USE");
    // The admin's language words it (the staff member chose Swedish).
    await admin("staff", `mutation { setLanguage(language: sv) { email } }`);
    const sv = await admin("staff", DELETE, { id: parent, v: 1 });
    expect(sv.errors?.[0].message).toBe(
      "Den kan inte tas bort så länge den har underkategorier (1) eller produkter (0). Flytta dem först.",
    );
    await admin("staff", `mutation { setLanguage(language: en) { email } }`);
    // A menu links to the child: deleting it would silently drop the menu's item.
    const link = await linkFromMenu("category", (await one(child)).key);
    const linked = await admin("staff", DELETE, { id: child, v: 1 });
    expect(linked.code).toBe("IN_USE");
    expect(linked.errors?.[0].extensions).toMatchObject({ children: 0, products: 0, menus: 1 });
    expect(linked.errors?.[0].message).toBe(
      "It cannot be deleted while a menu links to it (1). Remove the link from the menu first.",
    );
    await unlink(link.itemId);
    expect((await admin("staff", DELETE, { id: child, v: 1 })).errors).toBeUndefined();
    expect((await admin("staff", DELETE, { id: parent, v: 1 })).errors).toBeUndefined();
    expect(await one(parent)).toBeUndefined();
    expect((await audits("category", parent)).map((a) => a.action)).toEqual([
      "category.create",
      "category.delete",
    ]);
  });

  it("support reads but may not change (FORBIDDEN); bad input is refused by field in the admin's language", async () => {
    const tag = randomUUID().slice(0, 6);
    expect((await admin("support", CREATE, { input: input(tag) })).code).toBe("FORBIDDEN");
    const id = await create(tag);
    expect((await admin("support", UPDATE, { id, v: 1, input: input(tag) })).code).toBe("FORBIDDEN");
    expect((await admin("support", MOVE, { id, v: 1, parent: null, pos: 0 })).code).toBe("FORBIDDEN");
    expect((await admin("support", DELETE, { id, v: 1 })).code).toBe("FORBIDDEN");
    await admin("owner", `mutation { setLanguage(language: nb) { email } }`);
    const bad = await admin("owner", CREATE, {
      input: input(`x${tag}`, {
        nb: { name: " ", alias: "" },
        sv: { name: `Testkategori ${tag} sv`, alias: "" },
      }),
    });
    await admin("owner", `mutation { setLanguage(language: en) { email } }`);
    expect(bad.code).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0].extensions.problems).toEqual([
      { field: "nb.name", code: "required", message: "Fyll ut feltet." },
      { field: "sv.alias", code: "aliasTaken", message: "En annen har allerede denne nettadressen." },
    ]);
    const long = await admin("owner", UPDATE, {
      id,
      v: 1,
      input: input(tag, { sv: { name: "x".repeat(201), alias: "---" } }),
    });
    expect(long.errors?.[0].extensions.problems).toEqual([
      { field: "sv.name", code: "tooLong", max: 200, message: "At most 200 characters." },
    ]);
    expect((await one(id)).version).toBe(1);
  });

  it("a stale version is refused with what changed; of two saves at once from one version, one wins", async () => {
    const tag = randomUUID().slice(0, 6);
    const id = await create(tag);
    const both = await Promise.all([
      admin("owner", UPDATE, { id, v: 1, input: input(tag, { nb: { name: `Eier ${tag}`, alias: "" } }) }),
      admin("staff", MOVE, { id, v: 1, parent: null, pos: 0 }),
    ]);
    expect(both.map((a) => a.code ?? "ok").sort()).toEqual(["VERSION_CONFLICT", "ok"]);
    const loser = both.find((a) => a.code === "VERSION_CONFLICT");
    expect(loser?.errors?.[0].extensions.version).toBe(2);
    expect(loser?.errors?.[0].extensions.changes).toHaveLength(1);
    const late = await admin("staff", UPDATE, { id, v: 1, input: input(tag) });
    expect(late.code).toBe("VERSION_CONFLICT");
    expect((await admin("staff", UPDATE, { id: 2_000_000_000, v: 1, input: input(tag) })).code).toBe(
      "NOT_FOUND",
    );
  });
});

describe("brands", () => {
  it("creates, searches, edits (alias redirects), deletes only when unused; audited; support refused", async () => {
    const tag = randomUUID().slice(0, 6);
    expect((await admin("support", CREATE_BRAND, { input: { name: `X ${tag}`, active: true } })).code).toBe(
      "FORBIDDEN",
    );
    const created = await admin("staff", CREATE_BRAND, {
      input: {
        name: `Fjelltopp ${tag}`,
        alias: "",
        active: true,
        nbDescription: "Norsk",
        svDescription: "Svensk",
      },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createBrand.id as number;
    const link = await linkFromMenu("brand", `fjelltopp-${tag}`);
    const found = await admin(
      "support",
      `query($s: String) { brands(search: $s) { total brands { brandId name alias version productCount descriptions { languageId text } } } }`,
      {
        s: `fjelltopp ${tag}`,
      },
    );
    expect(found.data.brands).toMatchObject({
      total: 1,
      brands: [
        {
          brandId: id,
          alias: `fjelltopp-${tag}`,
          version: 1,
          productCount: 0,
          descriptions: [
            { languageId: "nb-NO", text: "Norsk" },
            { languageId: "sv-SE", text: "Svensk" },
          ],
        },
      ],
    });
    const taken = await admin("staff", CREATE_BRAND, { input: { name: `Fjelltopp ${tag}`, active: true } });
    expect(taken.errors?.[0].extensions.problems[0]).toMatchObject({ field: "alias", code: "aliasTaken" });

    const renamed = await admin("staff", UPDATE_BRAND, {
      id,
      v: 1,
      input: { name: `Fjelltopp ${tag}`, alias: `topp-${tag}`, active: true },
    });
    expect(renamed.errors).toBeUndefined();
    expect(await movedTo(`/b/fjelltopp-${tag}`, NO)).toBe(`/b/topp-${tag}`);
    expect(await movedTo(`/b/fjelltopp-${tag}`, SE)).toBe(`/b/topp-${tag}`);
    // The menu's link follows the new alias (it names the brand by alias), and the menu's version moves.
    const [item] = await shop.db.db.select().from(menuItems).where(eq(menuItems.id, link.itemId));
    expect(item?.target).toEqual({ key: `topp-${tag}` });
    const [menu] = await shop.db.db
      .select()
      .from(menus)
      .where(eq(menus.id, link.menu?.id ?? 0));
    expect(menu?.version).toBe((link.menu?.version ?? 0) + 1);
    const menuAudits = await shop.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "menu"), eq(auditLog.entityId, String(link.menu?.id))))
      .orderBy(asc(auditLog.id));
    expect(menuAudits.at(-1)).toMatchObject({
      action: "menu.brandAlias",
      before: { brand: `fjelltopp-${tag}` },
      after: { brand: `topp-${tag}`, version: menu?.version },
    });
    expect((await admin("staff", UPDATE_BRAND, { id, v: 1, input: { name: "Y", active: true } })).code).toBe(
      "VERSION_CONFLICT",
    );
    const { body } = await gql(shop.origin, { query: `{ brands { brandId alias } }` });
    expect(body.data.brands.find((x: Json) => x.brandId === id)?.alias).toBe(`topp-${tag}`);

    const [used] = await shop.db.db
      .select({ id: brands.id, version: brands.version })
      .from(brands)
      .where(sql`exists (select 1 from products p where p.brand_id = ${brands.id})`)
      .limit(1);
    const inUse = await admin("staff", DELETE_BRAND, { id: used?.id, v: used?.version });
    expect(inUse.code).toBe("IN_USE");
    expect(inUse.errors?.[0].extensions.products).toBeGreaterThan(0);
    // Unused by products, but the menu still links to it.
    const linked = await admin("staff", DELETE_BRAND, { id, v: 2 });
    expect(linked.code).toBe("IN_USE");
    expect(linked.errors?.[0].extensions).toMatchObject({ products: 0, menus: 1 });
    await unlink(link.itemId);
    expect((await admin("staff", DELETE_BRAND, { id, v: 2 })).errors).toBeUndefined();
    expect((await audits("brand", id)).map((a) => a.action)).toEqual([
      "brand.create",
      "brand.update",
      "brand.delete",
    ]);
    const [gone] = await shop.db.db.select().from(brands).where(eq(brands.id, id));
    expect(gone).toBeUndefined();
  });
});
