// voidref: the rolls made on this device (the roller, roller.js), kept in
// the browser's localStorage so they survive a reload: the newest first, at
// most LIMIT of them, each with its roller, the roller's title, the time and
// Python's text of the result. A store that cannot be read (another
// version's, or damaged) reads as empty; one that cannot be written (private
// browsing, full) keeps nothing, and the roller rolls all the same. No DOM
// here: the tests run it under node with a stand-in for localStorage.

/** Where the rolls are kept in localStorage. */
export const KEY = "voidref-rolls";
/** How many rolls are kept, all rollers together. */
export const LIMIT = 50;
/** The longest result text kept for one roll (a roll's text is a few lines). */
const MAX_TEXT = 4000;
const VERSION = 1;

/**
 * One roll as the history keeps it.
 * @typedef {object} Entry
 * @property {string} roller  the roller's slug
 * @property {string} title  the roller's title, as shown
 * @property {number} at  when it was rolled (ms since 1970, Date.now())
 * @property {string} text  the result as text (Python's)
 */

/**
 * What the history needs of localStorage (tests pass a stand-in).
 * @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} StorageLike
 */

/**
 * @param {unknown} e
 * @returns {e is Entry}
 */
function isEntry(e) {
  if (!e || typeof e !== "object") return false;
  const entry = /** @type {Record<string, unknown>} */ (e);
  return typeof entry.roller === "string" && typeof entry.title === "string" && typeof entry.text === "string"
    && typeof entry.at === "number" && Number.isFinite(entry.at);
}

/** The rolls kept on this device. */
export class RollHistory {
  /**
   * @param {StorageLike | null} storage  null where the browser gives none (then nothing is kept)
   * @param {object} [options]
   * @param {string} [options.key]
   * @param {number} [options.limit]
   */
  constructor(storage, { key = KEY, limit = LIMIT } = {}) {
    this.storage = storage;
    this.key = key;
    this.limit = limit;
  }

  /**
   * Every roll kept, the newest first.
   * @returns {Entry[]}
   */
  all() {
    let raw = null;
    try {
      raw = this.storage ? this.storage.getItem(this.key) : null;
    } catch {
      return [];
    }
    if (!raw) return [];
    try {
      const saved = JSON.parse(raw);
      if (!saved || saved.version !== VERSION || !Array.isArray(saved.rolls)) return [];
      return saved.rolls.filter(isEntry).slice(0, this.limit);
    } catch {
      return [];
    }
  }

  /**
   * The rolls of one roller, the newest first.
   * @param {string} roller
   */
  of(roller) {
    return this.all().filter((e) => e.roller === roller);
  }

  /**
   * Keep *entry* as the newest roll (the oldest beyond the limit are let go);
   * whether it could be kept.
   * @param {Entry} entry
   */
  add(entry) {
    const kept = { ...entry, text: entry.text.slice(0, MAX_TEXT) };
    return this.write([kept, ...this.all()].slice(0, this.limit));
  }

  /**
   * Forget the rolls of *roller* (of every roller, if none is named); whether that was written.
   * @param {string} [roller]
   */
  clear(roller) {
    if (roller === undefined) {
      try {
        if (this.storage) this.storage.removeItem(this.key);
        return !!this.storage;
      } catch {
        return false;
      }
    }
    return this.write(this.all().filter((e) => e.roller !== roller));
  }

  /**
   * @param {Entry[]} rolls
   */
  write(rolls) {
    if (!this.storage) return false;
    try {
      this.storage.setItem(this.key, JSON.stringify({ version: VERSION, rolls }));
      return true;
    } catch {
      return false; // full, or refused (private browsing): the roll is shown all the same
    }
  }
}

/** This browser's localStorage, or null where it has none or refuses it (some private modes throw on access). */
export function deviceStorage() {
  try {
    const storage = globalThis.localStorage;
    return storage || null;
  } catch {
    return null;
  }
}
