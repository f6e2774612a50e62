/*
 * Mili's service worker: a small, safe one. Hashed build files (/assets/*) and product images (/images/*) are
 * immutable, so they are served cache-first; everything else, HTML and data included, always goes to the
 * network and is never cached here.
 */
const CACHE = "mili-static-v1";
const MAX_ENTRIES = 300;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("mili-") && k !== CACHE).map((k) => caches.delete(k))),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode === "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
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
