import { useLocation } from "react-router";
import { useViewport } from "../../lib/client/hooks.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import type { Route } from "../../routes/+types/product";
import { WidgetBlocks } from "../widget-blocks.tsx";
import { QuestionForm, ReviewForm } from "./engage.tsx";
import { PriceHistoryPlace } from "./price-history.tsx";
import { Questions, Reviews } from "./reviews.tsx";
import { Nutrition, Specification } from "./specification.tsx";
import { ProductSuggestions } from "./suggestions.tsx";

/** The query string with one parameter set (the buying form's own parameters dropped). */
function withParam(search: string, name: string, value: string) {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key === "add" || key.startsWith("group-")) params.delete(key);
  params.set(name, value);
  return `?${params}`;
}

/**
 * The product page below the fold: description, specification, reviews and questions with their forms, the place
 * of the price history (decision 0094), the page's widgets and the place of the related and recommended products
 * (decision 0089); what is in the two places comes when the shopper nears it. A chunk of its own that hydrates
 * after the gallery and the buy box (decision 0060; routes/product.tsx renders it in a Suspense boundary through
 * deferred()).
 */
export function ProductDetails({
  loaderData,
  actionData,
  signInHref,
}: Pick<Route.ComponentProps, "loaderData" | "actionData"> & { signInHref: string }) {
  const root = useRoot();
  const t = useT();
  const location = useLocation();
  const viewport = useViewport();
  const { product, reviews, questions, locale } = loaderData;
  const languageId = locale.languageId;
  const price = product.unitPrice;
  // Below the fold on every screen: skipped by style, layout and paint until near the viewport (app.css, `.mili-later`).
  return (
    <div className="mili-later">
      {product.texts?.text1 || product.texts?.text3 ? (
        <section aria-labelledby="description" className="mt-10 max-w-3xl">
          <h2 id="description" className="text-xl font-semibold">
            {t("product.description")}
          </h2>
          {product.texts?.text1 ? <p className="mt-2 whitespace-pre-line">{product.texts.text1}</p> : null}
          {product.texts?.text3 ? (
            <>
              <h3 className="mt-4 font-semibold">{t("product.care")}</h3>
              <p className="mt-1 whitespace-pre-line">{product.texts.text3}</p>
            </>
          ) : null}
        </section>
      ) : null}

      <Specification groups={product.parameterGroups} t={t} />
      <Nutrition groups={product.parameterGroups} t={t} />

      {reviews ? (
        <Reviews
          data={reviews}
          pages={loaderData.reviewPages}
          moreHref={withParam(location.search, "reviews", String(loaderData.reviewPages + 1))}
          languageId={languageId}
          t={t}
        />
      ) : null}
      <ReviewForm
        lang={root.lang}
        signedIn={root.user !== null}
        signInHref={signInHref}
        outcome={actionData?.form === "review" ? actionData : null}
      />
      {questions ? (
        <Questions
          data={questions}
          pages={loaderData.questionPages}
          moreHref={withParam(location.search, "questions", String(loaderData.questionPages + 1))}
          languageId={languageId}
          t={t}
        />
      ) : null}
      <QuestionForm
        lang={root.lang}
        signedIn={root.user !== null}
        signInHref={signInHref}
        outcome={actionData?.form === "question" ? actionData : null}
      />

      {price ? (
        <PriceHistoryPlace
          alias={product.alias}
          vatIncluded={root.vatIncluded}
          currentFormatted={
            root.vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted
          }
          languageId={languageId}
          t={t}
          compact={viewport.name === "phone"}
        />
      ) : null}

      <WidgetBlocks
        blocks={loaderData.widgets}
        eager={false}
        className="mt-10 space-y-10"
        productId={product.productId}
      />

      {/* Last: they arrive after the page (decision 0089), so nothing the server sent moves when they do. */}
      <ProductSuggestions alias={product.alias} />
    </div>
  );
}
