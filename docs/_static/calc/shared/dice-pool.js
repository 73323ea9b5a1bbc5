// voidref: a Void Drifters pool tapped together die by die (the roller,
// roller.js), written as the text the pool field takes ("1A 2M vs 2T 1b").
// JavaScript knows no die here: the build lists the dice a pool is tapped
// from, each with the letter the engine's pool reader takes for it and its
// side (the roller's, or against it), in the order they are written. What the
// pool rolls, and whether the text is a valid pool, is the engine's to say:
// this only counts taps, and reads back the text it writes. No DOM here (the
// tests run it under node).

/**
 * One die a pool is tapped together from (as the build lists it).
 * @typedef {object} PoolDie
 * @property {string} letter  the letter the pool reader takes for it ("A", "b")
 * @property {boolean} against  a die against the roller: written after "vs"
 */

/** @typedef {Record<string, number>} Counts  how many of each die, by letter */

/** What an empty side is written as (the pool reader refuses a side left blank). */
export const NO_DICE = "no dice";

/**
 * No die of any kind.
 * @param {PoolDie[]} dice
 * @returns {Counts}
 */
export function noDice(dice) {
  return Object.fromEntries(dice.map((d) => [d.letter, 0]));
}

/**
 * @param {PoolDie[]} dice
 * @param {Counts} counts
 * @param {boolean} against
 */
function side(dice, counts, against) {
  return dice.filter((d) => d.against === against && (counts[d.letter] || 0) > 0)
    .map((d) => `${counts[d.letter]}${d.letter}`).join(" ");
}

/**
 * The text of a tapped pool: the roller's dice, then "vs" and the dice
 * against them if any; "" when nothing is tapped (the field is then empty,
 * and the form's other fields make the pool).
 * @param {PoolDie[]} dice  in the order they are written
 * @param {Counts} counts
 */
export function poolText(dice, counts) {
  const mine = side(dice, counts, false);
  const theirs = side(dice, counts, true);
  if (!theirs) return mine;
  return `${mine || NO_DICE} vs ${theirs}`;
}

/**
 * The counts of a pool's text, if it is written as poolText writes it (any
 * order, a die named twice counted twice); null for any other text (whole
 * names, a difficulty word, lower-case letters...), which only the engine
 * reads.
 * @param {string} text
 * @param {PoolDie[]} dice
 * @returns {Counts | null}
 */
export function readPool(text, dice) {
  const counts = noDice(dice);
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  let against = false;
  let named = false; // something was read on the current side
  let empty = false; // the current side was written "no dice"
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === "vs") {
      if (against || !named) return null;
      against = true;
      named = empty = false;
      continue;
    }
    if (token === "no" && tokens[i + 1] === "dice") {
      if (named) return null;
      i += 1;
      named = empty = true;
      continue;
    }
    const match = /^([0-9]{1,3})([A-Za-z])$/.exec(token);
    const die = match && dice.find((d) => d.letter === match[2]);
    if (!match || !die || die.against !== against || empty) return null;
    counts[die.letter] += Number(match[1]);
    named = true;
  }
  if (against && !named) return null;
  return counts;
}

/**
 * *counts* with one more (*step* 1) or one fewer (*step* −1) of the die
 * *letter*, never below none.
 * @param {Counts} counts
 * @param {string} letter
 * @param {number} step
 * @returns {Counts}
 */
export function tapped(counts, letter, step) {
  return { ...counts, [letter]: Math.max(0, (counts[letter] || 0) + step) };
}
