import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { BrandsQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/brands";

/** /varemerker and /sv/varumarken: every brand, grouped by first letter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(BrandsQuery);
  const groups = new Map<string, typeof data.brands>();
  for (const brand of data.brands) {
    const letter = brand.name.charAt(0).toLocaleUpperCase(locale.languageId);
    const key = /\p{L}/u.test(letter) ? letter : "#";
    groups.set(key, [...(groups.get(key) ?? []), brand]);
  }
  const letters = [...groups.keys()].sort((a, b) => a.localeCompare(b, locale.languageId));
  return {
    locale,
    origin: url.origin,
    alternates: screenAlternates("brands"),
    groups: letters.map((letter) => ({ letter, brands: groups.get(letter) ?? [] })),
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
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("brands.heading")}
      </h1>
      <nav aria-label={t("brands.letters")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {loaderData.groups.map((g) => (
            <li key={g.letter}>
              <a
                href={`#letter-${g.letter}`}
                className="inline-block min-w-8 rounded border border-stone-300 px-2 py-1 text-center"
              >
                {g.letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.groups.map((g) => (
          <section key={g.letter} aria-labelledby={`letter-${g.letter}`}>
            <h2 id={`letter-${g.letter}`} className="text-xl font-semibold">
              {g.letter}
            </h2>
            <ul className="mt-1">
              {g.brands.map((b) => (
                <li key={b.brandId}>
                  <a href={href(root.locale, b.canonicalUrl)}>{b.name}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}

export const headers = publicHeaders;
