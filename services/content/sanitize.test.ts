import { describe, expect, it } from "vitest";
import { sanitizeHtmlWidget, sanitizeRichText } from "./sanitize.ts";

/** The merchant's HTML made safe (decision 0038): nothing that runs survives; words and structure do. */
const ATTACKS = [
  "<script>alert(1)</script>",
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="alert(1)"><circle/></svg>',
  "<style>body{display:none}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<form action="https://evil.example"><input name="password"></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<a href="//evil.example/x">x</a>',
  '<img src="x" id="main">',
  "<scr<script>ipt>alert(1)</script>",
  '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)">',
];

describe.each([
  ["rich text", sanitizeRichText],
  ["HTML", sanitizeHtmlWidget],
])("%s", (_, clean) => {
  it.each(ATTACKS)("leaves nothing that runs of %s", (attack) => {
    const out = clean(attack);
    expect(out).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|<form|<input|<math/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:|data:text|href="\/\/|style=|id="main"/i);
  });

  it("keeps paragraphs, emphasis, lists and safe links; external links open apart", () => {
    const out = clean(
      '<h2>Rubrik</h2><p>Hei <strong>der</strong> <em>du</em></p><ul><li>En</li></ul><a href="/kundeservice">Kundeservice</a><a href="https://example.com">Ute</a>',
    );
    expect(out).toContain("<h2>Rubrik</h2><p>Hei <strong>der</strong> <em>du</em></p><ul><li>En</li></ul>");
    expect(out).toContain('<a href="/kundeservice">Kundeservice</a>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">Ute</a>');
  });
});

describe("HTML beyond rich text", () => {
  it("keeps layout, tables and images (lazy, with an alt) and classes; rich text drops them", () => {
    const html =
      '<div class="grid"><img src="https://cdn.example/a.jpg"><table><tr><td colspan="2">x</td></tr></table></div>';
    const out = sanitizeHtmlWidget(html);
    expect(out).toContain('<div class="grid">');
    expect(out).toContain('<img src="https://cdn.example/a.jpg" loading="lazy" decoding="async" alt="" />');
    expect(out).toContain('<td colspan="2">x</td>');
    expect(sanitizeRichText(html)).not.toMatch(/<div|<img|<table/);
  });
});
