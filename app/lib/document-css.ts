import { createContext, use } from "react";

/**
 * The storefront's whole stylesheet as text, for the document's head. The server render gets it from
 * entry.server.tsx (the built CSS is ~5 kB compressed: inlined it costs less than the extra round trip of a
 * render-blocking stylesheet on a phone). In the browser the context is empty: see useDocumentCss.
 */
export const DocumentCssContext = createContext("");

let sent: string | undefined;

/**
 * The stylesheet for the document's `<style>`: on the server, the built CSS; in the browser, the text the server
 * sent, read from the document once (at hydration) and kept. React mounts the document's head again when the
 * root switches between the page and its error boundary (a 404 or 500 reached by a link, a failed navigation):
 * the new `<style>` must get the same text, or the page shows unstyled until a full reload.
 */
export function useDocumentCss(): string {
  const css = use(DocumentCssContext);
  if (css || typeof document === "undefined") return css;
  sent ??= document.querySelector("style[data-document-css]")?.textContent ?? undefined;
  return sent ?? "";
}
