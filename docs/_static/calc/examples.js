// voidref example pages: Run buttons on the worked examples' Python blocks,
// and the replays' input forms. Only moves text to Python and answers back:
// the doctest runs in voidref.calc.doctest_run, the replay in voidref's own
// replay functions (voidref.calc.replays); JavaScript computes no rule.
//
// - Without JavaScript the blocks read as published and the replay shows the
//   published example (the form stays hidden).
// - Python is the page's one worker, started the way the calculators start
//   it (shared/python.js: on demand, with the same progress line and timeout).
// - A block runs after the page's earlier blocks, in one namespace, as the
//   build runs them; each ">>>" example is marked ✓ (its output matches) or
//   ✗ (with what it printed against what the block expects). "Edit" turns the
//   block into a text box; "Reset" brings back the published text.
// - A replay's form is folded under "Change the example". Its inputs that
//   differ from the example live in the URL (?docking-bay.senna_armor=3);
//   opening such a link unfolds the form and replays at once.
import { python } from "./shared/python.js";
import { setUpSteppers } from "./shared/stepper.js";
import { showFieldErrors } from "./shared/field-errors.js";
import { pageParams, readInputs, readParams, replaceQuery, writeInputs, writeParams } from "./shared/url-state.js";
import { el, messageOf, part as partOf } from "./shared/dom.js";

/**
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new () => E} type
 */
const part = (root, selector, type) => partOf(root, selector, type, "a replay's form");

const RUN_TIMEOUT_MS = 30000;

/**
 * Python's answer to *call* (voidref.calc.examples.run_json), or a refusal naming why there is none.
 * @param {string} call
 * @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
function askPython(call, args) {
  return python.ask({ type: "examples", call, args },
    { timeoutMs: RUN_TIMEOUT_MS, stopped: "Stopped a long computation; Python restarts at the next run." });
}

// -- Run buttons ------------------------------------------------------------

/**
 * One runnable block of the page, with its buttons and results.
 * @typedef {object} Block
 * @property {HTMLElement} div  the block as the build wrote it
 * @property {HTMLPreElement} pre
 * @property {number} index  its place among the page's blocks
 * @property {boolean} editing
 * @property {string} published  its text as published
 * @property {HTMLButtonElement} run
 * @property {HTMLButtonElement} edit
 * @property {HTMLButtonElement} reset
 * @property {HTMLParagraphElement} status
 * @property {HTMLOListElement} results
 * @property {HTMLTextAreaElement} textarea
 * @property {HTMLLabelElement} label
 * @property {HTMLElement} panel  the buttons, status and results under the block
 */

// The page's one state: its runnable blocks, and whether Python is being warmed up.
const page = {
  /** @type {Block[]} */
  blocks: [],
  warming: false,
};

/**
 * @param {HTMLElement} div
 * @param {number} index
 * @returns {Block | null}
 */
function setUpBlock(div, index) {
  const pre = div.querySelector("pre");
  if (!pre) return null;
  const n = index + 1;
  const run = el("button", { type: "button", class: "vr-run" }, "Run");
  run.setAttribute("aria-label", `Run example block ${n}`);
  const edit = el("button", { type: "button", class: "vr-edit" }, "Edit");
  edit.setAttribute("aria-label", `Edit example block ${n}`);
  const reset = el("button", { type: "button", class: "vr-reset", hidden: true }, "Reset");
  reset.setAttribute("aria-label", `Reset example block ${n} to the published text`);
  const status = el("p", { class: "vr-run-status", role: "status" });
  const results = el("ol", { class: "vr-run-results", hidden: true });
  results.setAttribute("aria-label", `Results of example block ${n}`);
  const id = `vr-block-${n}`;
  const textarea = el("textarea", { class: "vr-editor", id, hidden: true, spellcheck: false, rows: 8 });
  textarea.setAttribute("autocapitalize", "off");
  textarea.setAttribute("autocomplete", "off");
  const label = el("label", { class: "vr-editor-label", htmlFor: id, hidden: true },
    `Python examples of block ${n} (editable: lines starting ">>>" run, the lines after them are the output expected)`);
  const bar = el("div", { class: "vr-run-bar" }, run, edit, reset);
  const panel = el("div", { class: "vr-run-panel" }, label, textarea, bar, status, results);
  div.after(panel);
  /** @type {Block} */
  const b = {
    div, pre, index, editing: false, published: pre.textContent || "",
    run, edit, reset, status, results, textarea, label, panel,
  };
  run.addEventListener("click", () => runBlock(b));
  edit.addEventListener("click", () => {
    setEditing(b, true);
    textarea.focus();
  });
  reset.addEventListener("click", () => {
    textarea.value = b.published;
    setEditing(b, false);
    results.hidden = true;
    results.replaceChildren();
    status.textContent = "Back to the published text.";
    run.focus();
  });
  // Reaching for a block starts Python, so it is (nearly) ready by the time Run is pressed.
  panel.addEventListener("pointerdown", () => warmUp(), { passive: true });
  panel.addEventListener("focusin", () => warmUp());
  return b;
}

