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
//
// This file is the page's script: the rolls put into a form, the start-up,
// and the wiring of every button and form. The rest is in modules, each
// importing (besides shared/python.js and tracker-store.js) only those listed
// before it: shared/dom.js (small DOM helpers), tracker-page.js (the page's
// one state and asking Python; it notes when the script began), tracker-forms.js
// (a form read as an event; a refusal beside its field), tracker-view.js (an
// answer shown; the odds before an attack's roll), tracker-log.js (events,
// Undo and Redo, opening an encounter, another tab's save, files).
import { python } from "./shared/python.js";
import { setUpSteppers } from "./shared/stepper.js";
import { atCount, fileName, redone, undone, uniqueName } from "./tracker-store.js";
import { count, el, messageOf, part } from "./shared/dom.js";
import { app, ask, form, queued, root, say, store, t, ui } from "./tracker-page.js";
import { actor, clearRefusal, eventOf, fieldsOf, keepRolledFaces, showRefusal } from "./tracker-forms.js";
import { renderPicker, renderProblem, scheduleOdds } from "./tracker-view.js";
import {
  EXAMPLE, addEvent, commit, copyAccount, created, download, exportFile, importFile, moveTo, onStorage, openExample,
  openLatest, openRecord, resolveConflict,
} from "./tracker-log.js";

/** sessionStorage: this tab had the tracker open, so a reload opens it again */
const OPEN_FLAG = "voidref-tracker-open";

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
    keepRolledFaces(f, answer.faces);
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

/** @param {HTMLFormElement} f  after its event is in: the results (and a surprised Initiative) cleared for the next */
function resetResults(f) {
  for (const name of ["successes", "boons", "breakthroughs", "calamities", "d100", "boon_dice", "bane_dice",
    "difficulty_upgrades", "surprised"]) {
    const box = f.elements.namedItem(name);
    if (box instanceof HTMLInputElement && box.type === "checkbox") box.checked = box.defaultChecked;
    else if (box instanceof HTMLInputElement) box.value = box.defaultValue;
  }
  const dice = f.querySelector(".vt-dice");
  if (dice instanceof HTMLElement) dice.hidden = true;
  keepRolledFaces(f, undefined);
  ui.strain.checked = false;
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
    if (["weapon", "target", "boon_dice", "bane_dice", "difficulty_upgrades"].includes(name || "")) scheduleOdds();
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
