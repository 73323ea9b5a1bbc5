// voidref: when the site-navigation or contents panel closes, focus returns to
// the button that opened it, so a keyboard or screen-reader user keeps their
// place. sphinx-book-theme blurs the button on click, so without this focus
// would fall back to the top of the page. Tested in tests/test_browser_nav.py.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const pairs = [
    [".primary-toggle", "#pst-primary-sidebar-modal"],
    [".secondary-toggle", "#pst-secondary-sidebar-modal"],
  ];
  for (const [buttonSelector, dialogSelector] of pairs) {
    const button = document.querySelector(buttonSelector);
    const dialog = document.querySelector(dialogSelector);
    if (button instanceof HTMLElement && dialog) {
      dialog.addEventListener("close", () => button.focus({ preventScroll: true }));
    }
  }
});
