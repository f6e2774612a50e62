import { describe, expect, it } from "vitest";
import { CONSENT_TEXTS, consentBanner, consentBoot } from "./consent.server.ts";

/** Runs the head's script against a stand-in document: what it marks, loads and reports. */
function run(cookie: string, lang: "nb" | "sv", scripts: Parameters<typeof consentBoot>[0]) {
  const added: string[] = [];
  const errors: string[] = [];
  const dataset: Record<string, string> = {};
  const document = {
    cookie,
    documentElement: { dataset, lang },
    head: { appendChild: (e: { src: string }) => added.push(e.src) },
    createElement: () => ({ async: false, src: "" }),
    addEventListener: () => {},
    querySelector: () => null,
  };
  const window: { dataLayer?: unknown[] } = {};
  new Function("document", "window", "console", consentBoot(scripts))(document, window, {
    error: (m: string) => errors.push(m),
  });
  return { added, errors, dataset, window };
}

const all = {
  tagManagerUrl: "https://tm.example/gtm.js?id=G-1",
  reviewServiceUrl: "https://rs.example/w.js",
  reviewServiceKey: "k&1",
};

describe("the consent script", () => {
  it("loads nothing and marks nothing before a choice", () => {
    expect(run("mili-cart=1", "nb", all)).toMatchObject({ added: [], errors: [], dataset: {} });
    expect(run("mili-consent=s1m1x", "nb", all).added).toEqual([]);
  });

  it("loads what was agreed to, the review service in the channel's locale", () => {
    const yes = run("a=1; mili-consent=s1m1", "nb", all);
    expect(yes.added).toEqual([
      "https://tm.example/gtm.js?id=G-1",
      "https://rs.example/w.js?key=k%261&locale=no",
    ]);
    expect(yes.dataset.consent).toBe("sm");
    expect(yes.window.dataLayer).toHaveLength(1);
    expect(run("mili-consent=s0m1", "sv", all).added).toEqual([
      "https://rs.example/w.js?key=k%261&locale=se",
    ]);
    expect(run("mili-consent=s1m0", "sv", all).added).toEqual(["https://tm.example/gtm.js?id=G-1"]);
    const none = run("mili-consent=s0m0", "nb", all);
    expect(none.added).toEqual([]);
    expect(none.dataset.consent).toBe("n");
  });

  it("says on the console when the review service has no key", () => {
    const { added, errors } = run("mili-consent=s0m1", "nb", { reviewServiceUrl: "https://rs.example/w.js" });
    expect(added).toEqual([]);
    expect(errors).toEqual(["The review service has no key: set REVIEW_SERVICE_KEY"]);
  });

  it("cannot be broken out of by its configuration", () => {
    const script = consentBoot({ tagManagerUrl: "https://tm.example/</script><script>alert(1)</script>" });
    expect(script).not.toContain("</script>");
  });
});

describe("the banner", () => {
  it("has every text in both languages and escapes where it returns to", () => {
    for (const lang of ["nb", "sv"] as const) {
      const html = consentBanner(lang, '/p/"x"<y>');
      for (const text of Object.values(CONSENT_TEXTS[lang]).filter((t) => t !== CONSENT_TEXTS[lang].link))
        expect(html).toContain(text.replace(/"/g, "&#34;"));
      expect(html).toContain('value="/p/&#34;x&#34;&#60;y&#62;"');
      expect(html).toContain(`name="lang" value="${lang}"`);
    }
  });
});
