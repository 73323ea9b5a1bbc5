// Build-time node script (run by docs/_ext/voidref_calculators/pyodide.py):
// a memory snapshot of Pyodide with every voidref module imported, made from
// the files the site serves, so the worker can skip starting Python cold.
//
//   node snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL OUT
//
// OUT is gzipped, in the layout unpackSnapshot in docs/_static/calc/worker.mjs
// reads: "VRSNAP01", then memory length, page size and page count (u32,
// little-endian), one byte per page (1 = stored), then the stored pages.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, stdlib, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const indexURL = pyodideDir.endsWith(path.sep) ? pyodideDir : pyodideDir + path.sep;
const py = await loadPyodide({ indexURL, stdLibURL: stdlib, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
py.runPython(fs.readFileSync(new URL("./import_all.py", import.meta.url), "utf8"));
// Half the memory is untouched zero pages: store only the others (see
// unpackSnapshot in worker.mjs), which halves the browser's decompression.
const memory = py.makeMemorySnapshot();
const PAGE = 65536;
const pages = Math.ceil(memory.length / PAGE);
const present = new Uint8Array(pages);
const kept = [];
for (let i = 0; i < pages; i++) {
  const page = memory.subarray(i * PAGE, Math.min((i + 1) * PAGE, memory.length));
  if (page.some((b) => b !== 0)) {
    present[i] = 1;
    kept.push(page);
  }
}
const head = new Uint8Array(20);
head.set(new TextEncoder().encode("VRSNAP01"), 0);
const view = new DataView(head.buffer);
view.setUint32(8, memory.length, true);
view.setUint32(12, PAGE, true);
view.setUint32(16, pages, true);
fs.writeFileSync(out, zlib.gzipSync(Buffer.concat([head, present, ...kept]), { level: 6 }));
