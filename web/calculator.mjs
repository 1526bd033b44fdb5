// The pot calculator: reads the form (or the URL query), asks potengine to settle, shows what it
// returns. The fields and their URL names are those of potengine.present.live.FIELDS.
import { el, startEngine, query, setQuery } from "./live.mjs";

const FIELDS = [
  ["players", "Players and what each put in, in seat order", "Alice:40, Bilal:100, Chloé:100"],
  ["folded", "Folded players (their chips stay in the pots)", "David"],
  ["button", "The button (odd chips go clockwise from it; default: the last seat)", "Chloé"],
  ["chip", "Smallest chip in play", "1"],
  ["ranking", "Showdown, best first: > beats, = ties", "Alice > Chloé = Bilal"],
  ["hands", "…or each live player's hole cards instead of a ranking", "Alice:AsKs, Bilal:7h7d"],
  ["board", "…and the board", "2c 7d 9h Qs Jd"],
];

const root = document.getElementById("pot-calculator");
const form = el("form", { class: "live-form", id: "calc-form", novalidate: "" });
const inputs = {};
for (const [name, label, example] of FIELDS) {
  const input = el("input", { id: `calc-${name}`, name, type: "text", autocomplete: "off",
                              spellcheck: "false", placeholder: `e.g. ${example}`,
                              "aria-describedby": `calc-${name}-error` });
  if (name === "chip") input.value = "1";
  inputs[name] = input;
  form.append(el("div", { class: `live-field live-field-${name}` },
    el("label", { for: `calc-${name}`, text: label }), input,
    el("p", { class: "live-error", id: `calc-${name}-error`, "aria-live": "polite" })));
}
const settleButton = el("button", { type: "submit", id: "calc-settle", class: "live-button",
                                    text: "Settle", disabled: "" });
const link = el("a", { id: "calc-link", class: "live-link", hidden: "" });
form.append(el("div", { class: "live-actions" }, settleButton, link));

const result = el("div", { id: "calc-result", class: "live-result", hidden: "" });
const tables = el("div", { id: "calc-tables" });
const words = el("div", { id: "calc-explanation", class: "live-words" });
const check = el("div", { id: "calc-check" });
const pictures = el("div", { id: "calc-pictures" });
const json = el("pre", { id: "settlement-json", class: "live-json" });
result.append(
  el("h3", { text: "Pots, winners and payouts" }), tables,
  el("h3", { text: "In words" }), words,
  el("h3", { text: "The six-step check" }), check,
  el("h3", { text: "Where the chips went in and came out" }), pictures,
  el("details", {}, el("summary", { text: "The settlement as JSON (as potengine settle --json prints it)" }),
     json));
root.append(form, result);

function fields() {
  const out = {};
  for (const [name] of FIELDS) out[name] = inputs[name].value.trim();
  return out;
}

function showErrors(errors) {
  for (const [name] of FIELDS) {
    const message = errors[name] || "";
    document.getElementById(`calc-${name}-error`).textContent = message;
    inputs[name].toggleAttribute("aria-invalid", Boolean(message));
  }
}

let engine = null;
let runs = 0;

async function settle() {
  const values = fields();
  const url = setQuery(values);
  link.href = url;
  link.textContent = "Link to this hand";
  link.hidden = false;
  root.dataset.state = "busy";
  const started = performance.now();
  let out;
  try {
    out = await engine.call("calculate", [values]);
  } catch (err) {
    out = { ok: false, errors: { players: err.message } };
  }
  root.dataset.lastMs = (performance.now() - started).toFixed(1);
  showErrors(out.errors || {});
  if (out.ok) {
    tables.innerHTML = out.tables;          // HTML written (and escaped) by potengine
    words.replaceChildren(...out.explanation.split("\n").map((line) => el("p", { text: line })));
    check.innerHTML = out.check;
    pictures.innerHTML = out.pictures;
    json.textContent = out.settlement_text;
    result.hidden = false;
  } else {
    json.textContent = "";
    result.hidden = true;
  }
  runs += 1;
  root.dataset.runs = String(runs);
  root.dataset.state = out.ok ? "done" : "invalid";
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (engine) settle();
});

const params = query();
for (const [name] of FIELDS) if (params.has(name)) inputs[name].value = params.get(name);

engine = await startEngine(root);
if (engine) {
  settleButton.removeAttribute("disabled");
  if (params.get("players")) await settle();
}
