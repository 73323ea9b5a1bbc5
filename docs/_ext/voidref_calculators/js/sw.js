// voidref offline cache: written by docs/_ext/voidref_calculators/offline.py at build time.
const VERSION = "VOIDREF_VERSION";
const CACHE = "voidref-" + VERSION;
const FILES = ["VOIDREF_FILES"];
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: "reload" })));
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("voidref-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let key = req;
    if (url.pathname.endsWith("/")) key = new URL(url.pathname + "index.html", url.origin).href;
    if (req.mode === "navigate") {
      try {
        const fresh = await fetch(req);
        if (fresh.ok) return fresh;
      } catch (e) { /* offline: fall back to the cache */ }
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return hit;
      return new Response("<!doctype html><title>Offline</title><p>This page is not available offline.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(req);
  })());
});
