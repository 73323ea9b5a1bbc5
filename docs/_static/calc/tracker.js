// voidref encounter tracker: main-thread glue for the {tracker} page. A Void
// Drifters fight is kept as its log of events; Python (voidref.calc.tracker,
// through the page's one worker) referees it and answers every question: the
// state, the account, what may happen next, the odds, the rolls, a refusal
// naming the field to change. This script only sends what the player taps
// and shows what Python answers: which forms show is the answer's
// `choices.events`; no rule is decided here.
//
// - Before the player opens the tracker the page is plain HTML and no Python
//   is fetched. "Open the tracker", "Open the Docking Bay fight", or a link
//   asking for the example (?example=docking-bay) starts it; a reload of a
//   tab that had it open resumes it (sessionStorage).
// - The log is saved on the device after every event (tracker-store.js: one
//   localStorage item per encounter, with the events undone for Redo and a
//   revision number). Another tab's newer save is never overwritten: a
//   notice offers to load it or to keep this tab's version as a copy.
// - Undo and Redo ask Python for the state of the shorter or longer log (it
//   keeps the states of the last log, so each costs one event).
// - Files: "Save to a file" downloads Python's export (<name>.voidref.json);
//   "Open a file" imports one. When a file holds an event this build cannot
//   take, the events before it are loaded and the file's text is kept whole.
// - Timings of every question are noted in window.voidrefTracker.timings.
import { python } from "./shared/python.js";
import { setUpSteppers } from "./shared/stepper.js";
import {
  EncounterStore, atCount, deviceStorage, fileName, idOfKey, parseRecord, redone, undone, uniqueName, withEvent,
} from "./tracker-store.js";

python.timing.script = performance.now();

const ASK_TIMEOUT_MS = 30000;
const ODDS_DELAY_MS = 120;
/** sessionStorage: this tab had the tracker open, so a reload opens it again */
const OPEN_FLAG = "voidref-tracker-open";
const EXAMPLE = "docking-bay";
const EXAMPLE_NAME = "Docking Bay fight";

/**
 * A refusal of Python's: the field it names (argument) and why.
 * @typedef {{argument?: string | null, message: string}} Refusal
 */

/**
 * One combatant as Python's state shows them.
 * @typedef {object} FighterView
 * @property {string} name
 * @property {string} side
 * @property {string} kind
 * @property {number} wounds
 * @property {number} wound_points
 * @property {number | null} strain
 * @property {number | null} strain_points
 * @property {boolean} incapacitated
 * @property {{name: string, turns: number}[]} conditions
 * @property {string} cover
 * @property {number | null} initiative
 * @property {boolean} acted
 * @property {number} maneuvers
 * @property {boolean} action_used
 * @property {{d100: number, bonus: number, total: number, severity: string}[]} injuries
 * @property {string[]} weapons
 * @property {Record<string, string>} bands
 */

/**
 * Python's answer for a log (ops state and add).
 * @typedef {object} StateAnswer
 * @property {boolean} ok
 * @property {Refusal} [error]
 * @property {number} count
 * @property {{round: number, slots: string[], slot: number, slot_side: string | null, turn: string | null,
 *   gravity: string, over: boolean, fighters: FighterView[],
 *   last_roll: null | {name: string, target: string | null, weapon: string | null, successes: number,
 *   boons: number, boons_left: number, banes_left: number, crit_available: boolean}}} state
 * @property {{events: string[], may_take?: string[], turn?: string, spends?: string[], targets?: string[],
 *   weapons?: string[], crit_target?: string | null}} choices
 * @property {{index: number, round: number, actor: string | null, text: string,
 *   changes: {name: string, wounds: number, wound_points: number, strain: number | null,
 *   strain_points: number | null, conditions: string[], incapacitated: boolean}[]}[]} account
 * @property {object} [event]  the event added, as the log keeps it
 */

/** @typedef {import("./tracker-store.js").Encounter} Encounter */

/**
 * A new element: *props* set as properties where it has them, else as attributes; then *children*.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean>} [props]
 * @param {(Node | string)[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, props = {}, ...children) {
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
 * @returns {E}
 */
function part(root, selector, type) {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`the tracker without its ${selector}`);
  return found;
}

/** @param {unknown} err */
function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * "1 Success", "2 Successes"...
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
function count(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}

// -- the page's one state --------------------------------------------------------------------

const root = part(document, ".voidref-tracker", HTMLElement);
const app = part(root, ".vt-app", HTMLElement);
const store = new EncounterStore(deviceStorage());
/** @type {{spends: Record<string, string>}} */
const built = JSON.parse(root.dataset.tracker || "{}");

const t = {
  /** @type {Encounter | null} the encounter open */
  record: /** @type {Encounter | null} */ (null),
  /** @type {StateAnswer | null} Python's answer for record.events */
  answer: /** @type {StateAnswer | null} */ (null),
  /** @type {{label: string, event: Record<string, any>}[]} */
  presets: /** @type {{label: string, event: Record<string, any>}[]} */ ([]),
  /** another tab saved or deleted the encounter open: saving waits for the player's choice */
  conflict: /** @type {null | {reason: string, stored: Encounter | null}} */ (null),
  /** @type {Promise<void> | null} */
  starting: /** @type {Promise<void> | null} */ (null),
  /** the questions are asked one at a time, in the order of the taps */
  queue: Promise.resolve(),
  oddsSeq: 0,
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  oddsTimer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined),
  /** @type {{op: string, ms: number, events: number, cold: boolean}[]} */
  timings: /** @type {{op: string, ms: number, events: number, cold: boolean}[]} */ ([]),
};

