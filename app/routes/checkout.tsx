import { data, redirect } from "react-router";
import { checkoutCountry } from "#domain/checkout.ts";
import { type CheckoutActionData, CheckoutPage } from "../components/checkout/views.tsx";
import { type CheckoutTranslate, checkoutTranslator } from "../i18n/checkout.ts";
import { translator } from "../i18n/index.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { cartClient, readCart } from "../lib/cart.server.ts";
import { failureFromQuery } from "../lib/cart.ts";
import { checkoutFormProblems, inputOfField, readCheckoutForm } from "../lib/checkout-form.ts";
import { checkoutApiTexts } from "../lib/checkout-texts.server.ts";
import { channelContext } from "../lib/context.ts";
import { COOKIES, ONE_YEAR, readCookie, serializeCookie } from "../lib/cookies.ts";
import { GetUserQuery } from "../lib/graphql/account-operations.ts";
import {
  CreateOrUpdateCheckoutMutation,
  PlaceOrderMutation,
  StoredCheckoutQuery,
} from "../lib/graphql/checkout-operations.ts";
import { GraphqlClientError, type GraphqlErrorEntry } from "../lib/graphql/client.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import type { Route } from "./+types/checkout";

/**
 * /kassen and /sv/kassan: the cart, then the checkout of spec §1/§2/§3/§5 (issue 13). Rendered on the server from
 * the shopper's cart and stored checkout, so it works without JavaScript: the checkout form posts to this route's
 * action (an "Oppdater" button shows the delivery and payment options; placing an invoice order redirects to
 * /checkout/confirm). With JavaScript every change is sent at once (debounced, one at a time, the latest form
 * wins) and the same form is placed without a reload. A hosted payment (Klarna) shows the provider's snippet.
 */

type CheckoutView = NonNullable<ResultOf<typeof CreateOrUpdateCheckoutMutation>["createOrUpdateCheckout"]>;
type User = NonNullable<ResultOf<typeof GetUserQuery>["getUser"]>;

interface Market {
  alias: string;
  name: string;
  country: string | null;
}

