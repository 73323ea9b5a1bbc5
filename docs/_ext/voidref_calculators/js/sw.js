// voidref offline cache: written by docs/_ext/voidref_calculators/offline.py at build time.
// (A classic script: the tests in tests/js/handoff.test.mjs run it with stand-ins for the browser's parts.)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "VOIDREF_VERSION";
const CACHE = "voidref-" + VERSION;
// [path, first 16 hex digits of its SHA-256]: every page and every file a page uses
// (the build writes the list as it is, on this line: tests read it back)
const FILES = ["VOIDREF_FILES"];

/** @param {Response} response */
async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The Python worker (worker.mjs, with docs/_static/calc/shared/handoff.js)
// leaves the runtime files it fetched here, then the marker HANDOFF_DONE once
// they are all written.
const HANDOFF = "voidref-handoff";
const HANDOFF_DONE = "_static/calc/handoff-done";

async function handoffWritten() {
  // Python is up when this service worker is registered, so the worker has
  // started every copy; wait (up to 10 s) for it to finish writing them.
  if (!(await caches.has(HANDOFF))) return;
  const handoff = await caches.open(HANDOFF);
  const done = new URL(HANDOFF_DONE, sw.registration.scope).href;
  for (let i = 0; i < 100 && !(await handoff.match(done)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether *response* is this build's file (its hash begins with *hash*).
 * @param {Response | undefined | null} response
 * @param {string} hash
 */
async function ours(response, hash) {
  return !!response && response.ok && (await sha256(response)).startsWith(hash);
}

/**
 * Put *path* into *cache*: the hand-off's copy, else the browser's HTTP cache's, else the network's.
 * @param {Cache} cache
 * @param {Cache} handoff
 * @param {string} path
 * @param {string} hash
 */
async function keep(cache, handoff, path, hash) {
  const url = new URL(path, sw.registration.scope).href;
  // The page has most likely fetched this file already: take its copy (no
  // download) if it is this build's, else fetch it.
  /** @type {Response | undefined | null} */
  let response = await handoff.match(url);
  if (!(await ours(response, hash))) {
    try {
      response = await fetch(url, { cache: "force-cache" });
    } catch {
      response = null;
    }
  }
  if (!(await ours(response, hash))) {
    response = await fetch(url, { cache: "reload" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  }
  await cache.put(url, /** @type {Response} */ (response));
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await handoffWritten();
    const handoff = await caches.open(HANDOFF);
    const todo = /** @type {[string, string][]} */ (/** @type {unknown} */ (FILES.slice()));
    const lanes = Array.from({ length: 6 }, async () => {
      for (let next = todo.shift(); next; next = todo.shift()) {
        const [path, hash] = next;
        await keep(cache, handoff, path, hash);
      }
    });
    await Promise.all(lanes);
    await caches.delete(HANDOFF);
    await sw.skipWaiting();
  })());
});
sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // (voidref-python is Python's memory as the calculators' worker kept it, under its own key: kept.mjs)
      if (key.startsWith("voidref-") && key !== CACHE && key !== "voidref-python") await caches.delete(key);
    }
    await sw.clients.claim();
  })());
});
sw.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== sw.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    /** @type {Request | string} */
    let key = req;
    if (url.pathname.endsWith("/")) key = new URL(url.pathname + "index.html", url.origin).href;
    if (req.mode === "navigate") {
      try {
        const fresh = await fetch(req);
        if (fresh.ok) return fresh;
      } catch { /* offline: fall back to the cache */ }
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return hit;
      return new Response("<!doctype html><title>Offline</title><p>This page is not available offline.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    // The exact URL first. A URL with ?v= names its content (a calculator
    // module's hash, modules.py; Sphinx's checksum): only that file will do,
    // so a miss goes to the network, never to another build's copy. Any other
    // file may be answered by its copy under another query.
    const hit = (await cache.match(key))
      || (url.searchParams.has("v") ? undefined : await cache.match(key, { ignoreSearch: true }));
    if (hit) return hit;
    return fetch(req);
  })());
});
