// voidref: the Python worker's half of the cache hand-off to the service
// worker (sw.js, from docs/_ext/voidref_calculators/js/sw.js).
//
// The service worker, registered once Python has answered, keeps the site for
// offline use. So that it need not download the runtime a second time, the
// Python worker (worker.mjs) leaves a copy of each runtime file it fetches in
// the "voidref-handoff" cache, unless a cache holds that file already (the
// service worker's, or a copy handed over on an earlier visit). Once every
// copy is written, it adds a marker entry ("handoff-done", beside worker.mjs):
// the service worker's install waits for it, takes each copy that is this
// build's (by its hash), and deletes the cache. Nothing here touches a page:
// the tests (tests/js/handoff.test.mjs) run both halves under node.

/** The cache the copies are left in (sw.js reads the same name). */
export const HANDOFF = "voidref-handoff";

/** The copies one worker hands over. */
export class Handoff {
  /**
   * @param {CacheStorage} caches
   * @param {string} doneUrl  the marker written once every copy is (sw.js waits for it)
   */
  constructor(caches, doneUrl) {
    this.caches = caches;
    this.doneUrl = doneUrl;
    /** @type {Promise<unknown>[]} the copies being written */
    this.copies = [];
    /** Whether any copy is handed over. */
    this.handing = false;
  }

  /**
   * Leave a copy of *response* (of *url*) for the service worker, unless a
   * cache keeps that file already. Call it before reading the response.
   * @param {string} url
   * @param {Response} response
   */
  offer(url, response) {
    const copy = response.clone();
    this.copies.push((async () => {
      // Kept already (by the service worker, or handed over on an earlier visit): nothing to hand over.
      // (The copy is let go, not waited for: its stream ends only once the worker has read the original.)
      if (await this.caches.match(url)) {
        if (copy.body) copy.body.cancel().catch(() => {});
        return;
      }
      this.handing = true;
      return (await this.caches.open(HANDOFF)).put(url, copy);
    })().catch(() => {}));
  }

  /** Once every copy offered so far is written, the marker (only if a copy was handed over). */
  async finish() {
    await Promise.all(this.copies);
    if (this.handing) await (await this.caches.open(HANDOFF)).put(this.doneUrl, new Response("done"));
  }
}
