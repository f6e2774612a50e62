import { createHash } from "node:crypto";
import { once } from "node:events";
import { Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { Hono } from "hono";
import type { Database } from "#db/client.ts";
import {
  robotsTxt,
  SITEMAP_LIMITS,
  type SitemapLang,
  type SitemapLimits,
  type SitemapSite,
  sitemapFileName,
  sitemapIndex,
  storefrontsFor,
  urlEntry,
  urlsetSplitter,
  w3cDate,
} from "#domain/sitemap.ts";
import { allowedLanguages, nextScheduledChange, SITEMAP_KINDS, sitemapPages } from "#services/seo/sitemap.ts";
import { negotiateEncoding } from "./compression.ts";
import { matchesEtag } from "./static-files.ts";

/**
 * GET /robots.txt, /sitemap.xml (the index) and /sitemaps/{kind}-{lang}-{n}.xml (decision 0090).
 *
 * A host's sitemaps are made together, on the first request for any of them, and kept by the catalog version
 * they were made at (services/catalog-version.ts, read as committed now: `current()`), so a crawler asking again
 * costs a one-row read and a merchant's change shows on the first request after it — but not before the files
 * are `minAgeMs` old (a minute), since every order raises the version too; they are also made again once a price
 * window, a campaign or a content page's publishing time passes (nothing commits then). Each file is kept gzip-compressed
 * only (100,000 products are ~65 MB of XML, ~4 MB gzipped) and sent as it is to every client that accepts
 * gzip — every crawler does; any other gets it unpacked as it streams. The index and robots.txt are small: the
 * compression middleware codes them. The URLs are absolute, so the files are kept per origin (scheme, host and
 * port as the shopper sees them: server/client.ts), for at most `maxOrigins` origins, and one host's files are
 * made at a time.
 */
export interface SitemapOptions {
  db: Database;
  /** DOMAINS: host → language. */
  domains: ReadonlyMap<string, SitemapLang>;
  marketInPath: boolean;
  /** The catalog version as committed now; absent: the files are kept for `fallbackMs`. */
  version?: () => Promise<{ version: number }>;
  /**
   * Files younger than this are served at a newer catalog version too (SITEMAP_REFRESH_SECONDS, 60 s by default):
   * every order raises the version (stock), and the files do not depend on stock, so without it a busy shop would
   * make all of them again for nearly every crawler request. 0: made again at every new version.
   */
  minAgeMs?: number;
  /** Per file; the protocol's by default (SITEMAP_MAX_URLS lowers the URL count). */
  limits?: SitemapLimits;
  maxOrigins?: number;
  fallbackMs?: number;
  log?: (message: string, data: Record<string, unknown>) => void;
}

interface StoredFile {
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  bytes: number;
}

interface Generation {
  version: number;
  /** Epoch ms when the making began (after the version was read). */
  madeAt: number;
  /** Epoch ms after which the files must be made again (a price window, a publishing time). */
  until: number;
  /** Null: the host has no storefront (a host DOMAINS does not name). */
  index: { xml: string; etag: string } | null;
  files: Map<string, StoredFile>;
}

const XML = "application/xml; charset=utf-8";
/** As the catalog pages (app/lib/cache.ts): a CDN may keep them a minute, browsers ask again. */
const CACHE_CONTROL = "public, max-age=0, s-maxage=60";

/** A gzip stream collecting its output; `drained` waits while its input is behind. */
function gzipFile() {
  const z = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  z.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    z.on("end", () => {
      const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
      let at = 0;
      for (const chunk of chunks) {
        all.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve(all);
    });
    z.on("error", reject);
  });
  // The entries are gathered into 64 kB writes: a zlib write per entry (~400 bytes) cost most of the generation.
  let pending = "";
  return {
    sink: {
      write(text: string) {
        pending += text;
        if (pending.length >= 65_536) {
          z.write(pending);
          pending = "";
        }
      },
      end() {
        z.end(pending);
      },
    },
    done,
    drained: async () => {
      if (z.writableNeedDrain) await once(z, "drain");
    },
  };
}

