import { type FormEvent, useId, useState } from "react";
import { useLocation } from "react-router";
import { type PackagePick, type PackageRuleNumbers, packagePrice } from "#domain/cart.ts";
import { formatMoney } from "#domain/format.ts";
import { type Stock, stockStatus } from "#domain/stock.ts";
import { netOfGross } from "#domain/vat.ts";
import type { Translate } from "../../i18n/index.ts";
import type { ShopItem } from "../../lib/analytics/data-layer.ts";
import { type CartFailure, failureFromQuery, failureMessage } from "../../lib/cart.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { notifications } from "../../lib/client/notifications.ts";
import { href } from "../../lib/page-locale.ts";
import { productImageUrl } from "../../lib/product-image.ts";
import { screenHref } from "../../lib/screens.ts";
import { useRoot } from "../../lib/use-root.ts";
import { cartStore, submittedFields, useCartEndpoint } from "../cart/cart-runtime.tsx";
import { StockLine } from "./stock-line.tsx";

export interface SizeOption {
  skuId: number;
  label: string;
  stock: Stock | null;
}

/** A SKU's unit price in minor units including VAT (what the cart charges for it), and its VAT rate. */
export interface PickPrice {
  regular: number;
  selling: number;
  vatRateBp: number;
}

export interface PackageGroupData {
  groupId: number;
  name: string;
  description?: string | null;
  required: boolean;
  options: {
    optionId: number;
    quantity: number;
    isSelected: boolean;
    product: {
      productId: number;
      /** A name that tells the options apart (domain/names.ts). */
      name: string;
      stock: Stock | null;
      skus: (SizeOption & { price: PickPrice | null })[];
    } | null;
  }[];
}

/** What a package's price follows: the currency and the package's rule (null: picks cost what they cost alone). */
export interface PackagePricing {
  currency: string;
  rule: PackageRuleNumbers | null;
}

type PackageOptionData = PackageGroupData["options"][number];

/** The SKU a pick is priced by: the size chosen, else its only SKU, else its cheapest (as the rule counts it). */
function pickSku(option: PackageOptionData, size: number | null | undefined) {
  const skus = option.product?.skus ?? [];
  const chosen = skus.find((s) => s.skuId === size);
  if (chosen) return chosen;
  return skus
    .filter((s) => s.price !== null)
    .reduce<(typeof skus)[number] | undefined>(
      (best, s) => (best?.price && s.price && best.price.selling <= s.price.selling ? best : s),
      undefined,
    );
}

/**
 * What the package costs with these picks: domain/cart.ts#packagePrice, the cart's own pricing, on the picked
 * SKUs' prices. Null while a pick has no price (nothing to promise).
 */
export function packageTotals(
  groups: readonly PackageGroupData[],
  picks: Record<number, number | null>,
  sizes: Record<number, number | null>,
  pricing: PackagePricing,
): ReturnType<typeof packagePrice> | null {
  const chosen: PackagePick[] = [];
  for (const g of groups) {
    const option = g.options.find((o) => o.optionId === picks[g.groupId]);
    if (!option) continue;
    const sku = pickSku(option, sizes[g.groupId]);
    if (!sku?.price || !option.product) return null;
    chosen.push({
      skuId: sku.skuId,
      productId: option.product.productId,
      quantity: option.quantity,
      ...sku.price,
    });
  }
  if (!chosen.length) return null;
  return packagePrice({ currency: pricing.currency, picks: chosen, rule: pricing.rule });
}

/** What the buy box needs of the product: what it adds, and what the notification and analytics say. */
export interface BuyProduct {
  productId: number;
  name: string;
  type: string;
  articleNumber: string;
  image: string | null;
  currency: string | null;
  price: number | null;
  /** The product as analytics describes it (decision 0042). */
  item?: ShopItem;
}

/** Required package groups without a pick, in order. */
export function missingGroups(groups: readonly PackageGroupData[], picks: Record<number, number | null>) {
  return groups.filter((g) => g.required && !g.options.some((o) => o.optionId === picks[g.groupId]));
}

/** The picks a package starts with: the options marked selected. */
export function initialPicks(groups: readonly PackageGroupData[], fromUrl?: URLSearchParams) {
  const picks: Record<number, number | null> = {};
  for (const g of groups) {
    const requested = Number(fromUrl?.get(`group-${g.groupId}`));
    picks[g.groupId] =
      g.options.find((o) => o.optionId === requested)?.optionId ??
      g.options.find((o) => o.isSelected)?.optionId ??
      null;
  }
  return picks;
}

