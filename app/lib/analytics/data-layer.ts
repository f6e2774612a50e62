import { salesType } from "#domain/sales-type.ts";

/**
 * The analytics data layer's mapping (spec §7 "Analytics data layer", decision 0042): the storefront's events, as
 * the page's event bus carries them (app/lib/client/event-bus.ts), become GA4 ecommerce objects for
 * `window.dataLayer`. Pure: no DOM, no clock, no storage; the writer (./writer.ts) feeds it and pushes what it
 * returns. Loaded only with consent to statistics, in its own chunk.
 */

/** An item as the storefront's events carry it (GA4's names, plus the shown reduction for `sales_type`). */
export interface ShopItem {
  item_id: string;
  item_name?: string | undefined;
  item_brand?: string | undefined;
  item_category?: string | undefined;
  item_variant?: string | undefined;
  item_list_id?: string | undefined;
  item_list_name?: string | undefined;
  /** Unit price in major units, as the shopper sees it (including or excluding VAT by customer type). */
  price?: number | null | undefined;
  /** The unit's reduction in money, major units. */
  discount?: number | null | undefined;
  /** The reduction the shopper is shown, in percent (0..100; null or 0: none): becomes `sales_type`. Left out
   * when the page does not know it, and then so is `sales_type`. */
  discount_percent?: number | null | undefined;
  quantity?: number | undefined;
  /** Position in its list, from 0. */
  index?: number | undefined;
}

/** What a shopper typed that identifies them: sent only hashed (`user_data`). */
export interface ShopUser {
  email?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  zip?: string | null | undefined;
}

/** An ecommerce event on the bus. */
export interface ShopEcommerceEvent {
  currency?: string | null | undefined;
  value?: number | null | undefined;
  item_list_id?: string | undefined;
  item_list_name?: string | undefined;
  coupon?: string | null | undefined;
  transaction_id?: string | null | undefined;
  tax?: number | null | undefined;
  shipping?: number | null | undefined;
  total_discount?: number | null | undefined;
  nth_purchase?: number | null | undefined;
  country?: string | null | undefined;
  items?: readonly ShopItem[] | undefined;
  /** In the clear on the page's bus only; the data layer gets its SHA-256 hashes. */
  user?: ShopUser | undefined;
}

/** The page as ClientRuntime puts it on each `page:impression` (`route`: the deepest route's id). */
export interface PageContext {
  route: string;
  language: string;
  market: string;
  currency: string;
  customer_type: string;
  signed_in: boolean;
}

export interface PageImpression {
  path: string;
  search: string;
  page?: PageContext | undefined;
}

export interface Ga4Item {
  item_id: string;
  item_name?: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  price?: number;
  discount?: number;
  quantity?: number;
  index?: number;
  sales_type?: string;
}

/** GA4's user-provided data, hashed (lower-case hex SHA-256 of the trimmed, lower-cased text). */
export interface HashedUser {
  sha256_email_address?: string;
  address?: { sha256_first_name?: string; sha256_last_name?: string; sha256_postal_code?: string };
}

export interface DataLayerEntry {
  event: string;
  [key: string]: unknown;
}

/** The bus's event type → the GA4 event it becomes. Anything else on the bus is not sent. */
export const ECOMMERCE_EVENTS: Readonly<Record<string, string>> = {
  view_item_list: "view_item_list",
  select_item: "select_item",
  view_item: "view_item",
  add_to_cart: "add_to_cart",
  remove_from_cart: "remove_from_cart",
  begin_checkout: "begin_checkout",
  purchase: "purchase",
  "favorite:add": "add_to_wishlist",
};

/** Money with at most two decimals (no float noise such as 19.990000000000002). */
const money = (n: number) => Math.round(n * 100) / 100;
const num = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
const text = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";

/** The GA4 item: only what is known, money rounded, the reduction as `sales_type`. */
export function ga4Item(
  item: ShopItem,
  list?: { id?: string | undefined; name?: string | undefined },
): Ga4Item {
  const out: Ga4Item = { item_id: String(item.item_id) };
  if (text(item.item_name)) out.item_name = item.item_name;
  if (text(item.item_brand)) out.item_brand = item.item_brand;
  if (text(item.item_category)) out.item_category = item.item_category;
  if (text(item.item_variant)) out.item_variant = item.item_variant;
  const listId = item.item_list_id ?? list?.id;
  const listName = item.item_list_name ?? list?.name;
  if (text(listId)) out.item_list_id = listId;
  if (text(listName)) out.item_list_name = listName;
  if (num(item.price)) out.price = money(item.price);
  if (num(item.discount) && item.discount > 0) out.discount = money(item.discount);
  if (num(item.quantity)) out.quantity = item.quantity;
  if (num(item.index)) out.index = item.index;
  const percent = item.discount_percent;
  // Unknown (undefined) or a broken figure outside 0..100: no bucket rather than a wrong one. null is "not reduced".
  if (percent === null || (num(percent) && percent >= 0 && percent <= 100))
    out.sales_type = salesType(percent);
  return out;
}

