import { fromDecimal } from "#domain/money.ts";
import {
  payableFee,
  type ShippingChoice,
  type ShippingProvider,
  ShippingProviderError,
  type ShippingQuery,
} from "../index.ts";

export { createNshiftSandbox, NSHIFT_SANDBOX_CHECKOUT_ID, NSHIFT_SANDBOX_TOKEN } from "./sandbox.ts";

import type { NshiftOption } from "./shapes.ts";

export type { NshiftOption };

/**
 * An nShift-style delivery checkout (docs/decisions/0028): one GET per zip answers the carriers' options with
 * their prices (decimal, in the asked currency) and pickup points ("agents"). Base URL, checkout id and token come
 * from config (`NSHIFT_BASE_URL`, `NSHIFT_CHECKOUT_ID`, `NSHIFT_TOKEN`); outside production the sandbox on the
 * shop's own server answers.
 */

export interface NshiftConfig {
  baseUrl: string;
  checkoutId: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class NshiftShipping implements ShippingProvider {
  readonly name = "nshift" as const;
  readonly #config: NshiftConfig;
  constructor(config: NshiftConfig) {
    this.#config = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, "") };
  }

  async options(query: ShippingQuery): Promise<ShippingChoice[]> {
    const { baseUrl, checkoutId, token } = this.#config;
    const params = new URLSearchParams({
      tocountry: query.country,
      tozipcode: query.zip,
      language: query.languageId.slice(0, 2),
      currency: query.currency,
      cartprice: String(query.goodsMinor / 100),
      ...(query.weightGrams ? { weight: String(query.weightGrams / 1000) } : {}),
    });
    const url = `${baseUrl}/rs-extapi/v1/delivery-checkouts/${encodeURIComponent(checkoutId)}?${params}`;
    const ask = () =>
      (this.#config.fetch ?? fetch)(url, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        signal: AbortSignal.timeout(this.#config.timeoutMs ?? 10_000),
      });
    let response: Response;
    try {
      response = await ask();
    } catch (error) {
      // A kept-alive connection that nShift closed as this request was sent on it (its idle timeout): the request
      // never reached it and the GET reads only, so it is asked once more, on a new connection.
      if (!connectionClosed(error)) throw error;
      response = await ask();
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ShippingProviderError(
        `nShift delivery checkout answered ${response.status}`,
        response.status,
      );
    }
    const options = (await response.json()) as NshiftOption[];
    if (!Array.isArray(options)) throw new ShippingProviderError("nShift answered no list of options", 502);
    return options
      .filter((o) => o.currency === query.currency)
      .map((o, i) => {
        const fee = fromDecimal(o.priceValue, query.currency);
        const freeOver =
          o.freeShippingFrom === null || o.freeShippingFrom === undefined
            ? null
            : fromDecimal(o.freeShippingFrom, query.currency);
        return {
          id: `nshift:${o.id}`,
          provider: "nshift" as const,
          key: o.id,
          name: o.name,
          feeMinor: fee,
          freeOverMinor: freeOver,
          payableFeeMinor: payableFee(fee, freeOver, query.goodsMinor),
          isDefault: o.default ?? i === 0,
          deliveryDays:
            o.deliveryTimeFrom !== undefined && o.deliveryTimeTo !== undefined
              ? { min: o.deliveryTimeFrom, max: o.deliveryTimeTo }
              : null,
          pickupPoints: (o.agents ?? []).map((a) => ({
            id: a.id,
            name: a.name,
            address: a.address1,
            zip: a.zipcode,
            city: a.city,
            ...(a.distance !== undefined ? { distance: a.distance } : {}),
          })),
        };
      });
  }
}

/** fetch's failure when the connection was closed or reset under a request, before any answer came. */
function connectionClosed(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return (
    error instanceof TypeError && (code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE")
  );
}
