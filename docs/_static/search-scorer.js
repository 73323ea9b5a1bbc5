// Search ranking for players (conf.py: html_search_scorer; Sphinx puts this file in
// language_data.js, which only search.html loads).
//
// A player types the word they use at the table ("crit", "soak", "odds") and
// wants the rules page. Sphinx's default order lists glossary rows and Python
// API objects first (an object whose name contains the word scores above a page
// whose text does). Here:
// * a rules page that a glossary entry sends the reader to (an index entry that
//   voidref_sphinx.py adds to that page) comes first, just above the glossary row;
// * Python API objects, and the API and Python pages, come after every rules
//   page, in their own order (a developer still finds them at the end);
// * the snippet under each result is read from the article only, so it never
//   carries the theme's buttons ("System Settings Light Dark") or its contents box;
//   a glossary row shows the term's definition.
/* exported Scorer */
/* global Search */

var Scorer = {
  /** @param {[string, string, string, string, number, string, string]} result  Sphinx's: docname, title, anchor, description, score, file name, kind */
  score: (result) => {
    const [docname, , , , score, , kind] = result;
    if (kind === "object" || /(^|\/)(api|python)$/.test(docname)) return score - 1000;
    if (kind === "index" && !/(^|\/)glossary$/.test(docname)) return score + 2;
    return score;
  },
  // Sphinx's defaults for the rest (this object replaces its Scorer as a whole).
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};

(function () {
  // Sphinx reads a result's snippet from the page's [role=main], which in this theme
  // also holds the colour-mode menu, the contents box and the previous/next links.
  // Read the article instead, with its white space folded.
  const CHROME = [".headerlink", "script", "style", ".bd-header-article", ".bd-sidebar-secondary",
                  ".prev-next-area", ".theme-switch-container", ".voidref-term-popover"];
  /**
   * @param {string} htmlString
   * @param {string} [anchor]
   */
  function articleText(htmlString, anchor) {
    const doc = new DOMParser().parseFromString(htmlString, "text/html");
    CHROME.forEach((sel) => doc.querySelectorAll(sel).forEach((el) => el.remove()));
    const main = doc.querySelector('[role="main"] article') || doc.querySelector('[role="main"]');
    if (!main) return "";
    let node = main;
    if (anchor) {
      try {
        node = main.querySelector(anchor) || main;
      } catch (e) {
        node = main;  // an anchor that is no CSS selector: read the whole article
      }
    }
    let text = node.textContent;
    // a glossary term: show its definition too, not the bare word
    if (node.tagName === "DT") {
      let next = node.nextElementSibling;
      while (next && next.tagName === "DT") next = next.nextElementSibling;
      if (next) text += ": " + next.textContent;
    }
    return text.replace(/\s+/g, " ").trim();
  }
  function patch() {
    if (typeof Search !== "undefined") Search.htmlToText = articleText;
  }
  if (typeof Search !== "undefined") patch();
  else document.addEventListener("DOMContentLoaded", patch);
})();
