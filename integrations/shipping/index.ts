/**
 * Shipping behind one interface (docs/decisions/0028): the market's own options from the database, and an
 * nShift-style delivery checkout (options and pickup points for a zip) with its sandbox. The cart prices the chosen
 * option (domain/cart.ts: the fee, free over the market's threshold, VAT in proportion to the goods); an external
 * fee from a delivery checkout reaches the cart through `setCartShippingFee`.
 */

export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  /** Metres from the zip's centre, when the provider says. */
  distance?: number;
}

export interface ShippingChoice {
  /** Unique across providers: `own:{key}` or `nshift:{id}`. */
  id: string;
  provider: "own" | "nshift";
  /** The option's key at its provider (the shop's `shipping_options.key`, or the delivery checkout's id). */
  key: string;
  name: string;
  /** The fee including VAT, minor units of the query's currency, before any free-shipping rule. */
  feeMinor: number;
  /** Free when the goods reach this (own options; the cart applies it). */
  freeOverMinor: number | null;
  /** The fee the shopper pays for these goods: 0 from the threshold. */
  payableFeeMinor: number;
  isDefault: boolean;
  /** Delivery estimate in working days. */
  deliveryDays: { min: number; max: number } | null;
  /** Pickup points to choose from (empty for home delivery). */
  pickupPoints: PickupPoint[];
}

export interface ShippingQuery {
  marketAlias: string;
  /** ISO 3166 alpha-2. */
  country: string;
  currency: string;
  /** BCP 47, e.g. "nb-NO". */
  languageId: string;
  zip: string;
  /** The goods after reductions, including VAT (for free-shipping thresholds and providers' price rules). */
  goodsMinor: number;
  weightGrams?: number;
}

export interface ShippingProvider {
  readonly name: "own" | "nshift";
  options(query: ShippingQuery): Promise<ShippingChoice[]>;
}

export class ShippingProviderError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ShippingProviderError";
    this.status = status;
  }
}

/**
 * Whether a provider's error is its refusal of the query itself (400, 422: a zip it does not know for the country,
 * a currency it does not price): it has no options for it, and asking again will not change that. Anything else
 * (no answer in time, no connection, 401/403/404 of its configuration, 429, 5xx, an unreadable answer, the shop's
 * own database failing) is the provider being unavailable (decision 0086).
 */
export function refusedQuery(error: unknown): boolean {
  return error instanceof ShippingProviderError && (error.status === 400 || error.status === 422);
}

/** The fee for goods worth `goodsMinor`: zero from the threshold, as the cart computes it. */
export function payableFee(feeMinor: number, freeOverMinor: number | null, goodsMinor: number): number {
  return freeOverMinor !== null && goodsMinor >= freeOverMinor ? 0 : feeMinor;
}
