import { describe, expect, it } from "vitest";
import { orderCatalogs, orderTranslator, statusText } from "./order.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the order page's catalogs", () => {
  it("have the same keys and placeholders in nb and sv, and no empty text", () => {
    expect(Object.keys(orderCatalogs.sv).sort()).toEqual(Object.keys(orderCatalogs.nb).sort());
    for (const key of Object.keys(orderCatalogs.nb) as (keyof typeof orderCatalogs.nb)[]) {
      expect(placeholders(orderCatalogs.sv[key]), key).toEqual(placeholders(orderCatalogs.nb[key]));
      expect(orderCatalogs.nb[key].trim(), key).not.toBe("");
      expect(orderCatalogs.sv[key].trim(), key).not.toBe("");
    }
  });

  it("label the withdrawal function as shops do (angrerett / ångerrätt)", () => {
    expect(orderTranslator("nb")("withdrawal.start")).toBe("Angre kjøpet");
    expect(orderTranslator("sv")("withdrawal.start")).toBe("Ångra köpet");
  });

  it("name every status, and an unknown one as it is", () => {
    const t = orderTranslator("nb");
    expect(statusText(t, "REFUNDED")).toBe("Refundert");
    expect(statusText(t, "odd")).toBe("odd");
  });
});
