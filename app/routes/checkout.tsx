import { useEffect } from "react";
import { data, Link } from "react-router";
import { cartStore, useCartState } from "../components/cart/cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "../components/cart/cart-view.tsx";
import { translator } from "../i18n/index.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { readCart } from "../lib/cart.server.ts";
import { failureFromQuery, failureMessage } from "../lib/cart.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout";

/**
 * /kassen and /sv/kassan, step 1: the cart page. Rendered on the server from the shopper's cart (items that can
 * no longer be bought are dropped, prices in the checkout market), so it works without JavaScript: every control
 * posts to the cart route and comes back here with the outcome in the query. Delivery and payment come with the
 * checkout.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  const { cart, failure, headers } = await readCart(request, context, { checkout: true, refresh: true });
  return data(
    {
      locale,
      origin: url.origin,
      alternates: screenAlternates("checkout"),
      cart,
      loadFailed: failure !== null,
      flash: { status: url.searchParams.get("cart"), failure: failureFromQuery(url.searchParams) },
    },
    { headers },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("checkout.heading")} | Mili`, noindex: true, ...loaderData });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cookie = loaderHeaders.get("Set-Cookie");
  return cookie ? { ...PRIVATE_PAGE, "Set-Cookie": cookie } : PRIVATE_PAGE;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const state = useCartState(loaderData.cart);
  useEffect(() => {
    cartStore.hydrate(loaderData.cart);
  }, [loaderData.cart]);
  const cart = state.cart;
  const { flash } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("checkout.heading")}
      </h1>
      <ol className="mt-4 flex gap-4 text-sm text-stone-700" aria-label={t("checkout.steps")}>
        <li aria-current="step" className="font-semibold text-stone-900">
          1. {t("checkout.step.cart")}
        </li>
        <li>2. {t("checkout.step.delivery")}</li>
        <li>3. {t("checkout.step.payment")}</li>
      </ol>
      <div id="cart" className="mt-6 space-y-2">
        <div role="status">
          {flash.status === "added" ? (
            <p className="rounded bg-green-50 p-3 text-sm">{t("cart.addedPlain")}</p>
          ) : null}
          {flash.status === "updated" ? (
            <p className="rounded bg-green-50 p-3 text-sm">{t("cart.updated")}</p>
          ) : null}
        </div>
        {flash.failure ? (
          <p
            role="alert"
            className="rounded bg-red-50 p-3 text-sm font-medium text-red-800"
            data-cart-error={flash.failure.reason}
          >
            {failureMessage(t, flash.failure)}
          </p>
        ) : null}
        {loaderData.loadFailed ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {t("cart.loadFailed")}
          </p>
        ) : null}
      </div>
      {cart && cart.items.length > 0 ? (
        <div className="mt-4 grid gap-8 md:grid-cols-[1fr_18rem]" data-cart-page>
          <section aria-labelledby="cart-heading">
            <h2 id="cart-heading" className="sr-only">
              {t("cart.heading")}
            </h2>
            <CartNotices
              cart={cart}
              error={state.error}
              changed={state.changed}
              itemsChanged={state.itemsChanged}
            />
            <CartLines cart={cart} groups={state.groups} />
          </section>
          <aside className="space-y-6" aria-label={t("cart.summary")}>
            <PromoCodes cart={cart} />
            <CartSummary cart={cart} />
          </aside>
        </div>
      ) : (
        <div className="mt-6" data-cart-page="empty">
          <p>{t("cart.empty")}</p>
          <p className="mt-2">
            <Link className="underline" to={href(root.locale, "/")}>
              {t("cart.continueShopping")}
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
