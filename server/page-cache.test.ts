import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutNonce } from "./page-cache.ts";

/** withoutNonce as it was before it read pages byte by byte: decoded as UTF-8, encoded again. */
function decoded(bytes: Uint8Array, nonce: string | undefined) {
  let html = new TextDecoder().decode(bytes);
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attrs = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r ]*>/gi,
  )) {
    if (/[\t\n\f\r ]src[\t\n\f\r ]*=/i.test(attrs) || text === "") continue;
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`);
  }
  return { body: new TextEncoder().encode(html), scriptHashes: [...hashes] };
}

const NONCE = "q8Zk0x+Yw3a/1bC==";

/** Pieces of a page: text in Swedish, Norwegian and beyond (multi-byte UTF-8), scripts with and without src. */
const piece = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("å ä ö", "æ ø å", "à", "\u00a0src=", "€", "😀", "\r\n", "\r", "\n", "<", ">", "</script >"),
  fc.constantFrom(
    `<script nonce="${NONCE}">`,
    `<script type="module" nonce="${NONCE}" async="">`,
    '<script src="/assets/a.js">',
    "<script\nsrc=/x.js>",
    "<SCRIPT>",
    "</script>",
    `<link rel="modulepreload" nonce="${NONCE}" href="/assets/b.js"/>`,
  ),
);

describe("withoutNonce reads the page byte by byte (issue 16)", () => {
  it("gives what decoding it as UTF-8 gave: the same bytes and the same script hashes", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, withNonce) => {
        const bytes = new TextEncoder().encode(pieces.join("")) as Uint8Array<ArrayBuffer>;
        const nonce = withNonce ? NONCE : undefined;
        const got = withoutNonce(bytes, nonce);
        const want = decoded(bytes, nonce);
        expect(Buffer.from(got.body).equals(Buffer.from(want.body))).toBe(true);
        expect(got.scriptHashes).toEqual(want.scriptHashes);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps its page in a buffer of its own", () => {
    const { body } = withoutNonce(new TextEncoder().encode("<p>kort</p>") as Uint8Array<ArrayBuffer>, NONCE);
    expect(body.byteOffset).toBe(0);
    expect(body.buffer.byteLength).toBe(body.byteLength);
  });
});
