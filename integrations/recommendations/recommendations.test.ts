import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocal } from "#tests/support/serve.ts";
import {
  createRecommendationSandbox,
  HttpRecommendations,
  RECOMMENDATION_SANDBOX_WEBSITE,
} from "./http/index.ts";
import { RecommendationProviderError } from "./index.ts";

/** The HTTP adapter speaking the provider's protocol (./http/shapes.ts) to its sandbox over a real socket. */

let origin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const app = new Hono();
  app.route("/sandbox/recommendations", createRecommendationSandbox().app);
  ({ origin, close } = await serveLocal(app.fetch));
});
afterAll(async () => {
  await close?.();
});

function recorder() {
  const lines: { level: string; msg: string; data: unknown }[] = [];
  return {
    lines,
    logger: {
      error: (data: unknown, msg: string) => {
        lines.push({ level: "error", msg, data });
      },
      info: (data: unknown, msg: string) => {
        lines.push({ level: "info", msg, data });
      },
    },
  };
}

const provider = (over: Partial<ConstructorParameters<typeof HttpRecommendations>[0]> = {}) =>
  new HttpRecommendations({
    baseUrl: `${origin}/sandbox/recommendations/`,
    websiteUuid: RECOMMENDATION_SANDBOX_WEBSITE,
    development: false,
    ...over,
  });

async function sandboxLog() {
  const response = await fetch(`${origin}/sandbox/recommendations/log`);
  return ((await response.json()) as { log: { path: string; body: Record<string, unknown> }[] }).log;
}

describe("HttpRecommendations against the sandbox", () => {
  it("learns baskets from conversions and recommends what was bought with the asked product", async () => {
    const p = provider();
    const query = {
      productNumbers: ["A1"],
      kind: "bought-together" as const,
      take: 5,
      market: "se",
      language: "sv-SE",
    };
    expect(await p.recommend(query)).toEqual([]);
    for (const basket of [
      ["A1", "B2"],
      ["A1", "B2", "C3"],
      ["C3", "D4"],
    ])
      await p.track({
        command: "trackConversion",
        total: "100.00",
        currency: "SEK",
        orderNumber: "SE-1",
        productNumbers: basket,
      });
    expect(await p.recommend(query)).toEqual([
      { productNumber: "B2", trackingCode: "sbx-bt-B2" },
      { productNumber: "C3", trackingCode: "sbx-bt-C3" },
    ]);
    expect(await p.recommend({ ...query, take: 1 })).toHaveLength(1);
    expect(await p.recommend({ ...query, kind: "similar" })).toEqual([]);
  });

  it("reports clicks and the cart to the provider; page views only in development", async () => {
    const { lines, logger } = recorder();
    const p = provider({ logger });
    await p.clickCollect({ trackingUserId: "u-1", source: "sbx-bt-B2" });
    await p.track({ command: "setCart", productNumbers: ["A1"] }, "u-1");
    await p.track({ command: "trackPageView", url: "/p/a1" });
    await provider({ development: true }).track({ command: "trackPageView", url: "/p/b2" });
    const log = (await sandboxLog()).slice(-3);
    expect(log.map((l) => l.path)).toEqual(["click-collect", "commands", "pages"]);
    expect(log[0]?.body).toEqual({
      websiteUuid: RECOMMENDATION_SANDBOX_WEBSITE,
      trackingUserId: "u-1",
      source: "sbx-bt-B2",
    });
    expect(log[1]?.body).toMatchObject({ command: "setCart", productNumbers: ["A1"], trackingUserId: "u-1" });
    expect(log[2]?.body).toMatchObject({ command: "trackPageView", url: "/p/b2" });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("a wrong website: recommend throws, a click is only logged as an error", async () => {
    const { lines, logger } = recorder();
    const p = provider({ websiteUuid: "not-ours", logger });
    await expect(
      p.recommend({
        productNumbers: ["A1"],
        kind: "bought-together",
        take: 3,
        market: "se",
        language: "sv-SE",
      }),
    ).rejects.toBeInstanceOf(RecommendationProviderError);
    await p.clickCollect({ trackingUserId: "u-1", source: "x" });
    expect(lines).toMatchObject([
      { level: "error", msg: "recommendations click-collect failed", data: { status: 404 } },
    ]);
  });

  it("a provider that does not answer: recommend throws after its timeout, tracking never throws", async () => {
    const { lines, logger } = recorder();
    const silent = new Hono();
    silent.post("*", () => new Promise<Response>(() => {}));
    const silentServer = await serveLocal(silent.fetch);
    try {
      const p = provider({
        baseUrl: silentServer.origin,
        timeoutMs: 200,
        logger,
      });
      await expect(
        p.recommend({
          productNumbers: ["A1"],
          kind: "bought-together",
          take: 3,
          market: "se",
          language: "sv-SE",
        }),
      ).rejects.toThrow();
      await p.track({ command: "setCart", productNumbers: ["A1"] });
      expect(lines.map((l) => l.level)).toEqual(["error"]);
    } finally {
      await silentServer.close();
    }
  });
});
