import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout";

/** /kassen and /sv/kassan. The cart and the purchase come with their issues; an empty cart says so. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return {
    locale,
    origin: url.origin,
    alternates: screenAlternates("checkout"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("checkout.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function Checkout() {
  const root = useRoot();
  const t = useT();
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
      <p className="mt-6">{t("cart.empty")}</p>
      <p className="mt-2">
        <a className="underline" href={href(root.locale, "/")}>
          {t("cart.continueShopping")}
        </a>
      </p>
    </main>
  );
}

export const headers = privateHeaders;
