// voidref encounter tracker: the encounters kept on this device, and the
// timeline of one encounter (its log, and the events undone that Redo brings
// back). No DOM and no rule here: the tests run it under node with a
// stand-in for localStorage (tests/js/tracker-store.test.mjs).
//
// - Each encounter is one localStorage item, "voidref-encounter:<id>":
//   {version, id, name, revision, events, ahead, example, problem, original,
//   created, updated}. `events` is the log exactly as Python returned each
//   event; `ahead` the events undone, next first (Redo takes ahead[0]).
// - Every save raises the revision by one, and only over the revision this
//   tab loaded: when another tab has saved a newer one (or deleted it), the
//   save is refused and says so, so two tabs never overwrite each other
//   silently. The page then offers to load the other tab's version or to
//   keep its own as a copy.
// - An item that cannot be read (damaged, another version's) is listed by
//   none and never overwritten by a new one; a store that cannot be written
//   (private browsing, full) says so on each save.

/** The start of each encounter's key in localStorage. */
export const PREFIX = "voidref-encounter:";
/** Where the encounter last opened on this device is named. */
export const LAST_KEY = "voidref-encounter-last";
const VERSION = 1;

/**
 * One encounter as the device keeps it.
 * @typedef {object} Encounter
 * @property {number} version
 * @property {string} id
 * @property {string} name
 * @property {number} revision  raised by one at each save
 * @property {object[]} events  the log: each event as Python returned it
 * @property {object[]} ahead  events undone, the next to redo first
 * @property {{name: string, steps: {title: string, count: number}[]} | null} example  a worked example's steps
 * @property {object | null} problem  why an imported file's later events were not loaded (Python's error)
 * @property {string | null} original  that file's text, kept whole
 * @property {number} created  ms since 1970
 * @property {number} updated  ms since 1970
 */

/**
 * What an encounter's list shows of it.
 * @typedef {object} Summary
 * @property {string} id
 * @property {string} name
 * @property {number} count  events in its log
 * @property {number} updated
 */

/**
 * A save's outcome: saved (the record as written), or refused and why.
 * @typedef {{ok: true, record: Encounter}
 *   | {ok: false, reason: "newer", stored: Encounter}
 *   | {ok: false, reason: "deleted" | "unwritable"}} Saved
 */

/**
 * What the store needs of localStorage (tests pass a stand-in).
 * @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">} StorageLike
 */

/**
 * localStorage, or null where the browser gives none (then nothing is kept).
 * @returns {StorageLike | null}
 */
export function deviceStorage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage refused outright (some privacy settings)
  }
}

/**
 * The record an item's text holds, or null when it is not one.
 * @param {string | null} text
 * @returns {Encounter | null}
 */
export function parseRecord(text) {
  if (!text) return null;
  try {
    const r = JSON.parse(text);
    if (!r || typeof r !== "object" || r.version !== VERSION || typeof r.id !== "string"
      || typeof r.name !== "string" || !Number.isInteger(r.revision) || !Array.isArray(r.events)
      || !Array.isArray(r.ahead)) return null;
    return {
      version: VERSION, id: r.id, name: r.name, revision: r.revision, events: r.events, ahead: r.ahead,
      example: r.example && Array.isArray(r.example.steps) ? r.example : null,
      problem: r.problem && typeof r.problem === "object" ? r.problem : null,
      original: typeof r.original === "string" ? r.original : null,
      created: Number(r.created) || 0, updated: Number(r.updated) || 0,
    };
  } catch {
    return null;
  }
}

/**
 * The encounter id a storage key names, or null for another key.
 * @param {string | null} key
 */
export function idOfKey(key) {
  return key && key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
}

/**
 * *base*, or "*base* (2)", "(3)"... the first that none of *names* is.
 * @param {string[]} names
 * @param {string} base
 */
