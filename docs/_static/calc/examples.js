// voidref example pages: Run buttons on the worked examples' Python blocks,
// and the replays' input forms. Only moves text to Python and answers back:
// the doctest runs in voidref.calc.doctest_run, the replay in voidref's own
// replay functions (voidref.calc.replays); JavaScript computes no rule.
//
// - Without JavaScript the blocks read as published and the replay shows the
//   published example (the form stays hidden).
// - Python starts the way the calculators start it (calc.js: on demand, with
//   the same progress line, timeout and "Try again").
// - A block runs after the page's earlier blocks, in one namespace, as the
//   build runs them; each ">>>" example is marked ✓ (its output matches) or
//   ✗ (with what it printed against what the block expects). "Edit" turns the
//   block into a text box; "Reset" brings back the published text.
// - A replay's form is folded under "Change the example". Its inputs that
//   differ from the example live in the URL (?docking-bay.senna_armor=3);
//   opening such a link unfolds the form and replays at once.
import { askPython, onPythonStatus } from "./calc.js";

const RUN_TIMEOUT_MS = 30000;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// -- Run buttons ------------------------------------------------------------

const blocks = [];

function publishedText(block) {
  return block.pre.textContent;
}

function setUpBlock(div, index) {
  const pre = div.querySelector("pre");
  if (!pre) return null;
  const n = index + 1;
  const b = { div, pre, index, editing: false };
  b.published = publishedText(b);
  b.run = el("button", { type: "button", class: "vr-run" }, "Run");
  b.run.setAttribute("aria-label", `Run example block ${n}`);
  b.edit = el("button", { type: "button", class: "vr-edit" }, "Edit");
  b.edit.setAttribute("aria-label", `Edit example block ${n}`);
  b.reset = el("button", { type: "button", class: "vr-reset", hidden: true }, "Reset");
  b.reset.setAttribute("aria-label", `Reset example block ${n} to the published text`);
  b.status = el("p", { class: "vr-run-status", role: "status" });
  b.results = el("ol", { class: "vr-run-results", hidden: true });
  b.results.setAttribute("aria-label", `Results of example block ${n}`);
  const id = `vr-block-${n}`;
  b.textarea = el("textarea", { class: "vr-editor", id, hidden: true, spellcheck: false, rows: 8 });
  b.textarea.setAttribute("autocapitalize", "off");
  b.textarea.setAttribute("autocomplete", "off");
  b.label = el("label", { class: "vr-editor-label", htmlFor: id, hidden: true },
    `Python examples of block ${n} (editable: lines starting ">>>" run, the lines after them are the output expected)`);
  const bar = el("div", { class: "vr-run-bar" }, b.run, b.edit, b.reset);
  div.after(el("div", { class: "vr-run-panel" }, b.label, b.textarea, bar, b.status, b.results));
  b.panel = div.nextElementSibling;
  b.run.addEventListener("click", () => runBlock(b));
  b.edit.addEventListener("click", () => {
    setEditing(b, true);
    b.textarea.focus();
  });
  b.reset.addEventListener("click", () => {
    b.textarea.value = b.published;
    setEditing(b, false);
    b.results.hidden = true;
    b.results.replaceChildren();
    b.status.textContent = "Back to the published text.";
    b.run.focus();
  });
  // Reaching for a block starts Python, so it is (nearly) ready by the time Run is pressed.
  b.panel.addEventListener("pointerdown", () => warmUp(), { passive: true });
  b.panel.addEventListener("focusin", () => warmUp());
  return b;
}

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

let warming = false;
function warmUp() {
  if (warming) return;
  warming = true;
  askPython("doctest", { source: ">>> 1\n1\n", setup: [] }, RUN_TIMEOUT_MS).catch(() => { warming = false; });
}

async function runBlock(b) {
  const source = b.editing ? b.textarea.value : b.published;
  const setup = blocks.slice(0, b.index).map((other) => other.published);
  b.run.disabled = true;
  b.panel.dataset.state = "running";
  b.status.textContent = "Running…";
  let answer;
  try {
    answer = await askPython("doctest", { source, setup }, RUN_TIMEOUT_MS);
  } catch (err) {
    b.run.disabled = false;
    b.panel.dataset.state = "failed";
    b.status.textContent = `Could not run the block: ${err.message}. Press Run to try again.`;
    return;
  }
  b.run.disabled = false;
  showRun(b, answer);
}

