// The pot calculator: one row per player (name, chips in, folded, cards), the order of hands
// tapped from best to worst, and a quick text field for keyboards. This script only builds the
// rows and sends what is typed, as strings, to potengine (potengine.present.live.calculate);
// every rule of reading it (the quick syntax, decimal commas, names in any case, the chip left
// empty) and every message is written in Python. The URL query holds the table, as potengine
// returns it, so a link reproduces the hand.
import { el, startEngine, query, setQuery } from "./live.mjs";

const root = document.getElementById("pot-calculator");
const form = el("form", { class: "live-form calc-form", id: "calc-form", novalidate: "" });

// ---- the rows ---------------------------------------------------------------------------------
let nextId = 1;
const rows = [];          // {id, li, name, amount, folded, cards}
let order = [];           // tie groups of row ids, best hand first
let tieNext = false;      // the next tap joins the last group
let useCards = false;

const rowList = el("ol", { id: "calc-rows", class: "calc-rows" });
const addButton = el("button", { type: "button", id: "calc-add", class: "live-button calc-secondary",
                                 text: "+ Add a player" });
const tableError = el("p", { class: "live-error", id: "calc-table-error", "aria-live": "polite" });
form.append(el("fieldset", { class: "calc-players" },
  el("legend", { text: "Players in seat order (clockwise), and what each put in during the hand" }),
  rowList, addButton, tableError));

function errorLine(id) {
  return el("p", { class: "live-error", id: `${id}-error`, "aria-live": "polite" });
}

function addRow(values = {}) {
  const id = nextId++;
  const index = rows.length;
  const name = el("input", { type: "text", class: "calc-name", autocomplete: "off", spellcheck: "false",
                             placeholder: `Player ${index + 1}`, "aria-label": `Seat ${index + 1}: name`,
                             enterkeyhint: "next" });
  const amount = el("input", { type: "text", class: "calc-amount", inputmode: "decimal", autocomplete: "off",
                               placeholder: "chips", "aria-label": `Seat ${index + 1}: chips put in`,
                               enterkeyhint: "next" });
  const folded = el("input", { type: "checkbox", class: "calc-folded-box" });
  const cards = el("input", { type: "text", class: "calc-cards", autocomplete: "off", spellcheck: "false",
                              autocapitalize: "off", placeholder: "hole cards, e.g. As Ks",
                              "aria-label": `Seat ${index + 1}: hole cards` });
  const remove = el("button", { type: "button", class: "calc-remove", text: "✕",
                                "aria-label": `Remove seat ${index + 1}` });
  const li = el("li", { class: "calc-row" },
    el("div", { class: "calc-row-main" }, name, amount,
       el("label", { class: "calc-fold" }, folded, el("span", { text: "folded" })), remove),
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
    if (folded.checked) order = order.map((g) => g.filter((x) => x !== id)).filter((g) => g.length);
    refresh();
  });
  remove.addEventListener("click", () => {
    rows.splice(rows.indexOf(row), 1);
    li.remove();
    order = order.map((g) => g.filter((x) => x !== id)).filter((g) => g.length);
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
    row.name.setAttribute("aria-label", `Seat ${i + 1}: name`);
    row.amount.setAttribute("aria-label", `Seat ${i + 1}: chips put in ${row.name.value}`.trim());
    row.li.querySelector(".calc-remove").setAttribute("aria-label", `Remove seat ${i + 1}`);
    row.cards.hidden = !useCards;
  });
}

addButton.addEventListener("click", () => {
  const row = addRow();
  refresh();
  row.name.focus();
});

// ---- the order of hands -----------------------------------------------------------------------
const orderShown = el("ol", { id: "calc-order", class: "calc-order" });
const taps = el("div", { id: "calc-taps", class: "calc-taps" });
const tieButton = el("button", { type: "button", id: "calc-tie", class: "live-button calc-secondary",
                                 "aria-pressed": "false", text: "= Tie with the last" });
const undoButton = el("button", { type: "button", id: "calc-undo", class: "live-button calc-secondary",
                                  text: "Undo" });
const clearButton = el("button", { type: "button", id: "calc-clear-order",
                                   class: "live-button calc-secondary", text: "Clear" });
const orderError = errorLine("calc-order");
const orderSet = el("fieldset", { class: "calc-showdown" },
  el("legend", { text: "Showdown: tap the players from the best hand to the worst" }),
  orderShown, taps, el("div", { class: "calc-order-tools" }, tieButton, undoButton, clearButton), orderError);
form.append(orderSet);

function rowById(id) { return rows.find((r) => r.id === id); }
function nameOf(row, i) { return row.name.value.trim() || `Player ${i + 1}`; }

