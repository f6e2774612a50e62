import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The browser's recommendation queue on the server (decision 0046): `POST /api/recommendations` hands a command to
 * the provider's adapter only under the shopper's consent, read again from the request's `mili-consent` cookie —
 * nothing without statistics or marketing, no e-mail without marketing — and refuses what is not a command or
 * comes from another site. The provider is the sandbox on the shop's own server, whose log shows what it was told.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({
    SEED_PRODUCTS: "20",
    RECOMMENDATIONS_BASE_URL: "sandbox",
    RATE_LIMITS: "recommendations.track.ip=40/600",
  });
});
afterAll(async () => {
  await shop?.close();
});

const USER = "3f8f5a0e-6b1c-4b7e-9d2a-1c2b3d4e5f60";
const ORDER = {
  command: "trackConversion",
  total: "499.00",
  currency: "NOK",
  orderNumber: "NO-1000001",
  email: "kari@example.no",
  productNumbers: ["400001-000001"],
};

const post = (command: unknown, consent: string | null, headers: Record<string, string> = {}) =>
  fetch(`${shop.origin}/api/recommendations`, {
    method: "POST",
    headers: {
      "sec-fetch-site": "same-origin",
      ...(consent ? { cookie: `mili-consent=${consent}` } : {}),
      ...headers,
    },
    body: new URLSearchParams({
      command: typeof command === "string" ? command : JSON.stringify(command),
      trackingUserId: USER,
    }),
  });

interface Entry {
  path: string;
  body: Record<string, unknown>;
}
const log = async () =>
  ((await (await fetch(`${shop.origin}/sandbox/recommendations/log`)).json()) as { log: Entry[] }).log;

describe("the recommendation queue's endpoint", () => {
  it("tells the provider nothing without consent to statistics or marketing", async () => {
    for (const consent of [null, "s0m0", "garbage"]) {
      const response = await post(ORDER, consent);
      expect(response.status, String(consent)).toBe(204);
    }
    // A consented command sent after them arrives; nothing before it did (the queue is sent in order, so an
    // earlier command sent late would show before it).
    expect((await post({ command: "setCart", productNumbers: ["400001-000009"] }, "s1m0")).status).toBe(202);
    await expect.poll(async () => (await log()).length).toBe(1);
    expect((await log())[0]?.body).toMatchObject({ command: "setCart", productNumbers: ["400001-000009"] });
    // An e-mail that is not one is refused, not passed on.
    expect((await post({ ...ORDER, email: "kari <script>" }, "s1m1")).status).toBe(400);
  });

  it("passes commands with consent, the e-mail only with marketing, with the tracking user id", async () => {
    const start = (await log()).length;
    expect((await post({ command: "setCart", productNumbers: ["400001-000001"] }, "s1m0")).status).toBe(202);
    expect((await post(ORDER, "s1m0")).status).toBe(202);
    expect((await post({ ...ORDER, orderNumber: "NO-1000002" }, "s0m1")).status).toBe(202);
    await expect.poll(async () => (await log()).length).toBe(start + 3);
    const [cart, withoutEmail, withEmail] = (await log()).slice(start);
    expect(cart).toMatchObject({
      path: "commands",
      body: { command: "setCart", productNumbers: ["400001-000001"], trackingUserId: USER },
    });
    expect(withoutEmail?.body).toMatchObject({ command: "trackConversion", orderNumber: "NO-1000001" });
    expect(withoutEmail?.body).not.toHaveProperty("email");
    expect(withEmail?.body).toMatchObject({ orderNumber: "NO-1000002", email: "kari@example.no" });
    // Outside production page views go to the provider's pages endpoint.
    expect((await post({ command: "trackPageView", url: `${shop.origin}/nyheter` }, "s1m1")).status).toBe(
      202,
    );
    await expect.poll(async () => (await log()).at(-1)?.path).toBe("pages");
  });

  it("passes a recommendation click to click-collect with consent, and nothing without", async () => {
    const before = (await log()).length;
    const click = { command: "clickCollect", source: "sbx-bt-400001-000002" };
    expect((await post(click, null)).status).toBe(204);
    expect((await post(click, "s1m0")).status).toBe(202);
    await expect.poll(async () => (await log()).length).toBe(before + 1);
    expect((await log()).at(-1)).toMatchObject({
      path: "click-collect",
      body: { source: "sbx-bt-400001-000002", trackingUserId: USER },
    });
  });

  it("refuses what is not a command, a bad tracking user id, and a post from another site", async () => {
    const before = (await log()).length;
    for (const bad of ["not json", { command: "dropTables" }, { ...ORDER, total: "lots" }])
      expect((await post(bad, "s1m1")).status).toBe(400);
    const noUser = await fetch(`${shop.origin}/api/recommendations`, {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", cookie: "mili-consent=s1m1" },
      body: new URLSearchParams({ command: JSON.stringify(ORDER), trackingUserId: "me" }),
    });
    expect(noUser.status).toBe(400);
    expect((await post(ORDER, "s1m1", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await log()).length).toBe(before);
  });

  it("lets one address send only so many: then 429 with Retry-After, and nothing passed on", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++)
      codes.push((await post({ command: "setCart", productNumbers: [`400001-${i}`] }, "s1m0")).status);
    const refused = codes.filter((c) => c === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(codes.slice(-1)).toEqual([429]);
    const response = await post({ command: "setCart", productNumbers: ["400001-limited"] }, "s1m0");
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await log()).some((e) => JSON.stringify(e.body).includes("400001-limited"))).toBe(false);
  });
});
