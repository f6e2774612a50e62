import type { LoaderFunctionArgs } from "react-router";
import { type MessageKey, translator } from "../i18n/index.ts";
import { requestClient } from "./graphql/server.ts";
import type { PageLocale } from "./page-locale.ts";
import { type Alternate, pageMeta, screenAlternates } from "./seo.ts";

/**
 * Loader and meta of an account screen (lib/screens.ts id): the authenticated layout guards it; the page
 * itself needs its locale and its path in both languages.
 */
export function accountScreen(id: string, heading: MessageKey) {
  return {
    loader({ request, context }: LoaderFunctionArgs) {
      const { locale, url } = requestClient(request, context);
      return { locale, origin: url.origin, alternates: screenAlternates(id) };
    },
    meta({ loaderData }: { loaderData?: { locale: PageLocale; origin: string; alternates: Alternate[] } }) {
      if (!loaderData) return [];
      const t = translator(loaderData.locale.lang);
      return pageMeta({ title: `${t(heading)} | Mili`, noindex: true, ...loaderData });
    },
  };
}
