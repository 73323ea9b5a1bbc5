// Python's memory kept on the device (docs/_static/calc/kept.mjs): the
// snapshot format, and what the voidref-python cache holds, reads back and forgets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Keeper, pack, unpack } from "../../docs/_static/calc/kept.mjs";
import { FakeCacheStorage, asCacheStorage } from "./fake-caches.mjs";

const PAGE = 65536;
const CACHE = "voidref-python";

/**
 * A memory of *pages* pages and *tail* more bytes, with something in the pages listed in *used*.
 * @param {number} pages
 * @param {number} tail
 * @param {number[]} used
 */
function memory(pages, tail, used) {
  const bytes = new Uint8Array(pages * PAGE + tail);
  for (const page of used) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, bytes.length);
    for (let i = start; i < end; i += 997) bytes[i] = (i % 251) + 1;
    bytes[end - 1] = 9;
  }
  return bytes;
}

/**
 * The bytes of a packed snapshot.
 * @param {Blob} blob
 */
async function bytesOf(blob) {
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * A Pyodide stand-in whose memory snapshot is *snapshot*.
 * @param {Uint8Array} snapshot
 */
function pyodideWith(snapshot) {
  return { makeMemorySnapshot: () => snapshot };
}

test("a packed snapshot reads back byte for byte, zero pages and a short last page included", async () => {
  const snapshot = memory(5, 1234, [0, 2, 5]);
  const back = unpack((await pack(snapshot).arrayBuffer()));
  assert.deepEqual(back, snapshot);
});

test("a packed snapshot stores only the pages that are not all zeros", async () => {
  const snapshot = memory(6, 0, [1, 4]);
  const packed = await bytesOf(pack(snapshot));
  // 16 bytes of head, one byte a page saying whether it is stored, then the two pages used.
  assert.equal(packed.length, 16 + 6 + 2 * PAGE);
  assert.deepEqual([...packed.subarray(16, 22)], [0, 1, 0, 0, 1, 0]);
});

test("a packed snapshot's head is VRKEEP01, then its length and page count, little-endian", async () => {
  const snapshot = memory(2, 10, []);
  const packed = await bytesOf(pack(snapshot));
  assert.equal(new TextDecoder().decode(packed.subarray(0, 8)), "VRKEEP01");
  const view = new DataView(packed.buffer);
  assert.equal(view.getUint32(8, true), 2 * PAGE + 10);
  assert.equal(view.getUint32(12, true), 3);
});

test("a file that is not a kept snapshot is refused", () => {
  assert.throws(() => unpack(new TextEncoder().encode("not a snapshot at all").buffer), /not a kept Python/);
});

test("a kept snapshot whose page count does not fit its length is refused", async () => {
  const packed = await bytesOf(pack(memory(2, 0, [0])));
  new DataView(packed.buffer).setUint32(12, 3, true);
  assert.throws(() => unpack(packed.buffer), /wrong shape/);
});

test("a kept snapshot cut short, or with bytes to spare, is refused", async () => {
  const packed = await bytesOf(pack(memory(2, 0, [0, 1])));
  assert.throws(() => unpack(packed.slice(0, packed.length - 1).buffer), /cut short/);
  const longer = new Uint8Array(packed.length + 1);
  longer.set(packed);
  assert.throws(() => unpack(longer.buffer), /cut short/);
});

test("kept memory is stored under the build's key and read back by the same build", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  const snapshot = memory(3, 0, [1]);
  const made = await keeper.keep(pyodideWith(snapshot));
  assert.equal(made?.bytes, 16 + 3 + PAGE);
  assert.deepEqual(storage.urls(CACHE), [keeper.url]);
  assert.match(keeper.url, /\/python-0123456789abcdef\.snapshot$/);
  /** @type {Record<string, unknown>} */
  const marks = {};
  const kept = await new Keeper("0123456789abcdef", asCacheStorage(storage)).lookUp(marks, 0);
  assert.ok(kept, "nothing kept");
  assert.deepEqual(await kept.snapshot, snapshot);
  assert.equal(typeof marks.keptLookup, "number");
  assert.equal(typeof marks.keptRead, "number");
});

test("a build with another key finds nothing kept, and keeping its own drops the other", async () => {
  const storage = new FakeCacheStorage();
  await new Keeper("aaaaaaaaaaaaaaaa", asCacheStorage(storage)).keep(pyodideWith(memory(1, 0, [0])));
  const newer = new Keeper("bbbbbbbbbbbbbbbb", asCacheStorage(storage));
  assert.equal(await newer.lookUp({}, 0), null);
  await newer.keep(pyodideWith(memory(1, 0, [0])));
  assert.deepEqual(storage.urls(CACHE), [newer.url]);
});

test("a build with no key, or a browser with no Cache Storage, keeps nothing", async () => {
  const storage = new FakeCacheStorage();
  assert.equal(await new Keeper("", asCacheStorage(storage)).keep(pyodideWith(memory(1, 0, [0]))), null);
  assert.equal(await new Keeper("0123456789abcdef", undefined).keep(pyodideWith(memory(1, 0, [0]))), null);
  assert.deepEqual(await storage.keys(), []);
});

test("a Python whose memory cannot be snapshot keeps nothing", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  const made = await keeper.keep({ makeMemorySnapshot: () => { throw new Error("a JavaScript object in Python"); } });
  assert.equal(made, null);
  assert.deepEqual(storage.urls(CACHE), []);
});

test("an unreadable kept snapshot is forgotten and Python starts cold", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  await (await storage.open(CACHE)).put(keeper.url, new Response("not a snapshot at all"));
  /** @type {Promise<Uint8Array> | null} */
  let given = null;
  const py = await keeper.restore({}, 0, async (snapshot) => {
    given = snapshot;
    return { restoredFrom: await snapshot }; // as Pyodide does: it reads the snapshot, which fails
  }, async () => true);
  assert.ok(given, "the restore was not even tried");
  assert.equal(py, null);
  assert.deepEqual(storage.urls(CACHE), []);
});

test("a kept snapshot that Pyodide cannot restore is forgotten while the runtime is fine", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  await keeper.keep(pyodideWith(memory(1, 0, [0])));
  const py = await keeper.restore({}, 0, async () => { throw new Error("memory of another shape"); }, async () => true);
  assert.equal(py, null);
  assert.deepEqual(storage.urls(CACHE), []);
});

test("a runtime that fails keeps the snapshot and reports the failure", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  await keeper.keep(pyodideWith(memory(1, 0, [0])));
  await assert.rejects(keeper.restore({}, 0, async () => { throw new Error("no wasm"); }, async () => false), /no wasm/);
  assert.deepEqual(storage.urls(CACHE), [keeper.url]);
});

test("a kept snapshot that restores gives the restored Python and stays kept", async () => {
  const storage = new FakeCacheStorage();
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(storage));
  const snapshot = memory(2, 5, [0, 2]);
  await keeper.keep(pyodideWith(snapshot));
  const py = await keeper.restore({}, 0, async (kept) => ({ memory: await kept }), async () => true);
  assert.deepEqual(py?.memory, snapshot);
  assert.deepEqual(storage.urls(CACHE), [keeper.url]);
});

test("with nothing kept, restoring gives nothing and tries no restore", async () => {
  const keeper = new Keeper("0123456789abcdef", asCacheStorage(new FakeCacheStorage()));
  const py = await keeper.restore({}, 0, async () => assert.fail("restored from nothing"), async () => true);
  assert.equal(py, null);
});
