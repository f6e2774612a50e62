import { createContext } from "react";

/**
 * The storefront's whole stylesheet as text, for the document's head. The server render gets it from
 * entry.server.tsx (the built CSS is ~5 kB compressed: inlined it costs less than the extra round trip of a
 * render-blocking stylesheet on a phone). On the client it stays empty: the `<style>` element the server sent
 * is kept as it is through hydration and every later render.
 */
export const DocumentCssContext = createContext("");
