import { brotliDecompressSync, constants, createBrotliDecompress, createGunzip, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressStream } from "./compression.ts";

const text = (n: number, c: string) => new TextEncoder().encode(c.repeat(n));

/** What a decoder makes of the bytes so far (a flushed prefix decodes; an unflushed one gives nothing). */
function decodedSoFar(bytes: Buffer, encoding: "br" | "gzip"): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = encoding === "br" ? createBrotliDecompress() : createGunzip();
    let out = "";
    decoder.on("data", (d: Buffer) => {
      out += d.toString("utf8");
    });
    decoder.on("error", reject);
    decoder.write(bytes, () => setImmediate(() => resolve(out)));
  });
}

describe("compressStream flushes once per burst (decision 0088)", () => {
  it.each(["br", "gzip"] as const)(
    "%s: a burst reaches the wire whole before the next one is given",
    async (encoding) => {
      let later: (() => void) | undefined;
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          // The shell: several chunks in one turn, as React writes them.
          for (const c of "abcde") controller.enqueue(text(3000, c));
          later = () => {
            controller.enqueue(text(2000, "z"));
            controller.close();
          };
        },
      });
      const reader = compressStream(source, encoding).getReader();
      const first: Buffer[] = [];
      // Read what arrives before the second burst is given: the whole shell, decodable.
      while (true) {
        const { value } = await reader.read();
        first.push(Buffer.from(value as Uint8Array));
        const so = await decodedSoFar(Buffer.concat(first), encoding);
        if (so.length === 15000) {
          expect(so).toBe(
            "a".repeat(3000) + "b".repeat(3000) + "c".repeat(3000) + "d".repeat(3000) + "e".repeat(3000),
          );
          break;
        }
      }
      later?.();
      const rest: Buffer[] = [];
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(Buffer.from(r.value));
      const all = Buffer.concat([...first, ...rest]);
      const whole = encoding === "br" ? brotliDecompressSync(all) : gunzipSync(all);
      expect(whole.toString()).toBe(
        `${"abcde"
          .split("")
          .map((c) => c.repeat(3000))
          .join("")}${"z".repeat(2000)}`,
      );
    },
  );

  it("flushes a burst once, not once per chunk", async () => {
    // 40 chunks in one turn: flushed per chunk, Brotli would emit a block per chunk; once per burst, it compresses
    // the repeated text as one.
    const chunk = text(2048, "<li>kort</li>");
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const parts: Buffer[] = [];
    const reader = compressStream(source, "br").getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(Buffer.from(r.value));
    const all = Buffer.concat(parts);
    expect(brotliDecompressSync(all).equals(Buffer.concat(Array(40).fill(Buffer.from(chunk))))).toBe(true);
    // The same chunks flushed one by one, for comparison.
    const { createBrotliCompress } = await import("node:zlib");
    const perChunk = await new Promise<number>((resolve) => {
      const z = createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH });
      let size = 0;
      z.on("data", (d: Buffer) => {
        size += d.length;
      });
      z.on("end", () => resolve(size));
      for (let i = 0; i < 40; i++) z.write(chunk);
      z.end();
    });
    expect(all.length).toBeLessThan(perChunk / 2);
  });
});
