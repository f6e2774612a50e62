import fc from "fast-check";
import type { DocumentNode, FieldNode, SelectionSetNode } from "graphql";
import { describe, expect, it } from "vitest";
import { ProductPageQuery } from "../../lib/graphql/product-operations.ts";
import { productDimensions, skuLevel, type VariantNode, variantSummary } from "./variants.ts";

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

/** A variant as the API answers it with every field. */
interface ApiNode extends VariantNode {
  stock: object | null;
  variants: ApiNode[];
}

/** A tree as the API builds it: Fit → Color → Size or Color → Size, a product per colour, every field set. */
const tree = fc
  .record({
    fits: fc.option(
      fc.uniqueArray(fc.constantFrom("regular", "slim", "loose"), { minLength: 1, maxLength: 3 }),
      {
        nil: null,
      },
    ),
    colours: fc.array(
      fc.record({
        values: fc.uniqueArray(fc.constantFrom("black", "red", "blue", "green"), {
          minLength: 1,
          maxLength: 4,
        }),
        sizes: fc.uniqueArray(fc.constantFrom("S", "M", "L", "XL", "42"), { minLength: 1, maxLength: 5 }),
        labelled: fc.boolean(),
        image: fc.boolean(),
      }),
      { minLength: 3, maxLength: 3 },
    ),
  })
  .map(({ fits, colours }) => {
    let productId = 0;
    let skuId = 100;
    const stock = { inStock: 1, oversellable: 0, totalStock: 1, static: 0, incoming: null };
    const colourLevel = (level: number, spec: (typeof colours)[number]): ApiNode[] =>
      spec.values.map((value) => {
        const id = ++productId;
        const base = {
          productId: id,
          canonicalUrl: `/p/c/${value}-${id}`,
          primaryImage: spec.image ? `${id}.jpg` : null,
        };
        return {
          ...base,
          value,
          label: spec.labelled ? `${value} (${id})` : value,
          dimension: "Color",
          level,
          skuId: null,
          stock: null,
          variants: spec.sizes.map((size) => ({
            ...base,
            value: size,
            label: spec.labelled ? `${size}!` : size,
            dimension: "Size",
            level: level + 1,
            skuId: ++skuId,
            stock,
            variants: [],
          })),
        };
      });
    if (!fits) return colourLevel(0, colours[0] as (typeof colours)[number]);
    return fits.map((value, i): ApiNode => {
      const children = colourLevel(1, colours[i] as (typeof colours)[number]);
      const first = children[0] as ApiNode;
      return {
        value,
        label: value.toUpperCase(),
        dimension: "Fit",
        level: 0,
        productId: first.productId,
        canonicalUrl: first.canonicalUrl,
        primaryImage: first.primaryImage,
        skuId: null,
        stock: null,
        variants: children,
      };
    });
  });

const productIds = (nodes: readonly VariantNode[]): number[] => [
  ...new Set(
    nodes.flatMap((n) => [...(n.skuId == null ? [n.productId ?? 0] : []), ...productIds(n.variants ?? [])]),
  ),
];

/** `value` as `selection` asks for it: only the fields selected, fragments spread in. */
function project(document: DocumentNode, selection: SelectionSetNode, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => project(document, selection, v));
  if (!value || typeof value !== "object") return value;
  const fields = (set: SelectionSetNode): FieldNode[] =>
    set.selections.flatMap((s) => {
      if (s.kind === "Field") return [s];
      if (s.kind === "InlineFragment") return fields(s.selectionSet);
      const fragment = document.definitions.find(
        (d) => d.kind === "FragmentDefinition" && d.name.value === s.name.value,
      );
      return fragment?.kind === "FragmentDefinition" ? fields(fragment.selectionSet) : [];
    });
  const out: Record<string, unknown> = {};
  for (const field of fields(selection)) {
    const v = (value as Record<string, unknown>)[field.name.value];
    out[field.alias?.value ?? field.name.value] = field.selectionSet
      ? project(document, field.selectionSet, v)
      : v;
  }
  return out;
}

/** The selection of `path` (field names from the operation's root) in the product page's operation. */
function selectionAt(document: DocumentNode, path: string[]): SelectionSetNode {
  const operation = document.definitions.find((d) => d.kind === "OperationDefinition");
  let set = operation?.kind === "OperationDefinition" ? operation.selectionSet : undefined;
  for (const name of path) {
    const field = set?.selections.find((s): s is FieldNode => s.kind === "Field" && s.name.value === name);
    set = field?.selectionSet;
  }
  if (!set) throw new Error(`no selection at ${path.join(".")}`);
  return set;
}

describe("the variant summary the product page's loader sends (decision 0080)", () => {
  it("is the page's product-level choices and its SKU level, for any tree and product", () => {
    fc.assert(
      fc.property(tree, fc.nat(), (variants, pick) => {
        const ids = [...productIds(variants), 999];
        const productId = ids[pick % ids.length] as number;
        const summary = variantSummary(variants, productId);
        expect(summary.choices).toEqual(productDimensions(variants, productId));
        const nodes = skuLevel(variants, productId);
        expect(summary.skus).toEqual(nodes.map((n) => ({ skuId: n.skuId, label: n.label })));
        expect(summary.skuDimension).toBe(nodes[0]?.dimension ?? null);
        // Only the product's own SKUs, each once; one current option per choice, and it is not a link.
        expect(
          summary.skus.every((s) => nodes.find((n) => n.skuId === s.skuId)?.productId === productId),
        ).toBe(true);
        expect(new Set(summary.skus.map((s) => s.skuId)).size).toBe(summary.skus.length);
        for (const choice of summary.choices) {
          expect(choice.options.filter((o) => o.current)).toHaveLength(1);
          expect(choice.options.every((o) => (o.current ? o.url === null : o.url !== null))).toBe(true);
        }
      }),
    );
  });

  it("reads nothing the page's operation does not ask for", () => {
    const selection = selectionAt(ProductPageQuery, ["product", "variantGroup", "variants"]);
    fc.assert(
      fc.property(tree, fc.nat(), (variants, pick) => {
        const ids = productIds(variants);
        const productId = ids[pick % ids.length] as number;
        const asked = project(ProductPageQuery, selection, variants) as VariantNode[];
        expect(variantSummary(asked, productId)).toEqual(variantSummary(variants, productId));
      }),
    );
  });
});
