import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import { buildDocument, operation, variablesOf } from "#tests/compat/geins/build.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Review posting (issue 14, spec §5) with the Geins API's postProductReview: signed-in shoppers only, stars
 * required, every field filled, one review per customer and product, markup kept as text; the review waits for
 * the merchant's acceptance (admin operations behind ADMIN_KEY), then shows, and the product's rating follows.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
const ADMIN_KEY = "test-admin-key-0123456789abcdef";
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "20", ADMIN_KEY });
});
afterAll(async () => {
  await shop?.close();
});

const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };
const se = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };

/** Registers a shopper through the auth endpoint (as tests/integration/accounts-api.test.ts does): their token. */
async function register(username: string): Promise<string> {
  const post = async (body: unknown) => {
    const response = await fetch(`${shop.origin}/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const step1 = await post({ username });
  const step2 = (await (await fetch(`${shop.origin}/auth/sign/${step1.sign}`)).json()) as {
    signature: string;
  };
  const done = await post({
    username,
    signature: step2.signature,
    password: await passwordDigest("blåbærsyltetøy", PASSWORD_SALT_DEFAULT),
  });
  return done.token as string;
}

const POST = /* GraphQL */ `
  mutation Post($alias: String!, $rating: Int, $author: String!, $comment: String,
                $channelId: String, $languageId: String, $marketId: String) {
    postProductReview(alias: $alias, rating: $rating, author: $author, comment: $comment,
                      channelId: $channelId, languageId: $languageId, marketId: $marketId)
  }
`;

async function post(variables: Record<string, unknown>, token?: string, locale = no) {
  return gql(
    shop.origin,
    { query: POST, variables: { ...locale, ...variables } },
    token ? { authorization: `Bearer ${token}` } : {},
  );
}

async function admin(query: string, variables: Record<string, unknown> = {}, key: string | null = ADMIN_KEY) {
  return gql(shop.origin, { query, variables }, key ? { "x-admin-key": key } : {});
}

const PENDING = `{ pendingProductReviews(take: 100) { reviewId productId author comment rating languageId } }`;

type Pending = { reviewId: number; author: string; languageId: string };
/** The seed's reviews that wait for acceptance: the tests look at the ones they post. */
let seeded = new Set<number>();
async function newPending(): Promise<Pending[]> {
  const { body } = await admin(PENDING);
  expect(body.errors).toBeUndefined();
  return (body.data.pendingProductReviews as Pending[]).filter((p) => !seeded.has(p.reviewId));
}
const MODERATE = `mutation($id: Int!, $accept: Boolean!) { moderateProductReview(reviewId: $id, accept: $accept) }`;

async function product(alias: string) {
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        productId canonicalUrl rating { score voteCount } }
      reviews(alias: $alias, take: 50, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        count averageRating reviews { reviewId author comment rating } } }`,
    variables: { ...no, alias },
  });
  expect(body.errors).toBeUndefined();
  return body.data as {
    product: { productId: number; canonicalUrl: string; rating: { score: number; voteCount: number } | null };
    reviews: {
      count: number;
      averageRating: number | null;
      reviews: { reviewId: number; author: string; comment: string; rating: number }[];
    };
  };
}

let alias = "";
let aliasSe = "";
let token = "";
beforeAll(async () => {
  const first = async (locale: typeof no) => {
    const { body } = await gql(shop.origin, {
      query: `query($channelId: String, $languageId: String) { products(take: 1, filter: {sort: NONE}, channelId: $channelId, languageId: $languageId) { products { alias } } }`,
      variables: locale,
    });
    return body.data.products.products[0].alias as string;
  };
  alias = await first(no);
  aliasSe = await first(se);
  token = await register("kari.nordmann@example.no");
  const { body } = await admin(PENDING);
  seeded = new Set((body.data.pendingProductReviews as Pending[]).map((p) => p.reviewId));
});

