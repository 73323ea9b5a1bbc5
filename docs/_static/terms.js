// Glossary popovers: tapping a game term shows its definition in place, so a
// reader on a phone keeps their place. The definitions are put in each page at
// build time (a JSON block); without JavaScript the link simply opens the glossary.
(function () {
  "use strict";
  const data = document.getElementById("voidref-terms");
  if (!data) return;
  /** @type {Record<string, string>} the definitions, by the glossary's anchor */
  const defs = JSON.parse(data.textContent || "{}");
  /** @type {{box: HTMLElement, link: HTMLAnchorElement} | null} the preview shown, and its link */
  let open = null;

  /** @param {boolean} restoreFocus */
  function close(restoreFocus) {
    if (!open) return;
    const { box, link } = open;
    box.remove();
    link.setAttribute("aria-expanded", "false");
    open = null;
    if (restoreFocus) link.focus();
  }

  /**
   * @param {HTMLAnchorElement} link
   * @param {string} anchor
   */
  function show(link, anchor) {
    close(false);
    const box = document.createElement("div");
    box.className = "voidref-term-popover";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "Definition of " + link.textContent);
    box.tabIndex = -1;
    const title = document.createElement("strong");
    title.textContent = link.textContent;
    const text = document.createElement("p");
    text.textContent = defs[anchor];
    const more = document.createElement("a");
    more.href = link.href;
    more.textContent = "Open in the glossary";
    const shut = document.createElement("button");
    shut.type = "button";
    shut.className = "voidref-term-close";
    shut.textContent = "Close";
    shut.addEventListener("click", () => close(true));
    box.append(title, text, more, shut);
    // In a table cell the preview would be squeezed to the cell's width (a word a
    // line on a phone): open it under the table instead, at the text's width.
    const table = link.closest("table");
    const host = table ? (table.closest(".voidref-table-scroll, .pst-scrollable-table-container, .vc-table-wrap") || table) : null;
    if (host) host.insertAdjacentElement("afterend", box);
    else link.insertAdjacentElement("afterend", box);
    link.setAttribute("aria-expanded", "true");
    open = { box, link };
    box.focus();
  }

  const links = /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a.reference.internal"));
  links.forEach((link) => {
    if (!link.querySelector(".std-term")) return;
    const anchor = (link.getAttribute("href") || "").split("#")[1];
    if (!anchor || !(anchor in defs)) return;
    link.setAttribute("aria-haspopup", "dialog");
    link.setAttribute("aria-expanded", "false");
    link.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      if (open && open.link === link) close(true);
      else show(link, anchor);
    });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close(true);
  });
  document.addEventListener("click", (event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (open && !open.box.contains(target) && target !== open.link && !open.link.contains(target)) close(false);
  });
})();