/**
 * @param {Block} b
 * @param {boolean} on
 */
function setEditing(b, on) {
  if (on && !b.editing) {
    b.textarea.value = b.textarea.value || b.published;
    b.textarea.rows = Math.min(24, Math.max(4, b.textarea.value.split("\n").length + 1));
  }
  b.editing = on;
  b.textarea.hidden = !on;
  b.label.hidden = !on;
  b.div.hidden = on;
  b.edit.hidden = on;
  b.reset.hidden = !on;
}

function warmUp() {
  if (page.warming) return;
  page.warming = true;
  askPython("doctest", { source: ">>> 1\n1\n", setup: [] }).catch(() => { page.warming = false; });
}

/** @param {Block} b */
async function runBlock(b) {
  const source = b.editing ? b.textarea.value : b.published;
  const setup = page.blocks.slice(0, b.index).map((other) => other.published);
  b.run.disabled = true;
  b.panel.dataset.state = "running";
  b.status.textContent = "Running…";
  let answer;
  try {
    answer = await askPython("doctest", { source, setup });
  } catch (err) {
    b.run.disabled = false;
    b.panel.dataset.state = "failed";
    b.status.textContent = `Could not run the block: ${messageOf(err)}. Press Run to try again.`;
    return;
  }
  b.run.disabled = false;
  showRun(b, answer);
}

/**
 * What Python answers for a block (voidref.calc.doctest_run).
 * @typedef {object} RunAnswer
 * @property {boolean} ok
 * @property {string} [error]
 * @property {number} [passed]
 * @property {number} [failed]
 * @property {{ok: boolean, source: string, want?: string, got?: string}[]} [examples]
 */

/**
 * @param {Block} b
 * @param {RunAnswer} answer
 */
function showRun(b, answer) {
  b.results.replaceChildren();
  if (!answer.ok || !answer.examples) {
    b.panel.dataset.state = "error";
    b.results.hidden = true;
    b.status.textContent = answer.error || "";
    return;
  }
  const total = answer.examples.length;
  b.panel.dataset.state = answer.failed ? "mismatch" : "pass";
  b.status.textContent = answer.failed
    ? `${answer.failed} of ${total} examples did not give the output expected (marked ✗ below); ${answer.passed} matched.`
    : `All ${total} examples gave the output expected ✓.`;
  for (const ex of answer.examples) {
    const mark = el("span", { class: "vr-mark", "aria-hidden": "true" }, ex.ok ? "✓" : "✗");
    const words = el("span", { class: "vr-sr" }, ex.ok ? "Matches: " : "Does not match: ");
    const code = el("code", { class: "vr-source" }, ">>> " + ex.source.replace(/\n/g, "\n... "));
    const item = el("li", { class: ex.ok ? "vr-ok" : "vr-bad" }, mark, " ", words, code);
    if (!ex.ok) {
      item.append(
        el("p", { class: "vr-label" }, "Expected:"), el("pre", { class: "vr-want" }, ex.want || "(no output)"),
        el("p", { class: "vr-label" }, "Got:"), el("pre", { class: "vr-got" }, ex.got || "(no output)"));
    }
    b.results.append(item);
  }
  b.results.hidden = false;
}

// -- Replays a player can change --------------------------------------------

/**
 * One replay's form, and the steps it refills.
 * @typedef {object} Replay
 * @property {HTMLElement} section
 * @property {string} name  the replay's name, also its key in the URL
 * @property {HTMLFormElement} form
 * @property {HTMLElement} status
 * @property {HTMLElement} general  the message that is no field's
 * @property {HTMLElement} state  what the steps below show
 * @property {HTMLElement[]} steps
 * @property {string[]} published  each step's HTML as the build wrote it
 * @property {Record<string, string>} defaults  the published example's inputs
 * @property {number} seq  the newest replay asked for (older answers are dropped)
 */

/**
 * @param {HTMLElement} section
 * @returns {Replay}
 */
