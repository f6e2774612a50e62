import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout-failed";

/** /checkout/klarna-fail: the external payment did not go through; the cart is kept. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return { locale, origin: url.origin, alternates: samePathAlternates("/checkout/klarna-fail") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("checkout.failed.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function CheckoutFailed() {
  const root = useRoot();
  const t = useT();
  const checkout = root.lang === "sv" ? "/kassan" : "/kassen";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("checkout.failed.heading")}
      </h1>
      <p className="mt-4">{t("checkout.failed.text")}</p>
      <p className="mt-4">
        <a className="underline" href={href(root.locale, checkout)}>
          {t("checkout.failed.back")}
        </a>
      </p>
    </main>
  );
}

export const headers = privateHeaders;
