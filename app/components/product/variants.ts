/**
 * Reading a variant group (Fit → Color → Size, fewer levels for simpler products): the product-level choices
 * shown as links to sibling products, and the SKU level shown as the size picker. The product page's loader reads
 * the tree on the server and sends the browser only its summary (`variantSummary`, decision 0080).
 */

export interface VariantNode {
  value: string;
  label?: string | null;
  dimension: string;
  level: number;
  productId?: number | null;
  skuId?: number | null;
  canonicalUrl?: string | null;
  primaryImage?: string | null;
  variants?: readonly VariantNode[] | null;
}

export interface DimensionOption {
  value: string;
  label: string;
  /** The sibling product's URL (language-neutral path). */
  url: string | null;
  current: boolean;
  image: string | null;
}

export interface DimensionChoice {
  dimension: string;
  level: number;
  options: DimensionOption[];
}

function containsProduct(node: VariantNode, productId: number): boolean {
  if (node.productId === productId && !node.skuId) return true;
  if (node.variants?.length) return node.variants.some((child) => containsProduct(child, productId));
  return node.productId === productId;
}

/**
 * A node's product URL: the descendant that keeps the shopper's deeper choices (another fit in the same colour)
 * when there is one, else the node's own URL, else its first descendant's.
 */
function urlOf(node: VariantNode, keep: readonly string[]): string | null {
  const children = (node.variants ?? []).filter((c) => c.skuId == null);
  const [want, ...rest] = keep;
  const same = want === undefined ? undefined : children.find((c) => c.value === want);
  if (same) return urlOf(same, rest);
  if (node.canonicalUrl) return node.canonicalUrl;
  const first = children[0];
  return first ? urlOf(first, []) : null;
}

function isSkuLevel(nodes: readonly VariantNode[]): boolean {
  return nodes.some((n) => n.skuId != null);
}

/**
 * The product-level dimensions (those above the SKU level) along the current product's path, each with the
 * sibling options at that level. A dimension with a single option is left out: there is nothing to choose.
 */
export function productDimensions(variants: readonly VariantNode[], productId: number): DimensionChoice[] {
  // The current path, top down.
  const path: VariantNode[] = [];
  const levels: (readonly VariantNode[])[] = [];
  let nodes = variants;
  while (nodes.length && !isSkuLevel(nodes)) {
    const current = nodes.find((n) => containsProduct(n, productId));
    if (!current) break;
    levels.push(nodes);
    path.push(current);
    nodes = current.variants ?? [];
  }
  return levels.flatMap((siblings, depth): DimensionChoice[] => {
    const current = path[depth];
    if (!current || siblings.length < 2) return [];
    const deeper = path.slice(depth + 1).map((n) => n.value);
    return [
      {
        dimension: current.dimension,
        level: current.level,
        options: siblings.map((node) => ({
          value: node.value,
          label: node.label || node.value,
          url: node === current ? null : urlOf(node, deeper),
          current: node === current,
          image: node.primaryImage ?? null,
        })),
      },
    ];
  });
}

/** The SKU-level nodes (e.g. sizes) under the current product's path, in the group's order. */
export function skuLevel(variants: readonly VariantNode[], productId: number): VariantNode[] {
  let nodes = variants;
  while (nodes.length && !isSkuLevel(nodes)) {
    const current = nodes.find((n) => containsProduct(n, productId));
    if (!current) return [];
    nodes = current.variants ?? [];
  }
  return nodes.filter((n) => n.skuId != null && (n.productId == null || n.productId === productId));
}

/** A SKU of the current product as its variant group words it (the size picker's label). */
export interface SkuLabel {
  skuId: number;
  /** The SKU level's label; null when the group gives none (the page falls back to the SKU's name). */
  label: string | null;
}

/**
 * What the product page shows of its variant group: the product-level choices, and the SKU level's dimension and
 * labels. Made from the tree in the loader, so the page's data carries this instead of the whole tree.
 */
export interface VariantSummary {
  choices: DimensionChoice[];
  /** The SKU level's dimension ("Size", …); null outside a group or without SKU nodes on the product's path. */
  skuDimension: string | null;
  /** The SKU nodes under the current product's path, in the group's order. */
  skus: SkuLabel[];
}

/** `productDimensions` and `skuLevel` of one tree, kept to what the page renders of them. */
export function variantSummary(variants: readonly VariantNode[], productId: number): VariantSummary {
  const nodes = skuLevel(variants, productId);
  return {
    choices: productDimensions(variants, productId),
    skuDimension: nodes[0]?.dimension ?? null,
    skus: nodes.flatMap((n) => (n.skuId == null ? [] : [{ skuId: n.skuId, label: n.label || null }])),
  };
}
