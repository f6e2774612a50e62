import { privateHeaders } from "../lib/cache.ts";
import { checkoutApiTexts } from "../lib/checkout-texts.server.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout-failed";

/** The page's texts: its own, so that the every-page catalog does not carry them. */
const TEXTS = {
  nb: {
    heading: "Betalingen ble ikke fullført",
    text: "Betalingen ble avbrutt eller avvist, og ingenting er trukket. Varene ligger fortsatt i handlekurven din.",
    back: "Tilbake til kassen",
  },
  sv: {
    heading: "Betalningen genomfördes inte",
    text: "Betalningen avbröts eller nekades och inga pengar har dragits. Varorna finns kvar i din varukorg.",
    back: "Tillbaka till kassan",
  },
} as const;

/** The reasons the hosted checkout sends the shopper here with (`?error=`), and the API message each shows. */
const REASONS = {
  Error: "api.checkout.error.failed",
  OutOfStock: "api.checkout.error.notCreated",
  BlockedCustomer: "api.checkout.error.blocked",
} as const;
type Reason = keyof typeof REASONS;

/**
 * /checkout/klarna-fail?error=Error|OutOfStock|BlockedCustomer: the external payment did not go through; the cart
 * is kept. The reason's message is spec §8's (domain/messages-checkout.ts: the generic failure, the order that could
 * not be created because an item sold out, the customer the provider blocked), in the page's language; an unknown
 * or missing reason shows the generic one.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  const asked = url.searchParams.get("error") ?? "";
  const reason: Reason = Object.hasOwn(REASONS, asked) ? (asked as Reason) : "Error";
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/checkout/klarna-fail"),
    reason,
    message: checkoutApiTexts(locale.lang)[REASONS[reason]] ?? "",
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({ title: `${TEXTS[loaderData.locale.lang].heading} | Mili`, noindex: true, ...loaderData });
}

export default function CheckoutFailed({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const texts = TEXTS[root.lang];
  const checkout = root.lang === "sv" ? "/kassan" : "/kassen";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {texts.heading}
      </h1>
      <p
        role="alert"
        className="mt-4 rounded bg-red-50 p-3 text-red-900"
        data-fail-reason={loaderData.reason}
      >
        {loaderData.message}
      </p>
      <p className="mt-4">{texts.text}</p>
      <p className="mt-4">
        <a className="underline" href={href(root.locale, checkout)}>
          {texts.back}
        </a>
      </p>
    </main>
  );
}

export const headers = privateHeaders;
