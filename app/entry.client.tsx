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
