// voidref: the "−" and "+" buttons beside a number box (the build writes them
// with the box's range as data-low and data-high, from the field's definition).
// Used by the calculators (calc.js) and the replays' forms (examples.js).

/**
 * The value a "−" or "+" gives: the number in *text* (a typed "−" read as a
 * minus) moved by *step* and kept within low..high; from *fallback* when the
 * box holds no number.
 * @param {string} text
 * @param {number} step
 * @param {number} low
 * @param {number} high
 * @param {number} fallback
 */
export function stepped(text, step, low, high, fallback) {
  const now = Number.parseInt(text.replace("\u2212", "-"), 10);
  const start = Number.isNaN(now) ? fallback : now;
  return String(Math.min(high, Math.max(low, start + step)));
}

/**
 * Make each ".vc-step" button of *form* move its number box by its data-step;
 * the box then fires "input", as if typed (nothing when the value stays).
 * @param {HTMLFormElement} form
 * @param {Record<string, string>} defaults  each box's value to start from when it holds no number
 */
export function setUpSteppers(form, defaults) {
  for (const button of form.querySelectorAll(".vc-step")) {
    if (!(button instanceof HTMLElement)) continue;
    button.addEventListener("click", () => {
      const box = button.parentElement && button.parentElement.querySelector("input");
      if (!box) return;
      const next = stepped(box.value, Number(button.dataset.step), Number(box.dataset.low),
        Number(box.dataset.high), Number(defaults[box.name]));
      if (next === box.value) return;
      box.value = next;
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    button.dataset.wired = "";
  }
  replayEarlyTaps(form);
}

/**
 * Tap again, in order, each "−" or "+" of *form* that the player tapped before this script was there: the
 * page's loader (docs/_ext/voidref_calculators/paint.py) keeps them in `voidrefEarlyTaps` until their
 * button is wired (`data-wired`), so a tap made while the page was still loading is not lost.
 * @param {HTMLFormElement} form
 */
export function replayEarlyTaps(form) {
  const early = /** @type {{voidrefEarlyTaps?: HTMLElement[]}} */ (globalThis).voidrefEarlyTaps;
  if (!Array.isArray(early)) return;
  for (let i = 0; i < early.length;) {
    const button = early[i];
    if (form.contains(button)) {
      early.splice(i, 1);
      button.click();
    } else {
      i++;
    }
  }
}