function setUpReplay(section) {
  const name = section.dataset.replay || "";
  const form = part(section, "form", HTMLFormElement);
  const steps = [...document.querySelectorAll(`[id^="replay-${CSS.escape(name)}-"].vr-replay-step`)]
    .filter((step) => step instanceof HTMLElement);
  /** @type {Replay} */
  const r = {
    section,
    name,
    form,
    status: part(section, ".vc-status", HTMLElement),
    general: part(section, ".vc-general-error", HTMLElement),
    state: part(section, ".vr-replay-state", HTMLElement),
    steps,
    published: steps.map((step) => step.innerHTML),
    defaults: readInputs(form),
    seq: 0,
  };
  section.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let debounce;
  const changed = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      writeUrl(r);
      replay(r);
    }, 150);
  };
  form.addEventListener("input", changed);
  setUpSteppers(form, r.defaults);
  part(section, ".vr-replay-reset", HTMLElement).addEventListener("click", () => {
    writeInputs(form, r.defaults);
    changed();
  });
  section.addEventListener("focusin", () => warmUp());
  const restored = readParams(pageParams(), r.name, Object.keys(r.defaults));
  if (Object.keys(restored).length) {
    writeInputs(form, restored);
    part(section, "details", HTMLDetailsElement).open = true; // the shared link's inputs are in view
    replay(r);
  }
  return r;
}

/**
 * @param {Replay} r
 * @param {Record<string, string>} inputs
 */
function isDefault(r, inputs) {
  return Object.entries(inputs).every(([name, value]) => value === r.defaults[name]);
}

/** @param {Replay} r */
function writeUrl(r) {
  const params = pageParams();
  writeParams(params, r.name, readInputs(r.form), r.defaults);
  replaceQuery(params);
}

/**
 * What Python answers for a replay (voidref.calc.replays).
 * @typedef {object} ReplayAnswer
 * @property {boolean} ok
 * @property {Record<string, string>} [errors]  by field name
 * @property {string} [error]
 * @property {string[]} [steps]  each step's HTML
 * @property {boolean[]} [changed]  whether each step differs from the published one
 * @property {string[]} [titles]
 */

/** @param {Replay} r */
async function replay(r) {
  const inputs = readInputs(r.form);
  const seq = ++r.seq;
  r.section.dataset.state = "pending";
  r.state.textContent = "Playing the example again with your inputs…";
  /** @type {ReplayAnswer} */
  let answer;
  try {
    answer = await askPython("replay", { name: r.name, inputs });
  } catch (err) {
    if (seq !== r.seq) return;
    r.section.dataset.state = "failed";
    r.state.textContent = `The steps below are still those of the last inputs that worked (${messageOf(err)}).`;
    r.section.dataset.computed = String(Number(r.section.dataset.computed || 0) + 1);
    return;
  }
  if (seq !== r.seq) return; // newer inputs follow
  r.section.dataset.computed = String(Number(r.section.dataset.computed || 0) + 1);
  const errors = answer.errors || {};
  showFieldErrors(r.form, errors);
  if (!answer.ok || !answer.steps) {
    const marked = Object.keys(errors).length;
    r.general.textContent = answer.error
      || `The example cannot take ${marked > 1 ? "the inputs" : "the input"} marked above: see the message under it.`;
    r.general.hidden = false;
    r.section.dataset.state = "error";
    r.state.textContent = "The steps below are still those of the last inputs that worked.";
    return;
  }
  r.general.hidden = true;
  r.general.textContent = "";
  const mine = !isDefault(r, inputs);
  /** @type {string[]} */
  const changed = [];
  const differ = answer.changed || [];
  const titles = answer.titles || [];
  answer.steps.forEach((html, k) => {
    const step = r.steps[k];
    if (!step) return;
    // A step that differs from the published one shows Python's HTML (the
    // step renderer of voidref.present.replays that also wrote the page at build
    // time: every text escaped); the others get back the page's own HTML.
    const differs = differ[k];
    step.innerHTML = differs ? html : r.published[k];
    step.dataset.state = differs ? "changed" : "published";
    if (differs) changed.push(titles[k]);
  });
  r.section.dataset.state = mine ? "changed" : "published";
  if (!mine) r.state.textContent = "The steps below are the published example.";
  else if (!changed.length) r.state.textContent = "Played again with your inputs: no step comes out differently.";
  else {
    r.state.textContent = `Played again with your inputs: ${changed.length} of ${answer.steps.length} steps come out `
      + `differently (${changed.join("; ")}), marked with a bar at their left. The story in words is still the published one.`;
  }
}

// -- set-up -------------------------------------------------------------------

function setUpPage() {
  const divs = [...document.querySelectorAll("div.vr-runnable")].filter((div) => div instanceof HTMLElement);
  for (const b of divs.map(setUpBlock)) if (b) page.blocks.push(b);
  page.blocks.forEach((b, k) => { b.index = k; });
  const sections = [...document.querySelectorAll(".vr-replay-form[data-replay]")]
    .filter((section) => section instanceof HTMLElement);
  const forms = sections.map(setUpReplay);
  python.onStatus((text, state) => {
    for (const r of forms) r.status.textContent = state === "ready" ? "" : text;
    for (const b of page.blocks) if (b.panel.dataset.state === "running") b.status.textContent = text;
  });
  Object.assign(window, { voidrefExamples: { blocks: page.blocks, forms } });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
