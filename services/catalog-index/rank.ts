/**
 * ts_rank as PostgreSQL computes it (src/backend/utils/adt/tsrank.c), in single precision: search relevance in
 * memory, the same numbers as the database's.
 */

const f32 = Math.fround;
const MAXENTRYPOS = 1 << 14;

const wordDistance = new Float64Array(101).map((_, w) =>
  w === 0 ? 0 : f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2))),
);

function distance(w: number) {
  return w > 100 ? f32(1e-30) : (wordDistance[w] as number);
}

/**
 * ts_rank(weights, vector, query) for a query of OR'ed alternatives per term, the terms AND'ed. The query's distinct
 * lexemes, in PostgreSQL's order (by bytes), are the items: item i's positions in the document are
 * pos[starts[i] … starts[i] + lens[i]) (lens[i] = 0: not in the document). `and`: the query's top operator is AND
 * (more than one term).
 */
export function tsRank(
  w: number[],
  pos: Uint16Array,
  starts: Int32Array,
  lens: Int32Array,
  items: number,
  and: boolean,
): number {
  let res = and && items >= 2 ? rankAnd(w, pos, starts, lens, items) : rankOr(w, pos, starts, lens, items);
  if (res < 0) res = f32(1e-20);
  return res;
}

function rankOr(w: number[], pos: Uint16Array, starts: Int32Array, lens: Int32Array, items: number): number {
  let res = 0;
  for (let i = 0; i < items; i++) {
    const n = lens[i] as number;
    if (!n) continue;
    const s = starts[i] as number;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < n; j++) {
      const wp = w[((pos[s + j] as number) >> 14) & 3] as number;
      resj = f32(resj + f32(wp / ((j + 1) * (j + 1))));
      if (wp > wjm) {
        wjm = wp;
        jm = j;
      }
    }
    const x = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
    res = f32(res + x / 1.64493406685);
  }
  return items > 0 ? f32(res / items) : res;
}

function rankAnd(w: number[], pos: Uint16Array, starts: Int32Array, lens: Int32Array, items: number): number {
  let res = -1;
  for (let i = 0; i < items; i++) {
    const ni = lens[i] as number;
    if (!ni) continue;
    const si = starts[i] as number;
    for (let k = 0; k < i; k++) {
      const nk = lens[k] as number;
      if (!nk) continue;
      const sk = starts[k] as number;
      for (let l = 0; l < ni; l++) {
        const a = pos[si + l] as number;
        for (let p = 0; p < nk; p++) {
          const b = pos[sk + p] as number;
          const dist = Math.abs((a & (MAXENTRYPOS - 1)) - (b & (MAXENTRYPOS - 1)));
          // Two lexemes at one position (no distance) do not count (documents always have positions here).
          if (dist) {
            const curw = f32(
              Math.sqrt(
                f32(f32((w[(a >> 14) & 3] as number) * (w[(b >> 14) & 3] as number)) * distance(dist)),
              ),
            );
            res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
}

/** PostgreSQL's order of query operands (memcmp of the UTF-8 bytes, then length). */
export function lexemeOrder(a: string, b: string) {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
