// voidref calculators: "Roll this" (the build writes it beside a calculator
// that names its roller). The link opens the roller page at that roller; this
// script keeps its address carrying the calculator's current inputs that the
// roller shares (shared/roll-link.js), so the roller shows the same pool. It
// reads the form as it is whenever the link may be followed (pressed,
// focused, opened in a new tab) and after each change. Without it the link
// still opens the roller, at its defaults.
//
// It listens once, on the document: a calculator below the first screen gets
// its form (and this link) from calc.js a moment after the page is parsed,
// whichever of the two scripts runs first.
import { rollHref } from "./shared/roll-link.js";
import { readInputs } from "./shared/url-state.js";

/** @type {WeakMap<HTMLAnchorElement, string>} the address the build wrote (the link's own href follows the inputs) */
const bases = new WeakMap();

/** @param {HTMLAnchorElement} link */
function update(link) {
  const form = link.closest("form");
  const roller = link.dataset.roller;
  if (!form || !roller) return;
  /** @type {Record<string, string>} */
  let shared;
  try {
    shared = JSON.parse(link.dataset.shared || "{}");
  } catch {
    return;
  }
  let base = bases.get(link);
  if (base === undefined) {
    base = new URL(link.getAttribute("href") || "", location.href).href;
    bases.set(link, base);
  }
  link.href = rollHref(base, roller, shared, readInputs(form));
}

/** @param {Event} event */
function onLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a.vc-roll") : null;
  if (link instanceof HTMLAnchorElement) update(link);
}

/** @param {Event} event */
function onChange(event) {
  const form = event.target instanceof Element ? event.target.closest("form") : null;
  const link = form && form.querySelector("a.vc-roll");
  if (link instanceof HTMLAnchorElement) update(link);
}

for (const type of ["pointerdown", "focusin", "mouseover", "contextmenu", "click"]) {
  document.addEventListener(type, onLink, { capture: true, passive: true });
}
document.addEventListener("input", onChange, { passive: true });
document.addEventListener("change", onChange, { passive: true });
function updateAll() {
  for (const link of document.querySelectorAll("a.vc-roll")) {
    if (link instanceof HTMLAnchorElement) update(link);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", updateAll, { once: true });
else updateAll();
