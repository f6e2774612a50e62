import { translator } from "../i18n/index.ts";
import { groupByFirstLetter, letterAnchor, OTHER } from "../lib/brand-index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { BrandsQuery } from "../lib/graphql/brand-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/brands";

/**
 * /varemerker and /sv/varumarken: every brand, grouped by first letter in the language's alphabet (A–Z, then
 * Æ Ø Å in Norwegian and Å Ä Ö in Swedish), with an index of the letters as in-page links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(BrandsQuery);
  return {
    locale,
    origin: url.origin,
    alternates: screenAlternates("brands"),
    count: data.brands.length,
    groups: groupByFirstLetter(data.brands, (b) => b.name, locale.lang, locale.languageId),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("brands.heading")} | Mili`, ...loaderData });
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const label = (letter: string) => (letter === OTHER ? t("brands.other") : letter);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("brands.heading")}
      </h1>
      <p className="mt-1 text-stone-700">{t("brands.intro", { count: loaderData.count })}</p>
      <nav id="brand-index" aria-label={t("brands.letters")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {loaderData.groups.map((g) => (
            <li key={g.letter}>
              <a
                href={`#${letterAnchor(g.letter)}`}
                className="inline-block min-w-10 rounded border border-stone-300 px-2 py-2 text-center font-medium hover:bg-stone-100"
              >
                {label(g.letter)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.groups.map((g) => (
          <section key={g.letter} aria-labelledby={letterAnchor(g.letter)} className="scroll-mt-24">
            <h2
              id={letterAnchor(g.letter)}
              className="scroll-mt-24 border-b border-stone-200 text-xl font-semibold"
            >
              {label(g.letter)}
            </h2>
            <ul className="mt-2 space-y-1">
              {g.items.map((b) => (
                <li key={b.brandId}>
                  <a className="hover:underline" href={href(root.locale, b.canonicalUrl)}>
                    {b.name}
                  </a>
                </li>
              ))}
            </ul>
            <a className="mt-2 inline-block text-sm text-stone-700 underline" href="#brand-index">
              {t("brands.backToTop")}
            </a>
          </section>
        ))}
      </div>
    </main>
  );
}

export const headers = publicHeaders;
