// voidref encounter tracker: Python's answer for the log, shown (show): which
// panels and forms show (the answer's choices.events), what happens now, the
// combatant pickers, the Initiative list, the slot's takers, the turn, the
// combatants' cards and the account; then Undo and Redo, the example's steps,
// the encounter picker and a file's problem, each drawn from the encounter
// open; where the keyboard goes after a change (settleFocus); and the odds
// shown before an attack is rolled, asked again shortly after the attack
// form changes (scheduleOdds).
import { count, el, messageOf } from "./shared/dom.js";
import { clearRefusal, eventOf, showRefusal } from "./tracker-forms.js";
import { app, ask, built, form, root, store, t, ui } from "./tracker-page.js";

const ODDS_DELAY_MS = 120;

/** @typedef {import("./tracker-page.js").StateAnswer} StateAnswer */

// -- showing an answer ---------------------------------------------------------------------------

/** @param {StateAnswer} answer */
export function show(answer) {
  t.answer = answer;
  const events = new Set(answer.choices.events);
  for (const node of app.querySelectorAll("[data-event]")) {
    if (node instanceof HTMLElement) node.hidden = !events.has(node.dataset.event || "");
  }
  const { state, choices } = answer;
  ui.setup.hidden = !events.has("join");
  ui.initiative.hidden = !(events.has("initiative") && state.fighters.length) && !events.has("start-round");
  ui.round.hidden = !(events.has("take-turn") || events.has("end-round"));
  ui.turn.hidden = !choices.turn;
  ui.maneuvers.hidden = !["move", "take-cover", "maneuver"].some((e) => events.has(e));
  ui.scene.hidden = !["set-range", "set-cover", "set-condition", "set-gravity"].some((e) => events.has(e));
  ui.end.hidden = !events.has("end-encounter");
  if (ui.end.hidden) ui.confirmEnd.hidden = true;
  renderNow(answer);
  renderPickers(answer);
  renderInitiative(answer);
  renderRound(answer);
  renderTurn(answer);
  renderCards(answer);
  renderAccount(answer);
  renderHistory();
  renderSteps();
  root.dataset.events = String(answer.count);
  root.dataset.state = state.over ? "over" : state.round ? "round" : "setup";
}

/** @param {StateAnswer} answer */
function renderNow({ state, choices }) {
  let text;
  if (state.over) text = "The encounter is over. Undo brings it back.";
  else if (!state.round) {
    text = state.fighters.length
      ? `Setting up: ${count(state.fighters.length, "combatant")}. Add the others, set the scene, record each Initiative, then start the first round.`
      : "Setting up: add the combatants from a stat block or by hand.";
  } else {
    const slot = state.slot < state.slots.length ? `slot ${state.slot + 1} of ${state.slots.length} (${sideName(state.slots[state.slot])})` : "every slot used";
    if (choices.turn) text = `Round ${state.round}, ${slot}: ${choices.turn}'s turn.`;
    else if (choices.may_take && choices.may_take.length) text = `Round ${state.round}, ${slot}: who takes it?`;
    else text = `Round ${state.round}: ${slot === "every slot used" ? "every slot is used" : `${slot}, nobody can take it`}. End the round.`;
  }
  ui.nowText.textContent = text;
  ui.slots.replaceChildren(...state.slots.map((side, k) => {
    const li = el("li", { class: "vt-slot" }, sideName(side));
    if (k === state.slot && state.round && !state.over) li.setAttribute("aria-current", "step");
    if (k < state.slot) li.dataset.used = "1";
    return li;
  }));
  ui.slots.hidden = !state.slots.length;
}

/** @param {string | null} side */
function sideName(side) {
  return side === "gm" ? "GM" : side === "player" ? "player" : String(side);
}

/**
 * Fill a combatant picker with *names*, keeping its choice when it is still among them.
 * @param {HTMLSelectElement} select
 * @param {string[]} names
 * @param {string} [prefer]  chosen when the old choice is gone
 */
function fillSelect(select, names, prefer) {
  const old = select.value;
  const same = select.options.length === names.length && names.every((n, k) => select.options[k].value === n);
  if (!same) select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
  if (names.includes(old)) select.value = old;
  else if (prefer && names.includes(prefer)) select.value = prefer;
}

