// Dealer drills: potengine deals a situation from a level and a seed (both in the URL, so a drill
// can be shared). The reader first says how many pots the hand makes (the page never shows it
// before), then each pot's amount and winners (in a hand run twice: whether the pot is run, and
// each run's part and winners) and what every player receives; potengine marks
// each answer and names the rule a wrong one missed. No rule of poker is written here, and no
// word: the labels are potengine's (t("drill.…"), from potengine.present.labels), the marks,
// rules and sentences potengine says in the page's language.
import { carried, carry, el, has, said, startEngine, query, setQuery, t } from "./live.mjs";

const here = new URL("./", import.meta.url);
if (!document.querySelector("link[data-potengine-drills]")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("drills.css", here).href,
                                    "data-potengine-drills": "" }));
}

const MOST_POTS = 6;
const root = document.getElementById("dealer-drill");
const level = el("select", { id: "drill-level", "t-aria-label": "drill.level" });
const next = el("button", { id: "drill-new", type: "button", class: "live-button", t: "drill.new",
                            disabled: "" });
const situation = el("div", { id: "drill-situation" });
const potsStep = el("fieldset", { id: "drill-pots-step", class: "drill-step", hidden: "" });
const potsMark = el("p", { id: "drill-pots-mark", "aria-live": "polite" });
const form = el("form", { id: "drill-form", novalidate: "", hidden: "" });
const checkButton = el("button", { id: "drill-check", type: "submit", class: "live-button",
                                   t: "drill.check" });
const marks = el("div", { id: "drill-marks", class: "live-result" });
const score = el("p", { id: "drill-score", class: "live-count", "aria-live": "polite" });
const json = el("pre", { id: "drill-json", class: "live-json", hidden: "" });
root.append(
  el("div", { class: "live-actions" }, el("label", { for: "drill-level", t: "drill.level" }), level, next),
  situation, potsStep, potsMark, form, marks, score, json);

let engine = null;
let drill = null;
let pots = [];
const session = { drills: 0, allRight: 0, items: 0, right: 0 };

function cell(tag, text) { return el(tag, { text }); }

function toggle(button) {
  button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
}

function ruleView(item) {
  // The rule and the sentence come from potengine (potengine.drills.RULES and the explanation).
  // An item left empty names no rule: only the engine's sentence.
  return el("div", { class: "drill-rule" },
            ...(item.rule ? [el("strong", { text: t("drill.rule_missed", { rule: item.rule }) }), " "] : []),
            item.why ?? "");
}

function runTimes(count) {
  return count === 2 ? t("drill.run_twice") : t("drill.run_times", { count });
}

function showDrill(question) {
  drill = question;
  situation.replaceChildren(
    el("h3", { text: t("drill.heading", { level: question.level, title: question.title, seed: question.seed }) }),
    el("table", { class: "live-table" },
      el("thead", {}, el("tr", {}, cell("th", t("drill.seat")), cell("th", t("drill.player")),
                         cell("th", t("drill.put_in")), cell("th", ""))),
      el("tbody", {}, ...question.players.map((p, i) => el("tr", {},
        cell("td", String(i + 1)), cell("td", p.name), cell("td", p.put_in),
        cell("td", [p.folded ? t("drill.folded") : "", p.button ? t("drill.button") : ""]
          .filter(Boolean).join(", ")))))),
    ...(question.runs.length > 1
      ? [el("p", {}, `${runTimes(question.runs.length)} ${t("drill.chip", { chip: question.chip })}`),
         el("ul", { class: "drill-runs" }, ...question.runs.map((text, k) => el("li", {},
           `${t("drill.run_showdown", { number: k + 1 })} `, el("strong", { text }))))]
      : [el("p", {}, `${t("drill.showdown")} `, el("strong", { text: question.ranking }),
            ` ${t("drill.chip", { chip: question.chip })}`)]));
  const choices = [];
  for (let n = 1; n <= MOST_POTS; n += 1) {
    const choice = el("button", { type: "button", class: "drill-choice", id: `drill-pots-${n}`,
                                  "data-pots": String(n), text: String(n) });
    choice.addEventListener("click", () => answerPots(n));
    choices.push(choice);
  }
  potsStep.replaceChildren(el("legend", { text: t("drill.how_many") }),
    el("div", { class: "drill-choices" }, ...choices));
  potsStep.hidden = false;
  potsStep.disabled = false;
  potsMark.replaceChildren();
  form.replaceChildren();
  form.hidden = true;
  marks.replaceChildren();
  json.textContent = "";
  setQuery({ level: question.level, seed: question.seed });
  root.dataset.state = "asking";
}

