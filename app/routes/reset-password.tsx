import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/reset-password";

/**
 * /account/reset-password?resetKey=…: where a reset link lands. Accounts (and so valid reset keys) come with the
 * auth issue; until then every key is unknown, and the page says so and offers a new link.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/account/reset-password"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("reset.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function ResetPassword() {
  const root = useRoot();
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("reset.heading")}
      </h1>
      <p className="mt-4">
        {t("reset.expired")}{" "}
        <a className="underline" href={`${href(root.locale, "/")}?action=login`}>
          {t("reset.requestNew")}
        </a>
      </p>
    </main>
  );
}

export const headers = privateHeaders;
