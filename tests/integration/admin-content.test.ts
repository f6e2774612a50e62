import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentPages, menus, widgets } from "#db/schema/index.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's content (issue 15, decision 0058) through /admin/graphql: content pages (create, change with
 * URL history, body sanitised, publish, delete), widgets of the site-wide areas (draft, preview, publish, reorder,
 * unpublish, delete) and menus (labels, links, order) — each by owner/staff, refused to support; bad input refused
 * with localized field problems and nothing changed; a stale version refused with what changed; an audit row per
 * change; and what the storefront's API answers after each. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};
const PREVIEW = "preview-token-for-the-content-tests";

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10", WIDGET_PREVIEW_TOKEN: PREVIEW });
  cookies = await signedInAdmins(shop, {
    owner: "owner",
    staff: "staff",
    support: "support",
    svensk: "staff",
  });
  await admin("svensk", `mutation { setLanguage(language: sv) { email } }`);
});
afterAll(async () => {
  await shop?.close();
});

async function audits(entity: string, id: number) {
  return shop.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

const problemsOf = (answer: { errors?: Json[] }) =>
  (answer.errors?.[0]?.extensions?.problems ?? []) as { field: string; code: string; message: string }[];

const CREATE_PAGE = `mutation($input: AdminContentPageInput!) { createContentPage(input: $input) { id version } }`;
const UPDATE_PAGE = `mutation($key: String!, $v: Int!, $input: AdminContentPageInput!) { updateContentPage(key: $key, version: $v, input: $input) { id version } }`;
const DELETE_PAGE = `mutation($key: String!, $v: Int!) { deleteContentPage(key: $key, version: $v) { id } }`;
const READ_PAGE = `query($key: String!) { contentPage(key: $key) { pageId key published previewToken version
  nb { title alias metaTitle metaDescription body } sv { title alias metaTitle metaDescription body } } }`;
const SHOP_PAGE = `query($alias: String!, $channelId: String, $languageId: String, $previewToken: String) { contentPage(alias: $alias, channelId: $channelId, languageId: $languageId, previewToken: $previewToken) { title metaTitle canonicalUrl published widgets { type configuration } } }`;

function pageInput(tag: string, extra: Record<string, unknown> = {}) {
  return {
    key: `terms-${tag}`,
    published: false,
    nb: { title: `Vilkår ${tag}`, alias: `vilkar-${tag}`, body: `<p>Norsk tekst ${tag}</p>` },
    sv: { title: `Villkor ${tag}`, alias: `villkor-${tag}`, body: `<p>Svensk text ${tag}</p>` },
    ...extra,
  };
}

async function shopPage(alias: string, languageId: string, previewToken?: string) {
  const channelId = languageId === "sv-SE" ? "1|se" : "2|no";
  const { body } = await gql(shop.origin, {
    query: SHOP_PAGE,
    variables: { alias, channelId, languageId, previewToken },
  });
  return body.data?.contentPage ?? null;
}

describe("content pages", () => {
  it("a draft shows only by its preview; published it shows in nb and sv; a new address leaves a redirect; audited", async () => {
    const created = await admin("staff", CREATE_PAGE, { input: pageInput("a") });
    expect(created.errors).toBeUndefined();
    const id = created.data.createContentPage.id as number;
    const read = (await admin("support", READ_PAGE, { key: "terms-a" })).data.contentPage;
    expect(read).toMatchObject({
      published: false,
      version: 1,
      nb: { title: "Vilkår a", alias: "vilkar-a" },
    });
    expect(await shopPage("vilkar-a", "nb-NO")).toBeNull();
    const preview = await shopPage("vilkar-a", "nb-NO", read.previewToken);
    expect(preview).toMatchObject({ title: "Vilkår a", published: false });

    const published = await admin("owner", UPDATE_PAGE, {
      key: "terms-a",
      v: 1,
      input: pageInput("a", {
        published: true,
        nb: {
          title: "Kjøpsvilkår",
          alias: "handelsvilkar-a",
          metaTitle: "Kjøpsvilkår hos Mili",
          body: `<p onclick="steal()">Les <a href="javascript:alert(1)">dette</a><script>alert(1)</script></p><iframe src="https://evil.example"></iframe>`,
        },
      }),
    });
    expect(published.errors).toBeUndefined();
    expect(published.data.updateContentPage.version).toBe(2);
    const nb = await shopPage("handelsvilkar-a", "nb-NO");
    expect(nb).toMatchObject({ title: "Kjøpsvilkår", metaTitle: "Kjøpsvilkår hos Mili", published: true });
    const html = JSON.parse(nb.widgets[0].configuration).html["nb-NO"] as string;
    expect(html).toContain("Les");
    expect(html).not.toMatch(/script|onclick|javascript:|iframe/);
    // Stored sanitised, too: the form shows what shoppers get.
    const stored = (await admin("owner", READ_PAGE, { key: "terms-a" })).data.contentPage;
    expect(stored.nb.body).not.toMatch(/script|onclick|javascript:|iframe/);
    expect((await shopPage("villkor-a", "sv-SE")).title).toBe("Villkor a");
    // The old address answers with the new one.
    const moved = await gql(shop.origin, {
      query: `query($url: String!) { urlHistory(url: $url, languageId: "nb-NO") { newUrl } }`,
      variables: { url: "/vilkar-a" },
    });
    expect(moved.body.data.urlHistory.newUrl).toBe("/handelsvilkar-a");

    const entries = await audits("contentPage", id);
    expect(entries.map((e) => e.action)).toEqual(["contentPage.create", "contentPage.update"]);
    expect(entries[1]?.actor).toBe("owner@mili.example");
    expect(entries[1]?.before).toMatchObject({ "nb.alias": "vilkar-a", published: false, version: 1 });
    expect(entries[1]?.after).toMatchObject({ "nb.alias": "handelsvilkar-a", published: true, version: 2 });
  });

  it("bad input is refused field by field in the admin's language, and nothing changes", async () => {
    const bad = await admin("svensk", CREATE_PAGE, {
      input: pageInput("b", {
        key: "Bad Key",
        nb: { title: "", alias: "checkout", body: "<p>x</p>" },
        sv: { title: "Villkor", alias: "om-mili", body: "" },
      }),
    });
    expect(bad.code).toBe("BAD_USER_INPUT");
    const problems = problemsOf(bad);
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ["key", "keyInvalid"],
      ["nb.title", "required"],
      ["nb.alias", "aliasReserved"],
    ]);
    expect(problems[1]?.message).toBe("Fyll i fältet.");
    const taken = await admin("staff", CREATE_PAGE, {
      input: pageInput("c", { sv: { title: "Villkor", alias: "om-mili", body: "" } }),
    });
    expect(problemsOf(taken).map((p) => [p.field, p.code])).toEqual([
      ["sv.alias", "aliasTaken"],
      ["sv.body", "required"],
    ]);
    const rows = await shop.db.db.select().from(contentPages).where(eq(contentPages.key, "terms-c"));
    expect(rows).toEqual([]);
  });

  it("a stale form is refused with who changed what; support may read but not change; a linked page is not deleted", async () => {
    await admin("staff", CREATE_PAGE, { input: pageInput("d") });
    const first = await admin("staff", UPDATE_PAGE, {
      key: "terms-d",
      v: 1,
      input: pageInput("d", { sv: { title: "Nya villkor", alias: "villkor-d", body: "<p>Ny</p>" } }),
    });
    expect(first.errors).toBeUndefined();
    const stale = await admin("owner", UPDATE_PAGE, { key: "terms-d", v: 1, input: pageInput("d") });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0]?.extensions?.version).toBe(2);
    expect(stale.errors?.[0]?.extensions?.changes[0]).toMatchObject({ actor: "staff@mili.example" });
    expect(stale.errors?.[0]?.extensions?.changes[0].fields).toEqual(
      expect.arrayContaining(["sv.title", "sv.body"]),
    );
    const forbidden = await admin("support", UPDATE_PAGE, { key: "terms-d", v: 2, input: pageInput("d") });
    expect(forbidden.code).toBe("FORBIDDEN");
    expect((await admin("support", DELETE_PAGE, { key: "terms-d", v: 2 })).code).toBe("FORBIDDEN");

    const about = (await admin("owner", READ_PAGE, { key: "about" })).data.contentPage;
    const linked = await admin("owner", DELETE_PAGE, { key: "about", v: about.version });
    expect(problemsOf(linked).map((p) => p.code)).toEqual(["pageInMenu"]);
    expect((await admin("owner", READ_PAGE, { key: "about" })).data.contentPage).not.toBeNull();

    const deleted = await admin("owner", DELETE_PAGE, { key: "terms-d", v: 2 });
    expect(deleted.errors).toBeUndefined();
    expect((await admin("owner", READ_PAGE, { key: "terms-d" })).data.contentPage).toBeNull();
    const entries = await audits("contentPage", deleted.data.deleteContentPage.id);
    expect(entries.map((e) => e.action)).toEqual([
      "contentPage.create",
      "contentPage.update",
      "contentPage.delete",
    ]);
    expect((await admin("owner", DELETE_PAGE, { key: "terms-d", v: 3 })).code).toBe("NOT_FOUND");
  });
});

