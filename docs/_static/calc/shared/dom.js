// voidref: small DOM helpers for a page's scripts: a new element in one call
// (el), an element the build always writes, found or a clear error (part),
// the text of anything thrown (messageOf), and a number with its noun
// ("1 event", "2 events": count). Used by the encounter tracker's modules
// (tracker*.js).

/**
 * A new element: *props* set as properties where it has them, else as attributes; then *children*.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean>} [props]
 * @param {(Node | string)[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = String(value);
    else if (key in node) /** @type {any} */ (node)[key] = value;
    else node.setAttribute(key, String(value));
  }
  node.append(...children);
  return node;
}

/**
 * The element the build always writes.
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new () => E} type
 * @param {string} [what]  what the page part is, for the error when the build wrote it without *selector*
 * @returns {E}
 */
export function part(root, selector, type, what = "the tracker") {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`${what} without its ${selector}`);
  return found;
}

/** @param {unknown} err */
export function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * "1 Success", "2 Successes"...
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export function count(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}
