import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync } from "node:zlib";

/**
 * The empty-page floor (issue 16): React Router 8's template app in bench/floor/ (one page: a heading and a
 * sentence), built for production the first time or when its sources are newer, served by this process on
 * 127.0.0.1 with React Router's own request handler: its HTML Brotli-compressed and its scripts precompressed,
 * as the shop sends them. bench/lighthouse.ts measures it in the same run as the shop's pages, so a score can be
 * read against what the machine gives an empty page in the same hour (a slow machine told from slow code).
 */
const root = resolve(import.meta.dirname, "floor");
const buildDir = join(root, "build");

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function buildIfNeeded(): void {
  const marker = join(buildDir, "server", "index.js");
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(
    newest(join(root, "app")),
    newest(join(root, "public")),
    newest(join(root, "react-router.config.ts")),
    newest(join(root, "vite.config.ts")),
  );
  if (built && built >= sources) return;
  const bin = join(import.meta.dirname, "..", "node_modules", "@react-router", "dev", "bin.cjs");
  execFileSync(process.execPath, [bin, "build", root], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ico": "image/x-icon",
  ".json": "application/json",
};

/** Builds (if needed) and starts the floor; answers its origin and a stop function. */
export async function startFloor(): Promise<{ origin: string; stop: () => Promise<void> }> {
  buildIfNeeded();
  process.env.NODE_ENV = "production";
  const { createRequestHandler } = await import("react-router");
  const build = await import(pathToFileURL(join(buildDir, "server", "index.js")).href);
  const handle = createRequestHandler(build, "production");
  const client = join(buildDir, "client");
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const br = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const file = normalize(join(client, decodeURIComponent(url.pathname)));
      if (url.pathname !== "/" && file.startsWith(client) && existsSync(file) && statSync(file).isFile()) {
        const compressed = br && existsSync(`${file}.br`);
        res.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": url.pathname.startsWith("/assets/")
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
          vary: "Accept-Encoding",
          ...(compressed ? { "content-encoding": "br" } : {}),
        });
        res.end(readFileSync(compressed ? `${file}.br` : file));
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await handle(new Request(url, { method: req.method ?? "GET", headers }));
      const body = Buffer.from(await response.arrayBuffer());
      const out: Record<string, string> = Object.fromEntries(response.headers);
      if (br && (out["content-type"] ?? "").startsWith("text/html")) {
        out["content-encoding"] = "br";
        out.vary = "Accept-Encoding";
        res.writeHead(response.status, out);
        res.end(brotliCompressSync(body));
      } else {
        res.writeHead(response.status, out);
        res.end(body);
      }
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