const ui = {
  start: part(root, ".vt-start", HTMLElement),
  saved: part(root, ".vt-saved", HTMLElement),
  progress: part(root, ".vt-progress", HTMLElement),
  open: part(root, ".vt-start .vt-open", HTMLButtonElement),
  openExample: [...root.querySelectorAll(".vt-open-example")].filter((b) => b instanceof HTMLButtonElement),
  pick: part(app, "#vt-pick", HTMLSelectElement),
  renameForm: part(app, ".vt-rename-form", HTMLFormElement),
  renameBox: part(app, "#vt-rename-name", HTMLInputElement),
  confirmDelete: part(app, ".vt-confirm-delete", HTMLElement),
  importBox: part(app, "#vt-import", HTMLInputElement),
  notice: part(app, ".vt-notice", HTMLElement),
  problem: part(app, ".vt-problem", HTMLElement),
  steps: part(app, ".vt-steps", HTMLElement),
  step: part(app, "#vt-step", HTMLSelectElement),
  announce: part(app, ".vt-announce", HTMLElement),
  undo: part(app, ".vt-undo", HTMLButtonElement),
  redo: part(app, ".vt-redo", HTMLButtonElement),
  nowText: part(app, ".vt-now-text", HTMLElement),
  slots: part(app, ".vt-slots", HTMLOListElement),
  setup: part(app, ".vt-setup", HTMLElement),
  initiative: part(app, ".vt-initiative", HTMLElement),
  initList: part(app, ".vt-init-list", HTMLUListElement),
  round: part(app, ".vt-round", HTMLElement),
  roundNote: part(app, ".vt-round-note", HTMLElement),
  takers: part(app, ".vt-takers", HTMLElement),
  turn: part(app, ".vt-turn", HTMLElement),
  turnNote: part(app, ".vt-turn-note", HTMLElement),
  maneuvers: part(app, ".vt-maneuvers", HTMLElement),
  manNote: part(app, ".vt-man-note", HTMLElement),
  strain: part(app, "#vt-man-strain", HTMLInputElement),
  spendButtons: part(app, ".vt-spend-buttons", HTMLElement),
  odds: part(app, "#vt-attack-odds", HTMLElement),
  critTarget: part(app, ".vt-crit-target", HTMLElement),
  scene: part(app, ".vt-scene", HTMLDetailsElement),
  end: part(app, ".vt-end", HTMLElement),
  confirmEnd: part(app, ".vt-confirm-end", HTMLElement),
  cards: part(app, ".vt-cards", HTMLUListElement),
  account: part(app, ".vt-account-body", HTMLElement),
  copyText: part(app, ".vt-copy-text", HTMLTextAreaElement),
  /** @type {Record<string, HTMLFormElement>} the event forms, by id */
  forms: /** @type {Record<string, HTMLFormElement>} */ ({}),
};
for (const form of app.querySelectorAll("form.vt-form")) {
  if (form instanceof HTMLFormElement) ui.forms[form.id] = form;
}

/**
 * @param {string} id
 * @returns {HTMLFormElement}
 */
function form(id) {
  const found = ui.forms[id];
  if (!found) throw new Error(`the tracker without its form ${id}`);
  return found;
}

// -- asking Python ---------------------------------------------------------------------------

/**
 * Python's answer to one of the tracker's questions (voidref.calc.tracker.run).
 * @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
async function ask(args) {
  const cold = !python.ready;
  const t0 = performance.now();
  const answer = await python.ask({ type: "examples", call: "tracker", args },
    { timeoutMs: ASK_TIMEOUT_MS, stopped: "Stopped a question that took too long; Python restarts at the next tap." });
  const events = Array.isArray(args.events) ? args.events.length : 0;
  t.timings.push({ op: String(args.op), ms: performance.now() - t0, events, cold });
  return answer;
}

/**
 * Run *task* after the tasks already waiting: the taps are answered in their order.
 * @param {() => Promise<void>} task
 */
function queued(task) {
  const run = t.queue.then(task).catch((err) => {
    say(`Python could not answer (${messageOf(err)}). Tap again to retry.`);
  }).finally(() => {
    root.dataset.busy = "";
    delete root.dataset.busy;
  });
  root.dataset.busy = "1";
  t.queue = run;
  return run;
}