/** @param {StateAnswer} answer */
function renderPickers({ state }) {
  const names = state.fighters.map((f) => f.name);
  for (const [id, field, prefer] of /** @type {[string, string, number][]} */ ([
    ["vt-range", "a", 0], ["vt-range", "b", 1], ["vt-cover", "name", 0], ["vt-condition", "name", 0]])) {
    const select = form(id).elements.namedItem(field);
    if (select instanceof HTMLSelectElement) fillSelect(select, names, names[prefer]);
  }
}

/** @param {StateAnswer} answer */
function renderInitiative({ state }) {
  const select = /** @type {HTMLSelectElement} */ (form("vt-init").elements.namedItem("name"));
  const waiting = state.fighters.find((f) => f.initiative === null);
  fillSelect(select, state.fighters.map((f) => f.name), waiting && waiting.name);
  if (waiting && select.dataset.chosen !== "1") select.value = waiting.name;
  ui.initList.replaceChildren(...state.fighters.map((f) => el("li", {},
    el("span", { class: "vt-init-name" }, f.name), ": ",
    f.initiative === null ? el("span", { class: "vt-muted" }, "not yet") : count(f.initiative, "Success", "Successes"))));
}

/** @param {StateAnswer} answer */
function renderRound({ state, choices }) {
  const may = choices.may_take || [];
  const side = state.slot_side ? sideName(state.slot_side) : "";
  ui.roundNote.textContent = may.length
    ? `The ${side} slot: ${side === "GM" ? "the GM chooses" : "the players choose"} who acts.`
    : choices.events.includes("end-round") ? "Nobody is left to take a slot this round." : "";
  ui.takers.replaceChildren(...may.map((name) => {
    const b = el("button", { type: "button", class: "vt-primary vt-take" }, `${name} takes the slot`);
    b.dataset.name = name;
    return b;
  }));
}

/** @param {StateAnswer} answer */
function renderTurn({ state, choices }) {
  if (!choices.turn) return;
  const f = state.fighters.find((g) => g.name === choices.turn);
  if (!f) return;
  ui.turn.querySelector(".vt-h")?.replaceChildren(`${f.name}'s turn`);
  ui.turnNote.textContent = `${f.action_used ? "The Action is used" : "The Action is free"}; `
    + `${count(f.maneuvers, "Maneuver")} taken.`;
  ui.manNote.textContent = f.maneuvers === 0 ? "The first Maneuver is free." : "This would be the second Maneuver.";
  ui.strain.closest(".vt-man-strain")?.toggleAttribute("hidden", f.maneuvers === 0);
  if (f.maneuvers === 0) ui.strain.checked = false;
  const targets = choices.targets || [];
  const other = state.fighters.find((g) => g.side !== f.side && !g.incapacitated && targets.includes(g.name));
  const attack = form("vt-attack");
  fillSelect(/** @type {HTMLSelectElement} */ (attack.elements.namedItem("weapon")), choices.weapons || []);
  fillSelect(/** @type {HTMLSelectElement} */ (attack.elements.namedItem("target")), targets, other && other.name);
  fillSelect(/** @type {HTMLSelectElement} */ (form("vt-move").elements.namedItem("target")), targets,
    other && other.name);
  const roll = state.last_roll;
  ui.spendButtons.replaceChildren(...(choices.spends || []).map((spend) => {
    const b = el("button", { type: "button", class: "vt-spend" }, built.spends?.[spend] || spend);
    b.dataset.spend = spend;
    return b;
  }));
  const spendsTitle = app.querySelector("#vt-spends-title");
  if (spendsTitle && roll) spendsTitle.textContent = `Spend Boons of this roll (${roll.boons_left} left)`;
  const gmStrain = /** @type {HTMLInputElement} */ (form("vt-gm-spend").elements.namedItem("strain"));
  if (roll) gmStrain.dataset.high = String(Math.max(1, roll.banes_left));
  const gmTitle = form("vt-gm-spend").querySelector(".vt-form-title");
  if (gmTitle && roll) gmTitle.textContent = `The GM spends Banes (${roll.banes_left} left)`;
  ui.critTarget.textContent = choices.crit_target ? `A Critical Injury on ${choices.crit_target} is available.` : "";
  if (!form("vt-attack").hidden) scheduleOdds();
}

