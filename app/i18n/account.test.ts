import { describe, expect, it } from "vitest";
import { type AccountKey, accountCatalogs, accountTranslator } from "./account.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the account screens' catalog", () => {
  const nb = accountTranslator("nb");
  const sv = accountTranslator("sv");
  it("has a Swedish twin for every Norwegian text, with the same placeholders", () => {
    expect(Object.keys(accountCatalogs.sv).sort()).toEqual(Object.keys(accountCatalogs.nb).sort());
    for (const key of Object.keys(accountCatalogs.nb) as AccountKey[]) {
      expect(accountCatalogs.sv[key].trim(), key).not.toBe("");
      expect(placeholders(accountCatalogs.sv[key]), key).toEqual(placeholders(accountCatalogs.nb[key]));
    }
  });

  it("carries the specification's Norwegian texts exactly (§5, §8)", () => {
    expect(nb("api.account.email.invalid")).toBe("Du må oppgi en gyldig e-post");
    expect(nb("api.account.password.tooShort", { min: 7 })).toBe("Passordet må bestå av minst 7 tegn");
    expect(nb("api.account.password.required")).toBe("Du må angi et passord");
    expect(nb("api.account.password.mismatch")).toBe("Passordene samsvarer ikke. Kontroller stavingen");
    expect(nb("api.account.field.required")).toBe("Dette feltet er obligatorisk");
    expect(nb("api.account.personalId.invalid")).toBe("Du må oppgi et gyldig personnummer");
    expect(nb("api.account.signIn.wrong")).toBe("Feil e-post eller passord");
    expect(nb("api.account.register.exists")).toBe("En konto med denne e-postadressen eksisterer allerede");
    expect(nb("api.account.form.invalid")).toBe("Sørg for at alle felt er gyldige");
    expect(sv("api.account.signIn.wrong")).toBe("Fel e-postadress eller lösenord");
    expect(sv("api.account.password.tooShort", { min: 7 })).toBe("Lösenordet måste bestå av minst 7 tecken");
  });
});
