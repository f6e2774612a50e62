import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { cartItems, products, skus } from "#db/schema/index.ts";
import { MAX_CART_LINES } from "#domain/cart.ts";
import { loadPackages } from "../product-detail.ts";
import { changeCart } from "./change.ts";
import { assertBuyable, assertQuantity, assertStock, loadSkus, quantities } from "./line-checks.ts";
import { type CartContext, CartError, currencyOf } from "./model.ts";

export interface PackageSelection {
  groupId: number;
  optionId: number;
  /** The SKU of the option's product; needed when it has several (sizes). */
  skuId?: number | null;
}

/**
 * addPackageToCart: one package as a group of items (a new group key), after checking that every required group
 * has a pick, every pick belongs to the package, each picked product's SKU is chosen and can be bought.
 */
export function addPackageToCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  packageId: number,
  selections: readonly PackageSelection[],
  quantity = 1,
) {
  const currency = currencyOf(ctx.locale);
  assertQuantity(quantity, false);
  return changeCart(db, ctx, id, async (tx, cart) => {
    const languageId = ctx.locale.language.id;
    const [pkgProduct] = await tx
      .select({ id: products.id, type: products.type, active: products.active })
      .from(products)
      .where(eq(products.id, packageId));
    const pkg =
      pkgProduct?.type === "package" && pkgProduct.active
        ? (await loadPackages(tx as unknown as Database, languageId, [packageId])).get(packageId)
        : null;
    if (!pkg) throw new CartError("UNKNOWN_PACKAGE", `No package ${packageId}`, { packageId });
    const picks: {
      groupId: number;
      productId: number;
      quantity: number;
      skuId: number | null | undefined;
    }[] = [];
    for (const selection of selections) {
      const group = pkg.groups.find((g) => g.groupId === selection.groupId);
      const option = group?.options.find((o) => o.optionId === selection.optionId);
      if (!group || !option)
        throw new CartError("PACKAGE_INCOMPLETE", "A pick does not belong to this package", {
          groupId: selection.groupId,
        });
      if (picks.some((p) => p.groupId === group.groupId))
        throw new CartError("PACKAGE_INCOMPLETE", "One pick per group", { groupId: group.groupId });
      picks.push({
        groupId: group.groupId,
        productId: option.productId,
        quantity: option.quantity * quantity,
        skuId: selection.skuId,
      });
    }
    const missing = pkg.groups.filter((g) => g.required && !picks.some((p) => p.groupId === g.groupId));
    if (missing.length)
      throw new CartError("PACKAGE_INCOMPLETE", "Every required group needs a pick", {
        groups: missing.map((g) => g.name),
      });
    // The SKU of each pick: the one chosen, or the product's only active SKU.
    const skuOfProducts = await tx
      .select({ id: skus.id, productId: skus.productId })
      .from(skus)
      .where(
        and(
          inArray(
            skus.productId,
            picks.map((p) => p.productId),
          ),
          eq(skus.active, true),
        ),
      );
    const chosen = picks.map((p) => {
      const own = skuOfProducts.filter((s) => s.productId === p.productId);
      const skuId = p.skuId ?? (own.length === 1 ? own[0]?.id : undefined);
      if (skuId === undefined || !own.some((s) => s.id === skuId))
        throw new CartError("PACKAGE_SIZE_NEEDED", "Choose a size for each pick of the package", {
          groupId: p.groupId,
        });
      return { ...p, skuId };
    });
    const skuRows = await loadSkus(
      tx,
      chosen.map((c) => c.skuId),
      ctx.locale.market.alias,
      languageId,
    );
    const { rows, bySku } = await quantities(tx, cart.id);
    if (rows.length + chosen.length > MAX_CART_LINES)
      throw new CartError("TOO_MANY_LINES", `A cart holds at most ${MAX_CART_LINES} lines`, {
        max: MAX_CART_LINES,
      });
    const next = new Map(bySku);
    for (const c of chosen) next.set(c.skuId, (next.get(c.skuId) ?? 0) + c.quantity);
    for (const c of chosen) {
      const sku = skuRows.get(c.skuId);
      try {
        assertStock(assertBuyable(sku, c.skuId, currency), next.get(c.skuId) ?? 0);
      } catch (error) {
        if (error instanceof CartError)
          throw new CartError("PACKAGE_ITEM_SOLD_OUT", "A product of the package cannot be bought", {
            name: sku?.name ?? null,
            skuId: c.skuId,
          });
        throw error;
      }
    }
    const groupKey = crypto.randomUUID();
    await tx.insert(cartItems).values(
      chosen.map((c) => ({
        cartId: cart.id,
        skuId: c.skuId,
        quantity: c.quantity,
        groupKey,
        packageId,
        packageGroupId: c.groupId,
      })),
    );
  });
}