/** @param {StateAnswer} answer */
function renderCards({ state }) {
  const none = app.querySelector(".vt-fighters .vt-none");
  if (none instanceof HTMLElement) none.hidden = state.fighters.length > 0;
  ui.cards.replaceChildren(...state.fighters.map((f) => {
    const health = [`Wounds ${f.wounds} of ${f.wound_points}`];
    if (f.strain !== null) health.push(`Strain ${f.strain} of ${f.strain_points}`);
    const about = [`Initiative ${f.initiative === null ? "not yet" : f.initiative}`, `cover: ${f.cover}`];
    for (const c of f.conditions) about.push(`${c.name} (${count(c.turns, "turn")})`);
    const card = el("li", { class: "vt-card" },
      el("p", { class: "vt-card-name" }, el("strong", {}, f.name), " ",
        el("span", { class: "vt-tag" }, `${sideName(f.side)} side · ${f.kind}`)),
      el("p", { class: "vt-card-health" }, health.join(" · ")),
      el("p", { class: "vt-card-about" }, about.join(" · ")));
    card.dataset.side = f.side;
    card.dataset.name = f.name;
    if (f.incapacitated) card.append(el("p", { class: "vt-down" }, "Incapacitated"));
    if (state.turn === f.name) {
      card.dataset.acting = "1";
      card.append(el("p", { class: "vt-acting" }, "Acting now"));
    } else if (f.acted && state.round) card.append(el("p", { class: "vt-muted" }, "Has acted this round"));
    if (f.injuries.length) {
      card.append(el("p", { class: "vt-card-injuries" }, "Critical Injuries: " + f.injuries.map(
        (i) => `d100 ${i.d100}${i.bonus ? ` + ${i.bonus} = ${i.total}` : ""} (${i.severity})`).join("; ")));
    }
    const bands = Object.entries(f.bands);
    if (bands.length) {
      card.append(el("details", { class: "vt-bands" }, el("summary", {}, "Range bands"),
        el("ul", {}, ...bands.map(([name, band]) => el("li", {}, `${name}: ${band}`)))));
    }
    return card;
  }));
}

/** @type {WeakMap<Element, string>} each account step's HTML as Python sent it */
const stepHtml = new WeakMap();

/**
 * The account: the log step by step, each step's HTML written by Python's one
 * fight renderer (voidref.present.fight, which also writes the Docking Bay
 * page's replay). A step whose HTML and title are unchanged keeps its element.
 * @param {StateAnswer} answer
 */
function renderAccount({ steps }) {
  if (!steps.length) {
    ui.account.replaceChildren(el("p", { class: "vt-none" }, "Nothing has happened yet."));
    return;
  }
  const before = [...ui.account.children];
  ui.account.replaceChildren(...steps.map((s, k) => {
    const old = before[k];
    if (old && stepHtml.get(old) === s.title + "\n" + s.html) return old;
    const body = el("div", { class: "vr-fight-step" });
    body.innerHTML = s.html;
    const section = el("section", { class: "vt-account-step" }, el("h3", {}, s.title), body);
    section.dataset.start = String(s.start);
    section.dataset.end = String(s.end);
    stepHtml.set(section, s.title + "\n" + s.html);
    return section;
  }));
}

export function renderHistory() {
  const r = t.record;
  ui.undo.disabled = !r || !r.events.length;
  ui.redo.disabled = !r || !r.ahead.length;
  ui.undo.setAttribute("aria-label", r && r.events.length ? `Undo (${count(r.events.length, "event")} in the log)` : "Undo");
  ui.redo.setAttribute("aria-label", r && r.ahead.length ? `Redo (${count(r.ahead.length, "event")} undone)` : "Redo");
}

