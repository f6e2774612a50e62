import { Transform } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchPriority="low"');
const HEAD_END = Buffer.from("</head>");

/**
 * The document's stream, with the head's module preloads at low fetch priority: the scripts hydrate a page the
 * server has already rendered, so they should not compete with what the first paint needs (the largest image,
 * preloaded with high priority). React gives its own bootstrap modules' preloads the same priority; React
 * Router's <Scripts> renders its preloads without one, so they are marked here, in the head only (byte-wise:
 * the pattern is ASCII; a match split between two chunks is completed from the next one). The rest of the
 * document passes untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let inHead = true;
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) {
        callback(null, chunk);
        return;
      }
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const headEnd = data.indexOf(HEAD_END);
      const scanEnd = headEnd === -1 ? data.length : headEnd;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(MODULE_PRELOAD); at !== -1 && at < scanEnd; ) {
        const end = at + MODULE_PRELOAD.length;
        parts.push(data.subarray(from, end), LOW_PRIORITY);
        from = end;
        at = data.indexOf(MODULE_PRELOAD, from);
      }
      if (headEnd === -1) {
        // Keep back what could be the start of a match completed by the next chunk.
        const keep = Math.max(from, data.length - (MODULE_PRELOAD.length - 1));
        parts.push(data.subarray(from, keep));
        carry = Buffer.from(data.subarray(keep));
      } else {
        parts.push(data.subarray(from));
        carry = Buffer.alloc(0);
        inHead = false;
      }
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry.length ? carry : null);
    },
  });
}
