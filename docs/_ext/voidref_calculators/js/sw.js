// voidref offline cache: written by docs/_ext/voidref_calculators/offline.py at build time.
const VERSION = "VOIDREF_VERSION";
const CACHE = "voidref-" + VERSION;
// [path, first 16 hex digits of its SHA-256]: every page and every file a page uses
const FILES = ["VOIDREF_FILES"];

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The Python worker (worker.mjs) leaves the runtime files it fetched here,
// then the marker HANDOFF_DONE once they are all written.
const HANDOFF = "voidref-handoff";
const HANDOFF_DONE = "_static/calc/handoff-done";

async function handoffWritten() {
  // Python is up when this service worker is registered, so the worker has
  // started every copy; wait (up to 10 s) for it to finish writing them.
  if (!(await caches.has(HANDOFF))) return;
  const handoff = await caches.open(HANDOFF);
  const done = new URL(HANDOFF_DONE, self.registration.scope).href;
  for (let i = 0; i < 100 && !(await handoff.match(done)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ours(response, hash) {
  return !!response && response.ok && (await sha256(response)).startsWith(hash);
}

async function keep(cache, handoff, path, hash) {
  const url = new URL(path, self.registration.scope).href;
  // The page has most likely fetched this file already: take its copy (no
  // download) if it is this build's, else fetch it.
  let response = await handoff.match(url);
  if (!(await ours(response, hash))) {
    try {
      response = await fetch(url, { cache: "force-cache" });
    } catch (err) {
      response = null;
    }
  }
  if (!(await ours(response, hash))) {
    response = await fetch(url, { cache: "reload" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  }
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await handoffWritten();
    const handoff = await caches.open(HANDOFF);
    const todo = FILES.slice();
    const lanes = Array.from({ length: 6 }, async () => {
      while (todo.length) {
        const [path, hash] = todo.shift();
        await keep(cache, handoff, path, hash);
      }
    });
    await Promise.all(lanes);
    await caches.delete(HANDOFF);
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // (voidref-python is Python's memory as the calculators' worker kept it, under its own key: kept.mjs)
      if (key.startsWith("voidref-") && key !== CACHE && key !== "voidref-python") await caches.delete(key);
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
