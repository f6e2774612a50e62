import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "#db/client.ts";
import { productImages } from "#db/schema/index.ts";
import {
  checkImageDimensions,
  EXTRAS_LIMITS,
  type ExtrasProblem,
  type ImageType,
} from "#domain/product-extras.ts";
import { parseImageName } from "./art.ts";
import { encodeImage, type RenderProductImageOptions, renderProductImage } from "./render.ts";

/**
 * Uploaded product images (decision 0057) in the one image pipeline: an upload is stored as its original bytes on
 * its `product_images` row under a name of the pipeline's shape, `photo-{productId}-{n}-{random hex}.jpg`, so the
 * same routes (server/images.ts), the same names check (names.ts) and the same disk cache and render line
 * (render.ts) serve it in every width and format; only the picture comes from the bytes instead of the drawing.
 * The random part makes a name never come back for another picture (the answers are immutable).
 */
export const UPLOAD_KIND = "photo";

export function isUploadName(fileName: string): boolean {
  return fileName.startsWith(`${UPLOAD_KIND}-`);
}

export function uploadName(productId: number, n: number): string {
  return `${UPLOAD_KIND}-${productId}-${n}-${randomBytes(3).toString("hex")}.jpg`;
}

/**
 * Reads an upload's header, then decodes it once to a thumbnail: its format and size must be what the bytes said
 * and within limits (a pixel bomb is refused by the header before any decoding), and its pixels must decode (a
 * truncated or broken file is refused now, not when a shopper asks for it).
 */
export async function inspectUpload(bytes: Uint8Array, sniffed: ImageType): Promise<ExtrasProblem | null> {
  const options = { limitInputPixels: EXTRAS_LIMITS.imagePixels, failOn: "error" } as const;
  try {
    const problem = checkImageDimensions(sniffed, await sharp(bytes, options).metadata());
    if (problem) return problem;
    await sharp(bytes, options).resize(64, 64, { fit: "inside" }).raw().toBuffer();
    return null;
  } catch {
    return { field: "images", code: "unreadableImage" };
  }
}

/** Renders an uploaded image square (the whole picture on white, turned as its EXIF says, metadata dropped). */
export async function renderUpload(
  original: Buffer,
  width: number,
  format: RenderProductImageOptions["format"],
) {
  const image = sharp(original, { limitInputPixels: EXTRAS_LIMITS.imagePixels })
    .rotate()
    .resize(width, width, { fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" });
  return encodeImage(image, format);
}

/** The image store's renderer: an upload from its stored original, anything else drawn (art.ts). */
export function createProductImageRenderer(db: Database) {
  return async (options: RenderProductImageOptions): Promise<Buffer> => {
    if (!isUploadName(options.fileName)) return renderProductImage(options);
    const [row] = await db
      .select({ original: productImages.original })
      .from(productImages)
      .where(
        and(
          eq(productImages.productId, parseImageName(options.fileName).productId),
          eq(productImages.fileName, options.fileName),
        ),
      )
      .limit(1);
    if (!row?.original) return renderProductImage(options);
    return renderUpload(row.original, options.width, options.format);
  };
}
