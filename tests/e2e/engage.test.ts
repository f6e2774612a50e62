import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * What brings shoppers back, in the browser (issue 14): writing a review (refused signed out and without stars
 * with the specification's text, kept after the merchant's acceptance and then shown), "tell me when it is back"
 * for a sold-out size (a bad address refused; restocked by SQL, one e-mail), and the newsletter's double opt-in
 * (the footer's sign-up, the confirmation e-mail's link, unsubscribing) — in Norwegian and Swedish, with
 * JavaScript and without.
 */
const ADMIN_KEY = "test-admin-key-engage-0123456789";
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({
    SEED_PRODUCTS: "20",
    ADMIN_KEY,
    RATE_LIMITS: "register.ip=1000/3600,login.ip=1000/60,auth.challenge.ip=1000/60",
  });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const noScript = setupBrowser({ javaScriptEnabled: false });
const url = (path: string) => new URL(path, shop.origin).href;

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc checking queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  if (page.context() !== noScript.context) await hydrated(page);
}

async function shows(locator: Locator) {
  await expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
}

let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}-${counter++}@example.com`;

/** Registers a shopper through the storefront's form route (no JavaScript needed): the context is signed in. */
async function registerIn(context: BrowserContext, lang: "nb" | "sv", name: string) {
  const email = newEmail("review");
  const response = await context.request.post(url(lang === "sv" ? "/sv/api/auth" : "/api/auth"), {
    form: {
      intent: "register",
      email,
      password: "Fjelltur-2026!",
      passwordRepeat: "Fjelltur-2026!",
      customerType: "PERSON",
      firstName: name,
      lastName: "Testesen",
      remember: "on",
    },
    headers: { origin: shop.origin, "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const cookies = await context.cookies(shop.origin);
  expect(cookies.some((c) => c.name === "mili-auth")).toBe(true);
  return email;
}

/** A product with at least two SKUs that are not made to order: its page in each language and its SKUs. */
let product: { nb: string; sv: string; skus: { id: number; name: string }[] };
/** Another product, for the Swedish review (one review per customer and product; each test registers anew). */
beforeAll(async () => {
  const [row] = await rows(sql`
    select p.id from products p join skus s on s.product_id = p.id and s.active and s.static = 0
    where p.active and p.type = 'product' group by p.id having count(*) >= 2 order by p.id limit 1`);
  const skus = await rows(sql`select id, name from skus where product_id = ${row.id} and active order by id`);
  const paths: Record<string, string> = {};
  for (const [lang, languageId, channelId, marketId] of [
    ["nb", "nb-NO", "2|no", "no"],
    ["sv", "sv-SE", "1|se", "se"],
  ] as const) {
    const { body } = await gql(shop.origin, {
      query: `query($id: Int!, $languageId: String, $channelId: String, $marketId: String) {
        product(productId: $id, languageId: $languageId, channelId: $channelId, marketId: $marketId) { canonicalUrl } }`,
      variables: { id: Number(row.id), languageId, channelId, marketId },
    });
    expect(body.errors).toBeUndefined();
    paths[lang] = `${lang === "sv" ? "/sv" : ""}${body.data.product.canonicalUrl}`;
  }
  product = {
    nb: paths.nb as string,
    sv: paths.sv as string,
    skus: skus.map((s) => ({ id: Number(s.id), name: String(s.name) })),
  };
});

async function admin(query: string, variables: Record<string, unknown> = {}) {
  const { body } = await gql(shop.origin, { query, variables }, { "x-admin-key": ADMIN_KEY });
  expect(body.errors).toBeUndefined();
  return body.data;
}

const writeReview = (page: Page) => page.locator("#write-review");

describe("writing a review", () => {
  it("offers the sign-in panel to a shopper who is not signed in", async () => {
    const { page } = session;
    await open(page, product.nb);
    const link = writeReview(page).getByRole("link", { name: "Logg inn for å skrive en omtale" });
    await shows(link);
    const href = (await link.getAttribute("href")) ?? "";
    expect(new URL(href, shop.origin).searchParams.get("action")).toBe("login");
    expect(new URL(href, shop.origin).searchParams.get("returnTo")).toBe(product.nb);
  });

  it("refuses a review without stars with the specification's text, then keeps it; it shows once accepted", async () => {
    const { page, context } = session;
    await registerIn(context, "nb", "Kari");
    await open(page, product.nb);
    const form = writeReview(page);
    await form.getByLabel("Navn som vises").fill("Kari T.");
    await form.getByLabel("Omtale", { exact: true }).fill("Varm og god <b>jakke</b>.");
    await form.getByRole("button", { name: "Send omtale" }).click();
    await shows(form.getByText("Vennligst bruk stjerner for å rangere produktet").first());
    // The first field with a problem has the focus, and the problem is announced.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe("rating");
    expect(describeViolations(await axe(page))).toEqual([]);

    await form.getByRole("radio", { name: "4 av 5 stjerner" }).check();
    await form.getByRole("button", { name: "Send omtale" }).click();
    await shows(form.getByRole("status").filter({ hasText: "Takk for omtalen!" }));

    const { pendingProductReviews } = await admin(
      "{ pendingProductReviews(take: 100) { reviewId comment author rating } }",
    );
    const mine = (pendingProductReviews as { reviewId: number; comment: string; rating: number }[]).find(
      (r) => r.comment === "Varm og god <b>jakke</b>.",
    );
    expect(mine?.rating).toBe(4);
    await admin("mutation($id: Int!) { moderateProductReview(reviewId: $id, accept: true) }", {
      id: mine?.reviewId,
    });
    await open(page, product.nb);
    // Markup stays text.
    await shows(page.locator("#reviews ~ ol li", { hasText: "Varm og god <b>jakke</b>." }));
    expect(await page.locator("#reviews ~ ol b").count()).toBe(0);
  });

  it("works without JavaScript in Swedish: each empty field is named, a second review is refused", async () => {
    const { page, context } = noScript;
    await registerIn(context, "sv", "Sven");
    await open(page, product.sv);
    const form = writeReview(page);
    await form.getByRole("button", { name: "Skicka recension" }).click();
    await page.waitForLoadState("load");
    await shows(form.getByText("Vänligen använd stjärnor för att betygsätta produkten").first());
    expect(await form.getByText("Detta fält är obligatoriskt").count()).toBeGreaterThanOrEqual(2);

    await form.getByRole("radio", { name: "5 av 5 stjärnor" }).check();
    await form.getByLabel("Namn som visas").fill("Sven");
    await form.getByLabel("Recension", { exact: true }).fill("Passar perfekt.");
    await form.getByRole("button", { name: "Skicka recension" }).click();
    await page.waitForLoadState("load");
    await shows(form.getByText("Tack för recensionen!"));

    await open(page, product.sv);
    await form.getByRole("radio", { name: "3 av 5 stjärnor" }).check();
    await form.getByLabel("Namn som visas").fill("Sven");
    await form.getByLabel("Recension", { exact: true }).fill("En gång till.");
    await form.getByRole("button", { name: "Skicka recension" }).click();
    await page.waitForLoadState("load");
    await shows(form.getByText("Du har redan skrivit en recension av den här produkten."));
  });
});

describe("asking a question", () => {
  it("names an empty question, keeps a filled one, and shows it with the merchant's answer", async () => {
    const { page, context } = session;
    await open(page, product.nb);
    await shows(
      page.locator("#ask-question").getByRole("link", { name: "Logg inn for å stille et spørsmål" }),
    );
    await registerIn(context, "nb", "Ola");
    await open(page, product.nb);
    const form = page.locator("#ask-question");
    await form.getByLabel("Navn som vises").fill("Ola");
    await form.getByRole("button", { name: "Send spørsmålet" }).click();
    await shows(form.getByText("Dette feltet er obligatorisk"));
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.name))
      .toBe("question");
    await form.getByLabel("Spørsmål", { exact: true }).fill("Passer den til smale føtter?");
    await form.getByRole("button", { name: "Send spørsmålet" }).click();
    await shows(form.getByRole("status").filter({ hasText: "Takk for spørsmålet!" }));

    const { pendingProductQuestions } = await admin(
      "{ pendingProductQuestions(take: 100) { questionId question } }",
    );
    const mine = (pendingProductQuestions as { questionId: number; question: string }[]).find(
      (q) => q.question === "Passer den til smale føtter?",
    );
    await admin(
      'mutation($id: Int!) { answerProductQuestion(questionId: $id, answer: "Ja, den er smal i lesten.") }',
      {
        id: mine?.questionId,
      },
    );
    await open(page, product.nb);
    await shows(page.locator("#questions ~ dl", { hasText: "Ja, den er smal i lesten." }));
  });
});

/** The e-mails written so far to `to` (quoted-printable decoded). */
function mailsTo(to: string): string[] {
  if (!existsSync(shop.outboxDir)) return [];
  return readdirSync(shop.outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(shop.outboxDir, f), "utf8"))
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "m").test(raw));
}

describe("tell me when it is back", () => {
  it("asks for a sold-out size: a bad address is refused, restocked by SQL one e-mail comes", async () => {
    const sku = product.skus[0];
    if (!sku) throw new Error("no SKU");
    await shop.db.db.execute(
      sql`update skus set in_stock = 0, oversellable = 0, static = 0 where id = ${sku.id}`,
    );
    const { page } = session;
    await open(page, `${product.nb}?fresh=1`);
    const box = page.locator("#back-in-stock");
    await shows(box.getByRole("heading", { name: "Varsle meg når varen er tilbake" }));
    await box.getByLabel("E-post").fill("ikke-en-adresse");
    await box.getByRole("button", { name: "Varsle meg" }).click();
    await shows(box.getByText("Du må oppgi en gyldig e-post"));
    expect(describeViolations(await axe(page))).toEqual([]);

    const email = newEmail("tilbake");
    if ((await box.locator("select").count()) > 0) await box.locator("select").selectOption(String(sku.id));
    await box.getByLabel("E-post").fill(email);
    await box.getByRole("button", { name: "Varsle meg" }).click();
    await shows(box.getByRole("status").filter({ hasText: "Vi sender deg en e-post" }));

    await shop.db.db.execute(sql`update skus set in_stock = 7 where id = ${sku.id}`);
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
    // Once: more stock changes send nothing more.
    await shop.db.db.execute(sql`update skus set in_stock = 9 where id = ${sku.id}`);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("works without JavaScript in Swedish", async () => {
    const sku = product.skus[1];
    if (!sku) throw new Error("no second SKU");
    await shop.db.db.execute(
      sql`update skus set in_stock = 0, oversellable = 0, static = 0 where id = ${sku.id}`,
    );
    const { page } = noScript;
    await open(page, `${product.sv}?fresh=2`);
    const box = page.locator("#back-in-stock");
    await shows(box.getByRole("heading", { name: "Meddela mig när varan är tillbaka" }));
    if ((await box.locator("select").count()) > 0) await box.locator("select").selectOption(String(sku.id));
    await box.getByLabel("E-post").fill(newEmail("tillbaka"));
    await box.getByRole("button", { name: "Meddela mig" }).click();
    await page.waitForLoadState("load");
    await shows(box.getByText("Tack! Vi mejlar dig när varan finns i lager igen."));
    const stored = await rows(sql`select count(*)::int as n from stock_monitors where sku_id = ${sku.id}`);
    expect(Number(stored[0].n)).toBe(1);
  });
});

/** The newest newsletter confirmation e-mail to `to`: its confirm and unsubscribe links. */
async function newsletterLinks(to: string) {
  let mail = "";
  await expect
    .poll(
      () => {
        mail =
          mailsTo(to)
            .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
            .find((text) => text.includes("/newsletter/confirm?")) ?? "";
        return mail !== "";
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const link = (purpose: string) => {
    const found = new RegExp(
      `https?://[^\\s"<>]*/newsletter/${purpose}\\?id=\\d+&(?:amp;)?token=[\\w-]+`,
    ).exec(mail);
    if (!found) throw new Error(`no ${purpose} link`);
    const target = new URL(found[0].replace("&amp;", "&"));
    return `${target.pathname}${target.search}`;
  };
  return { confirm: link("confirm"), unsubscribe: link("unsubscribe") };
}

