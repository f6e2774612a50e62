import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { distinctName } from "#domain/names.ts";
import type { Translate } from "../../i18n/index.ts";
import {
  type CartData,
  type CartFailure,
  type CartItemData,
  failureMessage,
  hasBackorder,
  requestedQuantity,
  requirementMessage,
} from "../../lib/cart.ts";
import type { ChangeFields, GroupedItem } from "../../lib/client/cart-store.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { href } from "../../lib/page-locale.ts";
import { productImageUrl } from "../../lib/product-image.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { CartForm } from "./cart-runtime.tsx";

/**
 * What the cart drawer and the cart page show: the lines (loose items and package groups) with quantity steppers
 * and remove buttons, notices (backorder, a promo code's unmet requirement, changes from elsewhere), the
 * promo-code field, the way to free shipping and the summary. Every control is a form that works without
 * JavaScript; with it, changes go through the cart store and quantities show at once.
 */

const setQuantity =
  (itemIds: string[], quantity: number) =>
  (cart: CartData): CartData => ({
    ...cart,
    items: cart.items.flatMap((item) =>
      itemIds.includes(item.id) ? (quantity === 0 ? [] : [{ ...item, quantity }]) : [item],
    ),
  });

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function pushRemoved(items: CartItemData[], quantity: number, currency: string) {
  eventBus.push("remove_from_cart", {
    currency,
    items: items.map((i) => ({
      item_id: i.product?.articleNumber ?? String(i.skuId),
      item_name: i.product?.name,
      quantity: quantity || i.quantity,
      // The reduction the cart shows on the line: the item's sales_type (decision 0046).
      discount_percent: i.unitPrice?.discountPercentage,
    })),
  });
}

/**
 * − and + buttons around a quantity field; the buttons send `set`, the field `quantity` (lib/cart.ts). Enter in the
 * field and leaving it set the typed quantity (spec §4): the form's first submit button (its default, which Enter
 * presses) sends no `set`, so the field counts, with JavaScript and without. With JavaScript, leaving a field whose
 * number was changed sends it too; the field shows what the shopper types until the cart's quantity changes.
 */
function Stepper({ value, name, t, min = 0 }: { value: number; name: string; t: Translate; min?: number }) {
  const id = useId();
  const defaultButton = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  // A new quantity from the cart (this change answered, a refusal, another tab) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(null);
  }
  const commit = (input: HTMLInputElement) => {
    const typed = input.value.trim();
    if (typed === "" || Number(typed) === value) {
      setDraft(null);
      return;
    }
    input.form?.requestSubmit(defaultButton.current);
  };
  return (
    <div className="flex items-center">
      <button ref={defaultButton} type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("cart.update")}
      </button>
      <button
        type="submit"
        name="set"
        value={Math.max(min, value - 1)}
        className="flex size-9 items-center justify-center rounded-l border border-stone-400 text-lg leading-none hover:bg-stone-100"
      >
        <span aria-hidden="true">−</span>
        <span className="sr-only">{t("cart.decrease", { name })}</span>
      </button>
      <label htmlFor={id} className="sr-only">
        {t("cart.quantityOf", { name })}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={min}
        max={999}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commit(event.currentTarget)}
        className="h-9 w-14 border-y border-stone-400 text-center [appearance:textfield]"
        data-quantity
      />
      <button
        type="submit"
        name="set"
        value={Math.min(999, value + 1)}
        className="flex size-9 items-center justify-center rounded-r border border-stone-400 text-lg leading-none hover:bg-stone-100"
      >
        <span aria-hidden="true">+</span>
        <span className="sr-only">{t("cart.increase", { name })}</span>
      </button>
      <noscript>
        <button type="submit" className="ml-2 rounded border border-stone-400 px-2 py-1 text-sm">
          {t("cart.update")}
        </button>
      </noscript>
    </div>
  );
}

function RemoveButton({ name, t }: { name: string; t: Translate }) {
  return (
    <button type="submit" className="rounded px-2 py-1 text-sm text-stone-700 underline hover:text-ink">
      {t("cart.remove", { name })}
    </button>
  );
}

