import { asc } from "drizzle-orm";
import { type DocumentNode, type FieldNode, Kind, print, type SelectionSetNode, visit } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type VariantNode, variantSummary } from "#app/components/product/variants.ts";
import { ProductPageQuery } from "#app/lib/graphql/product-operations.ts";
import { productTranslations } from "#db/schema/index.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The product page's operation asks for less of the variant tree than the public API answers (decision 0080): no
 * stock, and only a SKU node's label, dimension and ids on the third level. For every seeded product in both
 * languages, the summary the loader sends must be the same as the whole tree's.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ GRAPHQL_MAX_COST: "1000000", RESPONSE_CACHE: "false" });
});
afterAll(async () => {
  await shop?.close();
});

/** Every field of a variant, four levels deep (one more than the page asks for). */
const NODE =
  "alias level label value dimension skuId productId primaryImage canonicalUrl stock { inStock totalStock }";
const WHOLE = `variantGroup { variants { ${NODE} variants { ${NODE} variants { ${NODE} variants { ${NODE} } } } } }`;

/** The page operation's `product.variantGroup` selection, printed, and the fragments it spreads. */
function pageSelection(document: DocumentNode): { field: string; fragments: string } {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  const product = operation?.selectionSet.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "product",
  );
  const group = product?.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "variantGroup",
  );
  if (!group) throw new Error("the product page's operation asks for no variantGroup");
  const spread = new Set<string>();
  const collect = (set: SelectionSetNode | FieldNode) =>
    visit(set, {
      FragmentSpread(node) {
        if (spread.has(node.name.value)) return;
        spread.add(node.name.value);
        const fragment = document.definitions.find(
          (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === node.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) collect(fragment.selectionSet);
      },
    });
  collect(group);
  const fragments = document.definitions.filter(
    (d) => d.kind === Kind.FRAGMENT_DEFINITION && spread.has(d.name.value),
  );
  return { field: print(group), fragments: fragments.map((f) => print(f)).join("\n") };
}

const LOCALES = [
  { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
  { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
];

describe("the product page's variant summary (decision 0080)", () => {
  it("is the same from the page's operation as from the whole tree, for every product in both languages", async () => {
    const selection = pageSelection(ProductPageQuery);
    const translations = await shop.db.db
      .select({ languageId: productTranslations.languageId, alias: productTranslations.alias })
      .from(productTranslations)
      .orderBy(asc(productTranslations.productId));
    type Product = { productId: number; variantGroup: { variants: VariantNode[] } | null } | null;
    let compared = 0;
    let withChoices = 0;
    let withSizes = 0;
    for (const locale of LOCALES) {
      const aliases = translations.filter((t) => t.languageId === locale.languageId).map((t) => t.alias);
      for (let start = 0; start < aliases.length; start += 10) {
        const chunk = aliases.slice(start, start + 10);
        const ask = (fields: string, fragmentsText = "") =>
          gql(shop.origin, {
            query: `query($channelId: String, $languageId: String, $marketId: String) { ${chunk
              .map(
                (alias, i) =>
                  `p${i}: product(alias: ${JSON.stringify(alias)}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { productId ${fields} }`,
              )
              .join("\n")} } ${fragmentsText}`,
            variables: locale,
          });
        const [whole, page] = await Promise.all([ask(WHOLE), ask(selection.field, selection.fragments)]);
        expect(whole.body.errors).toBeUndefined();
        expect(page.body.errors).toBeUndefined();
        chunk.forEach((alias, i) => {
          const full = whole.body.data[`p${i}`] as Product;
          const asked = page.body.data[`p${i}`] as Product;
          if (!full || !asked) return;
          // What the page's third level relies on: no group is deeper than three levels, the third is SKUs.
          const third = (full.variantGroup?.variants ?? []).flatMap((a) =>
            (a.variants ?? []).flatMap((b) => b.variants ?? []),
          );
          expect(third.every((n) => n.skuId != null && !n.variants?.length)).toBe(true);
          const summary = variantSummary(asked.variantGroup?.variants ?? [], asked.productId);
          expect(summary, `${alias} ${locale.languageId}`).toEqual(
            variantSummary(full.variantGroup?.variants ?? [], full.productId),
          );
          compared++;
          if (summary.choices.length) withChoices++;
          if (summary.skus.length) withSizes++;
        });
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(withChoices).toBeGreaterThan(compared / 2);
    expect(withSizes).toBeGreaterThan(compared / 2);
  }, 120_000);
});