/** Whether a client takes gzip (Brotli aside: the files are kept gzipped only). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const withoutBr = acceptEncoding
    .split(",")
    .filter((part) => part.split(";")[0]?.trim().toLowerCase() !== "br")
    .join(",");
  return negotiateEncoding(withoutBr) === "gzip";
}

export function sitemapRoutes(opts: SitemapOptions): Hono {
  const limits = opts.limits ?? SITEMAP_LIMITS;
  const maxOrigins = opts.maxOrigins ?? 4;
  const fallbackMs = opts.fallbackMs ?? 60_000;
  const minAgeMs = opts.minAgeMs ?? 60_000;
  const domains: Record<string, SitemapLang> = Object.assign(
    Object.create(null),
    Object.fromEntries(opts.domains),
  );
  const siteOf = (origin: string): SitemapSite => ({ origin, domains, marketInPath: opts.marketInPath });
  /** Per origin, least recently used first: the generation for a version (made or on its way). */
  const kept = new Map<string, { version: number; made: Promise<Generation> }>();
  /** One generation at a time, whatever the host. */
  let queue: Promise<unknown> = Promise.resolve();

  async function generate(origin: string, host: string, version: number): Promise<Generation> {
    const started = performance.now();
    const madeAt = Date.now();
    const cpu = process.cpuUsage();
    const site = siteOf(origin);
    const now = new Date();
    const allowed = await allowedLanguages(opts.db);
    const storefronts = storefrontsFor(site, host, allowed);
    if (!storefronts.length)
      return { version, madeAt, until: Number.POSITIVE_INFINITY, index: null, files: new Map() };
    const until = await nextScheduledChange(opts.db, now);
    const files = new Map<string, StoredFile>();
    const listed: { loc: string; lastmod: string | null }[] = [];
    for (const storefront of storefronts) {
      for (const kind of SITEMAP_KINDS) {
        const open: ReturnType<typeof gzipFile>[] = [];
        const splitter = urlsetSplitter(limits, () => {
          const file = gzipFile();
          open.push(file);
          return file.sink;
        });
        for await (const batch of sitemapPages(opts.db, kind, storefront, now)) {
          for (const page of batch) splitter.add(urlEntry(site, storefront, page), w3cDate(page.lastmod));
          await open.at(-1)?.drained();
        }
        const written = splitter.finish();
        for (const [i, file] of written.entries()) {
          const gzip = await (open[i] as ReturnType<typeof gzipFile>).done;
          const name = sitemapFileName(site, storefront, kind, file.n);
          const etag = `"sm-${version}-${createHash("sha1").update(gzip).digest("base64url").slice(0, 16)}"`;
          files.set(name, { gzip, etag, bytes: file.bytes });
          listed.push({ loc: `${origin}/sitemaps/${name}`, lastmod: file.lastmod });
        }
      }
    }
    const xml = sitemapIndex(listed);
    const etag = `"smi-${version}-${createHash("sha1").update(xml).digest("base64url").slice(0, 16)}"`;
    opts.log?.("sitemaps made", {
      origin,
      version,
      files: files.size,
      bytes: [...files.values()].reduce((sum, f) => sum + f.bytes, 0),
      gzipBytes: [...files.values()].reduce((sum, f) => sum + f.gzip.byteLength, 0),
      ms: Math.round(performance.now() - started),
      // The whole process's CPU meanwhile (other requests too), and its memory after.
      cpuMs: Math.round(((c) => c.user + c.system)(process.cpuUsage(cpu)) / 1000),
      rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
    });
    return { version, madeAt, until, index: { xml, etag }, files };
  }

  async function generationFor(url: URL): Promise<Generation> {
    const origin = url.origin;
    const version = opts.version ? (await opts.version()).version : -1;
    const entry = kept.get(origin);
    if (entry) {
      kept.delete(origin);
      kept.set(origin, entry);
      const made = await entry.made.catch(() => null);
      const now = Date.now();
      // This version's files, or younger than minAgeMs; never past a price window's or campaign's time.
      if (made && now < made.until && (entry.version === version || now - made.madeAt < minAgeMs))
        return made;
      // Failed or out of date: made again, unless a request meanwhile began that already.
      const current = kept.get(origin);
      if (current && current !== entry && current.version === version) return current.made;
    }
    // A newer version (or the files of one whose time passed) replaces the origin's files.
    const made = queue.then(() => generate(origin, url.hostname, version));
    queue = made.catch(() => undefined);
    const fresh = {
      version,
      made: opts.version
        ? made
        : made.then((g) => ({ ...g, until: Math.min(g.until, Date.now() + fallbackMs) })),
    };
    kept.delete(origin);
    kept.set(origin, fresh);
    while (kept.size > maxOrigins) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      kept.delete(oldest);
    }
    fresh.made.catch(() => {
      if (kept.get(origin) === fresh) kept.delete(origin);
    });
    return fresh.made;
  }

  const app = new Hono();

  app.get("/robots.txt", (c) => {
    const url = new URL(c.req.url);
    const site = siteOf(url.origin);
    const hasSitemap = storefrontsFor(site, url.hostname, () => ["nb", "sv"]).length > 0;
    return c.body(
      robotsTxt({ site, host: url.hostname, sitemap: hasSitemap ? `${url.origin}/sitemap.xml` : null }),
      200,
      { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    );
  });

  app.get("/sitemap.xml", async (c) => {
    const generation = await generationFor(new URL(c.req.url));
    if (!generation.index) return c.text("Not Found", 404, { "Cache-Control": CACHE_CONTROL });
    const headers = { "Content-Type": XML, "Cache-Control": CACHE_CONTROL, ETag: generation.index.etag };
    if (matchesEtag(c.req.header("if-none-match"), generation.index.etag)) return c.body(null, 304, headers);
    return c.body(generation.index.xml, 200, headers);
  });

  app.get("/sitemaps/:file", async (c) => {
    const name = c.req.param("file");
    if (!/^[a-z]+-[a-z-]+-\d+\.xml$/.test(name)) return c.text("Not Found", 404);
    const generation = await generationFor(new URL(c.req.url));
    const file = generation.files.get(name);
    if (!file) return c.text("Not Found", 404, { "Cache-Control": CACHE_CONTROL });
    const headers: Record<string, string> = {
      "Content-Type": XML,
      "Cache-Control": CACHE_CONTROL,
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (matchesEtag(c.req.header("if-none-match"), file.etag)) return c.body(null, 304, headers);
    if (acceptsGzip(c.req.header("accept-encoding"))) {
      return c.body(file.gzip, 200, {
        ...headers,
        "Content-Encoding": "gzip",
        "Content-Length": String(file.gzip.byteLength),
      });
    }
    const plain = Readable.from([Buffer.from(file.gzip.buffer)]).pipe(createGunzip());
    return c.body(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>, 200, headers);
  });

  return app;
}