// again: the same answer marked again in another language (not counted twice).
async function answerPots(n, again = false) {
  if (!engine || !drill || root.dataset.state !== "asking") return;
  let marked;
  try {
    marked = await engine.call("mark_drill_pots", [drill.level, drill.seed, String(n)]);
  } catch (err) {
    potsMark.replaceChildren(el("span", { class: "live-error", text: err.message }));
    return;
  }
  for (const choice of potsStep.querySelectorAll("button")) {
    choice.setAttribute("aria-pressed", choice.dataset.pots === String(n) ? "true" : "false");
  }
  potsStep.disabled = true;
  if (!again) {
    session.items += 1;
    session.right += marked.ok ? 1 : 0;
  }
  drill.potsRight = marked.ok;
  drill.potsGiven = n;
  potsMark.className = marked.ok ? "live-ok" : "live-wrong";
  potsMark.replaceChildren(marked.message, ...(marked.ok ? [] : [" ", ruleView(marked)]));
  showPots(marked.pots);
}

function winnerButtons(i, label, run = null) {
  return el("div", { class: "drill-winners", role: "group", "aria-label": label }, `${t("drill.won_by")} `,
    ...drill.live.map((player) => {
      const button = el("button", { type: "button", class: "drill-toggle", "data-pot": String(i),
                                    "data-name": player, "aria-pressed": "false", text: player });
      if (run !== null) button.dataset.run = String(run);
      button.addEventListener("click", () => toggle(button));
      return button;
    }));
}

// A hand run more than once: for each pot the reader says whether it is run or paid once, then
// each run's part and winners (or the one winner). Which it is, is for the engine to mark.
function runViews(i, name) {
  const count = drill.runs.length;
  const runBox = el("div", { class: "drill-run-parts", hidden: "" }, ...drill.runs.map((_, k) =>
    el("div", { class: "drill-run-part" },
      el("label", { for: `drill-pot-${i}-run-${k + 1}-amount`, text: `${t("drill.part", { number: k + 1 })} ` }),
      el("input", { id: `drill-pot-${i}-run-${k + 1}-amount`, type: "text", inputmode: "decimal",
                    autocomplete: "off", class: "drill-amount" }),
      winnerButtons(i, t("drill.part_won_by", { pot: name, number: k + 1 }), k + 1))));
  const onceBox = el("div", { class: "drill-run-once", hidden: "" },
    winnerButtons(i, t("drill.pot_won_by", { pot: name }), 0));
  const modes = [["run", count === 2 ? t("drill.mode_twice") : t("drill.mode_times", { count })],
                 ["once", t("drill.paid_once")]]
    .map(([mode, text]) => {
      const button = el("button", { type: "button", class: "drill-toggle drill-mode", id: `drill-pot-${i}-${mode}`,
                                    "data-pot-mode": String(i), "data-mode": mode, "aria-pressed": "false", text });
      button.addEventListener("click", () => {
        for (const other of form.querySelectorAll(`button[data-pot-mode="${i}"]`)) {
          other.setAttribute("aria-pressed", String(other === button));
        }
        runBox.hidden = mode !== "run";
        onceBox.hidden = mode !== "once";
      });
      return button;
    });
  return [el("div", { class: "drill-winners", role: "group", "aria-label": t("drill.pot_run_or_once", { pot: name }) },
             `${t("drill.this_pot")} `, ...modes), runBox, onceBox];
}

function showPots(names) {
  pots = names;
  const runs = drill.runs.length > 1;
  const potViews = names.map((name, i) => el("fieldset", { class: "live-pot drill-pot" },
    el("legend", { text: name }),
    el("label", { for: `drill-pot-${i}-amount`, text: `${t("drill.amount")} ` }),
    el("input", { id: `drill-pot-${i}-amount`, type: "text", inputmode: "decimal", autocomplete: "off",
                  class: "drill-amount" }),
    ...(runs ? runViews(i, name) : [winnerButtons(i, t("drill.pot_won_by", { pot: name }))])));
  const payouts = el("fieldset", { class: "live-payouts" }, el("legend", { text: t("drill.receives") }),
    ...drill.players.map((p, i) => el("div", { class: "live-payout" },
      el("label", { for: `drill-payout-${i}`, text: `${p.name} ` }),
      el("input", { id: `drill-payout-${i}`, type: "text", inputmode: "decimal", autocomplete: "off",
                    class: "drill-amount", "data-player": p.name }))));
  form.replaceChildren(...potViews, payouts, el("div", { class: "live-actions" }, checkButton));
  form.hidden = false;
  root.dataset.state = "filling";
}

function pressed(selector) {
  return [...form.querySelectorAll(`${selector}[aria-pressed="true"]`)].map((button) => button.dataset.name);
}

