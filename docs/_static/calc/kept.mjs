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
import { RUNTIME_KEY } from "./config.mjs";

const CACHE = "voidref-python";
const URL_KEPT = new URL(`python-${RUNTIME_KEY}.snapshot`, import.meta.url).href;
const PAGE = 65536;
const MAGIC = "VRKEEP01";

function allZero(page) {
  const words = page.length % 4 === 0 && page.byteOffset % 4 === 0
    ? new Uint32Array(page.buffer, page.byteOffset, page.length / 4) : page;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

// Layout: MAGIC, then the snapshot's length and page count (u32 little-endian),
// one byte per page (1 = stored), then the stored pages in order.
function pack(snapshot) {
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
  const head = new Uint8Array(16);
  head.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(head.buffer);
  view.setUint32(8, snapshot.length, true);
  view.setUint32(12, pages, true);
  return new Blob([head, present, ...kept]);
}

function unpack(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error("not a kept Python");
  }
  const view = new DataView(buffer);
  const length = view.getUint32(8, true);
  const pages = view.getUint32(12, true);
  if (pages !== Math.ceil(length / PAGE)) throw new Error("a kept Python of the wrong shape");
  const snapshot = new Uint8Array(length);
  let at = 16 + pages;
  for (let i = 0; i < pages; i++) {
    if (!bytes[16 + i]) continue;
    const size = Math.min(PAGE, length - i * PAGE);
    snapshot.set(bytes.subarray(at, at + size), i * PAGE);
    at += size;
  }
  if (at !== bytes.length) throw new Error("a kept Python cut short");
  return snapshot;
}

// Null if this device kept no snapshot for this build; else {snapshot: a promise of it} (read while
// Pyodide loads; wrapped, since an async function's promise would wait for it). Notes in marks when the
// look-up ended and when the snapshot was read (ms since t0).
export async function keptPython(marks, t0) {
  if (!RUNTIME_KEY || typeof caches !== "object") return null;
  let response;
  try {
    response = await caches.match(URL_KEPT, { cacheName: CACHE });
  } catch (err) {
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

// Keep *py*'s memory (a Pyodide started with _makeSnapshot) for later visits; any failure keeps nothing.
// Resolves to {ms, bytes}: how long the worker was busy making it, and the bytes stored (null if none).
export async function keepPython(py) {
  if (!RUNTIME_KEY || typeof caches !== "object" || !py) return null;
  const t0 = performance.now();
  let packed;
  try {
    packed = pack(py.makeMemorySnapshot());
  } catch (err) {
    return null; // e.g. Python holds a JavaScript object a snapshot cannot describe: start cold next time
  }
  const made = { ms: performance.now() - t0, bytes: packed.size };
  return (async () => {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== URL_KEPT) await cache.delete(request); // another build's
    }
    await cache.put(URL_KEPT, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
    return made;
  })().catch(() => null);
}

// Forget the kept snapshot (it could not be restored).
export function forgetPython() {
  if (typeof caches !== "object") return;
  caches.open(CACHE).then((cache) => cache.delete(URL_KEPT)).catch(() => {});
}
