// The pot calculator: one row per player (name, chips in, folded, cards), the order of hands
// tapped from best to worst, and a quick text field for keyboards. This script only builds the
// rows and sends what is typed, as strings, to potengine (potengine.present.live.calculate);
// every rule of reading it (the quick syntax, decimal commas, names in any case, the chip left
// empty) and every message is written in Python. The URL query holds the table, as potengine
// returns it, and the page's language, so a link reproduces the hand in the same words. Every
// label is potengine's too (t("calc.…"), from potengine.present.labels).
import { carried, carry, el, label, language, said, startEngine, query, setQuery, t } from "./live.mjs";

const root = document.getElementById("pot-calculator");
const form = el("form", { class: "live-form calc-form", id: "calc-form", novalidate: "" });

// ---- the rows ---------------------------------------------------------------------------------
let nextId = 1;
const rows = [];          // {id, li, name, amount, folded, cards}
const MOST_RUNS = 3;
let runCount = 1;         // the hand is run once, twice or three times
let bomb = false;         // a bomb pot: two boards dealt at once (the rule of a hand run twice)
let useCards = false;

const rowList = el("ol", { id: "calc-rows", class: "calc-rows" });
const addButton = el("button", { type: "button", id: "calc-add", class: "live-button calc-secondary",
                                 t: "calc.add" });
const tableError = el("p", { class: "live-error", id: "calc-table-error", "aria-live": "polite" });
form.append(el("fieldset", { class: "calc-players" },
  el("legend", { t: "calc.players_legend" }),
  rowList, addButton, tableError));

function errorLine(id) {
  return el("p", { class: "live-error", id: `${id}-error`, "aria-live": "polite" });
}

function addRow(values = {}) {
  const id = nextId++;
  const index = rows.length;
  const name = el("input", { type: "text", class: "calc-name", autocomplete: "off", spellcheck: "false",
                             enterkeyhint: "next" });
  const amount = el("input", { type: "text", class: "calc-amount", inputmode: "decimal", autocomplete: "off",
                               "t-placeholder": "calc.chips", enterkeyhint: "next" });
  const folded = el("input", { type: "checkbox", class: "calc-folded-box" });
  const cards = el("input", { type: "text", class: "calc-cards", autocomplete: "off", spellcheck: "false",
                              autocapitalize: "off", "t-placeholder": "calc.cards_hint" });
  const remove = el("button", { type: "button", class: "calc-remove", text: "✕" });
  const li = el("li", { class: "calc-row" },
    el("div", { class: "calc-row-main" }, name, amount,
       el("label", { class: "calc-fold" }, folded, el("span", { t: "calc.folded" })), remove),
    cards);
  const row = { id, li, name, amount, folded, cards, errors: {} };
  for (const part of ["name", "amount", "cards"]) {
    row.errors[part] = el("p", { class: "live-error", "aria-live": "polite" });
    li.append(row.errors[part]);
  }
  name.value = values.name || "";
  amount.value = values.amount || "";
  folded.checked = Boolean(values.folded);
  cards.value = values.cards || "";
  name.addEventListener("input", refresh);
  folded.addEventListener("change", () => {
    if (folded.checked) dropFromOrders(id);
    refresh();
  });
  remove.addEventListener("click", () => {
    rows.splice(rows.indexOf(row), 1);
    li.remove();
    dropFromOrders(id);
    refresh();
  });
  rows.push(row);
  rowList.append(li);
  return row;
}

// Ids in the page follow the row's place, so that an error keyed "row-2-amount" finds its row.
function renumber() {
  rows.forEach((row, i) => {
    row.li.dataset.row = String(i);
    row.name.id = `calc-row-${i}-name`;
    row.amount.id = `calc-row-${i}-amount`;
    row.folded.id = `calc-row-${i}-folded`;
    row.cards.id = `calc-row-${i}-cards`;
    for (const part of ["name", "amount", "cards"]) {
      row.errors[part].id = `calc-row-${i}-${part}-error`;
      row[part].setAttribute("aria-describedby", row.errors[part].id);
    }
    row.name.setAttribute("placeholder", t("calc.player", { number: i + 1 }));
    row.name.setAttribute("aria-label", t("calc.seat_name", { seat: i + 1 }));
    row.amount.setAttribute("aria-label", t("calc.seat_chips", { seat: i + 1, name: row.name.value }).trim());
    row.cards.setAttribute("aria-label", t("calc.seat_cards", { seat: i + 1 }));
    row.li.querySelector(".calc-remove").setAttribute("aria-label", t("calc.remove", { seat: i + 1 }));
    row.cards.hidden = !useCards;
  });
}

