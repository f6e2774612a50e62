import { data } from "react-router";
import { WidgetBlocks } from "../components/widget-blocks.tsx";
import { requestDisplaySetting, widgetBlocks } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { PRIVATE_PAGE, PUBLIC_PAGE } from "../lib/cache.ts";
import { CmsPagesQuery, ContentPageQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { alternatesFromApi, pageMeta, samePathAlternates } from "../lib/seo.ts";
import { redirectIfMoved } from "../lib/url-history.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/content";

/**
 * Content pages: /{alias} (the catch-all, last), /content/{alias} and /content/{alias}?preview={token}; /content
 * alone lists the pages. A page is its body widgets (rendered on the server, decision 0038) beside the info pages'
 * side menu (menu location "info-pages"). An unknown alias moved elsewhere (URL history) answers 301 to its new
 * URL; else it is a 404. A preview (the page's token or the shop's WIDGET_PREVIEW_TOKEN) is private: never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  if (!params.alias) {
    if (!locale.path.startsWith("/content")) throw new Response(null, { status: 404 });
    const { data: pages } = await client.request(CmsPagesQuery);
    return {
      locale,
      origin: url.origin,
      alternates: samePathAlternates("/content"),
      page: null,
      blocks: [],
      menu: null,
      pages: pages.cmsPages,
    };
  }
  const previewToken = url.searchParams.get("preview")?.slice(0, 200) || undefined;
  const { data: found } = await client.request(ContentPageQuery, {
    alias: params.alias,
    previewToken,
    displaySetting: requestDisplaySetting(request),
  });
  const page = found.contentPage;
  if (!page) {
    if (!previewToken) await redirectIfMoved(request, context);
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  const preview = !!previewToken;
  const payload = {
    locale,
    origin: url.origin,
    alternates: alternatesFromApi(page.alternativeUrls),
    page,
    blocks: await widgetBlocks(client, locale, page.widgets, { preview }),
    menu: found.infoPages,
    pages: [],
  };
  return preview
    ? data(payload, { headers: { ...PRIVATE_PAGE, "Referrer-Policy": "no-referrer" } })
    : payload;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  const title = loaderData.page ? (loaderData.page.metaTitle ?? loaderData.page.title) : t("content.heading");
  const preview = loaderData.page ? !loaderData.page.published : false;
  return [
    ...pageMeta({
      title: `${title} | Mili`,
      description: loaderData.page?.metaDescription,
      noindex: preview,
      ...loaderData,
    }),
    // A preview's token (in the address) is not passed on to other sites.
    ...(preview ? [{ name: "referrer", content: "no-referrer" }] : []),
  ];
}

export default function Content({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const { page, menu } = loaderData;
  const current = page ? href(root.locale, page.canonicalUrl) : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:flex-row">
      {menu?.items.length ? (
        <nav aria-label={menu.name} className="md:w-56 md:shrink-0">
          <h2 className="font-semibold">{menu.name}</h2>
          <ul className="mt-2 space-y-1">
            {menu.items.map((item) => {
              const link = href(root.locale, item.url);
              return (
                <li key={item.id}>
                  <a
                    href={link}
                    className="underline-offset-2 hover:underline aria-[current=page]:font-semibold"
                    aria-current={link === current ? "page" : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <main id="main" className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold" tabIndex={-1}>
          {page ? page.title : t("content.heading")}
        </h1>
        <div className="mt-6">
          {page ? (
            <WidgetBlocks blocks={loaderData.blocks} />
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
    </div>
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Cache-Control") ? loaderHeaders : PUBLIC_PAGE;
}
