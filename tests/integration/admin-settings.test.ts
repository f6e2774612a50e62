import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  auditLog,
  channels,
  markets,
  paymentMethods,
  shippingOptions,
  skus,
  vatRates,
} from "#db/schema/index.ts";
import { createReferenceCache } from "#services/reference.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The shop's settings through /admin/graphql (issue 15, decisions 0059 and 0062): owner and staff read them, only
 * the owner changes them; every change is checked (problems by field, texts in the admin's language), versioned and
 * audited, and the storefront's API follows at once (markets, theme: the reference cache follows the catalog
 * version; shipping options and payment methods: the checkout reads them).
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let as: Record<"owner" | "staff" | "support", string>;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  as = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
});
afterAll(async () => {
  await shop?.close();
});

const call = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  adminCall(shop, cookie, query, variables);
const db = () => shop.db.db;
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const problemsOf = (answer: {
  errors?: { extensions?: { problems?: { field: string; code: string }[] } }[];
}) => (answer.errors?.[0]?.extensions?.problems ?? []).map((p) => `${p.field}:${p.code}`);

const READ = `{ settings { markets { alias currencyCode languageIds defaultLanguageId active version
  vatRates { productClass rateBp validFrom validTo }
  shippingOptions { id key feeMinor freeOverMinor version } }
  channels { id theme { key value } version } currencies { id } languages { id } } }`;
const MARKET = `mutation($a: String!, $v: Int!, $i: AdminMarketInput!) { updateMarket(alias: $a, version: $v, input: $i) }`;
const VAT = `mutation($a: String!, $v: Int!, $i: AdminVatRateInput!) { scheduleVatRate(alias: $a, version: $v, input: $i) }`;
const SHIP = `mutation($id: Int!, $v: Int!, $i: AdminShippingOptionInput!) { updateShippingOption(id: $id, version: $v, input: $i) }`;
const CREATE_SHIP = `mutation($a: String!, $i: AdminShippingOptionInput!) { createShippingOption(alias: $a, input: $i) }`;
const DELETE_VAT = `mutation($a: String!, $v: Int!, $c: String!, $f: String!) { deleteVatRate(alias: $a, version: $v, productClass: $c, validFrom: $f) }`;
const PAY = `mutation($k: String!, $v: Int!, $a: String!, $o: Boolean!) { setPaymentMethodMarket(key: $k, version: $v, alias: $a, offered: $o) }`;
const THEME = `mutation($c: String!, $v: Int!, $t: [AdminThemeVariableInput!]!) { updateTheme(channelId: $c, version: $v, theme: $t) }`;

const marketVersion = async (alias: string) =>
  (await db().select().from(markets).where(eq(markets.alias, alias)))[0]?.version ?? 0;
const storefrontChannel = async (channelId: string) =>
  (
    await gql(shop.origin, {
      query: `query($c: String) { channel(channelId: $c) { theme { key value } markets { alias allowedLanguages { id } currency { code } } } }`,
      variables: { c: channelId },
    })
  ).body.data.channel;

const LOCALE = {
  no: { channelId: "2|no", languageId: "nb-NO", marketId: "no", zip: "0154" },
  dk: { channelId: "2|no", languageId: "nb-NO", marketId: "dk", zip: "2100" },
  se: { channelId: "1|se", languageId: "sv-SE", marketId: "se", zip: "11122" },
} as const;