function showRun(b, answer) {
  b.results.replaceChildren();
  if (!answer.ok) {
    b.panel.dataset.state = "error";
    b.results.hidden = true;
    b.status.textContent = answer.error;
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

function readInputs(form) {
  const inputs = {};
  for (const input of form.elements) if (input.name) inputs[input.name] = input.value;
  return inputs;
}

function setUpReplay(section) {
  const r = {
    section,
    name: section.dataset.replay,
    form: section.querySelector("form"),
    status: section.querySelector(".vc-status"),
    general: section.querySelector(".vc-general-error"),
    state: section.querySelector(".vr-replay-state"),
    steps: [...document.querySelectorAll(`[id^="replay-${CSS.escape(section.dataset.replay)}-"].vr-replay-step`)],
    seq: 0,
  };
  r.defaults = readInputs(r.form);
  r.published = r.steps.map((step) => step.innerHTML);
  section.hidden = false;
  r.form.addEventListener("submit", (event) => event.preventDefault());
  let debounce = null;
  const changed = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      writeUrl(r);
      replay(r);
    }, 150);
  };
  r.form.addEventListener("input", changed);
  for (const button of r.form.querySelectorAll(".vc-step")) {
    // "−" and "+" move the number by one within the field's range (data-low/data-high from the build).
    button.addEventListener("click", () => {
      const box = button.parentElement.querySelector("input");
      const now = Number.parseInt(box.value.replace("\u2212", "-"), 10);
      const start = Number.isNaN(now) ? Number(r.defaults[box.name]) : now;
      box.value = String(Math.min(Number(box.dataset.high), Math.max(Number(box.dataset.low), start + Number(button.dataset.step))));
      changed();
    });
  }
  section.querySelector(".vr-replay-reset").addEventListener("click", () => {
    for (const input of r.form.elements) if (input.name) input.value = r.defaults[input.name];
    changed();
  });
  section.addEventListener("focusin", () => warmUp());
  const params = new URLSearchParams(location.search);
  let restored = false;
  for (const input of r.form.elements) {
    const value = input.name ? params.get(`${r.name}.${input.name}`) : null;
    if (value !== null) {
      input.value = value;
      restored = true;
    }
  }
  if (restored) {
    section.querySelector("details").open = true; // the shared link's inputs are in view
    replay(r);
  }
  return r;
}

function isDefault(r, inputs) {
  return Object.entries(inputs).every(([name, value]) => value === r.defaults[name]);
}

function writeUrl(r) {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(readInputs(r.form))) {
    if (value === r.defaults[name]) params.delete(`${r.name}.${name}`);
    else params.set(`${r.name}.${name}`, value);
  }
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
}

async function replay(r) {
  const inputs = readInputs(r.form);
  const seq = ++r.seq;
  r.section.dataset.state = "pending";
  r.state.textContent = "Playing the example again with your inputs…";
  let answer;
  try {
    answer = await askPython("replay", { name: r.name, inputs }, RUN_TIMEOUT_MS);
  } catch (err) {
    if (seq !== r.seq) return;
    r.section.dataset.state = "failed";
    r.state.textContent = `The steps below are still those of the last inputs that worked (${err.message}).`;
    r.section.dataset.computed = String(Number(r.section.dataset.computed || 0) + 1);
    return;
  }
  if (seq !== r.seq) return; // newer inputs follow
  r.section.dataset.computed = String(Number(r.section.dataset.computed || 0) + 1);
  const errors = answer.errors || {};
  for (const input of r.form.elements) {
    if (!input.name) continue;
    const slot = r.form.querySelector(`#${CSS.escape(input.id)}-err`);
    if (slot) slot.textContent = errors[input.name] || "";
    if (errors[input.name]) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
  if (!answer.ok) {
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
  const changed = [];
  answer.steps.forEach((html, k) => {
    const step = r.steps[k];
    if (!step) return;
    // A step that differs from the published one shows Python's HTML (built by
    // voidref.calc.replays.markdown_html: every text escaped); the others get
    // back the page's own rendering of the same Markdown.
    const differs = answer.changed[k];
    step.innerHTML = differs ? html : r.published[k];
    step.dataset.state = differs ? "changed" : "published";
    if (differs) changed.push(answer.titles[k]);
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
  blocks.push(...[...document.querySelectorAll("div.vr-runnable")].map(setUpBlock).filter(Boolean));
  blocks.forEach((b, k) => { b.index = k; });
  const forms = [...document.querySelectorAll(".vr-replay-form[data-replay]")].map(setUpReplay);
  onPythonStatus((text, state) => {
    for (const r of forms) r.status.textContent = state === "ready" ? "" : text;
    for (const b of blocks) if (b.panel.dataset.state === "running") b.status.textContent = text;
  });
  window.voidrefExamples = { blocks, forms };
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
