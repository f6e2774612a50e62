import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "#app/lib/locale.ts";
import { axe, describeViolations, setupBrowser } from "#tests/support/browser.ts";
import {
  type At,
  type Catalog,
  get,
  heading,
  headLinks,
  inLang,
  LANGUAGE_ID,
  lang,
  loadCatalog,
  NOT_FOUND,
  OTHER,
  open,
  pathAndSearch,
  read,
  screenCase,
  screenIds,
} from "#tests/support/routes.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Every screen of the screen table in one language, in the shop's default mode (Norwegian at the root, Swedish
 * under /sv): its status, and for a page its lang, title, h1, one description, canonical, hreflang and axe.
 * `routes-screens-nb.test.ts` and `routes-screens-sv.test.ts` each run one language, side by side on CI;
 * `routes-default.test.ts` holds the default mode's other route rules.
 */
export function everyScreen(l: Lang) {
  const session = setupBrowser();
  let shop: Shop;
  let catalog: Catalog;
  beforeAll(async () => {
    // Enough products for the seed to make packages too.
    shop = await startShop({ SEED_PRODUCTS: "400" });
    catalog = await loadCatalog(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => new URL(path, shop.origin).href;

  describe(`every screen in ${l}`, () => {
    it.each(screenIds)(
      "%s answers its status; a 200 page has lang, title, h1, one description, canonical and hreflang, and no serious or critical axe violation",
      async (id) => {
        const screen = screenCase(id);
        const c = catalog[l];
        const at: At = (p) => inLang(l, p);
        const path = at(screen.path(l, c));
        const answer = await get(shop.origin, path);
        expect(answer.status, path).toBe(screen.status);
        if (screen.status === 301 || screen.status === 302) {
          expect(answer.location, path).toBe(screen.target?.(l, c, at));
          return;
        }

        const { page, errors } = session;
        if (screen.status === 404) errors.allow(/the server responded with a status of 404/);
        const response = await open(page, url(path));
        expect(response.status()).toBe(screen.status);
        expect(await lang(page)).toBe(l);
        expect((await page.title()).trim(), "title").not.toBe("");
        const h1 = await heading(page);
        expect(h1, "h1").not.toBe("");
        if (screen.status === 404) {
          expect(h1).toBe(NOT_FOUND[l]);
          expect(describeViolations(await axe(page)), path).toEqual([]);
          return;
        }

        const head = await headLinks(page);
        const descriptions = await page.locator('meta[name="description"]').count();
        expect(descriptions, "exactly one meta description").toBe(1);
        expect(head.canonical, "canonical").toBe(url(screen.target?.(l, c, at) ?? path));
        expect(Object.keys(head.alternates).sort()).toEqual(["nb-NO", "sv-SE"]);
        expect(head.alternates[LANGUAGE_ID[l]], "own hreflang = canonical").toBe(head.canonical);
        // The other language's alternate is this page in that language.
        const other = OTHER[l];
        const otherUrl = head.alternates[LANGUAGE_ID[other]] ?? "";
        const otherAnswer = await get(shop.origin, pathAndSearch(otherUrl));
        expect(otherAnswer.status, `hreflang ${LANGUAGE_ID[other]} ${otherUrl}`).toBe(200);
        expect(read(otherAnswer.html).lang).toBe(other);
        // The same page, once: axe on what the shopper sees.
        expect(describeViolations(await axe(page)), path).toEqual([]);
      },
    );
  });
}
