import { describe, expect, it } from "vitest";
import { productDimensions, skuLevel, type VariantNode } from "./variants.ts";

const size = (productId: number, skuId: number, value: string): VariantNode => ({
  value,
  label: value,
  dimension: "Size",
  level: 3,
  productId,
  skuId,
});
const color = (productId: number, value: string, label: string, skus: VariantNode[]): VariantNode => ({
  value,
  label,
  dimension: "Color",
  level: 2,
  productId,
  canonicalUrl: `/p/jakker/jakke-${value}-${productId}`,
  primaryImage: `img-${productId}.jpg`,
  variants: skus,
});

const group: VariantNode[] = [
  {
    value: "regular",
    label: "Regular",
    dimension: "Fit",
    level: 1,
    productId: 1,
    canonicalUrl: "/p/jakker/jakke-black-1",
    variants: [
      color(1, "black", "Svart", [size(1, 11, "S"), size(1, 12, "M")]),
      color(2, "red", "Rød", [size(2, 21, "S"), size(2, 22, "M")]),
    ],
  },
  {
    value: "slim",
    label: "Slim",
    dimension: "Fit",
    level: 1,
    productId: 3,
    canonicalUrl: "/p/jakker/jakke-blue-3",
    variants: [color(3, "blue", "Blå", [size(3, 31, "M")]), color(4, "red", "Rød", [size(4, 41, "M")])],
  },
];

describe("reading a variant group", () => {
  it("offers the fits and the colours of the current fit, linking to sibling products", () => {
    const choices = productDimensions(group, 2);
    expect(choices.map((c) => c.dimension)).toEqual(["Fit", "Color"]);
    const [fit, colors] = choices;
    expect(fit?.options.map((o) => [o.label, o.current, o.url])).toEqual([
      ["Regular", true, null],
      // The other fit keeps the chosen colour when it has it.
      ["Slim", false, "/p/jakker/jakke-red-4"],
    ]);
    expect(colors?.options.map((o) => [o.label, o.current, o.url, o.image])).toEqual([
      ["Svart", false, "/p/jakker/jakke-black-1", "img-1.jpg"],
      ["Rød", true, null, "img-2.jpg"],
    ]);
  });

  it("falls back to the first colour when the other fit lacks the current one", () => {
    const [fit] = productDimensions(group, 1);
    expect(fit?.options[1]?.url).toBe("/p/jakker/jakke-blue-3");
  });

  it("lists the sizes of the current product", () => {
    expect(skuLevel(group, 2).map((n) => n.skuId)).toEqual([21, 22]);
    expect(skuLevel(group, 3).map((n) => n.skuId)).toEqual([31]);
  });

  it("has nothing to choose for a product outside the group, or a group of one", () => {
    expect(productDimensions(group, 99)).toEqual([]);
    expect(skuLevel(group, 99)).toEqual([]);
    const single = [color(5, "green", "Grønn", [size(5, 51, "S"), size(5, 52, "M")])];
    expect(productDimensions(single, 5)).toEqual([]);
    expect(skuLevel(single, 5).map((n) => n.value)).toEqual(["S", "M"]);
  });
});
