import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/yoga.ts";
import { createGraphqlClient, GraphqlClientError } from "#app/lib/graphql/client.ts";
import { ProductListQuery } from "#app/lib/graphql/list-operations.ts";
import { ChannelQuery } from "#app/lib/graphql/operations.ts";
import { openDatabase } from "#db/client.ts";
import { createReferenceCache } from "#services/reference.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const CHANNEL = /* GraphQL */ `
  query Channel($channelId: String, $marketId: String, $languageId: String) {
    channel(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      channelId
      defaultMarketId
      markets {
        id
        alias
        defaultLanguageId
        virtual
        onlyDisplayInCheckout
        groupKey
        allowedLanguages { id name code }
        country { name code }
        currency { name code symbol }
      }
    }
  }
`;

describe("channel", () => {
  it("answers both channels with every Market field", async () => {
    const se = await gql(shop.origin, {
      query: CHANNEL,
      variables: { channelId: "1|se", languageId: "sv-SE" },
    });
    expect(se.status).toBe(200);
    expect(se.body.errors).toBeUndefined();
    expect(se.body.data.channel.channelId).toBe("1|se");
    expect(se.body.data.channel.defaultMarketId).toBe("se");
    const markets = se.body.data.channel.markets;
    const sweden = markets.find((m: { alias: string }) => m.alias === "se");
    expect(sweden).toEqual({
      id: "1|se",
      alias: "se",
      defaultLanguageId: "sv-SE",
      virtual: false,
      onlyDisplayInCheckout: false,
      groupKey: "scandinavia",
      allowedLanguages: [{ id: "sv-SE", name: "Svenska", code: "sv" }],
      country: { name: "Sverige", code: "SE" },
      currency: { name: "Svensk krona", code: "SEK", symbol: "kr" },
    });
    const groups = new Set(markets.map((m: { groupKey: string }) => m.groupKey));
    expect(groups).toEqual(new Set(["scandinavia", "europe"]));
    expect(markets.some((m: { virtual: boolean }) => m.virtual)).toBe(true);
    expect(markets.some((m: { onlyDisplayInCheckout: boolean }) => m.onlyDisplayInCheckout)).toBe(true);

    const no = await gql(shop.origin, {
      query: CHANNEL,
      variables: { channelId: "2|no", languageId: "nb-NO" },
    });
    expect(no.body.data.channel.defaultMarketId).toBe("no");
    const germany = no.body.data.channel.markets.find((m: { alias: string }) => m.alias === "de");
    expect(germany.country).toEqual({ name: "Tyskland", code: "DE" });
    expect(germany.currency.code).toBe("EUR");
    expect(germany.groupKey).toBe("europe");
  });

  it("falls back to the default channel, market and language for unknown values", async () => {
    const r = await gql(shop.origin, {
      query: CHANNEL,
      variables: { channelId: "9|xx", marketId: "zz", languageId: "xx-XX" },
    });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.channel.channelId).toBe("2|no");
  });

  it("lists all channels", async () => {
    const r = await gql(shop.origin, { query: "{ channels { channelId defaultMarketId } }" });
    expect(r.body.data.channels).toEqual(
      expect.arrayContaining([
        { channelId: "1|se", defaultMarketId: "se" },
        { channelId: "2|no", defaultMarketId: "no" },
      ]),
    );
  });
});

describe("transport rules", () => {
  it("refuses a missing or wrong X-ApiKey with 401 and executes nothing", async () => {
    for (const headers of [{}, { "x-apikey": "wrong" }] as Record<string, string>[]) {
      const response = await fetch(`${shop.origin}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ query: "{ channels { channelId } }" }),
      });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
      expect(body.data).toBeUndefined();
      expect(body.errors[0]?.extensions.code).toBe("UNAUTHENTICATED");
    }
  });

  it("takes an operation as multipart/form-data (operations and map parts), with the API key still required", async () => {
    const form = () => {
      const body = new FormData();
      body.set(
        "operations",
        JSON.stringify({
          query: "query($id: String) { channel(channelId: $id) { channelId } }",
          variables: { id: "2|no" },
        }),
      );
      body.set("map", "{}");
      return body;
    };
    const ok = await fetch(`${shop.origin}/graphql`, {
      method: "POST",
      headers: { "x-apikey": "dev-api-key" },
      body: form(),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { channel: { channelId: "2|no" } } });
    const refused = await fetch(`${shop.origin}/graphql`, { method: "POST", body: form() });
    expect(refused.status).toBe(401);
  });

  it("answers a malformed request with 400 and a clear error", async () => {
    const bad = await fetch(`${shop.origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-apikey": "dev-api-key" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const syntax = await gql(shop.origin, { query: "{ channels { " });
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/);
  });

  it("bounds take and skip", async () => {
    const take = await gql(shop.origin, { query: "{ products(take: 201) { count } }" });
    expect(take.body.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(take.body.errors?.[0]?.message).toMatch(/take/);
    const skip = await gql(shop.origin, { query: "{ products(skip: 6001) { count } }" });
    expect(skip.body.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const ok = await gql(shop.origin, { query: "{ products(take: 200, skip: 0) { count } }" });
    expect(ok.body.errors).toBeUndefined();
  });

  it("limits aliases and tokens", async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: channels { channelId }`).join(" ");
    const r = await gql(shop.origin, { query: `{ ${aliases} }` });
    expect(r.body.errors?.[0]?.message).toMatch(/aliases/i);
    const huge = `{ channels { ${"channelId ".repeat(5000)} } }`;
    const t = await gql(shop.origin, { query: huge });
    expect(t.body.errors?.[0]?.message).toMatch(/token/i);
  });

  it("never leaks a stack trace when the server fails", async () => {
    // A real fault: the API over a database that has no tables.
    const broken = await openDatabase({ dir: "memory" });
    const api = createApi({
      services: {
        db: broken.db,
        reference: createReferenceCache(broken.db),
        logger: pino({ level: "silent" }),
      },
      apiKey: "k",
    });
    const response = await api.fetch(
      new Request("http://x/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-apikey": "k" },
        body: JSON.stringify({ query: "{ channels { channelId } }" }),
      }),
    );
    const text = await response.text();
    expect(JSON.parse(text).errors[0].message).toBe("Unexpected error.");
    expect(text).not.toMatch(/\.ts:\d+|node_modules|stack/);
    await broken.close();
  });

  it("supports automatic persisted queries", async () => {
    const query = "{ channels { channelId } }";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(query));
    const sha256Hash = Buffer.from(digest).toString("hex");
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const miss = await gql(shop.origin, { extensions });
    expect(miss.body.errors?.[0]?.message).toBe("PersistedQueryNotFound");
    const register = await gql(shop.origin, { query, extensions });
    expect(register.body.data.channels.length).toBe(2);
    const hit = await gql(shop.origin, { extensions });
    expect(hit.body.data.channels.length).toBe(2);
  });

  it("knows the storefront's operations by hash from the build", async () => {
    const client = createGraphqlClient({
      fetch: (r) => fetch(r),
      url: `${shop.origin}/graphql`,
      apiKey: "dev-api-key",
      locale: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
    });
    const { data } = await client.request(ChannelQuery);
    expect(data.channel?.channelId).toBe("1|se");
  });
});

