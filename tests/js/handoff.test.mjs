// The cache hand-off between the Python worker and the service worker: the
// worker's half (docs/_static/calc/shared/handoff.js) leaves copies of the
// runtime files in the "voidref-handoff" cache; the service worker
// (docs/_ext/voidref_calculators/js/sw.js, run here as the build writes it,
// with stand-ins for the browser's parts) takes those that are this build's
// and downloads only what is missing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Handoff, HANDOFF } from "../../docs/_static/calc/shared/handoff.js";
import { FakeCacheStorage, asCacheStorage } from "./fake-caches.mjs";

const SCOPE = "https://site.test/";
const SW_SOURCE = readFileSync(new URL("../../docs/_ext/voidref_calculators/js/sw.js", import.meta.url), "utf8");
// Where the worker (worker.mjs, in _static/calc/) writes its marker: new URL("handoff-done", import.meta.url).
const DONE = new URL("handoff-done", new URL("_static/calc/worker.mjs", SCOPE)).href;

/** @type {Record<string, string>} the site as a server holds it: path -> text */
const SITE = {
  "index.html": "<p>home</p>",
  "_static/calc/worker.mjs": "the worker",
  "_static/pyodide/pyodide.asm.wasm": "the runtime's wasm",
  "_static/calc/voidref.whl": "the wheel",
};
const RUNTIME = ["_static/pyodide/pyodide.asm.wasm", "_static/calc/voidref.whl"];

/** @param {string} path */
const url = (path) => new URL(path, SCOPE).href;

/** @param {string} text */
const sha = (text) => createHash("sha256").update(text).digest("hex");

/** The server and the browser's HTTP cache, counting what crosses the network. */
class Network {
  /** @param {Record<string, string>} files */
  constructor(files) {
    this.files = new Map(Object.entries(files).map(([path, text]) => [url(path), text]));
    /** @type {Map<string, string>} */
    this.httpCache = new Map();
    /** @type {string[]} the URLs fetched from the server */
    this.hits = [];
    this.fetch = this.fetch.bind(this);
  }

  /**
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init]
   */
  async fetch(input, init = {}) {
    const href = typeof input === "object" && "url" in input ? input.url : String(input);
    if (init.cache === "force-cache" && this.httpCache.has(href)) return new Response(this.httpCache.get(href));
    this.hits.push(href);
    const text = this.files.get(href);
    if (text === undefined) return new Response("not found", { status: 404 });
    this.httpCache.set(href, text);
    return new Response(text);
  }
}

/**
 * The service worker as the build writes it (offline.py fills in its version and files), with stand-ins.
 * @param {FakeCacheStorage} storage
 * @param {Network} network
 * @param {Record<string, string>} [files]
 */
function serviceWorker(storage, network, files = SITE) {
  /** @type {Map<string, (event: any) => void>} the events it listens to (install and activate get waitUntil; fetch, request and respondWith) */
  const listeners = new Map();
  const self = {
    registration: { scope: SCOPE },
    location: { origin: new URL(SCOPE).origin },
    clients: { claim: async () => {} },
    skipWaiting: async () => {},
    addEventListener: (/** @type {string} */ type, /** @type {any} */ listen) => listeners.set(type, listen),
  };
  const list = Object.entries(files).map(([path, text]) => [path, sha(text).slice(0, 16)]);
  const program = SW_SOURCE.replace('"VOIDREF_VERSION"', JSON.stringify("v1"))
    .replace('["VOIDREF_FILES"]', JSON.stringify(list));
  new Function("self", "caches", "fetch", program)(self, storage, network.fetch);
  /** Run one of its lifecycle events to the end. */
  const run = async (/** @type {string} */ type) => {
    /** @type {Promise<unknown> | null} */
    let work = null;
    const listen = listeners.get(type);
    assert.ok(listen, `the service worker does not listen to ${type}`);
    listen({ waitUntil: (/** @type {Promise<unknown>} */ promise) => { work = promise; } });
    await work;
  };
  /**
   * What it answers a page's request for *href* (a GET of a file, or a page's navigation).
   * @param {string} href
   * @param {string} [mode]
   * @returns {Promise<Response>}
   */
  const answer = async (href, mode = "no-cors") => {
    /** @type {Promise<Response> | null} */
    let response = null;
    const listen = listeners.get("fetch");
    assert.ok(listen, "the service worker does not listen to fetch");
    listen({ request: { url: href, method: "GET", mode }, respondWith: (/** @type {Promise<Response>} */ r) => { response = r; } });
    assert.ok(response, `the service worker did not answer ${href}`);
    return response;
  };
  return { install: () => run("install"), activate: () => run("activate"), answer };
}

/**
 * The worker's half: hand over *paths* (as fetched with *texts*), then the marker once all are written.
 * @param {FakeCacheStorage} storage
 * @param {string[]} paths
 * @param {Record<string, string>} [texts]
 */
async function handOver(storage, paths, texts = SITE) {
  const handoff = new Handoff(asCacheStorage(storage), DONE);
  for (const path of paths) handoff.offer(url(path), new Response(texts[path]));
  await handoff.finish();
  return handoff;
}

/**
 * What the service worker's cache holds: URL -> text.
 * @param {FakeCacheStorage} storage
 */
async function offlineCopy(storage) {
  const cache = await storage.open("voidref-v1");
  /** @type {Record<string, string>} */
  const out = {};
  for (const href of storage.urls("voidref-v1")) out[href] = String(await (await cache.match(href))?.text());
  return out;
}

