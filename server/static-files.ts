import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import {
  addVary,
  compressBody,
  type Encoding,
  isCompressible,
  MIN_SIZE,
  negotiateEncoding,
} from "./compression.ts";

/** Files the build precompressed next to the original (scripts/precompress.ts). */
const PRECOMPRESSED: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

interface StaticFile {
  path: string;
  type: string;
  etag: string;
  variants: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>;
}

export interface StaticFilesOptions {
  root: string;
  /** Cache-Control for a URL path: immutable for hashed assets, shorter for the rest. */
  cacheControl: (urlPath: string) => string;
}

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

function listFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name) && !entry.name.startsWith(".")) {
        files.set(`/${relative(root, full).split(sep).join("/")}`, full);
      }
    }
  };
  walk(root);
  return files;
}

/**
 * The storefront's built files (build/client), answered from memory. The file list is read once at start-up
 * (a build does not change under a running server), so a path that is not a file costs one map lookup. Each
 * file is read on its first request; compressible ones are sent in the client's coding, from the build's
 * precompressed `.br`/`.gz` siblings or, when missing, compressed once here. ETags give 304s.
 */
export function staticFiles(opts: StaticFilesOptions): MiddlewareHandler {
  const paths = listFiles(opts.root);
  const files = new Map<string, StaticFile>();

  const load = (urlPath: string, path: string): StaticFile => {
    let file = files.get(urlPath);
    if (!file) {
      const identity = new Uint8Array(readFileSync(path));
      const type = getMimeType(path) ?? "application/octet-stream";
      const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
      file = { path, type, etag, variants: { identity: Promise.resolve(identity) } };
      files.set(urlPath, file);
    }
    return file;
  };

  const variant = (file: StaticFile, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> => {
    let body = file.variants[encoding];
    if (!body) {
      if (encoding === "identity") throw new Error("identity is always loaded");
      const sibling = file.path + PRECOMPRESSED[encoding];
      body = existsSync(sibling)
        ? Promise.resolve(new Uint8Array(readFileSync(sibling)))
        : (file.variants.identity as Promise<Uint8Array<ArrayBuffer>>).then((b) =>
            compressBody(b, encoding, "max"),
          );
      file.variants[encoding] = body;
    }
    return body;
  };

  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const path = paths.get(c.req.path);
    if (!path) return next();
    const file = load(c.req.path, path);
    const identity = (await file.variants.identity) as Uint8Array;
    const headers = new Headers({
      "Content-Type": file.type,
      "Cache-Control": opts.cacheControl(c.req.path),
      ETag: file.etag,
    });
    let encoding: Encoding = "identity";
    if (isCompressible(file.type)) {
      addVary(headers);
      if (identity.byteLength >= MIN_SIZE) encoding = negotiateEncoding(c.req.header("accept-encoding"));
    }
    if (encoding !== "identity") {
      headers.set("Content-Encoding", encoding);
      headers.set("ETag", `W/${file.etag}`);
    }
    if (matchesEtag(c.req.header("if-none-match"), file.etag)) {
      headers.delete("Content-Encoding");
      return new Response(null, { status: 304, headers });
    }
    const body = await variant(file, encoding);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(method === "HEAD" ? null : body, { status: 200, headers });
  };
}
