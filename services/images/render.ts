/**
 * Raster product images: the SVG from `art.ts` rendered by sharp to AVIF / WebP / JPEG in a fixed set of
 * widths, with a disk cache (`createImageStore`) so each variant is rendered once.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import sharp, { type Sharp } from "sharp";
import { parseImageName, productArtSvg } from "./art.ts";

export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** File extension used in URLs and in the cache for each format. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageFormat, string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};
export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export function isImageWidth(value: unknown): value is ImageWidth {
  return typeof value === "number" && (IMAGE_WIDTHS as readonly number[]).includes(value);
}

export function isImageFormat(value: unknown): value is ImageFormat {
  return typeof value === "string" && (IMAGE_FORMATS as readonly string[]).includes(value);
}

export class InvalidImageWidthError extends Error {
  readonly width: unknown;
  constructor(width: unknown) {
    super(`Unsupported image width ${String(width)}; allowed widths: ${IMAGE_WIDTHS.join(", ")}`);
    this.name = "InvalidImageWidthError";
    this.width = width;
  }
}

export interface RenderProductImageOptions {
  /** Canonical name, `{kind}-{productId}-{n}-{rrggbb}.jpg`. */
  fileName: string;
  width: ImageWidth;
  format: ImageFormat;
}

/** The art is drawn in a 1200-unit box declared as 1200 px at the SVG default of 72 dpi. */
const ART_SIZE = 1200;

function assertRenderable(width: unknown, format: unknown): void {
  if (!isImageWidth(width)) throw new InvalidImageWidthError(width);
  if (!isImageFormat(format)) throw new TypeError(`Unsupported image format ${String(format)}`);
}

/**
 * Renders one square product image. The SVG is rasterised directly at the target size (no downscale from a
 * large bitmap), then encoded. Throws `InvalidImageNameError` / `InvalidImageWidthError` for bad input.
 */
export async function renderProductImage({
  fileName,
  width,
  format,
}: RenderProductImageOptions): Promise<Buffer> {
  assertRenderable(width, format);
  const svg = productArtSvg(fileName);
  const image = sharp(Buffer.from(svg), { density: (72 * width) / ART_SIZE })
    // Guards against rounding in librsvg (a no-op when already width×width); the art is opaque.
    .resize(width, width, { fit: "fill" })
    .removeAlpha();
  return encodeImage(image, format);
}

