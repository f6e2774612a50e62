import { privateHeaders } from "../lib/cache.ts";
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

/** /checkout/klarna-fail: the external payment did not go through; the cart is kept. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return { locale, origin: url.origin, alternates: samePathAlternates("/checkout/klarna-fail") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({ title: `${TEXTS[loaderData.locale.lang].heading} | Mili`, noindex: true, ...loaderData });
}

export default function CheckoutFailed() {
  const root = useRoot();
  const texts = TEXTS[root.lang];
  const checkout = root.lang === "sv" ? "/kassan" : "/kassen";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {texts.heading}
      </h1>
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
