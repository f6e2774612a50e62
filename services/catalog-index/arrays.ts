/** Typed arrays that grow, and the rows of a raw query, for the index (index.ts). */

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function grown<T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(
  a: T,
  size: number,
  fill = 0,
): T {
  if (a.length >= size) return a;
  let n = Math.max(16, a.length);
  while (n < size) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  if (fill !== 0) b.fill(fill as never, a.length);
  return b;
}

/** An append-only array of numbers; rewritten records leave garbage, compacted when it outweighs the rest. */
export class Pool<T extends Int32Array | Float64Array | Uint16Array> {
  data: T;
  length = 0;
  garbage = 0;
  constructor(empty: T) {
    this.data = empty;
  }
  reserve(n: number) {
    this.data = grown(this.data, this.length + n);
  }
  push(v: number) {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }
}
