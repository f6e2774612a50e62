import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Widgets and content pages (issue 14, decision 0038) through the GraphQL API: the areas answer published widgets
 * for the asked device class; a preview shows unpublished ones only with the shop's preview token; the merchant's
 * operations need the admin key, refuse bad input with a message in the request's language
 * and change nothing; HTML is sanitised whether it came through the API or straight into the database.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
const ADMIN_KEY = "test-admin-key-0123456789abcdef";
const PREVIEW = "test-preview-token-0123456789";
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "20", ADMIN_KEY, WIDGET_PREVIEW_TOKEN: PREVIEW });
});
afterAll(async () => {
  await shop?.close();
});

const admin = { "x-admin-key": ADMIN_KEY };

const AREA = /* GraphQL */ `
  query Area($family: String!, $areaName: String!, $displaySetting: String, $preview: Boolean,
             $previewToken: String, $languageId: String) {
    widgetArea(family: $family, areaName: $areaName, displaySetting: $displaySetting, preview: $preview,
               previewToken: $previewToken, languageId: $languageId) {
      widgets { id name type configuration published displaySetting images { fileName } }
    }
  }
`;

interface AreaWidget {
  id: string;
  name: string;
  type: string;
  configuration: string;
  published: boolean;
  displaySetting: string | null;
  images: { fileName: string }[];
}

async function area(variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const { body } = await gql(
    shop.origin,
    { query: AREA, variables: { family: "Frontpage", areaName: "Main", ...variables } },
    headers,
  );
  expect(body.errors).toBeUndefined();
  return (body.data.widgetArea?.widgets ?? []) as AreaWidget[];
}

const titles = (widgets: AreaWidget[]) =>
  widgets.map((w) => {
    const c = JSON.parse(w.configuration) as {
      title?: Record<string, string>;
      text?: Record<string, string>;
    };
    return c.title?.["nb-NO"] ?? c.text?.["nb-NO"] ?? w.type;
  });

const CREATE = /* GraphQL */ `
  mutation Create($family: String, $areaName: String, $pageKey: String, $type: String!, $configuration: String!,
                  $displaySetting: String, $validFrom: String, $validTo: String, $publish: Boolean, $languageId: String, $channelId: String) {
    createWidget(family: $family, areaName: $areaName, pageKey: $pageKey, type: $type, configuration: $configuration,
                 displaySetting: $displaySetting, validFrom: $validFrom, validTo: $validTo, publish: $publish,
                 languageId: $languageId, channelId: $channelId) {
      id type configuration published displaySetting
    }
  }
`;

async function create(variables: Record<string, unknown>, headers: Record<string, string> = admin) {
  return gql(
    shop.origin,
    { query: CREATE, variables: { family: "Frontpage", areaName: "Main", ...variables } },
    headers,
  );
}

const channelOf = (languageId: string) => (languageId === "sv-SE" ? "1|se" : "2|no");
const text = (nb: string, sv = nb) => ({ "nb-NO": nb, "sv-SE": sv });

async function setPublished(widgetId: string, publish: boolean) {
  const op = publish ? "publishWidget" : "unpublishWidget";
  const { body } = await gql(
    shop.origin,
    { query: `mutation($id: Int!) { ${op}(widgetId: $id) }`, variables: { id: Number(widgetId) } },
    admin,
  );
  expect(body.errors).toBeUndefined();
}

async function widgetCount() {
  const rows = await shop.db.db.execute(sql`select count(*)::int as n from widgets`);
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return list[0]?.n;
}

