import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.ts";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>';
const BODY =
  '<body><p>Å ø <a href="/x">link rel="modulepreload"</a></p><link rel="modulepreload" href="/c.js"/></body></html>';
const EXPECTED =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" fetchPriority="low" href="/assets/a.js"/>' +
  '<link rel="modulepreload" fetchPriority="low" href="/assets/b.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>' +
  BODY;

describe("lowPriorityModulePreloads", () => {
  it("gives the head's module preloads low fetch priority and leaves the body alone", async () => {
    expect(await through([HEAD + BODY])).toBe(EXPECTED);
  });

  it("finds a preload split between chunks, at every split point, and keeps multi-byte characters whole", async () => {
    const whole = HEAD + BODY;
    const bytes = Buffer.from(whole);
    for (let at = 1; at < bytes.length; at++) {
      const out: Buffer[] = [];
      const stream = Readable.from([bytes.subarray(0, at), bytes.subarray(at)]).pipe(
        lowPriorityModulePreloads(),
      );
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8"), `split at ${at}`).toBe(EXPECTED);
    }
  });

  it("passes a document without preloads through unchanged, however it is cut", async () => {
    const doc = "<html><head><title>t</title></head><body>x</body></html>";
    expect(await through(doc.split(""))).toBe(doc);
  });
});
