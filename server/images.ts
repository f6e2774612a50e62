import { Hono } from "hono";
import { InvalidImageNameError, parseImageName } from "../services/images/art.ts";
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_WIDTHS,
  ImageBusyError,
  type ImageFormat,
  ImageNotFoundError,
  type ImageStore,
  isImageWidth,
  pickFormat,
} from "../services/images/render.ts";

export interface ImageRoutesOptions {
  store: Pick<ImageStore, "get">;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const FILE_RE = /^(.+)\.(jpg|avif|webp)$/;

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/**
 * Product image routes, mounted by the server at `/images`.
 *
 * URL shape (`width` is one of IMAGE_WIDTHS = 160, 320, 480, 640, 960, 1280; nothing is rounded):
 *   GET /images/product/{width}/{kind}-{productId}-{n}-{rrggbb}.jpg
 *       canonical URL, format negotiated from Accept (AVIF > WebP > JPEG), sent with `Vary: Accept`
 *   GET /images/product/{width}/{kind}-{productId}-{n}-{rrggbb}.avif   (or .webp): that format, no negotiation
 * e.g. /images/product/640/shell-jacket-1042-1-1f3a5f.jpg
 *
 * Responses are immutable (a name's picture never changes) and carry an ETag; If-None-Match gives 304.
 * An unsupported width is 400, a malformed name or one no product has 404 (nothing is rendered); when the render
 * line is full, 503 with Retry-After.
 */
export function imageRoutes({ store }: ImageRoutesOptions): Hono {
  const app = new Hono();

  app.get("/product/:width/:file", async (c) => {
    const widthParam = c.req.param("width");
    const width = /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : Number.NaN;
    if (!isImageWidth(width)) {
      c.header("Cache-Control", "no-store");
      return c.text(
        `Unsupported image width "${widthParam.slice(0, 20)}". Allowed widths: ${IMAGE_WIDTHS.join(", ")}.`,
        400,
      );
    }

    const match = FILE_RE.exec(c.req.param("file"));
    const fileName = match ? `${match[1]}.jpg` : "";
    try {
      parseImageName(fileName);
    } catch (error) {
      if (!(error instanceof InvalidImageNameError)) throw error;
      c.header("Cache-Control", "no-store");
      return c.text("Not found", 404);
    }

    const ext = match?.[2];
    const format: ImageFormat = ext === "avif" || ext === "webp" ? ext : pickFormat(c.req.header("Accept"));
    let stored: Awaited<ReturnType<ImageStore["get"]>>;
    try {
      stored = await store.get(fileName, width, format);
    } catch (error) {
      c.header("Cache-Control", "no-store");
      if (error instanceof ImageNotFoundError) return c.text("Not found", 404);
      if (error instanceof ImageBusyError) {
        c.header("Retry-After", "1");
        return c.text("Busy rendering images, try again in a moment", 503);
      }
      throw error;
    }
    const { body, etag } = stored;

    const headers = new Headers({ "Cache-Control": IMMUTABLE, ETag: etag });
    if (ext === "jpg") headers.set("Vary", "Accept");
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
    headers.set("Content-Type", IMAGE_CONTENT_TYPES[format]);
    headers.set("Content-Length", String(body.length));
    // Buffers from fs and sharp are backed by plain ArrayBuffers; a view avoids copying the image.
    const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    return new Response(bytes, { status: 200, headers });
  });

  return app;
}