const AREA = `query($f: String!, $a: String!) { areaWidgets(family: $f, areaName: $a) { widgetId type summary published version } }`;
const CREATE_WIDGET = `mutation($f: String!, $a: String!, $type: String!, $input: AdminWidgetInput!) { createWidget(family: $f, areaName: $a, type: $type, input: $input) { id version } }`;
const UPDATE_WIDGET = `mutation($id: Int!, $v: Int!, $input: AdminWidgetInput!) { updateWidget(widgetId: $id, version: $v, input: $input) { id version } }`;
const PUBLISH = `mutation($id: Int!, $v: Int!, $p: Boolean!) { setWidgetPublished(widgetId: $id, version: $v, published: $p) { version } }`;
const DELETE_WIDGET = `mutation($id: Int!, $v: Int!) { deleteWidget(widgetId: $id, version: $v) { id } }`;
const REORDER = `mutation($f: String!, $a: String!, $order: [AdminWidgetOrderInput!]!) { reorderWidgets(family: $f, areaName: $a, order: $order) { id } }`;
const SHOP_AREA = `query($f: String!, $a: String!, $preview: Boolean, $token: String) { widgetArea(family: $f, areaName: $a, preview: $preview, previewToken: $token) { widgets { id type configuration published } } }`;

const textConfig = (nb: string, sv: string) => JSON.stringify({ text: { "nb-NO": nb, "sv-SE": sv } });

