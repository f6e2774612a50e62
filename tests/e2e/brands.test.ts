import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "#db/schema/catalog.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/** Brands the demo catalog lacks: names that start with the Nordic letters, and one with a digit. */
const EXTRA = ["Ærfugl", "Älvdal", "Øyafjell", "Östmark", "Åsvik", "3Peaks"];

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
  await shop.db.db.insert(brands).values(EXTRA.map((name, i) => ({ name, alias: `e2e-brand-${i}` })));
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

const LANGUAGES = {
  nb: {
    path: "/varemerker",
    languageId: "nb-NO",
    heading: "Varemerker",
    index: "Varemerker etter forbokstav",
    prefix: "",
    // After Z: Æ (with Ä), Ø (with Ö), Å; names without a letter last.
    tail: [
      ["Æ", ["Älvdal", "Ærfugl"]],
      ["Ø", ["Östmark", "Øyafjell"]],
      ["Å", ["Åsvik"]],
      ["0–9", ["3Peaks"]],
    ],
  },
  sv: {
    path: "/sv/varumarken",
    languageId: "sv-SE",
    heading: "Varumärken",
    index: "Varumärken efter begynnelsebokstav",
    prefix: "/sv",
    // After Z: Å, Ä (with Æ), Ö (with Ø); names without a letter last.
    tail: [
      ["Å", ["Åsvik"]],
      ["Ä", ["Älvdal", "Ærfugl"]],
      ["Ö", ["Östmark", "Øyafjell"]],
      ["0–9", ["3Peaks"]],
    ],
  },
} as const;

/** The page's groups: each section's heading and its brand links. */
async function groups(page: Page) {
  return page.locator("main section").evaluateAll((sections) =>
    sections.map((s) => ({
      letter: s.querySelector("h2")?.textContent ?? "",
      brands: [...s.querySelectorAll("ul a")].map((a) => ({
        name: a.textContent ?? "",
        href: a.getAttribute("href") ?? "",
      })),
    })),
  );
}

describe.each(["nb", "sv"] as const)("the brands page in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("lists every brand once, grouped by first letter in the language's alphabet, sorted by its collation", async () => {
    const { page } = session;
    const response = await open(page, l.path);
    expect(response.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(l.heading);

    const found = await groups(page);
    const all = await shop.db.db.select({ name: brands.name }).from(brands);
    expect(found.flatMap((g) => g.brands.map((b) => b.name)).sort()).toEqual(all.map((b) => b.name).sort());

    // The letters: A–Z in order, then the language's own letters, then 0–9.
    const letters = found.map((g) => g.letter);
    const latin = letters.filter((letter) => /^[A-Z]$/.test(letter));
    expect(latin).toEqual([...latin].sort());
    expect(letters.slice(0, latin.length)).toEqual(latin);
    expect(found.slice(latin.length).map((g) => [g.letter, g.brands.map((b) => b.name)])).toEqual(l.tail);

    // Within a letter: the language's collation; each name starts with its letter.
    const collator = new Intl.Collator(l.languageId, { numeric: true });
    const base = new Intl.Collator(l.languageId, { sensitivity: "base" });
    for (const group of found.slice(0, latin.length)) {
      const names = group.brands.map((b) => b.name);
      expect(names, group.letter).toEqual([...names].sort(collator.compare));
      for (const name of names) expect(base.compare(name.charAt(0), group.letter), name).toBe(0);
    }
    // Brand links lead to the brand's list in this language.
    const fjallgard = found.flatMap((g) => g.brands).find((b) => b.name === "Fjällgård");
    expect(fjallgard?.href).toBe(`${l.prefix}/b/fjallgard`);
  });

  it("has a letter index of in-page links, one per group, usable with the keyboard", async () => {
    const { page } = session;
    await open(page, l.path);
    const index = page.getByRole("navigation", { name: l.index });
    const links = index.getByRole("link");
    const found = await groups(page);
    expect(await links.allTextContents()).toEqual(found.map((g) => g.letter));

    // Every index link points at its group's heading.
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((a) => {
        const id = decodeURIComponent((a.getAttribute("href") ?? "").slice(1));
        return document.getElementById(id)?.textContent ?? null;
      }),
    );
    expect(targets).toEqual(found.map((g) => g.letter));

    // Keyboard: Enter on the index's last-but-one letter jumps there; the next Tab lands on that group's first brand.
    const [letter, names] = l.tail[1];
    const link = index.getByRole("link", { name: letter, exact: true });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(`#letter-${letter}`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(names[0]);
    expect(
      await page.getByRole("heading", { level: 2, name: letter, exact: true }).evaluate((h) => {
        const box = h.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      }),
    ).toBe(true);
  });

  it("is accessible: axe finds no serious or critical violation", async () => {
    const { page } = session;
    await open(page, l.path);
    expect(describeViolations(await axe(page))).toEqual([]);
  });
});
