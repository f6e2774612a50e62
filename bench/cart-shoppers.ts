/**
 * The shoppers of bench/cart.ts, run in a child process (so the load does not share the server's event loop):
 * `shoppers` concurrent loops, each on its own cart, sending one cart operation after the other for `seconds`,
 * recording every answer's time. Prints {requests, errors, latencies (ms, sorted)} as JSON.
 */
import { round } from "./lib.ts";

export interface ShopperJob {
  url: string;
  headers: Record<string, string>;
  /** One cart id per shopper. */
  carts: string[];
  skuIds: number[];
  operation: "addToCart" | "getCart";
  seconds: number;
}

export const ADD = `mutation($id: String, $item: CartItemInputType!) {
  addToCart(id: $id, item: $item, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id quantity summary { total { sellingPriceIncVat } } } }`;
export const GET = `query($id: String) {
  getCart(id: $id, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id quantity items { skuId quantity } summary { total { sellingPriceIncVat } } } }`;

async function shopper(job: ShopperJob, cart: string, offset: number, until: number, latencies: number[]) {
  let errors = 0;
  let n = offset;
  while (performance.now() < until) {
    const variables =
      job.operation === "addToCart"
        ? { id: cart, item: { skuId: job.skuIds[n++ % job.skuIds.length], quantity: 1 } }
        : { id: cart };
    const started = performance.now();
    try {
      const response = await fetch(job.url, {
        method: "POST",
        headers: job.headers,
        body: JSON.stringify({ query: job.operation === "addToCart" ? ADD : GET, variables }),
      });
      const body = (await response.json()) as { errors?: unknown };
      if (response.status !== 200 || body.errors) errors++;
      else latencies.push(performance.now() - started);
    } catch {
      errors++;
    }
  }
  return errors;
}

if (import.meta.main) {
  const job = JSON.parse(process.argv[2] ?? "{}") as ShopperJob;
  const latencies: number[] = [];
  const startedAt = performance.now();
  const until = startedAt + job.seconds * 1000;
  const errors = await Promise.all(job.carts.map((cart, i) => shopper(job, cart, i, until, latencies)));
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0);
  process.stdout.write(
    JSON.stringify({
      requests: latencies.length,
      errors: errors.reduce((a, b) => a + b, 0),
      requestsPerSecond: round(latencies.length / elapsed),
      p50: at(50),
      p95: at(95),
      p99: at(99),
      max: round(latencies.at(-1) ?? 0),
    }),
  );
}
