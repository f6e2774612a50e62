import type { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { LIMITS, type LimitName, type LimitRule } from "./limits.ts";

export { LIMITS, type LimitName } from "./limits.ts";
export { subjectOfIp } from "./subjects.ts";

/** A request refused by a limit: answer 429 with Retry-After, nothing done. */
export class RateLimited extends Error {
  readonly limit: LimitName;
  readonly retryAfterSeconds: number;
  constructor(limit: LimitName, retryAfterSeconds: number) {
    super(`Too many requests (${limit}); try again in ${retryAfterSeconds} s`);
    this.name = "RateLimited";
    this.limit = limit;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** One budget to draw from: a limit and whose budget it is (a cart id, an IP subject, "all"). */
export interface Hit {
  limit: LimitName;
  key: string;
}

/** What a consume took: `refund` gives it back (a try that turned out to be honest, e.g. a valid code). */
export interface Ticket {
  refund(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Takes one point from every budget named, or none: when any is spent the points taken are given back and
   * RateLimited is thrown with the longest wait. Hits are taken in order, so list the cheapest to refuse first.
   */
  consume(hits: Hit[]): Promise<Ticket>;
  /** The rules in force (defaults with RATE_LIMITS overrides). */
  rules: Readonly<Record<LimitName, LimitRule>>;
}

export interface RateLimiterOptions {
  /** Redis for limits shared by every app process (REDIS_URL); in memory otherwise. */
  redis?: Redis;
  /** Prefix of this shop's keys in Redis (the shop's database: two shops sharing a Redis do not share limits). */
  prefix?: string;
  /** RATE_LIMITS overrides: `name → {points, seconds}`. Unknown names are refused. */
  overrides?: ReadonlyMap<string, { points: number; seconds: number }>;
  logger?: Logger;
}

/**
 * The shop's one rate limiter (docs/decisions/0016), over `rate-limiter-flexible`: fixed windows per limit and
 * key, in Redis when REDIS_URL is set (so N processes share one budget; an unreachable Redis falls back to a
 * per-process memory limiter until it is back), in memory otherwise. Server routes and services use it alike.
 */
export function createRateLimiter(opts: RateLimiterOptions = {}): RateLimiter {
  const rules = { ...LIMITS } as Record<LimitName, LimitRule>;
  for (const [name, value] of opts.overrides ?? []) {
    if (!(name in LIMITS))
      throw new Error(
        `RATE_LIMITS names an unknown limit "${name}" (known: ${Object.keys(LIMITS).join(", ")})`,
      );
    rules[name as LimitName] = { ...rules[name as LimitName], ...value };
  }
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  const limiterOf = (limit: LimitName): RateLimiterAbstract => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      const rule = rules[limit];
      const base = {
        points: rule.points,
        duration: rule.seconds,
        keyPrefix: `${opts.prefix ?? "mili"}:rl:${limit}`,
      };
      limiter = opts.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: opts.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
      limiters.set(limit, limiter);
    }
    return limiter;
  };

  return {
    rules,
    async consume(hits) {
      const taken: Hit[] = [];
      const refund = () =>
        Promise.all(taken.map((h) => limiterOf(h.limit).reward(h.key, 1))).then(
          () => undefined,
          (error: unknown) => opts.logger?.warn({ err: error }, "rate limit refund failed"),
        );
      for (const hit of hits) {
        try {
          await limiterOf(hit.limit).consume(hit.key, 1);
          taken.push(hit);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          // This budget is spent (the refused point counts against it until its window ends): give back the rest.
          await refund();
          throw new RateLimited(hit.limit, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
      }
      let refunded = false;
      return {
        async refund() {
          if (refunded) return;
          refunded = true;
          await refund();
        },
      };
    },
  };
}
