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
  }
}