/** @param {string} text  said in the status region (a screen reader reads it) */
function say(text) {
  ui.announce.textContent = text;
}

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
function clearRefusal(scope) {
  for (const field of scope.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  for (const slot of scope.querySelectorAll(".vc-error")) slot.textContent = "";
  for (const general of scope.querySelectorAll(".vt-general")) {
    general.textContent = "";
    if (general instanceof HTMLElement) general.hidden = true;
  }
}

function clearAllRefusals() {
  clearRefusal(app);
}

/**
 * Show Python's refusal beside the field it names (error.argument: "event.successes" is the
 * successes box), or under the form when it names none of its fields; and say it.
 * @param {Element} scope  the form (or group) that sent the event
 * @param {Refusal} error
 */
function showRefusal(scope, error) {
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
function fieldsOf(scope, leave = []) {
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
function actor() {
  return (t.answer && t.answer.choices.turn) || "";
}

/**
 * The event a form describes.
 * @param {HTMLFormElement} f
 * @returns {Record<string, unknown>}
 */
function eventOf(f) {
  const type = f.dataset.event || "";
  if (f.id === "vt-preset") {
    const preset = t.presets[Number(part(f, "[name=preset]", HTMLSelectElement).value)];
    const name = part(f, "[name=name]", HTMLInputElement).value;
    return { ...(preset ? preset.event : { type }), name };
  }
  if (f.id === "vt-join") return joinEvent(f);
  if (f.id === "vt-init") return { type, ...fieldsOf(f, ["surprised"]) };
  if (f.id === "vt-check") return { type, name: actor(), ...fieldsOf(f, ["dice"]) };
  if (f.id === "vt-crit") return { type, target: (t.answer && t.answer.choices.crit_target) || "", ...fieldsOf(f) };
  if (["vt-move", "vt-take-cover", "vt-maneuver"].includes(f.id)) {
    return { type, name: actor(), ...fieldsOf(f), strain: ui.strain.checked };
  }
  if (["vt-attack", "vt-gm-spend"].includes(f.id)) return { type, name: actor(), ...fieldsOf(f) };
  return { type, ...fieldsOf(f) };
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

// -- events ------------------------------------------------------------------------------------

/**
 * Send one event the player made; on Python's yes, add it to the log and save.
 * @param {Record<string, unknown>} event
 * @param {Element} scope  where a refusal is shown
 * @param {() => void} [after]  what to do once it is in (reset the form...)
 */
function addEvent(event, scope, after) {
  return queued(async () => {
    const record = t.record;
    if (!record) return;
    if (t.conflict) {
      say("Nothing was recorded: choose first what happens to this encounter (see the notice at the top).");
      ui.notice.scrollIntoView({ block: "center" });
      return;
    }
    /** @type {StateAnswer} */
    const answer = await ask({ op: "add", events: record.events, event });
    if (!answer.ok) {
      showRefusal(scope, answer.error || { message: "Python refused this event." });
      return;
    }
    clearAllRefusals();
    commit(withEvent(record, /** @type {object} */ (answer.event)));
    show(answer);
    const last = answer.account[answer.account.length - 1];
    say(last ? last.text : "Recorded.");
    if (after) after();
    settleFocus();
  });
}

/**
 * Keep *next* as the encounter open and save it, unless another tab has saved a newer one
 * (then the notice offers the choice, and nothing is written).
 * @param {Encounter} next
 */
function commit(next) {
  t.record = next;
  if (next.id === "") return; // no storage on this device: kept in this page only
  const saved = store.save(next);
  if (saved.ok) {
    t.record = saved.record;
  } else if (saved.reason === "unwritable") {
    say("This device would not keep the encounter (storage full or refused): save it to a file.");
  } else {
    t.conflict = { reason: saved.reason, stored: saved.reason === "newer" ? saved.stored : null };
    showConflict();
  }
  renderPicker();
  renderHistory();
}

/**
 * Ask Python for the state of *next*'s log and show it, keeping *next* (undo, redo, a step).
 * @param {Encounter} next
 * @param {string} done  what to say once it is shown
 */
function moveTo(next, done) {
  return queued(async () => {
    if (t.conflict) {
      say("Choose first what happens to this encounter (see the notice at the top).");
      return;
    }
    /** @type {StateAnswer} */
    const answer = await ask({ op: "state", events: next.events });
    if (!answer.ok) {
      say(`Python could not replay this log: ${answer.error ? answer.error.message : "no answer"}`);
      return;
    }
    clearAllRefusals();
    commit(next);
    show(answer);
    say(done);
    settleFocus();
  });
}

/**
 * Open *record* (its state asked of Python) as the encounter of this tab.
 * @param {Encounter} record
 * @param {string} [said]
 */
function openRecord(record, said) {
  return queued(async () => {
    /** @type {StateAnswer} */
    const answer = await ask({ op: "state", events: record.events });
    t.conflict = null;
    ui.notice.hidden = true;
    if (!answer.ok) {
      // A kept log this build refuses (an older site's?): open it empty, its text kept as a file's would be.
      const fresh = store.create({ name: record.name + " (unreadable)", original: JSON.stringify(record.events),
        problem: answer.error || null });
      t.record = fresh.ok ? fresh.record : record;
      const empty = await ask({ op: "state", events: [] });
      show(empty);
    } else {
      t.record = record;
      show(answer);
    }
    if (t.record.id) store.setLastOpened(t.record.id);
    renderPicker();
    renderHistory();
    renderProblem();
    clearAllRefusals();
    say(said || `Opened “${t.record.name}”: ${count(t.record.events.length, "event")}.`);
  });
}

/**
 * A new encounter, saved (or kept in this page only when the device keeps nothing).
 * @param {Partial<Encounter>} fields
 * @returns {Encounter}
 */
function created(fields) {
  const made = store.create(fields);
  if (made.ok) return made.record;
  return {
    version: 1, id: "", name: fields.name || "Encounter", revision: 0, events: fields.events || [],
    ahead: fields.ahead || [], example: fields.example || null, problem: fields.problem || null,
    original: fields.original || null, created: Date.now(), updated: Date.now(),
  };
}

// -- showing an answer ---------------------------------------------------------------------------

/** @param {StateAnswer} answer */
function show(answer) {
  t.answer = answer;
  const events = new Set(answer.choices.events);
  for (const node of app.querySelectorAll("[data-event]")) {
    if (node instanceof HTMLElement) node.hidden = !events.has(node.dataset.event || "");
  }
  const { state, choices } = answer;
  ui.setup.hidden = !events.has("join");
  ui.initiative.hidden = !(events.has("initiative") && state.fighters.length) && !events.has("start-round");
  ui.round.hidden = !(events.has("take-turn") || events.has("end-round"));
  ui.turn.hidden = !choices.turn;
  ui.maneuvers.hidden = !["move", "take-cover", "maneuver"].some((e) => events.has(e));
  ui.scene.hidden = !["set-range", "set-cover", "set-condition", "set-gravity"].some((e) => events.has(e));
  ui.end.hidden = !events.has("end-encounter");
  if (ui.end.hidden) ui.confirmEnd.hidden = true;
  renderNow(answer);
  renderPickers(answer);
  renderInitiative(answer);
  renderRound(answer);
  renderTurn(answer);
  renderCards(answer);
  renderAccount(answer);
  renderHistory();
  renderSteps();
  root.dataset.events = String(answer.count);
  root.dataset.state = state.over ? "over" : state.round ? "round" : "setup";
}

/** @param {StateAnswer} answer */
function renderNow({ state, choices }) {
  let text;
  if (state.over) text = "The encounter is over. Undo brings it back.";
  else if (!state.round) {
    text = state.fighters.length
      ? `Setting up: ${count(state.fighters.length, "combatant")}. Add the others, set the scene, record each Initiative, then start the first round.`
      : "Setting up: add the combatants from a stat block or by hand.";
  } else {
    const slot = state.slot < state.slots.length ? `slot ${state.slot + 1} of ${state.slots.length} (${sideName(state.slots[state.slot])})` : "every slot used";
    if (choices.turn) text = `Round ${state.round}, ${slot}: ${choices.turn}'s turn.`;
    else if (choices.may_take && choices.may_take.length) text = `Round ${state.round}, ${slot}: who takes it?`;
    else text = `Round ${state.round}: ${slot === "every slot used" ? "every slot is used" : `${slot}, nobody can take it`}. End the round.`;
  }
  ui.nowText.textContent = text;
  ui.slots.replaceChildren(...state.slots.map((side, k) => {
    const li = el("li", { class: "vt-slot" }, sideName(side));
    if (k === state.slot && state.round && !state.over) li.setAttribute("aria-current", "step");
    if (k < state.slot) li.dataset.used = "1";
    return li;
  }));
  ui.slots.hidden = !state.slots.length;
}

/** @param {string | null} side */
function sideName(side) {
  return side === "gm" ? "GM" : side === "player" ? "player" : String(side);
}

/**
 * Fill a combatant picker with *names*, keeping its choice when it is still among them.
 * @param {HTMLSelectElement} select
 * @param {string[]} names
 * @param {string} [prefer]  chosen when the old choice is gone
 */
function fillSelect(select, names, prefer) {
  const old = select.value;
  const same = select.options.length === names.length && names.every((n, k) => select.options[k].value === n);
  if (!same) select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
  if (names.includes(old)) select.value = old;
  else if (prefer && names.includes(prefer)) select.value = prefer;
}

/** @param {StateAnswer} answer */
function renderPickers({ state }) {
  const names = state.fighters.map((f) => f.name);
  for (const [id, field, prefer] of /** @type {[string, string, number][]} */ ([
    ["vt-range", "a", 0], ["vt-range", "b", 1], ["vt-cover", "name", 0], ["vt-condition", "name", 0]])) {
    const select = form(id).elements.namedItem(field);
    if (select instanceof HTMLSelectElement) fillSelect(select, names, names[prefer]);
  }
}

/** @param {StateAnswer} answer */
function renderInitiative({ state }) {
  const select = /** @type {HTMLSelectElement} */ (form("vt-init").elements.namedItem("name"));
  const waiting = state.fighters.find((f) => f.initiative === null);
  fillSelect(select, state.fighters.map((f) => f.name), waiting && waiting.name);
  if (waiting && select.dataset.chosen !== "1") select.value = waiting.name;
  ui.initList.replaceChildren(...state.fighters.map((f) => el("li", {},
    el("span", { class: "vt-init-name" }, f.name), ": ",
    f.initiative === null ? el("span", { class: "vt-muted" }, "not yet") : count(f.initiative, "Success", "Successes"))));
}

/** @param {StateAnswer} answer */
function renderRound({ state, choices }) {
  const may = choices.may_take || [];
  const side = state.slot_side ? sideName(state.slot_side) : "";
  ui.roundNote.textContent = may.length
    ? `The ${side} slot: ${side === "GM" ? "the GM chooses" : "the players choose"} who acts.`
    : choices.events.includes("end-round") ? "Nobody is left to take a slot this round." : "";
  ui.takers.replaceChildren(...may.map((name) => {
    const b = el("button", { type: "button", class: "vt-primary vt-take" }, `${name} takes the slot`);
    b.dataset.name = name;
    return b;
  }));
}

/** @param {StateAnswer} answer */
function renderTurn({ state, choices }) {
  if (!choices.turn) return;
  const f = state.fighters.find((g) => g.name === choices.turn);
  if (!f) return;
  ui.turn.querySelector(".vt-h")?.replaceChildren(`${f.name}'s turn`);
  ui.turnNote.textContent = `${f.action_used ? "The Action is used" : "The Action is free"}; `
    + `${count(f.maneuvers, "Maneuver")} taken.`;
  ui.manNote.textContent = f.maneuvers === 0 ? "The first Maneuver is free." : "This would be the second Maneuver.";
  ui.strain.closest(".vt-man-strain")?.toggleAttribute("hidden", f.maneuvers === 0);
  if (f.maneuvers === 0) ui.strain.checked = false;
  const targets = choices.targets || [];
  const other = state.fighters.find((g) => g.side !== f.side && !g.incapacitated && targets.includes(g.name));
  const attack = form("vt-attack");
  fillSelect(/** @type {HTMLSelectElement} */ (attack.elements.namedItem("weapon")), choices.weapons || []);
  fillSelect(/** @type {HTMLSelectElement} */ (attack.elements.namedItem("target")), targets, other && other.name);
  fillSelect(/** @type {HTMLSelectElement} */ (form("vt-move").elements.namedItem("target")), targets,
    other && other.name);
  const roll = state.last_roll;
  ui.spendButtons.replaceChildren(...(choices.spends || []).map((spend) => {
    const b = el("button", { type: "button", class: "vt-spend" }, built.spends?.[spend] || spend);
    b.dataset.spend = spend;
    return b;
  }));
  const spendsTitle = app.querySelector("#vt-spends-title");
  if (spendsTitle && roll) spendsTitle.textContent = `Spend Boons of this roll (${roll.boons_left} left)`;
  const gmStrain = /** @type {HTMLInputElement} */ (form("vt-gm-spend").elements.namedItem("strain"));
  if (roll) gmStrain.dataset.high = String(Math.max(1, roll.banes_left));
  const gmTitle = form("vt-gm-spend").querySelector(".vt-form-title");
  if (gmTitle && roll) gmTitle.textContent = `The GM spends Banes (${roll.banes_left} left)`;
  ui.critTarget.textContent = choices.crit_target ? `A Critical Injury on ${choices.crit_target} is available.` : "";
  if (!form("vt-attack").hidden) scheduleOdds();
}

/** @param {StateAnswer} answer */
function renderCards({ state }) {
  const none = app.querySelector(".vt-fighters .vt-none");
  if (none instanceof HTMLElement) none.hidden = state.fighters.length > 0;
  ui.cards.replaceChildren(...state.fighters.map((f) => {
    const health = [`Wounds ${f.wounds} of ${f.wound_points}`];
    if (f.strain !== null) health.push(`Strain ${f.strain} of ${f.strain_points}`);
    const about = [`Initiative ${f.initiative === null ? "not yet" : f.initiative}`, `cover: ${f.cover}`];
    for (const c of f.conditions) about.push(`${c.name} (${count(c.turns, "turn")})`);
    const card = el("li", { class: "vt-card" },
      el("p", { class: "vt-card-name" }, el("strong", {}, f.name), " ",
        el("span", { class: "vt-tag" }, `${sideName(f.side)} side · ${f.kind}`)),
      el("p", { class: "vt-card-health" }, health.join(" · ")),
      el("p", { class: "vt-card-about" }, about.join(" · ")));
    card.dataset.side = f.side;
    card.dataset.name = f.name;
    if (f.incapacitated) card.append(el("p", { class: "vt-down" }, "Incapacitated"));
    if (state.turn === f.name) {
      card.dataset.acting = "1";
      card.append(el("p", { class: "vt-acting" }, "Acting now"));
    } else if (f.acted && state.round) card.append(el("p", { class: "vt-muted" }, "Has acted this round"));
    if (f.injuries.length) {
      card.append(el("p", { class: "vt-card-injuries" }, "Critical Injuries: " + f.injuries.map(
        (i) => `d100 ${i.d100}${i.bonus ? ` + ${i.bonus} = ${i.total}` : ""} (${i.severity})`).join("; ")));
    }
    const bands = Object.entries(f.bands);
    if (bands.length) {
      card.append(el("details", { class: "vt-bands" }, el("summary", {}, "Range bands"),
        el("ul", {}, ...bands.map(([name, band]) => el("li", {}, `${name}: ${band}`)))));
    }
    return card;
  }));
}

/** @param {StateAnswer} answer */
function renderAccount({ account }) {
  if (!account.length) {
    ui.account.replaceChildren(el("p", { class: "vt-none" }, "Nothing has happened yet."));
    return;
  }
  /** @type {Map<number, typeof account>} */
  const rounds = new Map();
  for (const e of account) {
    if (!rounds.has(e.round)) rounds.set(e.round, []);
    /** @type {typeof account} */ (rounds.get(e.round)).push(e);
  }
  ui.account.replaceChildren(...[...rounds].map(([round, entries]) => el("section", { class: "vt-account-round" },
    el("h3", {}, round ? `Round ${round}` : "Set-up"),
    el("ol", { class: "vt-lines", start: entries[0].index + 1 }, ...entries.map((e) => {
      const li = el("li", { value: e.index + 1 }, e.text);
      li.dataset.index = String(e.index);
      if (e.changes.length) {
        li.append(el("span", { class: "vt-changes" }, e.changes.map((c) => {
          const parts = [`${c.wounds}/${c.wound_points} Wounds`];
          if (c.strain !== null) parts.push(`${c.strain}/${c.strain_points} Strain`);
          parts.push(...c.conditions);
          if (c.incapacitated) parts.push("incapacitated");
          return `${c.name}: ${parts.join(", ")}`;
        }).join("; ")));
      }
      return li;
    })))));
}

function renderHistory() {
  const r = t.record;
  ui.undo.disabled = !r || !r.events.length;
  ui.redo.disabled = !r || !r.ahead.length;
  ui.undo.setAttribute("aria-label", r && r.events.length ? `Undo (${count(r.events.length, "event")} in the log)` : "Undo");
  ui.redo.setAttribute("aria-label", r && r.ahead.length ? `Redo (${count(r.ahead.length, "event")} undone)` : "Redo");
}

function renderSteps() {
  const r = t.record;
  ui.steps.hidden = !r || !r.example;
  if (!r || !r.example) return;
  const total = r.events.length + r.ahead.length;
  const steps = [{ title: "Before the first event", count: 0 }, ...r.example.steps.filter((s) => s.count <= total)];
  ui.step.replaceChildren(...steps.map((s) => el("option", { value: String(s.count) },
    `${s.title} (${count(s.count, "event")})`)));
  const here = steps.find((s) => s.count === r.events.length);
  if (here) ui.step.value = String(here.count);
}

function renderPicker() {
  const list = store.list();
  const r = t.record;
  const options = list.map((s) => el("option", { value: s.id }, `${s.name} · ${count(s.count, "event")}`));
  if (r && !list.some((s) => s.id === r.id)) {
    options.unshift(el("option", { value: r.id }, `${r.name} (not saved) · ${count(r.events.length, "event")}`));
  }
  ui.pick.replaceChildren(...options);
  if (r) ui.pick.value = r.id;
}

function renderProblem() {
  const r = t.record;
  ui.problem.hidden = !r || (!r.problem && !r.original);
  if (!r || ui.problem.hidden) return;
  const text = ui.problem.querySelector(".vt-problem-text");
  const why = r.problem && "message" in r.problem ? String(/** @type {any} */ (r.problem).message) : "";
  if (text) {
    text.textContent = `Loaded the first ${count(r.events.length, "event")} of the file. ${why ? `The rest could not be: ${why}` : ""}`
      + " The file's whole text is kept on this device with this encounter.";
  }
}

/** After the forms changed, keep the keyboard focus on something the player can see. */
function settleFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && app.contains(active) && !active.closest("[hidden]")) return;
  // What the turn's roll bought comes first: a Critical Injury to roll, Boons or Banes to spend.
  const bought = ui.turn.hidden ? undefined
    : [form("vt-crit"), app.querySelector(".vt-spends"), form("vt-gm-spend")].find((p) => p instanceof HTMLElement && !p.hidden);
  const control = bought && (bought.querySelector(".vt-roll") || bought.querySelector(".vt-spend")
    || bought.querySelector("input[name]"));
  if (control instanceof HTMLElement) {
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "center" });
    return;
  }
  const panel = [ui.turn, ui.round, ui.initiative, ui.setup].find((p) => !p.hidden);
  const heading = panel ? panel.querySelector(".vt-h") : app.querySelector("#vt-now-h");
  if (heading instanceof HTMLElement) heading.focus();
}

