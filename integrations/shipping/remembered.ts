import { LRUCache } from "lru-cache";
import { refusedQuery, type ShippingChoice, type ShippingProvider, type ShippingQuery } from "./index.ts";

/**
 * A shipping provider's answers remembered for a short while (decision 0093): the checkout asks for the same query
 * more than once per shopper action (the change's answer, then the page's read of it; the change before placing,
 * then placing's check), and a delivery checkout (nShift) answers in hundreds of milliseconds and counts requests
 * against a rate limit. The first ask of a query goes to the provider; the same query (the whole `ShippingQuery`:
 * market, country, currency, language, zip, goods total, weight) within `ttlMs` of it is answered from memory, and
 * asks of a query already on its way share that one request.
 *
 * Only answers are remembered: the options, and the provider's refusal of the query (400/422, `refusedQuery`: it
 * would refuse it again). A failure (down, slow, 5xx, 401) is not: every waiting ask gets it, then it is forgotten,
 * so the next ask (the shopper's "try again") reaches the provider again (decision 0086). The memory is this
 * process's (per node), bounded to `max` queries, least recently used out first.
 */

export interface RememberOptions {
  /** How long an answer is used, from the moment it was asked for. Default 60 s. */
  ttlMs?: number;
  /** How many queries are remembered at most. Default 1,000. */
  max?: number;
}

type Outcome = { choices: ShippingChoice[] } | { refused: unknown };

export class RememberedShipping implements ShippingProvider {
  readonly name: ShippingProvider["name"];
  readonly #provider: ShippingProvider;
  readonly #answers: LRUCache<string, Promise<Outcome>>;

  constructor(provider: ShippingProvider, opts: RememberOptions = {}) {
    this.name = provider.name;
    this.#provider = provider;
    this.#answers = new LRUCache({ max: opts.max ?? 1_000, ttl: opts.ttlMs ?? 60_000 });
  }

  async options(query: ShippingQuery): Promise<ShippingChoice[]> {
    const key = keyOf(query);
    let outcome = this.#answers.get(key);
    if (!outcome) {
      const asked: Promise<Outcome> = this.#provider.options(query).then(
        (choices) => ({ choices }),
        (error: unknown) => {
          if (refusedQuery(error)) return { refused: error };
          // Not remembered: the asks already waiting get the failure, the next one asks again.
          if (this.#answers.peek(key) === asked) this.#answers.delete(key);
          throw error;
        },
      );
      this.#answers.set(key, asked);
      outcome = asked;
    }
    const answer = await outcome;
    if ("refused" in answer) throw answer.refused;
    // Each caller its own copy: a caller that changes what it got cannot change what the next one is answered.
    return structuredClone(answer.choices);
  }
}

/** The whole query, every field by name (a field added to ShippingQuery is part of the key without a change here). */
function keyOf(query: ShippingQuery): string {
  return JSON.stringify(query, Object.keys(query).sort());
}
