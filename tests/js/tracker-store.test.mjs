// The encounters kept on the device and one encounter's timeline (docs/_static/calc/tracker-store.js),
// with a stand-in for localStorage.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  EncounterStore, PREFIX, atCount, canonical, fileName, idOfKey, parseRecord, redone, undone, uniqueName, withEvent,
} from "../../docs/_static/calc/tracker-store.js";

/** A stand-in for localStorage (one Map shared by every "tab" given it), or one that refuses writes. */
class FakeStorage {
  /** @param {{refuseWrite?: boolean}} [how] */
  constructor({ refuseWrite = false } = {}) {
    /** @type {Map<string, string>} */
    this.items = new Map();
    this.refuseWrite = refuseWrite;
  }

  get length() {
    return this.items.size;
  }

  /** @param {number} i */
  key(i) {
    return [...this.items.keys()][i] ?? null;
  }

  /** @param {string} key */
  getItem(key) {
    return this.items.has(key) ? /** @type {string} */ (this.items.get(key)) : null;
  }

  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (this.refuseWrite) throw new Error("QuotaExceededError");
    this.items.set(key, value);
  }

  /** @param {string} key */
  removeItem(key) {
    this.items.delete(key);
  }
}

let ids = 0;
/** @param {FakeStorage} storage */
const storeOver = (storage) => new EncounterStore(storage, { makeId: () => `e${++ids}` });

/** @param {string} name */
const join = (name) => ({ type: "join", name, side: "player", character: { name }, weapons: [] });
const start = { type: "start-round" };

/** @param {import("../../docs/_static/calc/tracker-store.js").Saved} saved */
function record(saved) {
  assert.equal(saved.ok, true);
  return /** @type {{ok: true, record: import("../../docs/_static/calc/tracker-store.js").Encounter}} */ (saved).record;
}

test("an encounter saved is read back by another store over the same storage, as after a reload", () => {
  const storage = new FakeStorage();
  const made = record(storeOver(storage).create({ name: "Dock 7", events: [join("Senna")] }));
  const back = storeOver(storage).read(made.id);
  assert.deepEqual(back, made);
  assert.deepEqual(back?.events, [join("Senna")]);
});

test("each save raises the revision by one", () => {
  const store = storeOver(new FakeStorage());
  const made = record(store.create({ name: "Dock 7" }));
  assert.equal(made.revision, 1);
  const saved = record(store.save(withEvent(made, join("Senna"))));
  assert.equal(saved.revision, 2);
});

test("a tab cannot save over a newer revision another tab saved: it is told, with the other's version", () => {
  const storage = new FakeStorage();
  const made = record(storeOver(storage).create({ name: "Dock 7" }));
  const tabA = made;
  const tabB = record(storeOver(storage).save(withEvent(made, join("Davan"))));
  const refused = storeOver(storage).save(withEvent(tabA, join("Senna")));
  assert.equal(refused.ok, false);
  assert.equal(refused.ok === false && refused.reason, "newer");
  assert.deepEqual(refused.ok === false && refused.reason === "newer" && refused.stored, tabB);
  assert.deepEqual(storeOver(storage).read(made.id)?.events, [join("Davan")]); // the other tab's log is kept
});

test("a tab cannot save an encounter another tab deleted", () => {
  const storage = new FakeStorage();
  const made = record(storeOver(storage).create({ name: "Dock 7" }));
  storeOver(storage).remove(made.id);
  const refused = storeOver(storage).save(withEvent(made, join("Senna")));
  assert.equal(refused.ok === false && refused.reason, "deleted");
  assert.equal(storage.getItem(PREFIX + made.id), null);
});

test("a storage that refuses writes says so on create and on save", () => {
  const store = storeOver(new FakeStorage({ refuseWrite: true }));
  assert.deepEqual(store.create({ name: "x" }), { ok: false, reason: "unwritable" });
  assert.deepEqual(new EncounterStore(null).create({ name: "x" }), { ok: false, reason: "unwritable" });
});

test("the list holds every readable encounter, the one changed last first, and skips damaged items", () => {
  const storage = new FakeStorage();
  let clock = 0;
  const store = new EncounterStore(storage, { now: () => ++clock, makeId: () => `e${++ids}` });
  const first = record(store.create({ name: "First" }));
  record(store.create({ name: "Second" }));
  record(store.save(withEvent(first, join("Senna"))));
  storage.setItem(PREFIX + "broken", "{not json");
  storage.setItem("voidref-rolls", "[]");
  assert.deepEqual(store.list().map((s) => [s.name, s.count]), [["First", 1], ["Second", 0]]);
});

