import { GraphQLError } from "graphql";
import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { InProcessRequest, postInProcess, useInProcessAnswers } from "./in-process.ts";

const URL = "http://in-process/graphql";
const HEADERS = { "content-type": "application/json", accept: "application/json", "x-request-id": "t" };

function api() {
  let lastResponse: Response | null = null;
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Query {
          hello(name: String!): String
          fails: String
          items(n: Int!): [Item!]!
        }
        type Item {
          id: Int!
          label: String
        }
      `,
      resolvers: {
        Query: {
          hello: (_: unknown, { name }: { name: string }) => `Hej ${name} «ø»`,
          fails: () => {
            throw new GraphQLError("refused", { extensions: { code: "SERVER_BUSY", http: { status: 503 } } });
          },
          items: (_: unknown, { n }: { n: number }) =>
            Array.from({ length: n }, (_, i) => ({ id: i, label: i % 2 ? null : `x${i}` })),
        },
      },
    }),
    logging: false,
    plugins: [
      useInProcessAnswers(),
      {
        onResponse({ response }) {
          lastResponse = response;
        },
      },
    ],
  });
  return { fetch: (request: Request) => yoga.fetch(request) as Promise<Response>, last: () => lastResponse };
}

/** The same request as an HTTP-shaped Request with a body: what the storefront sent before decision 0077. */
async function overHttp(fetch: (request: Request) => Promise<Response>, text: string, headers = HEADERS) {
  const response = await fetch(new Request(URL, { method: "POST", headers, body: text }));
  return { status: response.status, text: await response.text() };
}

describe("in-process GraphQL requests (decision 0077)", () => {
  const bodies = [
    JSON.stringify({ query: "query H($name: String!) { hello(name: $name) }", variables: { name: "Åsa" } }),
    JSON.stringify({ query: "{ items(n: 5) { id label } }" }),
    JSON.stringify({ query: "{ fails }" }),
    JSON.stringify({ query: "{ nope }" }),
    JSON.stringify({ query: "{ hello }" }),
    JSON.stringify({ query: "{ hello(name: 1) }" }),
    JSON.stringify({ variables: {} }),
    JSON.stringify({ query: 5 }),
    JSON.stringify([{ query: "{ items(n: 1) { id } }" }]),
    "null",
    "not json",
    "",
  ];

  it.each(bodies)("answers %s with the same status and text as over HTTP", async (text) => {
    const { fetch } = api();
    const expected = await overHttp(fetch, text);
    expect(await postInProcess(fetch, URL, text, HEADERS)).toEqual(expected);
  });

  it("answers the same for a client that asks for another media type (then through Yoga's own Response)", async () => {
    const { fetch } = api();
    const text = JSON.stringify({ query: "{ items(n: 2) { id } }" });
    const headers = { ...HEADERS, accept: "application/graphql-response+json" };
    expect(await postInProcess(fetch, URL, text, headers)).toEqual(await overHttp(fetch, text, headers));
  });

  it("hands Yoga's JSON text back without a body stream", async () => {
    const { fetch, last } = api();
    const answer = await postInProcess(
      fetch,
      URL,
      JSON.stringify({ query: "{ items(n: 3) { id } }" }),
      HEADERS,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ data: { items: [{ id: 0 }, { id: 1 }, { id: 2 }] } });
    expect(last()?.body).toBeNull();
  });

  it("leaves a request that did not come from this process as Yoga makes it", async () => {
    const { fetch, last } = api();
    await overHttp(fetch, JSON.stringify({ query: "{ items(n: 3) { id } }" }));
    expect(last()?.body).not.toBeNull();
  });

  it("reads an in-process request's text as a body would be read", async () => {
    const request = new InProcessRequest(URL, HEADERS, '{"a":[1,"ø"]}', { a: [1, "ø"] });
    expect(request.method).toBe("POST");
    expect(request.headers.get("accept")).toBe("application/json");
    expect(request.body).toBeNull();
    expect(await request.text()).toBe('{"a":[1,"ø"]}');
    expect(await request.json()).toEqual({ a: [1, "ø"] });
  });
});
