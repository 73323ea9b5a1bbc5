// voidref: Python's message for a field, shown under it (the build writes an
// empty "<field id>-err" slot for each), the field marked invalid while it has
// one. Used by the calculators (calc.js) and the replays' forms (examples.js).
import { namedFields } from "./url-state.js";

/**
 * Show each field's message from *errors* (by field name) and clear the others.
 * @param {HTMLFormElement} form
 * @param {Record<string, string>} [errors]
 */
export function showFieldErrors(form, errors = {}) {
  for (const field of namedFields(form)) {
    const slot = form.querySelector(`#${CSS.escape(field.id)}-err`);
    const message = errors[field.name] || "";
    if (slot) slot.textContent = message;
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }
}
