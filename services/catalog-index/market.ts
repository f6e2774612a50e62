import { grown, Pool } from "./arrays.ts";

/** Card prices of one market: windows per slot, and the window in effect at one moment for all slots. */
export class MarketIndex {
  start = new Int32Array(0);
  count = new Int32Array(0);
  from = new Pool(new Float64Array(0));
  until = new Pool(new Float64Array(0));
  sell = new Pool(new Int32Array(0));
  disc = new Pool(new Int32Array(0));
  /** Selling price in effect per slot (-1: no price in this market) and its discount, valid in [validFrom, validUntil). */
  selling = new Int32Array(0);
  discount = new Int32Array(0);
  private validFrom = Number.POSITIVE_INFINITY;
  private validUntil = Number.NEGATIVE_INFINITY;

  readonly alias: string;

  constructor(alias: string) {
    this.alias = alias;
  }

  grow(capacity: number) {
    this.start = grown(this.start, capacity);
    this.count = grown(this.count, capacity);
  }

  /** Replaces the windows of these slots (rows sorted by slot, then valid_from). */
  write(slots: number[], rows: WindowRow[], slotOf: (productId: number) => number | undefined) {
    for (const slot of slots) {
      this.from.garbage += this.count[slot] ?? 0;
      this.count[slot] = 0;
    }
    this.from.reserve(rows.length);
    this.until.reserve(rows.length);
    this.sell.reserve(rows.length);
    this.disc.reserve(rows.length);
    let last = -1;
    for (const r of rows) {
      const slot = slotOf(r.product_id);
      if (slot === undefined) continue;
      if (slot !== last) {
        if ((this.count[slot] ?? 0) > 0) this.from.garbage += this.count[slot] ?? 0;
        this.start[slot] = this.from.length;
        this.count[slot] = 0;
        last = slot;
      }
      this.from.push(Number(r.f));
      this.until.push(Number(r.u));
      this.sell.push(r.selling_minor);
      this.disc.push(r.discount_percent);
      this.count[slot] = (this.count[slot] ?? 0) + 1;
    }
    this.validFrom = Number.POSITIVE_INFINITY;
    this.validUntil = Number.NEGATIVE_INFINITY;
    if (this.from.garbage > 100_000 && this.from.garbage * 2 > this.from.length) this.compact();
  }

  private compact() {
    const from = new Pool(new Float64Array(0));
    const until = new Pool(new Float64Array(0));
    const sell = new Pool(new Int32Array(0));
    const disc = new Pool(new Int32Array(0));
    const live = this.from.length - this.from.garbage;
    for (const p of [from, until, sell, disc]) p.reserve(live);
    for (let slot = 0; slot < this.count.length; slot++) {
      const n = this.count[slot] ?? 0;
      const s = this.start[slot] ?? 0;
      this.start[slot] = from.length;
      for (let i = s; i < s + n; i++) {
        from.push(this.from.data[i] as number);
        until.push(this.until.data[i] as number);
        sell.push(this.sell.data[i] as number);
        disc.push(this.disc.data[i] as number);
      }
    }
    Object.assign(this, { from, until, sell, disc });
  }

  /** Points `selling` and `discount` at the moment `atUs` (epoch microseconds). */
  at(atUs: number, size: number) {
    if (atUs >= this.validFrom && atUs < this.validUntil && this.selling.length >= size) return this;
    this.selling = grown(this.selling, size);
    this.discount = grown(this.discount, size);
    let lo = Number.NEGATIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    const { from, until, sell, disc } = this;
    for (let slot = 0; slot < size; slot++) {
      const n = this.count[slot] ?? 0;
      let found = -1;
      for (let i = this.start[slot] ?? 0, end = i + n; i < end; i++) {
        if ((from.data[i] as number) <= atUs && atUs < (until.data[i] as number)) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        this.selling[slot] = -1;
        this.discount[slot] = 0;
        // A product priced at other moments only: the next or previous window bounds this state.
        for (let i = this.start[slot] ?? 0, end = i + n; i < end; i++) {
          const f = from.data[i] as number;
          const u = until.data[i] as number;
          if (f > atUs) hi = Math.min(hi, f);
          if (u <= atUs) lo = Math.max(lo, u);
        }
        continue;
      }
      this.selling[slot] = sell.data[found] as number;
      this.discount[slot] = disc.data[found] as number;
      lo = Math.max(lo, from.data[found] as number);
      hi = Math.min(hi, until.data[found] as number);
    }
    this.validFrom = lo;
    this.validUntil = hi;
    return this;
  }
}

export interface WindowRow {
  product_id: number;
  f: number | string;
  u: number | string;
  selling_minor: number;
  discount_percent: number;
}