async function shopArea(areaName: string, preview = false) {
  const { body } = await gql(shop.origin, {
    query: SHOP_AREA,
    variables: { f: "Productlist", a: areaName, preview, token: preview ? PREVIEW : undefined },
  });
  return (body.data.widgetArea?.widgets ?? []) as { id: string; configuration: string; published: boolean }[];
}

describe("widgets", () => {
  it("a draft shows only in the preview; published it shows; reordered, unpublished and deleted; audited", async () => {
    const area = { f: "Productlist", a: "Bottom" };
    const before = (await admin("support", AREA, area)).data.areaWidgets as { widgetId: number }[];
    const made = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "text",
      input: { config: textConfig("Fri frakt over 500 kr", "Fri frakt över 500 kr"), published: false },
    });
    expect(made.errors).toBeUndefined();
    const id = made.data.createWidget.id as number;
    const live = await shopArea("Bottom");
    expect(live.some((w) => Number(w.id) === id)).toBe(false);
    const drafts = await shopArea("Bottom", true);
    expect(drafts.find((w) => Number(w.id) === id)?.published).toBe(false);

    const published = await admin("owner", PUBLISH, { id, v: 1, p: true });
    expect(published.data.setWidgetPublished.version).toBe(2);
    const shown = (await shopArea("Bottom")).find((w) => Number(w.id) === id);
    expect(JSON.parse(shown?.configuration ?? "{}").text["sv-SE"]).toBe("Fri frakt över 500 kr");

    // Moved first (keyboard or drag send the same order).
    const listed = (await admin("staff", AREA, area)).data.areaWidgets as {
      widgetId: number;
      version: number;
    }[];
    expect(listed.map((w) => w.widgetId)).toEqual([...before.map((w) => w.widgetId), id]);
    const order = [listed[listed.length - 1], ...listed.slice(0, -1)].map((w) => ({
      widgetId: w?.widgetId,
      version: w?.version,
    }));
    expect((await admin("staff", REORDER, { ...area, order })).errors).toBeUndefined();
    expect((await shopArea("Bottom")).map((w) => Number(w.id))[0]).toBe(id);
    const missing = await admin("staff", REORDER, { ...area, order: order.slice(1) });
    expect(problemsOf(missing).map((p) => p.code)).toEqual(["orderMismatch"]);

    const now = (await admin("staff", AREA, area)).data.areaWidgets.find((w: Json) => w.widgetId === id);
    const unpublished = await admin("staff", PUBLISH, { id, v: now.version, p: false });
    expect(unpublished.errors).toBeUndefined();
    expect((await shopArea("Bottom")).some((w) => Number(w.id) === id)).toBe(false);
    const stale = await admin("owner", DELETE_WIDGET, { id, v: now.version });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect((await admin("owner", DELETE_WIDGET, { id, v: now.version + 1 })).errors).toBeUndefined();
    const [gone] = await shop.db.db.select().from(widgets).where(eq(widgets.id, id));
    expect(gone).toBeUndefined();
    expect((await audits("widget", id)).map((e) => e.action)).toEqual([
      "widget.create",
      "widget.publish",
      "widget.move",
      "widget.unpublish",
      "widget.delete",
    ]);
  });

  it("settings that do not fit the type are refused by path; HTML reaches shoppers sanitised; support may not change", async () => {
    const area = { f: "Productlist", a: "Top" };
    const bad = await admin("svensk", CREATE_WIDGET, {
      ...area,
      type: "text",
      input: {
        config: JSON.stringify({ text: { "nb-NO": "Hei" } }),
        published: true,
        validFrom: "2026-13-01T10:00",
      },
    });
    expect(bad.code).toBe("BAD_USER_INPUT");
    expect(problemsOf(bad).map((p) => [p.field, p.code])).toEqual([
      ["validFrom", "dateInvalid"],
      ["config.text.sv-SE", "config"],
    ]);
    expect(problemsOf(bad)[1]?.message).toBe("Inställningen saknas eller är ogiltig.");
    const notJson = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "text",
      input: { config: "{", published: true },
    });
    expect(problemsOf(notJson).map((p) => p.code)).toEqual(["configJson"]);
    const unknown = await admin("staff", CREATE_WIDGET, {
      f: "Nowhere",
      a: "Main",
      type: "marquee",
      input: { config: "{}", published: true },
    });
    expect(problemsOf(unknown).map((p) => p.code)).toEqual(["areaUnknown", "typeUnknown"]);
    expect(
      (
        await admin("support", CREATE_WIDGET, {
          ...area,
          type: "text",
          input: { config: textConfig("a", "b"), published: true },
        })
      ).code,
    ).toBe("FORBIDDEN");

    const html = await admin("owner", CREATE_WIDGET, {
      ...area,
      type: "html",
      input: {
        config: JSON.stringify({
          html: {
            "nb-NO": `<div class="x" onmouseover="steal()"><img src="javascript:alert(1)"><b>Salg</b><script>alert(1)</script></div>`,
            "sv-SE": `<b>Rea</b><style>body{}</style>`,
          },
        }),
        published: true,
      },
    });
    expect(html.errors).toBeUndefined();
    const shown = (await shopArea("Top")).find((w) => Number(w.id) === html.data.createWidget.id);
    const config = JSON.parse(shown?.configuration ?? "{}");
    expect(config.html["nb-NO"]).toContain("<b>Salg</b>");
    expect(config.html["nb-NO"]).not.toMatch(/onmouseover|javascript:|script/);
    expect(config.html["sv-SE"]).toBe("<b>Rea</b>");
    // Stored sanitised, too: the form shows what shoppers get.
    const stored = await admin("staff", `query($id: Int!) { widget(widgetId: $id) { config } }`, {
      id: html.data.createWidget.id,
    });
    expect(JSON.parse(stored.data.widget.config).html["sv-SE"]).toBe("<b>Rea</b>");
    const onlyScript = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "richText",
      input: {
        config: JSON.stringify({ html: { "nb-NO": "<script>alert(1)</script>", "sv-SE": "<p>Hej</p>" } }),
        published: true,
      },
    });
    expect(problemsOf(onlyScript).map((p) => [p.field, p.code])).toEqual([["config.html.nb-NO", "config"]]);

    const id = html.data.createWidget.id as number;
    const changed = await admin("staff", UPDATE_WIDGET, {
      id,
      v: 1,
      input: {
        config: JSON.stringify({ html: { "nb-NO": "<p>Ny</p>", "sv-SE": "<p>Ny</p>" } }),
        published: true,
        displaySetting: "mobile",
      },
    });
    expect(changed.data.updateWidget.version).toBe(2);
    const stale = await admin("owner", UPDATE_WIDGET, {
      id,
      v: 1,
      input: { config: textConfig("a", "b"), published: true },
    });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0]?.extensions?.changes[0].fields).toEqual(
      expect.arrayContaining(["config", "displaySetting"]),
    );
  });
});

