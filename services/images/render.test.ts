import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidImageNameError } from "./art.ts";
import {
  createImageStore,
  ImageBusyError,
  ImageNotFoundError,
  InvalidImageWidthError,
  pickFormat,
  type RenderProductImageOptions,
  renderProductImage,
} from "./render.ts";

const NAME = "shell-jacket-1042-1-1f3a5f.jpg";

describe("renderProductImage", () => {
  it.each([
    ["avif", "heif"],
    ["webp", "webp"],
    ["jpeg", "jpeg"],
  ] as const)("renders %s at 320 px", async (format, sharpFormat) => {
    const body = await renderProductImage({ fileName: NAME, width: 320, format });
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe(sharpFormat);
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(320);
    if (format === "avif") expect(meta.compression).toBe("av1");
  });

  it("renders the smallest and largest widths exactly", async () => {
    for (const width of [160, 1280] as const) {
      const meta = await sharp(
        await renderProductImage({ fileName: "tent-77-1-556b2f.jpg", width, format: "webp" }),
      ).metadata();
      expect([meta.width, meta.height]).toEqual([width, width]);
    }
  });

  it("rejects widths outside the list and invalid names", async () => {
    await expect(renderProductImage({ fileName: NAME, width: 500 as 480, format: "webp" })).rejects.toThrow(
      InvalidImageWidthError,
    );
    await expect(renderProductImage({ fileName: "nope.jpg", width: 320, format: "webp" })).rejects.toThrow(
      InvalidImageNameError,
    );
  });
});

