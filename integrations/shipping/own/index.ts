import { and, asc, eq } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import { shippingOptions } from "#db/schema/index.ts";
import { payableFee, type ShippingChoice, type ShippingProvider, type ShippingQuery } from "../index.ts";

/**
 * The market's own shipping options (the `shipping_options` table): fee and free-shipping threshold per market in
 * its currency, delivery estimates, the default first. No pickup points: a delivery checkout provides those.
 */
export class OwnShipping implements ShippingProvider {
  readonly name = "own" as const;
  readonly #db: Database | Tx;
  constructor(db: Database | Tx) {
    this.#db = db;
  }

  async options(query: ShippingQuery): Promise<ShippingChoice[]> {
    const rows = await this.#db
      .select()
      .from(shippingOptions)
      .where(and(eq(shippingOptions.marketAlias, query.marketAlias), eq(shippingOptions.active, true)))
      .orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id));
    return rows.map((row) => ({
      id: `own:${row.key}`,
      provider: "own" as const,
      key: row.key,
      name: row.names[query.languageId] ?? Object.values(row.names)[0] ?? row.key,
      feeMinor: row.feeMinor,
      freeOverMinor: row.freeOverMinor,
      payableFeeMinor: payableFee(row.feeMinor, row.freeOverMinor, query.goodsMinor),
      isDefault: row.isDefault,
      deliveryDays:
        row.deliveryDaysMin !== null && row.deliveryDaysMax !== null
          ? { min: row.deliveryDaysMin, max: row.deliveryDaysMax }
          : null,
      pickupPoints: [],
    }));
  }
}
