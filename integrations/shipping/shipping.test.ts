import { type AddressInfo, connect, createServer } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { channels, countries, currencies, languages, markets, shippingOptions } from "#db/schema/index.ts";
import { serveLocal } from "#tests/support/serve.ts";
import { ShippingProviderError } from "./index.ts";
import {
  createNshiftSandbox,
  NSHIFT_SANDBOX_CHECKOUT_ID,
  NSHIFT_SANDBOX_TOKEN,
  NshiftShipping,
} from "./nshift/index.ts";
import { OwnShipping } from "./own/index.ts";

/** The market's own options from a real (PGlite) database, and the nShift-style adapter against its sandbox. */

let origin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const app = new Hono();
  app.route("/sandbox/nshift", createNshiftSandbox().app);
  ({ origin, close } = await serveLocal(app.fetch));
});
afterAll(async () => {
  await close?.();
});

const query = (over: Partial<Parameters<NshiftShipping["options"]>[0]> = {}) => ({
  marketAlias: "se",
  country: "SE",
  currency: "SEK",
  languageId: "sv-SE",
  zip: "11434",
  goodsMinor: 30_000,
  ...over,
});

describe("own shipping options", () => {
  it("reads the market's options: fee in its currency, free from the threshold, estimates, default first", async () => {
    const handle = await openDatabase({ dir: "memory" });
    try {
      await handle.migrate();
      const db = handle.db;
      await db.insert(languages).values({ id: "sv-SE", code: "sv", name: "Svenska" });
      await db.insert(currencies).values({ code: "SEK", name: "Svensk krona", symbol: "kr" });
      await db.insert(countries).values({ code: "SE", names: { "sv-SE": "Sverige" } });
      await db
        .insert(channels)
        .values({ id: "1|se", name: "Mili", defaultMarketAlias: "se", defaultLanguageId: "sv-SE" });
      await db.insert(markets).values({
        alias: "se",
        countryCode: "SE",
        currencyCode: "SEK",
        defaultLanguageId: "sv-SE",
        groupKey: "scandinavia",
      });
      await db.insert(shippingOptions).values([
        {
          marketAlias: "se",
          key: "home-delivery",
          names: { "sv-SE": "Hemleverans" },
          feeMinor: 9_800,
          isDefault: false,
          deliveryDaysMin: 1,
          deliveryDaysMax: 2,
          sortOrder: 1,
        },
        {
          marketAlias: "se",
          key: "pickup-point",
          names: { "sv-SE": "Hämta hos ombud" },
          feeMinor: 4_900,
          freeOverMinor: 9_900,
          isDefault: true,
          deliveryDaysMin: 1,
          deliveryDaysMax: 3,
          sortOrder: 0,
        },
        { marketAlias: "se", key: "gone", names: { "sv-SE": "Borta" }, feeMinor: 1, active: false },
      ]);
      const own = new OwnShipping(db);
      const cheap = await own.options(query({ goodsMinor: 5_000 }));
      expect(cheap.map((o) => [o.id, o.payableFeeMinor, o.isDefault, o.deliveryDays])).toEqual([
        ["own:pickup-point", 4_900, true, { min: 1, max: 3 }],
        ["own:home-delivery", 9_800, false, { min: 1, max: 2 }],
      ]);
      const over = await own.options(query({ goodsMinor: 9_900 }));
      expect(over.map((o) => o.payableFeeMinor)).toEqual([0, 9_800]);
      expect(await own.options(query({ marketAlias: "no" }))).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe("nShift-style delivery checkout against its sandbox", () => {
  const nshift = (token = NSHIFT_SANDBOX_TOKEN) =>
    new NshiftShipping({
      baseUrl: `${origin}/sandbox/nshift`,
      checkoutId: NSHIFT_SANDBOX_CHECKOUT_ID,
      token,
    });

  it("answers options and pickup points for a zip, the same every time, in the asked currency", async () => {
    const first = await nshift().options(query());
    expect(first.map((o) => [o.id, o.feeMinor, o.payableFeeMinor, o.isDefault])).toEqual([
      ["nshift:sandbox-pickup", 3_900, 3_900, true],
      ["nshift:sandbox-home", 7_900, 7_900, false],
    ]);
    expect(first[0]?.pickupPoints).toHaveLength(3);
    expect(first[0]?.pickupPoints[0]).toMatchObject({ zip: "11434", city: "Stockholm" });
    expect(first[1]?.pickupPoints).toEqual([]);
    expect(await nshift().options(query())).toEqual(first);
    const norway = await nshift().options(
      query({ country: "NO", currency: "NOK", zip: "0150", languageId: "nb-NO", goodsMinor: 60_000 }),
    );
    expect(norway.map((o) => o.payableFeeMinor)).toEqual([0, 9_900]);
    expect(norway[0]?.name).toBe("Hent på hentested");
  });

  it("asks once more when the connection is closed under its request (a kept-alive connection nShift closed)", async () => {
    // The first connection is closed as soon as a request arrives on it, without an answer; the next is the sandbox.
    let connections = 0;
    const proxy = createServer((socket) => {
      connections++;
      if (connections === 1) {
        socket.once("data", () => socket.destroy());
        return;
      }
      const upstream = connect(Number(new URL(origin).port), "127.0.0.1");
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const adapter = new NshiftShipping({
        baseUrl: `http://127.0.0.1:${port}/sandbox/nshift`,
        checkoutId: NSHIFT_SANDBOX_CHECKOUT_ID,
        token: NSHIFT_SANDBOX_TOKEN,
      });
      expect((await adapter.options(query())).map((o) => o.id)).toEqual([
        "nshift:sandbox-pickup",
        "nshift:sandbox-home",
      ]);
      expect(connections).toBe(2);
    } finally {
      proxy.close();
    }
  });

  it("refuses an unknown zip and a wrong token", async () => {
    await expect(nshift().options(query({ zip: "1143" }))).rejects.toBeInstanceOf(ShippingProviderError);
    await expect(nshift("wrong").options(query())).rejects.toMatchObject({ status: 401 });
  });
});