addButton.addEventListener("click", () => {
  const row = addRow();
  refresh();
  row.name.focus();
});

// ---- how often the hand is run -----------------------------------------------------------------
const runChoices = [1, 2, 3].map((n) => el("button", { type: "button", id: `calc-runs-${n}`,
  class: "live-button calc-secondary calc-run-choice", "data-runs": String(n), "aria-pressed": "false",
  t: ["calc.once", "calc.twice", "calc.three_times"][n - 1] }));
const bombBox = el("input", { type: "checkbox", id: "calc-bomb" });
const runsError = errorLine("calc-runs");
form.append(el("fieldset", { class: "calc-runs", id: "calc-runs" },
  el("legend", { t: "calc.runs_legend" }),
  el("div", { class: "calc-order-tools", role: "group", "t-aria-label": "calc.runs_group" }, ...runChoices),
  el("label", { class: "calc-fold calc-bomb" }, bombBox, el("span", { t: "calc.bomb" })),
  runsError));
for (const choice of runChoices) {
  choice.addEventListener("click", () => setRuns(Number(choice.dataset.runs), bomb));
}
bombBox.addEventListener("change", () => setRuns(bombBox.checked ? 2 : runCount, bombBox.checked));

// ---- the order of hands, one per run ------------------------------------------------------------
// Run 1's widget keeps the ids of a hand dealt once (calc-order, calc-tie, ...); run n's end in -n.
function makeShowdown(n) {
  const tail = n === 1 ? "" : `-${n}`;
  const w = { n, order: [], tieNext: false };
  w.shown = el("ol", { id: `calc-order${tail}`, class: "calc-order" });
  w.taps = el("div", { id: `calc-taps${tail}`, class: "calc-taps" });
  w.tie = el("button", { type: "button", id: `calc-tie${tail}`, class: "live-button calc-secondary calc-tie",
                         "aria-pressed": "false", t: "calc.tie" });
  w.undo = el("button", { type: "button", id: `calc-undo${tail}`, class: "live-button calc-secondary",
                          t: "calc.undo" });
  w.clear = el("button", { type: "button", id: `calc-clear-order${tail}`,
                           class: "live-button calc-secondary", t: "calc.clear" });
  w.legend = el("legend", {});
  w.set = el("fieldset", { class: "calc-showdown", id: `calc-showdown${tail}` },
    w.legend, w.shown, w.taps, el("div", { class: "calc-order-tools" }, w.tie, w.undo, w.clear),
    errorLine(`calc-order${tail}`));
  w.tie.addEventListener("click", () => { w.tieNext = !w.tieNext; refresh(); });
  w.undo.addEventListener("click", () => {
    const last = w.order[w.order.length - 1];
    if (last) last.pop();
    w.tieNext = false;
    refresh();
  });
  w.clear.addEventListener("click", () => { w.order = []; refresh(); });
  return w;
}
const showdowns = [1, 2, 3].map(makeShowdown);
const orderSet = el("div", { class: "calc-showdowns" }, ...showdowns.map((w) => w.set));
form.append(orderSet);

function dropFromOrders(id) {
  for (const w of showdowns) w.order = w.order.map((g) => g.filter((x) => x !== id)).filter((g) => g.length);
}

function rowById(id) { return rows.find((r) => r.id === id); }
function nameOf(row, i) { return row.name.value.trim() || t("calc.player", { number: i + 1 }); }

