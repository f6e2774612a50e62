import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fodselsnummerK1Remainder,
  isValidEmail,
  isValidIdentityNumber,
  isValidNorwegianFodselsnummer,
  isValidNorwegianOrganisasjonsnummer,
  isValidNorwegianPostalCode,
  isValidPassword,
  isValidPostalCode,
  isValidSwedishOrganisationsnummer,
  isValidSwedishPersonnummer,
  isValidSwedishPostalCode,
  normalizeEmail,
  normalizeNorwegianFodselsnummer,
  normalizeNorwegianOrganisasjonsnummer,
  normalizeSwedishOrganisationsnummer,
  normalizeSwedishPersonnummer,
  normalizeSwedishPostalCode,
} from "./validators.ts";

// ------------------------------------------------------------------------------------------------
// Check-digit functions of the test's own, written from the specifications, to generate valid numbers.

/** Luhn check digit for a string of digits (weights 2, 1, 2, … from the left for 9 digits). */
function luhnDigit(digits: string): string {
  let total = 0;
  [...digits].reverse().forEach((d, i) => {
    const product = Number(d) * (i % 2 === 0 ? 2 : 1);
    total += Math.floor(product / 10) + (product % 10);
  });
  return String((10 - (total % 10)) % 10);
}

/** Mod-11 control digit, or null when the remainder gives 10 (such numbers are never issued). */
function mod11Digit(digits: string, weights: number[]): string | null {
  const total = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const c = (11 - (total % 11)) % 11;
  return c === 10 ? null : String(c);
}

function fodselsnummer(first9: string): string | null {
  const k1 = mod11Digit(first9, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  if (k1 === null) return null;
  const k2 = mod11Digit(first9 + k1, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k2 === null ? null : first9 + k1 + k2;
}

function norwegianOrgnr(first8: string): string | null {
  const k = mod11Digit(first8, [3, 2, 7, 6, 5, 4, 3, 2]);
  return k === null ? null : first8 + k;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Dates 1900-01-01 .. 2025-12-31 as [year, month, day]. */
const birthDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()] as const);

const swedishPerson = fc
  .record({ date: birthDate, serial: fc.integer({ min: 0, max: 999 }), coordination: fc.boolean() })
  .map(({ date: [y, m, d], serial, coordination }) => {
    const yymmdd = `${pad(y % 100)}${pad(m)}${pad(coordination ? d + 60 : d)}`;
    const first9 = `${yymmdd}${pad(serial, 3)}`;
    return { year: y, ten: first9 + luhnDigit(first9) };
  });

const swedishOrg = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 0, max: 9 }),
    fc.integer({ min: 2, max: 9 }),
    fc.nat(999_999),
  )
  .map(([group, second, third, rest]) => {
    const first9 = `${group}${second}${third}${pad(rest, 6)}`;
    return first9 + luhnDigit(first9);
  });

/** An individual number matching the birth year, per Skatteetaten's allocation. */
function individualFor(year: number, pick: number): number {
  if (year >= 2000) return 500 + (pick % 500);
  if (year >= 1940) return pick % 2 === 0 ? pick % 500 : 900 + (pick % 100);
  return pick % 500;
}

const norwegianPerson = fc
  .record({ date: birthDate, pick: fc.nat(10_000), dNumber: fc.boolean() })
  .map(({ date: [y, m, d], pick, dNumber }) =>
    fodselsnummer(`${pad(dNumber ? d + 40 : d)}${pad(m)}${pad(y % 100)}${pad(individualFor(y, pick), 3)}`),
  )
  .filter((n): n is string => n !== null);

const norwegianOrg = fc
  .nat(99_999_999)
  .map((n) => norwegianOrgnr(pad(n, 8)))
  .filter((n): n is string => n !== null);

/** Changes one digit, which every one of these check digits detects. */
const withOneDigitChanged = (value: string, position: number, delta: number) => {
  const digitIndexes = [...value].flatMap((ch, i) => (/\d/.test(ch) ? [i] : []));
  const i = digitIndexes[position % digitIndexes.length] ?? 0;
  const changed = (Number(value[i]) + delta) % 10;
  return value.slice(0, i) + changed + value.slice(i + 1);
};

// ------------------------------------------------------------------------------------------------