function renderSteps() {
  const r = t.record;
  ui.steps.hidden = !r || !r.example;
  if (!r || !r.example) return;
  const total = r.events.length + r.ahead.length;
  const steps = [{ title: "Before the first event", count: 0 }, ...r.example.steps.filter((s) => s.count <= total)];
  ui.step.replaceChildren(...steps.map((s) => el("option", { value: String(s.count) },
    `${s.title} (${count(s.count, "event")})`)));
  const here = steps.find((s) => s.count === r.events.length);
  if (here) ui.step.value = String(here.count);
}

export function renderPicker() {
  const list = store.list();
  const r = t.record;
  const options = list.map((s) => el("option", { value: s.id }, `${s.name} · ${count(s.count, "event")}`));
  if (r && !list.some((s) => s.id === r.id)) {
    options.unshift(el("option", { value: r.id }, `${r.name} (not saved) · ${count(r.events.length, "event")}`));
  }
  ui.pick.replaceChildren(...options);
  if (r) ui.pick.value = r.id;
}

export function renderProblem() {
  const r = t.record;
  ui.problem.hidden = !r || (!r.problem && !r.original);
  if (!r || ui.problem.hidden) return;
  const text = ui.problem.querySelector(".vt-problem-text");
  const why = r.problem && "message" in r.problem ? String(/** @type {any} */ (r.problem).message) : "";
  if (text) {
    text.textContent = `Loaded the first ${count(r.events.length, "event")} of the file. ${why ? `The rest could not be: ${why}` : ""}`
      + " The file's whole text is kept on this device with this encounter.";
  }
}

/** After the forms changed, keep the keyboard focus on something the player can see. */
export function settleFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && app.contains(active) && !active.closest("[hidden]")) return;
  // What the turn's roll bought comes first: a Critical Injury to roll, Boons or Banes to spend.
  const bought = ui.turn.hidden ? undefined
    : [form("vt-crit"), app.querySelector(".vt-spends"), form("vt-gm-spend")].find((p) => p instanceof HTMLElement && !p.hidden);
  const control = bought && (bought.querySelector(".vt-roll") || bought.querySelector(".vt-spend")
    || bought.querySelector("input[name]"));
  if (control instanceof HTMLElement) {
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "center" });
    return;
  }
  const panel = [ui.turn, ui.round, ui.initiative, ui.setup].find((p) => !p.hidden);
  const heading = panel ? panel.querySelector(".vt-h") : app.querySelector("#vt-now-h");
  if (heading instanceof HTMLElement) heading.focus();
}

// -- the odds before an attack's roll -----------------------------------------------------------

export function scheduleOdds() {
  clearTimeout(t.oddsTimer);
  t.oddsTimer = setTimeout(() => { void showOdds(); }, ODDS_DELAY_MS);
}

async function showOdds() {
  const f = form("vt-attack");
  if (f.hidden || !t.record) return;
  const seq = ++t.oddsSeq;
  const all = eventOf(f);
  const event = Object.fromEntries(["name", "target", "weapon", "boon_dice", "bane_dice", "difficulty_upgrades"]
    .map((k) => [k, all[k]]));
  ui.odds.dataset.state = "pending";
  let answer;
  try {
    answer = await ask({ op: "odds", events: t.record.events, event });
  } catch (err) {
    if (seq === t.oddsSeq) ui.odds.replaceChildren(el("p", {}, `No odds (${messageOf(err)}).`));
    return;
  }
  if (seq !== t.oddsSeq) return;
  ui.odds.dataset.state = answer.ok ? "live" : "error";
  if (answer.ok) clearRefusal(f);
  if (!answer.ok) {
    ui.odds.replaceChildren(el("p", { class: "vt-muted" }, "No odds for these inputs (see the message beside them)."));
    showRefusal(f, answer.error);
    return;
  }
  const rows = [["Pool", answer.pool], ["Chance to hit", answer.hit], ["Critical Injury", answer.critical_injury],
    ["Incapacitated by this attack", answer.incapacitated], ["Average Wounds", answer.mean_wounds]];
  if (answer.drifting !== "0%") rows.push(["Drifting", answer.drifting]);
  ui.odds.replaceChildren(el("p", { class: "vt-odds-title" }, "Before the roll"),
    el("dl", { class: "vt-odds-list" }, ...rows.map(([k, v]) => el("div", {}, el("dt", {}, k), el("dd", {}, v)))));
}
