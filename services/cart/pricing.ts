import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  campaignTranslations,
  categories,
  discountCampaigns,
  giftCards,
  giftCardTransactions,
  productCategories,
  promoCodes,
  shippingOptions,
} from "#db/schema/index.ts";
import { type CartLine, type CartRuleSet, type PackageGroup, priceCart } from "#domain/cart.ts";
import { type ProductClass, vatRateFor } from "#domain/vat.ts";
import { loadPackageRules, packageGroupOf } from "../package-prices.ts";
import { announcedReference } from "../price-history.ts";
import { asCustomerType, type CartContext, type CartView, currencyOf, type Db } from "./model.ts";
import { promoRuleSet, promoUnusable } from "./promo-rules.ts";
import { buyable, type LoadedItem, loadItems, type StoredCart } from "./store.ts";

/**
 * The priced cart: its lines with their category scopes, the running cart campaigns, its promo code and gift
 * cards, the shipping option and its packages, priced by domain/cart.ts#priceCart.
 */

/** Each product's categories with all their ancestors: ids and keys (for campaign scopes). */
async function categoryScopes(db: Db, productIds: number[]) {
  const out = new Map<number, { ids: number[]; keys: string[] }>();
  if (!productIds.length) return out;
  const [tree, links] = await Promise.all([
    db.select({ id: categories.id, parentId: categories.parentId, key: categories.key }).from(categories),
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, productIds)),
  ]);
  const byId = new Map(tree.map((c) => [c.id, c]));
  for (const link of links) {
    const scope = out.get(link.productId) ?? { ids: [], keys: [] };
    let node = byId.get(link.categoryId);
    for (let depth = 0; node && depth < 16; depth++) {
      if (!scope.ids.includes(node.id)) {
        scope.ids.push(node.id);
        scope.keys.push(node.key);
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    out.set(link.productId, scope);
  }
  return out;
}

/** Cart campaigns running now, in priority order, with their names in the language. */
async function runningCampaigns(
  db: Db,
  languageId: string,
  marketAlias: string,
  now: Date,
): Promise<CartRuleSet[]> {
  const rows = await db
    .select({
      id: discountCampaigns.id,
      conditions: discountCampaigns.conditions,
      actions: discountCampaigns.actions,
      stackable: discountCampaigns.stackable,
      hideTitle: discountCampaigns.hideTitle,
      key: discountCampaigns.key,
      name: campaignTranslations.name,
    })
    .from(discountCampaigns)
    .leftJoin(
      campaignTranslations,
      and(
        eq(campaignTranslations.campaignId, discountCampaigns.id),
        eq(campaignTranslations.languageId, languageId),
      ),
    )
    .where(
      and(
        eq(discountCampaigns.discountType, "CART_CAMPAIGN"),
        eq(discountCampaigns.active, true),
        // Its markets (decision 0045); none named: every market.
        sql`(cardinality(${discountCampaigns.marketAliases}) = 0 or ${marketAlias} = any(${discountCampaigns.marketAliases}))`,
        sql`(${discountCampaigns.startsAt} is null or ${discountCampaigns.startsAt} <= ${now.toISOString()})`,
        sql`(${discountCampaigns.endsAt} is null or ${discountCampaigns.endsAt} > ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(discountCampaigns.priority), asc(discountCampaigns.id));
  return rows.map((r) => ({
    id: `campaign:${r.id}`,
    kind: "campaign",
    name: r.name ?? r.key,
    hideTitle: r.hideTitle,
    conditions: r.conditions,
    actions: r.actions,
    stackable: r.stackable,
  }));
}

/**
 * The packages in a cart, priced as the package's own price for its default picks: the group costs
 * (package price / default picks' price) of its picks' selling prices (docs/decisions/0012). The rule's numbers
 * are the product page's too (services/package-prices.ts).
 */
async function packagePricing(
  db: Db,
  items: LoadedItem[],
  opts: { marketAlias: string; languageId: string; at: Date },
): Promise<PackageGroup[]> {
  const groups = new Map<string, number>();
  for (const item of items)
    if (item.groupKey && item.packageId !== null) groups.set(item.groupKey, item.packageId);
  const rules = await loadPackageRules(db, [...new Set(groups.values())], opts);
  return [...groups].flatMap(([groupKey, packageId]) => {
    const rule = rules.get(packageId);
    return rule ? [packageGroupOf(rule, groupKey)] : [];
  });
}

export async function priceStoredCart(
  db: Db,
  cart: StoredCart,
  ctx: CartContext,
  opts: { allowExternalShippingFee?: boolean } = {},
): Promise<CartView> {
  const { locale, ref } = ctx;
  // A completed cart is priced as it was completed (a retried completeCart answers the same money): at its
  // completion time, without counting its own promo code use, and with what it drew from its gift cards.
  const completed = cart.completedAt !== null;
  const now = cart.completedAt ?? ctx.now ?? new Date();
  const currency = currencyOf(locale);
  const market = locale.market;
  const languageId = locale.language.id;
  const customerType = asCustomerType(ctx.customerType) ?? asCustomerType(cart.customerType) ?? "PERSON";
  const loaded = await loadItems(db, cart.id, market.alias, now);
  const items = loaded.filter((i) => buyable(i, currency));
  const productIds = [...new Set(items.map((i) => i.productId))];
  const promoCode = cart.promoCode;
  const [scopes, campaigns, promoRows, cards, shipping, packages, drawn] = await Promise.all([
    categoryScopes(db, productIds),
    runningCampaigns(db, languageId, market.alias, now),
    promoCode ? db.select().from(promoCodes).where(eq(promoCodes.code, promoCode)) : Promise.resolve([]),
    cart.giftCardCodes.length
      ? db.select().from(giftCards).where(inArray(giftCards.code, cart.giftCardCodes))
      : Promise.resolve([]),
    db
      .select()
      .from(shippingOptions)
      .where(and(eq(shippingOptions.marketAlias, market.alias), eq(shippingOptions.active, true)))
      .orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id)),
    packagePricing(db, items, { marketAlias: market.alias, languageId, at: now }),
    completed && cart.giftCardCodes.length
      ? db
          .select({
            giftCardId: giftCardTransactions.giftCardId,
            amountMinor: giftCardTransactions.amountMinor,
          })
          .from(giftCardTransactions)
          .where(eq(giftCardTransactions.cartId, cart.id))
      : Promise.resolve([]),
  ]);
  const country = market.country?.code;
  const lines: CartLine[] = items.map((item) => {
    const scope = scopes.get(item.productId);
    return {
      id: String(item.id),
      skuId: item.skuId,
      productId: item.productId,
      quantity: item.quantity,
      // What the line's reduction is announced against (docs/decisions/0013): its prior price, or no reduction.
      regular:
        item.selling !== null && item.regular !== null && item.history !== null
          ? announcedReference({ regular: item.regular, selling: item.selling }, item.history, now)
          : (item.selling ?? 0),
      selling: item.selling ?? 0,
      priceCampaign: (item.selling ?? 0) < (item.regular ?? 0),
      vatRateBp: country
        ? vatRateFor(ref.vatRates, country, item.productClass as ProductClass, now).rateBp
        : 0,
      categoryIds: scope?.ids ?? [],
      categoryKeys: scope?.keys ?? [],
      brandId: item.brandId,
      kind: item.kind,
      groupKey: item.groupKey,
    };
  });
  const promoRow = promoRows[0];
  const promo =
    promoRow && (await promoUnusable(db, promoRow, cart.customerId, now, { countUses: !completed })) === null
      ? promoRuleSet(promoRow, languageId)
      : null;
  // What this cart drew from each card (completed carts) is its own again: the balance before completion.
  const drawnBy = new Map(drawn.map((d) => [d.giftCardId, -d.amountMinor]));
  const usableCards = cards
    .filter((c) => c.active && c.currencyCode === currency && !(c.expiresAt && c.expiresAt <= now))
    .map((c) => ({ ...c, balanceMinor: c.balanceMinor + (drawnBy.get(c.id) ?? 0) }));
  const chosen =
    shipping.find((s) => s.key === cart.shippingOptionKey) ??
    shipping.find((s) => s.isDefault) ??
    shipping[0];
  const external = opts.allowExternalShippingFee && cart.externalShippingFeeMinor !== null;
  const totals = priceCart({
    currency,
    customerType,
    lines,
    packages,
    campaigns,
    promo,
    shipping: external
      ? { feeMinor: cart.externalShippingFeeMinor ?? 0, freeOverMinor: null, isDefault: false }
      : chosen
        ? { feeMinor: chosen.feeMinor, freeOverMinor: chosen.freeOverMinor, isDefault: chosen.isDefault }
        : { feeMinor: market.shippingFeeMinor, freeOverMinor: market.freeShippingOverMinor, isDefault: true },
    // Gift cards in the order they were added.
    giftCards: cart.giftCardCodes.flatMap((code) => {
      const card = usableCards.find((c) => c.code === code);
      return card ? [{ code, balanceMinor: card.balanceMinor }] : [];
    }),
  });
  const byRule = new Map(totals.applied.map((a) => [a.id, a]));
  const pricedById = new Map(totals.lines.map((l) => [l.id, l]));
  return {
    id: cart.id,
    version: cart.version,
    isCompleted: cart.completedAt !== null,
    marketAlias: market.alias,
    currency,
    customerType,
    promoCode,
    // A code kept on the cart that has expired (or been used up) since gives nothing either, and says so.
    promoCodeUnmet:
      promoCode && !promo
        ? { code: "validity" }
        : totals.promo?.status === "requirementsNotMet"
          ? totals.promo.unmet
          : null,
    giftCards: totals.balance.giftCards.map((g) => ({
      code: g.code,
      used: g.used,
      balance: usableCards.find((c) => c.code === g.code)?.balanceMinor ?? 0,
    })),
    merchantData:
      cart.merchantData === null || cart.merchantData === undefined
        ? null
        : JSON.stringify(cart.merchantData),
    items: items.flatMap((item) => {
      const priced = pricedById.get(String(item.id));
      if (!priced) return [];
      return [
        {
          id: String(item.id),
          skuId: item.skuId,
          productId: item.productId,
          skuName: item.skuName,
          quantity: item.quantity,
          groupKey: item.groupKey,
          packageId: item.packageId,
          packageGroupId: item.packageGroupId,
          message: item.message,
          stock: {
            inStock: item.inStock,
            oversellable: item.oversellable,
            static: item.static,
            incoming: item.incoming,
            totalStock: item.inStock + item.oversellable + item.static,
          },
          currency,
          vatRateBp: priced.vatRateBp,
          priced,
          applied: priced.applied.flatMap((id) => {
            const rule = byRule.get(id);
            return rule ? [rule] : [];
          }),
        },
      ];
    }),
    totals,
    shippingIsDefault: external ? false : (chosen?.isDefault ?? true),
  };
}
