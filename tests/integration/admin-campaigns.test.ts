import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, discountCampaigns, products, skus } from "#db/schema/index.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's campaigns, promo codes and gift cards (issue 15, decision 0045) through /admin/graphql: every
 * mutation by owner/staff, refused to support; bad input refused with localized field problems and nothing
 * changed; a stale version refused with what changed; an audit row per change; a price campaign reaches the
 * storefront's prices in nb and sv at once and leaves them when switched off. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};
let categoryId = 0;

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
  const [leaf] = await shop.db.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.parentId} is not null`)
    .limit(1);
  categoryId = leaf?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const CREATE_PRODUCT = `mutation($input: AdminProductCreateInput!) { createProduct(input: $input) { productId } }`;
const CREATE = `mutation($input: AdminCampaignInput!) { createCampaign(input: $input) { id version } }`;
const UPDATE = `mutation($id: Int!, $v: Int!, $input: AdminCampaignInput!) { updateCampaign(campaignId: $id, version: $v, input: $input) { id version } }`;
const READ = `query($id: Int!) { campaign(campaignId: $id) { campaignId kind nbName svName nbAlias target targetIds
  articleNumbers discountType discountValue conditionType conditionValue markets startsAtLocal endsAtLocal active
  status pricesReduced version } }`;

/** A product of the admin's own making, 1 499 kr in Norway and 1 399 kr in Sweden. */
async function newProduct(tag: string) {
  const created = await admin("owner", CREATE_PRODUCT, {
    input: {
      articleNumber: `KMP-${tag}`,
      active: true,
      categoryIds: [categoryId],
      nb: { name: `Kampanjejakke ${tag}` },
      sv: { name: `Kampanjjacka ${tag}` },
      sku: { name: "M", inStock: "5" },
      prices: [
        { marketAlias: "no", regular: "1499" },
        { marketAlias: "se", regular: "1399" },
      ],
    },
  });
  expect(created.errors).toBeUndefined();
  return { articleNumber: `KMP-${tag}`, nb: `kampanjejakke-${tag}`, sv: `kampanjjacka-${tag}` };
}

async function storefrontPrice(alias: string, locale: { channelId: string; languageId: string }) {
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String) { product(alias: $alias, channelId: $channelId, languageId: $languageId) {
      unitPrice { sellingPriceIncVat regularPriceIncVat } } }`,
    variables: { alias, ...locale },
  });
  expect(body.errors).toBeUndefined();
  return body.data.product.unitPrice;
}
const NB = { channelId: "2|no", languageId: "nb-NO" };
const SV = { channelId: "1|se", languageId: "sv-SE" };

function priceCampaign(tag: string, articleNumber: string) {
  return {
    nbName: `Høstsalg ${tag}`,
    svName: `Höstrea ${tag}`,
    kind: "price",
    target: "products",
    articleNumbers: articleNumber,
    discountType: "percent",
    discountValue: "20",
    markets: ["no", "se"],
    startsAt: "",
    endsAt: "",
    active: true,
  };
}

