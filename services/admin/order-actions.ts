import type { Database } from "#db/client.ts";
import type { OrderStatus } from "#domain/order-status.ts";
import type { Auth } from "#services/customers/auth.ts";
import type { OrderDeps } from "../orders/place.ts";
import { changeOrderStatus } from "../orders/status.ts";
import { writeAudit } from "./audit.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * Moves an order through the order state machine (domain/order-status.ts) as services/orders/status.ts does —
 * money and stock included — with the audit entry in the transaction that moves it. Throws OrderStatusError for a
 * move the machine refuses.
 */
export function changeOrderStatusAudited(
  deps: OrderDeps,
  who: AdminPrincipal,
  orderId: number,
  to: OrderStatus,
  reason: string,
) {
  return changeOrderStatus(deps, orderId, to, reason, (tx, change) =>
    writeAudit(tx, who, {
      action: "order.status",
      entity: "order",
      entityId: orderId,
      before: { status: change.from },
      after: { status: change.to, reason },
    }),
  );
}

/**
 * "Shop as" a customer: a login token whose `act` names the admin (services/customers/auth.ts issueLoginToken),
 * recorded in the audit log in the transaction that stores the token. Null: no live account.
 */
export function shopAsCustomer(auth: Auth, who: AdminPrincipal, customerId: number) {
  return auth.issueLoginToken({ customerId }, who.email, (tx: Database, issued) =>
    writeAudit(tx, who, {
      action: "customer.shopAs",
      entity: "customer",
      entityId: issued.customerId,
      after: { loginTokenId: issued.loginTokenId },
    }),
  );
}
