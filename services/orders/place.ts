import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Tx } from "#db/client.ts";
import {
  carts,
  checkoutSessions,
  orderLines,
  orderNumberCounters,
  orderStatusHistory,
  orders,
  outbox,
  paymentMethods,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import {
  type CheckoutFields,
  checkoutCountry,
  checkoutErrors,
  normalizeIdentityNumber,
} from "#domain/checkout.ts";
import { msg } from "#domain/messages.ts";
import {
  formatOrderNumber,
  type LineFacts,
  ORDER_NUMBER_START,
  orderSnapshot,
  takeStock,
} from "#domain/order.ts";
import { checkTransition, type OrderStatus } from "#domain/order-status.ts";
import {
  type AuthorizeResult,
  operationKey,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentType,
} from "#integrations/payments/index.ts";
import type { ShippingProvider } from "#integrations/shipping/index.ts";
import { getCart } from "../cart/carts.ts";
import { completeCart } from "../cart/complete.ts";
import { type CartContext, CartError, type CartView } from "../cart/model.ts";
import { chosenPickupPoint } from "../checkout/pickup.ts";
import { chooseShipping, isExternalOption, verifyExternalShipping } from "../checkout/shipping.ts";
import { CheckoutError, checkoutErrors as errors } from "./errors.ts";

/**
 * Placing an order (issue 13, docs/decisions/0026): a short sequence of steps, each with its undo.
 *
 * 1. **Reserve** (one transaction, the cart row locked): validate the fields, price the cart with the cart's own
 *    rules, take each SKU's stock with a guarded update (shelf first, then backorder; never below zero), and write
 *    the order as `pending` with its line snapshots and the payment attempt (one per cart version and method, its
 *    idempotency key reused on every retry). Undo: the order fails and its stock goes back.
 * 2. **Authorise** with the payment provider, outside any transaction, with the attempt's key.
 *    Undo: cancel the authorisation.
 * 3. **Confirm** (one transaction, the order row locked): complete the cart (draws its promo code and gift cards),
 *    give the order its number, mark it `received`, count the sales and queue the confirmation e-mail in the
 *    outbox. A refusal here (a gift card drawn meanwhile) undoes 2 and 1.
 *
 * Placing the same cart again answers the same order: a live order for the cart is unique (`orders_cart_live`),
 * a second caller waits for the cart lock and then finds the first one's order, and reuses its attempt key, so the
 * provider answers the same authorisation.
 */

export type PaymentProviders = Partial<Record<PaymentType, PaymentProvider>>;

export interface OrderDeps {
  db: Database;
  payments: PaymentProviders;
  /** Shipping providers: a delivery checkout's choice (nShift) is verified with its provider when placed. */
  shipping?: readonly ShippingProvider[];
  /** Where a shipping provider's failure when placing is told (decision 0086). */
  logger?: Pick<Logger, "warn">;
}

export interface PlaceOrderInput extends CheckoutFields {
  /** The chosen pickup point by id (the provider's record is kept on the order, never what a client sent). */
  pickupPoint?: { id: string } | null;
}

export interface PlacedOrder {
  orderId: number;
  publicId: string;
  orderNumber: string | null;
  status: OrderStatus;
  /** The amount asked of the payment provider (total − gift cards), minor units. */
  payable: number;
  currency: string;
}

// `getCart` and `completeCart` take the database handle; inside our transaction they get the transaction handle
// (PGlite has one connection; a nested transaction becomes a savepoint).
const asDb = (tx: Tx) => tx as unknown as Database;

export interface PendingOrder {
  id: number;
  publicId: string;
  orderNumber: string | null;
  status: string;
  cartVersion: number | null;
  sessionId: string | null;
  idempotencyKey: string | null;
  paymentMethodKey: string | null;
  paymentType: PaymentType | null;
  payable: number;
  currency: string;
}

export async function liveOrder(db: Database | Tx, cartId: string): Promise<PendingOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      publicId: orders.publicId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      cartVersion: checkoutSessions.cartVersion,
      sessionId: orders.checkoutSessionId,
      idempotencyKey: checkoutSessions.idempotencyKey,
      paymentMethodKey: checkoutSessions.paymentMethodKey,
      paymentType: paymentMethods.paymentType,
      total: orders.totalIncVatMinor,
      balance: orders.balanceUsedMinor,
      currency: orders.currencyCode,
    })
    .from(orders)
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .leftJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(and(eq(orders.cartId, cartId), ne(orders.status, "failed")));
  if (!row) return undefined;
  return {
    ...row,
    paymentType: (row.paymentType as PaymentType | null) ?? null,
    payable: row.total - row.balance,
  };
}

