import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The consent banner (issue 14, docs/decisions/0041) in the browser with the network watched: before a choice
 * nothing is asked of a third party; "Godta alle" loads the tag manager and the review service (locale `no` on
 * the Norwegian channel, `se` on the Swedish); "Bare nødvendige" loads neither; a choice is remembered and can be
 * changed from the footer; the banner is keyboard-usable, axe-clean and works without JavaScript. The third
 * party is a server on another port: another origin, as a tag manager's would be.
 */
let shop: Shop;
let third: { origin: string; close: () => Promise<void> };
beforeAll(async () => {
  const app = new Hono();
  app.get("/gtm.js", (c) =>
    c.body("window.__tagManager = true;", 200, { "content-type": "text/javascript" }),
  );
  app.get("/reviews.js", (c) =>
    c.body("window.__reviews = true;", 200, { "content-type": "text/javascript" }),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((r) => server.once("listening", () => r()));
  third = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
  shop = await startShop({
    SEED_PRODUCTS: "20",
    TAG_MANAGER_URL: `${third.origin}/gtm.js?id=GTM-TEST`,
    REVIEW_SERVICE_URL: `${third.origin}/reviews.js`,
    REVIEW_SERVICE_KEY: "review-key",
  });
});
afterAll(async () => {
  await shop?.close();
  await third?.close();
});

const session = setupBrowser();
const noScript = setupBrowser({ javaScriptEnabled: false });
const url = (path: string) => new URL(path, shop.origin).href;

/** Every request the page sends to the third party, from now on. */
function watchThirdParty(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(third.origin)) seen.push(request.url().slice(third.origin.length));
  });
  return seen;
}

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await hydrated(page);
}

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "mili-consent")?.value;
}

describe("the consent banner", () => {
  it("asks first and loads nothing from a third party; 'Godta alle' by keyboard loads both, in locale no", async () => {
    const { page } = session;
    const requests = watchThirdParty(page);
    await open(page, "/");
    const banner = page.getByRole("region", { name: "Vi bruker informasjonskapsler" });
    expect(await banner.isVisible()).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);
    // A second page, from the page cache this time: still nothing before a choice.
    await open(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => "__tagManager" in window || "__reviews" in window)).toBe(false);

    await page.getByRole("button", { name: "Godta alle" }).focus();
    // The page is at / already: waiting for the URL would not wait for the post's reload; the next load does.
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    expect(page.url()).toBe(url("/"));
    await hydrated(page);
    await expect
      .poll(() => page.evaluate(() => "__tagManager" in window && "__reviews" in window))
      .toBe(true);
    expect(requests).toEqual(["/gtm.js?id=GTM-TEST", "/reviews.js?key=review-key&locale=no"]);
    expect(await consentCookie(page)).toBe("s1m1");
    expect(await banner.isVisible()).toBe(false);
    const cookie = (await page.context().cookies()).find((c) => c.name === "mili-consent");
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
  });

  it("is changed from the footer: 'Bare nødvendige' stops both on the next page", async () => {
    const { page } = session;
    await page.context().addCookies([{ name: "mili-consent", value: "s1m1", url: shop.origin }]);
    await open(page, "/");
    const banner = page.getByRole("region", { name: "Vi bruker informasjonskapsler" });
    expect(await banner.isVisible()).toBe(false);
    await page.getByRole("link", { name: "Informasjonskapsler" }).click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Statistikk" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Markedsføring" }).isChecked()).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);

    const requests = watchThirdParty(page);
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Bare nødvendige" }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    expect(await consentCookie(page)).toBe("s0m0");
    expect(await banner.isVisible()).toBe(false);
  });

  it("in Swedish: marketing alone loads only the review service, in locale se", async () => {
    const { page } = session;
    const requests = watchThirdParty(page);
    await open(page, "/sv");
    const banner = page.getByRole("region", { name: "Vi använder kakor" });
    expect(await banner.isVisible()).toBe(true);
    await page.getByRole("checkbox", { name: "Marknadsföring" }).check();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Spara valen" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/sv");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => "__reviews" in window)).toBe(true);
    expect(requests).toEqual(["/reviews.js?key=review-key&locale=se"]);
    expect(await consentCookie(page)).toBe("s0m1");
    expect(await page.getByRole("link", { name: "Kakor" }).isVisible()).toBe(true);
  });

  it("works without JavaScript: the choice is posted and remembered", async () => {
    const { page } = noScript;
    const response = await page.goto(url("/sv"), { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Endast nödvändiga" }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe("/sv");
    expect(await consentCookie(page)).toBe("s0m0");
  });

  it("refuses a choice the banner does not offer, in the form's language, and sets nothing", async () => {
    const answer = await fetch(url("/consent"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
      body: "choice=everything&lang=sv&returnTo=/sv",
      redirect: "manual",
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe("Vi förstod inte ditt val. Välj en av knapparna i rutan om kakor.");
    expect(answer.headers.get("set-cookie")).toBeNull();
    const offSite = await fetch(url("/consent"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
      body: "choice=all&lang=nb&returnTo=//evil.example/x",
      redirect: "manual",
    });
    expect(offSite.status).toBe(303);
    expect(offSite.headers.get("location")).toBe("/");
    const crossSite = await fetch(url("/consent"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "choice=all&lang=nb",
      redirect: "manual",
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });
});