// -- another tab -------------------------------------------------------------------------------

function showConflict() {
  const c = t.conflict;
  if (!c || !t.record) return;
  const text = part(ui.notice, ".vt-notice-text", HTMLElement);
  const buttons = part(ui.notice, ".vt-notice-buttons", HTMLElement);
  const name = t.record.name;
  if (c.reason === "deleted") {
    text.textContent = `“${name}” was deleted in another tab. What this tab shows is not saved.`;
    buttons.replaceChildren(noticeButton("Keep it as a copy", "copy"), noticeButton("Close it", "close"));
  } else {
    const events = c.stored ? count(c.stored.events.length, "event") : "";
    text.textContent = `Another tab saved “${name}” (${events}) after this tab opened it. This tab will not save `
      + "over it: load that version, or keep this tab's as a copy.";
    buttons.replaceChildren(noticeButton("Load the other tab's version", "load"), noticeButton("Keep this tab's as a copy", "copy"));
  }
  ui.notice.hidden = false;
}

/**
 * @param {string} label
 * @param {string} what
 */
function noticeButton(label, what) {
  const b = el("button", { type: "button", class: "vt-notice-button" }, label);
  b.dataset.what = what;
  return b;
}

/** @param {string} what  load, copy or close */
function resolveConflict(what) {
  const c = t.conflict;
  const r = t.record;
  if (!c || !r) return;
  t.conflict = null;
  ui.notice.hidden = true;
  if (what === "load" && c.stored) openRecord(c.stored, `Loaded the other tab's version: ${count(c.stored.events.length, "event")}.`);
  else if (what === "copy") {
    const copy = created({ ...r, name: `${r.name} (copy)` });
    openRecord(copy, `Kept this tab's version as “${copy.name}”.`);
  } else openLatest();
}

