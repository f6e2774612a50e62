import { formatMoney, type MoneyFormatOptions } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { netOfGross } from "#domain/vat.ts";
import type { builder } from "../builder.ts";

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** What a gross (VAT-inclusive) amount needs on its way out: currency, VAT rate and the request's language. */
export interface GrossAmount {
  minor: number;
  currency: string;
  vatRateBp: number;
  locale: string;
}

/**
 * The four fields of one price, made at the edge: `{name}IncVat`, `{name}ExVat` (net of VAT with domain/vat) and
 * their `…Formatted` strings for the request's language ("1 299 kr"). For types other than Price that show
 * prices the same way (PricePoint, …). `description`, when given, describes all four.
 */
export function grossAndNetFields<Parent, Name extends string>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  name: Name,
  read: (parent: Parent) => GrossAmount,
  description?: string,
) {
  const inc = (p: Parent) => read(p).minor;
  const ex = (p: Parent) => {
    const a = read(p);
    return netOfGross(a.minor, a.vatRateBp);
  };
  const decimal = (pick: (p: Parent) => number) => (p: Parent) => toDecimal(pick(p), read(p).currency);
  const formatted = (pick: (p: Parent) => number) => (p: Parent) =>
    formatMoney(pick(p), read(p).currency, read(p).locale);
  const described = description ? { description } : {};
  return {
    [`${name}IncVat`]: t.field({ type: "Decimal", ...described, resolve: decimal(inc) }),
    [`${name}IncVatFormatted`]: t.string({ ...described, resolve: formatted(inc) }),
    [`${name}ExVat`]: t.field({ type: "Decimal", ...described, resolve: decimal(ex) }),
    [`${name}ExVatFormatted`]: t.string({ ...described, resolve: formatted(ex) }),
  } as Record<
    `${Name}${"IncVat" | "ExVat"}${"" | "Formatted"}`,
    ReturnType<typeof t.field> | ReturnType<typeof t.string>
  >;
}

/** What a plain amount needs on its way out. */
export interface Amount {
  minor: number;
  currency: string;
  locale: string;
  /** "one" for a converted multi-market total (spec §9). */
  decimals?: MoneyFormatOptions["decimals"];
}

/** One amount as `{name}` (a decimal in major units) and `{name}Formatted` ("1 299 kr"), made at the edge. */
export function amountFields<Parent, Name extends string>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  name: Name,
  read: (parent: Parent) => Amount,
) {
  return {
    [name]: t.field({ type: "Decimal", resolve: (p) => toDecimal(read(p).minor, read(p).currency) }),
    [`${name}Formatted`]: t.string({
      resolve: (p) => {
        const a = read(p);
        return formatMoney(a.minor, a.currency, a.locale, { decimals: a.decimals ?? "auto" });
      },
    }),
  } as Record<`${Name}${"" | "Formatted"}`, ReturnType<typeof t.field> | ReturnType<typeof t.string>>;
}
