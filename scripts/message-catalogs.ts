import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const PREFIX = "virtual:mili-messages/";
const RESOLVED = `\0${PREFIX}`;
const LANGS = ["nb", "sv"] as const;
const root = resolve(import.meta.dirname, "..");

/**
 * One chunk per language for the browser's every-page messages (decision 0036). The catalogs are written with
 * both languages side by side (app/i18n/*.ts, domain/messages*.ts), so no bundler could split them by language;
 * instead `virtual:mili-messages/nb` and `/sv` are made at build time from app/i18n/catalogs.ts (evaluated
 * here, in Node) as that one language's messages, a JSON object. app/i18n/load.ts imports them dynamically: two
 * chunks, each loaded only by pages in its language. `virtual:mili-messages/chunks` tells the server build each
 * chunk's URL, so entry.server.tsx can preload the page's one in the head (the client is built first).
 * In development the modules re-export the source catalogs (no chunks to name; the texts stay live).
 */
export function messageCatalogs(): Plugin {
  const chunks: Partial<Record<(typeof LANGS)[number], string>> = {};
  let base = "/";
  let dev = false;
  return {
    name: "mili-message-catalogs",
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base;
      dev = config.command === "serve";
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const what = id.slice(RESOLVED.length);
      if (what === "chunks") return `export default ${JSON.stringify(chunks)};`;
      const lang = LANGS.find((l) => l === what);
      if (!lang) throw new Error(`no message catalog ${id}`);
      if (dev) {
        return `import { catalogs } from "/app/i18n/catalogs.ts";\nexport default catalogs.${lang};`;
      }
      const module = (await import(pathToFileURL(join(root, "app/i18n/catalogs.ts")).href)) as {
        catalogs: Record<string, Record<string, string>>;
      };
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(module.catalogs[lang]))});`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId?.startsWith(RESOLVED)) continue;
        const lang = LANGS.find((l) => `${RESOLVED}${l}` === chunk.facadeModuleId);
        if (lang) chunks[lang] = `${base}${chunk.fileName}`;
      }
    },
  };
}
