import { type WidgetBlock, WidgetBlocks } from "../components/widget-blocks.tsx";
import { requestDisplaySetting, widgetBlocks } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { WidgetAreaQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
import type { Route } from "./+types/preview-widgets";

const TEXTS = {
  nb: {
    intro: "Slik ser området ut med upubliserte widgets, merket «Ikke publisert».",
    noToken: "Ingen upubliserte widgets vises her: uten riktig forhåndsvisningsnøkkel vises bare publiserte.",
    empty: "Området har ingen widgets.",
  },
  sv: {
    intro: "Så här ser området ut med opublicerade widgets, märkta ”Inte publicerad”.",
    noToken: "Inga opublicerade widgets visas här: utan rätt förhandsvisningsnyckel visas bara publicerade.",
    empty: "Området har inga widgets.",
  },
} as const;

/**
 * /preview-widgets?token={WIDGET_PREVIEW_TOKEN}&family=Frontpage&areaName=Main[&displaySetting=mobile]: an editor
 * sees a widget area with its unpublished widgets (and those outside their dates), marked. The API checks the token
 * (constant time); without it, or with a wrong one, only published widgets show. Never cached, never indexed, and
 * the token is not sent on as a referrer (meta referrer).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const family = url.searchParams.get("family")?.slice(0, 60) || "Frontpage";
  const areaName = url.searchParams.get("areaName")?.slice(0, 60) || "Main";
  const token = url.searchParams.get("token")?.slice(0, 200) || undefined;
  const asked = url.searchParams.get("displaySetting");
  const displaySetting = asked === "mobile" || asked === "desktop" ? asked : requestDisplaySetting(request);
  const { data } = await client.request(WidgetAreaQuery, {
    family,
    areaName,
    displaySetting,
    preview: true,
    previewToken: token,
  });
  const widgets = data.widgetArea?.widgets ?? [];
  const blocks: WidgetBlock[] = await widgetBlocks(client, locale, widgets, { preview: true });
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/preview-widgets"),
    family,
    areaName,
    displaySetting,
    blocks,
    previewing: widgets.some((w) => !w.published),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return [
    ...pageMeta({ title: `${t("widgets.preview")} | Mili`, noindex: true, ...loaderData }),
    // The token in the address is not passed on to other sites.
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function PreviewWidgets({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const texts = TEXTS[loaderData.locale.lang];
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("widgets.preview")}
      </h1>
      <p className="mt-1 text-stone-700">
        {loaderData.family} / {loaderData.areaName} ({loaderData.displaySetting})
      </p>
      <p className="mt-1 text-stone-700">{loaderData.previewing ? texts.intro : texts.noToken}</p>
      <div className="mt-6">
        {loaderData.blocks.length ? <WidgetBlocks blocks={loaderData.blocks} /> : <p>{texts.empty}</p>}
      </div>
    </main>
  );
}

export function headers() {
  return PRIVATE_PAGE;
}