describe("the front page's widget area", () => {
  it("answers the published widgets in order, with Geins' names, and leaves the unpublished one out", async () => {
    const widgets = await area({});
    expect(widgets.map((w) => w.type)).toEqual([
      "banner",
      "buttons",
      "productList",
      "text",
      "text",
      "productList",
      "productList",
      "richText",
    ]);
    expect(widgets.every((w) => w.published)).toBe(true);
    expect(widgets[0]?.name).toBe("Banner");
    expect(widgets[0]?.images[0]?.fileName).toMatch(/^winter-jacket-\d+-\d+-[0-9a-f]{6}\.jpg$/);
    expect(widgets[7]?.name).toBe("Rich text");
    expect(titles(widgets)).not.toContain("Vårnyheter kommer snart");
  });

  it("answers only the phone's widgets for displaySetting mobile, only the computer's for desktop", async () => {
    const mobile = await area({ displaySetting: "mobile" });
    const desktop = await area({ displaySetting: "desktop" });
    expect(mobile.map((w) => w.displaySetting)).not.toContain("desktop");
    expect(desktop.map((w) => w.displaySetting)).not.toContain("mobile");
    expect(mobile.filter((w) => w.displaySetting === "mobile")).toHaveLength(1);
    expect(desktop.filter((w) => w.displaySetting === "desktop")).toHaveLength(1);
    expect(mobile).toHaveLength(7);
    expect(desktop).toHaveLength(7);
    // Anything else is neither: every widget.
    expect(await area({ displaySetting: "tv" })).toHaveLength(8);
  });

  it("previews unpublished widgets only with the shop's preview token", async () => {
    const unpublished = (widgets: AreaWidget[]) => titles(widgets.filter((w) => !w.published));
    expect(unpublished(await area({ preview: true }))).toEqual([]);
    expect(unpublished(await area({ preview: true, previewToken: "wrong-token-0123456789" }))).toEqual([]);
    expect(unpublished(await area({ preview: true, previewToken: `${PREVIEW}x` }))).toEqual([]);
    expect(unpublished(await area({ preview: true, previewToken: PREVIEW }))).toEqual([
      "Vårnyheter kommer snart",
    ]);
    // The admin key is not a preview token (answers are cached by the request's variables, not its headers).
    expect(unpublished(await area({ preview: true }, admin))).toEqual([]);
    // The token without asking for a preview shows shoppers' widgets.
    expect(unpublished(await area({ previewToken: PREVIEW }))).toEqual([]);
  });
});

