/**
 * Money: integer minor units (öre, øre, cent) plus an ISO 4217 currency code.
 *
 * Every amount the shop stores or computes is an integer in minor units. Decimal numbers exist only
 * at the edge (API fields, formatted strings), produced by `toDecimal` and `format.ts`.
 * Rounding happens in exactly one place: `roundHalfAwayFromZero` (docs/decisions/0002-money-and-rounding.md).
 */

export type Money = { readonly amount: number; readonly currency: string };

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Currencies whose minor unit is not 1/100 (ISO 4217). Everything else has two decimals. */
const MINOR_UNIT_EXCEPTIONS: Readonly<Record<string, number>> = {
  ISK: 0,
  JPY: 0,
  KRW: 0,
  CLP: 0,
  VND: 0,
  UGX: 0,
  PYG: 0,
  XAF: 0,
  XOF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function assertCurrencyCode(currency: string): void {
  if (!CURRENCY_CODE.test(currency)) {
    throw new RangeError(`"${currency}" is not an ISO 4217 currency code (three capital letters)`);
  }
}

function assertMinor(amount: number, what = "amount"): void {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`${what} must be a safe integer in minor units, got ${amount}`);
  }
}

/** Turns -0 into 0 so that results compare and serialise cleanly. */
function noNegativeZero(n: number): number {
  return n === 0 ? 0 : n;
}