async function audits(entity: string, id: number) {
  return shop.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

describe("campaigns", () => {
  it("a price campaign reduces the storefront's prices in nb and sv at once; switched off, they are back; audited", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({ sellingPriceIncVat: 1499 });
    const created = await admin("staff", CREATE, { input: priceCampaign(tag, product.articleNumber) });
    expect(created.errors).toBeUndefined();
    const { id, version } = created.data.createCampaign;
    expect(version).toBe(1);
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({
      sellingPriceIncVat: 1199.2,
      regularPriceIncVat: 1499,
    });
    expect(await storefrontPrice(product.sv, SV)).toMatchObject({
      sellingPriceIncVat: 1119.2,
      regularPriceIncVat: 1399,
    });
    const read = (await admin("support", READ, { id })).data.campaign;
    expect(read).toMatchObject({
      kind: "price",
      nbName: `Høstsalg ${tag}`,
      nbAlias: `hostsalg-${tag}`,
      target: "products",
      articleNumbers: [product.articleNumber],
      discountType: "percent",
      discountValue: "20",
      markets: ["se", "no"],
      status: "running",
      pricesReduced: 2,
      version: 1,
    });

    // Only Norway, 300 kr off: Sweden's price goes back, Norway's follows.
    const changed = await admin("owner", UPDATE, {
      id,
      v: 1,
      input: {
        ...priceCampaign(tag, product.articleNumber),
        discountType: "amount",
        discountValue: "300",
        markets: ["no"],
      },
    });
    expect(changed.errors).toBeUndefined();
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({ sellingPriceIncVat: 1199 });
    expect(await storefrontPrice(product.sv, SV)).toMatchObject({ sellingPriceIncVat: 1399 });

    const off = await admin("owner", UPDATE, {
      id,
      v: 2,
      input: { ...priceCampaign(tag, product.articleNumber), markets: ["no"], active: false },
    });
    expect(off.errors).toBeUndefined();
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({ sellingPriceIncVat: 1499 });
    expect((await admin("owner", READ, { id })).data.campaign.status).toBe("off");

    const entries = await audits("campaign", id);
    expect(entries.map((e) => [e.action, e.actor, (e.after as Json).version])).toEqual([
      ["campaign.create", "staff@mili.example", 1],
      ["campaign.update", "owner@mili.example", 2],
      ["campaign.update", "owner@mili.example", 3],
    ]);
    expect(entries[1]?.before).toMatchObject({ markets: ["se", "no"], reduced: 2, version: 1 });
    expect(entries[1]?.after).toMatchObject({ markets: ["no"], reduced: 1, actions: [{ code: "fixedOff" }] });
  });

  it("two campaigns saved at once over the same product: each price is reduced by exactly one of them", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const [a, b] = await Promise.all([
      admin("owner", CREATE, { input: priceCampaign(`${tag}a`, product.articleNumber) }),
      admin("staff", CREATE, {
        input: { ...priceCampaign(`${tag}b`, product.articleNumber), discountValue: "30" },
      }),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    const ids = [a.data.createCampaign.id, b.data.createCampaign.id];
    const rows = await queryRows<{
      campaign_id: number | null;
      selling_minor: number;
      regular_minor: number;
    }>(
      shop.db.db,
      sql`select p.campaign_id, p.selling_minor, p.regular_minor from prices p join skus s on s.id = p.sku_id
          join products pr on pr.id = s.product_id where pr.article_number = ${product.articleNumber}`,
    );
    expect(rows).toHaveLength(2);
    // Both prices belong to the campaign that came first; its reduction, and each campaign lists what it holds.
    const owner = rows[0]?.campaign_id;
    expect(ids).toContain(owner);
    for (const r of rows) {
      expect(r.campaign_id).toBe(owner);
      expect(Math.abs(r.selling_minor / r.regular_minor - (owner === ids[0] ? 0.8 : 0.7))).toBeLessThan(0.01);
    }
    const listed = await queryRows<{ campaign_id: number }>(
      shop.db.db,
      sql`select cp.campaign_id from campaign_products cp join products pr on pr.id = cp.product_id
          where pr.article_number = ${product.articleNumber}`,
    );
    expect(listed.map((l) => l.campaign_id)).toEqual([owner]);
  });

  it("next season's campaign takes over the prices of one that has ended, not of one switched off", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const summer = await admin("owner", CREATE, { input: priceCampaign(`${tag}s`, product.articleNumber) });
    const summerId = summer.data.createCampaign.id;
    // Switched off (not ended): a new campaign over the same product reduces nothing; the prices stay the first's.
    await shop.db.db
      .update(discountCampaigns)
      .set({ active: false })
      .where(eq(discountCampaigns.id, summerId));
    const blocked = await admin("owner", CREATE, { input: priceCampaign(`${tag}x`, product.articleNumber) });
    const holder = () =>
      queryRows<{ campaign_id: number | null }>(
        shop.db.db,
        sql`select p.campaign_id from prices p join skus s on s.id = p.sku_id join products pr on pr.id = s.product_id
            where pr.article_number = ${product.articleNumber}`,
      );
    expect((await holder()).map((r) => r.campaign_id)).toEqual([summerId, summerId]);
    expect(blocked.data.createCampaign.id).not.toBe(summerId);
    // Ended: the next campaign takes them over.
    await shop.db.db
      .update(discountCampaigns)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(discountCampaigns.id, summerId));
    const autumn = await admin("owner", CREATE, { input: priceCampaign(`${tag}a`, product.articleNumber) });
    expect(autumn.errors).toBeUndefined();
    const autumnId = autumn.data.createCampaign.id;
    expect((await holder()).map((r) => r.campaign_id)).toEqual([autumnId, autumnId]);
    // The autumn price is in effect (the 30-day reference price follows the law's rule, domain/prices.ts).
    expect((await storefrontPrice(product.nb, NB)).sellingPriceIncVat).toBe(1199.2);
  });

  it("a scheduled campaign changes no price before its start; the list filters by status and searches", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const created = await admin("owner", CREATE, {
      input: {
        ...priceCampaign(tag, product.articleNumber),
        startsAt: "2099-01-01T08:00",
        endsAt: "2099-02-01T00:00",
      },
    });
    expect(created.errors).toBeUndefined();
    const { id } = created.data.createCampaign;
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({ sellingPriceIncVat: 1499 });
    const read = (await admin("owner", READ, { id })).data.campaign;
    expect(read).toMatchObject({
      status: "scheduled",
      startsAtLocal: "2099-01-01T08:00",
      endsAtLocal: "2099-02-01T00:00",
    });
    const list = `query($s: String, $st: AdminCampaignStatus) { campaigns(search: $s, status: $st) { total campaigns { campaignId name kind status } } }`;
    expect((await admin("support", list, { s: tag, st: "scheduled" })).data.campaigns.campaigns).toEqual([
      { campaignId: id, name: `Høstsalg ${tag}`, kind: "price", status: "scheduled" },
    ]);
    expect((await admin("support", list, { s: tag, st: "running" })).data.campaigns.total).toBe(0);
    // The seed's running cart campaigns are listed as running.
    expect((await admin("owner", list, { st: "running" })).data.campaigns.total).toBeGreaterThan(0);
  });

  it("support reads but is refused changes; bad input is refused with localized problems and changes nothing", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const count = async () =>
      (await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(discountCampaigns))[0]?.n;
    const before = await count();
    expect((await admin("support", CREATE, { input: priceCampaign(tag, product.articleNumber) })).code).toBe(
      "FORBIDDEN",
    );
    await admin("staff", `mutation { setLanguage(language: sv) { language } }`);
    const refused = await admin("staff", CREATE, {
      input: {
        ...priceCampaign(tag, `${product.articleNumber} NO-SUCH-ARTICLE`),
        nbName: "",
        discountValue: "120",
        markets: ["xx"],
        startsAt: "2026-12-01T10:00",
        endsAt: "2026-11-01T10:00",
      },
    });
    expect(refused.code).toBe("BAD_USER_INPUT");
    const problems = refused.errors?.[0]?.extensions?.problems as Json[];
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ["nb.name", "required"],
      ["markets", "unknownChoice"],
      ["discountValue", "invalidPercent"],
      ["endsAt", "endBeforeStart"],
    ]);
    expect(problems[0].message).toBe("Fyll i fältet.");
    const unknown = await admin("staff", CREATE, {
      input: priceCampaign(tag, `${product.articleNumber} NO-SUCH-ARTICLE`),
    });
    expect(unknown.errors?.[0]?.extensions?.problems).toEqual([
      { field: "articleNumbers", code: "unknownChoice", message: "Välj ett av värdena i listan." },
    ]);
    const cartAll = await admin("staff", CREATE, {
      input: { ...priceCampaign(tag, ""), target: "all" },
    });
    expect(cartAll.errors?.[0]?.extensions?.problems).toEqual([
      expect.objectContaining({ field: "target", code: "required" }),
    ]);
    await admin("staff", `mutation { setLanguage(language: en) { language } }`);
    expect(await count()).toBe(before);
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({ sellingPriceIncVat: 1499 });

    const created = await admin("staff", CREATE, { input: priceCampaign(tag, product.articleNumber) });
    const { id } = created.data.createCampaign;
    expect(
      (await admin("support", UPDATE, { id, v: 1, input: priceCampaign(tag, product.articleNumber) })).code,
    ).toBe("FORBIDDEN");
    expect((await admin("owner", UPDATE, { id: 2 ** 30, v: 1, input: priceCampaign(tag, "") })).code).toBe(
      "NOT_FOUND",
    );
    const badUpdate = await admin("owner", UPDATE, {
      id,
      v: 1,
      input: { ...priceCampaign(tag, product.articleNumber), discountValue: "abc" },
    });
    expect(badUpdate.code).toBe("BAD_USER_INPUT");
    expect((await admin("owner", READ, { id })).data.campaign).toMatchObject({
      version: 1,
      discountValue: "20",
    });
    expect(await audits("campaign", id)).toHaveLength(1);
  });

  it("a stale version is refused with what changed; of two saves from one version, one wins", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const { id } = (await admin("owner", CREATE, { input: priceCampaign(tag, product.articleNumber) })).data
      .createCampaign;
    const save = (who: string, percent: string) =>
      admin(who, UPDATE, {
        id,
        v: 1,
        input: { ...priceCampaign(tag, product.articleNumber), discountValue: percent },
      });
    const both = await Promise.all([save("owner", "30"), save("staff", "40")]);
    expect(both.map((a) => a.code ?? "ok").sort()).toEqual(["VERSION_CONFLICT", "ok"]);
    const winner = both[0]?.code ? "staff" : "owner";
    const loser = both.find((a) => a.code);
    expect(loser?.errors?.[0]?.extensions).toMatchObject({
      version: 2,
      changes: [
        { actor: `${winner}@mili.example`, action: "campaign.update", version: 2, fields: ["actions"] },
      ],
    });
    expect(await storefrontPrice(product.nb, NB)).toMatchObject({
      sellingPriceIncVat: winner === "owner" ? 1049.3 : 899.4,
    });
  });

  it("a cart campaign with a requirement, in one market, is stored as the cart's rules", async () => {
    const tag = randomUUID().slice(0, 6);
    const created = await admin("owner", CREATE, {
      input: {
        nbName: `Handle for 2000 ${tag}`,
        svName: `Handla för 2000 ${tag}`,
        kind: "cart",
        target: "all",
        discountType: "amount",
        discountValue: "200",
        conditionType: "minimumAmount",
        conditionValue: "2000",
        markets: ["se"],
        active: true,
      },
    });
    expect(created.errors).toBeUndefined();
    const { id } = created.data.createCampaign;
    const [row] = await shop.db.db.select().from(discountCampaigns).where(eq(discountCampaigns.id, id));
    expect(row).toMatchObject({
      discountType: "CART_CAMPAIGN",
      conditions: [{ code: "minimumAmount", args: { SEK: 200000 } }],
      actions: [{ code: "fixedOff", args: { SEK: 20000 } }],
      marketAliases: ["se"],
    });
    expect((await admin("owner", READ, { id })).data.campaign).toMatchObject({
      kind: "cart",
      target: "all",
      discountType: "amount",
      discountValue: "200",
      conditionType: "minimumAmount",
      conditionValue: "2000",
    });
  });
});

