import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { carts, paymentMethods, shippingOptions } from "#db/schema/index.ts";
import type { CustomerType } from "#domain/cart.ts";
import type { CheckoutAddress } from "#domain/checkout.ts";
import { msg } from "#domain/messages.ts";
import type { AddressInput } from "../customers/accounts.ts";
import { CheckoutError } from "../orders/errors.ts";
import type { PlaceOrderInput } from "../orders/place.ts";

/**
 * The Geins Merchant API's checkout input (`CheckoutInputType`: numeric `paymentId` and `shippingId`, addresses
 * with `mobile`, consents) as the checkout services take it (`PlaceOrderInput`: the payment method's key, the
 * shipping option as `own:{key}`). A field the client did not send stays undefined, so it does not overwrite what
 * the checkout already knows.
 */
/** Geins' `AddressInputType`: the same address input the account takes (`updateUser`). */
export type GeinsAddressInput = AddressInput;

export interface GeinsCheckoutInput {
  paymentId?: number | null;
  shippingId?: number | null;
  externalShippingId?: string | null;
  pickupPoint?: string | null;
  message?: string | null;
  acceptedConsents?: readonly (string | null)[] | null;
  shippingAddress?: GeinsAddressInput | null;
  billingAddress?: GeinsAddressInput | null;
  identityNumber?: string | null;
  email?: string | null;
  customerType?: CustomerType | null;
  /** Mili: the zip before an address is typed (shipping options appear once it is set). */
  zip?: string | null;
  /** Mili: the terms are accepted (also: `acceptedConsents` containing "terms"). */
  acceptedTerms?: boolean | null;
  /** Mili: the shipping option by its provider id (`own:pickup-point`), instead of `shippingId`. */
  shippingOptionId?: string | null;
  /** Mili: the payment method by its key (`invoice`), instead of `paymentId`. */
  paymentMethod?: string | null;
}

const def = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined ? undefined : v);

function address(a: GeinsAddressInput | null | undefined): CheckoutAddress | undefined {
  if (!a) return undefined;
  const out: CheckoutAddress = {};
  const put = (key: keyof CheckoutAddress, value: string | null | undefined) => {
    if (value !== null && value !== undefined) out[key] = value;
  };
  put("firstName", a.firstName);
  put("lastName", a.lastName);
  put("careOf", a.careOf);
  put("addressLine1", a.addressLine1);
  put("addressLine2", a.addressLine2);
  put("zip", a.zip);
  put("city", a.city);
  put("country", a.country);
  put("phone", a.phone ?? a.mobile);
  put("entryCode", a.entryCode);
  put("company", a.company);
  return out;
}

/** The checkout services' input for a Geins checkout input, in the market `marketAlias`. */
export async function checkoutInputOf(
  db: Database,
  marketAlias: string,
  input: GeinsCheckoutInput | null | undefined,
): Promise<PlaceOrderInput> {
  if (!input) return {};
  let paymentMethodKey = def(input.paymentMethod);
  if (paymentMethodKey === undefined && typeof input.paymentId === "number") {
    const [method] = await db
      .select({ key: paymentMethods.key })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, input.paymentId));
    // An unknown id is no method: the checkout then asks for one.
    paymentMethodKey = method?.key ?? "";
  }
  let shippingOptionId = def(input.shippingOptionId);
  if (shippingOptionId === undefined && typeof input.shippingId === "number") {
    const [option] = await db
      .select({ key: shippingOptions.key })
      .from(shippingOptions)
      .where(and(eq(shippingOptions.id, input.shippingId), eq(shippingOptions.marketAlias, marketAlias)));
    shippingOptionId = option ? `own:${option.key}` : "";
  }
  const billingAddress = address(input.billingAddress);
  const consents = (input.acceptedConsents ?? []).map((c) => (c ?? "").toLowerCase());
  const acceptedTerms =
    def(input.acceptedTerms) ??
    (consents.includes("terms") ? true : input.acceptedConsents ? false : undefined);
  const pickup = def(input.pickupPoint) ?? def(input.externalShippingId);
  const out: PlaceOrderInput = {
    email: def(input.email),
    customerType: def(input.customerType),
    identityNumber: def(input.identityNumber),
    companyName: def(input.billingAddress?.company),
    phone: def(input.billingAddress?.mobile) ?? def(input.billingAddress?.phone),
    billingAddress,
    shippingAddress: address(input.shippingAddress),
    zip: def(input.zip) ?? def(input.billingAddress?.zip),
    shippingOptionId,
    paymentMethodKey,
    acceptedTerms,
    message: def(input.message),
    // Only the id: the point's name and address are the provider's (services/orders/place.ts resolves them).
    pickupPoint: pickup ? { id: pickup.slice(0, 200) } : undefined,
  };
  for (const key of Object.keys(out) as (keyof PlaceOrderInput)[])
    if (out[key] === undefined) delete out[key];
  return out;
}

/** The largest external shipping fee accepted (minor units): a bound against nonsense, not a price rule. */
export const MAX_EXTERNAL_SHIPPING_FEE_MINOR = 10_000_00;

/**
 * setCartShippingFee: the delivery checkout's fee (nShift) kept on the cart; `getCart(allowExternalShippingFee)`
 * and the checkout show it. Refused for a completed or unknown cart and outside 0…MAX_EXTERNAL_SHIPPING_FEE_MINOR.
 * Bumps the cart's version: a payment attempt opened before it is not this cart any more.
 */
export async function setExternalShippingFee(db: Database, cartId: string, feeMinor: number): Promise<void> {
  if (!Number.isSafeInteger(feeMinor) || feeMinor < 0 || feeMinor > MAX_EXTERNAL_SHIPPING_FEE_MINOR)
    throw new CheckoutError(
      "INVALID_CHECKOUT",
      "The shipping fee is out of range",
      msg("checkout.error.invalid"),
      {
        fields: { shippingFee: "checkout.error.invalid" },
      },
    );
  await db.transaction(async (tx) => {
    const [cart] = await tx
      .select({ completedAt: carts.completedAt, fee: carts.externalShippingFeeMinor })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for("update");
    if (!cart) throw new CheckoutError("INVALID_CART_ID", "No such cart", msg("cart.error.cartId"));
    if (cart.completedAt !== null)
      throw new CheckoutError("CART_COMPLETED", "The cart is completed", msg("checkout.error.completed"));
    if (cart.fee === feeMinor) return;
    await tx
      .update(carts)
      .set({ externalShippingFeeMinor: feeMinor, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  });
}
