import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { skus } from "../db/schema/index.ts";
import { seed } from "../db/seed/index.ts";
import { SandboxInvoiceProvider } from "../integrations/payments/invoice/index.ts";
import { addToCart } from "../services/cart/lines.ts";
import { type PlaceOrderInput, placeOrder } from "../services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "../services/reference.ts";
import { DEFAULT_POSTGRES, round, say, table, tempPostgresDatabase, writeResult } from "./lib.ts";

/**
 * placeOrder under load (issue 13), in process on PostgreSQL (default) or PGlite (--database-url ""): --buyers
 * concurrent buyers each place --orders-each invoice orders (one cart each, two SKUs, prepared beforehand), all
 * from the same few SKUs so the stock rows are contended as on a sale. Reports orders per second and the latency
 * percentiles of one placeOrder (reserve, authorise with the in-process invoice sandbox, confirm).
 *
 *   node bench/place-order.ts [--buyers 50] [--orders-each 10] [--database-url postgres://…]
 */
const { values } = parseArgs({
  options: {
    buyers: { type: "string", default: "50" },
    "orders-each": { type: "string", default: "10" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? DEFAULT_POSTGRES },
  },
});
const buyers = Number(values.buyers);
const each = Number(values["orders-each"]);
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_order")
  : null;
const handle = await openDatabase(pg ? { url: pg.url } : { dir: "memory" });
try {
  await handle.migrate();
  say("seeding 40 products…");
  await seed(handle, { products: 40 });
  const db = handle.db;
  const ref = await createReferenceCache(db).get();
  const ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
  };
  const result = (await db.execute(
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active order by s.id limit 4`,
  )) as unknown as { rows?: { id: number }[] } | { id: number }[];
  const ids = (Array.isArray(result) ? result : (result.rows ?? [])).map((r) => Number(r.id));
  for (const id of ids) await db.update(skus).set({ inStock: 1_000_000, static: 0 }).where(eq(skus.id, id));
  const total = buyers * each;
  say(`preparing ${total} carts…`);
  const carts: string[] = [];
  for (let i = 0; i < total; i++) {
    const first = await addToCart(db, ctx, null, { skuId: ids[i % ids.length] as number, quantity: 1 });
    await addToCart(db, ctx, first.id, { skuId: ids[(i + 1) % ids.length] as number, quantity: 2 });
    carts.push(first.id);
  }
  const deps = { db, payments: { INVOICE: new SandboxInvoiceProvider() } };
  const input: PlaceOrderInput = {
    email: "bench@example.se",
    customerType: "PERSON",
    identityNumber: "900101-0017",
    billingAddress: {
      firstName: "B",
      lastName: "Bench",
      addressLine1: "Storgatan 1",
      zip: "11434",
      city: "Stockholm",
    },
    zip: "11434",
    shippingOptionId: "own:pickup-point",
    paymentMethodKey: "invoice",
    acceptedTerms: true,
  };
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (next < carts.length) {
        const cart = carts[next++] as string;
        const t = performance.now();
        try {
          await placeOrder(deps, ctx, cart, input);
          latencies.push(performance.now() - t);
        } catch {
          failures++;
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  const figures = {
    database: pg ? "postgres" : "pglite",
    buyers,
    orders: latencies.length,
    failures,
    ordersPerSecond: round((latencies.length / elapsed) * 1000),
    p50Ms: pct(50),
    p95Ms: pct(95),
    p99Ms: pct(99),
  };
  table([figures]);
  writeResult(`place-order-${figures.database}`, figures);
} finally {
  await handle.close();
  await pg?.drop();
}