function refreshShowdown(w) {
  const active = w.n <= runCount;
  w.set.hidden = !active || useCards;
  w.legend.textContent = runCount === 1 ? t("calc.showdown_legend")
    : t(bomb ? "calc.board_legend" : "calc.run_legend", { number: w.n });
  w.order = w.order.map((g) => g.filter((id) => rowById(id))).filter((g) => g.length);
  const placed = new Set(w.order.flat());
  w.shown.replaceChildren(...w.order.map((group, place) => el("li", { class: "calc-place" },
    el("span", { class: "calc-place-number", text: `${place + 1}.` }), " ",
    el("span", { text: group.map((id) => nameOf(rowById(id), rows.indexOf(rowById(id)))).join(" = ") }),
    group.length > 1 ? el("span", { class: "calc-tie-mark", text: ` ${t("calc.tie_mark")}` }) : "")));
  w.shown.hidden = w.order.length === 0;
  // Only the runs in play have tap buttons: a player's name is tapped in one widget at a time.
  w.taps.replaceChildren(...(active ? rows : []).filter((row) => !row.folded.checked && !placed.has(row.id))
    .map((row) => {
      const button = el("button", { type: "button", class: "calc-tap", "data-name": row.name.value.trim(),
                                    text: nameOf(row, rows.indexOf(row)) });
      button.addEventListener("click", () => tap(w, row.id));
      return button;
    }));
  if (!w.order.length) w.tieNext = false;
  w.tie.setAttribute("aria-pressed", String(w.tieNext));
  w.tie.disabled = w.order.length === 0;
  w.undo.disabled = w.clear.disabled = w.order.length === 0;
}

function refresh() {
  renumber();
  for (const w of showdowns) refreshShowdown(w);
  for (const choice of runChoices) {
    choice.setAttribute("aria-pressed", String(Number(choice.dataset.runs) === runCount));
    choice.disabled = bomb && choice.dataset.runs !== "2";
  }
  bombBox.checked = bomb;
  refreshBoards();
  // The button: a choice of the seated players (by row, so that a renamed player stays chosen).
  const chosen = buttonSelect.value;
  buttonSelect.replaceChildren(el("option", { value: "", text: t("calc.button_default") }),
    ...rows.map((row, i) => el("option", { value: String(row.id), text: nameOf(row, i) })));
  buttonSelect.value = rows.some((r) => String(r.id) === chosen) ? chosen : "";
}

function tap(w, id) {
  if (w.tieNext && w.order.length) w.order[w.order.length - 1].push(id);
  else w.order.push([id]);
  w.tieNext = false;
  refresh();
}

function setRuns(n, isBomb) {
  bomb = Boolean(isBomb);
  runCount = bomb ? 2 : Math.min(Math.max(n, 1), MOST_RUNS);
  refresh();
}

// ---- the button, the chip, the cards ----------------------------------------------------------
const buttonSelect = el("select", { id: "calc-button", "aria-describedby": "calc-button-error" });
const chipInput = el("input", { type: "text", id: "calc-chip", inputmode: "decimal", autocomplete: "off",
                                "t-placeholder": "calc.chip_hint",
                                "aria-describedby": "calc-chip-error" });
const cardsBox = el("input", { type: "checkbox", id: "calc-use-cards" });
// One board per run (calc-board, calc-board-2, calc-board-3): each run's five cards, the cards
// the runs share (the flop, or the flop and the turn) typed again on every board.
const boards = [1, 2, 3].map((n) => {
  const id = n === 1 ? "calc-board" : `calc-board-${n}`;
  const input = el("input", { type: "text", id, autocomplete: "off", spellcheck: "false",
                              autocapitalize: "off", "t-placeholder": "calc.board_hint",
                              "aria-describedby": `${id}-error` });
  const name = el("label", { for: id });
  const field = el("div", { class: "live-field calc-board-field", hidden: "" }, name, input, errorLine(id));
  return { n, input, label: name, field };
});
const boardInput = boards[0].input;
const boardField = el("div", { class: "calc-boards" }, ...boards.map((b) => b.field));

function refreshBoards() {
  for (const field of quickRunFields) {
    const n = Number(field.dataset.run);
    field.hidden = n > runCount;
    field.querySelector("label").textContent = t(bomb ? "calc.board_ranking" : "calc.run_ranking", { number: n });
  }
  document.getElementById("calc-ranking-label")?.replaceChildren(runCount === 1 ? t("calc.ranking_label")
    : t(bomb ? "calc.board_ranking_label" : "calc.run_ranking_label", { number: 1 }));
  for (const b of boards) {
    b.field.hidden = !useCards || b.n > runCount;
    b.label.textContent = runCount === 1 ? t("calc.board")
      : t(bomb ? "calc.bomb_board" : "calc.run_board", { number: b.n });
  }
}
const more = el("details", { class: "calc-more", id: "calc-more" },
  el("summary", { t: "calc.more" }),
  el("div", { class: "live-field" },
     el("label", { for: "calc-button", t: "calc.button_label" }), buttonSelect, errorLine("calc-button")),
  el("div", { class: "live-field" },
     el("label", { for: "calc-chip", t: "calc.chip_label" }), chipInput, errorLine("calc-chip")),
  el("label", { class: "calc-fold calc-cards-toggle" }, cardsBox, el("span", { t: "calc.use_cards" })),
  boardField);
