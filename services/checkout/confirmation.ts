import type { Database } from "#db/client.ts";
import type { PaymentType } from "#integrations/payments/index.ts";
import { CheckoutError } from "../orders/errors.ts";
import { confirmHostedOrder } from "../orders/hosted.ts";
import {
  nthPurchase,
  type OrderRecord,
  orderByProviderReference,
  orderForConfirmation,
  orderOfCartId,
} from "../orders/read.ts";
import type { CheckoutServices } from "./services.ts";

/**
 * The confirmation page's order (`checkout(id, paymentType, cartId)`, issue 13): `?kid=` from the hosted checkout
 * (KLARNA: the provider's order id; reading it confirms the order exactly as the push does, idempotently), or
 * `?oid=…&cartid=…` from the shop's own form (STANDARD: the order's number or public id, with its cart id).
 * `completed` is false when there is no placed order (the page sends the shopper back to the checkout).
 */
export interface Confirmation {
  order: OrderRecord | null;
  htmlSnippet: string | null;
  completed: boolean;
  nthPurchase: number;
  /** The cart the page shows: the order's, else the cart id given. */
  cartId: string | null;
}

type Snippets = { readCheckout?: (id: string) => Promise<{ html_snippet?: string } | null> };

export async function confirmation(
  db: Database,
  services: CheckoutServices | undefined,
  call: {
    id: string;
    paymentType: "STANDARD" | PaymentType | string;
    cartId?: string | null;
    customerId?: number | null;
  },
): Promise<Confirmation> {
  let order: OrderRecord | null = null;
  let htmlSnippet: string | null = null;
  const external = call.paymentType !== "STANDARD" && call.paymentType !== "INVOICE";
  if (external) {
    if (services && call.id) {
      try {
        await confirmHostedOrder(services.deps, { providerReference: call.id });
      } catch (error) {
        // Not confirmed (declined, unknown, superseded): the page says not completed; the reason is in the log.
        if (!(error instanceof CheckoutError)) throw error;
      }
      const provider = services.deps.payments[call.paymentType as PaymentType] as Snippets | undefined;
      htmlSnippet = (await provider?.readCheckout?.(call.id).catch(() => null))?.html_snippet ?? null;
    }
    order = await orderByProviderReference(db, call.id);
  } else {
    order = await orderForConfirmation(db, call.id, {
      cartId: call.cartId ?? null,
      customerId: call.customerId ?? null,
    });
    if (!order && call.cartId && !call.id) order = await orderOfCartId(db, call.cartId);
  }
  return {
    order,
    htmlSnippet,
    completed: order !== null,
    nthPurchase: order ? await nthPurchase(db, order) : 0,
    cartId: order?.cartId ?? call.cartId ?? null,
  };
}
