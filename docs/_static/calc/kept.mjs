// voidref calculators: Python's memory, kept on this device for later visits.
//
// Starting Python cold (its own start-up, then importing voidref) is most of
// the time before a first answer. Once the player has used a calculator
// (calc.js says so with a {type: "keep"} message, when it also asks for the
// service worker that keeps the site offline) and the worker has then had no
// question for a second (worker.mjs), it takes a memory snapshot of its
// Python (Pyodide's makeMemorySnapshot: voidref and all it imports, loaded)
// and keeps it in the Cache Storage cache "voidref-python", under a name that
// holds the build's RUNTIME_KEY (config.mjs: a hash of the wasm, Pyodide's
// JavaScript, the standard library zips, the wheel and the worker's own
// start-up). A later visit restores it instead of starting cold.
//
// Nothing is downloaded for it: the snapshot is made on the device. It is
// about 31 MB of memory, of which only the 64 KiB pages that are not all
// zeros are stored (about half). A build whose files differ has another key,
// so it never restores Python of an older build; keeping a new snapshot
// deletes the others. If the kept memory cannot be read or restored, the
// worker forgets it and starts cold.
//
// The worker makes one Keeper with the build's key and the browser's Cache
// Storage; the tests (tests/js/kept.test.mjs) make theirs with a stand-in.

const CACHE = "voidref-python";
const PAGE = 65536;
const MAGIC = "VRKEEP01";
const HEAD = 16;

/**
 * Whether every byte of *page* is zero.
 * @param {Uint8Array} page
 */
function allZero(page) {
  const words = page.length % 4 === 0 && page.byteOffset % 4 === 0
    ? new Uint32Array(page.buffer, page.byteOffset, page.length / 4) : page;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

/**
 * A snapshot as it is kept: MAGIC, then the snapshot's length and page count
 * (u32 little-endian), one byte per page (1 = stored), then the stored pages
 * in order (the pages that are all zeros are not stored).
 * @param {Uint8Array} snapshot
 * @returns {Blob}
 */
export function pack(snapshot) {
  const pages = Math.ceil(snapshot.length / PAGE);
  const present = new Uint8Array(pages);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const start = i * PAGE;
    const page = snapshot.subarray(start, Math.min(start + PAGE, snapshot.length));
    if (!allZero(page)) {
      present[i] = 1;
      kept.push(page);
    }
  }
  const head = new Uint8Array(HEAD);
  head.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(head.buffer);
  view.setUint32(8, snapshot.length, true);
  view.setUint32(12, pages, true);
  // (A snapshot is Python's memory copied out, never a shared buffer.)
  return new Blob([head, present, .../** @type {Uint8Array<ArrayBuffer>[]} */ (kept)]);
}

/**
 * The snapshot *buffer* keeps (see pack); throws if it is not one, or is cut short.
 * @param {ArrayBuffer} buffer
 * @returns {Uint8Array}
 */
export function unpack(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < HEAD || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error("not a kept Python");
  }
  const view = new DataView(buffer);
  const length = view.getUint32(8, true);
  const pages = view.getUint32(12, true);
  if (pages !== Math.ceil(length / PAGE)) throw new Error("a kept Python of the wrong shape");
  if (bytes.length < HEAD + pages) throw new Error("a kept Python cut short");
  const snapshot = new Uint8Array(length);
  let at = HEAD + pages;
  for (let i = 0; i < pages; i++) {
    if (!bytes[HEAD + i]) continue;
    const size = Math.min(PAGE, length - i * PAGE);
    if (at + size > bytes.length) throw new Error("a kept Python cut short");
    snapshot.set(bytes.subarray(at, at + size), i * PAGE);
    at += size;
  }
  if (at !== bytes.length) throw new Error("a kept Python cut short");
  return snapshot;
}

/**
 * What of Pyodide a Keeper needs: the memory snapshot of a Python started with _makeSnapshot.
 * @typedef {{makeMemorySnapshot(): Uint8Array}} Snapshotting
 */

/** Python's memory kept on this device, for one build (its RUNTIME_KEY). */
export class Keeper {
  /**
   * @param {string} key  the build's RUNTIME_KEY (config.mjs); empty: nothing is kept
   * @param {CacheStorage | undefined} caches  the browser's Cache Storage, if it has one
   */
  constructor(key, caches) {
    this.key = key;
    this.caches = key ? caches : undefined;
    /** The name this build's snapshot is kept under. */
    this.url = new URL(`python-${key}.snapshot`, import.meta.url).href;
  }

  /**
   * Null if this device kept no snapshot for this build; else {snapshot: a promise of it} (read
   * while Pyodide loads; wrapped, since an async function's promise would wait for it). Notes in
   * *marks* when the look-up ended and when the snapshot was read (ms since *t0*).
   * @param {Record<string, unknown>} marks
   * @param {number} t0
   * @returns {Promise<{snapshot: Promise<Uint8Array>} | null>}
   */
  async lookUp(marks, t0) {
    if (!this.caches) return null;
    let response;
    try {
      response = await this.caches.match(this.url, { cacheName: CACHE });
    } catch {
      return null;
    } finally {
      marks.keptLookup = performance.now() - t0;
    }
    if (!response) return null;
    const snapshot = response.arrayBuffer().then((buffer) => {
      const memory = unpack(buffer);
      marks.keptRead = performance.now() - t0;
      return memory;
    }); // a failure fails the restore, and the worker starts cold
    snapshot.catch(() => {}); // (reported there)
    return { snapshot };
  }

  /**
   * Python restored from the kept snapshot by *load*; null if none is kept,
   * or if it cannot be read or restored while the runtime itself is fine
   * (*runtimeFine*): then it is forgotten, and the worker starts cold.
   * A failure of the runtime itself is thrown.
   * @template P
   * @param {Record<string, unknown>} marks
   * @param {number} t0
   * @param {(snapshot: Promise<Uint8Array>) => Promise<P>} load
   * @param {() => Promise<boolean>} runtimeFine
   * @returns {Promise<P | null>}
   */
  async restore(marks, t0, load, runtimeFine) {
    const kept = await this.lookUp(marks, t0);
    if (!kept) return null;
    try {
      return await load(kept.snapshot);
    } catch (err) {
      if (!(await runtimeFine())) throw err;
      await this.forget(); // the runtime is fine but the kept memory is not: start cold
      return null;
    }
  }

  /**
   * Keep *py*'s memory for later visits; any failure keeps nothing. Resolves to {ms, bytes}:
   * how long the worker was busy making it, and the bytes stored (null if none).
   * @param {Snapshotting | null} py
   * @returns {Promise<{ms: number, bytes: number} | null>}
   */
  async keep(py) {
    const caches = this.caches;
    if (!caches || !py) return null;
    const t0 = performance.now();
    let packed;
    try {
      packed = pack(py.makeMemorySnapshot());
    } catch {
      return null; // e.g. Python holds a JavaScript object a snapshot cannot describe: start cold next time
    }
    const made = { ms: performance.now() - t0, bytes: packed.size };
    try {
      const cache = await caches.open(CACHE);
      for (const request of await cache.keys()) {
        if (request.url !== this.url) await cache.delete(request); // another build's
      }
      await cache.put(this.url, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
      return made;
    } catch {
      return null;
    }
  }

  /** Forget the kept snapshot (it could not be restored). */
  async forget() {
    if (!this.caches) return;
    try {
      await (await this.caches.open(CACHE)).delete(this.url);
    } catch {
      // nothing kept, or no access: the next start looks it up again
    }
  }
}
