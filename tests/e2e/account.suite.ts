import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTranslator } from "#app/i18n/account.ts";
import { translator } from "#app/i18n/catalogs.ts";
import { SHOP_AS_TEXTS } from "#app/lib/shop-as.server.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Accounts in the browser (issue 12, the screens): the sign-in panel (`?action=login`, the header's account
 * button), register as a person and as an organisation, sign in with and without "remember me", the guard's
 * returnTo, settings with a bad personnummer, change password, reset through the e-mail in the outbox, delete the
 * account, two tabs following a sign-out and a sign-in, and a merchant's token sign-in (`?loginToken=`) with its
 * "shop as" notice — in Norwegian and Swedish, with JavaScript and without.
 */
const ADMIN_KEY = "e2e-admin-key-0123456789abcdef";
let shop: Shop;
beforeAll(async () => {
  // Many registrations and sign-ins from one address in a few seconds: the per-address budgets are raised.
  shop = await startShop({
    ADMIN_KEY,
    RATE_LIMITS:
      "register.ip=1000/3600,login.ip=1000/60,auth.challenge.ip=1000/60,reset.ip=1000/3600,reset.account=100/3600,login.account=100/60",
  });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const noScript = setupBrowser({ javaScriptEnabled: false });
const url = (path: string) => new URL(path, shop.origin).href;

/** Opens a page; one with JavaScript is waited for until it has hydrated. */
async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  if (page.context() !== noScript.context) await hydrated(page);
  return response;
}

/** Waits (polling) until the locator shows; asserts it does. */
async function shows(locator: Locator) {
  await expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
}
async function hasText(locator: Locator, text: string) {
  await expect
    .poll(
      () =>
        locator
          .first()
          .textContent({ timeout: 500 })
          .catch(() => null),
      { timeout: 15_000 },
    )
    .toBe(text);
}
async function hasCount(locator: Locator, count: number) {
  await expect.poll(() => locator.count(), { timeout: 15_000 }).toBe(count);
}
async function checked(locator: Locator) {
  await expect
    .poll(
      () =>
        locator
          .first()
          .isChecked({ timeout: 500 })
          .catch(() => null),
      { timeout: 15_000 },
    )
    .toBe(true);
}
async function hasValue(locator: Locator, value: string) {
  await expect
    .poll(
      () =>
        locator
          .first()
          .inputValue({ timeout: 500 })
          .catch(() => null),
      { timeout: 15_000 },
    )
    .toBe(value);
}

const LANGUAGES = {
  nb: {
    home: "/",
    account: "/account",
    settings: "/min-konto/innstillinger",
    orders: "/min-konto/bestillinger",
    balance: "/min-konto/saldo",
    company: "Fjellutstyr AS",
    organizationId: "923609016",
    personalId: "01010750160",
  },
  sv: {
    home: "/sv",
    account: "/sv/account",
    settings: "/sv/mina-sidor/installningar",
    orders: "/sv/mina-sidor/ordrar",
    balance: "/sv/mina-sidor/saldo",
    company: "Fjällutrustning AB",
    organizationId: "556036-0793",
    personalId: "19121212-1212",
  },
} as const;

let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}-${counter++}@example.com`;
const PASSWORD = "Fjelltur-2026!";

const panel = (page: Page) => page.locator("dialog[data-auth-panel]");
const field = (page: Page, label: string) => panel(page).getByLabel(label, { exact: true });

/** A cookie's remaining life in seconds (rounded), or null when the browser has no such cookie. */
async function cookieLife(context: BrowserContext, name: string): Promise<number | null> {
  const cookie = (await context.cookies(shop.origin)).find((c) => c.name === name);
  if (!cookie) return null;
  return Math.round(cookie.expires - Date.now() / 1000);
}

async function register(
  page: Page,
  lang: "nb" | "sv",
  opts: { email: string; organization?: boolean; remember?: boolean; newsletter?: boolean },
) {
  const t = accountTranslator(lang);
  const L = LANGUAGES[lang];
  await open(page, `${L.home}?action=register`);
  await expect.poll(() => panel(page).getAttribute("data-auth-panel")).toBe("register");
  await field(page, t("field.email")).fill(opts.email);
  await field(page, t("field.password")).fill(PASSWORD);
  await field(page, t("field.passwordRepeat")).fill(PASSWORD);
  if (opts.organization) {
    await panel(page).getByLabel(t("field.customerType.ORGANIZATION"), { exact: true }).check();
    await field(page, t("field.company")).fill(LANGUAGES[lang].company);
    await field(page, t("field.organizationId")).fill(LANGUAGES[lang].organizationId);
  }
  if (opts.newsletter) await panel(page).getByLabel(t("field.newsletter")).check();
  if (opts.remember === false) await panel(page).getByLabel(t("field.remember")).uncheck();
  await panel(page)
    .getByRole("button", { name: t("panel.register.submit") })
    .click();
}

async function signIn(page: Page, lang: "nb" | "sv", email: string, password: string, remember = true) {
  const t = accountTranslator(lang);
  await field(page, t("field.email")).fill(email);
  await field(page, t("field.password")).fill(password);
  if (!remember) await panel(page).getByLabel(t("field.remember")).uncheck();
  await panel(page)
    .getByRole("button", { name: t("panel.login.submit") })
    .click();
}

const signedInButton = (page: Page) => page.locator("header [data-sign-out]");
const signedOutButton = (page: Page) => page.locator('header a[href*="action=login"]');

/** The link in the newest password-reset e-mail to `email` in the shop's outbox (.eml files). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const files = await readdir(shop.outboxDir).catch(() => [] as string[]);
        for (const file of files.sort().reverse()) {
          const raw = await readFile(join(shop.outboxDir, file), "utf8");
          // Quoted-printable: soft line breaks and "=3D".
          const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          if (!text.includes(email)) continue;
          const match = /https?:\/\/[^\s"<>]*reset-password\?resetKey=[^\s"<>]+/.exec(text);
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!link) throw new Error("no reset link");
  return link;
}

/**
 * The suite for one language; `account-nb.test.ts` and `account-sv.test.ts` each run one, so the two languages run
 * side by side on CI (each file has its own shop and browser).
 */
export function accountSuite(lang: "nb" | "sv") {
  describe(`accounts in ${lang}`, () => {
    const t = accountTranslator(lang);
    const shell = translator(lang);
    const L = LANGUAGES[lang];

    it("registers a person with JavaScript: signed in with the 7-day cookies, then signs out from the header", async () => {
      const { page, context } = session;
      const email = newEmail(`person-${lang}`);
      await register(page, lang, { email, newsletter: true });
      await shows(signedInButton(page));
      await hasCount(panel(page), 0);
      expect(await cookieLife(context, "mili-user")).toBeGreaterThan(604_800 - 120);
      expect(await cookieLife(context, "mili-user")).toBeLessThanOrEqual(604_800);
      expect((await context.cookies(shop.origin)).find((c) => c.name === "mili-auth")?.httpOnly).toBe(true);
      await open(page, L.settings);
      await checked(page.getByLabel(t("field.newsletter")));
      await checked(page.getByLabel(t("field.customerType.PERSON"), { exact: true }));
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));
      await expect.poll(() => new URL(page.url()).pathname).toBe(L.home);
      expect(await cookieLife(context, "mili-auth")).toBeNull();
      expect(await cookieLife(context, "mili-user")).toBeNull();
    });

    it("registers an organisation without JavaScript: company and organisation number saved, then signs out", async () => {
      const { page, context } = noScript;
      const email = newEmail(`org-${lang}`);
      await register(page, lang, { email, organization: true });
      await shows(signedInButton(page));
      expect((await context.cookies(shop.origin)).find((c) => c.name === "mili-user-type")?.value).toBe(
        "ORGANIZATION",
      );
      await open(page, L.settings);
      await checked(page.getByLabel(t("field.customerType.ORGANIZATION"), { exact: true }));
      await hasValue(page.getByLabel(t("field.company"), { exact: true }), L.company);
      await hasValue(page.getByLabel(t("field.organizationId"), { exact: true }), L.organizationId);
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));
      expect(await cookieLife(context, "mili-auth")).toBeNull();
    });

    it("refuses a bad registration with the exact texts, with and without JavaScript", async () => {
      for (const { page } of [session, noScript]) {
        await open(page, `${L.home}?action=register`);
        await field(page, t("field.email")).fill("not-an-address");
        await field(page, t("field.password")).fill("kort");
        await panel(page).getByLabel(t("field.customerType.ORGANIZATION"), { exact: true }).check();
        await field(page, t("field.organizationId")).fill("123456789");
        await panel(page)
          .getByRole("button", { name: t("panel.register.submit") })
          .click();
        await hasText(panel(page).locator("[data-problem=email]"), t("api.account.email.invalid"));
        await hasText(
          panel(page).locator("[data-problem=password]"),
          t("api.account.password.tooShort", { min: 7 }),
        );
        await hasText(
          panel(page).locator("[data-problem=organizationId]"),
          t("api.account.organizationId.invalid"),
        );
        await hasText(panel(page).locator("[data-problem=company]"), t("api.account.field.required"));
        await hasText(panel(page).locator("[data-form-message=error]"), t("api.account.form.invalid"));
      }
      if (lang === "nb") {
        expect(t("api.account.email.invalid")).toBe("Du må oppgi en gyldig e-post");
        expect(t("api.account.password.tooShort", { min: 7 })).toBe("Passordet må bestå av minst 7 tegn");
      }
    });

    it("signs in with and without 'remember me' (cookies of 604800 s and 1800 s); a wrong password says so exactly", async () => {
      const { page, context } = session;
      const email = newEmail(`remember-${lang}`);
      await register(page, lang, { email });
      await shows(signedInButton(page));
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));

      session.errors.allow(/401/);
      await open(page, `${L.home}?action=login`);
      await signIn(page, lang, email, "Feil-passord-1");
      await hasText(panel(page).locator("[data-form-message=error]"), t("api.account.signIn.wrong"));

      await signIn(page, lang, email, PASSWORD, false);
      await shows(signedInButton(page));
      const short = await cookieLife(context, "mili-user");
      expect(short).toBeGreaterThan(1800 - 120);
      expect(short).toBeLessThanOrEqual(1800);
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));

      await open(page, `${L.home}?action=login`);
      await signIn(page, lang, email, PASSWORD, true);
      await shows(signedInButton(page));
      expect(await cookieLife(context, "mili-user")).toBeGreaterThan(604_800 - 120);

      // Without JavaScript too.
      const other = noScript;
      await open(other.page, `${L.home}?action=login`);
      await signIn(other.page, lang, email, PASSWORD, false);
      await shows(signedInButton(other.page));
      const life = await cookieLife(other.context, "mili-user");
      expect(life).toBeGreaterThan(1800 - 120);
      expect(life).toBeLessThanOrEqual(1800);
    });

    it("sends a signed-out shopper from an account page to the panel, and back there after signing in (returnTo)", async () => {
      const { page } = session;
      const email = newEmail(`guard-${lang}`);
      await register(page, lang, { email });
      await shows(signedInButton(page));
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));

      for (const { page: p } of [session, noScript]) {
        await open(p, `${L.orders}?x=1`);
        const landed = new URL(p.url());
        expect(landed.searchParams.get("action")).toBe("login");
        expect(landed.searchParams.get("returnTo")).toBe(`${L.orders}?x=1`);
        await signIn(p, lang, email, PASSWORD);
        await expect
          .poll(() => `${new URL(p.url()).pathname}${new URL(p.url()).search}`)
          .toBe(`${L.orders}?x=1`);
        await hasText(p.getByRole("heading", { level: 1 }), t("account.orders.heading"));
        await hasText(p.locator("[data-orders-empty]"), t("orders.empty"));
      }
    });

    it("never sends a shopper to another site after signing in", async () => {
      const { page } = noScript;
      const email = newEmail(`evil-${lang}`);
      await register(page, lang, { email });
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await open(page, `${L.home}?action=login&returnTo=${encodeURIComponent("//evil.example/steal")}`);
      await signIn(page, lang, email, PASSWORD);
      await shows(signedInButton(page));
      expect(new URL(page.url()).origin).toBe(shop.origin);
    });

    it("shows the exact error for a bad personnummer in the settings, and saves good ones", async () => {
      for (const s of [session, noScript]) {
        const { page } = s;
        await register(page, lang, { email: newEmail(`settings-${lang}`) });
        await shows(signedInButton(page));
        await open(page, L.settings);
        await page.locator("#profile-firstName").fill("Kari");
        await page.locator("#profile-personalId").fill("12345678901");
        await page.getByRole("button", { name: t("settings.save") }).click();
        await hasText(page.locator("[data-problem=personalId]"), t("api.account.personalId.invalid"));
        await hasText(
          page.locator("#profile-heading ~ div [data-form-message=error]").first(),
          t("api.account.form.invalid"),
        );
        await page.locator("#profile-personalId").fill("");
        await page.locator("#profile-city").fill("Bergen");
        await page.locator("#profile-careOf").fill("Ola Nordmann");
        await page.locator("#profile-phone").fill("+4799999999");
        await page.locator("#profile-personalId").fill(L.personalId);
        await page.getByRole("button", { name: t("settings.save") }).click();
        await hasText(page.locator("[data-form-message=ok]"), t("settings.saved"));
        await open(page, L.settings);
        await hasValue(page.locator("#profile-firstName"), "Kari");
        await hasValue(page.locator("#profile-city"), "Bergen");
        await hasValue(page.locator("#profile-careOf"), "Ola Nordmann");
        await expect.poll(() => page.locator("#profile-personalId").inputValue()).not.toBe("");
        // An emptied field is cleared, not kept.
        await page.locator("#profile-careOf").fill("");
        await page.locator("#profile-phone").fill("");
        await page.locator("#profile-personalId").fill("");
        await page.getByRole("button", { name: t("settings.save") }).click();
        await hasText(page.locator("[data-form-message=ok]"), t("settings.saved"));
        await open(page, L.settings);
        await hasValue(page.locator("#profile-careOf"), "");
        await hasValue(page.locator("#profile-phone"), "");
        await hasValue(page.locator("#profile-personalId"), "");
        await hasValue(page.locator("#profile-city"), "Bergen");
      }
      if (lang === "nb")
        expect(t("api.account.personalId.invalid")).toBe("Du må oppgi et gyldig personnummer");
    });

    it("changes the password; a wrong current password signs the shopper out", async () => {
      const { page } = session;
      session.errors.allow(/401/);
      const email = newEmail(`password-${lang}`);
      await register(page, lang, { email });
      await shows(signedInButton(page));
      await open(page, L.settings);
      const next = "Ny-fjelltur-2027!";
      await page.getByLabel(t("settings.password.current"), { exact: false }).fill(PASSWORD);
      await page.getByLabel(t("settings.password.new"), { exact: false }).fill(next);
      await page.locator("#password-newPasswordRepeat").fill(next);
      await page.getByRole("button", { name: t("settings.password.submit") }).click();
      await hasText(
        page.locator("#password-heading ~ [role=status] [data-form-message=ok]"),
        t("settings.password.done"),
      );
      await shows(signedInButton(page));

      await page.getByLabel(t("settings.password.current"), { exact: false }).fill("Helt-feil-passord");
      await page.getByLabel(t("settings.password.new"), { exact: false }).fill("Enda-et-passord-1");
      await page.locator("#password-newPasswordRepeat").fill("Enda-et-passord-1");
      await page.getByRole("button", { name: t("settings.password.submit") }).click();
      await shows(signedOutButton(page));
      await hasText(panel(page).locator("[data-form-message=error]"), t("api.account.signIn.wrong"));
      await signIn(page, lang, email, next);
      await shows(signedInButton(page));
    });

    it("resets a forgotten password through the link in the e-mail (the .eml in the outbox); the link works once", async () => {
      const { page } = session;
      session.errors.allow(/401/);
      const email = newEmail(`reset-${lang}`);
      await register(page, lang, { email });
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));

      await open(page, `${L.home}?action=forgot`);
      await field(page, t("field.email")).fill(email);
      await panel(page)
        .getByRole("button", { name: t("panel.forgot.submit") })
        .click();
      await hasText(panel(page).locator("[data-form-message=ok]"), t("panel.forgot.sent"));

      const link = new URL(await resetLinkFor(email));
      const resetPath = `${link.pathname}${link.search}`;
      await open(page, resetPath);
      const next = "Nytt-fjellpassord-9";
      await page.getByLabel(t("reset.newPassword"), { exact: true }).fill(next);
      await page.getByLabel(t("field.passwordRepeat"), { exact: true }).fill(next);
      await page.getByRole("button", { name: t("reset.submit") }).click();
      await hasText(page.locator("[data-form-message=ok]"), t("reset.done"));

      // Used: asks for a new link.
      await open(page, resetPath);
      await page.getByLabel(t("reset.newPassword"), { exact: true }).fill("Et-annet-passord-8");
      await page.getByLabel(t("field.passwordRepeat"), { exact: true }).fill("Et-annet-passord-8");
      await page.getByRole("button", { name: t("reset.submit") }).click();
      await hasText(page.locator("[data-form-message=error]"), t("api.account.reset.expired"));
      await shows(page.getByRole("link", { name: t("reset.requestNew") }));

      await open(page, `${L.home}?action=login`);
      await signIn(page, lang, email, next);
      await shows(signedInButton(page));
    });

    it("deletes the account in two steps; it signs out and the e-mail no longer signs in", async () => {
      for (const s of [session, noScript]) {
        const { page, context } = s;
        s.errors.allow(/401/);
        const email = newEmail(`delete-${lang}`);
        await register(page, lang, { email });
        await shows(signedInButton(page));
        await open(page, L.settings);
        await page.getByRole("button", { name: t("settings.delete.start") }).click();
        await shows(page.getByText(t("settings.delete.confirm")));
        await page.getByRole("button", { name: t("settings.delete.yes") }).click();
        await shows(signedOutButton(page));
        expect(await cookieLife(context, "mili-auth")).toBeNull();
        await open(page, `${L.home}?action=login`);
        await signIn(page, lang, email, PASSWORD);
        await hasText(panel(page).locator("[data-form-message=error]"), t("api.account.signIn.wrong"));
      }
    });

    it("a second tab follows a sign-out in the first", async () => {
      const { page, context } = session;
      await register(page, lang, { email: newEmail(`tabs-${lang}`) });
      await shows(signedInButton(page));
      const second = await context.newPage();
      await open(second, L.account);
      await shows(signedInButton(second));
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));
      await shows(signedOutButton(second));
      // The account page it was on is guarded: it now asks for a sign-in.
      await expect.poll(() => new URL(second.url()).searchParams.get("action")).toBe("login");
    });

    it("a second tab open signed out follows a sign-in in the first, without a reload", async () => {
      const { page, context } = session;
      const email = newEmail(`tabs-in-${lang}`);
      await register(page, lang, { email });
      await shows(signedInButton(page));
      await page.getByRole("button", { name: shell("nav.signOut") }).click();
      await shows(signedOutButton(page));
      const second = await context.newPage();
      await open(second, L.home);
      await shows(signedOutButton(second));
      let reloads = 0;
      second.on("framenavigated", (frame) => {
        if (frame === second.mainFrame()) reloads++;
      });
      await open(page, `${L.home}?action=login`);
      await signIn(page, lang, email, PASSWORD);
      await shows(signedInButton(page));
      await shows(signedInButton(second));
      expect(await signedOutButton(second).count()).toBe(0);
      expect(reloads).toBe(0);
    });

    it("a merchant's login token signs in as the customer once, with the 'shop as' notice on every page and its end", async () => {
      const owner = session.page;
      const email = newEmail(`shopas-${lang}`);
      await register(owner, lang, { email });
      await shows(signedInButton(owner));
      const issue = async () => {
        const { body } = await gql(
          shop.origin,
          {
            query: `mutation($email: String) { issueLoginToken(email: $email, issuedBy: "Kundeservice", path: "${L.home}") { url } }`,
            variables: { email },
          },
          { "x-admin-key": ADMIN_KEY },
        );
        expect(body.errors).toBeUndefined();
        const issued = new URL(body.data.issueLoginToken.url as string);
        return `${issued.pathname}${issued.search}`;
      };
      const notice = (page: Page) => page.locator("form", { hasText: SHOP_AS_TEXTS[lang].end }).first();
      const expected = SHOP_AS_TEXTS[lang].text.replace("{name}", email);
      for (const s of [noScript, session]) {
        const { page } = s;
        const link = await issue();
        await open(page, link);
        // Signed in, at the same URL without the token.
        expect(new URL(page.url()).searchParams.get("loginToken")).toBeNull();
        await shows(signedInButton(page));
        await hasText(notice(page).locator("[role=status]"), expected);
        // Every page: the account pages too (the guard lets the session through).
        await open(page, L.account);
        await hasText(notice(page).locator("[role=status]"), expected);
        // axe needs the page's JavaScript: checked in the session with it.
        if (s === session) expect(describeViolations(await axe(page)), "shop-as notice").toEqual([]);
        await notice(page).getByRole("button", { name: SHOP_AS_TEXTS[lang].end }).click();
        await shows(signedOutButton(page));
        expect(await notice(page).count()).toBe(0);
        // Used: refused with the page's message, and still signed out.
        await open(page, link);
        await hasText(page.locator("[data-login-token-refused]"), SHOP_AS_TEXTS[lang].refused);
        await shows(signedOutButton(page));
      }
      // Another tab of the browser follows the token sign-in (the tab channel), notice included.
      const second = await session.context.newPage();
      await open(second, L.home);
      await shows(signedOutButton(second));
      await open(session.page, await issue());
      await shows(signedInButton(session.page));
      await shows(signedInButton(second));
      await hasText(notice(second).locator("[role=status]"), expected);
    }, 120_000);

    // Split in two: eight pages with axe in one test outgrew a test's time on a busy two-core machine.
    it("is accessible: the panel's three forms and the reset page have no serious or critical axe violation", async () => {
      const { page } = session;
      for (const mode of ["login", "register", "forgot"]) {
        await open(page, `${L.home}?action=${mode}`);
        await shows(panel(page));
        expect(describeViolations(await axe(page)), mode).toEqual([]);
      }
      await open(page, "/account/reset-password?resetKey=unknown");
      expect(describeViolations(await axe(page)), "reset").toEqual([]);
    });

    it("is accessible: the account pages have no serious or critical axe violation", async () => {
      const { page } = session;
      await register(page, lang, { email: newEmail(`axe-${lang}`) });
      await shows(signedInButton(page));
      for (const path of [L.account, L.orders, L.settings, L.balance]) {
        await open(page, path);
        await shows(page.getByRole("heading", { level: 1 }));
        expect(describeViolations(await axe(page)), path).toEqual([]);
      }
    });
  });
}