/** @param {StorageEvent} event */
function onStorage(event) {
  const id = idOfKey(event.key);
  if (event.key !== null && id === null) return;
  renderPicker();
  const r = t.record;
  if (!r || !r.id || (id !== null && id !== r.id) || t.conflict) return;
  const stored = parseRecord(event.newValue);
  if (event.key === null || !stored) t.conflict = { reason: "deleted", stored: null };
  else if (stored.revision > r.revision) t.conflict = { reason: "newer", stored };
  else return;
  showConflict();
  say(part(ui.notice, ".vt-notice-text", HTMLElement).textContent || "");
}

// -- the odds before an attack's roll -----------------------------------------------------------

function scheduleOdds() {
  clearTimeout(t.oddsTimer);
  t.oddsTimer = setTimeout(() => { void showOdds(); }, ODDS_DELAY_MS);
}

async function showOdds() {
  const f = form("vt-attack");
  if (f.hidden || !t.record) return;
  const seq = ++t.oddsSeq;
  const all = eventOf(f);
  const event = Object.fromEntries(["name", "target", "weapon", "boon_dice", "bane_dice"].map((k) => [k, all[k]]));
  ui.odds.dataset.state = "pending";
  let answer;
  try {
    answer = await ask({ op: "odds", events: t.record.events, event });
  } catch (err) {
    if (seq === t.oddsSeq) ui.odds.replaceChildren(el("p", {}, `No odds (${messageOf(err)}).`));
    return;
  }
  if (seq !== t.oddsSeq) return;
  ui.odds.dataset.state = answer.ok ? "live" : "error";
  if (answer.ok) clearRefusal(f);
  if (!answer.ok) {
    ui.odds.replaceChildren(el("p", { class: "vt-muted" }, "No odds for these inputs (see the message beside them)."));
    showRefusal(f, answer.error);
    return;
  }
  const rows = [["Pool", answer.pool], ["Chance to hit", answer.hit], ["Critical Injury", answer.critical_injury],
    ["Incapacitated by this attack", answer.incapacitated], ["Average Wounds", answer.mean_wounds]];
  if (answer.drifting !== "0%") rows.push(["Drifting", answer.drifting]);
  ui.odds.replaceChildren(el("p", { class: "vt-odds-title" }, "Before the roll"),
    el("dl", { class: "vt-odds-list" }, ...rows.map(([k, v]) => el("div", {}, el("dt", {}, k), el("dd", {}, v)))));
}