function LinePrice({ item, vatIncluded, t }: { item: CartItemData; vatIncluded: boolean; t: Translate }) {
  const unit = vatIncluded
    ? item.unitPrice.sellingPriceIncVatFormatted
    : item.unitPrice.sellingPriceExVatFormatted;
  const total = vatIncluded
    ? item.totalPrice.sellingPriceIncVatFormatted
    : item.totalPrice.sellingPriceExVatFormatted;
  const regular = vatIncluded
    ? item.totalPrice.regularPriceIncVatFormatted
    : item.totalPrice.regularPriceExVatFormatted;
  const campaigns = item.campaign.appliedCampaigns.filter((c) => !c.hideTitle);
  return (
    <div className="text-right text-sm">
      <p className="font-semibold" data-line-total>
        {item.totalPrice.isDiscounted ? (
          <>
            <span className="text-red-700">{total}</span>{" "}
            <s className="font-normal text-stone-600">{regular}</s>
          </>
        ) : (
          total
        )}
      </p>
      {item.campaign.prices.length > 1 || campaigns.length ? (
        <ul className="text-xs text-stone-700" data-campaign-prices>
          {item.campaign.prices.map((p) => (
            <li key={`${p.quantity}-${p.price.sellingPriceIncVatFormatted}`}>
              {t("cart.campaignPrice", {
                quantity: p.quantity,
                price: vatIncluded ? p.price.sellingPriceIncVatFormatted : p.price.sellingPriceExVatFormatted,
              })}
            </li>
          ))}
        </ul>
      ) : item.quantity > 1 ? (
        <p className="text-xs text-stone-700">{t("cart.unitPrice", { price: unit })}</p>
      ) : null}
      {campaigns.length ? (
        <p className="text-xs text-red-700">{campaigns.map((c) => c.name).join(", ")}</p>
      ) : null}
    </div>
  );
}

/** The size of an item's SKU as its product words it in the page's language, when the product has sizes. */
function sizeOf(item: CartItemData): string | null {
  const product = item.product;
  return product && product.skus.length > 1
    ? (product.skus.find((s) => s.skuId === item.skuId)?.name ?? null)
    : null;
}

/** An item's product name that tells it from its siblings (colour, flavour: domain/names.ts). */
function productName(item: CartItemData): string {
  return item.product ? distinctName(item.product.name, item.product.variantDimensions) : String(item.skuId);
}

/** What the item's buttons name: its product, colour or flavour, and size ("Fjern Jakke, lilla (M)"). */
function itemName(item: CartItemData): string {
  const size = sizeOf(item);
  return size ? `${productName(item)} (${size})` : productName(item);
}