describe("a price campaign made outside the back office (the seed's)", () => {
  it("is switched off and on with its prices kept; the storefront follows", async () => {
    // The seed's way: a product's prices written reduced and linked to "vinterrea" (no scope rule of its own).
    const product = await newProduct(randomUUID().slice(0, 6));
    const [vinter] = await shop.db.db
      .select({ id: discountCampaigns.id })
      .from(discountCampaigns)
      .where(eq(discountCampaigns.key, "vinterrea"));
    if (!vinter) throw new Error("the seed has no vinterrea");
    await shop.db.db.execute(sql`update prices set selling_minor = regular_minor * 7 / 10, campaign_id = ${vinter.id},
      reduced_since = now() - interval '1 day'
      where sku_id in (select s.id from skus s join products p on p.id = s.product_id
                       where p.article_number = ${product.articleNumber})`);
    const reduced = { alias: product.nb, campaignId: vinter.id };
    const id = reduced.campaignId;
    const before = await storefrontPrice(reduced.alias, NB);
    expect(before.sellingPriceIncVat).toBeLessThan(before.regularPriceIncVat);
    const read = (await admin("owner", READ, { id })).data.campaign;
    expect(read).toMatchObject({ kind: "price", target: "all", markets: [] });
    const input = (active: boolean) => ({
      nbName: read.nbName,
      svName: read.svName,
      kind: "price",
      target: "all",
      discountType: "percent",
      discountValue: "",
      markets: [],
      startsAt: read.startsAtLocal,
      endsAt: read.endsAtLocal,
      active,
    });
    const reducedCount = read.pricesReduced;
    expect(
      (await admin("owner", UPDATE, { id, v: read.version, input: input(false) })).errors,
    ).toBeUndefined();
    expect(await storefrontPrice(reduced.alias, NB)).toMatchObject({
      sellingPriceIncVat: before.regularPriceIncVat,
    });
    expect(
      (await admin("owner", UPDATE, { id, v: read.version + 1, input: input(true) })).errors,
    ).toBeUndefined();
    expect(await storefrontPrice(reduced.alias, NB)).toMatchObject({
      sellingPriceIncVat: before.sellingPriceIncVat,
    });
    expect((await admin("owner", READ, { id })).data.campaign.pricesReduced).toBe(reducedCount);
  });
});

