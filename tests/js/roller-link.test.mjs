// A calculator's "Roll this" (docs/_static/calc/shared/roll-link.js): the roller page's address with the
// calculator's inputs that the roller shares.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rollHref } from "../../docs/_static/calc/shared/roll-link.js";

const PAGE = "https://voidref.example/roller.html#roller-drifters-roll";
const SHARED = { characteristic: "3", skill: "1", dice: "", boon_dice: "0" };

test("the inputs that differ from the roller's defaults go into the URL, under the roller's name", () => {
  const href = rollHref(PAGE, "drifters-roll", SHARED, { characteristic: "3", skill: "2", dice: "2M 1A vs 2T" });
  const url = new URL(href);
  assert.deepEqual([...url.searchParams], [["drifters-roll.skill", "2"], ["drifters-roll.dice", "2M 1A vs 2T"]]);
  assert.equal(url.hash, "#roller-drifters-roll");
  assert.equal(url.pathname, "/roller.html");
});

test("a field the roller does not share is left behind", () => {
  const href = rollHref(PAGE, "drifters-roll", SHARED, { skill: "2", count: "3" });
  assert.equal(new URL(href).search, "?drifters-roll.skill=2");
});

test("at the roller's defaults the link carries no inputs, and older ones are dropped", () => {
  const old = "https://voidref.example/roller.html?drifters-roll.skill=4#roller-drifters-roll";
  assert.equal(rollHref(old, "drifters-roll", SHARED, { skill: "1" }), PAGE);
});