/** Picked package options whose product comes in several sizes, without a size chosen. */
export function missingPickSizes(
  groups: readonly PackageGroupData[],
  picks: Record<number, number | null>,
  sizes: Record<number, number | null>,
) {
  return groups.filter((g) => {
    const option = g.options.find((o) => o.optionId === picks[g.groupId]);
    return option?.product && option.product.skus.length > 1 && !sizes[g.groupId];
  });
}

/**
 * The buying form: size (SKU) picker as a radio group, the chosen SKU's stock status (the product's total before a
 * choice), package groups (with a size for picks that come in sizes), and "add to cart". Pressing it without a size
 * says 'Velge din størrelse først'; a package needs a pick in each required group. With JavaScript the item goes
 * through the cart store (the header's count follows at once, a notification confirms); without it the form posts
 * to the cart route, which goes to the cart page, or back here with the reason when the cart refused. The "show
 * stock" button (no JavaScript) sends the choice back to this page in the query (`skuId`).
 */
export function BuyBox({
  product,
  sizes,
  sizeLegend,
  totalStock,
  groups,
  packagePricing,
  languageId,
  t,
  params,
}: {
  product: BuyProduct;
  sizes: SizeOption[];
  sizeLegend: string;
  totalStock: Stock;
  groups: PackageGroupData[];
  /** A package's price rule: its price follows the picks. */
  packagePricing?: PackagePricing | null;
  languageId: string;
  t: Translate;
  /** The page URL's query: the no-JavaScript form's state. */
  params: URLSearchParams;
}) {
  const id = useId();
  const root = useRoot();
  const endpoint = useCartEndpoint();
  const location = useLocation();
  const isPackage = groups.length > 0;
  const fromUrl = Number(params.get("skuId"));
  const [skuId, setSkuId] = useState<number | null>(
    sizes.length === 1 ? (sizes[0]?.skuId ?? null) : (sizes.find((s) => s.skuId === fromUrl)?.skuId ?? null),
  );
  const [picks, setPicks] = useState(() => initialPicks(groups, params));
  const [pickSizes, setPickSizes] = useState<Record<number, number | null>>(() => {
    const out: Record<number, number | null> = {};
    for (const g of groups) {
      const requested = Number(params.get(`sku-${g.groupId}`));
      out[g.groupId] = Number.isInteger(requested) && requested > 0 ? requested : null;
    }
    return out;
  });
  const urlFailure = failureFromQuery(params);
  const [attempted, setAttempted] = useState(
    urlFailure?.reason === "SIZE_NEEDED" || urlFailure?.reason === "PACKAGE_INCOMPLETE",
  );
  const [failure, setFailure] = useState<CartFailure | null>(
    urlFailure && urlFailure.reason !== "SIZE_NEEDED" && urlFailure.reason !== "PACKAGE_INCOMPLETE"
      ? urlFailure
      : null,
  );
  const [busy, setBusy] = useState(false);
  const chosen = sizes.find((s) => s.skuId === skuId) ?? null;
  const needsSize = !isPackage && sizes.length > 1 && !chosen;
  const missing = missingGroups(groups, picks);
  const missingSizes = missingPickSizes(groups, picks, pickSizes);
  const totals = isPackage && packagePricing ? packageTotals(groups, picks, pickSizes, packagePricing) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setFailure(null);
    if (needsSize || missing.length > 0 || missingSizes.length > 0) return;
    const fields = submittedFields(event);
    setBusy(true);
    const quantity = 1;
    void cartStore.change(isPackage ? "package" : "add", fields, { adding: quantity }).then((result) => {
      setBusy(false);
      if (result.error) {
        setFailure(result.error);
        return;
      }
      const size = chosen && sizes.length > 1 ? ` (${chosen.label})` : "";
      notifications.show({
        message: isPackage
          ? t("cart.addedPackage", { name: product.name })
          : t("cart.added", { quantity, name: `${product.name}${size}` }),
        mode: "success",
        detail: {
          ...(product.image ? { image: productImageUrl(product.image, 160) } : {}),
          link: { href: href(root.locale, screenHref("checkout", root.lang)), label: t("cart.checkout") },
          data: {
            product: { productId: product.productId, name: product.name },
            quantity,
            skuId: chosen?.skuId ?? null,
          },
        },
      });
      eventBus.push("add_to_cart", {
        currency: product.currency,
        value: product.price === null ? undefined : product.price * quantity,
        items: [
          {
            ...(product.item ?? { item_id: product.articleNumber, item_name: product.name }),
            item_variant: chosen?.label,
            quantity,
          },
        ],
      });
    });
  };
  const sizeError = attempted && needsSize;
  const groupError = attempted && missing.length > 0;
  const pickSizeError = attempted && missingSizes.length > 0;
  return (
    <form
      method="post"
      action={endpoint}
      onSubmit={onSubmit}
      noValidate
      className="mt-6 space-y-5"
      id="buy"
      data-buy-box
    >
      <input type="hidden" name="intent" value={isPackage ? "package" : "add"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {isPackage ? <input type="hidden" name="packageId" value={product.productId} /> : null}
      {!isPackage && sizes.length > 1 ? (
        <fieldset aria-describedby={sizeError ? `${id}-size-error` : undefined}>
          <legend className="font-semibold">
            {sizeLegend}
            {chosen ? (
              <span className="ml-2 font-normal text-stone-700">
                {t("product.chosen", { value: chosen.label })}
              </span>
            ) : null}
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {sizes.map((size) => {
              const soldOut = size.stock !== null && stockStatus(size.stock).kind === "outOfStock";
              return (
                <label
                  key={size.skuId}
                  className={`relative inline-flex min-w-12 cursor-pointer items-center justify-center rounded border px-3 py-2 has-checked:border-stone-900 has-checked:bg-stone-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700 ${soldOut ? "border-dashed border-stone-400 text-stone-600" : "border-stone-500"}`}
                >
                  <input
                    type="radio"
                    name="skuId"
                    value={size.skuId}
                    checked={skuId === size.skuId}
                    onChange={() => {
                      setSkuId(size.skuId);
                      setFailure(null);
                    }}
                    className="sr-only"
                  />
                  {size.label}
                </label>
              );
            })}
          </div>
          <noscript>
            <button
              type="submit"
              formMethod="get"
              formAction={location.pathname}
              className="mt-2 rounded border border-stone-500 px-3 py-1 text-sm"
            >
              {t("product.showStock")}
            </button>
          </noscript>
          {sizeError ? (
            <p id={`${id}-size-error`} role="alert" className="mt-2 font-medium text-red-700">
              {t("product.chooseSize")}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {!isPackage && sizes.length === 1 && chosen ? (
        <input type="hidden" name="skuId" value={chosen.skuId} />
      ) : null}

      {isPackage ? null : (
        <div aria-live="polite" data-testid="stock-status">
          {chosen?.stock ? (
            <StockLine stock={chosen.stock} t={t} languageId={languageId} />
          ) : (
            <StockLine
              stock={totalStock}
              t={t}
              languageId={languageId}
              prefix={sizes.length > 1 ? t("product.stock.allSizes") : undefined}
            />
          )}
        </div>
      )}

      {isPackage && packagePricing && totals ? (
        <PackagePrice totals={totals} currency={packagePricing.currency} languageId={languageId} t={t} />
      ) : null}

      {isPackage ? (
        <PackageGroups
          groups={groups}
          picks={picks}
          sizes={pickSizes}
          onPick={(groupId, optionId) => {
            setPicks((p) => ({ ...p, [groupId]: optionId }));
            setPickSizes((s) => ({ ...s, [groupId]: null }));
            setFailure(null);
          }}
          onSize={(groupId, sku) => setPickSizes((s) => ({ ...s, [groupId]: sku }))}
          t={t}
          languageId={languageId}
          currency={packagePricing?.currency ?? null}
          errorGroups={[
            ...(groupError ? missing.map((g) => g.groupId) : []),
            ...(pickSizeError ? missingSizes.map((g) => g.groupId) : []),
          ]}
        />
      ) : null}

      {groupError ? (
        <p role="alert" className="font-medium text-red-700">
          {t("product.package.missing", { groups: missing.map((g) => g.name).join(", ") })}
        </p>
      ) : pickSizeError ? (
        <p role="alert" className="font-medium text-red-700">
          {t("cart.error.packageSize")}
        </p>
      ) : null}

      <div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="w-full rounded bg-brand-ink px-6 py-3 font-semibold text-white sm:w-auto"
          data-add-to-cart
        >
          {busy ? t("cart.adding") : t("product.addToCart")}
        </button>
        <div aria-live="assertive">
          {failure ? (
            <p role="alert" className="mt-2 font-medium text-red-700" data-cart-error={failure.reason}>
              {failureMessage(t, failure)}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function PackageGroups({
  groups,
  picks,
  sizes,
  onPick,
  onSize,
  t,
  languageId,
  currency,
  errorGroups,
}: {
  groups: PackageGroupData[];
  picks: Record<number, number | null>;
  sizes: Record<number, number | null>;
  onPick: (groupId: number, optionId: number | null) => void;
  onSize: (groupId: number, skuId: number | null) => void;
  t: Translate;
  languageId: string;
  currency: string | null;
  errorGroups: number[];
}) {
  const { vatIncluded } = useRoot();
  /** An option's price as the shopper's customer type sees it: its chosen size's, else its cheapest SKU's. */
  const priceOf = (groupId: number, option: PackageOptionData) => {
    const price = pickSku(option, picks[groupId] === option.optionId ? sizes[groupId] : null)?.price;
    if (!price || !currency) return null;
    const amount =
      (vatIncluded ? price.selling : netOfGross(price.selling, price.vatRateBp)) * option.quantity;
    return formatMoney(amount, currency, languageId);
  };
  return (
    <section aria-labelledby="package-heading" className="space-y-4">
      <h2 id="package-heading" className="text-lg font-semibold">
        {t("product.package")}
      </h2>
      {groups.map((group) => (
        <fieldset
          key={group.groupId}
          className={`rounded border p-3 ${errorGroups.includes(group.groupId) ? "border-red-700" : "border-stone-300"}`}
          aria-invalid={errorGroups.includes(group.groupId) || undefined}
        >
          <legend className="px-1 font-semibold">
            {group.name}{" "}
            <span className="text-sm font-normal text-stone-700">
              ({group.required ? t("product.package.required") : t("product.package.optional")})
            </span>
          </legend>
          {group.description ? <p className="text-sm text-stone-700">{group.description}</p> : null}
          <ul className="mt-2 space-y-2">
            {group.required ? null : (
              <li>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`group-${group.groupId}`}
                    value=""
                    checked={picks[group.groupId] == null}
                    onChange={() => onPick(group.groupId, null)}
                  />
                  {t("product.package.none")}
                </label>
              </li>
            )}
            {group.options.map((option) => (
              <li key={option.optionId}>
                <label className="flex flex-wrap items-center gap-x-2">
                  <input
                    type="radio"
                    name={`group-${group.groupId}`}
                    value={option.optionId}
                    checked={picks[group.groupId] === option.optionId}
                    onChange={() => onPick(group.groupId, option.optionId)}
                  />
                  <span className="font-medium">{option.product?.name}</span>
                  {option.quantity > 1 ? (
                    <span className="text-sm">
                      {t("product.package.quantity", { quantity: option.quantity })}
                    </span>
                  ) : null}
                  {priceOf(group.groupId, option) ? (
                    <span className="text-sm" data-option-price>
                      {priceOf(group.groupId, option)}
                    </span>
                  ) : null}
                </label>
                {option.product?.stock ? (
                  <div className="ml-6">
                    <StockLine stock={option.product.stock} t={t} languageId={languageId} />
                  </div>
                ) : null}
                {option.product &&
                option.product.skus.length > 1 &&
                picks[group.groupId] === option.optionId ? (
                  <div className="ml-6 mt-1">
                    <label className="text-sm" htmlFor={`pick-size-${group.groupId}`}>
                      {t("product.size")}
                    </label>{" "}
                    <select
                      id={`pick-size-${group.groupId}`}
                      name={`sku-${group.groupId}`}
                      value={sizes[group.groupId] ?? ""}
                      onChange={(e) => onSize(group.groupId, e.target.value ? Number(e.target.value) : null)}
                      className="rounded border border-stone-500 px-2 py-1"
                    >
                      <option value="">{t("card.chooseSize")}</option>
                      {option.product.skus.map((sku) => (
                        <option key={sku.skuId} value={sku.skuId}>
                          {sku.label}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}

/**
 * A package's price for the picks made: what the cart will charge for them (domain/cart.ts#packagePrice), and what
 * the package saves against buying its products one by one. Announced when a pick changes it.
 */
function PackagePrice({
  totals,
  currency,
  languageId,
  t,
}: {
  totals: NonNullable<ReturnType<typeof packageTotals>>;
  currency: string;
  languageId: string;
  t: Translate;
}) {
  const { vatIncluded } = useRoot();
  const total = vatIncluded ? totals.total : totals.exVat;
  const saving = vatIncluded ? totals.saving : totals.savingExVat;
  return (
    <div data-testid="product-price" data-package-price aria-live="polite" aria-atomic="true">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="sr-only">{t("product.package.price")}: </span>
        <span className="text-2xl font-bold" data-price="selling">
          {formatMoney(total, currency, languageId)}
        </span>
        <span className="text-sm text-stone-700">{vatIncluded ? t("price.incVat") : t("price.exVat")}</span>
      </p>
      {saving > 0 ? (
        <p className="mt-1 text-sm font-medium text-green-800" data-price="saving">
          {t("product.package.saving", { amount: formatMoney(saving, currency, languageId) })}
        </p>
      ) : null}
    </div>
  );
}