export function uniqueName(names, base) {
  const taken = new Set(names);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`)) return `${base} (${n})`;
}

/** A new id: the time and a few random letters (two tabs never make the same). */
function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

/** The encounters kept on this device. */
export class EncounterStore {
  /**
   * @param {StorageLike | null} storage
   * @param {object} [options]
   * @param {() => number} [options.now]  the clock (tests pass their own)
   * @param {() => string} [options.makeId]
   */
  constructor(storage, { now = Date.now, makeId = newId } = {}) {
    this.storage = storage;
    this.now = now;
    this.makeId = makeId;
  }

  /**
   * Every encounter kept, the one changed last first.
   * @returns {Summary[]}
   */
  list() {
    /** @type {Summary[]} */
    const out = [];
    if (!this.storage) return out;
    try {
      for (let i = 0; i < this.storage.length; i++) {
        const id = idOfKey(this.storage.key(i));
        if (id === null) continue;
        const r = parseRecord(this.storage.getItem(PREFIX + id));
        if (r) out.push({ id: r.id, name: r.name, count: r.events.length, updated: r.updated });
      }
    } catch {
      return out;
    }
    return out.sort((a, b) => b.updated - a.updated || a.name.localeCompare(b.name));
  }

  /**
   * @param {string} id
   * @returns {Encounter | null}
   */
  read(id) {
    try {
      return this.storage ? parseRecord(this.storage.getItem(PREFIX + id)) : null;
    } catch {
      return null;
    }
  }

  /**
   * Whether an item is kept under *id*, readable or not (an unreadable one is never overwritten).
   * @param {string} id
   */
  taken(id) {
    try {
      return !!this.storage && this.storage.getItem(PREFIX + id) !== null;
    } catch {
      return false;
    }
  }

  /**
   * A new encounter, saved (revision 1); its name made unique among those kept.
   * @param {Partial<Pick<Encounter, "name" | "events" | "ahead" | "example" | "problem" | "original">>} fields
   * @returns {Saved}
   */
  create(fields) {
    let id = this.makeId();
    while (this.taken(id)) id = this.makeId() + "x";
    const at = this.now();
    // Only the fields a new encounter takes: a whole record passed in (a copy of another tab's)
    // must never bring its id or revision, or the copy would be written over the original.
    const { events = [], ahead = [], example = null, problem = null, original = null } = fields;
    /** @type {Encounter} */
    const record = {
      version: VERSION, id, revision: 0, events, ahead, example, problem, original, created: at, updated: at,
      name: uniqueName(this.list().map((s) => s.name), fields.name || "Encounter"),
    };
    return this.write(record);
  }

  /**
   * Save *record* over the revision this tab has (record.revision): refused when another tab has
   * saved a newer one or deleted it since.
   * @param {Encounter} record
   * @returns {Saved}
   */
  save(record) {
    const key = PREFIX + record.id;
    let text = null;
    try {
      text = this.storage ? this.storage.getItem(key) : null;
    } catch {
      return { ok: false, reason: "unwritable" };
    }
    if (text === null) return { ok: false, reason: "deleted" };
    const stored = parseRecord(text);
    if (!stored || stored.revision !== record.revision) {
      return stored ? { ok: false, reason: "newer", stored } : { ok: false, reason: "unwritable" };
    }
    return this.write(record);
  }

  /**
   * @param {Encounter} record  written with its revision raised by one
   * @returns {Saved}
   */
  write(record) {
    const next = { ...record, revision: record.revision + 1, updated: this.now() };
    if (!this.storage) return { ok: false, reason: "unwritable" };
    try {
      this.storage.setItem(PREFIX + next.id, JSON.stringify(next));
      return { ok: true, record: next };
    } catch {
      return { ok: false, reason: "unwritable" };
    }
  }

  /**
   * Forget an encounter; whether it is gone.
   * @param {string} id
   */
  remove(id) {
    try {
      if (this.storage) this.storage.removeItem(PREFIX + id);
      if (this.lastOpened() === id && this.storage) this.storage.removeItem(LAST_KEY);
      return !!this.storage;
    } catch {
      return false;
    }
  }

  /** The id of the encounter last opened here, if it is still kept. */
  lastOpened() {
    try {
      const id = this.storage ? this.storage.getItem(LAST_KEY) : null;
      return id && this.read(id) ? id : null;
    } catch {
      return null;
    }
  }

  /** @param {string} id */
  setLastOpened(id) {
    try {
      if (this.storage) this.storage.setItem(LAST_KEY, id);
    } catch {
      // nothing kept: the next visit opens the encounter changed last
    }
  }
}

// -- one encounter's timeline -------------------------------------------------

/**
 * A stable text of a JSON value (keys sorted), to compare two events.
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const obj = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(obj).sort().map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The timeline after *event* is added: the same event as the next to redo keeps the rest of Redo;
 * any other event makes a new branch, and the events undone are let go.
 * @template {{events: object[], ahead: object[]}} T
 * @param {T} record
 * @param {object} event
 * @returns {T}
 */
export function withEvent(record, event) {
  const same = record.ahead.length > 0 && canonical(record.ahead[0]) === canonical(event);
  return { ...record, events: [...record.events, event], ahead: same ? record.ahead.slice(1) : [] };
}

/**
 * The timeline with its last event undone (kept first in line for Redo).
 * @template {{events: object[], ahead: object[]}} T
 * @param {T} record
 * @returns {T}
 */
export function undone(record) {
  if (!record.events.length) return record;
  return { ...record, events: record.events.slice(0, -1), ahead: [record.events[record.events.length - 1], ...record.ahead] };
}

/**
 * The timeline with the next undone event brought back.
 * @template {{events: object[], ahead: object[]}} T
 * @param {T} record
 * @returns {T}
 */
export function redone(record) {
  if (!record.ahead.length) return record;
  return { ...record, events: [...record.events, record.ahead[0]], ahead: record.ahead.slice(1) };
}

/**
 * The timeline at its first *count* events (a step of an example), the rest kept for Redo.
 * @template {{events: object[], ahead: object[]}} T
 * @param {T} record
 * @param {number} count
 * @returns {T}
 */
export function atCount(record, count) {
  const all = [...record.events, ...record.ahead];
  const k = Math.max(0, Math.min(all.length, Math.trunc(count)));
  return { ...record, events: all.slice(0, k), ahead: all.slice(k) };
}

/**
 * A file name for an encounter's saved log: its name with the characters file systems refuse replaced.
 * @param {string} name
 */
export function fileName(name) {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 32 ? "?" : c)).join("");
  const safe = printable.replace(/[\\/:*?"<>|]+/g, "-").replace(/^[\s.-]+|[\s.]+$/g, "").slice(0, 80);
  return `${safe || "encounter"}.voidref.json`;
}
