import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, operation, variablesOf } from "#tests/compat/geins/build.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Back in stock (issue 14) with the Geins API's monitorProductAvailability: a request for a SKU that cannot be
 * bought waits; when its stock comes back — here by plain SQL, as an import would — one e-mail is queued in the
 * outbox in that same transaction and sent once, in the request's language. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "20" });
});
afterAll(async () => {
  await shop?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc checking queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const MONITOR = `mutation($email: String!, $skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
  monitorProductAvailability(email: $email, skuId: $skuId, channelId: $channelId, languageId: $languageId, marketId: $marketId) }`;
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };
const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };

async function monitor(email: string, skuId: number, locale = se) {
  return gql(shop.origin, { query: MONITOR, variables: { ...locale, email, skuId } });
}

/** The e-mails written so far, decoded (quoted-printable text parts). */
function mails(): { to: string; text: string }[] {
  if (!existsSync(shop.outboxDir)) return [];
  return readdirSync(shop.outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => {
      const raw = readFileSync(join(shop.outboxDir, f), "utf8");
      const bytes = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return {
        to: /^To: (.*)$/m.exec(raw)?.[1] ?? "",
        text: Buffer.from(bytes, "latin1").toString("utf8"),
      };
    });
}

async function waitForMails(n: number) {
  for (let i = 0; i < 100 && mails().length < n; i++) await new Promise((r) => setTimeout(r, 200));
  return mails();
}

const jobs = async () =>
  Number((await rows(sql`select count(*)::int as n from outbox where kind = 'mail.backInStock'`))[0].n);
const setStock = (skuId: number, inStock: number) =>
  shop.db.db.execute(
    sql`update skus set in_stock = ${inStock}, oversellable = 0, static = 0 where id = ${skuId}`,
  );

let sku: { id: number; name: string; product: string; productSv: string };
beforeAll(async () => {
  const [row] = await rows(sql`
    select s.id, s.name, nb.name as product, sv.name as product_sv from skus s
    join products p on p.id = s.product_id and p.active and p.type <> 'package'
    join product_translations nb on nb.product_id = p.id and nb.language_id = 'nb-NO'
    join product_translations sv on sv.product_id = p.id and sv.language_id = 'sv-SE'
    where s.active and s.static = 0 order by s.id limit 1`);
  sku = { id: Number(row.id), name: row.name, product: row.product, productSv: row.product_sv };
  await setStock(sku.id, 0);
});

describe("monitorProductAvailability", () => {
  it("keeps a request for a SKU that cannot be bought, once per address", async () => {
    const op = operation("ralph-ui/monitorProductAvailability");
    const example = op.examples[0];
    if (!example) throw new Error("no example");
    const variables = { ...variablesOf(example, {}), email: "Kari.Nordmann@Example.se", skuId: sku.id };
    const { body } = await gql(shop.origin, { operationName: op.name, query: buildDocument(op), variables });
    expect(body).toEqual({ data: { monitorProductAvailability: true } });
    expect((await monitor("kari.nordmann@example.se", sku.id)).body).toEqual({
      data: { monitorProductAvailability: true },
    });
    const kept = await rows(
      sql`select email, language_id, notified_at from stock_monitors where sku_id = ${sku.id}`,
    );
    expect(kept).toEqual([{ email: "kari.nordmann@example.se", language_id: "sv-SE", notified_at: null }]);
  });

  it("refuses a wrong address or SKU in the request's language", async () => {
    const bad = await monitor("inte-en-adress", sku.id);
    expect(bad.body.errors?.[0]).toMatchObject({
      message: "Du måste ange en giltig e-postadress",
      extensions: { code: "BAD_USER_INPUT", field: "email" },
    });
    const unknown = await monitor("ola@example.no", 99_999_999, no);
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: "Vi finner ikke denne varen.",
      extensions: { code: "NOT_FOUND" },
    });
  });

  it("sends one e-mail, once, when the stock comes back by SQL", async () => {
    const before = await jobs();
    // A change that is rolled back queues nothing.
    await shop.db.db
      .transaction(async (tx) => {
        await tx.execute(sql`update skus set in_stock = 4 where id = ${sku.id}`);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await jobs()).toBe(before);
    await setStock(sku.id, 5);
    // Queued in the transaction that changed the stock.
    expect(await jobs()).toBe(before + 1);
    const [kept] = await rows(sql`select notified_at from stock_monitors where sku_id = ${sku.id}`);
    expect(kept.notified_at).not.toBeNull();
    const sent = await waitForMails(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe("kari.nordmann@example.se");
    expect(sent[0]?.text).toContain(`${sku.productSv} i ${sku.name} finns i lager igen hos Mili.`);
    expect(sent[0]?.text).toMatch(/Se varan: http:\/\/localhost:\d+\/sv\/p\/[a-z0-9-]+/);
    // More stock changes, and selling out and coming back, send nothing more.
    await setStock(sku.id, 3);
    await setStock(sku.id, 0);
    await setStock(sku.id, 2);
    expect(await jobs()).toBe(before + 1);
  });

  it("keeps nothing when the SKU can be bought now, and waits again after its e-mail", async () => {
    expect((await monitor("ola@example.no", sku.id, no)).body).toEqual({
      data: { monitorProductAvailability: true },
    });
    expect(await rows(sql`select * from stock_monitors where email = 'ola@example.no'`)).toEqual([]);
    await setStock(sku.id, 0);
    const before = await jobs();
    await monitor("ola@example.no", sku.id, no);
    await monitor("kari.nordmann@example.se", sku.id);
    await setStock(sku.id, 1);
    expect(await jobs()).toBe(before + 2);
    const sent = await waitForMails(3);
    const ola = sent.find((m) => m.to === "ola@example.no");
    expect(ola?.text).toContain(`${sku.product} i ${sku.name} er tilbake på lager hos Mili.`);
  });
});