function ItemInfo({ item, t }: { item: CartItemData; t: Translate }) {
  const root = useRoot();
  const product = item.product;
  const image = product?.productImages[0];
  const size = sizeOf(item);
  const backorder = item.totalStock.static <= 0 && item.quantity > Math.max(0, item.totalStock.inStock);
  return (
    <div className="flex min-w-0 flex-1 gap-3">
      {image ? (
        <img
          src={productImageUrl(image.fileName, 160)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded bg-stone-100 object-cover"
        />
      ) : (
        <span className="size-16 shrink-0 rounded bg-stone-100" />
      )}
      <div className="min-w-0">
        {product?.brand ? (
          <p className="text-xs uppercase tracking-wide text-stone-600">{product.brand.name}</p>
        ) : null}
        <p className="font-medium">
          {product ? (
            <Link to={href(root.locale, product.canonicalUrl)}>{productName(item)}</Link>
          ) : (
            item.skuId
          )}
        </p>
        {size ? <p className="text-sm text-stone-700">{t("cart.size", { size })}</p> : null}
        {backorder ? (
          <p className="text-sm text-amber-800" data-backorder>
            {t("cart.backorderItem")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function LooseItem({
  item,
  t,
  vatIncluded,
  currency,
}: {
  item: CartItemData;
  t: Translate;
  vatIncluded: boolean;
  currency: string;
}) {
  const name = itemName(item);
  return (
    <li className="flex flex-wrap items-start gap-3 py-4" data-cart-item={item.skuId}>
      <ItemInfo item={item} t={t} />
      <LinePrice item={item} vatIncluded={vatIncluded} t={t} />
      <div className="flex w-full items-center justify-between gap-2">
        <CartForm
          intent="update"
          hidden={{ itemId: item.id }}
          optimistic={(f) => {
            const q = Number(requestedQuantity(f));
            return Number.isInteger(q) && q >= 0 && q <= 999 ? { apply: setQuantity([item.id], q) } : {};
          }}
          onResult={(result, f) => {
            if (!result.error && Number(requestedQuantity(f)) === 0)
              pushRemoved([item], item.quantity, currency);
          }}
        >
          <Stepper value={item.quantity} name={name} t={t} />
        </CartForm>
        <CartForm
          intent="remove"
          hidden={{ itemId: item.id }}
          optimistic={() => ({ apply: setQuantity([item.id], 0) })}
          onResult={(result) => {
            if (!result.error) pushRemoved([item], item.quantity, currency);
          }}
        >
          <RemoveButton name={name} t={t} />
        </CartForm>
      </div>
    </li>
  );
}

function PackageGroup({
  groupKey,
  items,
  info,
  t,
  vatIncluded,
  currency,
}: {
  groupKey: string;
  items: CartItemData[];
  info: GroupedItem | undefined;
  t: Translate;
  vatIncluded: boolean;
  currency: string;
}) {
  const root = useRoot();
  const pkg = items[0]?.productPackage?.product;
  const name = pkg?.name ?? info?.name ?? t("cart.package");
  const url = pkg?.canonicalUrl ?? info?.canonicalUrl;
  const quantity = items.reduce((g, i) => gcd(g, i.quantity), 0) || 1;
  const ids = items.map((i) => i.id);
  return (
    <li className="py-4" data-cart-group={groupKey}>
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">
          {url ? <Link to={href(root.locale, url)}>{name}</Link> : name}{" "}
          <span className="text-sm font-normal text-stone-700">({t("cart.package")})</span>
        </p>
      </div>
      <ul className="mt-2 divide-y divide-stone-100 border-l-2 border-stone-200 pl-3">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-start gap-3 py-2" data-cart-item={item.skuId}>
            <ItemInfo item={item} t={t} />
            <LinePrice item={item} vatIncluded={vatIncluded} t={t} />
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between gap-2">
        <CartForm
          intent="group"
          hidden={{ groupKey }}
          label={t("cart.packageQuantity")}
          optimistic={(f) => {
            const q = Number(requestedQuantity(f));
            return Number.isInteger(q) && q === 0 ? { apply: setQuantity(ids, 0) } : {};
          }}
        >
          <Stepper value={quantity} name={name} t={t} />
        </CartForm>
        <CartForm
          intent="group"
          hidden={{ groupKey, quantity: 0 }}
          optimistic={() => ({ apply: setQuantity(ids, 0) })}
          onResult={(result) => {
            if (!result.error) pushRemoved(items, 0, currency);
          }}
        >
          <RemoveButton name={name} t={t} />
        </CartForm>
      </div>
    </li>
  );
}

export function CartLines({ cart, groups }: { cart: CartData; groups: GroupedItem[] }) {
  const t = useT();
  const root = useRoot();
  const byGroup = new Map<string, CartItemData[]>();
  const entries: ({ kind: "item"; item: CartItemData } | { kind: "group"; key: string })[] = [];
  for (const item of cart.items) {
    if (!item.groupKey) {
      entries.push({ kind: "item", item });
      continue;
    }
    const list = byGroup.get(item.groupKey);
    if (list) list.push(item);
    else {
      byGroup.set(item.groupKey, [item]);
      entries.push({ kind: "group", key: item.groupKey });
    }
  }
  return (
    <ul aria-label={t("cart.lines")} className="divide-y divide-stone-200" data-cart-lines>
      {entries.map((e) =>
        e.kind === "item" ? (
          <LooseItem
            key={e.item.id}
            item={e.item}
            t={t}
            vatIncluded={root.vatIncluded}
            currency={cart.currency}
          />
        ) : (
          <PackageGroup
            key={e.key}
            groupKey={e.key}
            items={byGroup.get(e.key) ?? []}
            info={groups.find((g) => g.groupKey === e.key)}
            t={t}
            vatIncluded={root.vatIncluded}
            currency={cart.currency}
          />
        ),
      )}
    </ul>
  );
}

/** The way to free shipping: what is left, as text and as a bar. */
export function FreeShipping({ cart }: { cart: CartData }) {
  const t = useT();
  const shipping = cart.summary.shipping;
  if (cart.items.length === 0) return null;
  if (shipping.isFree)
    return (
      <p className="text-sm font-medium text-green-800" data-free-shipping="reached">
        {t("cart.shipping.reached")}
      </p>
    );
  if (shipping.amountLeftToFreeShipping <= 0) return null;
  const goods = cart.summary.total.sellingPriceIncVat - shipping.feeIncVat;
  const threshold = goods + shipping.amountLeftToFreeShipping;
  return (
    <div data-free-shipping="left">
      <p className="text-sm">
        {t("cart.shipping.left", { amount: shipping.amountLeftToFreeShippingFormatted })}
      </p>
      <progress
        className="mt-1 h-2 w-full accent-brand"
        max={threshold}
        value={Math.max(0, goods)}
        aria-label={t("cart.shipping.progress")}
      />
    </div>
  );
}

/** Promo code or gift card: the field, the codes in use (each removable) and why a kept code gives nothing. */
export function PromoCodes({ cart }: { cart: CartData }) {
  const t = useT();
  const id = useId();
  const [status, setStatus] = useState<{ ok: string } | { error: CartFailure } | null>(null);
  const requirement = cart.promoCodeRequirement;
  return (
    <div className="space-y-2" data-promo>
      <CartForm
        intent="promo"
        className="flex flex-wrap items-end gap-2"
        onResult={(result, f: ChangeFields) => {
          const code = String(f.code ?? "")
            .trim()
            .toUpperCase();
          if (result.error) setStatus({ error: result.error });
          else if (result.cart?.giftCards.some((g) => g.code === code))
            setStatus({ ok: t("cart.giftCard.added", { code }) });
          else setStatus({ ok: t("cart.promo.added", { code }) });
        }}
      >
        <div className="flex-1">
          <label htmlFor={id} className="block text-sm font-medium">
            {t("cart.promo.label")}
          </label>
          <input
            id={id}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            className="mt-1 w-full rounded border border-stone-400 px-3 py-2 uppercase"
            aria-describedby={`${id}-status`}
          />
        </div>
        <button type="submit" className="rounded bg-stone-900 px-4 py-2 font-semibold text-white">
          {t("cart.promo.apply")}
        </button>
      </CartForm>
      <div id={`${id}-status`} aria-live="polite">
        {status && "error" in status ? (
          <p role="alert" className="text-sm font-medium text-red-700" data-promo-error>
            {failureMessage(t, status.error)}
          </p>
        ) : status ? (
          <p className="text-sm text-green-800">{status.ok}</p>
        ) : null}
      </div>
      {cart.promoCode || cart.giftCards.length ? (
        <ul className="space-y-1 text-sm">
          {cart.promoCode ? (
            <li className="flex items-center justify-between gap-2" data-promo-code={cart.promoCode}>
              <span>{t("cart.promo.code", { code: cart.promoCode })}</span>
              <CartForm
                intent="remove-code"
                hidden={{ code: cart.promoCode }}
                onResult={() => setStatus(null)}
              >
                <button type="submit" className="underline">
                  {t("cart.promo.remove", { code: cart.promoCode })}
                </button>
              </CartForm>
            </li>
          ) : null}
          {cart.giftCards.map((card) => (
            <li
              key={card.code}
              className="flex items-center justify-between gap-2"
              data-gift-card={card.code}
            >
              <span>
                {t("cart.giftCard", { code: card.code })} · {card.usedFormatted}
              </span>
              <CartForm intent="remove-code" hidden={{ code: card.code }} onResult={() => setStatus(null)}>
                <button type="submit" className="underline">
                  {t("cart.promo.remove", { code: card.code })}
                </button>
              </CartForm>
            </li>
          ))}
        </ul>
      ) : null}
      {requirement ? (
        <p className="text-sm text-amber-800" data-promo-requirement={requirement.condition}>
          {requirementMessage(t, {
            condition: requirement.condition,
            amount: requirement.amountFormatted,
            value: requirement.value,
          })}
        </p>
      ) : null}
    </div>
  );
}

export function CartSummary({ cart }: { cart: CartData }) {
  const t = useT();
  const { vatIncluded } = useRoot();
  const s = cart.summary;
  const pick = (inc: string, ex: string) => (vatIncluded ? inc : ex);
  const campaigns = cart.appliedCampaigns.filter((c) => !c.hideTitle && c.type !== "PROMO_CODE");
  return (
    <div className="space-y-3" data-cart-summary>
      <FreeShipping cart={cart} />
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t("cart.subtotal")}</dt>
        <dd className="text-right" data-subtotal>
          {pick(s.subTotal.sellingPriceIncVatFormatted, s.subTotal.sellingPriceExVatFormatted)}
        </dd>
        {s.fixedAmountDiscountIncVat > 0 ? (
          <>
            <dt>{t("cart.discount")}</dt>
            <dd className="text-right text-red-700" data-fixed-discount>
              −{pick(s.fixedAmountDiscountIncVatFormatted, s.fixedAmountDiscountExVatFormatted)}
            </dd>
          </>
        ) : null}
        <dt>{t("cart.shipping")}</dt>
        <dd className="text-right" data-shipping>
          {s.shipping.feeIncVat === 0
            ? t("cart.shipping.free")
            : pick(s.shipping.feeIncVatFormatted, s.shipping.feeExVatFormatted)}
        </dd>
        <dt className="mt-2 text-base font-bold">{t("cart.total")}</dt>
        <dd className="mt-2 text-right text-base font-bold" data-total>
          {pick(s.total.sellingPriceIncVatFormatted, s.total.sellingPriceExVatFormatted)}
        </dd>
        {vatIncluded ? (
          <>
            <dt className="text-xs text-stone-700">{t("cart.vat")}</dt>
            <dd className="text-right text-xs text-stone-700" data-vat>
              {s.total.vatFormatted}
            </dd>
          </>
        ) : null}
        {s.balance.pending > 0 ? (
          <>
            <dt>{t("cart.giftCardPays")}</dt>
            <dd className="text-right" data-balance>
              −{s.balance.pendingFormatted}
            </dd>
            <dt className="font-bold">{t("cart.toPay")}</dt>
            <dd className="text-right font-bold" data-to-pay>
              {s.balance.totalSellingPriceExBalanceIncVatFormatted}
            </dd>
          </>
        ) : null}
      </dl>
      {vatIncluded ? null : <p className="text-xs text-stone-700">{t("cart.exVat")}</p>}
      {campaigns.length ? (
        <p className="text-xs text-stone-700">
          {t("cart.campaigns")}: {campaigns.map((c) => c.name).join(", ")}
        </p>
      ) : null}
    </div>
  );
}

/** Notices above the lines: a refused change, backorder items, and a cart changed elsewhere (spec §4). */
export function CartNotices({
  cart,
  error,
  changed,
  itemsChanged,
}: {
  cart: CartData;
  error: CartFailure | null;
  changed: boolean;
  itemsChanged: boolean;
}) {
  const t = useT();
  return (
    <div className="space-y-2">
      <div aria-live="assertive">
        {error ? (
          <p
            role="alert"
            className="rounded bg-red-50 p-3 text-sm font-medium text-red-800"
            data-cart-error={error.reason}
          >
            {failureMessage(t, error)}
          </p>
        ) : null}
      </div>
      <div aria-live="polite">
        {changed || itemsChanged ? (
          <p className="rounded bg-amber-50 p-3 text-sm" data-cart-changed>
            {changed ? t("cart.changed") : t("cart.itemsChanged")}
          </p>
        ) : null}
      </div>
      {hasBackorder(cart) ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-backorder-notice>
          {t("cart.backorder")}
        </p>
      ) : null}
    </div>
  );
}