const placed = (o: PendingOrder): PlacedOrder => ({
  orderId: o.id,
  publicId: o.publicId,
  orderNumber: o.orderNumber,
  status: o.status as OrderStatus,
  payable: o.payable,
  currency: o.currency,
});

async function recordStatus(tx: Tx, orderId: number, from: string | null, to: OrderStatus, reason?: string) {
  if (from !== null) {
    const check = checkTransition(from, to);
    if (!check.ok) throw new Error(`Order ${orderId}: ${from} → ${to} refused (${check.reason})`);
  }
  await tx.update(orders).set({ status: to, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: from, toStatus: to, reason: reason ?? null });
}

/** The product names and article numbers of the cart's lines, in the cart's language. */
export async function lineFacts(tx: Database | Tx, view: CartView, languageId: string): Promise<LineFacts[]> {
  const productIds = [...new Set(view.items.map((i) => i.productId))];
  if (!productIds.length) return [];
  const rows = await tx
    .select({ id: products.id, articleNumber: products.articleNumber, name: productTranslations.name })
    .from(products)
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, languageId)),
    )
    .where(inArray(products.id, productIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return view.items.map((item) => {
    const product = byId.get(item.productId);
    return {
      id: item.id,
      skuId: item.skuId,
      productId: item.productId,
      articleNumber: product?.articleNumber ?? String(item.productId),
      name: product?.name ?? product?.articleNumber ?? String(item.productId),
      skuName: item.skuName || null,
      campaignNames: item.applied.map((a) => a.name),
      groupKey: item.groupKey,
      packageId: item.packageId,
    };
  });
}

/** What the shopper is told a sold-out line is called: the product with its size. */
const itemName = (f: LineFacts) => (f.skuName ? `${f.name} (${f.skuName})` : f.name);

export interface Reserved {
  order: PendingOrder;
  request: PaymentRequest;
  paymentType: PaymentType;
}

/** Step 1: validate, price, reserve stock and write the pending order; or find the cart's order. */
export async function reserve(
  deps: OrderDeps,
  ctx: CartContext,
  cartId: string,
  input: PlaceOrderInput,
  mode: "standard" | "external" = "standard",
): Promise<{ done: PlacedOrder } | Reserved> {
  const now = ctx.now ?? new Date();
  // A delivery checkout's option (nShift): its fee as the provider asks it, on the cart before anything is reserved.
  const external = await verifyExternalShipping(
    deps,
    { ...ctx, customerType: input.customerType ?? "PERSON" },
    cartId,
    input,
  );
  return deps.db.transaction(async (tx) => {
    const cartColumns = {
      id: carts.id,
      version: carts.version,
      completedAt: carts.completedAt,
      customerId: carts.customerId,
      shippingOptionKey: carts.shippingOptionKey,
      externalShippingFeeMinor: carts.externalShippingFeeMinor,
    };
    let [cart] = await tx.select(cartColumns).from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new CheckoutError("INVALID_CART_ID", "No such cart", msg("cart.error.cartId"));
    const existing = await liveOrder(tx, cartId);
    if (existing && existing.status !== "pending") return { done: placed(existing) };
    if (cart.completedAt !== null)
      throw new CheckoutError("CART_COMPLETED", "The cart is completed", msg("checkout.error.completed"));

    const methodKey = input.paymentMethodKey ?? "";
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.key, methodKey), eq(paymentMethods.active, true)));
    const market = ctx.locale.market;
    const country = checkoutCountry(market.country?.code);
    const customerType = input.customerType ?? "PERSON";
    const usable =
      method &&
      (method.marketAliases.length === 0 || method.marketAliases.includes(market.alias)) &&
      method.customerTypes.includes(customerType);
    const fields = checkoutErrors(input, {
      country,
      needsIdentity: method?.checkoutType === "STANDARD",
      needsAddress: method?.checkoutType === "STANDARD",
    });
    if (!usable && !fields.paymentMethodKey) fields.paymentMethodKey = "checkout.error.paymentMethod";
    // A hosted checkout asks the shopper for e-mail, address and terms itself.
    if (mode === "external") {
      delete fields.email;
      delete fields.acceptedTerms;
      delete fields.zip;
    }
    if (Object.keys(fields).length || !method)
      throw new CheckoutError(
        "INVALID_CHECKOUT",
        "The checkout has invalid fields",
        msg("checkout.error.invalid"),
        {
          fields,
        },
      );
    const paymentType = method.paymentType as PaymentType;
    if (!deps.payments[paymentType])
      throw new CheckoutError(
        "UNKNOWN_PAYMENT_METHOD",
        `No provider for ${paymentType}`,
        msg("checkout.error.paymentMethod"),
      );

    // The chosen shipping option is the one the cart prices (a change bumps the cart's version).
    const shippingKey = external
      ? external.id
      : await chooseShipping(tx, cart, market.alias, input.shippingOptionId);
    if (!shippingKey)
      throw new CheckoutError("INVALID_CHECKOUT", "No such shipping option", msg("checkout.error.invalid"), {
        fields: { shippingOptionId: "checkout.error.shipping" },
      });
    // A delivery checkout's pickup point (nShift's agent) is one its provider offers for this option and zip, kept
    // as the provider gives it (name, address); none chosen: the nearest. An id it does not offer is refused.
    const pickupPoint = external ? chosenPickupPoint(external, input.pickupPoint?.id) : null;
    if (pickupPoint && input.pickupPoint?.id && pickupPoint.id !== input.pickupPoint.id)
      throw new CheckoutError("INVALID_CHECKOUT", "No such pickup point", msg("checkout.error.invalid"), {
        fields: { pickupPoint: "checkout.error.pickupPoint" },
      });
    [cart] = await tx.select(cartColumns).from(carts).where(eq(carts.id, cartId));
    if (!cart) throw new Error("the cart vanished");
    // The delivery checkout's fee changed since it was verified (setCartShippingFee in between): shown anew first.
    if (external && cart.externalShippingFeeMinor !== external.payableFeeMinor)
      throw new CheckoutError(
        "CART_CHANGED",
        "The shipping fee differs from the delivery checkout's",
        msg("checkout.error.changed"),
      );

    // The same attempt again (a double click, a retry): its order is reused, its key sent again.
    if (existing) {
      if (
        existing.cartVersion === cart.version &&
        existing.paymentMethodKey === method.key &&
        existing.idempotencyKey
      )
        return {
          order: existing,
          paymentType,
          request: await paymentRequest(tx, existing, ctx, input),
        };
      // The cart changed since (or another method is chosen): the old attempt is undone first.
      await failPending(tx, existing.id, "superseded by a new attempt");
    }

    const view = await getCart(asDb(tx), { ...ctx, customerType }, cartId, {
      allowExternalShippingFee: external !== null,
    });
    if (!view.items.length)
      throw new CheckoutError("EMPTY_CART", "The cart is empty", msg("checkout.error.emptyCart"));
    if (view.promoCodeUnmet?.code === "validity")
      throw new CheckoutError(
        "ORDER_NOT_CREATED",
        "The promo code can no longer be used",
        msg("cart.error.promoInvalid"),
      );
    const facts = await lineFacts(tx, view, ctx.locale.language.id);
    const factById = new Map(facts.map((f) => [f.id, f]));

    // Stock: each SKU's rows locked in id order (no deadlock between carts), taken with a guard.
    const wanted = new Map<number, number>();
    for (const item of view.items) wanted.set(item.skuId, (wanted.get(item.skuId) ?? 0) + item.quantity);
    const skuIds = [...wanted.keys()].sort((a, b) => a - b);
    const levels = await tx
      .select({ id: skus.id, inStock: skus.inStock, oversellable: skus.oversellable, static: skus.static })
      .from(skus)
      .where(inArray(skus.id, skuIds))
      .orderBy(asc(skus.id))
      .for("update");
    const levelById = new Map(levels.map((l) => [l.id, l]));
    const shelfLeft = new Map<number, number>();
    for (const skuId of skuIds) {
      const quantity = wanted.get(skuId) ?? 0;
      const level = levelById.get(skuId);
      const taken = level ? takeStock(level, quantity) : null;
      const fact = facts.find((f) => f.skuId === skuId);
      if (!taken) throw errors.outOfStock(skuId, fact ? itemName(fact) : String(skuId));
      if (taken.fromShelf || taken.backorder) {
        const updated = await tx
          .update(skus)
          .set({
            inStock: sql`${skus.inStock} - ${taken.fromShelf}`,
            oversellable: sql`${skus.oversellable} - ${taken.backorder}`,
          })
          .where(
            and(
              eq(skus.id, skuId),
              sql`${skus.inStock} >= ${taken.fromShelf}`,
              sql`${skus.oversellable} >= ${taken.backorder}`,
            ),
          )
          .returning({ id: skus.id });
        if (!updated.length) throw errors.outOfStock(skuId, fact ? itemName(fact) : String(skuId));
      }
      shelfLeft.set(skuId, taken.fromShelf);
    }

    const snapshot = orderSnapshot(view.totals, facts);
    const [session] = await tx
      .insert(checkoutSessions)
      .values({
        cartId,
        cartVersion: cart.version,
        paymentMethodKey: method.key,
        idempotencyKey: crypto.randomUUID(),
        data: input,
        status: "placing",
      })
      .onConflictDoUpdate({
        target: [checkoutSessions.cartId, checkoutSessions.cartVersion, checkoutSessions.paymentMethodKey],
        // A failed attempt (declined) is tried again with a new key: the provider would answer the old refusal.
        set: {
          data: input,
          status: "placing",
          updatedAt: sql`now()`,
          idempotencyKey: sql`case when ${checkoutSessions.status} = 'failed' then gen_random_uuid()::text else ${checkoutSessions.idempotencyKey} end`,
        },
      })
      .returning({ id: checkoutSessions.id, idempotencyKey: checkoutSessions.idempotencyKey });
    if (!session) throw new Error("writing the checkout session returned no row");

    const billing = input.billingAddress ?? {};
    const identity =
      input.identityNumber && country
        ? (normalizeIdentityNumber(input.identityNumber, country, customerType, now) ?? input.identityNumber)
        : (input.identityNumber ?? null);
    const [order] = await tx
      .insert(orders)
      .values({
        cartId,
        channelId: ctx.locale.channel.id,
        marketAlias: market.alias,
        languageId: ctx.locale.language.id,
        currencyCode: snapshot.totals.currency,
        customerId: cart.customerId,
        email: (input.email ?? "").trim().toLowerCase(),
        firstName: billing.firstName ?? null,
        lastName: billing.lastName ?? null,
        phone: input.phone ?? billing.phone ?? null,
        identityNumber: customerType === "PERSON" ? identity : null,
        customerType,
        organizationId: customerType === "ORGANIZATION" ? identity : null,
        companyName: customerType === "ORGANIZATION" ? (input.companyName ?? null) : null,
        billingAddress: billing,
        shippingAddress: input.shippingAddress ?? billing,
        zip: input.zip ?? billing.zip ?? null,
        status: "pending",
        paymentStatus: "pending",
        shippingMethod: shippingKey,
        shippingOptionKey: shippingKey,
        shippingOptionName: external?.name ?? null,
        shippingAgent: pickupPoint,
        shippingFeeIncVatMinor: snapshot.totals.shippingFeeIncVat,
        shippingFeeVatMinor: snapshot.totals.shippingFeeVat,
        paymentMethod: method.key,
        itemValueIncVatMinor: snapshot.totals.itemValueIncVat,
        itemValueExVatMinor: snapshot.totals.itemValueExVat,
        discountIncVatMinor: snapshot.totals.discountIncVat,
        vatMinor: snapshot.totals.vat,
        balanceUsedMinor: snapshot.totals.balanceUsed,
        totalIncVatMinor: snapshot.totals.totalIncVat,
        promoCode: view.totals.promo?.status === "applied" ? view.promoCode : null,
        message: input.message ?? null,
        checkoutSessionId: session.id,
      })
      .returning({ id: orders.id, publicId: orders.publicId });
    if (!order) throw new Error("writing the order returned no row");
    await tx.insert(orderLines).values(
      snapshot.lines.map((line, i) => {
        // A SKU on several lines: the shelf units go to the first lines.
        const shelf = Math.min(line.quantity, shelfLeft.get(line.skuId) ?? 0);
        shelfLeft.set(line.skuId, (shelfLeft.get(line.skuId) ?? 0) - shelf);
        const level = levelById.get(line.skuId);
        const isStatic = (level?.static ?? 0) > 0;
        return {
          orderId: order.id,
          skuId: line.skuId,
          productId: line.productId,
          articleNumber: line.articleNumber,
          name: line.name,
          skuName: line.skuName,
          quantity: line.quantity,
          fromShelf: isStatic ? 0 : shelf,
          backorder: isStatic ? 0 : line.quantity - shelf,
          unitRegularIncVatMinor: line.unitRegularIncVat,
          unitSellingIncVatMinor: line.unitSellingIncVat,
          vatRateBp: line.vatRateBp,
          discountIncVatMinor: line.discountIncVat,
          lineTotalIncVatMinor: line.lineTotalIncVat,
          lineVatMinor: line.lineVat,
          campaignNames: line.campaignNames,
          groupKey: line.groupKey,
          packageId: line.packageId ?? factById.get(view.items[i]?.id ?? "")?.packageId ?? null,
        };
      }),
    );
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: "pending" });
    const pending: PendingOrder = {
      id: order.id,
      publicId: order.publicId,
      orderNumber: null,
      status: "pending",
      cartVersion: cart.version,
      sessionId: session.id,
      idempotencyKey: session.idempotencyKey,
      paymentMethodKey: method.key,
      paymentType,
      payable: snapshot.totals.payable,
      currency: snapshot.totals.currency,
    };
    return {
      order: pending,
      paymentType,
      request: {
        reference: session.id,
        idempotencyKey: session.idempotencyKey,
        country: market.country?.code ?? "",
        currency: snapshot.totals.currency,
        locale: ctx.locale.language.id,
        lines: snapshot.lines,
        totals: snapshot.totals,
        shippingName: shippingKey,
        customer: {
          email: (input.email ?? "").trim(),
          phone: input.phone ?? null,
          customerType,
          identityNumber: identity,
          organizationId: customerType === "ORGANIZATION" ? identity : null,
          companyName: input.companyName ?? null,
          billingAddress: billing,
          shippingAddress: input.shippingAddress ?? null,
        },
      },
    };
  });
}