test("the worker hands over each runtime file it fetched, then the marker", async () => {
  const storage = new FakeCacheStorage();
  await handOver(storage, RUNTIME);
  assert.deepEqual(storage.urls(HANDOFF), [...RUNTIME.map(url), DONE].sort());
});

test("a file some cache keeps already is not handed over, and with nothing handed over there is no marker", async () => {
  const storage = new FakeCacheStorage();
  await (await storage.open("voidref-v0")).put(url(RUNTIME[0]), new Response(SITE[RUNTIME[0]]));
  const handoff = await handOver(storage, [RUNTIME[0]]);
  assert.equal(handoff.handing, false);
  assert.deepEqual(storage.urls(HANDOFF), []);
});

test("the service worker keeps the runtime the worker handed over without downloading it", async () => {
  const storage = new FakeCacheStorage();
  const network = new Network(SITE);
  await handOver(storage, RUNTIME);
  await serviceWorker(storage, network).install();
  assert.deepEqual(network.hits.sort(), [url("_static/calc/worker.mjs"), url("index.html")]);
  assert.deepEqual(await offlineCopy(storage), Object.fromEntries(Object.entries(SITE).map(([p, t]) => [url(p), t])));
});

test("the service worker empties the hand-off once it has installed", async () => {
  const storage = new FakeCacheStorage();
  await handOver(storage, RUNTIME);
  await serviceWorker(storage, new Network(SITE)).install();
  assert.equal(await storage.has(HANDOFF), false);
});

test("a handed-over copy of another build is not kept: this build's file is downloaded", async () => {
  const storage = new FakeCacheStorage();
  const network = new Network(SITE);
  await handOver(storage, RUNTIME, { ...SITE, [RUNTIME[0]]: "an older build's wasm" });
  await serviceWorker(storage, network).install();
  assert.ok(network.hits.includes(url(RUNTIME[0])));
  assert.equal((await offlineCopy(storage))[url(RUNTIME[0])], SITE[RUNTIME[0]]);
});

test("a handed-over copy of another build gives way to this build's copy in the browser's HTTP cache", async () => {
  const storage = new FakeCacheStorage();
  const network = new Network(SITE);
  await network.fetch(url(RUNTIME[0])); // the page's own visit
  network.hits = [];
  await handOver(storage, RUNTIME, { ...SITE, [RUNTIME[0]]: "an older build's wasm" });
  await serviceWorker(storage, network).install();
  assert.ok(!network.hits.includes(url(RUNTIME[0])), network.hits.join(", "));
  assert.equal((await offlineCopy(storage))[url(RUNTIME[0])], SITE[RUNTIME[0]]);
});

test("what the page left in the browser's HTTP cache is kept from there, not downloaded again", async () => {
  const storage = new FakeCacheStorage();
  const network = new Network(SITE);
  for (const path of Object.keys(SITE)) await network.fetch(url(path)); // the page's own visit
  network.hits = [];
  await serviceWorker(storage, network).install();
  assert.deepEqual(network.hits, []);
});

test("the service worker waits for the worker's marker before it takes the copies", async () => {
  const storage = new FakeCacheStorage();
  const network = new Network(SITE);
  const handoff = new Handoff(asCacheStorage(storage), DONE);
  handoff.offer(url(RUNTIME[0]), new Response(SITE[RUNTIME[0]]));
  await Promise.all(handoff.copies); // one copy written, the other still on its way
  const installed = serviceWorker(storage, network).install();
  await new Promise((resolve) => setTimeout(resolve, 250));
  handoff.offer(url(RUNTIME[1]), new Response(SITE[RUNTIME[1]]));
  await handoff.finish();
  await installed;
  assert.ok(!network.hits.some((href) => RUNTIME.map(url).includes(href)), network.hits.join(", "));
});

test("activating drops the caches of older builds but not the kept Python", async () => {
  const storage = new FakeCacheStorage();
  for (const name of ["voidref-v0", "voidref-v1", "voidref-python", "someone-else"]) await storage.open(name);
  await serviceWorker(storage, new Network(SITE)).activate();
  assert.deepEqual((await storage.keys()).sort(), ["someone-else", "voidref-python", "voidref-v1"]);
});

test("a module's hashed URL is answered only with that build's file, never another build's copy", async () => {
  // The device keeps build 1's stepper; build 2's page asks for its own (another ?v=, modules.py).
  const storage = new FakeCacheStorage();
  const cache = await storage.open("voidref-v1");
  await cache.put(url("_static/calc/shared/stepper.js?v=aaaaaaaaaaaa"), new Response("build 1's stepper"));
  await cache.put(url("_static/theme.css?digest=1"), new Response("the theme"));
  const network = new Network({ "_static/calc/shared/stepper.js?v=bbbbbbbbbbbb": "build 2's stepper" });
  const sw = serviceWorker(storage, network);
  const text = async (/** @type {string} */ path) => (await sw.answer(url(path))).text();
  assert.equal(await text("_static/calc/shared/stepper.js?v=aaaaaaaaaaaa"), "build 1's stepper");
  assert.deepEqual(network.hits, []);
  assert.equal(await text("_static/calc/shared/stepper.js?v=bbbbbbbbbbbb"), "build 2's stepper");
  assert.deepEqual(network.hits, [url("_static/calc/shared/stepper.js?v=bbbbbbbbbbbb")]);
  // a URL without ?v= may still be answered by the copy kept under another query
  assert.equal(await text("_static/theme.css?digest=2"), "the theme");
  assert.equal(await text("_static/calc/shared/stepper.js"), "build 1's stepper");
});
