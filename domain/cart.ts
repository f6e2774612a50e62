/**
 * The cart's price rules (spec §3, §9): packages, cart campaigns, promo codes, shipping, gift cards and the
 * summary. Pure: every amount is integer minor units including VAT, in one currency; the caller loads the
 * lines, rules and fees and this module only computes (docs/decisions/0012-cart-price-rules.md).
 *
 * Order of work:
 * 1. Each line's unit selling price already holds its price campaign (the price in effect, as lists show it).
 * 2. Packages: a package group costs its package price for the default picks, and the same fraction of the
 *    picks' own prices for other picks; the reduction is spread over the group's units.
 * 3. Cart campaigns in priority order, then the promo code: percent off, buy X pay for Y and cheapest free
 *    lower unit prices; fixed amounts off are kept apart (`fixedAmountDiscount`) and spread over the lines
 *    last, only to compute each line's VAT; free shipping zeroes the fee.
 * 4. Shipping: the market's default fee unless the goods reach the free-shipping threshold or a rule gives
 *    free shipping; its VAT follows the goods' VAT rates in proportion (Swedish and Norwegian practice).
 * 5. VAT per line on what the line finally costs; the order's VAT is the sum of the lines' and the shipping's.
 * 6. Gift cards pay, they do not discount: the total and its VAT stay, `balance.pending` is what the cards
 *    cover and `payable` what is left to pay.
 */
import { allocate, roundHalfAwayFromZero } from "./money.ts";
import { vatOfGross } from "./vat.ts";

export type CustomerType = "PERSON" | "ORGANIZATION";
export const CUSTOMER_TYPES: readonly CustomerType[] = ["PERSON", "ORGANIZATION"];

/** A condition or action of a campaign or promo code, as stored: `{code, args}`. */
export interface Rule {
  code: string;
  args?: unknown;
}