/** A cart in a market with one in-stock item; its checkout's shipping options (with the one chosen) and payment options. */
async function checkoutIn(market: keyof typeof LOCALE, shippingOptionId = "own:pickup-point") {
  const locale = LOCALE[market];
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select s.id from skus s join products p on p.id = s.product_id
        join prices pr on pr.sku_id = s.id and pr.market_alias = ${market}
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1`,
  );
  const skuId = Number(rows[0]?.id);
  await db().update(skus).set({ inStock: 10, oversellable: 0 }).where(eq(skus.id, skuId));
  const { channelId, languageId, marketId, zip } = locale;
  const added = await gql(shop.origin, {
    query: `mutation($s: Int!, $c: String, $l: String, $m: String) { addToCart(id: "", item: {skuId: $s, quantity: 1}, channelId: $c, languageId: $l, marketId: $m) { id } }`,
    variables: { s: skuId, c: channelId, l: languageId, m: marketId },
  });
  expect(added.body.errors).toBeUndefined();
  const { body } = await gql(shop.origin, {
    query: `mutation($id: String!, $k: CheckoutInputType, $c: String, $l: String, $m: String) {
      createOrUpdateCheckout(cartId: $id, checkout: $k, channelId: $c, languageId: $l, marketId: $m) {
        shippingOptions { optionId displayName feeIncVat } paymentOptions { name } } }`,
    variables: {
      id: added.body.data.addToCart.id,
      k: { zip, shippingOptionId },
      c: channelId,
      l: languageId,
      m: marketId,
    },
  });
  expect(body.errors).toBeUndefined();
  return body.data.createOrUpdateCheckout as {
    shippingOptions: { optionId: string; displayName: string; feeIncVat: number }[];
    paymentOptions: { name: string }[];
  };
}

const THEME_OK = { brand: "#e8590c", "brand-ink": "#123456", ink: "#1c1917", paper: "#fffaf5" };
const themeInput = (theme: Record<string, string>) =>
  Object.entries(theme).map(([key, value]) => ({ key, value }));

describe("who may", () => {
  it("owner and staff read, only the owner changes, support and strangers neither", async () => {
    const owner = await call(as.owner, READ);
    expect(owner.errors).toBeUndefined();
    expect(owner.data.settings.markets.map((m: { alias: string }) => m.alias)).toContain("no");
    expect(owner.data.settings.currencies.map((c: { id: string }) => c.id)).toContain("NOK");
    expect((await call(as.staff, READ)).errors).toBeUndefined();
    expect(await call(as.support, READ)).toMatchObject({ code: "FORBIDDEN" });
    expect(await call("", READ)).toMatchObject({ code: "UNAUTHENTICATED" });
    const input = { currencyCode: "DKK", languageIds: ["nb-NO"], defaultLanguageId: "nb-NO", active: true };
    for (const cookie of [as.staff, as.support]) {
      expect(await call(cookie, MARKET, { a: "dk", v: 1, i: input })).toMatchObject({ code: "FORBIDDEN" });
      expect(
        await call(cookie, VAT, {
          a: "dk",
          v: 1,
          i: { productClass: "standard", rate: "20", validFrom: "2099-01-01" },
        }),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(await call(cookie, THEME, { c: "2|no", v: 1, t: themeInput(THEME_OK) })).toMatchObject({
        code: "FORBIDDEN",
      });
    }
    const ship = {
      nbName: "Ekspress",
      svName: "Express",
      fee: "99",
      freeOver: "",
      daysMin: "",
      daysMax: "",
      sortOrder: "",
      active: true,
    };
    for (const cookie of [as.staff, as.support]) {
      expect(await call(cookie, CREATE_SHIP, { a: "dk", i: ship })).toMatchObject({ code: "FORBIDDEN" });
      expect(await call(cookie, DELETE_VAT, { a: "dk", v: 1, c: "standard", f: "2099-01-01" })).toMatchObject(
        { code: "FORBIDDEN" },
      );
      expect(await call(cookie, PAY, { k: "invoice", v: 1, a: "dk", o: true })).toMatchObject({
        code: "FORBIDDEN",
      });
    }
    expect(await marketVersion("dk")).toBe(1);
    expect(
      await db().select().from(shippingOptions).where(eq(shippingOptions.marketAlias, "dk")),
    ).toHaveLength(2);
    const [invoice] = await db().select().from(paymentMethods).where(eq(paymentMethods.key, "invoice"));
    expect(invoice).toMatchObject({ marketAliases: ["se", "no"], version: 1 });
  });
});

describe("markets", () => {
  it("changes languages and default; the storefront follows; audited; a stale version is refused", async () => {
    const v = await marketVersion("dk");
    const input = { currencyCode: "DKK", languageIds: ["sv-SE"], defaultLanguageId: "sv-SE", active: true };
    expect(await call(as.owner, MARKET, { a: "dk", v, i: input })).toMatchObject({
      data: { updateMarket: v + 1 },
    });
    const dk = (await storefrontChannel("2|no")).markets.find((m: { alias: string }) => m.alias === "dk");
    expect(dk).toEqual({ alias: "dk", allowedLanguages: [{ id: "sv-SE" }], currency: { code: "DKK" } });
    const [audit] = await audits("market.update");
    expect(audit).toMatchObject({
      actor: "owner@mili.example",
      entity: "market",
      entityId: "dk",
      before: { currencyCode: "DKK", languageIds: ["nb-NO", "sv-SE"], version: v },
      after: { currencyCode: "DKK", languageIds: ["sv-SE"], version: v + 1 },
    });
    // The form read version v: someone saved since.
    const stale = await call(as.owner, MARKET, { a: "dk", v, i: { ...input, languageIds: ["nb-NO"] } });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0]?.extensions).toMatchObject({
      version: v + 1,
      changes: [
        { actor: "owner@mili.example", fields: expect.arrayContaining(["defaultLanguageId", "languageIds"]) },
      ],
    });
    // Back as it was.
    await call(as.owner, MARKET, {
      a: "dk",
      v: v + 1,
      i: { currencyCode: "DKK", languageIds: ["nb-NO", "sv-SE"], defaultLanguageId: "nb-NO", active: true },
    });
    expect(await call(as.owner, MARKET, { a: "xx", v: 1, i: input })).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses changing a market's currency: its prices and shipping fees are amounts in it", async () => {
    const v = await marketVersion("dk");
    const i = {
      currencyCode: "EUR",
      languageIds: ["nb-NO", "sv-SE"],
      defaultLanguageId: "nb-NO",
      active: true,
    };
    const locked = await call(as.owner, MARKET, { a: "dk", v, i });
    expect(locked.code).toBe("BAD_USER_INPUT");
    expect(problemsOf(locked)).toEqual(["currencyCode:currencyLocked"]);
    expect(locked.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "A market's currency cannot change: its prices and shipping fees are amounts in it.",
    );
    await call(as.owner, `mutation { setLanguage(language: nb) { email } }`);
    const nb = await call(as.owner, MARKET, { a: "dk", v, i });
    expect(nb.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "Et markeds valuta kan ikke endres: prisene og fraktgebyrene er beløp i den.",
    );
    await call(as.owner, `mutation { setLanguage(language: en) { email } }`);
    expect(await marketVersion("dk")).toBe(v);
    const [dk] = await db().select().from(markets).where(eq(markets.alias, "dk"));
    expect(dk?.currencyCode).toBe("DKK");
  });

  it("refuses what the shop cannot serve, by field, in the admin's language", async () => {
    const v = await marketVersion("fi");
    const bad = await call(as.owner, MARKET, {
      a: "fi",
      v,
      i: { currencyCode: "USD", languageIds: ["en-GB"], defaultLanguageId: "nb-NO", active: true },
    });
    expect(bad.code).toBe("BAD_USER_INPUT");
    expect(problemsOf(bad)).toEqual([
      "currencyCode:unknownCurrency",
      "languageIds:unknownLanguage",
      "defaultLanguageId:defaultNotAllowed",
    ]);
    expect(bad.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "The shop cannot take payment in that currency.",
    );
    await call(as.owner, `mutation { setLanguage(language: sv) { email } }`);
    const sv = await call(as.owner, MARKET, {
      a: "fi",
      v,
      i: { currencyCode: "EUR", languageIds: ["sv-SE"], defaultLanguageId: "nb-NO", active: true },
    });
    expect(sv.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "Standardspråket måste vara ett av marknadens språk.",
    );
    await call(as.owner, `mutation { setLanguage(language: en) { email } }`);
    expect(await marketVersion("fi")).toBe(v);
  });

  it("refuses deactivating the last active market", async () => {
    // Every market but "no" inactive (straight in the database), then "no" is the last.
    await db()
      .update(markets)
      .set({ active: false })
      .where(and(eq(markets.active, true)));
    await db().update(markets).set({ active: true }).where(eq(markets.alias, "no"));
    try {
      const v = await marketVersion("no");
      const last = await call(as.owner, MARKET, {
        a: "no",
        v,
        i: { currencyCode: "NOK", languageIds: ["nb-NO"], defaultLanguageId: "nb-NO", active: false },
      });
      expect(problemsOf(last)).toEqual(["active:lastActiveMarket"]);
      expect(await marketVersion("no")).toBe(v);
    } finally {
      await db().update(markets).set({ active: true });
    }
  });
});

describe("currencies (decision 0062)", () => {
  const CURRENCY = `mutation($i: AdminCurrencyInput!) { createCurrency(input: $i) }`;
  it("adds an ISO 4217 currency with its decimals; audited; only the owner; a market may then be given it", async () => {
    const gbp = { code: "gbp", name: "Pound sterling", symbol: "£", minorUnits: "2" };
    for (const cookie of [as.staff, as.support])
      expect(await call(cookie, CURRENCY, { i: gbp })).toMatchObject({ code: "FORBIDDEN" });
    expect(await call(as.owner, CURRENCY, { i: gbp })).toMatchObject({ data: { createCurrency: "GBP" } });
    const read = await call(as.owner, `{ settings { currencyDetails { code name symbol minorUnits } } }`);
    expect(read.data.settings.currencyDetails).toContainEqual({
      code: "GBP",
      name: "Pound sterling",
      symbol: "£",
      minorUnits: 2,
    });
    const [audit] = await audits("currency.create");
    expect(audit).toMatchObject({
      entity: "currency",
      entityId: "GBP",
      after: { code: "GBP", minorUnits: 2 },
    });
    const again = await call(as.owner, CURRENCY, { i: gbp });
    expect(problemsOf(again)).toEqual(["code:currencyExists"]);
    const bad = await call(as.owner, CURRENCY, {
      i: { code: "QQQ", name: "", symbol: "kr", minorUnits: "2" },
    });
    expect(problemsOf(bad)).toEqual(["code:notACurrencyCode", "name:required"]);
    await call(as.owner, `mutation { setLanguage(language: sv) { email } }`);
    const jpy = await call(as.owner, CURRENCY, {
      i: { code: "JPY", name: "Yen", symbol: "¥", minorUnits: "2" },
    });
    expect(problemsOf(jpy)).toEqual(["minorUnits:minorUnitsMismatch"]);
    expect(jpy.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "Butiken räknar den här valutan med 0 decimaler (dess minsta enhet); skriv 0.",
    );
    await call(as.owner, `mutation { setLanguage(language: en) { email } }`);
    expect(
      (await call(as.owner, `{ settings { currencies { id } } }`)).data.settings.currencies,
    ).not.toContainEqual({
      id: "JPY",
    });
    // A market keeps its own currency all the same.
    const v = await marketVersion("fi");
    const locked = await call(as.owner, MARKET, {
      a: "fi",
      v,
      i: { currencyCode: "GBP", languageIds: ["sv-SE"], defaultLanguageId: "sv-SE", active: true },
    });
    expect(problemsOf(locked)).toEqual(["currencyCode:currencyLocked"]);
  });
});

describe("VAT rates", () => {
  it("schedules a future rate: the one before ends the day before; audited; the market's version moves", async () => {
    const v = await marketVersion("no");
    const ok = await call(as.owner, VAT, {
      a: "no",
      v,
      i: { productClass: "food", rate: "12,5", validFrom: "2099-01-01" },
    });
    expect(ok).toMatchObject({ data: { scheduleVatRate: v + 1 } });
    const rows = await db()
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.countryCode, "NO"), eq(vatRates.productClass, "food")))
      .orderBy(vatRates.validFrom);
    expect(rows.map((r) => [r.rateBp, r.validFrom, r.validTo])).toEqual([
      [1500, "2023-01-01", "2098-12-31"],
      [1250, "2099-01-01", null],
    ]);
    const [audit] = await audits("vatRate.schedule");
    expect(audit).toMatchObject({
      entityId: "no",
      after: { productClass: "food", rateBp: 1250, version: v + 1 },
    });
    // Corrected before it applies: the same day replaces it.
    await call(as.owner, VAT, {
      a: "no",
      v: v + 1,
      i: { productClass: "food", rate: "13", validFrom: "2099-01-01" },
    });
    const after = await db()
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.countryCode, "NO"), eq(vatRates.productClass, "food")));
    expect(after.map((r) => r.rateBp).sort()).toEqual([1300, 1500]);
  });

  it("never rewrites a day that has begun, and refuses a bad rate and class", async () => {
    const v = await marketVersion("se");
    // The market's today (Stockholm): a change from today is refused too.
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(new Date());
    for (const validFrom of ["2024-01-01", "2000-01-01"]) {
      const past = await call(as.owner, VAT, {
        a: "se",
        v,
        i: { productClass: "standard", rate: "20", validFrom },
      });
      expect(problemsOf(past)).toEqual(["validFrom:notInTheFuture"]);
    }
    const fromToday = await call(as.owner, VAT, {
      a: "se",
      v,
      i: { productClass: "standard", rate: "20", validFrom: today },
    });
    expect(problemsOf(fromToday)).toEqual(["validFrom:notInTheFuture"]);
    const bad = await call(as.owner, VAT, {
      a: "se",
      v,
      i: { productClass: "luxury", rate: "120", validFrom: "soon" },
    });
    expect(problemsOf(bad)).toEqual([
      "productClass:unknownProductClass",
      "rate:invalidRate",
      "validFrom:invalidDate",
    ]);
    expect(
      await call(as.owner, VAT, {
        a: "se",
        v: v + 5,
        i: { productClass: "standard", rate: "20", validFrom: "2099-01-01" },
      }),
    ).toMatchObject({ code: "VERSION_CONFLICT" });
    // The virtual staff market has no country and so no VAT of its own.
    expect(
      await call(as.owner, VAT, {
        a: "staff",
        v: 1,
        i: { productClass: "standard", rate: "20", validFrom: "2099-01-01" },
      }),
    ).toMatchObject({ code: "NOT_FOUND" });
    const se = await db()
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.countryCode, "SE"), eq(vatRates.productClass, "standard")));
    expect(se.map((r) => [r.rateBp, r.validTo])).toEqual([[2500, null]]);
  });
});

describe("shipping options", () => {
  it("changes fee, threshold and estimate; the shop's checkout options follow; audited; stale refused", async () => {
    const [home] = await db()
      .select()
      .from(shippingOptions)
      .where(and(eq(shippingOptions.marketAlias, "no"), eq(shippingOptions.key, "home-delivery")));
    if (!home) throw new Error("no home delivery in the seed");
    const input = {
      nbName: "Hjemlevering",
      svName: "Hemleverans",
      fee: "77,50",
      freeOver: "1000",
      daysMin: "2",
      daysMax: "4",
      sortOrder: "1",
      active: true,
    };
    expect(await call(as.owner, SHIP, { id: home.id, v: home.version, i: input })).toMatchObject({
      data: { updateShippingOption: home.version + 1 },
    });
    const [after] = await db().select().from(shippingOptions).where(eq(shippingOptions.id, home.id));
    expect(after).toMatchObject({
      feeMinor: 7750,
      freeOverMinor: 100000,
      deliveryDaysMin: 2,
      deliveryDaysMax: 4,
    });
    const [audit] = await audits("shippingOption.update");
    expect(audit).toMatchObject({
      entityId: String(home.id),
      before: { feeMinor: home.feeMinor, freeOverMinor: null },
      after: { feeMinor: 7750, freeOverMinor: 100000, marketAlias: "no", key: "home-delivery" },
    });
    const stale = await call(as.owner, SHIP, { id: home.id, v: home.version, i: { ...input, fee: "1" } });
    expect(stale).toMatchObject({ code: "VERSION_CONFLICT" });
    const bad = await call(as.owner, SHIP, {
      id: home.id,
      v: home.version + 1,
      i: { ...input, svName: "", fee: "49,999", freeOver: "x", daysMin: "5", daysMax: "1" },
    });
    expect(problemsOf(bad)).toEqual([
      "svName:required",
      "fee:invalidAmount",
      "freeOver:invalidAmount",
      "daysMax:estimateOrder",
    ]);
    expect(await call(as.owner, SHIP, { id: 999_999, v: 1, i: input })).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("new and retired shipping options (decision 0062)", () => {
  const input = {
    nbName: "Ekspress i morgen",
    svName: "Express i morgon",
    fee: "149",
    freeOver: "",
    daysMin: "1",
    daysMax: "1",
    sortOrder: "5",
    active: true,
  };

  it("creates an option the checkout offers at once; its key from the name, unique; audited", async () => {
    const created = await call(as.owner, CREATE_SHIP, { a: "no", i: input });
    expect(created.errors).toBeUndefined();
    const id = created.data.createShippingOption as number;
    const [row] = await db().select().from(shippingOptions).where(eq(shippingOptions.id, id));
    expect(row).toMatchObject({
      marketAlias: "no",
      key: "ekspress-i-morgen",
      names: { "nb-NO": "Ekspress i morgen", "sv-SE": "Express i morgon" },
      feeMinor: 14900,
      freeOverMinor: null,
      deliveryDaysMin: 1,
      deliveryDaysMax: 1,
      sortOrder: 5,
      active: true,
      isDefault: false,
      version: 1,
    });
    const [audit] = await audits("shippingOption.create");
    expect(audit).toMatchObject({
      actor: "owner@mili.example",
      entity: "shippingOption",
      entityId: String(id),
      before: null,
      after: { key: "ekspress-i-morgen", marketAlias: "no", feeMinor: 14900, version: 1 },
    });
    const checkout = await checkoutIn("no");
    expect(checkout.shippingOptions).toContainEqual({
      optionId: "own:ekspress-i-morgen",
      displayName: "Ekspress i morgen",
      feeIncVat: 149,
    });
    // The same name again: a key of its own; retired ones keep theirs.
    const again = await call(as.owner, CREATE_SHIP, { a: "no", i: { ...input, active: false } });
    const [second] = await db()
      .select()
      .from(shippingOptions)
      .where(eq(shippingOptions.id, again.data.createShippingOption));
    expect(second).toMatchObject({ key: "ekspress-i-morgen-2", active: false });
    expect((await checkoutIn("no")).shippingOptions.map((o) => o.optionId)).not.toContain(
      "own:ekspress-i-morgen-2",
    );
  });

  it("refuses bad input by field and an unknown market, creating nothing", async () => {
    const count = async () => (await db().select().from(shippingOptions)).length;
    const before = await count();
    const bad = await call(as.owner, CREATE_SHIP, {
      a: "se",
      i: { ...input, nbName: "", svName: "Ex\u0000press", fee: "-5", daysMin: "3", daysMax: "" },
    });
    expect(problemsOf(bad)).toEqual([
      "nbName:required",
      "svName:invalidCharacters",
      "fee:invalidAmount",
      "daysMax:required",
    ]);
    await call(as.owner, `mutation { setLanguage(language: sv) { email } }`);
    const sv = await call(as.owner, CREATE_SHIP, { a: "se", i: { ...input, fee: "" } });
    expect(sv.errors?.[0]?.extensions?.problems?.[0]?.message).toBe("Fyll i fältet.");
    await call(as.owner, `mutation { setLanguage(language: en) { email } }`);
    expect(await call(as.owner, CREATE_SHIP, { a: "xx", i: input })).toMatchObject({ code: "NOT_FOUND" });
    // A market without a currency yet: no minor unit to count the fee in (given ISK later, 149 would read 14 900).
    await db().update(markets).set({ currencyCode: null }).where(eq(markets.alias, "nl"));
    try {
      expect(problemsOf(await call(as.owner, CREATE_SHIP, { a: "nl", i: input }))).toEqual([
        "fee:noCurrency",
      ]);
    } finally {
      await db().update(markets).set({ currencyCode: "EUR" }).where(eq(markets.alias, "nl"));
    }
    expect(await count()).toBe(before);
  });

  it("retires and reactivates an option, never the market's last offered one", async () => {
    const dk = await db().select().from(shippingOptions).where(eq(shippingOptions.marketAlias, "dk"));
    const home = dk.find((o) => o.key === "home-delivery");
    const pickup = dk.find((o) => o.key === "pickup-point");
    if (!home || !pickup) throw new Error("the seed's options in dk");
    const form = (o: typeof home, active: boolean) => ({
      nbName: o.names["nb-NO"],
      svName: o.names["sv-SE"],
      fee: String(o.feeMinor / 100),
      freeOver: o.freeOverMinor === null ? "" : String(o.freeOverMinor / 100),
      daysMin: String(o.deliveryDaysMin ?? ""),
      daysMax: String(o.deliveryDaysMax ?? ""),
      sortOrder: String(o.sortOrder),
      active,
    });
    expect(await call(as.owner, SHIP, { id: home.id, v: home.version, i: form(home, false) })).toMatchObject({
      data: { updateShippingOption: home.version + 1 },
    });
    expect((await checkoutIn("dk")).shippingOptions.map((o) => o.optionId)).toEqual(["own:pickup-point"]);
    // The last one offered in dk stays, with the reason in the admin's language.
    const last = await call(as.owner, SHIP, { id: pickup.id, v: pickup.version, i: form(pickup, false) });
    expect(problemsOf(last)).toEqual(["active:lastActiveOption"]);
    expect(last.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "This is the market's last option offered in the checkout: offer another first.",
    );
    const [still] = await db().select().from(shippingOptions).where(eq(shippingOptions.id, pickup.id));
    expect(still).toMatchObject({ active: true, version: pickup.version });
    // Back in the checkout.
    await call(as.owner, SHIP, { id: home.id, v: home.version + 1, i: form(home, true) });
    expect((await checkoutIn("dk")).shippingOptions.map((o) => o.optionId)).toEqual([
      "own:pickup-point",
      "own:home-delivery",
    ]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shippingOption.update"), eq(auditLog.entityId, String(home.id))));
    expect(audit).toMatchObject({ before: { active: true }, after: { active: false } });
  });
});

describe("deleting a scheduled VAT rate (decision 0062)", () => {
  const dkStandard = async () =>
    (
      await db()
        .select()
        .from(vatRates)
        .where(and(eq(vatRates.countryCode, "DK"), eq(vatRates.productClass, "standard")))
        .orderBy(vatRates.validFrom)
    ).map((r) => [r.rateBp, r.validFrom, r.validTo]);

  it("deletes a rate not begun: the rate before runs on; audited; the market's version moves", async () => {
    const v = await marketVersion("dk");
    await call(as.owner, VAT, {
      a: "dk",
      v,
      i: { productClass: "standard", rate: "22", validFrom: "2098-01-01" },
    });
    await call(as.owner, VAT, {
      a: "dk",
      v: v + 1,
      i: { productClass: "standard", rate: "20", validFrom: "2099-01-01" },
    });
    expect(await dkStandard()).toEqual([
      [2500, "2023-01-01", "2097-12-31"],
      [2200, "2098-01-01", "2098-12-31"],
      [2000, "2099-01-01", null],
    ]);
    const read = await call(as.owner, READ.replace("validTo }", "validTo scheduled }"));
    const rates = read.data.settings.markets.find((m: { alias: string }) => m.alias === "dk").vatRates;
    expect(rates.filter((r: { scheduled: boolean }) => r.scheduled)).toHaveLength(2);
    const ok = await call(as.owner, DELETE_VAT, { a: "dk", v: v + 2, c: "standard", f: "2098-01-01" });
    expect(ok).toMatchObject({ data: { deleteVatRate: v + 3 } });
    // 25 % runs again to where the deleted 22 % ended.
    expect(await dkStandard()).toEqual([
      [2500, "2023-01-01", "2098-12-31"],
      [2000, "2099-01-01", null],
    ]);
    const [audit] = await audits("vatRate.delete");
    expect(audit).toMatchObject({
      entity: "market",
      entityId: "dk",
      before: { productClass: "standard", rateBp: 2200, validFrom: "2098-01-01", version: v + 2 },
      after: { extends: { validFrom: "2023-01-01", validTo: "2098-12-31" }, version: v + 3 },
    });
    // The form read an older version.
    expect(
      await call(as.owner, DELETE_VAT, { a: "dk", v: v + 2, c: "standard", f: "2099-01-01" }),
    ).toMatchObject({ code: "VERSION_CONFLICT" });
    expect(
      await call(as.owner, DELETE_VAT, { a: "dk", v: v + 3, c: "standard", f: "2099-01-01" }),
    ).toMatchObject({ data: { deleteVatRate: v + 4 } });
    expect(await dkStandard()).toEqual([[2500, "2023-01-01", null]]);
  });

  it("refuses a rate in effect and one that does not exist", async () => {
    const v = await marketVersion("dk");
    const inEffect = await call(as.owner, DELETE_VAT, { a: "dk", v, c: "standard", f: "2023-01-01" });
    expect(problemsOf(inEffect)).toEqual(["validFrom:alreadyInEffect"]);
    await call(as.owner, `mutation { setLanguage(language: nb) { email } }`);
    const nb = await call(as.owner, DELETE_VAT, { a: "dk", v, c: "standard", f: "2023-01-01" });
    expect(nb.errors?.[0]?.extensions?.problems?.[0]?.message).toMatch(/^Denne satsen har begynt å gjelde/);
    await call(as.owner, `mutation { setLanguage(language: en) { email } }`);
    expect(await call(as.owner, DELETE_VAT, { a: "dk", v, c: "standard", f: "2099-05-05" })).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await marketVersion("dk")).toBe(v);
    expect(await dkStandard()).toEqual([[2500, "2023-01-01", null]]);
  });
});

describe("payment methods per market (decision 0062)", () => {
  const READ_PAY = `{ settings { paymentMethods { key active marketAliases customerTypes version } } }`;
  const method = async (key: string) =>
    (await call(as.owner, READ_PAY)).data.settings.paymentMethods.find((m: { key: string }) => m.key === key);

  it("turns a method off and on in one market; the checkout follows; audited; stale refused", async () => {
    const invoice = await method("invoice");
    expect(invoice).toMatchObject({ active: true, marketAliases: ["se", "no"] });
    expect((await method("card-checkout")).marketAliases).toEqual(
      expect.arrayContaining(["se", "no", "dk", "fi"]),
    );
    expect((await checkoutIn("se")).paymentOptions.map((p) => p.name)).toContain("invoice");
    const off = await call(as.owner, PAY, { k: "invoice", v: invoice.version, a: "se", o: false });
    expect(off).toMatchObject({ data: { setPaymentMethodMarket: invoice.version + 1 } });
    expect((await checkoutIn("se")).paymentOptions.map((p) => p.name)).toEqual(["card-checkout"]);
    const [audit] = await audits("paymentMethod.markets");
    expect(audit).toMatchObject({
      entity: "paymentMethod",
      entityId: "invoice",
      before: { marketAliases: ["se", "no"], version: invoice.version },
      after: { marketAliases: ["no"], market: "se", offered: false, version: invoice.version + 1 },
    });
    expect(await call(as.owner, PAY, { k: "invoice", v: invoice.version, a: "se", o: true })).toMatchObject({
      code: "VERSION_CONFLICT",
    });
    // Offered in Denmark too, and back in Sweden.
    await call(as.owner, PAY, { k: "invoice", v: invoice.version + 1, a: "dk", o: true });
    await call(as.owner, PAY, { k: "invoice", v: invoice.version + 2, a: "se", o: true });
    const now = (await method("invoice")).marketAliases;
    expect([...now].sort()).toEqual(["dk", "no", "se"]);
    expect((await checkoutIn("dk")).paymentOptions.map((p) => p.name)).toEqual(["card-checkout", "invoice"]);
  });

  it("never turns off the last method a shopper in the market can pay with", async () => {
    const card = await method("card-checkout");
    // Finland offers only the card checkout.
    const last = await call(as.owner, PAY, { k: "card-checkout", v: card.version, a: "fi", o: false });
    expect(problemsOf(last)).toEqual(["offered:lastPaymentMethod"]);
    expect(last.errors?.[0]?.extensions?.problems?.[0]?.message).toBe(
      "Shoppers in this market could no longer pay: offer another payment method there first.",
    );
    expect(await method("card-checkout")).toMatchObject({ version: card.version });
    // A method's only market is never taken out: the column's empty list would offer it in every market.
    let invoice = await method("invoice");
    for (const a of invoice.marketAliases.slice(0, -1)) {
      expect(await call(as.owner, PAY, { k: "invoice", v: invoice.version, a, o: false })).toMatchObject({
        data: { setPaymentMethodMarket: invoice.version + 1 },
      });
      invoice = await method("invoice");
    }
    expect(invoice.marketAliases).toHaveLength(1);
    const only = await call(as.owner, PAY, {
      k: "invoice",
      v: invoice.version,
      a: invoice.marketAliases[0],
      o: false,
    });
    expect(problemsOf(only)).toEqual(["offered:onlyMarketOfMethod"]);
    expect(await method("invoice")).toMatchObject({
      version: invoice.version,
      marketAliases: invoice.marketAliases,
    });
    const elsewhere = (["se", "no", "dk"] as const).find((m) => m !== invoice.marketAliases[0]) ?? "dk";
    expect((await checkoutIn(elsewhere)).paymentOptions.map((p) => p.name)).not.toContain("invoice");
    expect(await call(as.owner, PAY, { k: "nope", v: 1, a: "fi", o: false })).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await call(as.owner, PAY, { k: "card-checkout", v: card.version, a: "xx", o: false }),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("theme", () => {
  it("changes a channel's colours; the storefront's channel shows them at once; audited", async () => {
    const before = await storefrontChannel("2|no");
    expect(before.theme).toContainEqual({ key: "brand-ink", value: "#7a2e05" });
    const ok = await call(as.owner, THEME, {
      c: "2|no",
      v: 1,
      t: themeInput({ ...THEME_OK, "brand-ink": "#123ABC" }),
    });
    expect(ok).toMatchObject({ data: { updateTheme: 2 } });
    expect((await storefrontChannel("2|no")).theme).toContainEqual({ key: "brand-ink", value: "#123abc" });
    expect((await storefrontChannel("1|se")).theme).toContainEqual({ key: "brand-ink", value: "#7a2e05" });
    const [audit] = await audits("theme.update");
    expect(audit).toMatchObject({
      entityId: "2|no",
      before: { theme: { "brand-ink": "#7a2e05" }, version: 1 },
      after: { theme: { "brand-ink": "#123abc" }, version: 2 },
    });
    expect(await call(as.owner, THEME, { c: "2|no", v: 1, t: themeInput(THEME_OK) })).toMatchObject({
      code: "VERSION_CONFLICT",
    });
  });

  it("refuses a non-colour, an unknown variable and text below AA contrast", async () => {
    const bad = await call(as.owner, THEME, {
      c: "1|se",
      v: 1,
      t: themeInput({ ...THEME_OK, ink: "#aaaaaa", paper: "white", font: "#000000" }),
    });
    // With the paper unreadable, ink is still checked on white (the header, cards and dialogs draw it there).
    expect(problemsOf(bad)).toEqual(["font:unknownVariable", "paper:notAColour", "ink:lowContrast"]);
    const low = await call(as.owner, THEME, {
      c: "1|se",
      v: 1,
      t: themeInput({ ...THEME_OK, ink: "#aaaaaa" }),
    });
    expect(problemsOf(low)).toEqual(["ink:lowContrast"]);
    expect(low.errors?.[0]?.extensions?.problems?.[0]?.message).toMatch(
      /^Too little contrast for text \(2\.\d\d:1/,
    );
    expect(await call(as.owner, THEME, { c: "9|xx", v: 1, t: themeInput(THEME_OK) })).toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await storefrontChannel("1|se")).theme).toContainEqual({ key: "ink", value: "#1c1917" });
  });
});

describe("the storefront's reference copy", () => {
  it("a load begun before a change is not stored under the new version (decision 0059)", async () => {
    // A database whose reads answer what the tables held when the read began: the channel's ink colour.
    let ink = "#111111";
    const fake = {
      select: () => ({
        from: (table: unknown) => {
          const rows =
            table === channels
              ? [
                  {
                    id: "2|no",
                    name: "Mili",
                    defaultMarketAlias: "no",
                    defaultLanguageId: "nb-NO",
                    theme: { ink },
                  },
                ]
              : [];
          const query = {
            orderBy: () => query,
            // biome-ignore lint/suspicious/noThenProperty: a query builder is a thenable; the fake is one too.
            then: (ok: (rows: unknown[]) => unknown, bad: (e: unknown) => unknown) =>
              Promise.resolve(rows).then(ok, bad),
          };
          return query;
        },
      }),
    } as unknown as Database;
    let version = 5;
    const cache = createReferenceCache(fake, { version: () => version });
    const before = cache.get(); // its reads begin now, before the save
    ink = "#222222"; // a theme save commits: the catalog version moves
    version = 6;
    const after = cache.get();
    expect((await before).channels.get("2|no")?.theme).toEqual({ ink: "#111111" });
    expect((await after).channels.get("2|no")?.theme).toEqual({ ink: "#222222" });
    // Cached under version 6: the copy read after the save, not the one begun before it.
    expect((await cache.get()).channels.get("2|no")?.theme).toEqual({ ink: "#222222" });
  });
});