describe("a cart campaign in the shop's cart", () => {
  it("applies in its market only, to the products in its scope", async () => {
    const tag = randomUUID().slice(0, 6);
    const product = await newProduct(tag);
    const created = await admin("owner", CREATE, {
      input: {
        nbName: `Halv pris ${tag}`,
        svName: `Halva priset ${tag}`,
        kind: "cart",
        target: "products",
        articleNumbers: product.articleNumber,
        discountType: "percent",
        discountValue: "50",
        conditionType: "minimumQuantity",
        conditionValue: "1",
        markets: ["no"],
        active: true,
      },
    });
    expect(created.errors).toBeUndefined();
    const [sku] = await shop.db.db
      .select({ id: skus.id })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(eq(products.articleNumber, product.articleNumber));
    const addToCart = async (locale: { channelId: string; languageId: string }, marketId: string) => {
      const { body } = await gql(shop.origin, {
        query: `mutation($item: CartItemInputType!, $channelId: String, $languageId: String, $marketId: String) {
          cart: addToCart(item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
            appliedCampaigns { name } summary { total { sellingPriceIncVat } } } }`,
        variables: { item: { skuId: sku?.id, quantity: 1 }, ...locale, marketId },
      });
      expect(body.errors).toBeUndefined();
      return body.data.cart;
    };
    const inNorway = await addToCart(NB, "no");
    expect(inNorway.appliedCampaigns).toContainEqual({ name: `Halv pris ${tag}` });
    const inSweden = await addToCart(SV, "se");
    expect(inSweden.appliedCampaigns.map((c: Json) => c.name)).not.toContain(`Halva priset ${tag}`);
  });
});