/** Creates Money; throws unless `amount` is a safe integer (minor units) and `currency` an ISO code. */
export function money(amount: number, currency: string): Money {
  assertMinor(amount);
  assertCurrencyCode(currency);
  return { amount: noNegativeZero(amount), currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new TypeError(`Cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

/** Multiplies by an integer quantity (a line total is unit price × quantity, never fractional). */
export function multiply(m: Money, qty: number): Money {
  if (!Number.isSafeInteger(qty)) throw new RangeError(`Quantity must be an integer, got ${qty}`);
  return money(m.amount * qty, m.currency);
}

/** Sums a list of Money in `currency`; an empty list is zero. Throws on any other currency. */
export function sum(list: readonly Money[], currency: string): Money {
  let total = money(0, currency);
  for (const m of list) total = add(total, m);
  return total;
}

/**
 * THE rounding function of the shop: the integer nearest to `numerator / denominator`, with halves
 * rounded away from zero (2.5 → 3, −2.5 → −3).
 *
 * With integer arguments the result is exact (no floating-point error), also when the arguments are
 * bigints or integers beyond 2^53 (computed with BigInt). A non-integer number is rounded as the
 * binary value it holds. Throws when the result is not a safe integer or the denominator is zero.
 */
export function roundHalfAwayFromZero(numerator: number | bigint, denominator: number | bigint = 1): number {
  if (typeof numerator === "bigint" || typeof denominator === "bigint") {
    return roundBigInt(toBigInt(numerator), toBigInt(denominator));
  }
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator)) {
    throw new RangeError(`Cannot round ${numerator} / ${denominator}`);
  }
  if (denominator === 0) throw new RangeError("Division by zero");
  if (Number.isInteger(numerator) && Number.isInteger(denominator)) {
    if (Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator)) {
      const negative = numerator < 0 !== denominator < 0;
      const n = Math.abs(numerator);
      const d = Math.abs(denominator);
      const remainder = n % d;
      const quotient = (n - remainder) / d;
      const magnitude = 2 * remainder >= d ? quotient + 1 : quotient;
      return noNegativeZero(negative ? -magnitude : magnitude);
    }
    return roundBigInt(BigInt(numerator), BigInt(denominator));
  }
  const value = numerator / denominator;
  const magnitude = Math.abs(value);
  const whole = Math.floor(magnitude);
  // `magnitude - whole` is exact in binary floating point, unlike the classic Math.floor(x + 0.5).
  const rounded = magnitude - whole >= 0.5 ? whole + 1 : whole;
  return checkedResult(value < 0 ? -rounded : rounded);
}

function toBigInt(value: number | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isInteger(value)) {
    throw new TypeError(`Cannot mix a bigint with the non-integer ${value}`);
  }
  return BigInt(value);
}

function roundBigInt(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const magnitude = 2n * (n % d) >= d ? quotient + 1n : quotient;
  return checkedResult(Number(negative ? -magnitude : magnitude));
}

function checkedResult(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Rounded result ${n} is not a safe integer`);
  return noNegativeZero(n);
}

/**
 * `value × multiplier / divisor`, rounded once with `roundHalfAwayFromZero`. Exact for all safe
 * integers: the product is computed with BigInt when it would exceed 2^53.
 */
export function mulDivRound(value: number, multiplier: number, divisor: number): number {
  assertMinor(value, "value");
  assertMinor(multiplier, "multiplier");
  assertMinor(divisor, "divisor");
  const product = value * multiplier;
  if (Number.isSafeInteger(product)) return roundHalfAwayFromZero(product, divisor);
  return roundHalfAwayFromZero(BigInt(value) * BigInt(multiplier), BigInt(divisor));
}

/**
 * Splits the integer `total` over `weights` in proportion, with the largest-remainder method:
 * every part first gets the floor of its exact share, then the units left over go one each to the
 * parts with the largest remainders (ties: the earlier part). The parts always sum to `total`
 * exactly, each part is within one unit of its exact share, and a non-negative total gives
 * non-negative parts. A negative total is split as its magnitude and negated.
 *
 * Weights are non-negative integers (e.g. line totals in minor units, quantities). Throws when the
 * weights are all zero (or empty) but the total is not.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertMinor(total, "total");
  let weightSum = 0n;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) {
      throw new RangeError(`Weights must be non-negative integers, got ${w}`);
    }
    weightSum += BigInt(w);
  }
  if (weightSum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot allocate ${total} over weights that sum to zero`);
  }
  const magnitude = BigInt(Math.abs(total));
  const parts: bigint[] = [];
  const remainders: { index: number; remainder: bigint }[] = [];
  let allocated = 0n;
  weights.forEach((w, index) => {
    const exact = magnitude * BigInt(w);
    const part = exact / weightSum;
    parts.push(part);
    allocated += part;
    remainders.push({ index, remainder: exact % weightSum });
  });
  let left = magnitude - allocated;
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  const sign = total < 0 ? -1 : 1;
  return parts.map((p) => noNegativeZero(sign * Number(p)));
}

/** Digits after the decimal separator in `currency` (SEK/NOK/DKK/EUR 2, ISK 0, KWD 3…). */
export function minorUnits(currency: string): number {
  assertCurrencyCode(currency);
  return MINOR_UNIT_EXCEPTIONS[currency] ?? 2;
}

/** Minor units to a decimal number for the API edge: 129950 SEK → 1299.5. */
export function toDecimal(minor: number, currency: string): number {
  assertMinor(minor);
  const digits = minorUnits(currency);
  // Division by a power of ten is correctly rounded: the result is the double nearest to the exact
  // decimal, the same value the literal 1299.50 would give.
  return noNegativeZero(digits === 0 ? minor : minor / 10 ** digits);
}

const DECIMAL = /^([+-])?(\d+)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal amount (number or string such as "1299.50") to minor units: 1299.5 SEK → 129950.
 * The decimal is read as written (its shortest decimal form for a number, so 1.005 is 1.005, not
 * 1.00499…), and extra digits are rounded with `roundHalfAwayFromZero`.
 */
export function fromDecimal(value: number | string, currency: string): number {
  const digits = minorUnits(currency);
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  const [, sign, whole = "", fraction = "", exponent = "0"] = match ?? [];
  if (!match || (whole === "" && fraction === "")) {
    throw new RangeError(`Not a decimal amount: "${value}"`);
  }
  const mantissa = BigInt(`${whole}${fraction}` || "0") * (sign === "-" ? -1n : 1n);
  const scale = Number(exponent) - fraction.length + digits;
  if (mantissa === 0n) return 0;
  // Far outside any amount: too large to be safe, or so small it rounds to zero.
  if (scale > 20) throw new RangeError(`Amount ${value} is out of range`);
  if (scale < -(whole.length + fraction.length + 1)) return 0;
  if (scale >= 0) return roundHalfAwayFromZero(mantissa * 10n ** BigInt(scale), 1n);
  return roundHalfAwayFromZero(mantissa, 10n ** BigInt(-scale));
}