test("a new encounter's name is made unique among those kept", () => {
  const store = storeOver(new FakeStorage());
  record(store.create({ name: "Docking Bay fight" }));
  assert.equal(record(store.create({ name: "Docking Bay fight" })).name, "Docking Bay fight (2)");
  assert.equal(uniqueName(["a", "a (2)"], "a"), "a (3)");
});

test("a new id never takes the key of an item kept, even an unreadable one", () => {
  const storage = new FakeStorage();
  storage.setItem(PREFIX + "same", "{damaged");
  let n = 0;
  const store = new EncounterStore(storage, { makeId: () => (n++ ? "other" : "same") });
  const made = record(store.create({ name: "x" }));
  assert.notEqual(made.id, "same");
  assert.equal(storage.getItem(PREFIX + "same"), "{damaged");
});

test("the encounter last opened is remembered, and forgotten with it", () => {
  const store = storeOver(new FakeStorage());
  const made = record(store.create({ name: "x" }));
  store.setLastOpened(made.id);
  assert.equal(store.lastOpened(), made.id);
  store.remove(made.id);
  assert.equal(store.lastOpened(), null);
});

test("undo keeps the event for redo, and redo brings it back", () => {
  const r = { events: [join("A"), join("B")], ahead: [] };
  const u = undone(r);
  assert.deepEqual(u, { events: [join("A")], ahead: [join("B")] });
  assert.deepEqual(redone(u), r);
  assert.deepEqual(undone({ events: [], ahead: [] }), { events: [], ahead: [] });
  assert.deepEqual(redone(r), r);
});

test("undo any number of steps, then redo them all, in order", () => {
  const r = { events: [join("A"), join("B"), join("C"), start], ahead: [] };
  const back = undone(undone(undone(r)));
  assert.deepEqual(back.events, [join("A")]);
  assert.deepEqual(redone(redone(redone(back))), r);
});

test("a different event after an undo lets the events undone go", () => {
  const r = undone({ events: [join("A"), join("B")], ahead: [] });
  assert.deepEqual(withEvent(r, join("C")), { events: [join("A"), join("C")], ahead: [] });
});

test("the same event as the next to redo keeps the rest of Redo", () => {
  const r = undone(undone({ events: [join("A"), join("B"), start], ahead: [] }));
  const again = withEvent(r, { weapons: [], character: { name: "B" }, side: "player", name: "B", type: "join" });
  assert.deepEqual(again.ahead, [start]);
});

test("going to a step of an example keeps every later event for Redo, and back again", () => {
  const r = { events: [join("A"), join("B"), start], ahead: [] };
  const step = atCount(r, 1);
  assert.deepEqual(step, { events: [join("A")], ahead: [join("B"), start] });
  assert.deepEqual(atCount(step, 3), r);
  assert.deepEqual(atCount(step, 99), r);
  assert.deepEqual(atCount(step, -1).events, []);
});

test("canonical text does not depend on the order of keys", () => {
  assert.equal(canonical({ b: 1, a: [1, { d: 2, c: 3 }] }), canonical({ a: [1, { c: 3, d: 2 }], b: 1 }));
  assert.notEqual(canonical({ a: 1 }), canonical({ a: "1" }));
});

test("a record of another version, or with no log, is not read", () => {
  assert.equal(parseRecord(JSON.stringify({ version: 2, id: "x", name: "x", revision: 1, events: [], ahead: [] })), null);
  assert.equal(parseRecord(JSON.stringify({ version: 1, id: "x", name: "x", revision: 1, ahead: [] })), null);
  assert.equal(parseRecord(null), null);
});

test("a storage key names its encounter, and other keys none", () => {
  assert.equal(idOfKey(PREFIX + "abc"), "abc");
  assert.equal(idOfKey("voidref-rolls"), null);
  assert.equal(idOfKey(null), null);
});

test("a saved log's file name keeps the encounter's name, less what file systems refuse", () => {
  assert.equal(fileName("Dock 7"), "Dock 7.voidref.json");
  assert.equal(fileName('a/b:c*?"<>|\u0001'), "a-b-c-.voidref.json");
  assert.equal(fileName("..."), "encounter.voidref.json");
});

test("a copy made from a whole record gets its own id and never writes over the original", () => {
  const storage = new FakeStorage();
  const store = storeOver(storage);
  const original = record(store.save(withEvent(record(store.create({ name: "Dock 7" })), join("Senna"))));
  const copy = record(store.create({ ...original, name: `${original.name} (copy)` }));
  assert.notEqual(copy.id, original.id);
  assert.equal(copy.revision, 1);
  assert.equal(copy.name, "Dock 7 (copy)");
  assert.deepEqual(copy.events, original.events);
  assert.deepEqual(store.read(original.id), original);
  assert.equal(store.list().length, 2);
});
