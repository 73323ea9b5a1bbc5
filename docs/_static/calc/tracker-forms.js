// voidref encounter tracker: the event forms. Reading one into the event sent
// to Python (eventOf: a box of whole numbers as a number, a check box as true
// or false, the stat block typed by hand as a join event), and Python's
// refusal shown beside the field it names, or under the form when it names
// none of its fields (showRefusal). Python decides what is refused.
import { part } from "./shared/dom.js";
import { app, say, t, ui } from "./tracker-page.js";

/** @typedef {import("./tracker-page.js").Refusal} Refusal */

// -- refusals beside their fields ------------------------------------------------------------

/**
 * The form control called *name* in *scope* or in the scopes around it.
 * @param {Element} scope
 * @param {string} name
 * @returns {HTMLInputElement | HTMLSelectElement | null}
 */
function fieldNamed(scope, name) {
  /** @type {Element | null} */
  let s = scope;
  while (s && name) {
    const found = s.querySelector(`[name="${CSS.escape(name)}"]`);
    if (found instanceof HTMLInputElement || found instanceof HTMLSelectElement) return found;
    s = s.parentElement ? s.parentElement.closest(".vt-scope") : null;
  }
  return null;
}

/** @param {Element} scope  its refusals taken away */
export function clearRefusal(scope) {
  for (const field of scope.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  for (const slot of scope.querySelectorAll(".vc-error")) slot.textContent = "";
  for (const general of scope.querySelectorAll(".vt-general")) {
    general.textContent = "";
    if (general instanceof HTMLElement) general.hidden = true;
  }
}

export function clearAllRefusals() {
  clearRefusal(app);
}

/**
 * Show Python's refusal beside the field it names (error.argument: "event.successes" is the
 * successes box), or under the form when it names none of its fields; and say it.
 * @param {Element} scope  the form (or group) that sent the event
 * @param {Refusal} error
 */
export function showRefusal(scope, error) {
  clearAllRefusals();
  const argument = String(error.argument || "").replace(/^event\./, "");
  const field = fieldNamed(scope, argument);
  const slot = field ? document.getElementById(`${field.id}-err`) : null;
  if (field && slot) {
    slot.textContent = error.message;
    field.setAttribute("aria-invalid", "true");
    const described = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (!described.includes(slot.id)) field.setAttribute("aria-describedby", [...described, slot.id].join(" "));
    const fold = field.closest("details");
    if (fold) fold.open = true;
    field.focus();
  } else {
    const general = scope.querySelector(".vt-general");
    if (general instanceof HTMLElement) {
      general.textContent = error.message;
      general.hidden = false;
    }
  }
  say(`Refused: ${error.message}`);
}

// -- reading the forms -----------------------------------------------------------------------

/**
 * What a control holds, as the event's JSON takes it: a box of whole numbers gives a number when
 * it holds one (else its text, which Python refuses by name), a check box true or false.
 * @param {HTMLInputElement | HTMLSelectElement} field
 * @returns {string | number | boolean}
 */
function valueOf(field) {
  if (field instanceof HTMLInputElement && field.type === "checkbox") return field.checked;
  const text = field.value;
  if (field.dataset.low !== undefined && /^\s*[+\-\u2212]?\d{1,6}\s*$/.test(text)) {
    return Number.parseInt(text.trim().replace("\u2212", "-"), 10);
  }
  return text;
}

/**
 * The named controls of *scope* that are the event's fields, by name.
 * @param {Element} scope
 * @param {string[]} [leave]  names that are not fields of the event
 * @returns {Record<string, string | number | boolean>}
 */
export function fieldsOf(scope, leave = []) {
  /** @type {Record<string, string | number | boolean>} */
  const out = {};
  for (const field of scope.querySelectorAll("input[name], select[name]")) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) continue;
    if (leave.includes(field.name) || (field instanceof HTMLInputElement && field.type === "file")) continue;
    out[field.name] = valueOf(field);
  }
  return out;
}

/** The acting combatant's name (the answer's choices.turn). */
export function actor() {
  return (t.answer && t.answer.choices.turn) || "";
}

/**
 * The event a form describes.
 * @param {HTMLFormElement} f
 * @returns {Record<string, unknown>}
 */
export function eventOf(f) {
  const event = formEvent(f);
  // The faces the engine rolled go with the event only if nothing changed since the roll.
  if (f.dataset.faces && f.dataset.rolled === JSON.stringify(event)) event.faces = JSON.parse(f.dataset.faces);
  return event;
}

/**
 * The event a form describes, without the faces of a roll.
 * @param {HTMLFormElement} f
 * @returns {Record<string, unknown>}
 */
function formEvent(f) {
  const type = f.dataset.event || "";
  if (f.id === "vt-preset") {
    const preset = t.presets[Number(part(f, "[name=preset]", HTMLSelectElement).value)];
    const name = part(f, "[name=name]", HTMLInputElement).value;
    return { ...(preset ? preset.event : { type }), name };
  }
  if (f.id === "vt-join") return joinEvent(f);
  if (f.id === "vt-check") return { type, name: actor(), ...fieldsOf(f) };
  if (f.id === "vt-crit") return { type, target: (t.answer && t.answer.choices.crit_target) || "", ...fieldsOf(f) };
  if (["vt-move", "vt-take-cover", "vt-maneuver"].includes(f.id)) {
    return { type, name: actor(), ...fieldsOf(f), strain: ui.strain.checked };
  }
  if (["vt-attack", "vt-gm-spend"].includes(f.id)) return { type, name: actor(), ...fieldsOf(f) };
  return { type, ...fieldsOf(f) };
}

/**
 * Remember a roll's faces for the event the form now describes (they go with it if nothing changes).
 * @param {HTMLFormElement} f
 * @param {string[] | undefined} faces  one per die of the pool, in its order ("SB", "-")
 */
export function keepRolledFaces(f, faces) {
  delete f.dataset.faces;
  delete f.dataset.rolled;
  if (!faces || !faces.length || f.id === "vt-crit") return;
  f.dataset.rolled = JSON.stringify(formEvent(f));
  f.dataset.faces = JSON.stringify(faces);
}

/**
 * A join event from the stat block typed in by hand.
 * @param {HTMLFormElement} f
 */
function joinEvent(f) {
  const weapons = [...f.querySelectorAll("fieldset.vt-weapon")].map((set) => {
    const w = fieldsOf(set);
    return { name: w.weapon_name, damage: w.damage, crit: w.crit, range: w.range, skill: w.skill };
  });
  const all = fieldsOf(f, ["weapon_name", "damage", "crit", "range", "skill"]);
  /** @type {Record<string, unknown>} */
  const character = { name: all.name };
  /** @type {Record<string, unknown>} */
  const skills = {};
  for (const [key, value] of Object.entries(all)) {
    const skill = /^skills\[(.+)\]$/.exec(key);
    if (skill) {
      if (value !== 0) skills[skill[1]] = value;
    } else if (!["name", "side", "stated_wound_points"].includes(key)) {
      character[key] = value;
    }
  }
  character.skills = skills;
  const stated = String(all.stated_wound_points).trim();
  if (stated) character.stated_wound_points = /^\d+$/.test(stated) ? Number(stated) : stated;
  return { type: "join", name: all.name, side: all.side, character, weapons };
}
