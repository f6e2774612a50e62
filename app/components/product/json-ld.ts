/**
 * schema.org Product data for search engines, and its safe embedding in a <script type="application/ld+json">.
 */

export interface JsonLdInput {
  name: string;
  articleNumber: string;
  description?: string | null;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute image URLs. */
  images: string[];
  brand?: string | null;
  /** GTIN of the chosen SKU, or of the product's only SKU. */
  gtin?: string | null;
  /**
   * The selling price; `prior` only while a reduction is announced (the API's Price.isDiscounted): its prior price,
   * the one reference the page strikes through (docs/decisions/0013).
   */
  price?: { amount: number; currency: string; vatIncluded: boolean; prior?: number | null } | null;
  availability: "InStock" | "OutOfStock" | "BackOrder" | "LimitedAvailability";
  rating?: { score: number; voteCount: number } | null;
}

/** The GTIN property schema.org names by length (gtin8, gtin12, gtin13, gtin14), or "gtin". */
function gtinProperty(gtin: string): string {
  return /^\d{8}$|^\d{12,14}$/.test(gtin) ? `gtin${gtin.length}` : "gtin";
}

export function productJsonLd(input: JsonLdInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    sku: input.articleNumber,
    url: input.url,
  };
  if (input.images.length) data.image = input.images;
  if (input.description) data.description = input.description;
  if (input.brand) data.brand = { "@type": "Brand", name: input.brand };
  if (input.gtin) data[gtinProperty(input.gtin)] = input.gtin;
  if (input.price) {
    const price = input.price.amount.toFixed(2);
    const selling = {
      "@type": "UnitPriceSpecification",
      price,
      priceCurrency: input.price.currency,
      valueAddedTaxIncluded: input.price.vatIncluded,
    };
    const prior = input.price.prior;
    data.offers = {
      "@type": "Offer",
      url: input.url,
      price,
      priceCurrency: input.price.currency,
      availability: `https://schema.org/${input.availability}`,
      // A reduction's prior price as the struck-through price search engines show beside the selling price.
      priceSpecification:
        prior !== null && prior !== undefined && prior > input.price.amount
          ? [
              selling,
              {
                "@type": "UnitPriceSpecification",
                priceType: "https://schema.org/StrikethroughPrice",
                price: prior.toFixed(2),
                priceCurrency: input.price.currency,
                valueAddedTaxIncluded: input.price.vatIncluded,
              },
            ]
          : selling,
    };
  }
  if (input.rating && input.rating.voteCount > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(input.rating.score * 10) / 10,
      reviewCount: input.rating.voteCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/**
 * JSON for an inline script: `<`, `>`, `&` and the line separators U+2028/U+2029 are written as \u escapes, so
 * no text in the data can close the script element or open a comment, and JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