/** The user's identifying fields as hashed: trimmed and lower-cased; empty ones left out. */
export function userFields(user: ShopUser | undefined): { key: keyof ShopUser; value: string }[] {
  if (!user) return [];
  return (["email", "first_name", "last_name", "zip"] as const).flatMap((key) => {
    const value = user[key];
    return text(value) ? [{ key, value: normalizeForHash(value) }] : [];
  });
}

export function normalizeForHash(value: string): string {
  return value.trim().toLowerCase();
}

/** GA4's `user_data` from the hashes of `userFields` (key → lower-case hex SHA-256). */
export function hashedUser(hashes: Partial<Record<keyof ShopUser, string>>): HashedUser | null {
  const out: HashedUser = {};
  if (hashes.email) out.sha256_email_address = hashes.email;
  const address: NonNullable<HashedUser["address"]> = {};
  if (hashes.first_name) address.sha256_first_name = hashes.first_name;
  if (hashes.last_name) address.sha256_last_name = hashes.last_name;
  if (hashes.zip) address.sha256_postal_code = hashes.zip;
  if (Object.keys(address).length) out.address = address;
  return Object.keys(out).length ? out : null;
}

/**
 * The data layer entry of an ecommerce event on the bus, or null for an event that is not one. The currency is
 * the event's, else the page's; the value is the event's, else the items' sum (price × quantity).
 */
export function ecommerceEntry(
  type: string,
  data: ShopEcommerceEvent,
  page: PageContext | null,
  user: HashedUser | null = null,
): DataLayerEntry | null {
  const event = ECOMMERCE_EVENTS[type];
  if (!event) return null;
  const list = { id: data.item_list_id, name: data.item_list_name };
  const items = (data.items ?? []).filter((i) => i && i.item_id !== undefined).map((i) => ga4Item(i, list));
  const ecommerce: Record<string, unknown> = {};
  const currency = text(data.currency) ? data.currency : page?.currency;
  if (text(currency)) ecommerce.currency = currency.toUpperCase();
  ecommerce.value = money(
    num(data.value) ? data.value : items.reduce((sum, i) => sum + (i.price ?? 0) * (i.quantity ?? 1), 0),
  );
  if (text(data.item_list_id)) ecommerce.item_list_id = data.item_list_id;
  if (text(data.item_list_name)) ecommerce.item_list_name = data.item_list_name;
  if (event === "purchase") {
    if (data.transaction_id !== null && data.transaction_id !== undefined)
      ecommerce.transaction_id = String(data.transaction_id);
    for (const key of ["tax", "shipping", "total_discount"] as const) {
      const value = data[key];
      if (num(value)) ecommerce[key] = money(value);
    }
    if (num(data.nth_purchase)) ecommerce.nth_purchase = data.nth_purchase;
    if (text(data.country)) ecommerce.country = data.country.toUpperCase();
  }
  if (text(data.coupon)) ecommerce.coupon = data.coupon;
  ecommerce.items = items;
  return user ? { event, ecommerce, user_data: user } : { event, ecommerce };
}

/**
 * The page entries of a `page:impression`: `original_location` (the landing URL with its query) for the first page
 * of a session, `virtual_page_view` for every later page of the document (a client-side navigation), then
 * `page_data`.
 */
export function pageEntries(
  impression: PageImpression,
  visit: {
    origin: string;
    firstInDocument: boolean;
    firstInSession: boolean;
    title?: string;
    referrer?: string;
  },
): DataLayerEntry[] {
  const location = `${visit.origin}${impression.path}${impression.search}`;
  const out: DataLayerEntry[] = [];
  if (visit.firstInSession) {
    out.push({
      event: "original_location",
      original_location: location,
      ...(visit.referrer ? { original_referrer: visit.referrer } : {}),
    });
  }
  if (!visit.firstInDocument) {
    out.push({
      event: "virtual_page_view",
      page_location: location,
      page_path: `${impression.path}${impression.search}`,
      ...(visit.title ? { page_title: visit.title } : {}),
    });
  }
  if (impression.page) {
    const { route, ...page } = impression.page;
    out.push({ event: "page_data", page_type: pageType(route), ...page, page_path: impression.path });
  }
  return out;
}

/**
 * The page type `page_data` reports for a route id (app/routes.ts: `{variant}.{screen}` or
 * `{variant}.{screen}.{lang}`, the screen from app/lib/screens.ts).
 */
export function pageType(routeId: string | undefined): string {
  const screenId = routeId?.split(".")[1] ?? routeId;
  if (!screenId) return "other";
  if (screenId === "home") return "home";
  if (/^(product|package)/.test(screenId)) return "product";
  if (screenId.startsWith("list-") || screenId === "news")
    return screenId === "list-search" ? "search" : "list";
  if (screenId === "checkout") return "checkout";
  if (screenId.startsWith("checkout-")) return "confirmation";
  if (screenId.startsWith("account") || screenId === "order" || screenId === "reset-password")
    return "account";
  if (screenId.startsWith("content")) return "content";
  if (screenId === "not-found-page") return "not_found";
  return screenId;
}
