/**
 * A product image's URLs in every served width. Its own module (decision 0060), so the header's search, the cart
 * and the buy box reach them without the product card, whose code is a chunk of its own.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

export function productImageUrl(fileName: string, width: number) {
  return `/images/product/${width}/${encodeURIComponent(fileName)}`;
}

/** srcset of a product image in every served width. */
export function productImageSrcSet(fileName: string) {
  return IMAGE_WIDTHS.map((w) => `${productImageUrl(fileName, w)} ${w}w`).join(", ");
}
