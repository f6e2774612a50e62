import { describe, expect, it } from "vitest";
import { productJsonLd, scriptJson } from "./json-ld.ts";

const base = {
  name: "Fjelljakke",
  articleNumber: "A-100",
  url: "https://mili.test/p/jakker/fjelljakke",
  images: ["https://mili.test/images/product/1280/a.jpg"],
  availability: "InStock" as const,
};

describe("productJsonLd", () => {
  it("describes a product with brand, GTIN, offer and rating", () => {
    const data = productJsonLd({
      ...base,
      description: "Varm jakke",
      brand: "Fjellrev",
      gtin: "7310000000017",
      price: { amount: 1299, currency: "NOK", vatIncluded: true },
      rating: { score: 4.26, voteCount: 12 },
    });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Fjelljakke",
      sku: "A-100",
      gtin13: "7310000000017",
      brand: { "@type": "Brand", name: "Fjellrev" },
      image: base.images,
      offers: {
        "@type": "Offer",
        price: "1299.00",
        priceCurrency: "NOK",
        availability: "https://schema.org/InStock",
        priceSpecification: { valueAddedTaxIncluded: true },
      },
      aggregateRating: { ratingValue: 4.3, reviewCount: 12, bestRating: 5 },
    });
  });

  it("gives an announced reduction's prior price as the struck-through price, and no other", () => {
    const reduced = productJsonLd({
      ...base,
      price: { amount: 889, currency: "NOK", vatIncluded: true, prior: 1339 },
    });
    expect((reduced.offers as { priceSpecification: unknown }).priceSpecification).toEqual([
      {
        "@type": "UnitPriceSpecification",
        price: "889.00",
        priceCurrency: "NOK",
        valueAddedTaxIncluded: true,
      },
      {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/StrikethroughPrice",
        price: "1339.00",
        priceCurrency: "NOK",
        valueAddedTaxIncluded: true,
      },
    ]);
    for (const prior of [null, 889]) {
      const plain = productJsonLd({
        ...base,
        price: { amount: 889, currency: "NOK", vatIncluded: true, prior },
      });
      expect((plain.offers as { priceSpecification: unknown }).priceSpecification).toMatchObject({
        "@type": "UnitPriceSpecification",
        price: "889.00",
      });
    }
  });

  it("leaves out what is unknown: no offer without a price, no rating without votes, gtin for odd lengths", () => {
    const data = productJsonLd({ ...base, gtin: "12345", rating: { score: 0, voteCount: 0 } });
    expect(data.offers).toBeUndefined();
    expect(data.aggregateRating).toBeUndefined();
    expect(data.brand).toBeUndefined();
    expect(data.gtin).toBe("12345");
  });
});

describe("scriptJson", () => {
  it("cannot close the script element, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
