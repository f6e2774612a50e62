/*
 * Mili's service worker: a small, safe one. Hashed build files (/assets/*) and product images (/images/*) are
 * immutable, so they are served cache-first; everything else, HTML and data included, always goes to the
 * network and is never cached here. A page that cannot be opened because the network is gone (not one the server
 * answered with an error) gets the offline page (server/offline.ts) in the page's language, kept at install.
 */
const CACHE = "mili-static-v1";
const OFFLINE = "mili-offline-v1";
const OFFLINE_PAGES = ["/offline", "/sv/offline"];
const MAX_ENTRIES = 300;

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(
    caches
      .open(OFFLINE)
      .then((cache) => cache.addAll(OFFLINE_PAGES))
      .catch(() => {}),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("mili-") && k !== CACHE && k !== OFFLINE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offline(url)));
    return;
  }
  if (!url.pathname.startsWith("/assets/") && !url.pathname.startsWith("/images/")) return;
  event.respondWith(cacheFirst(request, event));
});

async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  const type = response.headers.get("content-type") || "";
  if (response.ok && response.type === "basic" && !type.includes("text/html")) {
    event.waitUntil(
      cache
        .put(request, response.clone())
        .then(() => trim(cache))
        .catch(() => {}),
    );
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key);
}

/** The offline page in the language of the address asked for: /sv/… and /{market}/sv/… are Swedish. */
async function offline(url) {
  const swedish = /^\/(?:[a-z]{2,10}\/)?sv(?:\/|$)/.test(url.pathname);
  const page = await caches.match(swedish ? "/sv/offline" : "/offline", { cacheName: OFFLINE });
  return page || Response.error();
}
