// The rolls kept on the device (docs/_static/calc/shared/roll-history.js), with a stand-in for localStorage.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KEY, LIMIT, RollHistory } from "../../docs/_static/calc/shared/roll-history.js";

/** A stand-in for localStorage: a Map, or one that refuses to be written, or to be read. */
class FakeStorage {
  /** @param {{refuseWrite?: boolean, refuseRead?: boolean}} [how] */
  constructor({ refuseWrite = false, refuseRead = false } = {}) {
    /** @type {Map<string, string>} */
    this.items = new Map();
    this.refuseWrite = refuseWrite;
    this.refuseRead = refuseRead;
  }

  /** @param {string} key */
  getItem(key) {
    if (this.refuseRead) throw new Error("SecurityError");
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

/** @param {string} roller @param {number} at */
const roll = (roller, at) => ({ roller, title: `Roll ${roller}`, at, text: `Success: ${at}\nPool: 2 Mastery` });

test("a roll kept is read back by a new history over the same storage, as after a reload", () => {
  const storage = new FakeStorage();
  assert.equal(new RollHistory(storage).add(roll("drifters-roll", 1)), true);
  assert.deepEqual(new RollHistory(storage).all(), [roll("drifters-roll", 1)]);
});

test("the newest roll comes first", () => {
  const history = new RollHistory(new FakeStorage());
  history.add(roll("a", 1));
  history.add(roll("a", 2));
  assert.deepEqual(history.all().map((e) => e.at), [2, 1]);
});

test("only the last LIMIT rolls are kept, the oldest let go", () => {
  const storage = new FakeStorage();
  const history = new RollHistory(storage);
  for (let i = 0; i < LIMIT + 5; i++) history.add(roll("a", i));
  assert.equal(JSON.parse(/** @type {string} */ (storage.items.get(KEY))).rolls.length, LIMIT); // on the device too
  const kept = history.all();
  assert.equal(kept.length, LIMIT);
  assert.equal(kept[0].at, LIMIT + 4);
  assert.equal(kept[LIMIT - 1].at, 5);
});

test("each roller lists its own rolls; clearing one roller's leaves the others'", () => {
  const history = new RollHistory(new FakeStorage());
  history.add(roll("a", 1));
  history.add(roll("b", 2));
  history.add(roll("a", 3));
  assert.deepEqual(history.of("a").map((e) => e.at), [3, 1]);
  history.clear("a");
  assert.deepEqual(history.all().map((e) => e.roller), ["b"]);
  history.clear();
  assert.deepEqual(history.all(), []);
});

test("a store that cannot be read, or holds something else, reads as no rolls", () => {
  for (const raw of ["{not json", "[]", "null", '{"version": 99, "rolls": []}', '{"version": 1, "rolls": 5}']) {
    const storage = new FakeStorage();
    storage.items.set(KEY, raw);
    assert.deepEqual(new RollHistory(storage).all(), [], raw);
  }
  assert.deepEqual(new RollHistory(new FakeStorage({ refuseRead: true })).all(), []);
});

test("entries that are not rolls are dropped, the others kept", () => {
  const storage = new FakeStorage();
  storage.items.set(KEY, JSON.stringify({ version: 1, rolls: [roll("a", 1), { roller: "a" }, 7, roll("b", 2)] }));
  assert.deepEqual(new RollHistory(storage).all().map((e) => e.at), [1, 2]);
});

test("a storage that refuses to be written, or none at all, keeps nothing and says so", () => {
  assert.equal(new RollHistory(new FakeStorage({ refuseWrite: true })).add(roll("a", 1)), false);
  const none = new RollHistory(null);
  assert.equal(none.add(roll("a", 1)), false);
  assert.deepEqual(none.all(), []);
});

test("a very long result text is kept shortened, not refused", () => {
  const history = new RollHistory(new FakeStorage());
  history.add({ ...roll("a", 1), text: "x".repeat(10_000) });
  assert.equal(history.all()[0].text.length, 4000);
});