/** The payment request of an order already written (a retried attempt): its stored snapshot. */
export async function paymentRequest(
  tx: Tx,
  order: PendingOrder,
  ctx: CartContext,
  input: PlaceOrderInput,
): Promise<PaymentRequest> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  if (!row) throw new Error(`order ${order.id} vanished`);
  const customerType = row.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON";
  return {
    reference: order.sessionId ?? row.publicId,
    idempotencyKey: order.idempotencyKey ?? "",
    country: ctx.locale.market.country?.code ?? "",
    currency: row.currencyCode,
    locale: row.languageId,
    lines: lines.map((l) => ({
      skuId: l.skuId ?? 0,
      productId: l.productId ?? 0,
      articleNumber: l.articleNumber,
      name: l.name,
      skuName: l.skuName,
      campaignNames: l.campaignNames,
      groupKey: l.groupKey,
      packageId: l.packageId,
      quantity: l.quantity,
      vatRateBp: l.vatRateBp,
      unitRegularIncVat: l.unitRegularIncVatMinor,
      unitSellingIncVat: l.unitSellingIncVatMinor,
      discountIncVat: l.discountIncVatMinor,
      lineTotalIncVat: l.lineTotalIncVatMinor,
      lineVat: l.lineVatMinor,
    })),
    totals: {
      currency: row.currencyCode,
      itemValueIncVat: row.itemValueIncVatMinor,
      itemValueExVat: row.itemValueExVatMinor,
      discountIncVat: row.discountIncVatMinor,
      shippingFeeIncVat: row.shippingFeeIncVatMinor,
      shippingFeeVat: row.shippingFeeVatMinor,
      vat: row.vatMinor,
      totalIncVat: row.totalIncVatMinor,
      balanceUsed: row.balanceUsedMinor,
      payable: row.totalIncVatMinor - row.balanceUsedMinor,
    },
    shippingName: row.shippingMethod ?? "",
    customer: {
      email: row.email,
      phone: row.phone,
      customerType,
      identityNumber: row.identityNumber ?? row.organizationId,
      organizationId: row.organizationId,
      companyName: row.companyName,
      billingAddress: input.billingAddress ?? null,
      shippingAddress: input.shippingAddress ?? null,
    },
  };
}

