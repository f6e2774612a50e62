import { AccountPage } from "../components/account-page.tsx";
import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/account-orders";

export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return {
    locale,
    origin: url.origin,
    alternates: [
      { lang: "nb" as const, path: "/min-konto/bestillinger" },
      { lang: "sv" as const, path: "/mina-sidor/ordrar" },
    ],
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("account.orders.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function Page() {
  return <AccountPage heading="account.orders.heading" intro="account.orders.intro" />;
}

export const headers = privateHeaders;
