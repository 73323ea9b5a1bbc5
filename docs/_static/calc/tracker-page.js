// voidref encounter tracker: the page's one state, shared by the tracker's
// modules (tracker.js tells the whole story): the tracker's root and the parts
// the build writes (ui, form), the encounter open and Python's answer for it
// (t), the encounters kept on the device (store), the lists the build read
// from the engine (built), and the one way to ask Python: ask (each question
// timed), queued (one at a time, in the order of the taps) and say (the
// status line a screen reader reads). The shapes of Python's answers are
// declared here. It imports no other tracker module but tracker-store.js.
import { python } from "./shared/python.js";
import { messageOf, part } from "./shared/dom.js";
import { EncounterStore, deviceStorage } from "./tracker-store.js";

// When the tracker's script began to run (this is the first of its modules to).
python.timing.script = performance.now();

const ASK_TIMEOUT_MS = 30000;

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
 * @property {{title: string, start: number, end: number, html: string}[]} steps  the account step by step,
 *   each in HTML from Python's fight renderer (voidref.present.fight)
 * @property {object} [event]  the event added, as the log keeps it
 */

/** @typedef {import("./tracker-store.js").Encounter} Encounter */

// -- the page's one state --------------------------------------------------------------------

export const root = part(document, ".voidref-tracker", HTMLElement);
export const app = part(root, ".vt-app", HTMLElement);
export const store = new EncounterStore(deviceStorage());
/** @type {{spends: Record<string, string>}} */
export const built = JSON.parse(root.dataset.tracker || "{}");

export const t = {
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

export const ui = {
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
export function form(id) {
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
export async function ask(args) {
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
export function queued(task) {
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
export function say(text) {
  ui.announce.textContent = text;
}
