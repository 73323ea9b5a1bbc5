// A page's one Python worker (docs/_static/calc/shared/python.js): one start,
// questions sent once it is ready and answered by id, one reset when a start
// fails or a question runs too long, and the service worker asked for only
// once the player's first answer is in. A stand-in plays the worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Python, PythonUnavailable } from "../../docs/_static/calc/shared/python.js";

/** A stand-in for worker.mjs: notes what the page sends; the test answers for it. */
class FakeWorker {
  constructor() {
    /** @type {any[]} */
    this.sent = [];
    this.terminated = false;
    /** @type {((event: MessageEvent) => void) | null} */
    this.onmessage = null;
    /** @type {((event: ErrorEvent) => void) | null} */
    this.onerror = null;
  }

  /** @param {any} message */
  postMessage(message) {
    this.sent.push(message);
  }

  terminate() {
    this.terminated = true;
  }

  /** @param {any} data  a message from the worker */
  say(data) {
    if (this.onmessage) this.onmessage(new MessageEvent("message", { data }));
  }

  ready() {
    this.say({ type: "ready", timing: { startedAt: performance.timeOrigin } });
  }

  /** @param {string} type */
  sentOf(type) {
    return this.sent.filter((m) => m.type === type);
  }
}

/**
 * A Python with stand-ins, ended with the test; its workers, in the order
 * started, and the times it asked for the service worker.
 * @param {import("node:test").TestContext} t
 * @param {ConstructorParameters<typeof Python>[0]} [options]
 */
function python(t, options = {}) {
  /** @type {FakeWorker[]} */
  const workers = [];
  /** @type {number[]} */
  const offline = [];
  const py = new Python({
    createWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    registerOffline: () => offline.push(performance.now()),
    canRun: () => true,
    keepAfterReadyMs: 60_000,
    ...options,
  });
  /** @type {[string, string][]} */
  const statuses = [];
  py.onStatus((text, state) => statuses.push([text, state]));
  t.after(() => py.reset());
  return { py, workers, offline, statuses };
}

/** @param {Promise<unknown>} promise  left to settle as it may (the test ends the worker) */
const quietly = (promise) => promise.catch(() => {});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("questions asked while Python starts share one worker and one start", async (t) => {
  const { py, workers } = python(t);
  quietly(py.ask({ type: "run", slug: "a" }));
  quietly(py.ask({ type: "run", slug: "b" }));
  assert.equal(workers.length, 1);
  assert.deepEqual(workers[0].sent, [{ type: "init" }]);
});

test("a question is sent only once the worker says Python is ready", async (t) => {
  const { py, workers } = python(t);
  quietly(py.ask({ type: "run", slug: "a" }));
  await tick();
  assert.deepEqual(workers[0].sentOf("run"), []);
  workers[0].ready();
  await tick();
  assert.deepEqual(workers[0].sentOf("run").map((m) => m.slug), ["a"]);
});

test("each answer goes to the question with its id", async (t) => {
  const { py, workers } = python(t);
  const first = py.ask({ type: "run", slug: "a" });
  const second = py.ask({ type: "examples", call: "doctest" });
  workers[0].ready();
  await tick();
  const [a, b] = workers[0].sent.slice(1);
  workers[0].say({ type: "answer", id: b.id, answer: "for b" });
  workers[0].say({ type: "result", id: a.id, result: "for a" });
  assert.deepEqual(await Promise.all([first, second]), ["for a", "for b"]);
});

test("a question past its time ends the worker, says so, and the next question starts a new one", async (t) => {
  const { py, workers, statuses } = python(t);
  const asked = py.ask({ type: "run" }, { timeoutMs: 20, stopped: "Stopped; restarts at the next change." });
  workers[0].ready();
  await assert.rejects(asked, (err) => err instanceof PythonUnavailable && err.timedOut
    && /longer than 0.02 s/.test(err.message));
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(statuses.at(-1), ["Stopped; restarts at the next change.", "stopped"]);
  assert.equal(py.ready, false);
  quietly(py.ask({ type: "run" }));
  assert.equal(workers.length, 2);
});

