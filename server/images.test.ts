import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageStore } from "../services/images/render.ts";
import { imageRoutes } from "./images.ts";

const NAME = "running-shoes-310-1-c0392b";
const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let cacheDir: string;
let app: Hono;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "mili-image-routes-"));
  app = new Hono().route(
    "/images",
    imageRoutes({ store: createImageStore({ cacheDir, exists: async () => true }) }),
  );
});

afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe("GET /images/product/:width/:fileName.jpg (negotiated)", () => {
  it.each([
    [CHROME_ACCEPT, "image/avif", "heif"],
    ["image/webp,*/*", "image/webp", "webp"],
    ["*/*", "image/jpeg", "jpeg"],
    [undefined, "image/jpeg", "jpeg"],
  ])("Accept %j → %s", async (accept, contentType, sharpFormat) => {
    const res = await get(`/images/product/320/${NAME}.jpg`, accept ? { Accept: accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(contentType);
    expect(res.headers.get("Vary")).toBe("Accept");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, 320, 320]);
  });

  it("answers 304 to a matching If-None-Match, with the same caching headers", async () => {
    const first = await get(`/images/product/160/${NAME}.jpg`, { Accept: CHROME_ACCEPT });
    const etag = first.headers.get("ETag") ?? "";
    const res = await get(`/images/product/160/${NAME}.jpg`, {
      Accept: CHROME_ACCEPT,
      "If-None-Match": etag,
    });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("Vary")).toBe("Accept");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const list = await get(`/images/product/160/${NAME}.jpg`, {
      Accept: CHROME_ACCEPT,
      "If-None-Match": `"other", W/${etag}`,
    });
    expect(list.status).toBe(304);
  });

  it("does not send 304 for another representation's ETag", async () => {
    const avif = await get(`/images/product/160/${NAME}.jpg`, { Accept: CHROME_ACCEPT });
    const res = await get(`/images/product/160/${NAME}.jpg`, {
      Accept: "image/webp",
      "If-None-Match": avif.headers.get("ETag") ?? "",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
  });
});

describe("GET /images/product/:width/:name.{avif|webp} (explicit)", () => {
  it.each([
    ["avif", "image/avif"],
    ["webp", "image/webp"],
  ])(".%s ignores Accept and does not vary", async (ext, contentType) => {
    const res = await get(`/images/product/480/${NAME}.${ext}`, { Accept: "image/jpeg" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(contentType);
    expect(res.headers.get("Vary")).toBeNull();
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(480);
  });
});

describe("errors", () => {
  it.each(["500", "321", "0", "abc", "1280.0", "99999999"])("width %s → 400", async (width) => {
    const res = await get(`/images/product/${width}/${NAME}.jpg`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await res.text()).toContain("160, 320, 480, 640, 960, 1280");
    expect(res.headers.get("Cache-Control")).not.toContain("immutable");
  });

  it.each([
    "shell-jacket.jpg",
    `${NAME}.png`,
    `${NAME}.jpeg`,
    `${NAME}`,
    "shell-jacket-1042-1-zzzzzz.jpg",
    "..%2F..%2Fetc%2Fpasswd.jpg",
  ])("name %s → 404", async (fileName) => {
    const res = await get(`/images/product/320/${fileName}`);
    expect(res.status).toBe(404);
  });

  it("serves nothing else", async () => {
    expect((await get("/images/product/320")).status).toBe(404);
    expect((await get(`/images/other/320/${NAME}.jpg`)).status).toBe(404);
    expect((await app.request(`/images/product/320/${NAME}.jpg`, { method: "POST" })).status).toBe(404);
  });
});

describe("HEAD", () => {
  it("answers like GET without a body", async () => {
    const res = await app.request(`/images/product/320/${NAME}.jpg`, {
      method: "HEAD",
      headers: { Accept: "image/webp" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.body).toBeNull();
  });
});
