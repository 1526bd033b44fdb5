// What the three live pages share: the engine worker, the status line and small DOM helpers.
// Nothing here knows a rule of poker: every number comes from potengine in the worker.

const here = new URL("./", import.meta.url);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;   // only HTML written by potengine
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function stylesheet() {
  if (!document.querySelector("link[data-potengine-live]")) {
    document.head.append(el("link", { rel: "stylesheet", href: new URL("live.css", here).href,
                                      "data-potengine-live": "" }));
  }
}

// The worker the page's head started (tools/live_start.py), taken once; else a new one.
function adoptWorker() {
  const early = globalThis.potengineWorker;
  delete globalThis.potengineWorker;
  if (early?.worker) return early;
  return { worker: new Worker(new URL("engine-worker.mjs", here), { type: "module" }),
           at: performance.now() };
}

class Engine {
  constructor() {
    const { worker, at } = adoptWorker();
    this.worker = worker;
    this.startedAt = at;
    this.next = 1;
    this.pending = new Map();
    this.worker.onmessage = (event) => {
      const message = event.data;
      const job = this.pending.get(message.id);
      if (!job) return;
      if (message.progress) {
        job.progress?.(message.progress);
        return;
      }
      this.pending.delete(message.id);
      if (message.steps) this.steps = message.steps;
      if ("error" in message) job.reject(new EngineError(message.error, message.fatal));
      else job.resolve(message.value);
    };
  }

  call(name, args = [], progress = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, name, args });
    });
  }
}

export class EngineError extends Error {
  constructor(message, fatal = false) {
    super(message);
    this.fatal = fatal;
  }
}

// Start the engine for a page: returns null (and says why) when this copy of the site was built
// without it. `root` gets data-state="loading" | "ready" | "unavailable" for the reader's CSS and
// for the browser tests.
export async function startEngine(root) {
  stylesheet();
  const status = el("p", { class: "live-status", role: "status", id: `${root.id}-status` });
  root.prepend(status);
  root.dataset.state = "loading";
  let info = { live: false };
  try {
    info = await (await fetch(new URL("build-info.json", here))).json();
  } catch (err) {
    info = { live: false };
  }
  if (!info.live) {
    globalThis.potengineWorker?.worker?.terminate();
    delete globalThis.potengineWorker;
    root.dataset.state = "unavailable";
    status.textContent = "This copy of the site was built without the engine for the browser " +
      "(npm was missing when it was built), so this page cannot run here. The same engine runs " +
      "on the command line: potengine settle / potengine audit.";
    return null;
  }
  status.textContent = "Loading the engine: Python and potengine run in your browser " +
    "(about 12 MB the first time, then kept for the whole book); nothing you type leaves this page…";
  const engine = new Engine();
  const started = engine.startedAt;
  try {
    root.dataset.engineStart = await engine.call("ping");   // "snapshot" or "boot"
  } catch (err) {
    root.dataset.state = "failed";
    status.textContent = `The engine could not start in this browser: ${err.message}`;
    return null;
  }
  // For the benchmark and the tests: when the engine was ready, in ms since the page was opened.
  root.dataset.readyAt = String(Math.round(performance.now()));
  root.dataset.engineSteps = JSON.stringify({ worker: Math.round(started), ...engine.steps });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  status.textContent = `Engine ready (Python ${info.pyodide ? "in Pyodide " + info.pyodide : ""}, ` +
    `loaded in ${seconds} s). Everything is computed in your browser.`;
  root.dataset.state = "ready";
  return engine;
}

export function query() {
  return new URLSearchParams(window.location.search);
}

export function setQuery(fields) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.set(key, value);
  const url = `${window.location.pathname}?${params.toString()}`;
  window.history.replaceState(null, "", url);
  return url;
}
