import { useRef } from "react";
import { useJsonAnswer, useNear } from "../../lib/client/hooks.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import type { ProductSuggestions as Suggestions } from "../../routes/api.related.ts";
import { ProductGrid } from "../product-grid.tsx";

/** The recommendations' heading: this page's own text (not every page's catalog); bought together, then similar. */
const RECOMMENDED_TEXTS = { nb: "Du kan også like", sv: "Du kanske också gillar" } as const;

const NONE: Suggestions = { related: [], recommended: [], recommendedCodes: {} };

/**
 * A product page's related and recommended products (decision 0089), asked from `/api/related` once the shopper
 * nears the end of the page's details — not rendered with the page: reading, pricing and rendering a dozen cards
 * below the fold was 28 % of a first visit's server time, and a crawler never scrolls to them. The server renders an
 * empty place; the cards come in the browser, before they come into view (the request starts 800 px ahead), each
 * section only when it has products. Another product (a client-side navigation) asks again.
 */
export function ProductSuggestions({ alias }: { alias: string }) {
  const root = useRoot();
  const t = useT();
  const place = useRef<HTMLDivElement>(null);
  const near = useNear(place, alias);

  const suggestions = useJsonAnswer(
    near ? `${href(root.locale, "/api/related")}?alias=${encodeURIComponent(alias)}` : null,
    NONE,
  );
  const { related, recommended, recommendedCodes } = suggestions ?? NONE;
  return (
    <div ref={place} data-suggestions={suggestions ? "loaded" : "waiting"}>
      {related.length ? (
        <section aria-labelledby="related" className="mt-10">
          <h2 id="related" className="text-xl font-semibold">
            {t("product.related")}
          </h2>
          <ProductGrid products={related} label={t("product.related")} eager={0} />
        </section>
      ) : null}

      {recommended.length ? (
        <section
          aria-labelledby="recommended"
          className="mt-10"
          data-recommendations=""
          data-tracking-codes={JSON.stringify(recommendedCodes)}
        >
          <h2 id="recommended" className="text-xl font-semibold">
            {RECOMMENDED_TEXTS[root.lang]}
          </h2>
          <ProductGrid products={recommended} label={RECOMMENDED_TEXTS[root.lang]} eager={0} />
        </section>
      ) : null}
    </div>
  );
}
