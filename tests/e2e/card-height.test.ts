import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * A product card below the fold is skipped by the browser until it comes near the viewport (content-visibility:
 * auto, decision 0075) and reserves a height meanwhile: the card's width (its square image) plus its text block,
 * added up from what the card holds (decision 0091, app/app.css). A jump far down a list then renders the rows around
 * the new place at the height they reserved, and nothing the shopper looks at moves.
 */
let shop: Shop;
let listPath = "";
const session = setupBrowser();

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "200" });
  // The Norwegian category with the most products: its first page fills the grid (20 cards).
  const locale = { channelId: "2|no", languageId: "nb-NO" };
  const tree = await gql(shop.origin, {
    query:
      "query($channelId: String, $languageId: String) { categories(parentCategoryId: 0, channelId: $channelId, languageId: $languageId) { alias canonicalUrl children { alias canonicalUrl } } }",
    variables: locale,
  });
  type Node = { alias: string; canonicalUrl: string; children: Node[] };
  const all = (tree.body.data.categories as Node[]).flatMap((c) => [c, ...(c.children ?? [])]);
  let most = 0;
  for (const category of all) {
    const answer = await gql(shop.origin, {
      query:
        "query($alias: String, $channelId: String, $languageId: String) { products(categoryAlias: $alias, take: 1, channelId: $channelId, languageId: $languageId) { count } }",
      variables: { ...locale, alias: category.alias },
    });
    const count = answer.body.data.products.count as number;
    if (count > most) {
      most = count;
      listPath = category.canonicalUrl;
    }
  }
  if (most < 20) throw new Error(`no category with 20 products (at most ${most})`);
});
afterAll(async () => {
  await shop?.close();
});

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 600 });
  const response = await page.goto(new URL(path, shop.origin).href, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await hydrated(page);
}

interface Skipped {
  name: string;
  /** Its height while skipped, and rendered. */
  reserved: number;
  real: number;
  /** Whether each part that may wrap took the lines the reservation assumed: name, price, prior lowest price, button. */
  asAssumed: { name: boolean; price: boolean; lowest: boolean; button: boolean };
}

/**
 * The reserved height of every card that the browser skips (its contents are not rendered: the card's link fails
 * checkVisibility with contentVisibilityAuto), then the real height of the same cards once rendered, each card
 * measured on its own (align-self: start, not stretched to its row). With it, for each part whose lines depend on
 * its words (decision 0091), whether it took the height the reservation assumed (app/app.css --mili-card-*), and
 * the number of lines each card's name takes on the whole page.
 */
function measure(page: Page): Promise<{ skipped: Skipped[]; lines: number[]; assumedLines: number[] }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const cards = [...document.querySelectorAll<HTMLElement>("ul > li.mili-later-card")];
    const own = document.createElement("style");
    own.textContent = ".mili-later-card { align-self: start !important; }";
    document.head.append(own);
    await frame();
    const skipped = cards.filter(
      (card) =>
        !(card.querySelector(":scope > a") as HTMLElement).checkVisibility({ contentVisibilityAuto: true }),
    );
    const reserved = skipped.map((card) => card.getBoundingClientRect().height);
    // A custom property's computed value is its text ("2rem", "calc(2rem + 2px)"): a probe's height resolves it.
    const probe = document.createElement("div");
    document.body.append(probe);
    const assumed = (card: HTMLElement, property: string) => {
      probe.style.height = getComputedStyle(card).getPropertyValue(property);
      return probe.getBoundingClientRect().height;
    };
    const rendered = document.createElement("style");
    rendered.textContent = ".mili-later-card { content-visibility: visible !important; }";
    document.head.append(rendered);
    await frame();
    await frame();
    const height = (card: HTMLElement, selector: string) =>
      card.querySelector(selector)?.getBoundingClientRect().height ?? 0;
    const nameOf = (card: HTMLElement) => card.querySelector(":scope > a > span.font-medium") as HTMLElement;
    const lines = (card: HTMLElement) =>
      Math.round(
        nameOf(card).getBoundingClientRect().height /
          Number.parseFloat(getComputedStyle(nameOf(card)).lineHeight),
      );
    const near = (a: number, b: number) => Math.abs(a - b) < 1;
    const result = {
      skipped: skipped.map((card, i) => {
        const reduced = card.querySelector(":scope > [data-lowest-price]") !== null;
        const add = card.querySelector("[data-card-add]") !== null;
        const choose = card.querySelector(":scope > a ~ a") !== null;
        return {
          name: nameOf(card).textContent ?? "",
          reserved: reserved[i] as number,
          real: card.getBoundingClientRect().height,
          asAssumed: {
            name: lines(card) === Number(getComputedStyle(card).getPropertyValue("--mili-card-lines")),
            price:
              !reduced || near(height(card, ":scope > p.mt-2"), 24 + assumed(card, "--mili-card-price-wrap")),
            lowest:
              !reduced ||
              near(height(card, ":scope > [data-lowest-price]"), assumed(card, "--mili-card-lowest")),
            button:
              (!add || near(height(card, "[data-card-add]"), assumed(card, "--mili-card-add"))) &&
              (!choose || near(height(card, ":scope > a ~ a"), assumed(card, "--mili-card-choose"))),
          },
        };
      }),
      lines: cards.map(lines),
      assumedLines: cards.map((card) => Number(getComputedStyle(card).getPropertyValue("--mili-card-lines"))),
    };
    own.remove();
    rendered.remove();
    probe.remove();
    return result;
  });
}