function answer() {
  const runs = drill.runs.length > 1;
  const given = pots.map((_, i) => {
    const amount = document.getElementById(`drill-pot-${i}-amount`).value;
    if (!runs) return { amount, winners: pressed(`button[data-pot="${i}"]`) };
    const mode = form.querySelector(`button[data-pot-mode="${i}"][aria-pressed="true"]`);
    return {
      amount,
      run: mode ? mode.dataset.mode : "",
      winners: pressed(`button[data-pot="${i}"][data-run="0"]`),
      parts: drill.runs.map((_, k) => ({
        amount: document.getElementById(`drill-pot-${i}-run-${k + 1}-amount`).value,
        winners: pressed(`button[data-pot="${i}"][data-run="${k + 1}"]`),
      })),
    };
  });
  const payouts = {};
  for (const input of form.querySelectorAll("input[data-player]")) {
    payouts[input.dataset.player] = input.value;
  }
  return { pots: given, payouts };
}

async function deal(levelNumber, seed) {
  try {
    showDrill(await engine.call("new_drill", [levelNumber, seed]));
  } catch (err) {
    situation.replaceChildren(el("p", { class: "live-error", text: err.message }));
    root.dataset.state = "invalid";
  }
}

async function check(again = false) {
  if (!engine || !drill) return;
  let marked;
  try {
    marked = await engine.call("mark_drill", [drill.level, drill.seed, answer()]);
  } catch (err) {
    marks.replaceChildren(el("p", { class: "live-error", text: err.message }));
    return;
  }
  if (!again) {
    const allRight = marked.all_right && drill.potsRight;
    session.drills += 1;
    session.allRight += allRight ? 1 : 0;
    session.items += marked.total;
    session.right += marked.right;
  }
  marks.replaceChildren(
    el("h3", { text: marked.all_right ? t("drill.all_right")
      : t("drill.right_of", { right: marked.right, total: marked.total }) }),
    el("ul", { class: "live-marks" }, ...marked.items.map((item) => el("li",
      { class: item.ok ? "live-ok" : "live-wrong" },
      `${item.ok ? "✓" : "✗"} ${item.what}: `,
      item.ok ? item.expected
        : t("drill.wrote", { given: item.given || t("drill.nothing"), expected: item.expected }),
      ...(item.ok ? [] : [" ", ruleView(item)])))),
    el("h3", { text: t("drill.how") }),
    ...marked.explanation.split("\n").map((line) => el("p", { text: line })),
    el("div", { html: marked.tables }), el("div", { html: marked.pictures }));
  showScore();
  json.textContent = JSON.stringify(marked.items);
  root.dataset.state = "marked";
}

function showScore() {
  score.textContent = session.drills ? t("drill.session", { all_right: session.allRight, drills: session.drills,
                                                             right: session.right, items: session.items }) : "";
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  check();
});

// The levels and their titles, as potengine names them (potengine.drills.LEVELS).
function levels() {
  const chosen = level.value;
  level.replaceChildren();
  for (let n = 1; has(`drill.level.${n}`); n += 1) {
    level.append(el("option", { value: String(n), text: `${n}: ${t(`drill.level.${n}`)}` }));
  }
  if (chosen) level.value = chosen;
}
levels();
const params = query();
if (params.get("level")) level.value = params.get("level");

function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 1000000000;
}

next.addEventListener("click", () => deal(Number(level.value), randomSeed()));

// Another language is another page (live.mjs): it gets the drill (level and seed, in the address),
// what the reader has answered so far (answered and marked again there, not counted twice) and
// the session's score.
carry("drill", () => (drill ? {
  level: drill.level, seed: drill.seed, state: root.dataset.state, given: drill.potsGiven,
  kept: form.hidden ? null : keptAnswers(), session: { ...session },
} : null));

async function takeBack(before) {
  if (!before || before.level !== drill?.level || before.seed !== drill?.seed) return;
  Object.assign(session, before.session || {});
  showScore();
  if (before.given === undefined || !["filling", "marked"].includes(before.state)) return;
  await answerPots(before.given, true);
  if (before.kept) restoreAnswers(before.kept);
  if (before.state === "marked") await check(true);
}

// The reader's inputs and toggles, as they are on the page, to put back after a new language.
function keptAnswers() {
  return {
    values: [...form.querySelectorAll("input")].map((input) => [input.id, input.value]),
    pressed: [...form.querySelectorAll("button[aria-pressed]")].map((button) =>
      button.getAttribute("aria-pressed")),
  };
}

function restoreAnswers(kept) {
  for (const [id, value] of kept.values) {
    const input = document.getElementById(id);
    if (input) input.value = value;
  }
  const buttons = [...form.querySelectorAll("button[aria-pressed]")];
  kept.pressed.forEach((pressed, i) => {
    const button = buttons[i];
    if (!button || button.getAttribute("aria-pressed") === pressed) return;
    button.click();   // a mode button also shows its run's fields
  });
}

engine = await startEngine(root);
if (engine) {
  next.removeAttribute("disabled");
  const seed = params.get("seed");
  await deal(Number(params.get("level") || level.value), seed !== null ? Number(seed) : randomSeed());
  await takeBack(carried("drill"));
}
said();
