// The engine in a Web Worker: Pyodide (vendored into the site) with the potengine wheel unpacked
// into it. The page posts {id, name, args}; the worker answers {id, value} or {id, error}, and for
// the hand-history checker also {id, progress: {done, total, hand}} after every hand. Running
// Python here keeps the page responsive while a large file is checked.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);

async function start() {
  const info = await (await fetch(new URL("build-info.json", here))).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href, stdout: () => {} });
  const wheel = await (await fetch(new URL(info.wheel, here))).arrayBuffer();
  pyodide.unpackArchive(wheel, "wheel");
  return pyodide.pyimport("potengine.present.live");
}

const ready = start();

self.onmessage = async (event) => {
  const { id, name, args } = event.data;
  let live;
  try {
    live = await ready;
  } catch (err) {
    self.postMessage({ id, error: `the engine could not start: ${err}`, fatal: true });
    return;
  }
  if (name === "ping") {
    self.postMessage({ id, value: "ready" });
    return;
  }
  try {
    if (name === "audit") {
      audit(live, id, ...args);
    } else {
      self.postMessage({ id, ...JSON.parse(live.call(name, JSON.stringify(args))) });
    }
  } catch (err) {
    // The engine answers bad input with a message; this is only reached by a bug: say it in one line.
    self.postMessage({ id, error: String(err.message || err).trim().split("\n").pop() });
  }
};

// The checker: one progress message per hand, then the whole document.
function audit(live, id, text, file) {
  const total = live.count_hands(text);
  let done = 0;
  const hands = live.audit_hands_json(text, file);
  try {
    for (const hand of hands) {
      done += 1;
      self.postMessage({ id, progress: { done, total, hand: JSON.parse(hand) } });
    }
  } finally {
    hands.destroy();
  }
  self.postMessage({ id, ...JSON.parse(live.call("audit_document", JSON.stringify([text, file]))) });
}