/** The undo of step 1: a pending order fails and every unit it took goes back where it came from. */
async function failPending(tx: Tx, orderId: number, reason: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (row?.status !== "pending") return false;
  const lines = await tx
    .select({ skuId: orderLines.skuId, fromShelf: orderLines.fromShelf, backorder: orderLines.backorder })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const back = new Map<number, { shelf: number; backorder: number }>();
  for (const l of lines) {
    if (l.skuId === null) continue;
    const b = back.get(l.skuId) ?? { shelf: 0, backorder: 0 };
    b.shelf += l.fromShelf;
    b.backorder += l.backorder;
    back.set(l.skuId, b);
  }
  for (const [skuId, b] of [...back].sort((x, y) => x[0] - y[0]))
    if (b.shelf || b.backorder)
      await tx
        .update(skus)
        .set({
          inStock: sql`${skus.inStock} + ${b.shelf}`,
          oversellable: sql`${skus.oversellable} + ${b.backorder}`,
        })
        .where(eq(skus.id, skuId));
  await recordStatus(tx, orderId, "pending", "failed", reason);
  const [order] = await tx
    .update(orders)
    .set({ paymentStatus: "declined" })
    .where(eq(orders.id, orderId))
    .returning({ sessionId: orders.checkoutSessionId });
  if (order?.sessionId)
    await tx
      .update(checkoutSessions)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(eq(checkoutSessions.id, order.sessionId));
  return true;
}

