// Wide tables on a phone: mark each table box that scrolls sideways, so that
// player.css shows a "swipe for more columns" line and fades the right edge
// while columns remain to the right. Tables a calculator redraws are followed.
(function () {
  "use strict";
  const BOXES = ".pst-scrollable-table-container, .vc-table-wrap, .voidref-table-scroll";
  const seen = new WeakSet();
  // A box's size is reported here and marked in the next frame (later), never inside the report: the
  // mark adds the cue line, which resizes the box, and a resize made while sizes are being reported is a
  // "ResizeObserver loop" (WebKit logs it as an error).
  const resize = "ResizeObserver" in window
    ? new ResizeObserver((es) => { es.forEach((e) => changed.add(e.target)); later(); })
    : null;

  /** @param {Element} box  a table's scrolling box */
  function mark(box) {
    const wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("voidref-scrolls", wide);
    box.classList.toggle("voidref-scrolled-end", wide && box.scrollLeft + box.clientWidth >= box.scrollWidth - 2);
    if (wide && !box.hasAttribute("tabindex") && box instanceof HTMLElement) box.tabIndex = 0;  // scrollable by keyboard too
  }

  /** @param {Element} table */
  function boxFor(table) {
    const parent = /** @type {HTMLElement} */ (table.parentElement);
    if (parent.matches(BOXES)) return parent;
    const overflow = getComputedStyle(parent).overflowX;
    if (overflow === "auto" || overflow === "scroll") return parent;
    // a table with no scrolling box of its own (the general index): give it one
    const box = document.createElement("div");
    box.className = "voidref-table-scroll";
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Table (scrolls sideways)");
    parent.insertBefore(box, table);
    box.appendChild(table);
    return box;
  }

  /**
   * Follow every table's box not yet followed. A new box is first marked once its ResizeObserver has
   * reported it, after the browser's own layout, so that loading the page forces no layout of its own
   * (the calculators page has 18 tables among 4,800 elements).
   */
  function scan() {
    document.querySelectorAll("article table").forEach((table) => {
      const box = boxFor(table);
      if (seen.has(box)) return;
      seen.add(box);
      box.addEventListener("scroll", () => mark(box), { passive: true });
      if (resize) resize.observe(box);
      else mark(box);
    });
  }

  /** @type {Set<Element>} boxes whose content changed since the last frame (a calculator redrew a table) */
  const changed = new Set();
  let pending = false;
  /** @param {MutationRecord[]} [records] */
  function later(records) {
    for (const r of records || []) {
      const target = r.target instanceof Element ? r.target : r.target.parentElement;
      const box = target && target.closest(BOXES);
      if (box) changed.add(box);
    }
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      scan();
      changed.forEach((box) => { if (seen.has(box)) mark(box); });
      changed.clear();
    });
  }

  scan();
  const article = document.querySelector("article") || document.body;
  new MutationObserver(later).observe(article, { childList: true, subtree: true });
  window.addEventListener("resize", () => later());
})();