describe("the merchant's widget operations", () => {
  it("are refused without the admin key, and change nothing", async () => {
    const before = await widgetCount();
    const { body } = await create({ type: "text", configuration: JSON.stringify({ text: text("Hei") }) }, {});
    expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const publish = await gql(shop.origin, { query: "mutation { publishWidget(widgetId: 1) }" });
    expect(publish.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await widgetCount()).toBe(before);
  });

  it("refuse bad input with a localized message, the reason and the field, and change nothing", async () => {
    const before = await widgetCount();
    const missing = await create({
      type: "banner",
      configuration: JSON.stringify({ title: { "nb-NO": "Bare norsk" } }),
    });
    expect(missing.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "config",
      field: "config.title.sv-SE",
    });
    expect(missing.body.errors?.[0]?.message).toBe(
      "Innstillingen «config.title.sv-SE» mangler eller er ugyldig.",
    );
    const sv = await create({
      type: "banner",
      configuration: JSON.stringify({ title: { "nb-NO": "Bare norsk" } }),
      languageId: "sv-SE",
      channelId: "1|se",
    });
    expect(sv.body.errors?.[0]?.message).toBe("Inställningen ”config.title.sv-SE” saknas eller är ogiltig.");

    const area = await create({
      family: "Sidebar",
      type: "text",
      configuration: JSON.stringify({ text: text("x") }),
    });
    expect(area.body.errors?.[0]?.extensions).toMatchObject({ reason: "area" });
    expect(area.body.errors?.[0]?.message).toBe("Det finnes ikke noe widgetområde Sidebar/Main.");
    const type = await create({ type: "carousel", configuration: "{}" });
    expect(type.body.errors?.[0]?.extensions).toMatchObject({ reason: "type", field: "type" });
    const json = await create({ type: "text", configuration: "not json" });
    expect(json.body.errors?.[0]?.extensions).toMatchObject({ reason: "config", field: "configuration" });
    const device = await create({
      type: "text",
      configuration: JSON.stringify({ text: text("x") }),
      displaySetting: "tablet",
    });
    expect(device.body.errors?.[0]?.extensions).toMatchObject({ reason: "displaySetting" });
    const dates = await create({
      type: "text",
      configuration: JSON.stringify({ text: text("x") }),
      validFrom: "2030-02-01T00:00:00Z",
      validTo: "2030-01-01T00:00:00Z",
    });
    expect(dates.body.errors?.[0]?.extensions).toMatchObject({ reason: "validRange", field: "validTo" });
    const link = await create({
      type: "buttons",
      configuration: JSON.stringify({ buttons: [{ label: text("Gå"), link: text("javascript:alert(1)") }] }),
    });
    expect(link.body.errors?.[0]?.extensions).toMatchObject({
      reason: "config",
      field: "config.buttons.0.link.nb-NO",
    });
    const image = await create({
      type: "image",
      configuration: JSON.stringify({ fileName: "../../etc/passwd", alt: text("x") }),
    });
    expect(image.body.errors?.[0]?.extensions).toMatchObject({ field: "config.fileName" });
    const unknown = await create({
      type: "image",
      configuration: JSON.stringify({ fileName: "shell-jacket-999999-1-1f3a5f.jpg", alt: text("x") }),
    });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ reason: "image", field: "config.fileName" });
    expect(unknown.body.errors?.[0]?.message).toBe(
      "Bildet shell-jacket-999999-1-1f3a5f.jpg finnes ikke i katalogen.",
    );
    expect(await widgetCount()).toBe(before);
  });

  it("the list and product pages' areas start with the seed's example each (decision 0046)", async () => {
    const sources = async (family: string, areaName: string) =>
      (await area({ family, areaName })).map((w) => {
        const c = JSON.parse(w.configuration) as { source?: string };
        return `${w.type}${c.source ? `:${c.source}` : ""}`;
      });
    expect(await sources("Productlist", "Top")).toEqual(["text"]);
    expect(await sources("Productlist", "Bottom")).toEqual(["productList:favorites"]);
    expect(await sources("Product", "Main")).toEqual(["productList:latestViewed"]);
  });

  it("create unpublished; publish shows the widget to shoppers, unpublish hides it again", async () => {
    const top = { family: "Productlist", areaName: "Top" };
    const seeded = (await area(top)).map((w) => w.id);
    const own = async (variables: Record<string, unknown>) =>
      (await area(variables)).filter((w) => !seeded.includes(w.id));
    const { body } = await create({
      family: "Productlist",
      areaName: "Top",
      type: "text",
      configuration: JSON.stringify({ text: text("Gratis frakt i dag", "Fri frakt i dag") }),
    });
    expect(body.errors).toBeUndefined();
    const widget = body.data.createWidget as AreaWidget;
    expect(widget.published).toBe(false);
    expect(await own(top)).toEqual([]);
    await setPublished(widget.id, true);
    expect((await own(top)).map((w) => w.id)).toEqual([widget.id]);
    await setPublished(widget.id, false);
    expect(await own(top)).toEqual([]);
    expect((await own({ ...top, preview: true, previewToken: PREVIEW })).map((w) => w.id)).toEqual([
      widget.id,
    ]);

    const missing = await gql(shop.origin, { query: "mutation { publishWidget(widgetId: 999999) }" }, admin);
    expect(missing.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(missing.body.errors?.[0]?.message).toBe("Vi finner ikke denne widgeten.");
  });

  it("updates settings and device class, keeping what is left out", async () => {
    const seeded = (await area({ family: "Product", areaName: "Main" })).map((w) => w.id);
    const own = async (variables: Record<string, unknown>) =>
      (await area(variables)).filter((w) => !seeded.includes(w.id));
    const { body } = await create({
      family: "Product",
      areaName: "Main",
      type: "text",
      configuration: JSON.stringify({ text: text("Før") }),
      publish: true,
    });
    const id = Number(body.data.createWidget.id);
    const update = /* GraphQL */ `
      mutation($id: Int!, $configuration: String, $displaySetting: String) {
        updateWidget(widgetId: $id, configuration: $configuration, displaySetting: $displaySetting) {
          configuration displaySetting published
        }
      }`;
    const changed = await gql(
      shop.origin,
      {
        query: update,
        variables: { id, configuration: JSON.stringify({ text: text("Etter") }), displaySetting: "mobile" },
      },
      admin,
    );
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.updateWidget).toMatchObject({ displaySetting: "mobile", published: true });
    const product = { family: "Product", areaName: "Main" };
    expect(await own({ ...product, displaySetting: "desktop" })).toEqual([]);
    expect(titles(await own({ ...product, displaySetting: "mobile" }))).toEqual(["Etter"]);
    const bad = await gql(shop.origin, { query: update, variables: { id, configuration: "{}" } }, admin);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "config.text" });
    expect(titles(await own(product))).toEqual(["Etter"]);
  });

  it("shows a widget only within its dates, and a preview outside them too", async () => {
    const bottom = { family: "Productlist", areaName: "Bottom" };
    const seeded = (await area(bottom)).map((w) => w.id);
    const own = async (variables: Record<string, unknown>) =>
      (await area(variables)).filter((w) => !seeded.includes(w.id));
    const { body } = await create({
      family: "Productlist",
      areaName: "Bottom",
      type: "text",
      configuration: JSON.stringify({ text: text("Kommer") }),
      validFrom: "2099-01-01T00:00:00Z",
      publish: true,
    });
    expect(body.errors).toBeUndefined();
    expect(await own(bottom)).toEqual([]);
    expect(titles(await own({ ...bottom, preview: true, previewToken: PREVIEW }))).toEqual(["Kommer"]);
  });
});