form.append(more);

cardsBox.addEventListener("change", () => { setCards(cardsBox.checked); });
function setCards(on) {
  useCards = on;
  cardsBox.checked = on;
  orderSet.hidden = on;
  refresh();
}

// ---- the quick field --------------------------------------------------------------------------
const quickPlayers = el("textarea", { id: "calc-players", rows: "4", autocomplete: "off", spellcheck: "false",
                                      "t-placeholder": "calc.players_hint",
                                      "aria-describedby": "calc-players-error" });
const quickRanking = el("input", { type: "text", id: "calc-ranking", autocomplete: "off", spellcheck: "false",
                                   "t-placeholder": "calc.ranking_hint",
                                   "aria-describedby": "calc-ranking-error" });
// The later runs' showdowns (calc-ranking-2, calc-ranking-3), shown when the hand is run again.
const quickRankings = [quickRanking];
const quickRunFields = [2, 3].map((n) => {
  const input = el("input", { type: "text", id: `calc-ranking-${n}`, autocomplete: "off", spellcheck: "false",
                              "t-placeholder": "calc.ranking2_hint",
                              "aria-describedby": `calc-ranking-${n}-error` });
  quickRankings.push(input);
  return el("div", { class: "live-field calc-quick-run", "data-run": String(n), hidden: "" },
    el("label", { for: `calc-ranking-${n}`, class: "calc-quick-run-label" }), input,
    errorLine(`calc-ranking-${n}`));
});
const quickButton = el("button", { type: "button", id: "calc-quick-fill", class: "live-button",
                                   t: "calc.quick_fill", disabled: "" });
const quick = el("details", { class: "calc-quick", id: "calc-quick" },
  el("summary", { t: "calc.quick" }),
  el("div", { class: "live-field" },
     el("label", { for: "calc-players", t: "calc.players_label" }),
     quickPlayers, errorLine("calc-players"), errorLine("calc-folded"), errorLine("calc-hands")),
  el("div", { class: "live-field" },
     el("label", { for: "calc-ranking", id: "calc-ranking-label", text: t("calc.ranking_label") }),
     quickRanking, errorLine("calc-ranking")),
  ...quickRunFields,
  quickButton);
form.append(quick);

// ---- settle -----------------------------------------------------------------------------------
const settleButton = el("button", { type: "submit", id: "calc-settle", class: "live-button calc-big",
                                    t: "calc.settle", disabled: "" });
const sideButton = el("button", { type: "button", id: "calc-tableside", class: "live-button calc-big",
                                  t: "calc.tableside", hidden: "" });
const link = el("a", { id: "calc-link", class: "live-link", hidden: "" });
form.append(el("div", { class: "live-actions" }, settleButton, sideButton, link));

const note = el("p", { id: "calc-note", class: "calc-note", hidden: "" });
const result = el("div", { id: "calc-result", class: "live-result", hidden: "" });
const tables = el("div", { id: "calc-tables" });
const words = el("div", { id: "calc-explanation", class: "live-words" });
const check = el("div", { id: "calc-check" });
const pictures = el("div", { id: "calc-pictures" });
const json = el("pre", { id: "settlement-json", class: "live-json" });
result.append(
  el("h3", { t: "calc.result_pots" }), tables,
  el("h3", { t: "calc.result_words" }), words,
  el("h3", { t: "calc.result_check" }), check,
  el("h3", { t: "calc.result_pictures" }), pictures,
  el("details", {}, el("summary", { t: "calc.result_json" }), json));

// ---- table-side mode: one screen, large type, one push at a time -------------------------------
const side = el("div", { id: "calc-side", class: "calc-side", hidden: "", role: "dialog",
                         "aria-modal": "true", "aria-labelledby": "calc-side-count" });
const sideCount = el("p", { id: "calc-side-count", class: "calc-side-count" });
const sideSay = el("p", { id: "calc-side-say", class: "calc-side-say", "aria-live": "polite" });
const sideList = el("ol", { id: "calc-side-list", class: "calc-side-list", hidden: "" });
const sidePrev = el("button", { type: "button", id: "calc-side-prev", class: "live-button calc-big",
                                t: "calc.previous" });
