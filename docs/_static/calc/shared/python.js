// voidref: a page's one Python worker (worker.mjs), shared by the calculators
// (calc.js) and the example pages (examples.js). It starts the worker, says
// how the start goes, sends questions and hands back the answers, and ends the
// worker when a start fails or a question runs too long (reset: the next
// question starts a new one). No DOM here: the page's scripts show what it says.
//
// - Without a word from the worker for STARTUP_TIMEOUT_MS, the start counts as
//   failed (the worker reports progress as files arrive, which resets the clock).
// - Once the player has used Python (its first answer is in, or nothing has
//   waited for one for SW_AFTER_READY_MS after the start), keepForLater asks
//   for the service worker that keeps the site offline and tells the worker to
//   keep its Python on the device (kept.mjs). Not sooner: both fetch and store
//   files, which would otherwise compete with Python's start and that first
//   answer for the network and the processor (measured: the first answer came
//   about 0.3 s later).

const STARTUP_TIMEOUT_MS = 30000;
/** How long a question may take, unless its asker says otherwise. */
export const COMPUTE_TIMEOUT_MS = 10000;
const SW_AFTER_READY_MS = 2000;
const WORKER_URL = new URL("../worker.mjs", import.meta.url);
const SW_URL = new URL("../../../sw.js", import.meta.url);

/**
 * What a page's script needs of a Web Worker (a test passes a stand-in).
 * @typedef {object} WorkerLike
 * @property {(message: unknown) => void} postMessage
 * @property {() => void} terminate
 * @property {((event: MessageEvent) => void) | null} onmessage
 * @property {((event: ErrorEvent) => void) | null} onerror
 */

/**
 * A question sent to the worker, waiting for its answer.
 * @typedef {object} Pending
 * @property {(answer: any) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {ReturnType<typeof setTimeout>} timer
 * @property {boolean} background  nobody waits for it (a built result brought live)
 */

/** @typedef {(text: string, state: string) => void} StatusListener */

/**
 * How one question is asked.
 * @typedef {object} AskOptions
 * @property {number} [timeoutMs]  how long it may take (COMPUTE_TIMEOUT_MS unless said)
 * @property {boolean} [background]  nobody waits for the answer (a built result brought live)
 * @property {string} [stopped]  the status once it was stopped for taking too long
 */

/** The error of a question that was stopped, or never sent: its message says why, for the player. */
export class PythonUnavailable extends Error {
  /**
   * @param {string} message
   * @param {boolean} [timedOut]  this question ran past its time and was stopped
   */
  constructor(message, timedOut = false) {
    super(message);
    this.name = "PythonUnavailable";
    this.timedOut = timedOut;
  }
}

/** @returns {WorkerLike} */
function newWorker() {
  return new Worker(WORKER_URL, { type: "module", name: "voidref-python" });
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.register(SW_URL).catch(() => {});
}

