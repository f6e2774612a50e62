import { Hono } from "hono";
import type { ClickCollectRequest, CommandRequest, RecommendationsRequest } from "./shapes.ts";

/**
 * The recommendation provider's part, played on the shop's own server outside production (docs/decisions/0040).
 * Like a real provider it learns only from what it is told: every `trackConversion` adds its products to the
 * baskets it knows, and BOUGHT_TOGETHER answers the products most often in a basket with the asked ones, each
 * with a tracking code. It knows no catalog, so SIMILAR answers an empty list (the shop then falls back to its
 * built-in rule). A wrong website id is a 404; a body that is not the protocol's, a 400. Every click and command
 * is kept (the last 500) and readable at `GET /log`, so a tester sees what the shop told the provider. Mount it
 * at `/sandbox/recommendations`. Kept in memory: a restart forgets what it learnt, as a test wants.
 */

export const RECOMMENDATION_SANDBOX_WEBSITE = "00000000-0000-4000-8000-00000000a11e";

const LOG_SIZE = 500;

export function createRecommendationSandbox(opts: { websiteUuid?: string } = {}) {
  const website = opts.websiteUuid ?? RECOMMENDATION_SANDBOX_WEBSITE;
  const baskets: string[][] = [];
  const log: { at: string; path: string; body: unknown }[] = [];
  const remember = (path: string, body: unknown) => {
    log.push({ at: new Date().toISOString(), path, body });
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
  };
  const app = new Hono();

  const read = async <T extends { websiteUuid?: unknown }>(c: { req: { json(): Promise<unknown> } }) => {
    const body = (await c.req.json().catch(() => null)) as T | null;
    if (!body || typeof body !== "object") return { error: 400 as const };
    if (body.websiteUuid !== website) return { error: 404 as const };
    return { body };
  };

  app.post("/recommendations", async (c) => {
    const got = await read<RecommendationsRequest>(c);
    if (!got.body)
      return c.json({ message: got.error === 404 ? "Unknown website" : "Bad request" }, got.error);
    const { productNumbers, type, limit } = got.body;
    if (
      !Array.isArray(productNumbers) ||
      !["BOUGHT_TOGETHER", "SIMILAR"].includes(type) ||
      !Number.isInteger(limit)
    )
      return c.json({ message: "Bad request" }, 400);
    if (type === "SIMILAR") return c.json({ recommendations: [] });
    const asked = new Set(productNumbers);
    const counts = new Map<string, number>();
    for (const basket of baskets) {
      if (!basket.some((p) => asked.has(p))) continue;
      for (const p of new Set(basket)) if (!asked.has(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const recommendations = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, Math.max(0, Math.min(limit, 50)))
      .map(([productNumber]) => ({ productNumber, trackingCode: `sbx-bt-${productNumber}` }));
    return c.json({ recommendations });
  });

  app.post("/click-collect", async (c) => {
    const got = await read<ClickCollectRequest>(c);
    if (!got.body)
      return c.json({ message: got.error === 404 ? "Unknown website" : "Bad request" }, got.error);
    if (typeof got.body.trackingUserId !== "string" || typeof got.body.source !== "string")
      return c.json({ message: "Bad request" }, 400);
    remember("click-collect", got.body);
    return c.json({ ok: true });
  });

  for (const path of ["commands", "pages"] as const)
    app.post(`/${path}`, async (c) => {
      const got = await read<CommandRequest>(c);
      if (!got.body)
        return c.json({ message: got.error === 404 ? "Unknown website" : "Bad request" }, got.error);
      const body = got.body;
      const expected = path === "pages" ? ["trackPageView"] : ["setCart", "trackConversion"];
      if (!expected.includes(body.command)) return c.json({ message: "Unknown command" }, 400);
      if (body.command === "trackConversion") {
        if (!Array.isArray(body.productNumbers)) return c.json({ message: "Bad request" }, 400);
        baskets.push(body.productNumbers.filter((p) => typeof p === "string"));
      }
      remember(path, body);
      return c.json({ ok: true });
    });

  app.get("/log", (c) => c.json({ log }));

  return { app };
}
