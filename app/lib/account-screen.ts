import type { LoaderFunctionArgs } from "react-router";
import { type AccountKey, accountTranslator } from "../i18n/account.ts";
import { GraphqlClientError } from "./graphql/client.ts";
import { requestClient } from "./graphql/server.ts";
import type { PageLocale } from "./page-locale.ts";
import { type Alternate, pageMeta, screenAlternates } from "./seo.ts";

/**
 * Loader and meta of an account screen (lib/screens.ts id): the authenticated layout guards it; the page
 * itself needs its locale, its path in both languages and what `load` reads for it (as the signed-in shopper:
 * requestClient sends the token). Dates and amounts are formatted there, on the server: the formatting code
 * stays out of the browser's bundles.
 */
export function accountLoader<T>(
  id: string,
  load: (client: ReturnType<typeof requestClient>["client"], languageId: string) => Promise<T>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { client, locale, url } = requestClient(request, context);
    // A page opened with a loginToken the API does not know (token sign-in skips the guard) shows as a guest's.
    let data: T | null = null;
    try {
      data = await load(client, locale.languageId);
    } catch (error) {
      if (!(error instanceof GraphqlClientError && error.code === "UNAUTHENTICATED")) throw error;
    }
    return { locale, origin: url.origin, alternates: screenAlternates(id), data };
  };
}

/** The page's title and alternates (its own export: the loader and what it imports stay on the server). */
export function accountMeta(heading: AccountKey) {
  return ({
    loaderData,
  }: {
    loaderData?: { locale: PageLocale; origin: string; alternates: Alternate[] };
  }) => {
    if (!loaderData) return [];
    const t = accountTranslator(loaderData.locale.lang);
    return pageMeta({ title: `${t(heading)} | Mili`, noindex: true, ...loaderData });
  };
}
