// voidref encounter tracker: the encounter open, changed. An event the player
// made, sent to Python and, on its yes, added to the log and saved (addEvent,
// commit); a move along the log (Undo, Redo, a step of the example: moveTo);
// an encounter opened, made new, or opened as the Docking Bay example;
// another tab's save of the same encounter (the notice and the player's
// choice); and files: save the log to one, open one, copy the account.
import { count, el, part } from "./shared/dom.js";
import { clearAllRefusals, showRefusal } from "./tracker-forms.js";
import { ask, queued, say, store, t, ui } from "./tracker-page.js";
import { fileName, idOfKey, parseRecord, withEvent } from "./tracker-store.js";
import { renderHistory, renderPicker, renderProblem, settleFocus, show } from "./tracker-view.js";

/** The example the page offers, by its name in voidref.calc.tracker. */
export const EXAMPLE = "docking-bay";
const EXAMPLE_NAME = "Docking Bay fight";

/** @typedef {import("./tracker-page.js").StateAnswer} StateAnswer */
/** @typedef {import("./tracker-page.js").Encounter} Encounter */

// -- events ------------------------------------------------------------------------------------

/**
 * Send one event the player made; on Python's yes, add it to the log and save.
 * @param {Record<string, unknown>} event
 * @param {Element} scope  where a refusal is shown
 * @param {() => void} [after]  what to do once it is in (reset the form...)
 */
export function addEvent(event, scope, after) {
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
export function commit(next) {
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
export function moveTo(next, done) {
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
export function openRecord(record, said) {
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
export function created(fields) {
  const made = store.create(fields);
  if (made.ok) return made.record;
  return {
    version: 1, id: "", name: fields.name || "Encounter", revision: 0, events: fields.events || [],
    ahead: fields.ahead || [], example: fields.example || null, problem: fields.problem || null,
    original: fields.original || null, created: Date.now(), updated: Date.now(),
  };
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
export function resolveConflict(what) {
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
export function onStorage(event) {
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

// -- files -------------------------------------------------------------------------------------

/**
 * Offer *text* as a file called *name* to download.
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function exportFile() {
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
export function importFile(file) {
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

export function openExample() {
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
export function openLatest() {
  const id = store.lastOpened() || (store.list()[0] || {}).id;
  const record = (id && store.read(id)) || created({ name: "Encounter" });
  return openRecord(record);
}

export async function copyAccount() {
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