function refresh() {
  renumber();
  order = order.map((g) => g.filter((id) => rowById(id))).filter((g) => g.length);
  const placed = new Set(order.flat());
  orderShown.replaceChildren(...order.map((group, place) => el("li", { class: "calc-place" },
    el("span", { class: "calc-place-number", text: `${place + 1}.` }), " ",
    el("span", { text: group.map((id) => nameOf(rowById(id), rows.indexOf(rowById(id)))).join(" = ") }),
    group.length > 1 ? el("span", { class: "calc-tie-mark", text: " (tie)" }) : "")));
  orderShown.hidden = order.length === 0;
  taps.replaceChildren(...rows.filter((row) => !row.folded.checked && !placed.has(row.id))
    .map((row) => {
      const button = el("button", { type: "button", class: "calc-tap", "data-name": row.name.value.trim(),
                                    text: nameOf(row, rows.indexOf(row)) });
      button.addEventListener("click", () => tap(row.id));
      return button;
    }));
  if (!order.length) tieNext = false;
  tieButton.setAttribute("aria-pressed", String(tieNext));
  tieButton.disabled = order.length === 0;
  undoButton.disabled = clearButton.disabled = order.length === 0;
  // The button: a choice of the seated players (by row, so that a renamed player stays chosen).
  const chosen = buttonSelect.value;
  buttonSelect.replaceChildren(el("option", { value: "", text: "The last seat (default)" }),
    ...rows.map((row, i) => el("option", { value: String(row.id), text: nameOf(row, i) })));
  buttonSelect.value = rows.some((r) => String(r.id) === chosen) ? chosen : "";
}

function tap(id) {
  if (tieNext && order.length) order[order.length - 1].push(id);
  else order.push([id]);
  tieNext = false;
  refresh();
}

tieButton.addEventListener("click", () => { tieNext = !tieNext; refresh(); });
undoButton.addEventListener("click", () => {
  const last = order[order.length - 1];
  if (last) last.pop();
  tieNext = false;
  refresh();
});
clearButton.addEventListener("click", () => { order = []; refresh(); });

// ---- the button, the chip, the cards ----------------------------------------------------------
const buttonSelect = el("select", { id: "calc-button", "aria-describedby": "calc-button-error" });
const chipInput = el("input", { type: "text", id: "calc-chip", inputmode: "decimal", autocomplete: "off",
                                placeholder: "empty: chosen from the amounts",
                                "aria-describedby": "calc-chip-error" });
const cardsBox = el("input", { type: "checkbox", id: "calc-use-cards" });
const boardInput = el("input", { type: "text", id: "calc-board", autocomplete: "off", spellcheck: "false",
                                 autocapitalize: "off", placeholder: "e.g. 2c 7d 9h Qs Jd",
                                 "aria-describedby": "calc-board-error" });
const boardField = el("div", { class: "live-field calc-board-field", hidden: "" },
  el("label", { for: "calc-board", text: "The board" }), boardInput, errorLine("calc-board"));
const more = el("details", { class: "calc-more", id: "calc-more" },
  el("summary", { text: "Button, smallest chip, cards" }),
  el("div", { class: "live-field" },
     el("label", { for: "calc-button", text: "The button (odd chips go to the first winner left of it)" }),
     buttonSelect, errorLine("calc-button")),
  el("div", { class: "live-field" },
     el("label", { for: "calc-chip", text: "Smallest chip in play" }), chipInput, errorLine("calc-chip")),
  el("label", { class: "calc-fold calc-cards-toggle" }, cardsBox,
     el("span", { text: "I have the cards: let them decide instead of the order" })),
  boardField);
form.append(more);

cardsBox.addEventListener("change", () => { setCards(cardsBox.checked); });
function setCards(on) {
  useCards = on;
  cardsBox.checked = on;
  boardField.hidden = !on;
  orderSet.hidden = on;
  renumber();
}

// ---- the quick field --------------------------------------------------------------------------
const quickPlayers = el("textarea", { id: "calc-players", rows: "4", autocomplete: "off", spellcheck: "false",
                                      placeholder: "Alice 40\nBilal 100\nChloé 100\nDavid 30 folded",
                                      "aria-describedby": "calc-players-error" });
const quickRanking = el("input", { type: "text", id: "calc-ranking", autocomplete: "off", spellcheck: "false",
                                   placeholder: "e.g. Alice > Chloé = Bilal",
                                   "aria-describedby": "calc-ranking-error" });
const quickButton = el("button", { type: "button", id: "calc-quick-fill", class: "live-button",
                                   text: "Fill in and settle", disabled: "" });