function megabytes(/** @type {number} */ bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** The one Python worker of a page: start, status, questions, reset. */
export class Python {
  /**
   * @param {object} [options]  stand-ins for the browser's parts (tests)
   * @param {() => WorkerLike} [options.createWorker]
   * @param {() => void} [options.registerOffline]  asks for the service worker
   * @param {Record<string, any>} [options.timing]  where the start's times are noted
   * @param {() => boolean} [options.canRun]  whether this browser can run WebAssembly in a worker
   * @param {number} [options.startupTimeoutMs]
   * @param {number} [options.keepAfterReadyMs]
   */
  constructor({
    createWorker = newWorker,
    registerOffline = registerServiceWorker,
    timing = {},
    canRun = () => typeof WebAssembly === "object" && typeof Worker === "function",
    startupTimeoutMs = STARTUP_TIMEOUT_MS,
    keepAfterReadyMs = SW_AFTER_READY_MS,
  } = {}) {
    this.createWorker = createWorker;
    this.registerOffline = registerOffline;
    this.timing = timing;
    this.canRun = canRun;
    this.startupTimeoutMs = startupTimeoutMs;
    this.keepAfterReadyMs = keepAfterReadyMs;
    /** @type {WorkerLike | null} the worker, once started */
    this.worker = null;
    /** @type {Promise<void> | null} its start, until it fails or the worker is reset */
    this.starting = null;
    /** Whether the worker has said it is ready (and has not been reset since). */
    this.ready = false;
    /** @type {[string, string] | null} the last status: [text, state] */
    this.status = null;
    /** @type {StatusListener[]} told every status */
    this.statusListeners = [];
    /** @type {(() => void)[]} told each time the worker becomes ready */
    this.readyListeners = [];
    /** @type {(() => boolean)[]} true while a change of the player's waits (its answer will come) */
    this.holds = [];
    /** @type {Map<number, Pending>} questions sent, by id */
    this.pending = new Map();
    this.nextId = 1;
    this.kept = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} the start's clock (see STARTUP_TIMEOUT_MS) */
    this.clock = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} keepForLater, a while after the start */
    this.keepTimer = undefined;
  }

  /**
   * Tell every listener (and any listener added later) how Python is doing.
   * @param {string} text
   * @param {string} state  loading, ready, failed, stopped
   */
  setStatus(text, state) {
    this.status = [text, state];
    for (const listen of this.statusListeners) listen(text, state);
  }

  /** @param {StatusListener} listen */
  onStatus(listen) {
    this.statusListeners.push(listen);
    if (this.status) listen(this.status[0], this.status[1]);
  }

  /** @param {() => void} listen  called each time the worker becomes ready */
  onReady(listen) {
    this.readyListeners.push(listen);
  }

  /** @param {() => boolean} waiting  true while the player waits for an answer not yet asked for */
  holdKeepWhile(waiting) {
    this.holds.push(waiting);
  }

  /**
   * End the worker (if any) and forget its start: the next question starts a
   * new one. Questions still waiting for it are refused.
   * @param {string} [why]  for the questions refused
   */
  reset(why = "Python was stopped before it answered") {
    clearTimeout(this.clock);
    clearTimeout(this.keepTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.starting = null;
    this.ready = false;
    const refused = [...this.pending.values()];
    this.pending.clear();
    for (const question of refused) {
      clearTimeout(question.timer);
      question.reject(new PythonUnavailable(why));
    }
  }

  /** Start the worker, unless it is started or starting; resolves once Python is ready. */
  start() {
    if (this.starting) return this.starting;
    /** @type {Promise<void>} */
    const starting = new Promise((resolve, reject) => {
      const fail = (/** @type {string} */ message) => {
        if (this.starting !== starting) return; // reset since: nothing of this start is left
        this.reset(message); // the next change, or "Try again", starts afresh
        this.setStatus(`Live results are unavailable (${message}).`, "failed");
        reject(new PythonUnavailable(message));
      };
      const restartClock = () => {
        clearTimeout(this.clock);
        this.clock = setTimeout(
          () => fail(`the calculator engine did not start within ${this.startupTimeoutMs / 1000} s`),
          this.startupTimeoutMs);
      };
      if (!this.canRun()) {
        queueMicrotask(() => fail("this browser cannot run WebAssembly in a worker"));
        return;
      }
      this.setStatus("Loading the calculator engine…", "loading");
      restartClock();
      let worker;
      try {
        worker = this.createWorker();
        Object.assign(this.timing, { created: performance.now() });
      } catch (err) {
        queueMicrotask(() => fail("this browser cannot start a module worker"));
        return;
      }
      this.worker = worker;
      worker.onerror = (event) => {
        event.preventDefault();
        fail("the Python worker could not be loaded");
      };
      worker.onmessage = (event) => {
        if (this.worker !== worker) return; // a worker ended since
        const msg = event.data;
        if (msg.type === "ready") {
          clearTimeout(this.clock);
          Object.assign(this.timing, msg.timing, {
            ready: performance.now(),
            workerStarted: msg.timing.startedAt - performance.timeOrigin,
          });
          this.setStatus("Ready: results update as you change the inputs.", "ready");
          this.ready = true;
          resolve();
          for (const listen of this.readyListeners) listen();
        } else if (msg.type === "progress") {
          if (this.ready) return;
          restartClock();
          // The build lists the files and their sizes (config.mjs); the worker
          // adds up those that have arrived.
          this.setStatus(msg.total
            ? `Loading the calculator engine: ${megabytes(msg.bytes)} of ${megabytes(msg.total)} MB…`
            : "Loading the calculator engine…", "loading");
        } else if (msg.type === "kept") {
          // Python's memory is kept on this device (kept.mjs): how long making it took, and its size.
          Object.assign(this.timing, { keptMs: msg.ms, keptBytes: msg.bytes, keptAt: performance.now() });
        } else if (msg.type === "failed") {
          fail(msg.message);
        } else if (msg.type === "result" || msg.type === "answer") {
          this.answered(msg.id, msg.type === "result" ? msg.result : msg.answer);
        }
      };
      worker.postMessage({ type: "init" });
    });
    this.starting = starting;
    starting.then(() => {
      this.keepTimer = setTimeout(() => this.keepForLater(), this.keepAfterReadyMs);
    }, () => {});
    return starting;
  }

  /**
   * Python's answer to one question, once it has started; or a refusal
   * (PythonUnavailable) naming why there is none: Python did not start, or the
   * question ran longer than its time (then the worker is ended, the status
   * says so, and a new worker starts at the next question).
   * @param {Record<string, unknown>} message  what the worker is asked (its type and arguments)
   * @param {AskOptions} [options]
   * @returns {Promise<any>}
   */
  ask(message, options) {
    return this.start().then(() => this.send(message, options)).then((answer) => {
      if (!options?.background) this.keepForLater(); // the player's first answer is in
      return answer;
    });
  }

  /**
   * Send one question to the worker, which is ready (see ask). The asker
   * calls keepForLater once it has shown the answer to a question of the player's.
   * @param {Record<string, unknown>} message
   * @param {AskOptions} [options]
   * @returns {Promise<any>}
   */
  send(message, { timeoutMs = COMPUTE_TIMEOUT_MS, background = false,
    stopped = "Stopped a long computation; Python restarts at the next change." } = {}) {
    const worker = this.worker;
    if (!worker || !this.ready) return Promise.reject(new PythonUnavailable("Python was stopped before it was asked"));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.reset();
        this.setStatus(stopped, "stopped");
        reject(new PythonUnavailable(`it took longer than ${timeoutMs / 1000} s and was stopped`, true));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, background });
      worker.postMessage({ ...message, id });
    });
  }

  /**
   * @param {number} id
   * @param {unknown} answer
   */
  answered(id, answer) {
    const question = this.pending.get(id);
    if (!question) return;
    this.pending.delete(id);
    clearTimeout(question.timer);
    question.resolve(answer);
  }

  /**
   * Once the player has used Python (see the top): ask for the service worker
   * and tell the worker to keep its Python. Only once a page, and not while a
   * change of the player's waits or is being worked out (its answer calls this again).
   */
  keepForLater() {
    if (this.kept) return;
    if ([...this.pending.values()].some((question) => !question.background)) return;
    if (this.holds.some((waiting) => waiting())) return;
    this.kept = true;
    if (this.worker && this.ready) this.worker.postMessage({ type: "keep" });
    this.registerOffline();
  }
}

/** The page's Python, shared by every script of the page that asks it. */
export const python = new Python({
  timing: (/** @type {any} */ (globalThis).voidrefCalcTiming ??= {}),
});