/** Undo of steps 1 (and 2 when authorised): fails the order, releases its stock, cancels the authorisation. */
export async function undo(
  deps: OrderDeps,
  reserved: Reserved,
  reason: string,
  authorized: Extract<AuthorizeResult, { status: "authorized" }> | null,
) {
  if (authorized) {
    const provider = deps.payments[reserved.paymentType];
    await provider
      ?.cancel(authorized.providerReference, operationKey(reserved.request.idempotencyKey, "cancel"))
      .catch(() => {
        // Left to reconciliation: an authorisation without a live order is cancelled there.
      });
  }
  await deps.db.transaction((tx) => failPending(tx, reserved.order.id, reason));
}

/** Step 3: the order is received, the cart completed, the number given, the e-mail queued. */
export async function confirm(
  deps: OrderDeps,
  ctx: CartContext,
  cartId: string,
  reserved: Reserved,
  authorized: Extract<AuthorizeResult, { status: "authorized" }>,
): Promise<PlacedOrder | "gone"> {
  return deps.db.transaction(async (tx) => {
    // Locks in the order every step takes them: the cart, then its order (no deadlock with a concurrent reserve).
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    const [row] = await tx
      .select({
        status: orders.status,
        orderNumber: orders.orderNumber,
        channelId: orders.channelId,
        shippingOptionKey: orders.shippingOptionKey,
      })
      .from(orders)
      .where(eq(orders.id, reserved.order.id))
      .for("update");
    if (!row || row.status === "failed") return "gone" as const;
    if (row.status !== "pending")
      return { ...placed(reserved.order), status: row.status as OrderStatus, orderNumber: row.orderNumber };
    const view = await completeCart(asDb(tx), ctx, cartId, {
      allowExternalShippingFee: isExternalOption(row.shippingOptionKey),
    });
    // What the cart drew now must be what was authorised (a gift card used by another cart meanwhile is not).
    if (
      view.totals.balance.pending !== reserved.request.totals.balanceUsed ||
      view.totals.total.selling !== reserved.request.totals.totalIncVat
    )
      throw new CheckoutError(
        "ORDER_NOT_CREATED",
        "The cart's money changed before confirmation",
        msg("checkout.error.notCreated"),
      );
    const [counter] = await tx
      .insert(orderNumberCounters)
      .values({ channelId: row.channelId, lastValue: ORDER_NUMBER_START })
      .onConflictDoUpdate({
        target: orderNumberCounters.channelId,
        set: { lastValue: sql`${orderNumberCounters.lastValue} + 1` },
      })
      .returning({ lastValue: orderNumberCounters.lastValue });
    const orderNumber = formatOrderNumber(row.channelId, counter?.lastValue ?? ORDER_NUMBER_START);
    await tx
      .update(orders)
      .set({
        orderNumber,
        paymentStatus: "authorized",
        paymentReference: authorized.providerReference,
        confirmedAt: sql`now()`,
      })
      .where(eq(orders.id, reserved.order.id));
    await recordStatus(tx, reserved.order.id, "pending", "received", "payment authorised");
    if (reserved.order.sessionId)
      await tx
        .update(checkoutSessions)
        .set({ status: "completed", providerReference: authorized.providerReference, updatedAt: sql`now()` })
        .where(eq(checkoutSessions.id, reserved.order.sessionId));
    // Sales counts feed the bestseller and most-sold sorts.
    const sold = new Map<number, number>();
    for (const l of reserved.request.lines) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
    for (const [productId, quantity] of [...sold].sort((a, b) => a[0] - b[0]))
      await tx
        .update(products)
        .set({ salesCount: sql`${products.salesCount} + ${quantity}` })
        .where(eq(products.id, productId));
    await tx
      .insert(outbox)
      .values({
        kind: "order.confirmation",
        payload: {
          orderId: reserved.order.id,
          publicId: reserved.order.publicId,
          languageId: ctx.locale.language.id,
        },
        dedupeKey: `order.confirmation:${reserved.order.publicId}`,
      })
      .onConflictDoNothing();
    return { ...placed(reserved.order), status: "received" as const, orderNumber };
  });
}

