import { describe, expect, it } from "vitest";
import { catalogs, translator } from "./catalogs.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the nb and sv catalogs", () => {
  it("have exactly the same keys", () => {
    expect(Object.keys(catalogs.sv).sort()).toEqual(Object.keys(catalogs.nb).sort());
  });

  it("use the same placeholders in every message", () => {
    for (const key of Object.keys(catalogs.nb) as (keyof typeof catalogs.nb)[]) {
      expect(placeholders(catalogs.sv[key]), key).toEqual(placeholders(catalogs.nb[key]));
    }
  });

  it("have no empty messages", () => {
    for (const lang of ["nb", "sv"] as const)
      for (const [key, text] of Object.entries(catalogs[lang]))
        expect(text.trim(), `${lang} ${key}`).not.toBe("");
  });

  it("carry the specification's Norwegian texts exactly", () => {
    const t = translator("nb");
    expect(t("newsletter.invalid")).toBe("Du må oppgi en gyldig e-post");
    expect(t("error.generic")).toBe(
      "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
    );
    expect(t("customerType.ORGANIZATION")).toBe("Bedrift");
    expect(translator("sv")("customerType.ORGANIZATION")).toBe("Företag");
  });
});