/** The channel's markets a shopper may check out in (not virtual), and the one this checkout is in. */
function marketsOf(context: Route.LoaderArgs["context"]): Market[] {
  const channel = context.get(channelContext);
  return (channel?.markets ?? [])
    .filter((m) => !m.virtual)
    .map((m) => ({ alias: m.alias, name: m.country?.name ?? m.alias, country: m.country?.code ?? null }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, id, vars, locale, url, rc } = cartClient(request, context, true);
  const cookies = request.headers.get("cookie");
  const markets = marketsOf(context);
  // The stored checkout first, read only (a GET writes nothing; decision 0039); only when it is not current (the
  // delivery checkout's fee for the goods now, the hosted checkout for the cart as it is) a change brings it up to
  // date. Then the cart as it now is.
  let checkout: CheckoutView | null = null;
  if (id) {
    try {
      const stored = (
        await client.request(StoredCheckoutQuery, { cartId: id, ...{ marketId: vars.marketId } })
      ).data.storedCheckout;
      checkout = stored?.needsUpdate
        ? (
            await client.request(CreateOrUpdateCheckoutMutation, {
              cartId: id,
              ...{ marketId: vars.marketId },
            })
          ).data.createOrUpdateCheckout
        : stored;
    } catch (error) {
      rc.log("warn", "the checkout could not be read", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const [{ cart, failure, headers }, user] = await Promise.all([
    readCart(request, context, { checkout: true, refresh: true }),
    readCookie(cookies, COOKIES.auth)
      ? client.request(GetUserQuery).then(
          (r) => r.data.getUser,
          () => null,
        )
      : Promise.resolve(null),
  ]);
  return data(
    {
      locale,
      origin: url.origin,
      alternates: screenAlternates("checkout"),
      cart,
      checkout: cart && cart.items.length > 0 ? checkout : null,
      user: user ? userDefaults(user) : null,
      markets,
      market: vars.marketId,
      texts: checkoutApiTexts(locale.lang),
      customerType: checkout?.customerType ?? vars.customerType,
      loadFailed: failure !== null,
      flash: { status: url.searchParams.get("cart"), failure: failureFromQuery(url.searchParams) },
    },
    { headers },
  );
}

function userDefaults(user: User) {
  const a = user.address;
  return {
    email: user.email,
    customerType: user.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    identityNumber: (user.customerType === "ORGANIZATION" ? user.organizationId : user.personalId) ?? "",
    firstName: a?.firstName ?? "",
    lastName: a?.lastName ?? "",
    careOf: a?.careOf ?? "",
    addressLine1: a?.addressLine1 ?? "",
    zip: a?.zip ?? "",
    city: a?.city ?? "",
    entryCode: a?.entryCode ?? "",
    phone: a?.mobile || a?.phone || "",
    company: a?.company ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = readCheckoutForm(form);
  const js = form.get("js") === "1";
  const { client, id, vars, locale, url } = cartClient(request, context, true);
  const t = checkoutTranslator(locale.lang, checkoutApiTexts(locale.lang));
  const page = url.pathname;
  const markets = marketsOf(context);
  const market =
    markets.find((m) => m.alias === parsed.market) ?? markets.find((m) => m.alias === vars.marketId);
  const marketId = market?.alias ?? vars.marketId;
  const secure = url.protocol === "https:";
  const headers = new Headers();
  if (marketId !== vars.marketId)
    headers.append("Set-Cookie", serializeCookie(COOKIES.checkoutMarket, marketId, ONE_YEAR, { secure }));
  if (parsed.customerType !== vars.customerType)
    headers.append(
      "Set-Cookie",
      serializeCookie(COOKIES.userType, parsed.customerType, ONE_YEAR, { secure }),
    );
  // A refusal is the page again with its problems: 400/409 to a browser without JavaScript, 200 to the enhanced
  // form (the page's own answer, not a failed request).
  const answer = (body: CheckoutActionData, status = 200) =>
    data(body, { status: js ? 200 : status, headers });
  if (!id) return redirect(page, { headers });
  let view: CheckoutView | null = null;
  try {
    view = refused(
      await client.request(CreateOrUpdateCheckoutMutation, {
        cartId: id,
        checkout: parsed.input,
        ...{ marketId },
      }),
    ).createOrUpdateCheckout;
  } catch (error) {
    return answer(refusalOf(error, t), 409);
  }
  if (parsed.intent === "update") {
    // Without JavaScript the page is shown again with the options the change opened (post, redirect, get).
    if (!js) return redirect(page, { status: 303, headers });
    return answer({ problems: {}, refusal: null });
  }
  const payment = view?.paymentOptions?.find((p) => p?.isSelected);
  if (payment?.paymentType !== "STANDARD") {
    const problems = checkoutFormProblems(parsed, checkoutCountry(market?.country));
    const only = ["zip", "shippingOptionId", "paymentMethod"].filter((n) => problems[n]);
    if (only.length) return answer({ problems: textsOf(problems, t, only), refusal: null }, 400);
    if (!js) return redirect(page, { status: 303, headers });
    return answer({ problems: {}, refusal: null });
  }
  const problems = checkoutFormProblems(parsed, checkoutCountry(market?.country));
  if (Object.keys(problems).length) return answer({ problems: textsOf(problems, t), refusal: null }, 400);
  try {
    const placed = refused(
      await client.request(PlaceOrderMutation, { cartId: id, checkout: parsed.input, ...{ marketId } }),
    ).placeOrder;
    const orderId = placed?.orderId;
    if (!orderId) throw new GraphqlClientError({});
    const target =
      placed?.redirectUrl ??
      `/checkout/confirm?oid=${encodeURIComponent(orderId)}&cartid=${encodeURIComponent(id)}`;
    return redirect(href(locale, target), { status: 303, headers });
  } catch (error) {
    return answer(refusalOf(error, t), 409);
  }
}

/** The answer's data; a refusal (errors beside a null field) thrown as the client throws one without data. */
function refused<T>(result: { data: T; errors: GraphqlErrorEntry[] }): T {
  if (result.errors.length) throw new GraphqlClientError({ graphQLErrors: result.errors });
  return result.data;
}

function textsOf(
  problems: ReturnType<typeof checkoutFormProblems>,
  t: CheckoutTranslate,
  only?: string[],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, key] of Object.entries(problems))
    if (key && (!only || only.includes(name))) texts[name] = t(key);
  return texts;
}

/** The API's refusal (its message is in the shopper's language): field errors at their fields, the rest placed. */
function refusalOf(error: unknown, t: CheckoutTranslate): CheckoutActionData {
  if (error instanceof GraphqlClientError && error.graphQLErrors.length) {
    const first = error.graphQLErrors[0];
    const ext = (first?.extensions ?? {}) as Record<string, unknown>;
    const code = String(ext.code ?? "");
    const reason = typeof ext.reason === "string" ? ext.reason : null;
    const fields = Array.isArray(ext.fields) ? (ext.fields as { field: string; message: string }[]) : [];
    if (fields.length) {
      const problems: Record<string, string> = {};
      for (const f of fields) problems[inputOfField(f.field)] ??= f.message;
      return { problems, refusal: null };
    }
    const at =
      code === "OUT_OF_STOCK" || reason === "CART_CHANGED" || reason === "EMPTY_CART"
        ? "cart"
        : code === "PAYMENT_DECLINED" || code === "BLOCKED_CUSTOMER" || code === "PAYMENT_FAILED"
          ? "payment"
          : "form";
    return {
      problems: {},
      refusal: { code, reason, message: first?.message ?? t("api.checkout.error.failed"), at },
    };
  }
  return {
    problems: {},
    refusal: { code: "FAILED", reason: null, message: t("api.checkout.error.failed"), at: "form" },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("checkout.heading")} | Mili`, noindex: true, ...loaderData });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const h = new Headers(PRIVATE_PAGE);
  for (const source of [actionHeaders, loaderHeaders])
    for (const cookie of source?.getSetCookie?.() ?? []) h.append("Set-Cookie", cookie);
  return h;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage loaderData={loaderData} />;
}