/**
 * placeOrder for the shop's own form (checkout type STANDARD: the invoice provider authorises at once). Answers
 * the order, `received`; or throws a CheckoutError after undoing what it did (nothing sold, the cart open).
 * Placing the same cart again answers the same order.
 */
export async function placeOrder(
  deps: OrderDeps,
  ctx: CartContext,
  cartId: string,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  let reserved: Awaited<ReturnType<typeof reserve>>;
  try {
    reserved = await reserve(deps, ctx, cartId, input);
  } catch (error) {
    throw translate(error);
  }
  if ("done" in reserved) return reserved.done;
  const provider = deps.payments[reserved.paymentType];
  if (!provider) throw errors.failed(`no provider for ${reserved.paymentType}`);
  if (provider.checkoutType !== "STANDARD")
    throw new CheckoutError(
      "UNKNOWN_PAYMENT_METHOD",
      "A hosted checkout is completed by its provider's confirmation, not by placeOrder",
      msg("checkout.error.paymentMethod"),
    );
  let result: AuthorizeResult;
  try {
    result = await provider.authorize(reserved.request);
  } catch (error) {
    // The outcome is unknown: the pending order keeps its stock, a retry sends the same key and gets the
    // provider's answer; an abandoned attempt is settled by reconcilePendingOrders.
    throw errors.failed(`authorising failed: ${(error as Error).message}`);
  }
  if (result.status !== "authorized") {
    await undo(deps, reserved, `payment ${result.status}: ${result.reason}`, null);
    throw result.status === "blocked" ? errors.blocked(result.reason) : errors.declined(result.reason);
  }
  try {
    const confirmed = await confirm(deps, ctx, cartId, reserved, result);
    if (confirmed === "gone") {
      await undo(deps, reserved, "the order was undone while authorising", result);
      throw new CheckoutError("CART_CHANGED", "The attempt was superseded", msg("checkout.error.changed"));
    }
    return confirmed;
  } catch (error) {
    if (error instanceof CheckoutError && error.reason === "CART_CHANGED") throw error;
    await undo(deps, reserved, `confirming failed: ${(error as Error).message}`, result);
    throw translate(error);
  }
}

export function translate(error: unknown): unknown {
  if (error instanceof CartError)
    return new CheckoutError("ORDER_NOT_CREATED", error.message, error.text, { cartReason: error.reason });
  return error;
}

/** The cart's live order, if any (the confirmation page, a retried placeOrder). */
export async function orderOfCart(db: Database, cartId: string): Promise<PlacedOrder | null> {
  const found = await liveOrder(db, cartId);
  return found && found.status !== "pending" ? placed(found) : null;
}