/** Encodes a prepared image in a format, with the settings every product image uses (drawn or uploaded). */
export function encodeImage(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case "avif":
      return image.avif({ quality: 50, effort: 2, chromaSubsampling: "4:2:0" }).toBuffer();
    case "webp":
      return image.webp({ quality: 75, effort: 4 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}

export interface StoredImage {
  body: Buffer;
  /** Strong validator (quoted), derived from the bytes. */
  etag: string;
}

export interface ImageStore {
  /**
   * Rejects with `InvalidImageNameError` / `InvalidImageWidthError` for bad input, `ImageNotFoundError` for a
   * name no product has, `ImageBusyError` when the render line is full.
   */
  get(fileName: string, width: ImageWidth, format: ImageFormat): Promise<StoredImage>;
}

/** No product has an image of this name: nothing is rendered. */
export class ImageNotFoundError extends Error {
  readonly fileName: string;
  constructor(fileName: string) {
    super(`No product image is named ${fileName}`);
    this.fileName = fileName;
    this.name = "ImageNotFoundError";
  }
}

/** Every render slot is taken and the line is full: the caller answers 503 and the client tries again. */
export class ImageBusyError extends Error {
  constructor() {
    super("Too many images are being rendered");
    this.name = "ImageBusyError";
  }
}

export interface ImageStoreOptions {
  /** Root of the disk cache; files go to `{cacheDir}/{format}/{width}/{baseName}.{ext}`. */
  cacheDir: string;
  /**
   * Whether a product has an image of this (valid) name: only those are rendered or served
   * (`createImageNames` in names.ts reads the catalog).
   */
  exists: (fileName: string) => Promise<boolean>;
  /** Renderer, injectable for tests. Defaults to `renderProductImage`. */
  render?: (options: RenderProductImageOptions) => Promise<Buffer>;
  /** Maximum renders running at once (sharp is CPU-bound). Default 2. */
  maxConcurrentRenders?: number;
  /** Maximum renders waiting for a slot; one more is refused with ImageBusyError. Default 16. */
  maxQueuedRenders?: number;
  /**
   * Bytes the disk cache may hold; past it the least recently used files are deleted. Default 1 GiB. Files
   * already on disk when the store starts are counted, oldest first.
   */
  maxCacheBytes?: number;
  /** Called when a rendered image cannot be written to the cache; the image is still served. */
  onCacheWriteError?: (error: unknown, file: string) => void;
}

export const IMAGE_STORE_DEFAULTS = {
  maxConcurrentRenders: 2,
  maxQueuedRenders: 16,
  maxCacheBytes: 1024 * 1024 * 1024,
} as const;

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** A counting semaphore with a bounded line: `run` waits for a free slot, or throws ImageBusyError. */
function createLimiter(max: number, maxQueue: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (task) => {
    if (active < max) active++;
    else if (waiting.length >= maxQueue) throw new ImageBusyError();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Not in the cache (ENOTDIR: a broken cache tree; render anyway and report it when writing). */
function isNotCached(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * The files of the disk cache, least recently used first, bounded by their bytes: a file pushed out is deleted.
 * Keys are paths relative to the cache directory.
 */
function createDiskIndex(cacheDir: string, maxBytes: number) {
  const index = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (size) => Math.max(1, size),
    maxEntrySize: maxBytes,
    dispose: (_size, key, reason) => {
      if (reason === "evict") unlink(path.join(cacheDir, key)).catch(() => {});
    },
  });
  // What an earlier run left on disk, oldest first (so it is the first to go).
  const scanned = (async () => {
    const found: { key: string; size: number; mtime: number }[] = [];
    const entries = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      const full = path.join(entry.parentPath, entry.name);
      const info = await stat(full).catch(() => undefined);
      if (info) found.push({ key: path.relative(cacheDir, full), size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) if (!index.has(f.key)) index.set(f.key, f.size);
  })();
  return {
    ready: scanned,
    touch: (key: string, size: number) => {
      if (index.has(key)) index.get(key);
      else index.set(key, size);
    },
    bytes: () => index.calculatedSize,
  };
}

export function createImageStore({
  cacheDir,
  exists,
  render = renderProductImage,
  maxConcurrentRenders = IMAGE_STORE_DEFAULTS.maxConcurrentRenders,
  maxQueuedRenders = IMAGE_STORE_DEFAULTS.maxQueuedRenders,
  maxCacheBytes = IMAGE_STORE_DEFAULTS.maxCacheBytes,
  onCacheWriteError = (error, file) => console.warn(`image cache: could not write ${file}`, error),
}: ImageStoreOptions): ImageStore & { cacheBytes(): Promise<number> } {
  const limit = createLimiter(Math.max(1, Math.floor(maxConcurrentRenders)), Math.max(0, maxQueuedRenders));
  const inFlight = new Map<string, Promise<StoredImage>>();
  const disk = createDiskIndex(cacheDir, maxCacheBytes);

  async function load(fileName: string, width: ImageWidth, format: ImageFormat, key: string) {
    const file = path.join(cacheDir, key);
    try {
      const body = await readFile(file);
      if (body.length > 0) {
        disk.touch(key, body.length);
        return { body, etag: etagOf(body) };
      }
    } catch (error) {
      if (!isNotCached(error)) throw error;
    }
    const body = await limit(() => render({ fileName, width, format }));
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(tmp, body);
      await rename(tmp, file);
      await disk.ready;
      disk.touch(key, body.length);
    } catch (error) {
      await unlink(tmp).catch(() => {});
      onCacheWriteError(error, file);
    }
    return { body, etag: etagOf(body) };
  }

  return {
    async get(fileName, width, format) {
      assertRenderable(width, format);
      // Validates the name before it becomes part of a path (the pattern admits no "/" or "..").
      const { baseName } = parseImageName(fileName);
      if (!(await exists(fileName))) throw new ImageNotFoundError(fileName);
      const key = `${format}/${width}/${baseName}.${IMAGE_EXTENSIONS[format]}`;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = load(fileName, width, format, key).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    async cacheBytes() {
      await disk.ready;
      return disk.bytes();
    },
  };
}

/**
 * Picks the response format from an Accept header: "avif" if it lists image/avif, else "webp" if it lists
 * image/webp, else "jpeg". Wildcards (image/*, *\/*) do not count; entries with q=0 are refusals.
 */
export function pickFormat(acceptHeader: string | undefined): ImageFormat {
  if (!acceptHeader) return "jpeg";
  const accepted = new Set<string>();
  for (const entry of acceptHeader.split(",")) {
    const [type = "", ...params] = entry.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(type);
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return "jpeg";
}
