import type { Hit, RateLimiter } from "#integrations/rate-limit/index.ts";
import { CartError } from "./cart/model.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A try of a guessable secret (a promo or gift-card code now; a password later) under the rate limits of
 * docs/decisions/0016: one point from the cart's, the client's and the whole shop's budget before the try, given
 * back when the try succeeds, kept when it is refused. So a guesser gets `code.cart` tries per cart, `code.ip`
 * per address and the shop `code.global` refused tries per window, whatever the number of processes (Redis),
 * while a shopper who types a valid code loses nothing. A spent budget throws RateLimited before anything is
 * read.
 */
export async function limitCodeTries<T>(
  limiter: RateLimiter | undefined,
  who: { cartId?: string | null; clientSubject: string },
  attempt: () => Promise<T>,
): Promise<T> {
  if (!limiter) return attempt();
  const hits: Hit[] = [
    ...(who.cartId && UUID.test(who.cartId)
      ? [{ limit: "code.cart" as const, key: who.cartId.toLowerCase() }]
      : []),
    { limit: "code.ip", key: who.clientSubject },
    { limit: "code.global", key: "all" },
  ];
  const ticket = await limiter.consume(hits);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // A refused code is a spent try; a fault of ours (not the caller's input) is not held against the caller.
    if (!(error instanceof CartError)) await ticket.refund();
    throw error;
  }
  await ticket.refund();
  return result;
}

/** The budgets a new cart draws from: the client's and the whole shop's. */
export function newCartHits(clientSubject: string): Hit[] {
  return [
    { limit: "cart.ip", key: clientSubject },
    { limit: "cart.global", key: "all" },
  ];
}
