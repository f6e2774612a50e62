import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createAdminApi } from "./yoga.ts";

/** The back office's API answers introspection only outside production (decision 0037). */
function api(introspection: boolean) {
  return createAdminApi({
    // No request below carries a session cookie, so the database is never asked.
    services: { db: {} as Database, logger: pino({ level: "silent" }) },
    introspection,
    secureCookies: true,
  });
}

async function introspect(introspection: boolean) {
  const response = await api(introspection).fetch(
    new Request("http://shop.test/admin/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }),
    }),
  );
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe("admin API introspection", () => {
  it("is refused in production", async () => {
    const body = await introspect(false);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });
  it("is answered in development", async () => {
    expect((await introspect(true)).data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });
  it("a request without a session reads no admin data: me is null", async () => {
    const response = await api(false).fetch(
      new Request("http://shop.test/admin/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ me { email } }" }),
      }),
    );
    expect(await response.json()).toEqual({ data: { me: null } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
