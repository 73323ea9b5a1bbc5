// The order in which a page's calculators ask Python (docs/_static/calc/shared/scheduler.js,
// used by calc.js): the player's changes first, one question at a time, older answers not shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Scheduler } from "../../docs/_static/calc/shared/scheduler.js";

/**
 * The next question *s* sends (there must be one).
 * @param {Scheduler<string>} s
 */
function taken(s) {
  const question = s.take();
  assert.ok(question, "nothing to ask");
  return question;
}

test("a change of the player's is asked before every built result waiting to be brought live", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.refresh("a");
  s.refresh("b");
  s.ask("c");
  assert.deepEqual(s.take(), { item: "c", background: false });
});

test("built results are brought live in the background once no change of the player's waits", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.refresh("a");
  assert.deepEqual(s.take(), { item: "a", background: true });
});

test("the player's changes are asked oldest first", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  s.ask("b");
  const first = taken(s);
  assert.equal(first.item, "a");
  s.done(first);
  assert.equal(taken(s).item, "b");
});

test("a calculator changed again while it waits keeps its place and is asked once", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  s.ask("b");
  s.ask("a");
  const asked = [];
  for (let q = s.take(); q; q = s.take()) {
    asked.push(q.item);
    s.done(q);
  }
  assert.deepEqual(asked, ["a", "b"]);
});

test("only one question is in flight at a time", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  s.ask("b");
  assert.ok(s.take());
  assert.equal(s.take(), null);
});

test("an answer is shown when its calculator has not changed since it was asked", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  assert.equal(s.done(taken(s)), true);
});

test("an answer for a calculator changed since it was asked is not shown: the newer question follows", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  const q = taken(s);
  s.ask("a");
  assert.equal(s.done(q), false);
  assert.deepEqual(s.take(), { item: "a", background: false });
});

test("a change of the player's replaces the same calculator's refresh", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.refresh("a");
  s.ask("a");
  s.done(taken(s));
  assert.equal(s.take(), null);
});

test("no refresh is queued for a calculator whose change of the player's waits", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  assert.equal(s.refresh("a"), false);
  assert.equal(s.refreshes.size, 0);
});

test("a refresh is dropped quietly when Python cannot start, a change of the player's is not", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.refresh("a");
  s.ask("b");
  assert.equal(s.drop("a"), true);
  assert.equal(s.drop("b"), false);
  assert.equal(s.waiting, false);
});

test("a stopped question frees the worker and drops its calculator's waiting change, not the others'", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  const q = taken(s);
  s.ask("a");
  s.ask("b");
  s.stop(q);
  assert.equal(s.inFlight, null);
  assert.deepEqual([...s.asked], ["b"]);
});

test("the answer to a stopped question is not shown", () => {
  /** @type {Scheduler<string>} */
  const s = new Scheduler();
  s.ask("a");
  const q = taken(s);
  s.stop(q);
  assert.equal(s.done(q), false);
});
