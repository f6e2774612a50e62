import { describe, expect, it } from "vitest";
import { headerHidden, isAccountPath, scrollActionFor, shouldFocusHeading, withoutPrefix } from "./scroll.ts";

const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

describe("scroll after navigation", () => {
  it("goes to the top on a new page", () => {
    expect(scrollActionFor(at("/"), at("/c/klaer"), "PUSH")).toEqual({ kind: "top" });
  });

  it("leaves a change of query on the same page (filters, sort) to scroll restoration and preventScrollReset", () => {
    expect(scrollActionFor(at("/c/klaer"), at("/c/klaer", "?sort=PRICE"), "PUSH")).toEqual({ kind: "none" });
    expect(scrollActionFor(at("/c/klaer", "?brands=A~b_1"), at("/c/klaer"), "REPLACE")).toEqual({
      kind: "none",
    });
  });

  it("keeps the position between account pages, in both languages and with a market prefix", () => {
    expect(scrollActionFor(at("/account"), at("/min-konto/bestillinger"), "PUSH")).toEqual({ kind: "keep" });
    expect(scrollActionFor(at("/sv/mina-sidor/ordrar"), at("/sv/mina-sidor/saldo"), "PUSH")).toEqual({
      kind: "keep",
    });
    expect(scrollActionFor(at("/dk/nb/min-konto/saldo"), at("/dk/nb/account"), "PUSH")).toEqual({
      kind: "keep",
    });
    expect(scrollActionFor(at("/account"), at("/favoritter"), "PUSH")).toEqual({ kind: "top" });
  });

  it("goes to the hash target when there is one", () => {
    expect(scrollActionFor(at("/"), at("/", "", "#newsletter"), "PUSH")).toEqual({
      kind: "hash",
      id: "newsletter",
    });
    expect(scrollActionFor(at("/"), at("/content/om", "", "#f%C3%B8r"), "PUSH")).toEqual({
      kind: "hash",
      id: "før",
    });
  });

  it("leaves back/forward and the first render to scroll restoration", () => {
    expect(scrollActionFor(at("/a"), at("/b"), "POP")).toEqual({ kind: "none" });
    expect(scrollActionFor(null, at("/b"), "PUSH")).toEqual({ kind: "none" });
  });

  it("knows the account paths behind any prefix", () => {
    expect(withoutPrefix("/sv/mina-sidor/ordrar")).toBe("/mina-sidor/ordrar");
    expect(withoutPrefix("/se/sv/")).toBe("/");
    expect(withoutPrefix("/sv")).toBe("/");
    expect(withoutPrefix("/svampar")).toBe("/svampar");
    expect(isAccountPath("/min-konto/innstillinger")).toBe(true);
    expect(isAccountPath("/sv/mina-sidor/installningar")).toBe(true);
    expect(isAccountPath("/kassen")).toBe(false);
  });

  it("moves focus to the heading after navigating to another page, not for anchors or the first page", () => {
    expect(shouldFocusHeading(at("/"), at("/p/x"))).toBe(true);
    expect(shouldFocusHeading(null, at("/p/x"))).toBe(false);
    expect(shouldFocusHeading(at("/"), at("/", "?newsletter=ok"))).toBe(false);
    expect(shouldFocusHeading(at("/"), at("/content/a", "", "#x"))).toBe(false);
  });
});

describe("the header on scroll", () => {
  const T = 120;
  it("always shows above the site-top threshold", () => {
    expect(headerHidden({ y: 500, hidden: true }, 100, T)).toEqual({ y: 100, hidden: false });
  });
  it("hides scrolling down past the threshold and shows again scrolling up", () => {
    let s = { y: 0, hidden: false };
    s = headerHidden(s, 300, T);
    expect(s.hidden).toBe(true);
    s = headerHidden(s, 600, T);
    expect(s.hidden).toBe(true);
    s = headerHidden(s, 550, T);
    expect(s.hidden).toBe(false);
  });
  it("ignores jitter of a few pixels", () => {
    const s = { y: 400, hidden: true };
    expect(headerHidden(s, 398, T)).toBe(s);
  });
});
