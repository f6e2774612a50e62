import { eraseCustomerAudited } from "#services/admin/privacy/erase.ts";
import { exportCustomer } from "#services/admin/privacy/export.ts";
import { customerSessions, endCustomerSessionsAudited } from "#services/admin/privacy/sessions.ts";
import type { CustomerSession } from "#services/customers/sessions.ts";
import { adminBuilder as b } from "./builder.ts";
import { allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * A customer's data in the back office (issue 15 "Customers", decision 0053): their sessions (list, end one or
 * all), the GDPR access export and the GDPR erasure. Each change is permission-checked and recorded in the audit log
 * in its transaction; the erasure's entry holds none of the erased data.
 */
const Session = b.objectRef<CustomerSession>("AdminCustomerSession").implement({
  fields: (t) => ({
    sessionId: t.exposeString("sessionId"),
    startedAt: t.string({ resolve: (s) => s.startedAt.toISOString() }),
    lastUsedAt: t.string({ resolve: (s) => s.lastUsedAt.toISOString() }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    remember: t.exposeBoolean("remember"),
    actor: t.exposeString("actor", { nullable: true, description: "The admin shopping as the customer" }),
  }),
});

b.queryFields((t) => ({
  customerSessions: t.field({
    type: [Session],
    description:
      "The customer's active sessions, the most recently used first; NOT_FOUND without a live account",
    args: { customerId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      allow(ctx, "customer.read");
      const sessions = await customerSessions(ctx.db, args.customerId);
      if (!sessions) throw adminError("NOT_FOUND", "No live account", { customerId: args.customerId });
      return sessions;
    },
  }),
}));

b.mutationFields((t) => ({
  endCustomerSessions: t.int({
    description:
      "Ends one of the customer's sessions (sessionId) or all of them; answers how many ended (0: none was active). NOT_FOUND without a live account.",
    args: { customerId: t.arg.int({ required: true }), sessionId: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "customer.sessions");
      const ended = await endCustomerSessionsAudited(
        ctx.db,
        admin,
        args.customerId,
        args.sessionId?.slice(0, 200) || null,
      );
      if (ended === null) throw adminError("NOT_FOUND", "No live account", { customerId: args.customerId });
      return ended;
    },
  }),
  exportCustomer: t.string({
    description:
      "The GDPR access export: everything the shop holds about the customer as a JSON document (format mili.customer-export/1). A mutation: the export is recorded in the audit log. NOT_FOUND without a live account.",
    args: { customerId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "customer.export");
      const document = await exportCustomer(ctx.db, admin, args.customerId);
      if (!document) throw adminError("NOT_FOUND", "No live account", { customerId: args.customerId });
      return JSON.stringify(document, null, 2);
    },
  }),
  eraseCustomer: t.boolean({
    description:
      "The GDPR erasure: the account's personal data erased, its sessions ended, its orders kept for the bookkeeping anonymised, its reviews and questions kept signed 'Anonym'. OPEN_ORDERS (with `orders`) while an order is open; true when erased, false when it was erased already; NOT_FOUND for no such customer. `confirm` must repeat the customer's id (the second step).",
    args: { customerId: t.arg.int({ required: true }), confirm: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "customer.erase");
      if (args.confirm !== args.customerId)
        throw adminError("BAD_USER_INPUT", "Confirm the erasure with the customer's id", {
          field: "confirm",
        });
      const outcome = await eraseCustomerAudited(ctx.db, admin, args.customerId);
      if (outcome.kind === "notFound")
        throw adminError("NOT_FOUND", "No such customer", { customerId: args.customerId });
      if (outcome.kind === "openOrders")
        throw adminError("OPEN_ORDERS", "The customer has open orders: finish or cancel them first", {
          orders: outcome.orders.map((o) => o.orderNumber ?? `#${o.orderId}`),
        });
      return outcome.kind === "erased";
    },
  }),
}));
