import { describe, expect, it } from "vitest";
import { errRedirect, safeLocation } from "./err-redirect.ts";
import { GraphqlClientError } from "./graphql/client.ts";

describe("ERR_REDIRECT", () => {
  it("is recognised by code or name on a thrown error, with its location and status", () => {
    expect(
      errRedirect(Object.assign(new Error("moved"), { code: "ERR_REDIRECT", location: "/sv/p/a" })),
    ).toEqual({
      location: "/sv/p/a",
      status: 302,
    });
    const named = Object.assign(new Error("moved"), {
      name: "ERR_REDIRECT",
      location: "/c/klaer",
      status: 301,
    });
    expect(errRedirect(named)).toEqual({ location: "/c/klaer", status: 301 });
  });

  it("is recognised on a GraphQL error's extensions", () => {
    const error = new GraphqlClientError({
      graphQLErrors: [
        { message: "moved", extensions: { code: "ERR_REDIRECT", location: "/p/ny-alias", status: 301 } },
      ],
    });
    expect(errRedirect(error)).toEqual({ location: "/p/ny-alias", status: 301 });
  });

  it("leaves other errors alone", () => {
    expect(errRedirect(new Error("boom"))).toBeNull();
    expect(
      errRedirect(
        new GraphqlClientError({ graphQLErrors: [{ message: "x", extensions: { code: "NOT_FOUND" } }] }),
      ),
    ).toBeNull();
    expect(errRedirect(null)).toBeNull();
    expect(errRedirect("ERR_REDIRECT")).toBeNull();
  });

  it("follows only same-origin targets; anything else goes to the fallback", () => {
    const to = (location: unknown) =>
      errRedirect({ code: "ERR_REDIRECT", location }, { origin: "https://mili.no", fallback: "/sv" })
        ?.location;
    expect(to("https://mili.no/c/sko?page=2")).toBe("/c/sko?page=2");
    expect(to("https://evil.example/")).toBe("/sv");
    expect(to("//evil.example/")).toBe("/sv");
    expect(to("/\\evil.example/")).toBe("/sv");
    expect(to("javascript:alert(1)")).toBe("/sv");
    expect(to("/a\r\nSet-Cookie: x=1")).toBe("/sv");
    expect(to(undefined)).toBe("/sv");
    expect(safeLocation("/ok")).toBe("/ok");
    expect(safeLocation("https://mili.no/x")).toBeNull();
  });

  it("ignores a status that is not a redirect", () => {
    expect(errRedirect({ code: "ERR_REDIRECT", location: "/x", status: 500 })?.status).toBe(302);
  });
});