const sideNext = el("button", { type: "button", id: "calc-side-next", class: "live-button calc-big",
                                t: "calc.next" });
const sideAll = el("button", { type: "button", id: "calc-side-all", class: "live-button calc-secondary",
                               t: "calc.all_at_once" });
const sideClose = el("button", { type: "button", id: "calc-side-close", class: "live-button calc-secondary",
                                 t: "calc.close" });
side.append(el("div", { class: "calc-side-top" }, sideCount, sideAll, sideClose),
            sideSay, sideList, el("div", { class: "calc-side-nav" }, sidePrev, sideNext));
let pushes = [];
let pushAt = 0;

function showPush() {
  const listing = !sideList.hidden;
  sideSay.hidden = listing;
  sideCount.textContent = listing ? t("calc.pushes_all", { count: pushes.length })
    : t("calc.push_of", { number: pushAt + 1, count: pushes.length });
  sideSay.textContent = pushes[pushAt] || "";
  sidePrev.disabled = listing || pushAt === 0;
  sideNext.disabled = listing || pushAt >= pushes.length - 1;
  sideAll.textContent = listing ? t("calc.one_at_a_time") : t("calc.all_at_once");
  side.dataset.push = String(pushAt);
}
sideButton.addEventListener("click", () => {
  pushAt = 0;
  side.hidden = false;
  document.documentElement.classList.add("calc-side-open");
  showPush();
  sideNext.focus();
});
sidePrev.addEventListener("click", () => { pushAt = Math.max(0, pushAt - 1); showPush(); });
sideNext.addEventListener("click", () => { pushAt = Math.min(pushes.length - 1, pushAt + 1); showPush(); });
sideAll.addEventListener("click", () => { sideList.hidden = !sideList.hidden; showPush(); });
function closeSide() {
  side.hidden = true;
  document.documentElement.classList.remove("calc-side-open");
  sideButton.focus();
}
sideClose.addEventListener("click", closeSide);
side.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeSide();
  if (event.key === "ArrowRight") sideNext.click();
  if (event.key === "ArrowLeft") sidePrev.click();
});

root.append(form, note, result, side);

// ---- talking to the engine --------------------------------------------------------------------
function fields() {
  const placeName = (id) => rowById(id).name.value;
  const buttonRow = rows.find((r) => String(r.id) === buttonSelect.value);
  return {
    rows: rows.map((row) => ({ name: row.name.value, amount: row.amount.value, folded: row.folded.checked,
                               cards: useCards ? row.cards.value : "" })),
    order: useCards ? [] : showdowns[0].order.map((group) => group.map(placeName)),
    button: buttonRow ? buttonRow.name.value : "",
    chip: chipInput.value,
    board: useCards ? boardInput.value : "",
    ...runFields((w) => (useCards ? [] : w.order.map((group) => group.map(placeName))), "order"),
  };
}

// The runs' fields: runs, bomb and, for runs 2 and 3, their order (or ranking) and board.
function runFields(orderOf, name) {
  const out = { runs: String(runCount), bomb: bomb ? "1" : "" };
  for (const w of showdowns.slice(1, runCount)) {
    out[`${name}${w.n}`] = orderOf(w);
    out[`board${w.n}`] = useCards ? boards[w.n - 1].input.value : "";
  }
  return out;
}

// The form from the table potengine read (names as seated, the order matched to the rows).
function fillFrom(table) {
  for (const row of [...rows]) row.li.remove();
  rows.length = 0;
  for (const values of table.rows) addRow(values);
  const idOf = new Map(rows.map((row) => [row.name.value, row.id]));
  const orders = table.orders || [table.order];
  for (const w of showdowns) {
    w.order = (orders[w.n - 1] || []).map((group) => group.map((name) => idOf.get(name)).filter(Boolean))
      .filter((g) => g.length);
  }
  chipInput.value = table.chip;
  const typed = table.boards || [table.board];
  for (const b of boards) b.input.value = typed[b.n - 1] || "";
  for (const w of showdowns.slice(1)) {
    const input = quickRankings[w.n - 1];
    input.value = (orders[w.n - 1] || []).map((group) => group.join(" = ")).join(" > ");
  }
  bomb = Boolean(table.bomb);
  runCount = table.runs || 1;
  setCards(table.rows.some((r) => r.cards) || typed.some(Boolean));
  buttonSelect.value = table.button && idOf.has(table.button) ? String(idOf.get(table.button)) : "";
  if (table.button || table.chip) more.open = true;
}