// -- rolls ---------------------------------------------------------------------------------------

/**
 * Roll with the engine's dice and put the result into the form, for the player to confirm.
 * @param {HTMLFormElement} f
 */
function rollFor(f) {
  return queued(async () => {
    if (!t.record) return;
    /** @type {Record<string, unknown>} */
    let event;
    if (f.id === "vt-init") event = { type: "initiative", ...fieldsOf(f, ["successes"]) };
    else if (f.id === "vt-attack") event = eventOf(f);
    else if (f.id === "vt-check") event = { type: "check", dice: /** @type {HTMLInputElement} */ (f.elements.namedItem("dice")).value };
    else event = { type: "critical-injury", target: (t.answer && t.answer.choices.crit_target) || "" };
    const answer = await ask({ op: "roll", events: t.record.events, event });
    if (!answer.ok) {
      showRefusal(f, answer.error);
      return;
    }
    clearRefusal(f);
    for (const [name, value] of Object.entries(answer.fields)) {
      const box = f.elements.namedItem(name);
      if (box instanceof HTMLInputElement) box.value = String(value);
    }
    const dice = f.querySelector(".vt-dice");
    const faces = answer.dice.map((/** @type {{die: string, face: string}} */ d) => `${d.die} ${d.face}`).join(", ");
    const read = Object.entries(answer.fields).map(([k, v]) => resultWords(k, Number(v))).join(", ");
    const extra = answer.severity ? ` (with the bonus: ${answer.total}, ${answer.severity})` : "";
    if (dice instanceof HTMLElement) {
      dice.textContent = `${answer.pool ? `${answer.pool}: ` : ""}${faces}.`;
      dice.hidden = false;
    }
    say(`Rolled ${read}${extra}: check it, then record it.`);
  });
}

/**
 * A roll's field as words: "2 Successes", "d100 57".
 * @param {string} field
 * @param {number} n
 */
function resultWords(field, n) {
  const words = { successes: ["Success", "Successes"], boons: ["Boon", "Boons"],
    breakthroughs: ["Breakthrough", "Breakthroughs"], calamities: ["Calamity", "Calamities"] }[field];
  return words ? count(n, words[0], words[1]) : `${field} ${n}`;
}

/** @param {HTMLFormElement} f  after its event is in: the results cleared for the next */
function resetResults(f) {
  for (const name of ["successes", "boons", "breakthroughs", "calamities", "d100", "boon_dice", "bane_dice"]) {
    const box = f.elements.namedItem(name);
    if (box instanceof HTMLInputElement) box.value = box.defaultValue;
  }
  const dice = f.querySelector(".vt-dice");
  if (dice instanceof HTMLElement) dice.hidden = true;
  ui.strain.checked = false;
}

// -- files -------------------------------------------------------------------------------------

/**
 * Offer *text* as a file called *name* to download.
 * @param {string} text
 * @param {string} name
 */
function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function exportFile() {
  return queued(async () => {
    const r = t.record;
    if (!r) return;
    const answer = await ask({ op: "export", events: r.events, name: r.name });
    if (!answer.ok) {
      say(`Could not save the file: ${answer.error.message}`);
      return;
    }
    download(answer.text, fileName(r.name));
    say(`Saved “${fileName(r.name)}”: ${count(r.events.length, "event")}.`);
  });
}

/** @param {File} file */
function importFile(file) {
  return queued(async () => {
    const text = await file.text();
    const answer = await ask({ op: "import", text });
    if (!answer.ok) {
      say(`Could not open “${file.name}”: ${answer.error.message}`);
      return;
    }
    const name = answer.name || file.name.replace(/\.voidref\.json$|\.json$/i, "") || "Encounter";
    const record = created({ name, events: answer.events, problem: answer.problem, original: answer.problem ? text : null });
    await openRecordNow(record, answer.problem
      ? `Opened “${record.name}” up to event ${answer.events.length + 1}: ${answer.problem.message}`
      : `Opened “${record.name}” from the file: ${count(answer.events.length, "event")}.`);
  });
}

/**
 * openRecord's work, inside a task already queued.
 * @param {Encounter} record
 * @param {string} said
 */
async function openRecordNow(record, said) {
  /** @type {StateAnswer} */
  const answer = await ask({ op: "state", events: record.events });
  t.conflict = null;
  ui.notice.hidden = true;
  t.record = record;
  if (record.id) store.setLastOpened(record.id);
  show(answer);
  renderPicker();
  renderProblem();
  clearAllRefusals();
  say(said);
}

function openExample() {
  return queued(async () => {
    const answer = await ask({ op: "example", name: EXAMPLE });
    if (!answer.ok) {
      say(`Could not open the example: ${answer.error.message}`);
      return;
    }
    const record = created({ name: EXAMPLE_NAME, events: answer.events, example: { name: EXAMPLE, steps: answer.steps } });
    await openRecordNow(record, `Opened “${record.name}”: the whole fight, ${count(answer.events.length, "event")}. `
      + "Pick a step to go back to it and play on from there.");
  });
}

/** The encounter changed last on this device, or a new one. */
function openLatest() {
  const id = store.lastOpened() || (store.list()[0] || {}).id;
  const record = (id && store.read(id)) || created({ name: "Encounter" });
  return openRecord(record);
}

