// voidref calculators: "Roll this" (the build writes it beside a calculator
// that names its roller). The link opens the roller page at that roller; this
// script keeps its address carrying the calculator's current inputs that the
// roller shares (shared/roll-link.js), so the roller shows the same pool. It
// reads the form as it is whenever the link may be followed (pressed,
// focused, opened in a new tab) and after each change. Without it the link
// still opens the roller, at its defaults.
import { rollHref } from "./shared/roll-link.js";
import { readInputs } from "./shared/url-state.js";

/** @param {HTMLAnchorElement} link */
function setUp(link) {
  const root = link.closest(".voidref-calc");
  const form = root && root.querySelector("form");
  const roller = link.dataset.roller;
  if (!form || !roller) return;
  /** @type {Record<string, string>} */
  let shared = {};
  try {
    shared = JSON.parse(link.dataset.shared || "{}");
  } catch {
    return;
  }
  const base = new URL(link.getAttribute("href") || "", location.href).href;
  const update = () => { link.href = rollHref(base, roller, shared, readInputs(form)); };
  for (const type of ["pointerdown", "focus", "mouseenter", "contextmenu", "click"]) {
    link.addEventListener(type, update);
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
}

function setUpPage() {
  for (const link of document.querySelectorAll("a.vc-roll")) {
    if (link instanceof HTMLAnchorElement) setUp(link);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