describe("postProductReview", () => {
  it("needs a signed-in shopper: 'login needed' in the request's language", async () => {
    for (const [locale, text] of [
      [no, "Du må logge inn for å skrive en anmeldelse."],
      [se, "Du måste logga in för att skriva en recension."],
    ] as const) {
      const { status, body } = await post(
        { alias, rating: 5, author: "Kari", comment: "Fin" },
        undefined,
        locale,
      );
      expect(status).toBe(200);
      expect(body.data?.postProductReview ?? null).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: text, extensions: { code: "UNAUTHENTICATED" } });
    }
  });

  it("needs stars and every field filled, and says so in Norwegian and Swedish", async () => {
    for (const [locale, stars, required] of [
      [no, "Vennligst bruk stjerner for å rangere produktet", "Dette feltet er obligatorisk"],
      [se, "Vänligen använd stjärnor för att betygsätta produkten", "Detta fält är obligatoriskt"],
    ] as const) {
      for (const rating of [null, 0, 6]) {
        const { body } = await post({ alias, rating, author: "Kari", comment: "Fin" }, token, locale);
        expect(body.errors?.[0]).toMatchObject({
          message: stars,
          extensions: { code: "BAD_USER_INPUT", field: "rating" },
        });
      }
      for (const [field, variables] of [
        ["author", { author: "   ", comment: "Fin" }],
        ["comment", { author: "Kari", comment: "\n \t" }],
        ["comment", { author: "Kari" }],
      ] as const) {
        const { body } = await post({ alias, rating: 4, ...variables }, token, locale);
        expect(body.errors?.[0]).toMatchObject({
          message: required,
          extensions: { code: "BAD_USER_INPUT", field },
        });
      }
    }
    const long = await post({ alias, rating: 4, author: "Kari", comment: "x".repeat(2001) }, token);
    expect(long.body.errors?.[0]).toMatchObject({
      message: "Høyst 2000 tegn.",
      extensions: { field: "comment" },
    });
    const unknown = await post({ alias: "finnes-ikke", rating: 4, author: "Kari", comment: "Fin" }, token);
    expect(unknown.body.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const nul = await post(
      { alias: "a\u0000b", rating: 4, author: "Kari\u0000", comment: "Fin\u0000" },
      token,
    );
    // Characters nobody types are refused before anything runs (server/guard.ts), not a fault.
    expect(nul.body.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(await newPending()).toEqual([]);
  });

  it("waits for the merchant's acceptance, then shows with its markup as text, and the rating follows", async () => {
    const before = await product(alias);
    const comment = 'Varm og god. <script>alert("x")</script><b>fet</b>';
    const posted = await post({ alias, rating: 1, author: "Kari <i>N</i>", comment }, token);
    expect(posted.body).toEqual({ data: { postProductReview: true } });
    // Waiting: not shown, not counted.
    expect(await product(alias)).toEqual(before);
    // The merchant's list needs the admin key.
    for (const key of [null, "wrong-key-0123456789abcdef"]) {
      const refused = await admin(PENDING, {}, key);
      expect(refused.body.errors?.[0]).toMatchObject({
        message: "Dette krever butikkens administratornøkkel (X-Admin-Key).",
        extensions: { code: "FORBIDDEN" },
      });
      const moderate = await admin(MODERATE, { id: 1, accept: true }, key);
      expect(moderate.body.errors?.[0].extensions.code).toBe("FORBIDDEN");
    }
    const pending = await newPending();
    expect(pending).toEqual([
      {
        reviewId: expect.any(Number),
        productId: before.product.productId,
        author: "Kari <i>N</i>",
        comment,
        rating: 1,
        languageId: "nb-NO",
      },
    ]);
    const id = (pending[0] as Pending).reviewId;
    expect((await admin(MODERATE, { id, accept: true })).body).toEqual({
      data: { moderateProductReview: true },
    });
    expect(await newPending()).toEqual([]);
    const after = await product(alias);
    const votes = (before.product.rating?.voteCount ?? 0) + 1;
    expect(after.product.rating?.voteCount).toBe(votes);
    expect(after.reviews.count).toBe(votes);
    const sum = (before.product.rating?.score ?? 0) * (votes - 1) + 1;
    expect(after.product.rating?.score).toBeCloseTo(sum / votes, 2);
    expect(after.reviews.reviews[0]).toEqual({ reviewId: id, author: "Kari <i>N</i>", comment, rating: 1 });
    // On the product page the markup is text.
    const html = await (await fetch(`${shop.origin}${after.product.canonicalUrl}`)).text();
    expect(html).toContain("Kari &lt;i&gt;N&lt;/i&gt;");
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toContain("<b>fet</b>");
    // The page's JSON-LD and the list's VOTES sort read the same rating.
    expect(html).toContain(`"reviewCount":${votes}`);
    const { body: listed } = await gql(shop.origin, {
      query: `query($ids: [Int], $channelId: String, $languageId: String) { products(filter: {productIds: $ids, sort: VOTES}, channelId: $channelId, languageId: $languageId) { products { rating { voteCount } } } }`,
      variables: { ...no, ids: [before.product.productId] },
    });
    expect(listed.data.products.products[0].rating.voteCount).toBe(votes);
    // Rejected later: no longer shown or counted.
    await admin(MODERATE, { id, accept: false });
    expect(await product(alias)).toEqual(before);
    await admin(MODERATE, { id, accept: true });
    expect((await admin(MODERATE, { id: 99_999_999, accept: true })).body.errors?.[0].extensions.code).toBe(
      "NOT_FOUND",
    );
  });

  it("keeps one review per customer and product", async () => {
    const again = await post({ alias, rating: 5, author: "Kari", comment: "Bedre enn jeg trodde" }, token);
    expect(again.body.errors?.[0]).toMatchObject({
      message: "Du har allerede skrevet en anmeldelse av dette produktet.",
      extensions: { code: "BAD_USER_INPUT", reason: "ALREADY_REVIEWED" },
    });
    // Another shopper may.
    const other = await register("ola.nordmann@example.no");
    expect((await post({ alias, rating: 5, author: "Ola", comment: "Topp" }, other)).body).toEqual({
      data: { postProductReview: true },
    });
  });

  it("runs the Geins storefront's own document, signed in", async () => {
    const op = operation("ralph-ui/postProductReview");
    const example = op.examples[0];
    if (!example) throw new Error("no example");
    const variables = { ...variablesOf(example, {}), alias: aliasSe };
    const { body } = await gql(
      shop.origin,
      { operationName: op.name, query: buildDocument(op), variables },
      { authorization: `Bearer ${await register("compat@example.se")}` },
    );
    expect(body).toEqual({ data: { postProductReview: true } });
    const pending = await newPending();
    expect(pending.map((p) => [p.author, p.languageId])).toContainEqual(["Compat", "sv-SE"]);
  });
});
