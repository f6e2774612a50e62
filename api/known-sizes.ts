import { and, count, desc, eq, inArray, notInArray } from "drizzle-orm";
import {
  type ExecutionArgs,
  type GraphQLNamedType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
} from "graphql";
import { cartItems, checkoutSessions, orders } from "#db/schema/index.ts";
import { MAX_ORDERS_LISTED } from "#services/orders/read.ts";
import type { ApiContext } from "./context.ts";

/**
 * The sizes a request's own data has, for the cost limit (api/cost.ts, decision 0030): LIST_SIZE bounds a cart at
 * MAX_CART_LINES lines and a list of orders at its maximum, so the Geins clients' cart fragment (every line with
 * its product, SKUs and prices) costs more than the whole budget although a real cart has a few lines. When an
 * operation is over the budget as the schema counts it, it is counted again with:
 *
 * - `CartType.items`: the most lines of any cart the answer can hold (the carts its arguments name, the orders'
 *   carts), plus room for what a change adds; only when every cart in the answer is known;
 * - `Query.getOrders`: how many orders the signed-in shopper has (at most the number listed).
 *
 * One or two indexed reads, and only for operations the static count refuses.
 */

/** Lines a change can add to a cart (a package adds one line per group). */
const ADDED_LINES = 10;

/** Root fields whose answer can hold a cart, and where its id is. */
const CART_ROOTS: Record<string, "id" | "cartId" | "orders" | "publicOrderId" | "confirmation"> = {
  getCart: "id",
  addToCart: "id",
  updateCartItem: "id",
  updateCartGroup: "id",
  addPackageToCart: "id",
  setCartPromoCode: "id",
  removeCartPromoCode: "id",
  setCartMerchantData: "id",
  cloneCart: "id",
  completeCart: "id",
  createOrUpdateCheckout: "cartId",
  setCartShippingFee: "cartId",
  checkout: "confirmation",
  getOrders: "orders",
  getOrderPublic: "publicOrderId",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reaches = new WeakMap<GraphQLSchema, Map<string, boolean>>();

/** Whether an answer of this type can hold a CartType somewhere inside. */
function holdsCart(schema: GraphQLSchema, type: GraphQLNamedType): boolean {
  let known = reaches.get(schema);
  if (!known) {
    known = new Map();
    reaches.set(schema, known);
  }
  const walk = (t: GraphQLNamedType, seen: Set<string>): boolean => {
    const cached = known.get(t.name);
    if (cached !== undefined) return cached;
    if (t.name === "CartType") return true;
    if (!isObjectType(t) || seen.has(t.name)) return false;
    seen.add(t.name);
    const answer = Object.values(t.getFields()).some((f) => walk(getNamedType(f.type), seen));
    return answer;
  };
  const answer = walk(type, new Set());
  known.set(type.name, answer);
  return answer;
}

export async function knownSizes(args: ExecutionArgs): Promise<Record<string, number>> {
  const ctx = args.contextValue as ApiContext | undefined;
  if (!ctx?.db) return {};
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return {};
  const root = args.schema.getRootType(operation.operation);
  if (!root) return {};
  // Each change in a mutation may add lines (aliases may repeat one): room for all of them.
  let adds = 0;
  const cartIds = new Set<string>();
  let newCart = false;
  let cartsKnown = true;
  const sizes: Record<string, number> = {};
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) {
      cartsKnown = false;
      continue;
    }
    const name = selection.name.value;
    const field = root.getFields()[name];
    if (!field) continue;
    const kind = CART_ROOTS[name];
    if (!kind) {
      if (holdsCart(args.schema, getNamedType(field.type))) cartsKnown = false;
      continue;
    }
    let values: Record<string, unknown>;
    try {
      values = getArgumentValues(field, selection, args.variableValues ?? undefined);
    } catch {
      cartsKnown = false;
      continue;
    }
    const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
    if (kind === "id" || kind === "cartId") {
      if (operation.operation === "mutation") adds += ADDED_LINES;
      const id = text(kind);
      if (UUID.test(id)) cartIds.add(id.toLowerCase());
      else newCart = true;
    } else if (kind === "orders") {
      const customer = await ctx.customer();
      if (!customer) {
        sizes["Query.getOrders"] = 0;
        continue;
      }
      const rows = await ctx.db
        .select({ cartId: orders.cartId })
        .from(orders)
        .where(
          and(eq(orders.customerId, customer.customerId), notInArray(orders.status, ["pending", "failed"])),
        )
        .orderBy(desc(orders.createdAt))
        .limit(MAX_ORDERS_LISTED);
      sizes["Query.getOrders"] = rows.length;
      for (const r of rows) cartIds.add(r.cartId);
    } else if (kind === "publicOrderId") {
      const id = text("publicOrderId");
      if (!UUID.test(id)) continue;
      const [row] = await ctx.db
        .select({ cartId: orders.cartId })
        .from(orders)
        .where(eq(orders.publicId, id.toLowerCase()));
      if (row) cartIds.add(row.cartId);
    } else {
      // The confirmation page: its cart id, else the hosted checkout's or the order's.
      const cartId = text("cartId");
      const id = text("id");
      if (UUID.test(cartId)) cartIds.add(cartId.toLowerCase());
      else {
        const [session] = id
          ? await ctx.db
              .select({ cartId: checkoutSessions.cartId })
              .from(checkoutSessions)
              .where(eq(checkoutSessions.providerReference, id))
              .limit(1)
          : [];
        const [order] =
          !session && id
            ? await ctx.db
                .select({ cartId: orders.cartId })
                .from(orders)
                .where(UUID.test(id) ? eq(orders.publicId, id.toLowerCase()) : eq(orders.orderNumber, id))
                .limit(1)
            : [];
        const found = session?.cartId ?? order?.cartId;
        if (found) cartIds.add(found);
      }
    }
  }
  if (!cartsKnown) return sizes;
  let lines = newCart ? 0 : -1;
  if (cartIds.size) {
    const rows = await ctx.db
      .select({ cartId: cartItems.cartId, n: count() })
      .from(cartItems)
      .where(inArray(cartItems.cartId, [...cartIds]))
      .groupBy(cartItems.cartId);
    lines = Math.max(0, lines, ...rows.map((r) => Number(r.n)));
  }
  if (lines >= 0 || cartIds.size) sizes["CartType.items"] = Math.max(0, lines) + adds;
  else sizes["CartType.items"] = adds;
  return sizes;
}
