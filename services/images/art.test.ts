import { describe, expect, it } from "vitest";
import { InvalidImageNameError, PRODUCT_KINDS, parseImageName, productArtSvg } from "./art.ts";

describe("parseImageName", () => {
  it("splits kind, product id, image number and colour", () => {
    expect(parseImageName("shell-jacket-1042-1-1f3a5f.jpg")).toEqual({
      kind: "shell-jacket",
      productId: 1042,
      n: 1,
      colour: "#1f3a5f",
      baseName: "shell-jacket-1042-1-1f3a5f",
    });
    expect(parseImageName("tent-77-1-556b2f.jpg").kind).toBe("tent");
    expect(parseImageName("t-shirt-5-3-FFAA00.jpg")).toMatchObject({
      kind: "t-shirt",
      n: 3,
      colour: "#ffaa00",
    });
  });

  it.each([
    "",
    "shell-jacket-1042-1-1f3a5f",
    "shell-jacket-1042-1-1f3a5f.png",
    "shell-jacket-1042-1-1f3a5.jpg",
    "shell-jacket-1042-1-1f3a5g.jpg",
    "shell-jacket-1042-0-1f3a5f.jpg",
    "shell-jacket-01042-1-1f3a5f.jpg",
    "1042-1-1f3a5f.jpg",
    "Shell-Jacket-1042-1-1f3a5f.jpg",
    "shell_jacket-1042-1-1f3a5f.jpg",
    "../tent-77-1-556b2f.jpg",
    "tent/../../x-77-1-556b2f.jpg",
    "tent-77-1-556b2f.jpg.jpg",
    `${"a".repeat(200)}-1-1-000000.jpg`,
  ])("rejects %j", (name) => {
    expect(() => parseImageName(name)).toThrow(InvalidImageNameError);
  });
});

describe("productArtSvg", () => {
  it("is deterministic", () => {
    const name = "shell-jacket-1042-1-1f3a5f.jpg";
    expect(productArtSvg(name)).toBe(productArtSvg(name));
  });

  it("is a square 1200×1200 SVG without text, in the product colour", () => {
    const svg = productArtSvg("protein-powder-88-2-7b3f00.jpg");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 1200 1200">/);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain("#7b3f00");
    expect(svg).not.toMatch(/<text|font/);
  });

  it("draws every known kind differently, and unknown kinds as a parcel", () => {
    const art = (kind: string) =>
      productArtSvg(`${kind}-1-1-1f3a5f.jpg`).replace(/<rect width="1200" height="1200" fill="[^"]+"\/>/, "");
    const drawings = new Set(PRODUCT_KINDS.map(art));
    expect(drawings.size).toBe(PRODUCT_KINDS.length);
    expect(drawings.has(art("mystery-gadget"))).toBe(false);
    expect(art("mystery-gadget")).toBe(art("another-unknown-thing"));
  });

  it("varies the picture with the image number", () => {
    const [a, b, c] = [1, 2, 3].map((n) => productArtSvg(`backpack-9-${n}-556b2f.jpg`));
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it("stays small for every kind and view", () => {
    for (const kind of PRODUCT_KINDS) {
      for (const n of [1, 2, 3])
        expect(productArtSvg(`${kind}-123456-${n}-abcdef.jpg`).length).toBeLessThan(4096);
    }
  });

  it("throws InvalidImageNameError for invalid names", () => {
    expect(() => productArtSvg("not-an-image.jpg")).toThrow(InvalidImageNameError);
    expect(() => productArtSvg("tent-77-1-556b2f.svg")).toThrow(/Invalid product image name/);
  });
});