// The cart's limits and its quantity live apart (cart-quantity.ts): every page's header needs them, and only the
// pages that price something need the rules below, so the browser loads them there.
export { cartQuantity, MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-quantity.ts";
/** Promo codes and gift-card codes are at most this long; anything longer is no code. */
export const MAX_CODE_LENGTH = 64;

export interface CartLine {
  id: string;
  skuId: number;
  productId: number;
  quantity: number;
  /**
   * The unit price the line's reduction is announced against, including VAT (docs/decisions/0013): the prior price
   * of the reduction announced now (domain/prices.ts priceReduction), else the selling price (nothing announced).
   */
  regular: number;
  /** Unit selling price, including VAT: the price in effect, with its price campaign. */
  selling: number;
  /**
   * Whether a price campaign lowers the unit (non-stackable rules leave it alone), announced or not; by default when
   * the selling price is below `regular`.
   */
  priceCampaign?: boolean;
  vatRateBp: number;
  /** What scope conditions look at. */
  categoryIds: readonly number[];
  categoryKeys: readonly string[];
  brandId: number | null;
  kind: string | null;
  /** Lines added together as one package share a group key. */
  groupKey: string | null;
}

export interface PackageGroup {
  groupKey: string;
  packageId: number;
  name: string;
  /** The group costs round(Σ unit selling × numerator / denominator), when that is lower. */
  numerator: number;
  denominator: number;
}

export interface CartRuleSet {
  id: string;
  kind: "campaign" | "promo";
  name: string;
  hideTitle: boolean;
  conditions: readonly Rule[];
  actions: readonly Rule[];
  /** A non-stackable rule takes no unit another rule reduced, and no later rule reduces the units it took. */
  stackable: boolean;
}

export interface ShippingFee {
  feeMinor: number;
  /** The goods' total (after discounts) from which shipping is free; null: never free by amount. */
  freeOverMinor: number | null;
  isDefault: boolean;
}

export interface PricingInput {
  currency: string;
  customerType: CustomerType;
  lines: readonly CartLine[];
  packages?: readonly PackageGroup[];
  /** Cart campaigns in the order they apply (priority). */
  campaigns?: readonly CartRuleSet[];
  promo?: CartRuleSet | null;
  shipping: ShippingFee | null;
  giftCards?: readonly { code: string; balanceMinor: number }[];
}

export interface PricePoint {
  /** Unit price after the cart's item reductions, including VAT. */
  price: number;
  quantity: number;
}

export interface PricedLine {
  id: string;
  quantity: number;
  vatRateBp: number;
  unitRegular: number;
  unitSelling: number;
  regularTotal: number;
  sellingTotal: number;
  /** Packages, percent off, buy X pay for Y, cheapest free. */
  itemDiscount: number;
  /** This line's share of fixed amounts off (for its VAT). */
  fixedDiscount: number;
  /** What the line costs: sellingTotal − itemDiscount − fixedDiscount. */
  total: number;
  vat: number;
  pricePoints: PricePoint[];
  /** Ids of the rules (packages, campaigns, promo) that lowered this line. */
  applied: string[];
}

export interface AppliedRule {
  id: string;
  kind: "package" | "campaign" | "promo";
  name: string;
  hideTitle: boolean;
}

export interface CartTotals {
  currency: string;
  lines: PricedLine[];
  applied: AppliedRule[];
  /** The promo code's state: applied, or kept on the cart while a requirement (`unmet`) is not met. */
  promo: { id: string; status: "applied" } | { id: string; status: "requirementsNotMet"; unmet: Rule } | null;
  subTotal: { regular: number; regularExVat: number; selling: number; sellingExVat: number; vat: number };
  fixedDiscount: number;
  fixedDiscountExVat: number;
  shipping: {
    fee: number;
    feeExVat: number;
    vat: number;
    isDefault: boolean;
    free: boolean;
    amountLeftToFreeShipping: number;
  };
  total: {
    selling: number;
    sellingExVat: number;
    discount: number;
    discountExVat: number;
    vat: number;
    isDiscounted: boolean;
  };
  balance: {
    pending: number;
    payable: number;
    payableExVat: number;
    giftCards: { code: string; used: number }[];
  };
}

interface Unit {
  line: number;
  price: number;
  /** Lowered by a rule (any). */
  reduced: boolean;
  /** Taken by a non-stackable rule: no further reductions. */
  locked: boolean;
}

const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** An amount per currency ({SEK: 10000, NOK: 10000}) in `currency`, or null when the rule has none for it. */
export function amountIn(args: unknown, currency: string): number | null {
  if (!args || typeof args !== "object") return null;
  const value = (args as Record<string, unknown>)[currency];
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

const SCOPE_CODES = new Set(["inCategories", "inCategoryKeys", "inBrands", "inKinds", "products", "skus"]);

/** Whether a line is in a rule's scope: it meets every scope condition (a rule without any takes every line). */
function inScope(line: CartLine, conditions: readonly Rule[]): boolean {
  for (const c of conditions) {
    if (!SCOPE_CODES.has(c.code)) continue;
    const a = c.args;
    switch (c.code) {
      case "inCategories":
        if (!isIntArray(a) || !line.categoryIds.some((id) => a.includes(id))) return false;
        break;
      case "inCategoryKeys":
        if (!isStringArray(a) || !line.categoryKeys.some((k) => a.includes(k))) return false;
        break;
      case "inBrands":
        if (!isIntArray(a) || line.brandId === null || !a.includes(line.brandId)) return false;
        break;
      case "inKinds":
        if (!isStringArray(a) || line.kind === null || !a.includes(line.kind)) return false;
        break;
      case "products":
        if (!isIntArray(a) || !a.includes(line.productId)) return false;
        break;
      case "skus":
        if (!isIntArray(a) || !a.includes(line.skuId)) return false;
        break;
    }
  }
  return true;
}

/**
 * The first condition the eligible units do not meet, or null when all hold: minimum amount (in the cart's
 * currency; a rule without an amount for it never holds), minimum quantity, customer type, and at least one unit
 * in scope (reported as the first scope condition, or `{code: "items"}`). An unknown condition never holds, so a
 * rule written for a newer shop never gives a discount it should not.
 */
function unmetCondition(
  conditions: readonly Rule[],
  units: readonly Unit[],
  currency: string,
  customerType: CustomerType,
): Rule | null {
  for (const c of conditions) {
    if (SCOPE_CODES.has(c.code)) continue;
    switch (c.code) {
      case "minimumAmount": {
        const min = amountIn(c.args, currency);
        if (min === null || units.reduce((s, u) => s + u.price, 0) < min) return c;
        break;
      }
      case "minimumQuantity":
        if (typeof c.args !== "number" || units.length < c.args) return c;
        break;
      case "customerType":
        if (c.args !== customerType) return c;
        break;
      default:
        return c;
    }
  }
  if (units.length === 0) return conditions.find((c) => SCOPE_CODES.has(c.code)) ?? { code: "items" };
  return null;
}

/** Integer percent 1..100 from a rule's args, or null. */
function percentOf(args: unknown): number | null {
  return typeof args === "number" && Number.isInteger(args) && args > 0 && args <= 100 ? args : null;
}

function buyXPayY(args: unknown): { x: number; y: number } | null {
  if (!args || typeof args !== "object") return null;
  const { x, y } = args as { x?: unknown; y?: unknown };
  return Number.isInteger(x) && Number.isInteger(y) && (y as number) >= 0 && (x as number) > (y as number)
    ? { x: x as number, y: y as number }
    : null;
}

function assertLine(line: CartLine) {
  const ints = [line.quantity, line.regular, line.selling, line.vatRateBp];
  if (!ints.every((n) => Number.isSafeInteger(n) && n >= 0))
    throw new RangeError(`Cart line ${line.id}: quantity, prices and VAT rate must be non-negative integers`);
  if (line.quantity < 1) throw new RangeError(`Cart line ${line.id}: quantity must be at least 1`);
  if (line.selling > line.regular) throw new RangeError(`Cart line ${line.id}: selling above regular price`);
}

/** Prices a cart: see the module comment for the order of work. Throws RangeError on malformed lines. */
export function priceCart(input: PricingInput): CartTotals {
  const { currency, lines } = input;
  lines.forEach(assertLine);
  const units: Unit[] = lines.flatMap((line, index) =>
    // A unit already reduced by its price campaign counts as reduced: non-stackable rules leave it alone.
    Array.from({ length: line.quantity }, () => ({
      line: index,
      price: line.selling,
      reduced: line.priceCampaign ?? line.selling < line.regular,
      locked: false,
    })),
  );
  const unitsOf = (lineIndex: number) => units.filter((u) => u.line === lineIndex);
  const appliedTo = lines.map(() => new Set<string>());
  const applied: AppliedRule[] = [];
  const markApplied = (rule: AppliedRule, touched: Iterable<number>) => {
    let any = false;
    for (const line of touched) {
      appliedTo[line]?.add(rule.id);
      any = true;
    }
    if (any && !applied.some((a) => a.id === rule.id)) applied.push(rule);
  };
  /** Lowers units by `discounts` (same order), capped at each unit's price; returns the lines touched. */
  const lower = (taken: Unit[], discounts: number[], lock: boolean) => {
    const touched = new Set<number>();
    taken.forEach((unit, i) => {
      const d = Math.min(unit.price, Math.max(0, discounts[i] ?? 0));
      if (d > 0) {
        unit.price -= d;
        unit.reduced = true;
        touched.add(unit.line);
      }
      if (lock) unit.locked = true;
    });
    return touched;
  };

  // 2. Packages.
  for (const pkg of input.packages ?? []) {
    const members = units.filter((u) => lines[u.line]?.groupKey === pkg.groupKey);
    const selling = members.reduce((s, u) => s + u.price, 0);
    if (selling === 0 || pkg.denominator <= 0 || pkg.numerator < 0 || pkg.numerator >= pkg.denominator)
      continue;
    const target = roundHalfAwayFromZero(selling * pkg.numerator, pkg.denominator);
    const discounts = allocate(
      selling - target,
      members.map((u) => u.price),
    );
    markApplied(
      { id: `package:${pkg.groupKey}`, kind: "package", name: pkg.name, hideTitle: false },
      lower(members, discounts, false),
    );
  }

  // 3. Campaigns, then the promo code.
  let freeShipping = false;
  const fixedRules: { rule: AppliedRule; amount: number; lines: Set<number> }[] = [];
  let promo: CartTotals["promo"] = null;
  const rules = [...(input.campaigns ?? []), ...(input.promo ? [input.promo] : [])];
  for (const rule of rules) {
    const scoped = new Set(lines.flatMap((line, i) => (inScope(line, rule.conditions) ? [i] : [])));
    const eligible = units.filter((u) => scoped.has(u.line) && !u.locked && (rule.stackable || !u.reduced));
    const unmet = unmetCondition(rule.conditions, eligible, currency, input.customerType);
    if (rule.kind === "promo")
      promo = unmet
        ? { id: rule.id, status: "requirementsNotMet", unmet }
        : { id: rule.id, status: "applied" };
    if (unmet) continue;
    const ref: AppliedRule = { id: rule.id, kind: rule.kind, name: rule.name, hideTitle: rule.hideTitle };
    const lock = !rule.stackable;
    let effective = false;
    for (const action of rule.actions) {
      switch (action.code) {
        case "percentOff": {
          const p = percentOf(action.args);
          if (p === null) break;
          const touched = lower(
            eligible,
            eligible.map((u) => roundHalfAwayFromZero(u.price * p, 100)),
            lock,
          );
          markApplied(ref, touched);
          effective ||= touched.size > 0;
          break;
        }
        case "buyXPayY":
        case "cheapestFree": {
          const deal =
            action.code === "buyXPayY"
              ? buyXPayY(action.args)
              : { x: eligible.length, y: eligible.length - 1 };
          if (!deal || deal.x < 1) break;
          // Dearest first, so each full group of x gives away its cheapest x − y units.
          const sorted = [...eligible].sort((a, b) => b.price - a.price || a.line - b.line);
          const free: Unit[] = [];
          const groups = Math.floor(sorted.length / deal.x);
          for (let g = 0; g < groups; g++) free.push(...sorted.slice(g * deal.x + deal.y, (g + 1) * deal.x));
          const touched = lower(
            free,
            free.map((u) => u.price),
            lock,
          );
          markApplied(ref, touched);
          effective ||= touched.size > 0;
          break;
        }
        case "fixedOff": {
          const amount = amountIn(action.args, currency);
          if (amount === null || amount === 0) break;
          fixedRules.push({ rule: ref, amount, lines: new Set(eligible.map((u) => u.line)) });
          effective = true;
          break;
        }
        case "freeShipping":
          freeShipping = true;
          effective = true;
          if (!applied.some((a) => a.id === ref.id)) applied.push(ref);
          break;
      }
    }
    if (lock && effective) for (const u of eligible) u.locked = true;
  }

  // Lines after item reductions.
  const afterItems = lines.map((_, i) => unitsOf(i).reduce((s, u) => s + u.price, 0));

  // Fixed amounts off, in order, each capped at what its lines still cost.
  const fixedByLine = lines.map(() => 0);
  let fixedDiscount = 0;
  for (const f of fixedRules) {
    const targets = [...f.lines].sort((a, b) => a - b);
    const remaining = targets.map((i) => (afterItems[i] ?? 0) - (fixedByLine[i] ?? 0));
    const cap = remaining.reduce((s, r) => s + r, 0);
    const amount = Math.min(f.amount, cap);
    if (amount <= 0) continue;
    const shares = allocate(amount, remaining);
    targets.forEach((lineIndex, k) => {
      fixedByLine[lineIndex] = (fixedByLine[lineIndex] ?? 0) + (shares[k] ?? 0);
      if ((shares[k] ?? 0) > 0) appliedTo[lineIndex]?.add(f.rule.id);
    });
    fixedDiscount += amount;
    if (!applied.some((a) => a.id === f.rule.id)) applied.push(f.rule);
  }

  const priced: PricedLine[] = lines.map((line, i) => {
    const own = unitsOf(i);
    const points = new Map<number, number>();
    for (const u of own) points.set(u.price, (points.get(u.price) ?? 0) + 1);
    const sellingTotal = line.selling * line.quantity;
    const itemDiscount = sellingTotal - (afterItems[i] ?? 0);
    const fixed = fixedByLine[i] ?? 0;
    const total = (afterItems[i] ?? 0) - fixed;
    return {
      id: line.id,
      quantity: line.quantity,
      vatRateBp: line.vatRateBp,
      unitRegular: line.regular,
      unitSelling: line.selling,
      regularTotal: line.regular * line.quantity,
      sellingTotal,
      itemDiscount,
      fixedDiscount: fixed,
      total,
      vat: vatOfGross(total, line.vatRateBp),
      pricePoints: [...points.entries()]
        .map(([price, quantity]) => ({ price, quantity }))
        .sort((a, b) => b.price - a.price),
      applied: [...(appliedTo[i] ?? [])],
    };
  });

  const sum = (f: (l: PricedLine, i: number) => number) => priced.reduce((s, l, i) => s + f(l, i), 0);
  const subSelling = sum((_, i) => afterItems[i] ?? 0);
  const subVat = sum((l, i) => vatOfGross(afterItems[i] ?? 0, l.vatRateBp));
  const regular = sum((l) => l.regularTotal);
  const regularExVat = sum((l) => l.regularTotal - vatOfGross(l.regularTotal, l.vatRateBp));
  const goods = sum((l) => l.total);
  const goodsVat = sum((l) => l.vat);

  // 4. Shipping.
  const hasItems = lines.length > 0;
  const threshold = input.shipping?.freeOverMinor ?? null;
  const freeByAmount = threshold !== null && goods >= threshold;
  const free = hasItems && (freeShipping || freeByAmount);
  const fee = hasItems && input.shipping && !free ? input.shipping.feeMinor : 0;
  let shippingVat = 0;
  if (fee > 0) {
    const weights = priced.map((l) => l.total);
    const parts = allocate(fee, weights.some((w) => w > 0) ? weights : priced.map((l) => l.quantity));
    shippingVat = parts.reduce((s, part, i) => s + vatOfGross(part, priced[i]?.vatRateBp ?? 0), 0);
  }
  const amountLeftToFreeShipping = threshold === null || free ? 0 : Math.max(0, threshold - goods);

  const totalSelling = goods + fee;
  const totalVat = goodsVat + shippingVat;
  const discount = regular - goods;
  const discountExVat = regularExVat - (goods - goodsVat);

  // 6. Gift cards.
  let left = totalSelling;
  const giftCards = (input.giftCards ?? []).map((card) => {
    const used = Math.max(0, Math.min(card.balanceMinor, left));
    left -= used;
    return { code: card.code, used };
  });
  const pending = totalSelling - left;
  const totalExVat = totalSelling - totalVat;

  return {
    currency,
    lines: priced,
    applied,
    promo,
    subTotal: { regular, regularExVat, selling: subSelling, sellingExVat: subSelling - subVat, vat: subVat },
    fixedDiscount,
    fixedDiscountExVat: subSelling - subVat - (goods - goodsVat),
    shipping: {
      fee,
      feeExVat: fee - shippingVat,
      vat: shippingVat,
      isDefault: input.shipping?.isDefault ?? true,
      free,
      amountLeftToFreeShipping,
    },
    total: {
      selling: totalSelling,
      sellingExVat: totalExVat,
      discount,
      discountExVat,
      vat: totalVat,
      isDiscounted: discount > 0,
    },
    balance: {
      pending,
      payable: left,
      payableExVat: totalSelling === 0 ? 0 : roundHalfAwayFromZero(left * totalExVat, totalSelling),
      giftCards,
    },
  };
}

/** A promo or gift-card code as typed: trimmed and upper-cased; null when empty or longer than any code. */
export function normalizeCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return code.length === 0 || code.length > MAX_CODE_LENGTH ? null : code;
}

/** A pick of a package as it is priced: its SKU's unit prices (including VAT) and how many units. */
export interface PackagePick {
  skuId: number;
  productId: number;
  quantity: number;
  regular: number;
  selling: number;
  vatRateBp: number;
}

/** A package's price rule: its own price for its default picks, and what those picks cost on their own. */
export interface PackageRuleNumbers {
  packagePrice: number;
  defaultPicksPrice: number;
}

/**
 * What one package with these picks costs, priced by `priceCart` exactly as the cart prices it (step 2): the
 * product page shows this, and the cart charges it. `alone` is what the picks cost on their own, `saving` the
 * difference; the `…ExVat` amounts are without VAT (each pick at its own rate). Without a rule, the picks cost what
 * they cost alone.
 */
export function packagePrice(input: {
  currency: string;
  picks: readonly PackagePick[];
  rule: PackageRuleNumbers | null;
}): { total: number; exVat: number; alone: number; aloneExVat: number; saving: number; savingExVat: number } {
  const groupKey = "package";
  const totals = priceCart({
    currency: input.currency,
    customerType: "PERSON",
    lines: input.picks.map((pick, i) => ({
      id: String(i),
      skuId: pick.skuId,
      productId: pick.productId,
      quantity: pick.quantity,
      regular: Math.max(pick.regular, pick.selling),
      selling: pick.selling,
      vatRateBp: pick.vatRateBp,
      categoryIds: [],
      categoryKeys: [],
      brandId: null,
      kind: null,
      groupKey,
    })),
    packages: input.rule
      ? [
          {
            groupKey,
            packageId: 0,
            name: "",
            numerator: input.rule.packagePrice,
            denominator: input.rule.defaultPicksPrice,
          },
        ]
      : [],
    shipping: null,
  });
  const sum = (f: (l: PricedLine) => number) => totals.lines.reduce((s, l) => s + f(l), 0);
  const total = sum((l) => l.total);
  const exVat = total - sum((l) => l.vat);
  const alone = sum((l) => l.sellingTotal);
  const aloneExVat = alone - sum((l) => vatOfGross(l.sellingTotal, l.vatRateBp));
  return { total, exVat, alone, aloneExVat, saving: alone - total, savingExVat: aloneExVat - exVat };
}