describe("promo codes", () => {
  const PCREATE = `mutation($input: AdminPromoCodeInput!) { createPromoCode(input: $input) { id version } }`;
  const PUPDATE = `mutation($id: Int!, $v: Int!, $input: AdminPromoCodeInput!) { updatePromoCode(promoCodeId: $id, version: $v, input: $input) { version } }`;
  const PREAD = `query($id: Int!) { promoCode(promoCodeId: $id) { code nbName discountType discountValue conditionType
    conditionValue markets maxUses maxUsesPerCustomer uses active version } }`;
  const promo = (code: string) => ({
    code,
    nbName: "Ti prosent",
    svName: "Tio procent",
    discountType: "percent",
    discountValue: "10",
    conditionType: "minimumAmount",
    conditionValue: "500",
    markets: ["se", "no"],
    maxUses: "100",
    maxUsesPerCustomer: "1",
    active: true,
  });

  it("creates, edits and refuses a duplicate code (localized), a stale version and support; audited", async () => {
    const code = `test${randomUUID().slice(0, 6)}`;
    const created = await admin("staff", PCREATE, { input: promo(code) });
    expect(created.errors).toBeUndefined();
    const { id } = created.data.createPromoCode;
    expect((await admin("support", PREAD, { id })).data.promoCode).toMatchObject({
      code: code.toUpperCase(),
      discountType: "percent",
      discountValue: "10",
      conditionType: "minimumAmount",
      conditionValue: "500",
      markets: expect.arrayContaining(["se", "no"]),
      maxUses: "100",
      uses: 0,
      version: 1,
    });
    await admin("staff", `mutation { setLanguage(language: nb) { language } }`);
    const duplicate = await admin("staff", PCREATE, { input: promo(code.toUpperCase()) });
    expect(duplicate.errors?.[0]?.extensions?.problems).toEqual([
      { field: "code", code: "codeTaken", message: "En annen rabattkode har denne koden." },
    ]);
    await admin("staff", `mutation { setLanguage(language: en) { language } }`);
    expect((await admin("support", PCREATE, { input: promo(`${code}x`) })).code).toBe("FORBIDDEN");
    expect((await admin("support", PUPDATE, { id, v: 1, input: promo(code) })).code).toBe("FORBIDDEN");
    const edited = await admin("owner", PUPDATE, {
      id,
      v: 1,
      input: { ...promo(code), discountType: "freeShipping", conditionType: "none", active: false },
    });
    expect(edited.errors).toBeUndefined();
    const stale = await admin("staff", PUPDATE, { id, v: 1, input: promo(code) });
    expect(stale.code).toBe("VERSION_CONFLICT");
    const change = stale.errors?.[0]?.extensions?.changes[0];
    expect(change.actor).toBe("owner@mili.example");
    expect([...change.fields].sort()).toEqual(["actions", "active", "conditions"]);
    const bad = await admin("owner", PUPDATE, { id, v: 2, input: { ...promo("x y"), maxUses: "-1" } });
    expect(bad.errors?.[0]?.extensions?.problems.map((p: Json) => [p.field, p.code])).toEqual([
      ["code", "invalidCode"],
      ["maxUses", "outOfRange"],
    ]);
    expect((await admin("owner", PREAD, { id })).data.promoCode).toMatchObject({
      discountType: "freeShipping",
      active: false,
      version: 2,
    });
    expect((await audits("promoCode", id)).map((e) => e.action)).toEqual([
      "promoCode.create",
      "promoCode.update",
    ]);
  });
});