describe("e-mail", () => {
  it("accepts ordinary addresses", () => {
    for (const email of [
      "anna.svensson@example.se",
      "ola+mili@example.no",
      "kundtjanst@mili.co.uk",
      "o'brien@example.com",
      "x@xn--rksmrgs-5wao1o.se",
      "lasse@räksmörgås.se",
      "  padded@example.se  ",
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it("rejects what is not an address", () => {
    for (const email of [
      "",
      "anna",
      "anna@",
      "@example.se",
      "anna@example",
      "anna@@example.se",
      "an@na@example.se",
      "anna svensson@example.se",
      ".anna@example.se",
      "anna.@example.se",
      "an..na@example.se",
      "anna@-example.se",
      "anna@example-.se",
      "anna@example..se",
      "anna@example.s",
      "anna@example.123",
      "anna@[127.0.0.1]",
      `${"a".repeat(65)}@example.se`,
      `a@${"b".repeat(250)}.se`,
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  Anna.Svensson@Example.SE ")).toBe("anna.svensson@example.se");
  });
});

describe("password", () => {
  it("needs at least 7 characters", () => {
    expect(isValidPassword("abc1234")).toBe(true);
    expect(isValidPassword("abc123")).toBe(false);
    expect(isValidPassword("")).toBe(false);
    expect(isValidPassword("åäöåäöå")).toBe(true);
    expect(isValidPassword("😀😀😀😀😀😀")).toBe(false); // 6 characters, 12 UTF-16 units
  });
});

describe("Swedish personnummer", () => {
  it("accepts the Tax Agency's test numbers in every written form", () => {
    for (const pnr of [
      "19121212-1212",
      "191212121212",
      "121212-1212",
      "1212121212",
      "121212+1212",
      "811218-9876",
    ]) {
      expect(isValidSwedishPersonnummer(pnr), pnr).toBe(true);
    }
  });

  it("accepts samordningsnummer (day + 60)", () => {
    expect(isValidSwedishPersonnummer("701063-2391")).toBe(true);
    expect(isValidSwedishPersonnummer("19701063-2391")).toBe(true);
  });

  it("rejects wrong check digits, impossible dates and other shapes", () => {
    for (const pnr of [
      "19121212-1213",
      "121212-1213",
      "12121212",
      "19121212+1212", // "+" only makes sense without the century
      "17121212-1212", // no such century
      "121212_1212",
      "121212 1212",
      "1212121212a",
      "",
    ]) {
      expect(isValidSwedishPersonnummer(pnr), pnr).toBe(false);
    }
    // Luhn-valid but no such date.
    const feb30 = `230230123`;
    expect(isValidSwedishPersonnummer(feb30 + luhnDigit(feb30))).toBe(false);
    const feb29 = `230229123`;
    expect(isValidSwedishPersonnummer(feb29 + luhnDigit(feb29))).toBe(false);
    expect(isValidSwedishPersonnummer(`20${feb29}${luhnDigit(feb29)}`)).toBe(false);
    const day92 = `701092123`;
    expect(isValidSwedishPersonnummer(day92 + luhnDigit(day92))).toBe(false);
  });

  it("accepts 29 February only in leap years", () => {
    const leap = `000229123`;
    expect(isValidSwedishPersonnummer(`20${leap}${luhnDigit(leap)}`)).toBe(true);
    expect(isValidSwedishPersonnummer(`19${leap}${luhnDigit(leap)}`)).toBe(false); // 1900 was no leap year
    expect(isValidSwedishPersonnummer(`${leap}${luhnDigit(leap)}`)).toBe(true); // 2000 fits
  });

  it("accepts every generated valid number, in every form, and rejects any single changed digit", () => {
    fc.assert(
      fc.property(
        swedishPerson,
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        ({ year, ten }, position, delta) => {
          const century = String(Math.floor(year / 100));
          for (const form of [
            ten,
            `${ten.slice(0, 6)}-${ten.slice(6)}`,
            `${century}${ten}`,
            `${century}${ten.slice(0, 6)}-${ten.slice(6)}`,
          ]) {
            expect(isValidSwedishPersonnummer(form), form).toBe(true);
          }
          expect(isValidSwedishPersonnummer(withOneDigitChanged(ten, position, delta))).toBe(false);
        },
      ),
    );
  });

  it("normalises to 12 digits, inferring the century from the separator", () => {
    const today = new Date("2026-06-01T12:00:00Z");
    expect(normalizeSwedishPersonnummer("121212-1212", today)).toBe("201212121212");
    expect(normalizeSwedishPersonnummer("121212+1212", today)).toBe("191212121212");
    expect(normalizeSwedishPersonnummer("19121212-1212", today)).toBe("191212121212");
    expect(normalizeSwedishPersonnummer("811218-9876", today)).toBe("198112189876");
    expect(normalizeSwedishPersonnummer("701063-2391", today)).toBe("197010632391");
    expect(normalizeSwedishPersonnummer("121212-1213", today)).toBeNull();
  });

  it("counts a birthday later this year as last century", () => {
    const serial = "260702123";
    const pnr = serial + luhnDigit(serial); // born 2 July ..26
    expect(normalizeSwedishPersonnummer(pnr, new Date("2026-07-01T12:00:00Z"))).toBe(`19${pnr}`);
    expect(normalizeSwedishPersonnummer(pnr, new Date("2026-07-02T12:00:00Z"))).toBe(`20${pnr}`);
  });
});

describe("Swedish organisationsnummer", () => {
  it("accepts real numbers", () => {
    for (const orgnr of ["202100-5448", "2021005448", "556012-5790", "165560125790", "16556012-5790"]) {
      expect(isValidSwedishOrganisationsnummer(orgnr), orgnr).toBe(true);
    }
    expect(normalizeSwedishOrganisationsnummer("16556012-5790")).toBe("5560125790");
  });

  it("rejects wrong check digits, a third digit below 2 and personnummer", () => {
    for (const orgnr of [
      "202100-5449",
      "556012-579",
      "5560125790 1",
      "121212-1212",
      "19121212-1212",
      "17556012-5790",
    ]) {
      expect(isValidSwedishOrganisationsnummer(orgnr), orgnr).toBe(false);
    }
  });

  it("accepts every generated number and rejects single changed digits", () => {
    fc.assert(
      fc.property(swedishOrg, fc.nat(9), fc.integer({ min: 1, max: 9 }), (orgnr, position, delta) => {
        expect(isValidSwedishOrganisationsnummer(orgnr)).toBe(true);
        expect(isValidSwedishOrganisationsnummer(`${orgnr.slice(0, 6)}-${orgnr.slice(6)}`)).toBe(true);
        expect(isValidSwedishOrganisationsnummer(withOneDigitChanged(orgnr, position, delta))).toBe(false);
      }),
    );
  });
});

describe("Norwegian fødselsnummer", () => {
  it("accepts known valid numbers", () => {
    for (const fnr of ["01010750160", "17054026641", "29029600013", "29020050088", "010107 50160"]) {
      expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(true);
    }
    expect(normalizeNorwegianFodselsnummer(" 010107 50160 ")).toBe("01010750160");
  });

  it("accepts D-numbers (day + 40)", () => {
    const dNumber = fodselsnummer("410107501");
    expect(dNumber).not.toBeNull();
    expect(isValidNorwegianFodselsnummer(dNumber ?? "")).toBe(true);
  });

  it("rejects wrong control digits, impossible dates and other shapes", () => {
    for (const fnr of ["01010750161", "01010750170", "0101075016", "010107501600", "01.01.07 50160", ""]) {
      expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(false);
    }
    // Control digits right, date wrong: 30 February 1996; 29 February 2001 (individual 502 → 2000s);
    // day 32; month 13; D-number day 72.
    for (const fnr of ["30029612389", "29020150260", "32019612367", "01139612333", "72019612350"]) {
      expect(fodselsnummer(fnr.slice(0, 9)), fnr).toBe(fnr);
      expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(false);
    }
  });

  it("accepts the numbers of the 2032 scheme (K1 remainder 0–3) and no other remainder", () => {
    // Skatteetaten's worked examples: born 2 January 2032; two people born 30 October 1982 given numbers in 2032.
    for (const fnr of ["02013299997", "30108299920", "30108299939"]) {
      expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(true);
    }
    expect(fodselsnummerK1Remainder("30108299939")).toBe(1);
    // 29 February with individual number 000 was 1900 (no leap year) under the old allocation; from 2032 the
    // individual number tells no century, so it may be someone born 29 February 2000.
    expect(isValidNorwegianFodselsnummer("29020000064")).toBe(true);
  });

  it("accepts K1 for every remainder 0–3 and refuses 4–10, K2 right each time (property)", () => {
    const first9 = fc
      .record({ date: birthDate, individual: fc.nat(999), dNumber: fc.boolean() })
      .map(
        ({ date: [y, m, d], individual, dNumber }) =>
          `${pad(dNumber ? d + 40 : d)}${pad(m)}${pad(y % 100)}${pad(individual, 3)}`,
      );
    fc.assert(
      fc.property(first9, fc.nat(10), (nine, remainder) => {
        const weights = [3, 7, 6, 1, 8, 9, 4, 5, 2];
        const total = weights.reduce((acc, w, i) => acc + w * Number(nine[i]), 0);
        const k1 = (((remainder - total) % 11) + 11) % 11;
        fc.pre(k1 <= 9);
        const k2 = mod11Digit(`${nine}${k1}`, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
        fc.pre(k2 !== null);
        const fnr = `${nine}${k1}${k2}`;
        expect(fodselsnummerK1Remainder(fnr)).toBe(remainder);
        expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(remainder <= 3);
      }),
    );
  });

  it("accepts every generated valid number and rejects single changed digits", () => {
    fc.assert(
      fc.property(norwegianPerson, fc.nat(10), fc.integer({ min: 1, max: 9 }), (fnr, position, delta) => {
        expect(isValidNorwegianFodselsnummer(fnr), fnr).toBe(true);
        expect(isValidNorwegianFodselsnummer(withOneDigitChanged(fnr, position, delta))).toBe(false);
      }),
    );
  });
});

describe("Norwegian organisasjonsnummer", () => {
  it("accepts real numbers", () => {
    for (const orgnr of ["974760673", "923609016", "974 760 673"]) {
      expect(isValidNorwegianOrganisasjonsnummer(orgnr), orgnr).toBe(true);
    }
    expect(normalizeNorwegianOrganisasjonsnummer("974 760 673")).toBe("974760673");
  });

  it("rejects wrong check digits and other shapes", () => {
    for (const orgnr of ["974760674", "97476067", "9747606730", "974-760-673", "abcdefghi", ""]) {
      expect(isValidNorwegianOrganisasjonsnummer(orgnr), orgnr).toBe(false);
    }
  });

  it("accepts every generated number and rejects single changed digits", () => {
    fc.assert(
      fc.property(norwegianOrg, fc.nat(8), fc.integer({ min: 1, max: 9 }), (orgnr, position, delta) => {
        expect(isValidNorwegianOrganisasjonsnummer(orgnr)).toBe(true);
        expect(isValidNorwegianOrganisasjonsnummer(withOneDigitChanged(orgnr, position, delta))).toBe(false);
      }),
    );
  });
});

describe("isValidIdentityNumber", () => {
  it("picks the number kind by country and customer type", () => {
    expect(isValidIdentityNumber("19121212-1212", "SE", "PERSON")).toBe(true);
    expect(isValidIdentityNumber("19121212-1212", "SE", "ORGANIZATION")).toBe(false);
    expect(isValidIdentityNumber("556012-5790", "SE", "ORGANIZATION")).toBe(true);
    expect(isValidIdentityNumber("556012-5790", "SE", "PERSON")).toBe(false);
    expect(isValidIdentityNumber("01010750160", "NO", "PERSON")).toBe(true);
    expect(isValidIdentityNumber("01010750160", "NO", "ORGANIZATION")).toBe(false);
    expect(isValidIdentityNumber("974760673", "NO", "ORGANIZATION")).toBe(true);
    expect(isValidIdentityNumber("974760673", "NO", "PERSON")).toBe(false);
    expect(isValidIdentityNumber("19121212-1212", "NO", "PERSON")).toBe(false);
  });
});

describe("postal codes", () => {
  it("Swedish: five digits, optional space after the third", () => {
    expect(isValidSwedishPostalCode("114 34")).toBe(true);
    expect(isValidSwedishPostalCode("11434")).toBe(true);
    expect(isValidSwedishPostalCode(" 114 34 ")).toBe(true);
    for (const bad of ["1143", "114345", "1143 4", "114  34", "114-34", "abcde", ""]) {
      expect(isValidSwedishPostalCode(bad), bad).toBe(false);
    }
    expect(normalizeSwedishPostalCode("114 34")).toBe("11434");
    expect(normalizeSwedishPostalCode("114-34")).toBeNull();
  });

  it("Norwegian: four digits", () => {
    expect(isValidNorwegianPostalCode("0150")).toBe(true);
    expect(isValidNorwegianPostalCode("9990")).toBe(true);
    for (const bad of ["150", "01500", "01 50", "abcd", ""]) {
      expect(isValidNorwegianPostalCode(bad), bad).toBe(false);
    }
  });

  it("by country", () => {
    expect(isValidPostalCode("114 34", "SE")).toBe(true);
    expect(isValidPostalCode("114 34", "NO")).toBe(false);
    expect(isValidPostalCode("0150", "NO")).toBe(true);
    expect(isValidPostalCode("0150", "SE")).toBe(false);
  });
});
