import { Hono } from "hono";

/**
 * The page the service worker (public/sw.js) shows when a page cannot be opened because the shopper is offline
 * (issue 14): one small, self-contained document per language (no script, no data), kept by the service worker
 * when it installs. `/offline` answers in the host's language (DOMAINS), `/sv/offline` in Swedish. "Prøv igjen"
 * reloads the address the shopper asked for.
 */
const TEXTS = {
  nb: {
    title: "Du er frakoblet",
    text: "Vi får ikke kontakt med nettbutikken akkurat nå. Sjekk internettforbindelsen din, så prøver vi igjen.",
    kept: "Handlekurven og favorittene dine er tatt vare på.",
    retry: "Prøv igjen",
  },
  sv: {
    title: "Du är offline",
    text: "Vi får inte kontakt med webbutiken just nu. Kontrollera din internetanslutning, så försöker vi igen.",
    kept: "Din varukorg och dina favoriter finns kvar.",
    retry: "Försök igen",
  },
} as const;

export type OfflineLang = keyof typeof TEXTS;

export function offlinePage(lang: OfflineLang): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title} | Mili</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1917;background:#fafaf9;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:3rem 1rem}
h1{font-size:1.875rem;margin:0 0 1rem}
a{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border-radius:.375rem;background:#1c1917;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<main>
<p><strong>Mili</strong></p>
<h1>${t.title}</h1>
<p>${t.text}</p>
<p>${t.kept}</p>
<a href="">${t.retry}</a>
</main>
</body>
</html>
`;
}

/** GET /offline (the host's language) and /sv/offline. */
export function offlineRoutes(hostLang: (host: string) => OfflineLang): Hono {
  const app = new Hono();
  const answer = (html: string) =>
    new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // The service worker keeps its own copy; a browser revalidates.
        "Cache-Control": "public, max-age=0, must-revalidate",
      },
    });
  app.get("/offline", (c) => answer(offlinePage(hostLang(new URL(c.req.url).hostname))));
  app.get("/sv/offline", () => answer(offlinePage("sv")));
  return app;
}
