import { createContext, use } from "react";

/**
 * The consent banner's HTML and the head's script that acts on the choice (app/lib/consent.server.ts), for the
 * root's Layout. They used to travel in the root loader's data, so every page carried them twice: once as HTML
 * and once more, escaped, in the hydration data (3.2 kB of every page's HTML; decision 0052). Now the server
 * render gets them from entry.server.tsx through this context, and the browser reads back what the server sent
 * (at hydration, from the elements root.tsx marks `data-consent-banner` and `data-consent-boot`), as
 * app/lib/document-css.ts does for the stylesheet. Both are the same for every shopper of a language, and a
 * language change is a full page load (decision 0036).
 */
export interface ConsentHtml {
  banner: string;
  boot: string;
}

export const ConsentHtmlContext = createContext<ConsentHtml | null>(null);

let sent: ConsentHtml | undefined;

/** On the server the context's HTML; in the browser the HTML the server sent, read once and kept. */
export function useConsentHtml(): ConsentHtml {
  const provided = use(ConsentHtmlContext);
  if (provided || typeof document === "undefined") return provided ?? { banner: "", boot: "" };
  // Read again while nothing was found (a page without the banner, e.g. an error page, hydrated first).
  if (!sent?.banner) {
    sent = {
      banner: document.querySelector("[data-consent-banner]")?.innerHTML ?? "",
      boot: document.querySelector("script[data-consent-boot]")?.textContent ?? "",
    };
  }
  return sent;
}
