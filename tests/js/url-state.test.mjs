// A setup kept in the page's URL (docs/_static/calc/shared/url-state.js) and
// the "−"/"+" steppers' arithmetic (shared/stepper.js), shared by the
// calculators and the replays' forms.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  differences, readParams, setupFromJson, withQuery, writeParams,
} from "../../docs/_static/calc/shared/url-state.js";
import { replayEarlyTaps, stepped } from "../../docs/_static/calc/shared/stepper.js";

const DEFAULTS = { dice: "2d6", armor: "1", cover: "0" };

test("only the inputs that differ from the defaults go into the URL, under the calculator's key", () => {
  const params = new URLSearchParams("other.x=1&soak.armor=3");
  writeParams(params, "soak", { dice: "3d6", armor: "1", cover: "0" }, DEFAULTS);
  assert.equal(params.toString(), "other.x=1&soak.dice=3d6");
});

test("a setup read back from the URL holds the fields the URL names, and only the calculator's own", () => {
  const params = new URLSearchParams("soak.dice=3d6&soak.nonsense=1&other.armor=5");
  assert.deepEqual(readParams(params, "soak", Object.keys(DEFAULTS)), { dice: "3d6" });
});

test("a pinned setup keeps the fields that differ from the defaults", () => {
  assert.deepEqual(differences({ dice: "2d6", armor: "4", cover: "0" }, DEFAULTS), { armor: "4" });
});

test("a pinned setup read from a link fills in the defaults, and ignores what is not a field's text", () => {
  assert.deepEqual(setupFromJson('{"armor": "4", "cover": 2, "bogus": "x"}', DEFAULTS),
    { dice: "2d6", armor: "4", cover: "0" });
});

test("a pinned setup that is not JSON, or not an object, is the defaults", () => {
  for (const raw of ["{not json", "[1, 2]", "null", '"text"']) assert.deepEqual(setupFromJson(raw, DEFAULTS), DEFAULTS);
});

test("a page with nothing to keep has no query at all", () => {
  assert.equal(withQuery("/calculators.html", new URLSearchParams()), "/calculators.html");
  assert.equal(withQuery("/c.html", new URLSearchParams({ "a.b": "1" })), "/c.html?a.b=1");
});

test("a stepper moves the number by one and stays within the field's range", () => {
  assert.equal(stepped("3", 1, 0, 5, 1), "4");
  assert.equal(stepped("5", 1, 0, 5, 1), "5");
  assert.equal(stepped("0", -1, 0, 5, 1), "0");
});

test("a stepper reads a typed minus sign as a minus", () => {
  assert.equal(stepped("\u22122", 1, -20, 20, 0), "-1");
});

test("a stepper on a box that holds no number starts from the field's default", () => {
  assert.equal(stepped("", 1, 0, 10, 4), "5");
  assert.equal(stepped("abc", -1, 0, 10, 4), "3");
});

test("taps made before the script arrived are tapped again once, in order, and only on the form's own buttons", () => {
  /** @type {string[]} */
  const clicks = [];
  /** @param {string} name */
  const button = (name) => ({ name, click: () => clicks.push(name) });
  const plus = button("skill +"), minus = button("skill −"), elsewhere = button("other +");
  const form = /** @type {any} */ ({ contains: (/** @type {unknown} */ b) => b === plus || b === minus });
  const page = /** @type {{voidrefEarlyTaps?: unknown[]}} */ (globalThis);
  page.voidrefEarlyTaps = [plus, elsewhere, plus, minus];
  try {
    replayEarlyTaps(form);
    assert.deepEqual(clicks, ["skill +", "skill +", "skill −"]);
    assert.deepEqual(page.voidrefEarlyTaps, [elsewhere]);  // left for its own form's script
    replayEarlyTaps(form);
    assert.equal(clicks.length, 3);  // never twice
  } finally {
    delete page.voidrefEarlyTaps;
  }
});

test("with no loader on the page (no list of early taps), nothing is tapped", () => {
  assert.doesNotThrow(() => replayEarlyTaps(/** @type {any} */ ({ contains: () => true })));
});
