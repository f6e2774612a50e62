import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { setCatalogSource } from "./i18n/index.ts";
import { loadCatalog } from "./i18n/load.ts";

/**
 * React Router's default browser entry, after the page's message catalog has come (decision 0036): the
 * server rendered in <html lang> and preloaded that language's chunk, so the first render in the browser has
 * the very texts the server sent (no mismatch, no untranslated flash) and the other language never loads.
 */
setCatalogSource(loadCatalog);

// An aborted request or navigation is one a newer one superseded: expected, not an error. React Router 8 leaves
// the promise of an interrupted submission unhandled (its <Form> does not catch submit()'s promise), so a quick
// second submit or a search typed over the one before reported "AbortError: signal is aborted without reason" as
// an uncaught error. Only rejections with an AbortError are let go; every other one is reported as before.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});
const lang = document.documentElement.lang === "sv" ? "sv" : "nb";

void loadCatalog(lang).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
