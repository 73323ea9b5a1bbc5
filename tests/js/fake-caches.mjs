// A stand-in for the browser's Cache Storage (caches), in memory, for the
// tests of kept.mjs and of the cache hand-off: only what voidref's code uses.

/** @param {RequestInfo | URL} request */
function urlOf(request) {
  return typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
}

/** One named cache: responses by URL. */
export class FakeCache {
  constructor() {
    /** @type {Map<string, Response>} */
    this.entries = new Map();
  }

  /**
   * @param {RequestInfo | URL} request
   * @param {{ignoreSearch?: boolean}} [options]
   */
  async match(request, options = {}) {
    const bare = (/** @type {string} */ href) => href.split("?")[0];
    const wanted = urlOf(request);
    const key = options.ignoreSearch ? [...this.entries.keys()].find((href) => bare(href) === bare(wanted)) : wanted;
    const found = key === undefined ? undefined : this.entries.get(key);
    return found ? found.clone() : undefined;
  }

  /**
   * @param {RequestInfo | URL} request
   * @param {Response} response
   */
  async put(request, response) {
    // As a browser does: the whole body is read before the entry exists.
    const body = await response.arrayBuffer();
    this.entries.set(urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
  }

  /** @param {RequestInfo | URL} request */
  async delete(request) {
    return this.entries.delete(urlOf(request));
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

/** The caches of one origin, by name. */
export class FakeCacheStorage {
  constructor() {
    /** @type {Map<string, FakeCache>} */
    this.caches = new Map();
  }

  /** @param {string} name */
  async open(name) {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache()));
    return cache;
  }

  /** @param {string} name */
  async has(name) {
    return this.caches.has(name);
  }

  /** @param {string} name */
  async delete(name) {
    return this.caches.delete(name);
  }

  async keys() {
    return [...this.caches.keys()];
  }

  /**
   * @param {RequestInfo | URL} request
   * @param {{cacheName?: string}} [options]
   */
  async match(request, options = {}) {
    for (const [name, cache] of this.caches) {
      if (options.cacheName !== undefined && name !== options.cacheName) continue;
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The URLs *name* holds, sorted (empty if there is no such cache).
   * @param {string} name
   */
  urls(name) {
    const cache = this.caches.get(name);
    return cache ? [...cache.entries.keys()].sort() : [];
  }
}

/**
 * *fake* where the code under test wants the browser's Cache Storage (it uses only what FakeCacheStorage has).
 * @param {FakeCacheStorage} fake
 * @returns {CacheStorage}
 */
export function asCacheStorage(fake) {
  return /** @type {CacheStorage} */ (/** @type {unknown} */ (fake));
}
