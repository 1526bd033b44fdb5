// The hand-history checker: the text (pasted or opened from a file) goes to potengine's auditor
// in the worker, which answers hand by hand (for the progress bar), then with the whole document
// that `potengine audit --json` prints.
import { el, startEngine } from "./live.mjs";

const root = document.getElementById("history-checker");
const input = el("textarea", { id: "history-input", rows: "10", spellcheck: "false",
                               placeholder: "PokerStars Hand #…", "aria-label": "Hand histories" });
const file = el("input", { id: "history-file", type: "file", accept: ".txt,text/plain" });
const button = el("button", { id: "history-check", type: "button", class: "live-button",
                              text: "Check every hand", disabled: "" });
const progress = el("progress", { id: "history-progress", max: "1", value: "0", hidden: "" });
const counter = el("p", { id: "history-count", class: "live-count", "aria-live": "polite" });
const error = el("p", { id: "history-error", class: "live-error", "aria-live": "polite" });
const list = el("div", { id: "history-results" });
const json = el("pre", { id: "audit-json", class: "live-json" });
root.append(
  el("div", { class: "live-field" }, el("label", { for: "history-file", text: "Open a file: " }), file),
  el("div", { class: "live-field" }, el("label", { for: "history-input", text: "…or paste the hands:" }),
     input),
  el("div", { class: "live-actions" }, button, progress), counter, error, list,
  el("details", {}, el("summary", { text: "The audit as JSON (as potengine audit --json prints it)" }),
     json));

let fileName = "pasted.txt";
file.addEventListener("change", async () => {
  const chosen = file.files[0];
  if (!chosen) return;
  fileName = chosen.name;
  input.value = await chosen.text();
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

let engine = null;

async function run() {
  const text = input.value;
  button.setAttribute("disabled", "");
  list.replaceChildren();
  json.textContent = "";
  error.textContent = "";
  progress.hidden = false;
  progress.value = 0;
  root.dataset.state = "busy";
  const tally = { consistent: 0, irregular: 0, wrong: 0, unsupported: 0, unreadable: 0 };
  try {
    const doc = await engine.call("audit", [text, fileName], ({ done, total, hand }) => {
      progress.max = Math.max(total, 1);
      progress.value = done;
      tally[hand.verdict] += 1;
      counter.textContent = `${done} of ${total} hands: ` +
        Object.entries(tally).map(([verdict, n]) => `${n} ${verdict}`).join(", ");
      const view = handView(hand);
      if (hand.verdict !== "consistent") view.open = true;
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

engine = await startEngine(root);
if (engine) button.removeAttribute("disabled");