describe("the storefront's GraphQL client against the real server", () => {
  const requests: { body: Record<string, unknown> }[] = [];
  const recordingFetch = async (request: Request) => {
    requests.push({ body: JSON.parse(await request.clone().text()) });
    return fetch(request);
  };
  const client = (over: Partial<Parameters<typeof createGraphqlClient>[0]> = {}) =>
    createGraphqlClient({
      fetch: recordingFetch,
      url: `${shop.origin}/graphql`,
      apiKey: "dev-api-key",
      locale: { channelId: "1|se", marketId: "se", languageId: "sv-SE" },
      ...over,
    });

  it("adds channelId, marketId and languageId to every operation", async () => {
    requests.length = 0;
    const { data } = await client().request(ProductListQuery, { take: 3 });
    expect(data.products?.products).toHaveLength(3);
    expect(requests.at(-1)?.body.variables).toEqual({
      channelId: "1|se",
      marketId: "se",
      languageId: "sv-SE",
      take: 3,
    });
    expect(data.products?.products[0]?.unitPrice?.sellingPriceIncVatFormatted).toMatch(
      /^\d{1,3}(\u00a0\d{3})*(,\d\d)?\u00a0kr$/,
    );
  });

  it("sends the hash first and falls back to the full query once on PersistedQueryNotFound", async () => {
    requests.length = 0;
    const fresh = await import("#app/lib/graphql/graphql.ts");
    const doc = fresh.graphql(
      `query NeverRegistered($channelId: String) { channel(channelId: $channelId) { channelId } }`,
    );
    const { data } = await client().request(doc);
    expect(data.channel?.channelId).toBe("1|se");
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body.query).toBeUndefined();
    expect(requests[0]?.body.extensions).toMatchObject({ persistedQuery: { version: 1 } });
    expect(requests[1]?.body.query).toContain("NeverRegistered");
    requests.length = 0;
    await client().request(doc);
    expect(requests).toHaveLength(1);
  });

  it("wraps a non-2xx status as 'Response not successful: Received status code {n}'", async () => {
    const error = await client({ apiKey: "wrong" })
      .request(ChannelQuery)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlClientError);
    expect((error as GraphqlClientError).message).toBe("Response not successful: Received status code 401");
    expect((error as GraphqlClientError).networkError?.statusCode).toBe(401);
    expect((error as GraphqlClientError).graphQLErrors).toEqual([]);
  });

  it("reports a body that is not JSON as a parse error", async () => {
    // The real server's home page: HTML where JSON was expected.
    const error = await client({ fetch: () => fetch(`${shop.origin}/`), persisted: false })
      .request(ChannelQuery)
      .catch((e: unknown) => e);
    expect((error as GraphqlClientError).networkError?.name).toBe("ServerParseError");
  });

  it("reports a response with neither data nor errors as 'Server response was missing for query'", async () => {
    // The real server's readiness answer: JSON, but neither data nor errors.
    const error = await client({ fetch: () => fetch(`${shop.origin}/readyz`), persisted: false })
      .request(ChannelQuery)
      .catch((e: unknown) => e);
    expect((error as GraphqlClientError).message).toBe("Server response was missing for query");
  });

  it("throws graphQLErrors when only errors come back", async () => {
    // A real fault: the API over a database without tables answers errors and no data.
    const broken = await openDatabase({ dir: "memory" });
    const api = createApi({
      services: {
        db: broken.db,
        reference: createReferenceCache(broken.db),
        logger: pino({ level: "silent" }),
      },
      apiKey: "dev-api-key",
    });
    const fresh = await import("#app/lib/graphql/graphql.ts");
    const doc = fresh.graphql(`query Channels { channels { channelId } }`);
    const error = await client({ fetch: (r) => Promise.resolve(api.fetch(r)) })
      .request(doc)
      .catch((e: unknown) => e);
    await broken.close();
    expect(error).toBeInstanceOf(GraphqlClientError);
    expect((error as GraphqlClientError).graphQLErrors[0]?.message).toBe("Unexpected error.");
    expect((error as GraphqlClientError).networkError).toBeNull();
  });

  it("delivers data that arrives with errors", async () => {
    const fresh = await import("#app/lib/graphql/graphql.ts");
    const partial = fresh.graphql(`query Partial { channels { channelId } products(take: 500) { count } }`);
    const result = await client().request(partial);
    expect(result.data.channels).toHaveLength(2);
    expect(result.data.products).toBeNull();
    expect(result.errors[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