describe("the newsletter's double opt-in", () => {
  it("signs up in the footer, confirms from the e-mail's link with a press of the button", async () => {
    const { page } = session;
    const email = newEmail("nyhetsbrev");
    await open(page, "/");
    const footer = page.locator("#newsletter");
    await footer.getByLabel("E-postadresse").fill(email);
    await footer.getByRole("button", { name: "Meld meg på" }).click();
    await shows(page.getByText("Takk! Bekreft påmeldingen med lenken vi har sendt deg på e-post."));
    const { confirm } = await newsletterLinks(email);
    await open(page, confirm);
    // Opening the link confirms nothing: a mail scanner following links signs no one up.
    const [before] = await rows(
      sql`select confirmed_at from newsletter_subscriptions where email = ${email}`,
    );
    expect(before.confirmed_at).toBeNull();
    await shows(page.getByRole("heading", { name: "Bekreft påmeldingen til nyhetsbrevet" }));
    expect(describeViolations(await axe(page))).toEqual([]);
    await page.getByRole("button", { name: "Bekreft påmeldingen" }).click();
    await shows(page.getByRole("status").filter({ hasText: "Påmeldingen er bekreftet" }));
    const [after] = await rows(sql`select confirmed_at from newsletter_subscriptions where email = ${email}`);
    expect(after.confirmed_at).not.toBeNull();
  });

  it("unsubscribes from the e-mail's link without JavaScript in Swedish; a forged link is refused", async () => {
    const email = newEmail("nyhetsbrev-sv");
    const { body } = await gql(shop.origin, {
      query: `mutation($email: String!) { subscribeToNewsletter(email: $email, channelId: "1|se", languageId: "sv-SE", marketId: "se") }`,
      variables: { email },
    });
    expect(body.errors).toBeUndefined();
    const { unsubscribe } = await newsletterLinks(email);
    expect(unsubscribe.startsWith("/sv/newsletter/unsubscribe?")).toBe(true);
    const { page } = noScript;
    await open(page, unsubscribe.replace(/token=[\w-]+/, "token=forged"));
    await page.getByRole("button", { name: "Avsluta prenumerationen" }).click();
    await page.waitForLoadState("load");
    await shows(page.getByRole("alert").filter({ hasText: "Länken fungerar inte längre." }));

    await open(page, unsubscribe);
    await page.getByRole("button", { name: "Avsluta prenumerationen" }).click();
    await page.waitForLoadState("load");
    await shows(page.getByText("Du har avslutat nyhetsbrevet och får inga fler utskick från oss."));
    const [row] = await rows(
      sql`select unsubscribed_at from newsletter_subscriptions where email = ${email}`,
    );
    expect(row.unsubscribed_at).not.toBeNull();
  });
});

describe("offline", () => {
  it("shows the offline page in the page's language when a page cannot be opened, and tries again", async () => {
    const { page, context, errors } = session;
    // Requests the offline browser cannot make (the page's own, before it is replaced) are expected.
    errors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/);
    await open(page, "/");
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("mili-offline-v1")).keys()).length), {
        timeout: 15_000,
      })
      .toBe(2);
    await context.setOffline(true);
    await page.goto(url(product.nb)).catch(() => {});
    await shows(page.getByRole("heading", { level: 1, name: "Du er frakoblet" }));
    expect(await page.locator("html").getAttribute("lang")).toBe("nb");
    expect(describeViolations(await axe(page))).toEqual([]);
    await page.goto(url(product.sv)).catch(() => {});
    await shows(page.getByRole("heading", { level: 1, name: "Du är offline" }));
    expect(await page.locator("html").getAttribute("lang")).toBe("sv");
    // Back online, "Försök igen" opens the page that was asked for.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Försök igen" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe(product.sv);
    await expect.poll(() => page.locator("h1").first().textContent()).not.toBe("Du är offline");
  });
});