const READ_MENU = `query($l: String!) { menu(locationId: $l) { menuId version items { itemId parentItemId labelNb labelSv targetType target urlNb urlSv } } }`;
const SAVE_MENU = `mutation($l: String!, $v: Int!, $items: [AdminMenuItemInput!]!) { saveMenu(locationId: $l, version: $v, items: $items) { version } }`;
const SHOP_MENU = `query($l: String!, $channelId: String, $languageId: String) { getMenuAtLocation(menuLocationId: $l, channelId: $channelId, languageId: $languageId) { menuItems { label url type } } }`;

async function shopMenu(languageId: string) {
  const channelId = languageId === "sv-SE" ? "1|se" : "2|no";
  const { body } = await gql(shop.origin, {
    query: SHOP_MENU,
    variables: { l: "footer-about", channelId, languageId },
  });
  return body.data.getMenuAtLocation.menuItems as { label: string; url: string; type: string }[];
}

describe("menus", () => {
  it("a menu's labels, links and order reach the storefront in nb and sv; bad items are refused; stale and support refused; audited", async () => {
    const menu = (await admin("staff", READ_MENU, { l: "footer-about" })).data.menu;
    expect(menu.items.map((i: Json) => i.target)).toEqual(["about", "privacy"]);
    const [about, privacy] = menu.items as Json[];
    const items = [
      { ...privacy, labelNb: "Personvern", labelSv: "Integritet" },
      { ...about },
      {
        labelNb: "Jobb hos oss",
        labelSv: "Jobba hos oss",
        targetType: "url",
        urlNb: "https://jobs.mili.example/no",
        urlSv: "/sv-jobb",
      },
    ];
    const saved = await admin("staff", SAVE_MENU, { l: "footer-about", v: menu.version, items });
    expect(saved.errors).toBeUndefined();
    expect(await shopMenu("nb-NO")).toEqual([
      { label: "Personvern", url: "/personvern", type: "page" },
      { label: "Om Mili", url: "/om-mili", type: "page" },
      { label: "Jobb hos oss", url: "https://jobs.mili.example/no", type: "custom" },
    ]);
    expect((await shopMenu("sv-SE")).map((i) => i.label)).toEqual(["Integritet", "Om Mili", "Jobba hos oss"]);

    const bad = await admin("svensk", SAVE_MENU, {
      l: "footer-about",
      v: menu.version + 1,
      items: [
        {
          labelNb: "",
          labelSv: "X",
          targetType: "url",
          urlNb: "javascript:alert(1)",
          urlSv: "//evil.example",
        },
        { labelNb: "Y", labelSv: "Y", targetType: "category", target: "no-such-category" },
        { labelNb: "Z", labelSv: "Z", targetType: "teleport", target: "x" },
      ],
    });
    expect(problemsOf(bad).map((p) => [p.field, p.code])).toEqual([
      ["items.0.labelNb", "required"],
      ["items.0.urlNb", "urlInvalid"],
      ["items.0.urlSv", "urlInvalid"],
      ["items.2.targetType", "targetType"],
    ]);
    expect(problemsOf(bad)[1]?.message).toMatch(/^Ange en sökväg/);
    const unknownTarget = await admin("staff", SAVE_MENU, {
      l: "footer-about",
      v: menu.version + 1,
      items: [{ labelNb: "Y", labelSv: "Y", targetType: "category", target: "no-such-category" }],
    });
    expect(problemsOf(unknownTarget).map((p) => [p.field, p.code])).toEqual([
      ["items.0.target", "targetUnknown"],
    ]);
    expect((await shopMenu("nb-NO")).length).toBe(3);

    const stale = await admin("owner", SAVE_MENU, { l: "footer-about", v: menu.version, items: [] });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(
      (await admin("support", SAVE_MENU, { l: "footer-about", v: menu.version + 1, items: [] })).code,
    ).toBe("FORBIDDEN");
    expect((await admin("owner", SAVE_MENU, { l: "nowhere", v: 1, items: [] })).code).toBe("NOT_FOUND");
    const [row] = await shop.db.db.select().from(menus).where(eq(menus.locationId, "footer-about"));
    const entries = await audits("menu", row?.id as number);
    expect(entries.map((e) => e.action)).toEqual(["menu.update"]);
    expect(entries[0]?.after).toMatchObject({ version: menu.version + 1 });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Decision 0063: widgets edited by their type's form, images and link targets picked, the reorder's lock.

const READ_WIDGET = `query($id: Int!) { widget(widgetId: $id) { type config fields { name value } version } }`;
const IMAGES = `query($q: String, $names: [String!]) { contentImages(search: $q, fileNames: $names) { fileName alt productName } }`;
const CHOICES = `{ contentChoices { categories { id key name } brands { id key name } pages { id key name } campaigns { id key name } } }`;

const fieldsOf = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

describe("widgets by their type's form", () => {
  it("an image widget is made and changed from its form's fields with an image of the shop; refusals change nothing; audited", async () => {
    const images = (await admin("support", IMAGES, { q: "" })).data.contentImages as Json[];
    expect(images.length).toBeGreaterThan(0);
    const image = images[0];
    expect(image.alt.length).toBeGreaterThan(0);
    const byName = (await admin("staff", IMAGES, { q: image.productName.slice(0, 6) })).data.contentImages;
    expect(byName.map((i: Json) => i.fileName)).toContain(image.fileName);
    const named = (await admin("staff", IMAGES, { names: [image.fileName, "nope.jpg"] })).data.contentImages;
    expect(named.map((i: Json) => i.fileName)).toEqual([image.fileName]);

    const area = { f: "Frontpage", a: "Main" };
    const form = {
      fileName: image.fileName,
      "alt.nb-NO": "Blå jakke i snø",
      "alt.sv-SE": "Blå jacka i snö",
      "link.nb-NO": "/nyheter",
      "link.sv-SE": "/nyheter",
    };
    const made = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "image",
      input: { fields: fieldsOf(form), published: false },
    });
    expect(made.errors).toBeUndefined();
    const id = made.data.createWidget.id as number;
    const read = (await admin("support", READ_WIDGET, { id })).data.widget;
    expect(Object.fromEntries(read.fields.map((f: Json) => [f.name, f.value]))).toEqual(form);
    expect(JSON.parse(read.config)).toEqual({
      fileName: image.fileName,
      alt: { "nb-NO": "Blå jakke i snø", "sv-SE": "Blå jacka i snö" },
      link: { "nb-NO": "/nyheter", "sv-SE": "/nyheter" },
    });
    const { body } = await gql(shop.origin, {
      query: SHOP_AREA,
      variables: { ...area, preview: true, token: PREVIEW },
    });
    const shown = body.data.widgetArea.widgets.find((w: Json) => Number(w.id) === id);
    expect(JSON.parse(shown.configuration).alt["sv-SE"]).toBe("Blå jacka i snö");

    // Bad fields: every problem by its field, in the admin's language; nothing changes.
    const bad = await admin("svensk", UPDATE_WIDGET, {
      id,
      v: 1,
      input: {
        fields: fieldsOf({
          ...form,
          "alt.sv-SE": " ",
          "link.nb-NO": "//evil.example",
          fileName: "ghost-1-1-abcdef.jpg",
        }),
        published: true,
      },
    });
    expect(bad.code).toBe("BAD_USER_INPUT");
    expect(problemsOf(bad).map((p) => [p.field, p.code])).toEqual([
      ["config.alt.sv-SE", "required"],
      ["config.link.nb-NO", "urlInvalid"],
    ]);
    expect(problemsOf(bad)[0]?.message).toBe("Fyll i fältet.");
    const ghost = await admin("staff", UPDATE_WIDGET, {
      id,
      v: 1,
      input: { fields: fieldsOf({ ...form, fileName: "ghost-1-1-abcdef.jpg" }), published: true },
    });
    expect(problemsOf(ghost).map((p) => [p.field, p.code])).toEqual([["config.fileName", "imageUnknown"]]);
    expect(
      (
        await admin("support", UPDATE_WIDGET, {
          id,
          v: 1,
          input: { fields: fieldsOf(form), published: true },
        })
      ).code,
    ).toBe("FORBIDDEN");
    expect((await admin("staff", READ_WIDGET, { id })).data.widget.version).toBe(1);

    const changed = await admin("owner", UPDATE_WIDGET, {
      id,
      v: 1,
      input: { fields: fieldsOf({ ...form, "alt.nb-NO": "Jakke" }), published: true },
    });
    expect(changed.data.updateWidget.version).toBe(2);
    const stale = await admin("staff", UPDATE_WIDGET, {
      id,
      v: 1,
      input: { fields: fieldsOf(form), published: true },
    });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0].extensions.version).toBe(2);
    const entries = await audits("widget", id);
    expect(entries.map((e) => e.action)).toEqual(["widget.create", "widget.update"]);
    expect(entries[1]?.before).toMatchObject({ config: { alt: { "nb-NO": "Blå jakke i snø" } }, version: 1 });
    expect(entries[1]?.after).toMatchObject({
      config: { alt: { "nb-NO": "Jakke" } },
      published: true,
      version: 2,
    });
    expect((await admin("owner", DELETE_WIDGET, { id, v: 2 })).errors).toBeUndefined();
  });

  it("a product list's choices must exist; a buttons widget keeps its filled rows in order", async () => {
    const choices = (await admin("support", CHOICES)).data.contentChoices;
    const category = choices.categories[0];
    expect(category.name.length).toBeGreaterThan(0);
    const area = { f: "Productlist", a: "Top" };
    const list = {
      "title.nb-NO": "Populært",
      "title.sv-SE": "Populärt",
      sort: "MOST_SOLD",
      take: "4",
      categoryIds: `${category.id},999999`,
    };
    const refused = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "productList",
      input: { fields: fieldsOf({ ...list, take: "40" }), published: false },
    });
    expect(problemsOf(refused).map((p) => [p.field, p.code, p.message])).toEqual([
      ["config.take", "numberRange", "A whole number from 1 to 24."],
    ]);
    const missing = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "productList",
      input: { fields: fieldsOf(list), published: false },
    });
    expect(problemsOf(missing).map((p) => [p.field, p.code])).toEqual([
      ["config.categoryIds", "choiceUnknown"],
    ]);
    const made = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "productList",
      input: { fields: fieldsOf({ ...list, categoryIds: String(category.id) }), published: false },
    });
    expect(made.errors).toBeUndefined();
    const stored = JSON.parse(
      (await admin("staff", READ_WIDGET, { id: made.data.createWidget.id })).data.widget.config,
    );
    expect(stored).toEqual({
      title: { "nb-NO": "Populært", "sv-SE": "Populärt" },
      source: "search",
      sort: "MOST_SOLD",
      take: 4,
      categoryIds: [category.id],
    });

    const buttons = await admin("staff", CREATE_WIDGET, {
      ...area,
      type: "buttons",
      input: {
        fields: fieldsOf({
          "buttons.1.label.nb-NO": "Sko",
          "buttons.1.label.sv-SE": "Skor",
          "buttons.1.link.nb-NO": "/c/sko",
          "buttons.1.link.sv-SE": "/c/skor",
          "buttons.0.label.nb-NO": "Jakker",
          "buttons.0.label.sv-SE": "Jackor",
          "buttons.0.link.nb-NO": "/c/jakker",
          "buttons.0.link.sv-SE": "/c/jackor",
          "buttons.2.label.nb-NO": "",
        }),
        published: false,
      },
    });
    expect(buttons.errors).toBeUndefined();
    const config = JSON.parse(
      (await admin("staff", READ_WIDGET, { id: buttons.data.createWidget.id })).data.widget.config,
    );
    expect(config.buttons.map((b: Json) => b.label["nb-NO"])).toEqual(["Jakker", "Sko"]);
  });

  it("a menu link picked from the choices is stored by its key; one to something missing is refused with a reason", async () => {
    const choices = (await admin("staff", CHOICES)).data.contentChoices;
    const brand = choices.brands[0];
    const page = choices.pages.find((p: Json) => p.key === "about");
    expect(page?.name).toBe("Om Mili");
    const menu = (await admin("staff", READ_MENU, { l: "info-pages" })).data.menu;
    const items = [
      ...menu.items,
      { labelNb: brand.name, labelSv: brand.name, targetType: "brand", target: brand.key },
    ];
    const saved = await admin("staff", SAVE_MENU, { l: "info-pages", v: menu.version, items });
    expect(saved.errors).toBeUndefined();
    const after = (await admin("staff", READ_MENU, { l: "info-pages" })).data.menu;
    expect(after.items.at(-1)).toMatchObject({ targetType: "brand", target: brand.key });
    const gone = await admin("svensk", SAVE_MENU, {
      l: "info-pages",
      v: after.version,
      items: [...after.items, { labelNb: "X", labelSv: "X", targetType: "content", target: "deleted-page" }],
    });
    expect(problemsOf(gone).map((p) => [p.field, p.code])).toEqual([
      [`items.${after.items.length}.target`, "targetUnknown"],
    ]);
    expect(problemsOf(gone)[0]?.message).toMatch(/^Det som länken går till finns inte/);
  });
});