describe("gift cards", () => {
  const ISSUE = `mutation($input: AdminGiftCardInput!) { issueGiftCard(input: $input) { id code } }`;
  const GREAD = `query($id: Int!) { giftCard(giftCardId: $id) { maskedCode currencyCode initialMinor balanceMinor state
    active version history { kind amountMinor } } }`;
  const DEACTIVATE = `mutation($id: Int!, $v: Int!) { deactivateGiftCard(giftCardId: $id, version: $v) { version } }`;

  it("issues a card whose full code is answered once; lists it shortened by its last characters; deactivates it", async () => {
    expect((await admin("support", ISSUE, { input: { market: "no", amount: "500" } })).code).toBe(
      "FORBIDDEN",
    );
    const refused = await admin("staff", ISSUE, {
      input: { market: "xx", amount: "0", expiresOn: "2020-01-01" },
    });
    expect(refused.errors?.[0]?.extensions?.problems.map((p: Json) => [p.field, p.code])).toEqual([
      ["market", "unknownChoice"],
      ["amount", "invalidAmount"],
      ["expiresOn", "inThePast"],
    ]);
    const issued = await admin("staff", ISSUE, {
      input: { market: "no", amount: "750", expiresOn: `${new Date().getUTCFullYear() + 2}-12-31` },
    });
    expect(issued.errors).toBeUndefined();
    const { id, code } = issued.data.issueGiftCard;
    expect(code).toMatch(/^GAVE(-[0-9A-Z]{4}){4}$/);
    const last = code.slice(-4);
    const list = await admin(
      "support",
      `query($l: String) { giftCards(lastDigits: $l) { total giftCards { giftCardId maskedCode } } }`,
      {
        l: last,
      },
    );
    expect(list.data.giftCards.giftCards).toContainEqual({ giftCardId: id, maskedCode: `GAVE-…-${last}` });
    expect(JSON.stringify(list)).not.toContain(code);
    expect((await admin("support", GREAD, { id })).data.giftCard).toEqual({
      maskedCode: `GAVE-…-${last}`,
      currencyCode: "NOK",
      initialMinor: 75000,
      balanceMinor: 75000,
      state: "usable",
      active: true,
      version: 1,
      history: [{ kind: "issued", amountMinor: 75000 }],
    });
    expect((await admin("support", DEACTIVATE, { id, v: 1 })).code).toBe("FORBIDDEN");
    expect((await admin("owner", DEACTIVATE, { id, v: 1 })).errors).toBeUndefined();
    expect((await admin("staff", DEACTIVATE, { id, v: 1 })).code).toBe("VERSION_CONFLICT");
    expect((await admin("owner", GREAD, { id })).data.giftCard).toMatchObject({
      state: "deactivated",
      version: 2,
    });
    const entries = await audits("giftCard", id);
    expect(entries.map((e) => e.action)).toEqual(["giftCard.issue", "giftCard.deactivate"]);
    expect(JSON.stringify(entries)).not.toContain(code);
  });
});
