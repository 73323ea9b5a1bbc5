// voidref: the order in which a page's calculators ask Python (calc.js), one
// question at a time. No DOM and no worker here: calc.js sends what take()
// gives it and shows the answer if done() says so.
//
// - A change the player makes is asked before any built result is brought
//   live (a refresh), so a change made as Python becomes ready is answered
//   next, not after every other calculator on the page.
// - Changes wait oldest first; a calculator changed again while it waits keeps
//   its place, and is asked once, with its newest inputs.
// - An answer for a calculator whose inputs changed again since it was asked
//   is not shown: the newer question follows.

/**
 * One question sent to Python.
 * @template T
 * @typedef {object} Question
 * @property {T} item  what asks (a calculator)
 * @property {boolean} background  a refresh: nobody waits for it
 */

/** @template T */
export class Scheduler {
  constructor() {
    /** @type {Set<T>} the player's changes waiting for Python, oldest first */
    this.asked = new Set();
    /** @type {Set<T>} built results to bring live once no change of the player's waits */
    this.refreshes = new Set();
    /** @type {Question<T> | null} the question Python is working on */
    this.inFlight = null;
  }

  /**
   * The player changed *item*: ask Python for it before any refresh.
   * @param {T} item
   */
  ask(item) {
    this.refreshes.delete(item);
    this.asked.add(item);
  }

  /**
   * Bring *item*'s built result live once nothing of the player's waits;
   * false (and nothing to do) when a change of the player's to it is asked already.
   * @param {T} item
   */
  refresh(item) {
    if (this.asked.has(item)) return false;
    this.refreshes.add(item);
    return true;
  }

  /**
   * Python could not start: forget *item*'s question. True if it was only a refresh.
   * @param {T} item
   */
  drop(item) {
    this.asked.delete(item);
    return this.refreshes.delete(item);
  }

  /**
   * The next question to send (the oldest change of the player's, else a
   * refresh), now in flight; null while one is in flight or none waits.
   * @returns {Question<T> | null}
   */
  take() {
    if (this.inFlight) return null;
    const background = this.asked.size === 0;
    const from = background ? this.refreshes : this.asked;
    const next = from.values().next();
    if (next.done) return null;
    from.delete(next.value);
    this.inFlight = { item: next.value, background };
    return this.inFlight;
  }

  /**
   * *question*'s answer is in: nothing is in flight any more. Whether to show
   * the answer: not if the item was changed again since (its newer question waits),
   * nor if *question* is no longer the one in flight (it was stopped).
   * @param {Question<T>} question
   */
  done(question) {
    if (this.inFlight !== question) return false;
    this.inFlight = null;
    return !this.asked.has(question.item);
  }

  /**
   * *question* was stopped (it ran too long, or Python ended): nothing is in
   * flight, and a change of the player's to the same item that waits is dropped too.
   * @param {Question<T>} question
   */
  stop(question) {
    if (this.inFlight === question) this.inFlight = null;
    this.asked.delete(question.item);
  }

  /** Whether a question waits to be sent. */
  get waiting() {
    return this.asked.size > 0 || this.refreshes.size > 0;
  }
}
