// The hand-history checker: the text (pasted or opened from a file) goes to potengine's auditor
// in the worker, which answers hand by hand (for the progress bar), then with the whole document
// that `potengine audit --json` prints. A file's bytes go to potengine as they are (base64), which
// decodes them (UTF-16, byte-order marks, Windows-1252); potengine also names the room it
// recognises and counts its hands, so that a file of a room it does not read yet is said so.
import { el, startEngine } from "./live.mjs";

const root = document.getElementById("history-checker");
const input = el("textarea", { id: "history-input", rows: "10", spellcheck: "false",
                               placeholder: "PokerStars Hand #…", "aria-label": "Hand histories" });
const file = el("input", { id: "history-file", type: "file", accept: ".txt,.xml,.csv,.json,text/plain" });
const button = el("button", { id: "history-check", type: "button", class: "live-button",
                              text: "Check every hand", disabled: "" });
const progress = el("progress", { id: "history-progress", max: "1", value: "0", hidden: "" });
const room = el("p", { id: "history-room", class: "live-count", "aria-live": "polite" });
const counter = el("p", { id: "history-count", class: "live-count", "aria-live": "polite" });
const error = el("p", { id: "history-error", class: "live-error", "aria-live": "polite" });
const list = el("div", { id: "history-results" });
const json = el("pre", { id: "audit-json", class: "live-json" });
root.append(
  el("div", { class: "live-field" }, el("label", { for: "history-file", text: "Open a file: " }), file),
  el("div", { class: "live-field" }, el("label", { for: "history-input", text: "…or paste the hands:" }),
     input),
  el("div", { class: "live-actions" }, button, progress), room, counter, error, list,
  el("details", {}, el("summary", { text: "The audit as JSON (as potengine audit --json prints it)" }),
     json));

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
    const found = await engine.call("survey", [text]);
    room.textContent = found.message;
    room.dataset.room = found.room ?? "";
    const doc = await engine.call("audit", [text, fileName], ({ done, total, hand }) => {
      progress.max = Math.max(total, 1);
      progress.value = done;
      tally[hand.verdict] += 1;
      counter.textContent = `${done} of ${total} hands: ` +
        Object.entries(tally).map(([verdict, n]) => `${n} ${verdict}`).join(", ");
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

engine = await engineReady;
if (engine) button.removeAttribute("disabled");
