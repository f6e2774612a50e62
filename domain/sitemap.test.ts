import { describe, expect, it } from "vitest";
import {
  escapeXml,
  pageUrl,
  robotsTxt,
  type SitemapSite,
  sitemapFileName,
  sitemapIndex,
  storefrontsFor,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  urlsetSplitter,
  utf8Length,
  w3cDate,
} from "./sitemap.ts";

const SITE: SitemapSite = { origin: "https://mili.no", domains: {}, marketInPath: false };
const NB = { lang: "nb", market: "no", allowedLangs: ["nb"] } as const;
const SV = { lang: "sv", market: "se", allowedLangs: ["sv"] } as const;

describe("escapeXml", () => {
  it("escapes the five entities", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("drops characters XML cannot carry, keeps tab, newlines and astral characters", () => {
    expect(escapeXml("a\u0000b\u0008c\u000bd\u001fe\ufffff")).toBe("abcdef");
    expect(escapeXml("a\tb\nc\rd")).toBe("a\tb\nc\rd");
    expect(escapeXml("fjell 🏔 ÅÄÖæøå")).toBe("fjell 🏔 ÅÄÖæøå");
    // Lone surrogates, at either end.
    expect(escapeXml("x\ud800y\udc00z")).toBe("xyz");
    expect(escapeXml("\udc00🏔\ud800")).toBe("🏔");
  });
});

describe("utf8Length", () => {
  it("counts UTF-8 bytes as Buffer does", () => {
    for (const text of ["", "abc", "æøå", "€", "🏔", "a🏔b€c", "\ud800"])
      expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  });
});

describe("w3cDate", () => {
  it("writes UTC to the second, and nothing for a missing or invalid time", () => {
    expect(w3cDate(new Date("2026-11-29T08:27:00.123Z"))).toBe("2026-11-29T08:27:00Z");
    expect(w3cDate("2026-11-29 09:27:00+01")).toBe("2026-11-29T08:27:00Z");
    expect(w3cDate(null)).toBeNull();
    expect(w3cDate("not a date")).toBeNull();
  });
});

describe("page URLs as the pages write them", () => {
  it("puts Norwegian at the root and Swedish under /sv", () => {
    expect(pageUrl(SITE, NB, "nb", "/")).toBe("https://mili.no/");
    expect(pageUrl(SITE, SV, "sv", "/")).toBe("https://mili.no/sv");
    expect(pageUrl(SITE, NB, "sv", "/p/jackor/x")).toBe("https://mili.no/sv/p/jackor/x");
  });

  it("puts each language on its own host with DOMAINS, keeping the scheme and port", () => {
    const site = {
      ...SITE,
      origin: "http://mili.no:8080",
      domains: { "mili.no": "nb", "mili.se": "sv" },
    } as const;
    expect(pageUrl(site, NB, "sv", "/p/x")).toBe("http://mili.se:8080/p/x");
    expect(pageUrl(site, NB, "nb", "/")).toBe("http://mili.no:8080/");
  });

  it("puts the market and language first in multi-market mode, another language in its own market", () => {
    const site = { ...SITE, marketInPath: true };
    expect(pageUrl(site, NB, "nb", "/")).toBe("https://mili.no/no/nb");
    expect(pageUrl(site, NB, "sv", "/p/x")).toBe("https://mili.no/se/sv/p/x");
    const both = { lang: "nb", market: "dk", allowedLangs: ["nb", "sv"] } as const;
    expect(pageUrl(site, both, "sv", "/p/x")).toBe("https://mili.no/dk/sv/p/x");
  });

  it("lists both storefronts on one host, only the host's own with DOMAINS, none on another host", () => {
    const allowed = (market: string) => (market === "no" ? (["nb"] as const) : (["sv"] as const)).slice();
    expect(storefrontsFor(SITE, "mili.no", allowed).map((s) => s.lang)).toEqual(["nb", "sv"]);
    const site = { ...SITE, domains: { "mili.no": "nb", "mili.se": "sv" } } as const;
    expect(storefrontsFor(site, "MILI.SE", allowed)).toEqual([
      { lang: "sv", market: "se", allowedLangs: ["sv"] },
    ]);
    expect(storefrontsFor(site, "localhost", allowed)).toEqual([]);
  });

  it("names files by kind, language (and market) and number", () => {
    expect(sitemapFileName(SITE, SV, "products", 2)).toBe("products-sv-2.xml");
    expect(sitemapFileName({ marketInPath: true }, SV, "products", 1)).toBe("products-se-sv-1.xml");
  });
});

describe("urlEntry and sitemapIndex", () => {
  it("writes the canonical URL, lastmod and every alternate, escaped", () => {
    const xml = urlEntry(SITE, SV, {
      path: "/p/a&b",
      lastmod: new Date("2026-11-01T10:00:00Z"),
      alternates: [
        { lang: "nb", path: "/p/<a>" },
        { lang: "sv", path: "/p/a&b" },
      ],
    });
    expect(xml).toBe(
      '<url><loc>https://mili.no/sv/p/a&amp;b</loc><lastmod>2026-11-01T10:00:00Z</lastmod><xhtml:link rel="alternate" hreflang="nb-NO" href="https://mili.no/p/&lt;a&gt;"/><xhtml:link rel="alternate" hreflang="sv-SE" href="https://mili.no/sv/p/a&amp;b"/></url>\n',
    );
    expect(urlEntry(SITE, NB, { path: "/b/x", alternates: [] })).toBe(
      "<url><loc>https://mili.no/b/x</loc></url>\n",
    );
  });

  it("writes an index of the files", () => {
    expect(
      sitemapIndex([
        { loc: "https://mili.no/sitemaps/a-nb-1.xml", lastmod: "2026-11-01T10:00:00Z" },
        { loc: "x&y" },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://mili.no/sitemaps/a-nb-1.xml</loc><lastmod>2026-11-01T10:00:00Z</lastmod></sitemap>\n" +
        "<sitemap><loc>x&amp;y</loc></sitemap>\n</sitemapindex>\n",
    );
  });
});

describe("urlsetSplitter", () => {
  function split(limits: { urls: number; bytes: number }, entries: [string, string | null][]) {
    const texts: string[] = [];
    const ended: boolean[] = [];
    const splitter = urlsetSplitter(limits, (n) => {
      texts[n - 1] = "";
      ended[n - 1] = false;
      return {
        write: (t) => {
          texts[n - 1] += t;
        },
        end: () => {
          ended[n - 1] = true;
        },
      };
    });
    for (const [entry, lastmod] of entries) splitter.add(entry, lastmod);
    return { files: splitter.finish(), texts, ended };
  }
  const entry = (i: number) => `<url><loc>https://mili.no/p/${i}</loc></url>\n`;

  it("writes no file for no entry", () => {
    expect(split({ urls: 10, bytes: 10_000 }, []).files).toEqual([]);
  });

  it("starts a new file at the URL limit, each a whole urlset, each closed", () => {
    const { files, texts, ended } = split(
      { urls: 2, bytes: 10_000 },
      [1, 2, 3, 4, 5].map((i) => [entry(i), i === 2 ? "2026-11-02T00:00:00Z" : "2026-11-01T00:00:00Z"]),
    );
    expect(files.map((f) => f.urls)).toEqual([2, 2, 1]);
    expect(files.map((f) => f.lastmod)).toEqual([
      "2026-11-02T00:00:00Z",
      "2026-11-01T00:00:00Z",
      "2026-11-01T00:00:00Z",
    ]);
    expect(ended).toEqual([true, true, true]);
    expect(texts[2]).toBe(`${URLSET_OPEN}${entry(5)}${URLSET_CLOSE}`);
    for (const [i, f] of files.entries()) expect(f.bytes).toBe(Buffer.byteLength(texts[i] ?? ""));
  });

  it("starts a new file before the byte limit would be passed, closing tag counted", () => {
    const head = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
    const size = Buffer.byteLength(entry(1));
    const limit = head + 2 * size + 1; // two entries fit, not three
    const { files, texts } = split(
      { urls: 100, bytes: limit },
      [1, 2, 3, 4, 5].map((i) => [entry(i), null]),
    );
    expect(files.map((f) => f.urls)).toEqual([2, 2, 1]);
    for (const text of texts) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
  });

  it("refuses an entry that no file could hold", () => {
    expect(() => split({ urls: 10, bytes: 200 }, [["x".repeat(300), null]])).toThrow(/does not fit/);
  });
});

describe("robotsTxt", () => {
  it("disallows the private pages in both languages and names the sitemap", () => {
    const text = robotsTxt({ site: SITE, host: "mili.no", sitemap: "https://mili.no/sitemap.xml" });
    const lines = text.trim().split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of [
      "/kassen",
      "/sv/kassan",
      "/min-konto/",
      "/sv/mina-sidor/",
      "/favoritter",
      "/sv/favoriter",
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    for (const path of ["/api/", "/graphql", "/admin", "/s/", "/sv/s/"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.at(-1)).toBe("Sitemap: https://mili.no/sitemap.xml");
  });

  it("has a host's own language's paths only with DOMAINS, and no sitemap line without one", () => {
    const site = { ...SITE, domains: { "mili.no": "nb", "mili.se": "sv" } } as const;
    const text = robotsTxt({ site, host: "mili.se", sitemap: null });
    expect(text).toContain("Disallow: /kassan\n");
    expect(text).not.toContain("/kassen");
    expect(text).not.toContain("/sv/");
    expect(text).not.toContain("Sitemap:");
  });

  it("prefixes with any market in multi-market mode", () => {
    const text = robotsTxt({ site: { ...SITE, marketInPath: true }, host: "mili.no", sitemap: null });
    expect(text).toContain("Disallow: /*/nb/kassen\n");
    expect(text).toContain("Disallow: /*/sv/kassan\n");
  });
});