function mostCommon(values: number[]): number[] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const top = Math.max(...counts.values());
  return [...counts].filter(([, n]) => n === top).map(([v]) => v);
}

describe("a skipped product card reserves its real height", () => {
  const pages = [
    { name: "a Norwegian list page", path: () => listPath, widths: [320, 412, 640, 768, 1024, 1280] },
    { name: "the Swedish home page", path: () => "/sv/", widths: [412, 1024, 1280] },
  ];
  for (const p of pages) {
    for (const width of p.widths) {
      it(`on ${p.name} at ${width} px: within 4 px of the real height, its name's lines the most common count`, async () => {
        const { page } = session;
        await open(page, p.path(), width);
        const { skipped, lines, assumedLines } = await measure(page);
        expect(skipped.length, "cards skipped below the fold").toBeGreaterThanOrEqual(4);
        // The name's lines the reservation assumes: one count for the page's width, its most common one.
        const assumed = new Set(assumedLines);
        expect(assumed.size).toBe(1);
        expect(mostCommon(lines)).toContain([...assumed][0]);
        // A card whose words took the lines assumed reserved its real height: its width (the image), its kind
        // (brand, reduction, rating, stock hint, button: read from its markup) and its parts' lines add up. A
        // longer or shorter name than most, or a price that wraps where most do not, is off by those lines.
        const alike = skipped.filter((c) => Object.values(c.asAssumed).every(Boolean));
        expect(alike.length, "skipped cards whose words took the lines assumed").toBeGreaterThan(0);
        for (const card of alike) {
          expect(
            Math.abs(card.reserved - card.real),
            `${card.name}: ${card.reserved} px reserved, ${card.real} px real`,
          ).toBeLessThanOrEqual(4);
        }
      });
    }
  }
});

describe("a jump far down a list", () => {
  // The card jumped to: on a phone the fifth from the end (two rows of skipped cards above the centre), on a
  // laptop the second from the end (the list's last row; the page ends below it).
  for (const { width, fromEnd } of [
    { width: 412, fromEnd: 5 },
    { width: 1280, fromEnd: 2 },
  ]) {
    it(`at ${width} px: what is at the viewport's centre does not move once the rows around it render`, async () => {
      const { page } = session;
      await open(page, listPath, width);
      const moved = await page.evaluate(async (fromEnd) => {
        const frame = () => new Promise((done) => requestAnimationFrame(done));
        const cards = [...document.querySelectorAll<HTMLElement>("[data-list-grid] > ul > li")];
        const target = cards[cards.length - fromEnd] as HTMLElement;
        const skipped = !(target.querySelector(":scope > a") as HTMLElement).checkVisibility({
          contentVisibilityAuto: true,
        });
        // As "back" restores a scroll position, or an anchor is followed: straight to a place far down.
        const box = target.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + box.top + box.height / 2 - window.innerHeight / 2);
        await frame();
        const centre = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2) as Element;
        const first = centre.getBoundingClientRect().top;
        for (let i = 0; i < 10; i++) await frame();
        return { skipped, at: centre.tagName, moved: centre.getBoundingClientRect().top - first };
      }, fromEnd);
      expect(moved.skipped, "the target card was skipped before the jump").toBe(true);
      expect(
        Math.abs(moved.moved),
        `the ${moved.at} at the centre moved ${moved.moved} px`,
      ).toBeLessThanOrEqual(4);
    });
  }
});
