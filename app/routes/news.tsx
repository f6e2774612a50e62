import { ListView } from "../components/list/list-view.tsx";
import { WidgetBlocks } from "../components/widget-blocks.tsx";
import { listPageWidgets } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { canonicalListPath, listNoindex, loadList } from "../lib/list-page.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
import type { Route } from "./+types/news";

/** /nyheter: all new items, newest first (the route's custom sort, LATEST), with filters and pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const [list, widgets] = await Promise.all([
    loadList({ client, url, pathname: href(locale, "/nyheter"), route: { name: "news" }, target: {} }),
    listPageWidgets(client, locale, request),
  ]);
  return { locale, origin: url.origin, alternates: samePathAlternates("/nyheter"), list, widgets };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { list } = loaderData;
  const t = translator(loaderData.locale.lang);
  const title = t("news.heading");
  return pageMeta({
    title: `${list.pageNo > 1 ? t("list.pageTitle", { title, page: list.pageNo }) : title} | Mili`,
    noindex: listNoindex(list),
    ...loaderData,
    alternates: loaderData.alternates.map((a) => ({ ...a, path: canonicalListPath(a.path, list.pageNo) })),
  });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { widgets } = loaderData;
  return (
    <ListView
      list={loaderData.list}
      listId="/nyheter"
      listName={t("news.heading")}
      bottom={<WidgetBlocks blocks={widgets.bottom} eager={false} className="mt-10 space-y-10" />}
    >
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("news.heading")}
      </h1>
      <WidgetBlocks blocks={widgets.top} eager={false} className="mt-6 space-y-6" />
    </ListView>
  );
}

export const headers = publicHeaders;
