import { describe, expect, it } from "vitest";
import { translator } from "../../i18n/catalogs.ts";
import { initialPicks, missingGroups, type PackageGroupData } from "./buy-box.tsx";
import { pagesParam } from "./reviews.tsx";
import { nutritionRows, specificationGroups } from "./specification.tsx";
import { stockText } from "./stock-line.tsx";

const stock = (
  s: Partial<{ inStock: number; oversellable: number; static: number; incoming: string | null }>,
) => ({
  inStock: 0,
  oversellable: 0,
  static: 0,
  totalStock: 0,
  incoming: null,
  ...s,
});

describe("stock texts", () => {
  const nb = translator("nb");
  const sv = translator("sv");
  it("says in stock, few left with the quantity, backorder, static and out of stock with the restock date", () => {
    expect(stockText(stock({ inStock: 40 }), nb, "nb-NO")).toBe("På lager");
    expect(stockText(stock({ inStock: 3 }), nb, "nb-NO")).toBe("Bare 3 igjen på lager");
    expect(stockText(stock({ inStock: 5 }), sv, "sv-SE")).toBe("Endast 5 kvar i lager");
    expect(stockText(stock({ inStock: 6 }), sv, "sv-SE")).toBe("I lager");
    expect(stockText(stock({ oversellable: 50 }), nb, "nb-NO")).toBe("Kan bestilles – lengre leveringstid");
    expect(stockText(stock({ static: 1000 }), sv, "sv-SE")).toBe("Alltid tillgänglig");
    expect(stockText(stock({}), nb, "nb-NO")).toBe("Ikke på lager");
    expect(stockText(stock({ incoming: "2026-05-04" }), nb, "nb-NO")).toBe(
      "Ikke på lager. Ventes inn 4.\u00a0mai\u00a02026",
    );
    expect(stockText(stock({ incoming: "2026-05-04" }), sv, "sv-SE")).toBe(
      "Slut i lager. Väntas in 4\u00a0maj\u00a02026",
    );
  });
});

describe("package picks", () => {
  const option = (optionId: number, isSelected = false) => ({
    optionId,
    quantity: 1,
    isSelected,
    product: null,
  });
  const groups: PackageGroupData[] = [
    { groupId: 1, name: "Sekk", required: true, options: [option(10), option(11)] },
    { groupId: 2, name: "Staver", required: false, options: [option(20, true)] },
    { groupId: 3, name: "Lykt", required: true, options: [option(30)] },
  ];

  it("starts from the selected options, or from the URL's valid picks", () => {
    expect(initialPicks(groups)).toEqual({ 1: null, 2: 20, 3: null });
    expect(initialPicks(groups, new URLSearchParams("group-1=11&group-3=99"))).toEqual({
      1: 11,
      2: 20,
      3: null,
    });
  });

  it("names the required groups without a pick", () => {
    expect(missingGroups(groups, { 1: null, 2: null, 3: null }).map((g) => g.name)).toEqual(["Sekk", "Lykt"]);
    expect(missingGroups(groups, { 1: 10, 2: null, 3: 30 })).toEqual([]);
    // A pick from another group does not count.
    expect(missingGroups(groups, { 1: 30, 3: 30 }).map((g) => g.name)).toEqual(["Sekk"]);
  });
});

describe("paging parameters", () => {
  it("reads a positive page count and treats anything else as 1", () => {
    expect(pagesParam(null)).toBe(1);
    expect(pagesParam("3")).toBe(3);
    expect(pagesParam("0")).toBe(1);
    expect(pagesParam("-2")).toBe(1);
    expect(pagesParam("abc")).toBe(1);
    expect(pagesParam("2.5")).toBe(1);
    expect(pagesParam("9999")).toBe(10);
  });
});

describe("specification and nutrition", () => {
  const groups = [
    {
      parameterGroupId: 1,
      name: "Egenskaper",
      parameters: [
        { name: "Farge", value: "Svart", show: true, identifier: "color" },
        { name: "Intern", value: "x", show: false, identifier: "internal" },
      ],
    },
    {
      parameterGroupId: 4,
      name: "Næring",
      parameters: [{ name: "Energi", value: "1 500 kJ", show: true, identifier: "nutrition-energy" }],
    },
  ];
  it("shows parameters marked show, without the nutrition rows, which get their own table", () => {
    expect(specificationGroups(groups).map((g) => [g.name, g.parameters.map((p) => p.value)])).toEqual([
      ["Egenskaper", ["Svart"]],
    ]);
    expect(nutritionRows(groups).map((r) => r.name)).toEqual(["Energi"]);
  });
});
