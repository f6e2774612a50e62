/**
 * A tiny seeded pseudo-random generator for the demo catalogue.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit) seeded through a 32-bit string hash
 * and splitmix32. Only 32-bit integer arithmetic (`Math.imul`, shifts, `>>> 0`) is used and every output is
 * an exact multiple of 2^-32, so the same seed gives the same sequence on every platform and Node version.
 * Never use it for anything secret.
 */

export interface Rng {
  /** The next number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** One value of a non-empty list of [value, weight] pairs, with probability proportional to its weight. */
  weighted<T>(list: readonly (readonly [T, number])[]): T;
  /** A shuffled copy of the list (Fisher–Yates); the list itself is left alone. */
  shuffle<T>(list: readonly T[]): T[];
  /** True with probability p (p ≤ 0 never, p ≥ 1 always). */
  chance(p: number): boolean;
  /** `count` distinct elements of the list, in random order (all of them when count ≥ length). */
  sample<T>(list: readonly T[], count: number): T[];
  /**
   * An independent generator derived from this generator's seed and a label. It does not depend on how many
   * numbers have been drawn, so adding draws in one part of the seed does not reshuffle another part.
   */
  fork(label: string | number): Rng;
}

/** A 32-bit FNV-1a hash of a string (over UTF-16 code units), as an unsigned integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Normalizes a seed to an unsigned 32-bit integer: integers are taken modulo 2^32, anything else is hashed. */
export function seedToUint32(seed: number | string): number {
  if (typeof seed === "number" && Number.isSafeInteger(seed)) return seed >>> 0;
  return hashString(String(seed));
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A generator for the seed: a number (integers used as they are) or any string. */
export function rng(seed: number | string): Rng {
  const seed32 = seedToUint32(seed);
  const init = splitmix32(seed32);
  let a = init();
  let b = init();
  let c = init();
  let d = init();

  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // Discard the first outputs, as the sfc32 author recommends, so that similar seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = (): number => nextUint32() / 4294967296;

  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      throw new RangeError(`rng.int: invalid range [${min}, ${max}]`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError("rng.pick: empty list");
    return list[Math.floor(next() * list.length)] as T;
  };

  const weighted = <T>(list: readonly (readonly [T, number])[]): T => {
    let total = 0;
    for (const [, weight] of list) {
      if (!(weight >= 0) || !Number.isFinite(weight))
        throw new RangeError(`rng.weighted: invalid weight ${weight}`);
      total += weight;
    }
    if (total <= 0) throw new RangeError("rng.weighted: no positive weight");
    let x = next() * total;
    for (const [value, weight] of list) {
      if (x < weight) return value;
      x -= weight;
    }
    // Floating-point leftovers: the last entry with a positive weight.
    for (let i = list.length - 1; i >= 0; i--) {
      const entry = list[i];
      if (entry && entry[1] > 0) return entry[0];
    }
    throw new RangeError("rng.weighted: no positive weight");
  };

  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = list.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };

  const chance = (p: number): boolean => next() < p;

  const sample = <T>(list: readonly T[], count: number): T[] => shuffle(list).slice(0, Math.max(0, count));

  const fork = (label: string | number): Rng => rng(`${seed32}/${label}`);

  return { next, int, pick, weighted, shuffle, chance, sample, fork };
}