const quick = el("details", { class: "calc-quick", id: "calc-quick" },
  el("summary", { text: "Type it instead (for a keyboard)" }),
  el("div", { class: "live-field" },
     el("label", { for: "calc-players", text: "Players and chips, one a line or separated by commas: " +
                   "Alice 40, Alice:40 or Alice=40; decimals with a point or a comma; " +
                   "add “folded” after a player who folded" }),
     quickPlayers, errorLine("calc-players"), errorLine("calc-folded"), errorLine("calc-hands")),
  el("div", { class: "live-field" },
     el("label", { for: "calc-ranking", text: "Showdown, best first: > beats, = ties (names in any case)" }),
     quickRanking, errorLine("calc-ranking")),
  quickButton);
form.append(quick);

// ---- settle -----------------------------------------------------------------------------------
const settleButton = el("button", { type: "submit", id: "calc-settle", class: "live-button calc-big",
                                    text: "Settle", disabled: "" });
const sideButton = el("button", { type: "button", id: "calc-tableside", class: "live-button calc-big",
                                  text: "Table-side: push pot by pot", hidden: "" });
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
  el("h3", { text: "Pots, winners and payouts" }), tables,
  el("h3", { text: "In words" }), words,
  el("h3", { text: "The six-step check" }), check,
  el("h3", { text: "Where the chips went in and came out" }), pictures,
  el("details", {}, el("summary", { text: "The settlement as JSON (as potengine settle --json prints it)" }),
     json));

// ---- table-side mode: one screen, large type, one push at a time -------------------------------
const side = el("div", { id: "calc-side", class: "calc-side", hidden: "", role: "dialog",
                         "aria-modal": "true", "aria-labelledby": "calc-side-count" });
const sideCount = el("p", { id: "calc-side-count", class: "calc-side-count" });
const sideSay = el("p", { id: "calc-side-say", class: "calc-side-say", "aria-live": "polite" });
const sideList = el("ol", { id: "calc-side-list", class: "calc-side-list", hidden: "" });
const sidePrev = el("button", { type: "button", id: "calc-side-prev", class: "live-button calc-big",
                                text: "‹ Previous" });
const sideNext = el("button", { type: "button", id: "calc-side-next", class: "live-button calc-big",
                                text: "Next ›" });
const sideAll = el("button", { type: "button", id: "calc-side-all", class: "live-button calc-secondary",
                               text: "All at once" });
const sideClose = el("button", { type: "button", id: "calc-side-close", class: "live-button calc-secondary",
                                 text: "Close" });
side.append(el("div", { class: "calc-side-top" }, sideCount, sideAll, sideClose),
            sideSay, sideList, el("div", { class: "calc-side-nav" }, sidePrev, sideNext));
let pushes = [];
let pushAt = 0;

function showPush() {
  const listing = !sideList.hidden;
  sideSay.hidden = listing;
  sideCount.textContent = listing ? `${pushes.length} pushes, in order`
    : `Push ${pushAt + 1} of ${pushes.length}`;
  sideSay.textContent = pushes[pushAt] || "";
  sidePrev.disabled = listing || pushAt === 0;
  sideNext.disabled = listing || pushAt >= pushes.length - 1;
  sideAll.textContent = listing ? "One at a time" : "All at once";
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
    order: useCards ? [] : order.map((group) => group.map(placeName)),
    button: buttonRow ? buttonRow.name.value : "",
    chip: chipInput.value,
    board: useCards ? boardInput.value : "",
  };
}

// The form from the table potengine read (names as seated, the order matched to the rows).
function fillFrom(table) {
  for (const row of [...rows]) row.li.remove();
  rows.length = 0;
  for (const values of table.rows) addRow(values);
  const idOf = new Map(rows.map((row) => [row.name.value, row.id]));
  order = table.order.map((group) => group.map((name) => idOf.get(name)).filter(Boolean))
    .filter((g) => g.length);
  chipInput.value = table.chip;
  boardInput.value = table.board;
  setCards(table.rows.some((r) => r.cards) || Boolean(table.board));
  refresh();
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
    if (["players", "ranking", "folded", "hands"].includes(key)) quick.open = true;
    if (["button", "chip", "board"].includes(key)) more.open = true;
    first = first || input || where;
  }
  if (first && first.scrollIntoView) first.scrollIntoView({ block: "center" });
}

let engine = null;
let runs = 0;

async function settle(values, fromText = false) {
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
    link.textContent = "Link to this hand";
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
           chip: values.chip, board: values.board }, true);
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
const TEXT_FIELDS = ["players", "folded", "button", "chip", "ranking", "hands", "board"];
for (let i = 0; i < 2; i++) addRow();
refresh();
if (params.get("players")) {
  quickPlayers.value = params.get("players");
  quickRanking.value = params.get("ranking") || "";
}

engine = await startEngine(root);
if (engine) {
  settleButton.removeAttribute("disabled");
  quickButton.removeAttribute("disabled");
  if (params.get("players")) {
    const values = {};
    for (const name of TEXT_FIELDS) values[name] = params.get(name) || "";
    await settle(values, true);
  }
}
