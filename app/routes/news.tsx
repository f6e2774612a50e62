import { ListView } from "../components/list/list-view.tsx";
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
  const list = await loadList({
    client,
    url,
    pathname: href(locale, "/nyheter"),
    route: { name: "news" },
    target: {},
  });
  return { locale, origin: url.origin, alternates: samePathAlternates("/nyheter"), list };
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
  return (
    <ListView list={loaderData.list} listId="/nyheter" listName={t("news.heading")}>
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("news.heading")}
      </h1>
    </ListView>
  );
}

export const headers = publicHeaders;