function showErrors(errors) {
  for (const node of root.querySelectorAll(".live-error")) node.textContent = "";
  for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  let first = null;
  for (const [key, message] of Object.entries(errors)) {
    const where = document.getElementById(`calc-${key}-error`) || tableError;
    where.textContent = where.textContent ? `${where.textContent} ${message}` : message;
    const input = document.getElementById(`calc-${key}`);
    if (input) input.setAttribute("aria-invalid", "true");
    if (["players", "ranking", "folded", "hands"].includes(key.replace(/-\d$/, ""))) quick.open = true;
    if (["button", "chip", "board"].includes(key.replace(/-\d$/, ""))) more.open = true;
    first = first || input || where;
  }
  if (first && first.scrollIntoView) first.scrollIntoView({ block: "center" });
}

let engine = null;
let runs = 0;
let last = null;   // what was settled last: settled again on the page of another language
let lastFromText = false;

async function settle(values, fromText = false) {
  last = values;
  lastFromText = fromText;
  root.dataset.state = "busy";
  const started = performance.now();
  let out;
  try {
    out = await engine.call("calculate", [values]);
  } catch (err) {
    out = { ok: false, errors: { table: err.message } };
  }
  root.dataset.lastMs = (performance.now() - started).toFixed(1);
  if (fromText && out.table && out.table.rows.length && !out.errors?.players) fillFrom(out.table);
  showErrors(out.errors || {});
  if (out.query) {
    link.href = setQuery(out.query);
    label(link, "text", "calc.link");
    link.hidden = false;
  }
  note.textContent = out.ok ? out.chip_note : "";
  note.hidden = !(out.ok && out.chip_note);
  if (out.ok) {
    tables.innerHTML = out.tables;          // HTML written (and escaped) by potengine
    words.replaceChildren(...out.explanation.split("\n").map((line) => el("p", { text: line })));
    check.innerHTML = out.check;
    pictures.innerHTML = out.pictures;
    json.textContent = out.settlement_text;
    pushes = out.pushes;
    sideList.replaceChildren(...pushes.map((text) => el("li", { text })));
    result.hidden = false;
    sideButton.hidden = false;
  } else {
    json.textContent = "";
    result.hidden = true;
    sideButton.hidden = true;
  }
  runs += 1;
  root.dataset.runs = String(runs);
  root.dataset.state = out.ok ? "done" : "invalid";
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (engine) settle(fields());
});
quickButton.addEventListener("click", () => {
  if (!engine) return;
  const values = fields();
  settle({ players: quickPlayers.value, ranking: quickRanking.value, button: values.button,
           chip: values.chip, board: values.board,
           ...runFields((w) => quickRankings[w.n - 1].value, "ranking") }, true);
});

// Enter in the quick showdown field settles the quick text, not the rows.
quickRanking.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    quickButton.click();
  }
});

// The URL's text fields (the book's links: players, ranking, folded, button, chip, hands, board).
const params = query();
const TEXT_FIELDS = ["players", "folded", "button", "chip", "ranking", "hands", "board",
                     "runs", "bomb", "ranking2", "ranking3", "board2", "board3"];
for (let i = 0; i < 2; i++) addRow();
refresh();
if (params.get("players")) {
  quickPlayers.value = params.get("players");
  quickRanking.value = params.get("ranking") || "";
  quickRankings[1].value = params.get("ranking2") || "";
  quickRankings[2].value = params.get("ranking3") || "";
}

// Another language is another page (live.mjs): a settled table is in the address; what was
// settled last (a table with an error too, which the address does not hold) and the typed text
// are carried to it and settled again there, so that the engine says it in that language.
carry("calculator", () => ({
  last, fromText: lastFromText,
  quick: [quickPlayers.value, ...quickRankings.map((input) => input.value)],
}));
const before = carried("calculator");
if (before?.quick) {
  quickPlayers.value = before.quick[0] ?? "";
  quickRankings.forEach((input, i) => { input.value = before.quick[i + 1] ?? ""; });
}

engine = await startEngine(root);
if (engine) {
  settleButton.removeAttribute("disabled");
  quickButton.removeAttribute("disabled");
  if (before?.last) {
    await settle(before.last, before.fromText);
  } else if (params.get("players")) {
    const values = {};
    for (const name of TEXT_FIELDS) values[name] = params.get(name) || "";
    await settle(values, true);
  }
}
said();
