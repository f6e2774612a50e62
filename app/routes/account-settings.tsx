import { AccountPage } from "../components/account-page.tsx";
import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/account-settings";

export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return {
    locale,
    origin: url.origin,
    alternates: [
      { lang: "nb" as const, path: "/min-konto/innstillinger" },
      { lang: "sv" as const, path: "/mina-sidor/installningar" },
    ],
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("account.settings.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function Page() {
  return <AccountPage heading="account.settings.heading" intro="account.settings.intro" />;
}

export const headers = privateHeaders;
