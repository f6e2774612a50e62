import { Widgets } from "../components/widgets.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { CmsPagesQuery, ContentPageQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { alternatesFromApi, pageMeta, samePathAlternates } from "../lib/seo.ts";
import { redirectIfMoved } from "../lib/url-history.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/content";

/**
 * Content pages: /{alias} (the catch-all, last), /content/{alias} and /content/{alias}?preview={token}; /content
 * alone lists the pages. An unknown alias moved elsewhere (URL history) answers 301 to its new URL; else it is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  if (!params.alias) {
    if (!locale.path.startsWith("/content")) throw new Response(null, { status: 404 });
    const { data } = await client.request(CmsPagesQuery);
    return {
      locale,
      origin: url.origin,
      alternates: samePathAlternates("/content"),
      page: null,
      pages: data.cmsPages,
    };
  }
  const previewToken = url.searchParams.get("preview")?.slice(0, 100) || undefined;
  const { data } = await client.request(ContentPageQuery, { alias: params.alias, previewToken });
  const page = data.contentPage;
  if (!page) {
    if (!previewToken) await redirectIfMoved(request, context);
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  return { locale, origin: url.origin, alternates: alternatesFromApi(page.alternativeUrls), page, pages: [] };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  const title = loaderData.page ? (loaderData.page.metaTitle ?? loaderData.page.title) : t("content.heading");
  return pageMeta({ title: `${title} | Mili`, description: loaderData.page?.metaDescription, ...loaderData });
}

export default function Content({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const { page } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {page ? page.title : t("content.heading")}
      </h1>
      <div className="mt-6">
        {page ? (
          <Widgets widgets={page.widgets} lang={root.lang} />
        ) : (
          <ul className="space-y-1">
            {loaderData.pages.map((p) => (
              <li key={p.canonicalUrl}>
                <a className="underline" href={href(root.locale, p.canonicalUrl)}>
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

export const headers = publicHeaders;