async function copyAccount() {
  await queued(async () => {
    const r = t.record;
    if (!r) return;
    const answer = await ask({ op: "export", events: r.events, name: r.name });
    if (!answer.ok) {
      say(`Could not copy: ${answer.error.message}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(answer.account_text);
      ui.copyText.hidden = true;
      say("Copied the account.");
    } catch {
      ui.copyText.value = answer.account_text;
      ui.copyText.hidden = false;
      ui.copyText.select();
      say("This browser would not copy: the account is selected in the box under the buttons, to copy by hand.");
    }
  });
}

// -- start-up ------------------------------------------------------------------------------------

/**
 * Open the tracker: start Python, show the parts, open the encounter (or the example).
 * @param {boolean} example  open the Docking Bay fight as a new encounter
 */
function start(example) {
  if (t.starting) return example ? t.starting.then(() => openExample()) : t.starting;
  try {
    sessionStorage.setItem(OPEN_FLAG, "1");
  } catch {
    // a reload starts from the plain page
  }
  for (const b of [ui.open, ...ui.openExample]) b.disabled = true;
  t.starting = (async () => {
    const answer = await ask({ op: "presets" });
    t.presets = answer.presets || [];
    fillPresets();
    ui.start.hidden = true;
    app.hidden = false;
    document.documentElement.classList.add("vt-live");
    if (example) await openExample();
    else await openLatest();
    for (const b of [ui.open, ...ui.openExample]) b.disabled = false;
    const heading = app.querySelector("#vt-now-h");
    if (heading instanceof HTMLElement) heading.focus();
  })();
  t.starting.catch((err) => {
    t.starting = null;
    for (const b of [ui.open, ...ui.openExample]) b.disabled = false;
    ui.progress.textContent = `The tracker could not start (${messageOf(err)}). Tap Open to try again.`;
  });
  return t.starting;
}

function fillPresets() {
  const select = /** @type {HTMLSelectElement} */ (form("vt-preset").elements.namedItem("preset"));
  select.replaceChildren(...t.presets.map((p, k) => el("option", { value: String(k) }, p.label)));
  suggestName();
}

/** The preset's name in the name box, made unique among the combatants. */
function suggestName() {
  const f = form("vt-preset");
  const preset = t.presets[Number(/** @type {HTMLSelectElement} */ (f.elements.namedItem("preset")).value)];
  const names = t.answer ? t.answer.state.fighters.map((g) => g.name) : [];
  if (preset) /** @type {HTMLInputElement} */ (f.elements.namedItem("name")).value = uniqueName(names, preset.event.name);
}

function showSaved() {
  const list = store.list();
  if (!list.length) return;
  ui.saved.textContent = list.length === 1
    ? `This device keeps one encounter: “${list[0].name}” (${count(list[0].count, "event")}).`
    : `This device keeps ${list.length} encounters; the last changed is “${list[0].name}”.`;
  ui.saved.hidden = false;
}

// -- wiring -----------------------------------------------------------------------------------

function wireForms() {
  for (const f of Object.values(ui.forms)) {
    /** @type {Record<string, string>} */
    const defaults = {};
    for (const box of f.querySelectorAll("input[name]")) {
      if (box instanceof HTMLInputElement) defaults[box.name] = box.defaultValue;
    }
    setUpSteppers(f, defaults);
    f.addEventListener("submit", (event) => {
      event.preventDefault();
      const e = eventOf(f);
      addEvent(e, f, () => {
        resetResults(f);
        if (f.id === "vt-preset") suggestName();
        if (f.id === "vt-join") /** @type {HTMLInputElement} */ (f.elements.namedItem("name")).value = "";
        if (f.id === "vt-init") /** @type {HTMLSelectElement} */ (f.elements.namedItem("name")).dataset.chosen = "";
      });
    });
    for (const roll of f.querySelectorAll(".vt-roll")) roll.addEventListener("click", () => rollFor(f));
  }
  part(form("vt-preset"), "[name=preset]", HTMLSelectElement).addEventListener("change", suggestName);
  const initName = part(form("vt-init"), "[name=name]", HTMLSelectElement);
  initName.addEventListener("change", () => { initName.dataset.chosen = "1"; });
  form("vt-attack").addEventListener("input", (event) => {
    const name = event.target instanceof HTMLElement ? event.target.getAttribute("name") : "";
    if (["weapon", "target", "boon_dice", "bane_dice"].includes(name || "")) scheduleOdds();
  });
  form("vt-attack").addEventListener("change", (event) => {
    const name = event.target instanceof HTMLElement ? event.target.getAttribute("name") : "";
    if (["weapon", "target"].includes(name || "")) scheduleOdds();
  });
  // A second weapon (or more) for the stat block typed by hand.
  const join = form("vt-join");
  part(join, ".vt-add-weapon", HTMLButtonElement).addEventListener("click", () => {
    const sets = join.querySelectorAll("fieldset.vt-weapon");
    const first = /** @type {HTMLFieldSetElement} */ (sets[0]);
    const n = sets.length + 1;
    const copy = /** @type {HTMLFieldSetElement} */ (first.cloneNode(true));
    copy.dataset.weapon = String(n);
    for (const node of copy.querySelectorAll("[id]")) node.id = node.id.replace("vt-join-w1-", `vt-join-w${n}-`);
    for (const node of copy.querySelectorAll("[for]")) node.setAttribute("for", String(node.getAttribute("for")).replace("vt-join-w1-", `vt-join-w${n}-`));
    for (const node of copy.querySelectorAll("[aria-describedby]")) {
      node.setAttribute("aria-describedby", String(node.getAttribute("aria-describedby")).replaceAll("vt-join-w1-", `vt-join-w${n}-`));
    }
    const legend = copy.querySelector("legend");
    if (legend) legend.textContent = `Weapon ${n}`;
    const remove = copy.querySelector(".vt-remove-weapon");
    if (remove instanceof HTMLButtonElement) {
      remove.hidden = false;
      remove.addEventListener("click", () => {
        copy.remove();
        say(`Weapon ${n} removed.`);
      });
    }
    /** @type {HTMLFieldSetElement} */ (sets[sets.length - 1]).after(copy);
    setUpSteppers(/** @type {any} */ (copy), {});
    const box = copy.querySelector("input");
    if (box) box.focus();
  });
}

function wireButtons() {
  ui.open.addEventListener("click", () => start(false));
  for (const b of ui.openExample) b.addEventListener("click", () => start(true));
  // Reaching for the start buttons starts Python, so it is (nearly) up by the time the tap ends.
  ui.start.addEventListener("pointerdown", () => { void python.start().catch(() => {}); }, { passive: true });
  ui.undo.addEventListener("click", () => {
    const r = t.record;
    if (!r || !r.events.length) return;
    const last = t.answer && t.answer.account[t.answer.account.length - 1];
    moveTo(undone(r), `Undone: ${last ? last.text : "the last event"}`);
  });
  ui.redo.addEventListener("click", () => {
    const r = t.record;
    if (!r || !r.ahead.length) return;
    moveTo(redone(r), "Redone.").then(() => {
      const last = t.answer && t.answer.account[t.answer.account.length - 1];
      if (last) say(`Redone: ${last.text}`);
    });
  });
  part(app, ".vt-go-step", HTMLButtonElement).addEventListener("click", () => {
    const r = t.record;
    if (!r) return;
    const option = ui.step.selectedOptions[0];
    moveTo(atCount(r, Number(ui.step.value)), `At the step “${option ? option.textContent : ""}”. Play on from here, or Redo.`);
  });
  app.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button") : null;
    if (!target) return;
    const scope = target.closest(".vt-scope") || app;
    if (target.matches(".vt-take")) addEvent({ type: "take-turn", name: target.dataset.name }, scope);
    else if (target.matches(".vt-start-round")) addEvent({ type: "start-round" }, scope);
    else if (target.matches(".vt-end-round")) addEvent({ type: "end-round" }, scope);
    else if (target.matches(".vt-end-turn")) addEvent({ type: "end-turn", name: actor() }, scope);
    else if (target.matches(".vt-spend")) addEvent({ type: "spend-boons", name: actor(), spend: target.dataset.spend }, scope);
    else if (target.matches(".vt-end-encounter")) {
      ui.confirmEnd.hidden = false;
      part(ui.confirmEnd, ".vt-end-yes", HTMLButtonElement).focus();
    } else if (target.matches(".vt-end-yes")) {
      ui.confirmEnd.hidden = true;
      addEvent({ type: "end-encounter" }, ui.end);
    } else if (target.matches(".vt-notice-button")) resolveConflict(target.dataset.what || "");
    else if (target.matches(".vt-cancel")) {
      const box = target.closest(".vt-inline");
      if (box instanceof HTMLElement) box.hidden = true;
      const back = app.querySelector(box === ui.confirmEnd ? ".vt-end-encounter"
        : box === ui.confirmDelete ? ".vt-delete" : ".vt-rename");
      if (back instanceof HTMLElement) back.focus();
    }
  });
  part(app, ".vt-new", HTMLButtonElement).addEventListener("click", () => {
    if (t.conflict) return say("Choose first what happens to this encounter (see the notice at the top).");
    openRecord(created({ name: "Encounter" }), "A new encounter: add the combatants.");
  });
  part(app, ".vt-rename", HTMLButtonElement).addEventListener("click", () => {
    ui.renameForm.hidden = false;
    ui.renameBox.value = t.record ? t.record.name : "";
    ui.renameBox.focus();
    ui.renameBox.select();
  });
  ui.renameForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const r = t.record;
    const name = ui.renameBox.value.trim();
    if (!r || !name) return say("A name needs at least one letter.");
    const taken = store.list().filter((s) => s.id !== r.id).map((s) => s.name);
    const unique = uniqueName(taken, name.slice(0, 200));
    commit({ ...r, name: unique });
    ui.renameForm.hidden = true;
    say(`Renamed “${unique}”.`);
    part(app, ".vt-rename", HTMLButtonElement).focus();
  });
  part(app, ".vt-delete", HTMLButtonElement).addEventListener("click", () => {
    if (!t.record) return;
    part(ui.confirmDelete, "#vt-delete-q", HTMLElement).textContent =
      `Delete “${t.record.name}” (${count(t.record.events.length, "event")}) from this device? Save it to a file first to keep it.`;
    ui.confirmDelete.hidden = false;
    part(ui.confirmDelete, ".vt-delete-yes", HTMLButtonElement).focus();
  });
  part(ui.confirmDelete, ".vt-delete-yes", HTMLButtonElement).addEventListener("click", () => {
    const r = t.record;
    ui.confirmDelete.hidden = true;
    if (!r) return;
    if (r.id) store.remove(r.id);
    t.conflict = null;
    ui.notice.hidden = true;
    const next = store.list()[0];
    const record = (next && store.read(next.id)) || created({ name: "Encounter" });
    openRecord(record, `Deleted “${r.name}”. Opened “${record.name}”.`);
  });
  ui.pick.addEventListener("change", () => {
    const record = store.read(ui.pick.value);
    if (t.conflict) {
      renderPicker();
      return say("Choose first what happens to this encounter (see the notice at the top).");
    }
    if (record) openRecord(record);
  });
  part(app, ".vt-export", HTMLButtonElement).addEventListener("click", () => exportFile());
  ui.importBox.addEventListener("change", () => {
    const file = ui.importBox.files && ui.importBox.files[0];
    if (file) importFile(file).finally(() => { ui.importBox.value = ""; });
  });
  part(app, ".vt-save-original", HTMLButtonElement).addEventListener("click", () => {
    const r = t.record;
    if (r && r.original) download(r.original, fileName(`${r.name} (original)`));
  });
  part(app, ".vt-forget-original", HTMLButtonElement).addEventListener("click", () => {
    const r = t.record;
    if (!r) return;
    commit({ ...r, original: null, problem: null });
    renderProblem();
    say("The file's original text is forgotten; the events loaded stay.");
  });
  part(app, ".vt-copy", HTMLButtonElement).addEventListener("click", () => { void copyAccount(); });
  part(app, ".vt-print", HTMLButtonElement).addEventListener("click", () => window.print());
  addEventListener("storage", onStorage);
}

function setUp() {
  wireForms();
  wireButtons();
  python.onStatus((text, state) => {
    if (!app.hidden && state === "ready") return;
    ui.progress.textContent = state === "ready" ? "Ready." : text;
    ui.progress.dataset.state = state;
  });
  showSaved();
  for (const b of [ui.open, ...ui.openExample]) b.disabled = false;
  const params = new URLSearchParams(location.search);
  let resume = false;
  try {
    resume = sessionStorage.getItem(OPEN_FLAG) === "1";
  } catch {
    resume = false;
  }
  if (params.get("example") === EXAMPLE) {
    params.delete("example");
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? `?${query}` : "") + location.hash);
    root.scrollIntoView();
    void start(true);
  } else if (resume) {
    void start(false);
  }
  Object.assign(window, { voidrefTracker: { timings: t.timings, state: t, store } });
}

setUp();
