import sanitizeHtml from "sanitize-html";

/**
 * The merchant's HTML, made safe to put in a page (decision 0038), with sanitize-html (an allow-list over
 * htmlparser2, on the server only: no sanitiser reaches the browser). Nothing that runs survives: no script, style,
 * iframe, object, form or event-handler attribute, no javascript:/data: URL; links to other sites open in a new tab
 * with rel="noopener noreferrer". Rich text keeps the words and their structure; HTML also keeps layout, images
 * (https or same-site) and tables.
 */

const RICH_TEXT_TAGS = [
  "p",
  "br",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "a",
  "blockquote",
];

const HTML_TAGS = [
  ...RICH_TEXT_TAGS,
  "h5",
  "h6",
  "div",
  "span",
  "section",
  "figure",
  "figcaption",
  "img",
  "picture",
  "source",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "hr",
  "small",
  "sub",
  "sup",
  "code",
  "pre",
  "dl",
  "dt",
  "dd",
];

const externalLinks: sanitizeHtml.Transformer = (tagName, attribs) => {
  const href = attribs.href ?? "";
  const external = /^https?:\/\//i.test(href);
  return {
    tagName,
    attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
  };
};

const common: sanitizeHtml.IOptions = {
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "srcset"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Kept as text, not as markup: what a script or style element held is dropped with it.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template"],
  transformTags: { a: externalLinks },
};

const richTextOptions: sanitizeHtml.IOptions = {
  ...common,
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
};

const htmlOptions: sanitizeHtml.IOptions = {
  ...common,
  allowedTags: HTML_TAGS,
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
    source: ["srcset", "sizes", "media", "type"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    "*": ["class", "lang", "dir", "title", "aria-label", "aria-hidden"],
  },
  allowedSchemesByTag: { img: ["https", "http"], source: ["https", "http"] },
  // Images load lazily: a widget's HTML is seldom the top of the page.
  transformTags: {
    a: externalLinks,
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: "lazy", decoding: "async", alt: attribs.alt ?? "" },
    }),
  },
};

/** Rich text: paragraphs, headings, emphasis, lists, links. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions);
}

/** An HTML widget: rich text plus layout elements, images and tables; classes and ids kept. */
export function sanitizeHtmlWidget(html: string): string {
  return sanitizeHtml(html, htmlOptions);
}