test("ending the worker refuses every question still waiting for it", async (t) => {
  const { py, workers } = python(t);
  const slow = py.ask({ type: "run" }, { timeoutMs: 20 });
  const other = py.ask({ type: "examples" }, { timeoutMs: 60_000 });
  workers[0].ready();
  await assert.rejects(slow, (err) => err instanceof PythonUnavailable && err.timedOut);
  await assert.rejects(other, (err) => err instanceof PythonUnavailable && !err.timedOut);
});

test("a start with no word from the worker for the start-up time fails and says so", async (t) => {
  const { py, workers, statuses } = python(t, { startupTimeoutMs: 20 });
  await assert.rejects(py.start(), /did not start within 0.02 s/);
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(statuses.at(-1)?.[1], "failed");
});

test("each file the worker reports arriving restarts the start-up clock", async (t) => {
  const { py, workers, statuses } = python(t, { startupTimeoutMs: 60 });
  const started = py.start();
  for (let i = 1; i <= 4; i++) {
    await sleep(30);
    workers[0].say({ type: "progress", bytes: i * 1e6, total: 5e6 });
  }
  assert.deepEqual(statuses.at(-1), ["Loading the calculator engine: 4.0 of 5.0 MB…", "loading"]);
  workers[0].ready();
  await started;
  assert.equal(workers[0].terminated, false);
});

test("after a failed start, the next question starts a new worker", async (t) => {
  const { py, workers } = python(t);
  const first = py.start();
  workers[0].say({ type: "failed", message: "no wasm" });
  await assert.rejects(first, /no wasm/);
  quietly(py.start());
  assert.equal(workers.length, 2);
});

test("a browser that cannot run the worker is told so, and nothing is started", async (t) => {
  const { py, workers, statuses } = python(t, { canRun: () => false });
  await assert.rejects(py.start(), /cannot run WebAssembly/);
  assert.equal(workers.length, 0);
  assert.deepEqual(statuses.at(-1)?.[1], "failed");
});

test("the service worker is asked for once the player's first answer is in, and only once", async (t) => {
  const { py, workers, offline } = python(t);
  const asked = py.ask({ type: "run" });
  workers[0].ready();
  await tick();
  assert.equal(offline.length, 0);
  workers[0].say({ type: "result", id: workers[0].sentOf("run")[0].id, result: {} });
  await asked;
  assert.equal(offline.length, 1);
  assert.equal(workers[0].sentOf("keep").length, 1);
  py.keepForLater();
  assert.equal(offline.length, 1);
});

test("nothing is kept while a question of the player's is being worked out", async (t) => {
  const { py, workers, offline } = python(t);
  const asked = py.ask({ type: "run" });
  workers[0].ready();
  await tick();
  py.keepForLater(); // as the timer after the start would
  assert.equal(offline.length, 0);
  workers[0].say({ type: "result", id: workers[0].sentOf("run")[0].id, result: {} });
  await asked;
  assert.equal(offline.length, 1);
});

test("nothing is kept while a change of the player's waits for its question", async (t) => {
  const { py, workers, offline } = python(t);
  let waiting = true;
  py.holdKeepWhile(() => waiting);
  quietly(py.start());
  workers[0].ready();
  py.keepForLater();
  assert.equal(offline.length, 0);
  waiting = false;
  py.keepForLater();
  assert.equal(offline.length, 1);
});

test("an answer nobody waited for (a built result brought live) is not the player's first", async (t) => {
  const { py, workers, offline } = python(t);
  const asked = py.ask({ type: "run" }, { background: true });
  workers[0].ready();
  await tick();
  workers[0].say({ type: "result", id: workers[0].sentOf("run")[0].id, result: {} });
  await asked;
  assert.equal(offline.length, 0);
});

test("with no question asked, the service worker is asked for a while after Python is ready", async (t) => {
  const { py, workers, offline } = python(t, { keepAfterReadyMs: 10 });
  const started = py.start();
  workers[0].ready();
  await started;
  assert.equal(offline.length, 0);
  await sleep(40);
  assert.equal(offline.length, 1);
});

test("a status listener added later hears the last status at once", async (t) => {
  const { py } = python(t);
  quietly(py.start());
  /** @type {string[]} */
  const heard = [];
  py.onStatus((text, state) => heard.push(state));
  assert.deepEqual(heard, ["loading"]);
});
