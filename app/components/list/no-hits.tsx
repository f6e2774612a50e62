import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";

/** A search without hits: the notice, "did you mean" corrections and popular categories. */
export function NoHits({
  t,
  didYouMean,
  categories,
}: {
  t: Translate;
  /** Corrected searches, each with its link. */
  didYouMean: { text: string; href: string }[];
  categories: { name: string; href: string }[];
}) {
  return (
    <div className="mt-6 space-y-6" data-no-hits>
      <div>
        <p>{t("search.noHits")}</p>
        <p className="mt-1 text-stone-700">{t("search.tips")}</p>
      </div>
      {didYouMean.length ? (
        <p data-did-you-mean>
          {t("search.didYouMean")}{" "}
          {didYouMean.map((d, i) => (
            <span key={d.text}>
              {i > 0 ? ", " : null}
              <Link to={d.href} className="font-semibold underline underline-offset-2">
                {d.text}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {categories.length ? (
        <section aria-labelledby="popular-categories">
          <h2 id="popular-categories" className="text-lg font-bold">
            {t("search.popularCategories")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.href}>
                <Link
                  to={c.href}
                  className="inline-block rounded-full border border-stone-300 px-3 py-1 text-sm hover:border-brand-ink"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