describe("two adds and two reorders of one area at once", () => {
  it("widgets added at once get a place each; of two reorders one is saved and the other refused as stale, then retried on what it sees: one consistent order, versions and moves agree", async () => {
    const area = { f: "Product", a: "Main" };
    const create = (n: number) =>
      admin("staff", CREATE_WIDGET, {
        ...area,
        type: "text",
        input: { config: textConfig(`Rekke ${n}`, `Rad ${n}`), published: true },
      });
    // The first makes the area; the other three are added at once and still get one place each.
    expect((await create(1)).errors).toBeUndefined();
    const made = await Promise.all([2, 3, 4].map(create));
    expect(made.map((a) => a.errors)).toEqual([undefined, undefined, undefined]);
    const list = async () =>
      (await admin("staff", AREA, area)).data.areaWidgets as { widgetId: number; version: number }[];
    const placed = await shop.db.db
      .select({ sortOrder: widgets.sortOrder })
      .from(widgets)
      .where(
        inArray(
          widgets.id,
          (await list()).map((w) => w.widgetId),
        ),
      );
    expect(new Set(placed.map((r) => r.sortOrder)).size).toBe(placed.length);
    for (let round = 0; round < 4; round++) {
      const shown = await list();
      const ids = shown.map((w) => w.widgetId);
      const reversed = [...shown].reverse();
      const rotated = [...shown.slice(1), shown[0] as (typeof shown)[number]];
      const send = (who: string, rows: typeof shown) =>
        admin(who, REORDER, {
          ...area,
          order: rows.map((w) => ({ widgetId: w.widgetId, version: w.version })),
        });
      const answers = await Promise.all([send("staff", reversed), send("owner", rotated)]);
      const saved = answers.filter((a) => !a.errors);
      const refused = answers.filter((a) => a.errors);
      expect(saved.length).toBe(1);
      expect(refused.map((a) => a.code)).toEqual(["VERSION_CONFLICT"]);
      // The refused admin reloads and sends its order again, on the versions it now sees.
      const wanted = (answers[0]?.errors ? reversed : rotated).map((w) => w.widgetId);
      const fresh = await list();
      const again = await admin(answers[0]?.errors ? "staff" : "owner", REORDER, {
        ...area,
        order: wanted.map((widgetId) => ({
          widgetId,
          version: fresh.find((w) => w.widgetId === widgetId)?.version,
        })),
      });
      expect(again.errors).toBeUndefined();
      const now = await list();
      expect(now.map((w) => w.widgetId)).toEqual(wanted);
      expect([...now.map((w) => w.widgetId)].sort()).toEqual([...ids].sort());
    }
    const rows = await shop.db.db
      .select()
      .from(widgets)
      .where(
        inArray(
          widgets.id,
          (await list()).map((w) => w.widgetId),
        ),
      );
    expect(rows.map((r) => r.sortOrder).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
    for (const row of rows) {
      const moves = (await audits("widget", row.id)).filter((e) => e.action === "widget.move");
      // Every saved state has its own version: one more per move, and each move's versions follow on.
      expect(row.version).toBe(1 + moves.length);
      moves.forEach((m, i) => {
        expect(m.before).toMatchObject({ version: 1 + i });
        expect(m.after).toMatchObject({ version: 2 + i });
      });
    }
  });
});
