// What docs/_static/search-scorer.js uses of Sphinx's search page (searchtools.js, a classic script).
declare const Search: {
  /** The text of a result's snippet, read from the page's HTML (*anchor*: the part of it the result is). */
  htmlToText: (htmlString: string, anchor?: string) => string;
};