describe("HTML widgets", () => {
  const EVIL =
    '<p onclick="steal()">Hei <strong>der</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">klikk</a><a href="https://example.com/x">ute</a><iframe src="https://evil.example"></iframe>' +
    '<style>body{display:none}</style><svg onload="alert(4)"></svg>';

  const assertClean = (html: string) => {
    expect(html).not.toMatch(/<script|<style|<iframe|<svg|onerror|onclick|onload|javascript:/i);
    expect(html).not.toContain("alert(1)");
  };

  it("are sanitised when written: scripts, handlers, javascript: links and frames are gone, the text stays", async () => {
    for (const type of ["html", "richText"]) {
      const { body } = await create({
        family: "Productlist",
        areaName: "Bottom",
        type,
        configuration: JSON.stringify({ html: text(EVIL) }),
        publish: true,
      });
      expect(body.errors).toBeUndefined();
      const html = (JSON.parse(body.data.createWidget.configuration) as { html: Record<string, string> })
        .html["nb-NO"] as string;
      assertClean(html);
      expect(html).toContain("<p>Hei <strong>der</strong></p>");
      expect(html).toContain(
        '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ute</a>',
      );
    }
  });

  it("are sanitised when read, also when the HTML was written straight into the database", async () => {
    const [areaRow] = (await shop.db.db
      .execute(
        sql`select id from widget_areas where family = 'Frontpage' and area_name = 'Main' and page_id is null`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { id: number }[];
    await shop.db.db.execute(
      sql`insert into widgets (area_id, type, config, sort_order, active)
          values (${areaRow?.id}, 'html', ${JSON.stringify({ html: text(EVIL) })}::jsonb, 99, true)`,
    );
    const widgets = await area({});
    const html = widgets.find((w) => w.type === "html");
    expect(html).toBeDefined();
    const stored = (JSON.parse(html?.configuration ?? "{}") as { html: Record<string, string> }).html;
    assertClean(stored["nb-NO"] ?? "");
    assertClean(stored["sv-SE"] ?? "");
    expect(stored["nb-NO"]).toContain("Hei");
    await shop.db.db.execute(sql`delete from widgets where sort_order = 99 and type = 'html'`);
  });
});

describe("content pages", () => {
  const PAGE = /* GraphQL */ `
    query Page($alias: String!, $previewToken: String, $languageId: String, $channelId: String) {
      contentPage(alias: $alias, previewToken: $previewToken, languageId: $languageId, channelId: $channelId) {
        title published widgets { type published }
      }
    }`;
  const page = async (alias: string, previewToken?: string, languageId = "nb-NO") =>
    (
      await gql(shop.origin, {
        query: PAGE,
        variables: { alias, previewToken, languageId, channelId: channelOf(languageId) },
      })
    ).body.data.contentPage as {
      title: string;
      published: boolean;
      widgets: { type: string; published: boolean }[];
    } | null;

  const CREATE_PAGE = /* GraphQL */ `
    mutation($key: String!, $translations: [ContentPageTranslationInputType!]!, $languageId: String, $channelId: String) {
      createContentPage(key: $key, translations: $translations, languageId: $languageId, channelId: $channelId) {
        pageId key published previewToken translations { languageId alias title }
      }
    }`;
  const translations = [
    { languageId: "nb-NO", alias: "storrelsesguide", title: "Størrelsesguide" },
    { languageId: "sv-SE", alias: "storleksguide", title: "Storleksguide" },
  ];
  const publish = (key: string, yes: boolean) =>
    gql(
      shop.origin,
      {
        query: `mutation($key: String!) { ${yes ? "publish" : "unpublish"}ContentPage(key: $key) { published } }`,
        variables: { key },
      },
      admin,
    );

  it("a new page is unpublished; its preview token shows it; publishing shows it; unpublishing hides it", async () => {
    const { body } = await gql(
      shop.origin,
      { query: CREATE_PAGE, variables: { key: "size-guide", translations } },
      admin,
    );
    expect(body.errors).toBeUndefined();
    const created = body.data.createContentPage as { published: boolean; previewToken: string };
    expect(created.published).toBe(false);
    expect(created.previewToken.length).toBeGreaterThanOrEqual(20);

    const widget = await create({
      family: null,
      areaName: null,
      pageKey: "size-guide",
      type: "richText",
      configuration: JSON.stringify({
        html: text("<p>Mål deg over brystet.</p>", "<p>Mät dig över bröstet.</p>"),
      }),
    });
    expect(widget.body.errors).toBeUndefined();

    expect(await page("storrelsesguide")).toBeNull();
    expect(await page("storrelsesguide", "wrong")).toBeNull();
    expect(await page("storrelsesguide", created.previewToken)).toMatchObject({
      title: "Størrelsesguide",
      published: false,
      widgets: [{ type: "richText", published: false }],
    });
    expect(await page("storrelsesguide", PREVIEW)).toMatchObject({ published: false });

    expect((await publish("size-guide", true)).body.data.publishContentPage.published).toBe(true);
    await setPublished(widget.body.data.createWidget.id, true);
    expect(await page("storleksguide", undefined, "sv-SE")).toMatchObject({
      title: "Storleksguide",
      published: true,
      widgets: [{ type: "richText", published: true }],
    });
    expect((await publish("size-guide", false)).body.data.unpublishContentPage.published).toBe(false);
    expect(await page("storrelsesguide")).toBeNull();
  });

  it("refuses a taken or reserved address, a missing language and a bad key, in the request's language", async () => {
    const attempt = (key: string, t: unknown, languageId = "nb-NO") =>
      gql(
        shop.origin,
        {
          query: CREATE_PAGE,
          variables: { key, translations: t, languageId, channelId: channelOf(languageId) },
        },
        admin,
      );
    const taken = await attempt("other", [
      { languageId: "nb-NO", alias: "kundeservice", title: "X" },
      { languageId: "sv-SE", alias: "ny-sida", title: "X" },
    ]);
    expect(taken.body.errors?.[0]?.extensions).toMatchObject({
      reason: "aliasTaken",
      field: "translations.nb-NO.alias",
    });
    expect(taken.body.errors?.[0]?.message).toBe("Adressen /kundeservice er allerede i bruk.");
    const reserved = await attempt(
      "other",
      [
        { languageId: "nb-NO", alias: "kassen", title: "X" },
        { languageId: "sv-SE", alias: "ny-sida", title: "X" },
      ],
      "sv-SE",
    );
    expect(reserved.body.errors?.[0]?.message).toBe(
      "Adressen på norsk måste bestå av små bokstäver (a–z), siffror och bindestreck.",
    );
    const one = await attempt("other", [{ languageId: "nb-NO", alias: "en-side", title: "X" }]);
    expect(one.body.errors?.[0]?.extensions).toMatchObject({ reason: "languages" });
    const key = await attempt("Ny Side!", translations);
    expect(key.body.errors?.[0]?.extensions).toMatchObject({ reason: "key" });
    const duplicate = await attempt("size-guide", [
      { languageId: "nb-NO", alias: "annen", title: "X" },
      { languageId: "sv-SE", alias: "annan", title: "X" },
    ]);
    expect(duplicate.body.errors?.[0]?.extensions).toMatchObject({ reason: "keyTaken" });
    expect(await page("annen")).toBeNull();
  });

  it("the info pages' menu lists the content pages in each language", async () => {
    const MENU = `query($languageId: String, $channelId: String) { getMenuAtLocation(menuLocationId: "info-pages", languageId: $languageId, channelId: $channelId) { name items { label url } } }`;
    const nb = (await gql(shop.origin, { query: MENU, variables: { languageId: "nb-NO" } })).body.data
      .getMenuAtLocation;
    const sv = (
      await gql(shop.origin, { query: MENU, variables: { languageId: "sv-SE", channelId: "1|se" } })
    ).body.data.getMenuAtLocation;
    expect(nb.name).toBe("Informasjon");
    expect(sv.name).toBe("Information");
    expect(nb.items).toContainEqual({ label: "Kundeservice", url: "/kundeservice" });
    expect(sv.items).toContainEqual({ label: "Kundservice", url: "/kundservice" });
    expect(nb.items).toHaveLength(6);
  });
});
