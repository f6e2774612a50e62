import { describe, expect, it } from "vitest";
import { createRateLimiter, RateLimited, subjectOfIp } from "./index.ts";

describe("client subjects", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["[::ffff:203.0.113.7]", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["", "unknown"],
    [undefined, "unknown"],
    ["not an address", "unknown"],
    ["999.1.1.1", "unknown"],
  ])("%s draws from %s's budget", (address, subject) => {
    expect(subjectOfIp(address)).toBe(subject);
  });
});

describe("the rate limiter (in memory)", () => {
  it("refuses the try past a budget with the seconds to wait, and takes nothing from the other budgets", async () => {
    const limiter = createRateLimiter({ overrides: new Map([["code.cart", { points: 2, seconds: 60 }]]) });
    const hits = [
      { limit: "code.cart" as const, key: "c1" },
      { limit: "code.ip" as const, key: "1.2.3.4" },
    ];
    await limiter.consume(hits);
    await limiter.consume(hits);
    const refused = await limiter.consume(hits).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused).toMatchObject({ limit: "code.cart" });
    expect((refused as RateLimited).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as RateLimited).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another cart from the same address still has its own budget; the address lost only the two tries.
    for (let i = 0; i < 28; i++) await limiter.consume([{ limit: "code.ip", key: "1.2.3.4" }]);
    await expect(limiter.consume([{ limit: "code.ip", key: "1.2.3.4" }])).rejects.toBeInstanceOf(RateLimited);
  });

  it("gives a try back on refund (an honest try), once", async () => {
    const limiter = createRateLimiter({
      overrides: new Map([["newsletter.ip", { points: 1, seconds: 60 }]]),
    });
    const hit = [{ limit: "newsletter.ip" as const, key: "a" }];
    const ticket = await limiter.consume(hit);
    await ticket.refund();
    await ticket.refund();
    await limiter.consume(hit);
    await expect(limiter.consume(hit)).rejects.toBeInstanceOf(RateLimited);
  });

  it("refuses to start with a limit it does not know", () => {
    expect(() => createRateLimiter({ overrides: new Map([["made.up", { points: 1, seconds: 1 }]]) })).toThrow(
      /unknown limit/,
    );
  });
});
