import { eq, inArray, sql } from "drizzle-orm";
import {
  campaignTranslations,
  discountCampaigns,
  giftCards,
  giftCardTransactions,
  promoCodes,
  shippingOptions,
} from "#db/schema/index.ts";
import { type CartLine, type CartRuleSet, type PackageGroup, priceCart, type Rule } from "#domain/cart.ts";
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

interface StoredRules {
  campaigns: {
    id: number;
    conditions: Rule[];
    actions: Rule[];
    stackable: boolean;
    hideTitle: boolean;
    name: string;
  }[];
  shipping: { key: string; feeMinor: number; freeOverMinor: number | null; isDefault: boolean }[];
}

function json<T>(value: T | string | null): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/**
 * What prices every cart of a market, in one statement: the cart campaigns running now in priority order with
 * their names in the language (their markets, decision 0045: none named is every market), and the market's
 * active shipping options in their order.
 */
interface MarketRules {
  campaigns: CartRuleSet[];
  shipping: StoredRules["shipping"];
}

async function marketRules(db: Db, languageId: string, marketAlias: string, now: Date): Promise<MarketRules> {
  const at = now.toISOString();
  // A select of two scalar subqueries (rather than db.execute) so it can be a prepared statement (decision 0070).
  const [row] = await db
    .select({
      campaigns: sql<StoredRules["campaigns"] | string | null>`(select coalesce(json_agg(json_build_object(
          'id', d.id, 'conditions', d.conditions, 'actions', d.actions, 'stackable', d.stackable,
          'hideTitle', d.hide_title, 'name', coalesce(t.name, d.key)) order by d.priority, d.id), '[]'::json)
       from ${discountCampaigns} d
       left join ${campaignTranslations} t on t.campaign_id = d.id and t.language_id = ${languageId}
      where d.discount_type = 'CART_CAMPAIGN' and d.active
        and (cardinality(d.market_aliases) = 0 or ${marketAlias} = any(d.market_aliases))
        and (d.starts_at is null or d.starts_at <= ${at}::timestamptz)
        and (d.ends_at is null or d.ends_at > ${at}::timestamptz))`,
      shipping: sql<StoredRules["shipping"] | string | null>`(select coalesce(json_agg(json_build_object(
          'key', s.key, 'feeMinor', s.fee_minor, 'freeOverMinor', s.free_over_minor, 'isDefault', s.is_default)
          order by s.sort_order, s.id), '[]'::json)
       from ${shippingOptions} s
      where s.market_alias = ${marketAlias} and s.active)`,
    })
    .from(sql`(select) as market_rules`)
    .prepare("cart_market_rules")
    .execute();
  return {
    campaigns: (json(row?.campaigns ?? null) ?? []).map((r) => ({
      id: `campaign:${r.id}`,
      kind: "campaign",
      name: r.name,
      hideTitle: r.hideTitle,
      conditions: r.conditions,
      actions: r.actions,
      stackable: r.stackable,
    })),
    shipping: json(row?.shipping ?? null) ?? [],
  };
}

/** A line's category scope as loaded (store.ts): ids and keys. */
function scopeOf(item: LoadedItem): { ids: number[]; keys: string[] } {
  const pairs = json(item.scope) ?? [];
  return { ids: pairs.map(([id]) => id), keys: pairs.map(([, key]) => key) };
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

/**
 * The first statements of a priced read, sent when this is called: the lines (with their category scopes) and the
 * market's rules, independent of each other, together. `now` is the time the cart is priced at: a completed cart
 * is priced as it was completed (a retried completeCart answers the same money), at its completion time.
 */
export interface PricingRead {
  now: Date;
  loaded: Promise<[LoadedItem[], MarketRules]>;
}

export function readForPricing(
  db: Db,
  cart: Pick<StoredCart, "id" | "completedAt">,
  ctx: CartContext,
): PricingRead {
  const now = cart.completedAt ?? ctx.now ?? new Date();
  const market = ctx.locale.market;
  return {
    now,
    loaded: Promise.all([
      loadItems(db, cart.id, market.alias, now),
      marketRules(db, ctx.locale.language.id, market.alias, now),
    ]),
  };
}

export function priceStoredCart(
  db: Db,
  cart: StoredCart,
  ctx: CartContext,
  opts: { allowExternalShippingFee?: boolean } = {},
): Promise<CartView> {
  currencyOf(ctx.locale);
  return pricedCart(db, cart, ctx, readForPricing(db, cart, ctx), opts);
}

/** The priced cart from a priced read sent before (readForPricing, of this cart as stored before `cart`'s bump). */
export async function pricedCart(
  db: Db,
  cart: StoredCart,
  ctx: CartContext,
  read: PricingRead,
  opts: { allowExternalShippingFee?: boolean } = {},
): Promise<CartView> {
  const [loaded, rules] = await read.loaded;
  const { locale, ref } = ctx;
  // A completed cart is priced without counting its own promo code use, and with what it drew from its gift cards.
  const completed = cart.completedAt !== null;
  const now = read.now;
  const currency = currencyOf(locale);
  const market = locale.market;
  const languageId = locale.language.id;
  const customerType = asCustomerType(ctx.customerType) ?? asCustomerType(cart.customerType) ?? "PERSON";
  const promoCode = cart.promoCode;
  const items = loaded.filter((i) => buyable(i, currency));
  const { campaigns, shipping } = rules;
  const [promoRows, cards, packages, drawn] = await Promise.all([
    promoCode ? db.select().from(promoCodes).where(eq(promoCodes.code, promoCode)) : Promise.resolve([]),
    cart.giftCardCodes.length
      ? db.select().from(giftCards).where(inArray(giftCards.code, cart.giftCardCodes))
      : Promise.resolve([]),
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
    const scope = scopeOf(item);
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
      categoryIds: scope.ids,
      categoryKeys: scope.keys,
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