describe("createImageStore", () => {
  let cacheDir: string;
  beforeEach(async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "mili-images-"));
  });
  afterEach(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });

  function countingRender(delayMs = 0) {
    const calls: RenderProductImageOptions[] = [];
    let active = 0;
    let maxActive = 0;
    const render = async (options: RenderProductImageOptions) => {
      calls.push(options);
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return Buffer.from(`${options.format}:${options.width}:${options.fileName}`);
      } finally {
        active--;
      }
    };
    return { render, calls, maxActive: () => maxActive };
  }

  it("renders once, writes the file, then serves it from disk", async () => {
    const counter = countingRender();
    const store = createImageStore({ cacheDir, exists: async () => true, render: counter.render });

    const first = await store.get(NAME, 320, "avif");
    const file = path.join(cacheDir, "avif", "320", "shell-jacket-1042-1-1f3a5f.avif");
    expect(await readFile(file)).toEqual(first.body);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(await readdir(path.dirname(file))).toEqual(["shell-jacket-1042-1-1f3a5f.avif"]); // no temp files left

    const second = await store.get(NAME, 320, "avif");
    expect(counter.calls).toHaveLength(1);
    expect(second).toEqual(first);

    // A new store over the same directory (e.g. after a restart) does not render either.
    const again = countingRender();
    const restarted = createImageStore({ cacheDir, exists: async () => true, render: again.render });
    expect((await restarted.get(NAME, 320, "avif")).etag).toBe(first.etag);
    expect(again.calls).toHaveLength(0);
  });

  it("caches with the real renderer under {format}/{width}/{name}.{ext}", async () => {
    const store = createImageStore({ cacheDir, exists: async () => true });
    const { body } = await store.get("tent-77-1-556b2f.jpg", 320, "jpeg");
    const file = path.join(cacheDir, "jpeg", "320", "tent-77-1-556b2f.jpg");
    const mtime = (await stat(file)).mtimeMs;
    expect((await sharp(body).metadata()).width).toBe(320);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.get("tent-77-1-556b2f.jpg", 320, "jpeg");
    expect((await stat(file)).mtimeMs).toBe(mtime);
  });

  it("keeps formats and widths apart", async () => {
    const counter = countingRender();
    const store = createImageStore({ cacheDir, exists: async () => true, render: counter.render });
    const a = await store.get(NAME, 320, "avif");
    const b = await store.get(NAME, 320, "webp");
    const c = await store.get(NAME, 640, "avif");
    expect(counter.calls).toHaveLength(3);
    expect(new Set([a.etag, b.etag, c.etag]).size).toBe(3);
  });

  it("renders concurrent requests for one key once", async () => {
    const counter = countingRender(30);
    const store = createImageStore({ cacheDir, exists: async () => true, render: counter.render });
    const results = await Promise.all(Array.from({ length: 8 }, () => store.get(NAME, 480, "webp")));
    expect(counter.calls).toHaveLength(1);
    expect(new Set(results.map((r) => r.etag)).size).toBe(1);
  });

  it("runs at most two renders at a time", async () => {
    const counter = countingRender(20);
    const store = createImageStore({ cacheDir, exists: async () => true, render: counter.render });
    await Promise.all(
      ["tent", "skis", "beanie", "socks", "gloves", "fleece"].map((kind) =>
        store.get(`${kind}-1-1-123456.jpg`, 160, "avif"),
      ),
    );
    expect(counter.calls).toHaveLength(6);
    expect(counter.maxActive()).toBe(2);
  });

  it("renders nothing for a name no product has", async () => {
    const counter = countingRender();
    const store = createImageStore({
      cacheDir,
      exists: async (name) => name === NAME,
      render: counter.render,
    });
    await expect(store.get("shell-jacket-999999999-9999-ffffff.jpg", 1280, "avif")).rejects.toThrow(
      ImageNotFoundError,
    );
    expect(counter.calls).toHaveLength(0);
    expect(await readdir(cacheDir)).toEqual([]);
    await expect(store.get(NAME, 1280, "avif")).resolves.toBeDefined();
  });

  it("refuses a render when every slot is busy and the line is full, and takes it again once there is room", async () => {
    const gates: (() => void)[] = [];
    const render = (options: RenderProductImageOptions) =>
      new Promise<Buffer>((resolve) => gates.push(() => resolve(Buffer.from(options.fileName))));
    const store = createImageStore({
      cacheDir,
      exists: async () => true,
      render,
      maxConcurrentRenders: 2,
      maxQueuedRenders: 3,
    });
    const name = (i: number) => `tent-${i + 1}-1-123456.jpg`;
    // Six asks at once: two render, three wait in line, one is refused. Each looks in the disk cache first, so they
    // reach the line in the order the disk answers (under load not the order asked): which one is refused is not
    // known, only that it is the first to settle, since no render ends before a gate below is opened.
    const asks = Array.from({ length: 6 }, (_, i) => store.get(name(i), 160, "webp"));
    const outcomes = asks.map((ask, i) =>
      ask.then(
        (image) => ({ i, image, error: undefined }),
        (error: unknown) => ({ i, image: undefined, error }),
      ),
    );
    const first = await Promise.race(outcomes);
    expect(first.error).toBeInstanceOf(ImageBusyError);
    const refused = first.i;
    const others = [0, 1, 2, 3, 4, 5].filter((i) => i !== refused);
    const openUntil = async (done: () => boolean) => {
      while (!done()) {
        for (const open of gates.splice(0)) open();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    let settled = 0;
    for (const i of others) void outcomes[i]?.then(() => settled++);
    await openUntil(() => settled === others.length);
    const served = await Promise.all(others.map((i) => outcomes[i]));
    expect(served.map((o) => o?.image?.body.toString())).toEqual(others.map(name));
    let laterDone = false;
    const later = store.get(name(refused), 160, "webp").then((r) => {
      laterDone = true;
      return r;
    });
    await openUntil(() => laterDone);
    await expect(later).resolves.toBeDefined();
  });

  it("keeps the disk cache within maxCacheBytes, deleting the least recently used files", async () => {
    const render = async (options: RenderProductImageOptions) => Buffer.alloc(100, options.fileName);
    const store = createImageStore({ cacheDir, exists: async () => true, render, maxCacheBytes: 350 });
    for (let i = 1; i <= 10; i++) await store.get(`tent-${i}-1-123456.jpg`, 160, "webp");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const files = await readdir(path.join(cacheDir, "webp", "160"));
    expect(files.sort()).toEqual(["tent-10-1-123456.webp", "tent-8-1-123456.webp", "tent-9-1-123456.webp"]);
    expect(await store.cacheBytes()).toBe(300);
  });

  it("counts what an earlier run left on disk, oldest first", async () => {
    const render = async () => Buffer.alloc(100, 1);
    const first = createImageStore({ cacheDir, exists: async () => true, render });
    for (let i = 1; i <= 3; i++) await first.get(`tent-${i}-1-123456.jpg`, 160, "webp");
    const restarted = createImageStore({ cacheDir, exists: async () => true, render, maxCacheBytes: 250 });
    expect(await restarted.cacheBytes()).toBe(200);
    await restarted.get("tent-4-1-123456.jpg", 160, "webp");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await readdir(path.join(cacheDir, "webp", "160"))).length).toBe(2);
  });

  it("rejects invalid names and widths without rendering or touching the disk", async () => {
    const counter = countingRender();
    const store = createImageStore({ cacheDir, exists: async () => true, render: counter.render });
    await expect(store.get("../../etc/passwd", 320, "avif")).rejects.toThrow(InvalidImageNameError);
    await expect(store.get(NAME, 321 as 320, "avif")).rejects.toThrow(InvalidImageWidthError);
    expect(counter.calls).toHaveLength(0);
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it("still serves the image when the cache cannot be written", async () => {
    const counter = countingRender();
    const errors: string[] = [];
    const store = createImageStore({
      cacheDir: path.join(cacheDir, "file-not-dir"),
      exists: async () => true,
      render: counter.render,
      onCacheWriteError: (_error, file) => errors.push(file),
    });
    await writeFile(path.join(cacheDir, "file-not-dir"), "x");
    const { body } = await store.get(NAME, 320, "avif");
    expect(body.toString()).toContain(NAME);
    expect(errors).toHaveLength(1);
  });
});

describe("pickFormat", () => {
  it.each([
    [undefined, "jpeg"],
    ["", "jpeg"],
    ["*/*", "jpeg"],
    ["image/*,*/*;q=0.8", "jpeg"],
    ["image/webp,*/*", "webp"],
    ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "avif"],
    ["IMAGE/AVIF", "avif"],
    ["image/avif;q=0, image/webp", "webp"],
    ["image/avif;q=0.5", "avif"],
  ] as const)("%j → %s", (accept, expected) => {
    expect(pickFormat(accept)).toBe(expected);
  });
});
