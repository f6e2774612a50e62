import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files of a client build worth compressing; images and fonts are compressed formats already. */
const TEXT = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt|xml|map)$/;
const MIN_SIZE = 1024;

/**
 * Writes `name.br` (Brotli, quality 11) and `name.gz` (gzip, level 9) next to every text file of at least
 * 1 KiB under `dir`, for the server to send as they are (server/static-files.ts). A variant that would not be
 * smaller is not written. Returns the files compressed and their total sizes.
 */
export async function precompress(dir: string) {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEXT.test(entry.name) && statSync(full).size >= MIN_SIZE) files.push(full);
    }
  };
  walk(dir);
  const totals = { files: files.length, identity: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      totals.identity += body.byteLength;
      if (br.byteLength < body.byteLength) {
        writeFileSync(`${file}.br`, br);
        totals.br += br.byteLength;
      }
      if (gzipped.byteLength < body.byteLength) {
        writeFileSync(`${file}.gz`, gzipped);
        totals.gzip += gzipped.byteLength;
      }
    }),
  );
  return totals;
}

if (import.meta.main) {
  const dir = process.argv[2] ?? "build/client";
  const totals = await precompress(dir);
  console.warn(
    `precompressed ${totals.files} files in ${dir}: ${totals.identity} B → br ${totals.br} B, gzip ${totals.gzip} B`,
  );
}
