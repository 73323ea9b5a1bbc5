// voidref: a form's inputs, and the inputs that differ from its defaults kept
// in the page's URL as "?key.field=value", so that a link restores the same
// setup (key: a calculator's, or a replay's name). Used by the calculators
// (calc.js) and the replays' forms (examples.js). The functions over
// URLSearchParams touch no page: the tests run them under node.

/** @typedef {Record<string, string>} Inputs  a form's values by field name, as text */

/**
 * The fields of *form* that have a name (the buttons have none).
 * @param {HTMLFormElement} form
 * @returns {(HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[]}
 */
export function namedFields(form) {
  const out = [];
  for (const field of form.elements) {
    if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement
      || field instanceof HTMLTextAreaElement) && field.name) out.push(field);
  }
  return out;
}

/**
 * The values of *form*'s fields (a checkbox as "1" or "0").
 * @param {HTMLFormElement} form
 * @returns {Inputs}
 */
export function readInputs(form) {
  /** @type {Inputs} */
  const inputs = {};
  for (const field of namedFields(form)) {
    inputs[field.name] = field instanceof HTMLInputElement && field.type === "checkbox"
      ? (field.checked ? "1" : "0") : field.value;
  }
  return inputs;
}

/**
 * Put *inputs* into *form* (fields not named in them stay as they are).
 * @param {HTMLFormElement} form
 * @param {Inputs} inputs
 */
export function writeInputs(form, inputs) {
  for (const field of namedFields(form)) {
    if (!(field.name in inputs)) continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = inputs[field.name] === "1";
    else field.value = inputs[field.name];
  }
}

/**
 * Of *inputs*, those that differ from *defaults*.
 * @param {Inputs} inputs
 * @param {Inputs} defaults
 * @returns {Inputs}
 */
export function differences(inputs, defaults) {
  /** @type {Inputs} */
  const out = {};
  for (const [name, value] of Object.entries(inputs)) if (value !== defaults[name]) out[name] = value;
  return out;
}

/**
 * Set "key.name" in *params* for each input that differs from its default; remove the others.
 * @param {URLSearchParams} params
 * @param {string} key
 * @param {Inputs} inputs
 * @param {Inputs} defaults
 */
export function writeParams(params, key, inputs, defaults) {
  for (const [name, value] of Object.entries(inputs)) {
    if (value === defaults[name]) params.delete(`${key}.${name}`);
    else params.set(`${key}.${name}`, value);
  }
}

/**
 * The inputs *params* sets under *key* for the fields *names*.
 * @param {URLSearchParams} params
 * @param {string} key
 * @param {Iterable<string>} names
 * @returns {Inputs}
 */
export function readParams(params, key, names) {
  /** @type {Inputs} */
  const out = {};
  for (const name of names) {
    const value = params.get(`${key}.${name}`);
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * A whole setup from the JSON of the inputs that differ from *defaults* (as a
 * link keeps it): what cannot be read, or is not a field's text, is left at its default.
 * @param {string} raw
 * @param {Inputs} defaults
 * @returns {Inputs}
 */
export function setupFromJson(raw, defaults) {
  let saved;
  try {
    saved = JSON.parse(raw);
  } catch {
    saved = {};
  }
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) saved = {};
  const setup = { ...defaults };
  for (const name of Object.keys(defaults)) if (typeof saved[name] === "string") setup[name] = saved[name];
  return setup;
}

/** The page's own query, to change and write back with replaceQuery. */
export function pageParams() {
  return new URLSearchParams(location.search);
}

/**
 * Make *params* the page's query, in place (no new history entry).
 * @param {URLSearchParams} params
 */
export function replaceQuery(params) {
  history.replaceState(history.state, "", withQuery(location.pathname, params) + location.hash);
}

/**
 * *path* with *params* as its query (none if empty).
 * @param {string} path
 * @param {URLSearchParams} params
 */
export function withQuery(path, params) {
  const query = params.toString();
  return path + (query ? "?" + query : "");
}
