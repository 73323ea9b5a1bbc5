// A Void Drifters pool tapped together die by die (docs/_static/calc/shared/dice-pool.js), as the roller
// writes it into the pool field and reads it back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { NO_DICE, noDice, poolText, readPool, tapped } from "../../docs/_static/calc/shared/dice-pool.js";

/** The dice as the build lists them for the roller: letter, side, in the order written. */
const DICE = [
  { letter: "A", against: false }, { letter: "M", against: false }, { letter: "B", against: false },
  { letter: "T", against: true }, { letter: "H", against: true }, { letter: "b", against: true },
];

/** @param {Record<string, number>} some */
const counts = (some) => ({ ...noDice(DICE), ...some });

test("tapped dice are written as counts and letters, the roller's first, then vs and the dice against them", () => {
  assert.equal(poolText(DICE, counts({ M: 2, A: 1, T: 2, b: 1 })), "1A 2M vs 2T 1b");
});

test("with nothing tapped against the roller there is no vs: the form's Difficulty then sets the Trial Dice", () => {
  assert.equal(poolText(DICE, counts({ A: 3, B: 1 })), "3A 1B");
});

test("dice tapped only against the roller leave the roller's side as 'no dice', never blank", () => {
  assert.equal(poolText(DICE, counts({ H: 1 })), `${NO_DICE} vs 1H`);
});

test("nothing tapped is an empty field", () => {
  assert.equal(poolText(DICE, noDice(DICE)), "");
});

test("a tap adds one die, a tap on minus takes one away, and a count never goes below none", () => {
  let c = tapped(noDice(DICE), "M", 1);
  c = tapped(c, "M", 1);
  c = tapped(c, "M", -1);
  assert.equal(c.M, 1);
  assert.equal(tapped(noDice(DICE), "b", -1).b, 0);
});

test("the text the roller writes reads back as the same counts", () => {
  const tappedCounts = counts({ A: 1, M: 2, B: 1, T: 2, H: 1, b: 3 });
  assert.deepEqual(readPool(poolText(DICE, tappedCounts), DICE), tappedCounts);
  assert.deepEqual(readPool(`${NO_DICE} vs 2T`, DICE), counts({ T: 2 }));
});

test("typed text in the same notation is read in any order and spacing, a die named twice counted twice", () => {
  assert.deepEqual(readPool("  2M   1A vs 1b 2T 1b ", DICE), counts({ M: 2, A: 1, T: 2, b: 2 }));
  assert.deepEqual(readPool("", DICE), noDice(DICE));
});

test("text written any other way is left to the engine: no counts", () => {
  for (const text of ["2 mastery 1 ability", "2m 1a", "2A vs hard", "2A vs", "vs 2T", "2A vs 1B", "1T vs 1T",
    "2A, 1M", "2A + 1M", "2X", "2A vs 1T vs 1b", "no dice 2A"]) {
    assert.equal(readPool(text, DICE), null, text);
  }
});
