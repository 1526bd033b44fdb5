// The hand-history checker: the text (pasted or opened from a file) goes to potengine's auditor
// in the worker, which answers hand by hand (for the progress bar), then with the whole document
// that `potengine audit --json` prints. A file's bytes go to potengine as they are (base64), which
// decodes them (UTF-16, byte-order marks, Windows-1252); potengine also names the room it
// recognises and counts its hands, so that a file of a room it does not read yet is said so. The
// labels are potengine's (t("hist.…"), from potengine.present.labels), in the page's language.
import { carried, carry, el, said, startEngine, t } from "./live.mjs";

const root = document.getElementById("history-checker");
const input = el("textarea", { id: "history-input", rows: "10", spellcheck: "false",
                               placeholder: "PokerStars Hand #…", "t-aria-label": "hist.input" });
const file = el("input", { id: "history-file", type: "file", accept: ".txt,.xml,.csv,.json,text/plain" });
const button = el("button", { id: "history-check", type: "button", class: "live-button",
                              t: "hist.check", disabled: "" });
const progress = el("progress", { id: "history-progress", max: "1", value: "0", hidden: "" });
const room = el("p", { id: "history-room", class: "live-count", "aria-live": "polite" });
const counter = el("p", { id: "history-count", class: "live-count", "aria-live": "polite" });
const error = el("p", { id: "history-error", class: "live-error", "aria-live": "polite" });
const list = el("div", { id: "history-results" });
const json = el("pre", { id: "audit-json", class: "live-json" });
root.append(
  el("div", { class: "live-field" }, el("label", { for: "history-file", t: "hist.open" }), " ", file),
  el("div", { class: "live-field" }, el("label", { for: "history-input", t: "hist.paste" }), input),
  el("div", { class: "live-actions" }, button, progress), room, counter, error, list,
  el("details", {}, el("summary", { t: "hist.audit_json" }), json));

let fileName = "pasted.txt";
let engine = null;
const engineReady = startEngine(root);

function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

file.addEventListener("change", async () => {
  const chosen = file.files[0];
  if (!chosen) return;
  const bytes = base64(await chosen.arrayBuffer());
  const ready = engine ?? await engineReady;
  if (!ready) return;
  try {
    input.value = await ready.call("decode_file", [bytes]);
    fileName = chosen.name;
  } catch (err) {
    error.textContent = err.message;
  }
});
input.addEventListener("input", () => { fileName = "pasted.txt"; });

function handView(hand) {
  // The auditor's five verdicts (potengine.histories.audit.Verdict): only "wrong" accuses.
  const mark = { consistent: "✓", irregular: "!", wrong: "✗" }[hand.verdict] ?? "?";
  const kind = { consistent: "ok", irregular: "irregular", wrong: "bad" }[hand.verdict] ?? "unreadable";
  const title = hand.title;
  const details = el("details", { class: `live-hand live-hand-${kind}`, "data-hand": hand.hand_id ?? "" },
    el("summary", {}, el("span", { class: "live-mark", text: mark }), ` ${title}`));
  let filled = false;
  details.addEventListener("toggle", () => {
    if (!details.open || filled) return;
    filled = true;
    details.append(el("pre", { class: "live-report", text: hand.report }));
    if (hand.pictures) details.append(el("div", { html: hand.pictures }));   // SVG from potengine
  });
  return details;
}

let count = null;   // the last count: {done, total, tally}, said again in another language
let surveyed = null;   // the text whose room is shown

function showCount() {
  if (!count) return;
  const tally = Object.entries(count.tally).map(([verdict, n]) => `${n} ${t(`verdict.${verdict}`)}`).join(", ");
  counter.textContent = t("hist.count", { done: count.done, total: count.total, tally });
}

async function showRoom(text) {
  const found = await engine.call("survey", [text]);
  room.textContent = found.message;
  room.dataset.room = found.room ?? "";
  surveyed = text;
  return found;
}

async function run() {
  const text = input.value;
  button.setAttribute("disabled", "");
  list.replaceChildren();
  room.textContent = "";
  json.textContent = "";
  error.textContent = "";
  progress.hidden = false;
  progress.value = 0;
  root.dataset.state = "busy";
  const tally = { consistent: 0, irregular: 0, wrong: 0, unsupported: 0, unreadable: 0 };
  try {
    const found = await showRoom(text);
    count = null;
    const doc = await engine.call("audit", [text, fileName], ({ done, total, hand }) => {
      progress.max = Math.max(total, 1);
      progress.value = done;
      tally[hand.verdict] += 1;
      count = { done, total, tally };
      showCount();
      const view = handView(hand);
      // A room not read yet: every hand says the same, so the list stays folded.
      if (hand.verdict !== "consistent" && (found.readable || found.room === null)) view.open = true;
      list.append(view);
    });
    json.textContent = doc;
    root.dataset.state = "done";
  } catch (err) {
    error.textContent = err.message;
    root.dataset.state = "invalid";
  } finally {
    button.removeAttribute("disabled");
  }
}

button.addEventListener("click", () => { if (engine) run(); });

// Another language is another page (live.mjs): it gets the text (up to what the tab's storage
// holds, a few megabytes; a larger file is opened again there) and checks it again if it was
// checked here, every verdict then said in that language.
carry("history", () => ({ text: input.value, fileName, checked: surveyed !== null }));

engine = await engineReady;
if (engine) button.removeAttribute("disabled");
const before = carried("history");
if (before?.text) {
  input.value = before.text;
  fileName = before.fileName || "pasted.txt";
  if (engine && before.checked) await run();
}
said();
