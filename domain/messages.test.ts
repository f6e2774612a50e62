import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CART_ERROR_REASONS, cartRefusalMessage, refusalOf, requirementMessage } from "./cart-refusals.ts";
import {
  MESSAGE_LANGUAGES,
  MESSAGES,
  type MessageKey,
  messageLanguage,
  messagesIn,
  msg,
  renderMessage,
} from "./messages.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(MESSAGES) as MessageKey[];

describe("the shop's messages", () => {
  it("have every message in Norwegian and Swedish, non-empty, with the same placeholders", () => {
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      const texts = MESSAGES[key] as Record<string, string>;
      expect(Object.keys(texts).sort(), key).toEqual([...MESSAGE_LANGUAGES].sort());
      for (const language of MESSAGE_LANGUAGES)
        expect(texts[language]?.trim(), `${key} ${language}`).not.toBe("");
      expect(placeholders(MESSAGES[key].sv), key).toEqual(placeholders(MESSAGES[key].nb));
      expect(MESSAGES[key].sv, `${key} is translated`).not.toBe(MESSAGES[key].nb);
    }
  });

  it("carry the storefront's exact texts, the specification's Norwegian ones included", () => {
    expect(renderMessage(msg("cart.error.fewLeft", { stock: 88 }), "nb")).toBe("Kun 88 igjen på lager");
    expect(renderMessage(msg("cart.error.fewLeft", { stock: 88 }), "sv")).toBe("Endast 88 kvar i lager");
    expect(renderMessage(msg("cart.error.promoInvalid"), "nb")).toBe("Kampanjekoden er ugyldig.");
    expect(renderMessage(msg("newsletter.invalid"), "nb")).toBe("Du må oppgi en gyldig e-post");
    expect(messagesIn("sv")["cart.error.promoInvalid"]).toBe("Kampanjkoden är ogiltig.");
    // Accounts: spec §5 and §8, word for word; the storefront's every-page catalog does not carry them.
    expect("account.email.invalid" in messagesIn("nb")).toBe(false);
    expect(MESSAGES["account.email.invalid"].nb).toBe("Du må oppgi en gyldig e-post");
    expect(renderMessage(msg("account.password.tooShort", { min: 7 }), "nb")).toBe(
      "Passordet må bestå av minst 7 tegn",
    );
    expect(MESSAGES["account.password.required"].nb).toBe("Du må angi et passord");
    expect(MESSAGES["account.password.mismatch"].nb).toBe("Passordene samsvarer ikke. Kontroller stavingen");
    expect(MESSAGES["account.field.required"].nb).toBe("Dette feltet er obligatorisk");
    expect(MESSAGES["account.personalId.invalid"].nb).toBe("Du må oppgi et gyldig personnummer");
    expect(MESSAGES["account.form.invalid"].nb).toBe("Sørg for at alle felt er gyldige");
    expect(MESSAGES["account.signIn.wrong"].nb).toBe("Feil e-post eller passord");
    expect(MESSAGES["account.register.exists"].nb).toBe(
      "En konto med denne e-postadressen eksisterer allerede",
    );
    expect(MESSAGES["account.generic"].nb).toBe(
      "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
    );
  });

  it("fill every placeholder a message has, whatever the values", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.constantFrom(...MESSAGE_LANGUAGES),
        fc.string(),
        (key, lang, v) => {
          const names = placeholders(MESSAGES[key][lang]);
          const params = Object.fromEntries(names.map((n) => [n, `<${v}>`]));
          const text = renderMessage({ key, params }, lang);
          for (const n of names) expect(text).not.toContain(`{${n}}`);
        },
      ),
    );
  });

  it("read the language of an id or a code; other languages read Norwegian", () => {
    expect(messageLanguage("sv-SE")).toBe("sv");
    expect(messageLanguage("sv")).toBe("sv");
    expect(messageLanguage("nb-NO")).toBe("nb");
    expect(messageLanguage("da-DK")).toBe("nb");
    expect(messageLanguage("")).toBe("nb");
  });
});

describe("the cart's refusals", () => {
  it("tell the shopper something specific, in both languages, for every reason the API gives", () => {
    for (const reason of CART_ERROR_REASONS) {
      const message = cartRefusalMessage({ reason });
      expect(message, reason).not.toBeNull();
      for (const language of MESSAGE_LANGUAGES)
        expect(
          renderMessage(message ?? msg("cart.error.notBuyable"), language),
          `${reason} ${language}`,
        ).not.toMatch(/\{\w+\}/);
    }
    expect(cartRefusalMessage({ reason: "SOMETHING_NEW" })).toBeNull();
    expect(cartRefusalMessage({ reason: "toString" })).toBeNull();
  });

  it("pick the message from the details the API sends", () => {
    const say = (reason: string, details: Record<string, unknown>, lang: "nb" | "sv" = "nb") => {
      const m = cartRefusalMessage(refusalOf(reason, details));
      return m && renderMessage(m, lang);
    };
    expect(say("OUT_OF_STOCK", { stock: 3 })).toBe("Kun 3 igjen på lager");
    expect(say("OUT_OF_STOCK", { stock: 0 })).toBe("Varen er utsolgt.");
    expect(say("INVALID_PROMO_CODE", { max: 5 }, "sv")).toBe(
      "Du kan använda högst 5 presentkort i en varukorg.",
    );
    expect(say("PACKAGE_INCOMPLETE", { groups: ["Sekk", "Staver"] })).toBe(
      "Velg et alternativ i: Sekk, Staver",
    );
    expect(say("PACKAGE_INCOMPLETE", { groupId: 3 })).toMatch(/passer ikke til denne pakken/);
    expect(say("REQUIREMENTS_NOT_MET", { condition: "minimumAmount", amountFormatted: "500 kr" })).toBe(
      "Kampanjekoden gjelder når du handler for minst 500 kr.",
    );
    expect(say("REQUIREMENTS_NOT_MET", { condition: "customerType", args: "ORGANIZATION" }, "sv")).toBe(
      "Kampanjkoden gäller bara för företagskunder.",
    );
    expect(renderMessage(requirementMessage({ condition: "minimumQuantity", value: "3" }), "nb")).toBe(
      "Kampanjekoden gjelder når du kjøper minst 3 varer.",
    );
    // Malformed details are dropped, not shown.
    expect(refusalOf("OUT_OF_STOCK", { stock: "many", groups: "x", name: 3 })).toEqual({
      reason: "OUT_OF_STOCK",
    });
  });
});
