// The engine in a Web Worker: Pyodide (vendored into the site) with potengine in it (restored from
// a snapshot, or the wheel unpacked). A page posts {id, name, args, lang} (lang: the page's
// language, in which potengine says its answer and its errors); the worker answers
// {id, value} or {id, error}, and for the hand-history checker also
// {id, progress: {done, total, hand}} after every hand. Running Python here keeps the page
// responsive while a large file is checked.
//
// One engine per visit: the pages start this file as a SharedWorker that asks to outlive its last
// page (`extendedLifetime`), so the next page of the book connects to the Python already running
// instead of starting one (a page's "ping" answer says how many pages this engine has served).
// Where shared workers are missing, each page starts it as its own dedicated Worker: the same
// messages, on `self` instead of a port.
//
// Fast start: tools/build_live.py ships a memory snapshot of Python with potengine already imported
// (made at build time, gzipped); restoring it skips starting the interpreter and compiling the
// engine's modules, most of the wait. Every file comes from the service worker's cache after the
// first visit of any page of the book, and Chromium keeps the compiled WebAssembly of a cached
// response, so a second live page starts without the network and without compiling again.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
let started = "boot";   // or "snapshot": how Python started (the answer to "ping")
const steps = {};       // ms since the worker started, at the end of each step (for the benchmark)
const step = (name) => { steps[name] = Math.round(performance.now()); };

async function bytes(url, gzipped = false) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = gzipped ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

// The snapshot unpacked, kept in the browser's Cache Storage under the snapshot's own address (its
// name holds a hash of its content): unpacking the 31 MB image costs 0.4-1 s on every live page,
// reading it back unpacked about a tenth of that. The first live page of a visit unpacks it and
// keeps the copy once Python is running; the service worker's cache keeps the gzipped file.
const UNPACKED = "potengine-snapshot-unpacked";
let keepUnpacked = null;   // what start() leaves to do once the engine is ready

async function snapshotBytes(url) {
  const store = self.caches ? await caches.open(UNPACKED).catch(() => null) : null;
  const kept = store ? await store.match(url).catch(() => null) : null;
  if (kept) {
    steps.unpacked = 1;   // for the benchmark: this page read the kept copy
    return new Uint8Array(await kept.arrayBuffer());
  }
  const unpacked = await bytes(url, true);
  if (store) {
    // Pyodide copies the image into its memory and leaves this buffer as it was.
    keepUnpacked = async () => {
      for (const old of await store.keys()) if (old.url !== url.href) await store.delete(old);
      await store.put(url, new Response(unpacked));
    };
  }
  return unpacked;
}

async function start() {
  const info = await (await fetch(new URL("build-info.json", here))).json();
  step("info");
  // A copy of the site built without the engine (no npm): the page says so; nothing to load.
  if (!info.live) throw new Error("this copy of the site was built without the engine");
  const wheel = bytes(new URL(info.wheel, here));   // fetched while Python starts
  const options = { indexURL: new URL("pyodide/", here).href, stdout: () => {} };
  if (info.lock) options.lockFileContents = info.lock;   // no pyodide-lock.json to fetch
  let pyodide = null;
  const snapshotUrl = info.snapshot ? new URL(info.snapshot, here) : null;
  if (info.snapshot) {
    try {
      const snapshot = snapshotBytes(snapshotUrl).then((b) => { step("snapshot"); return b; });
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      started = "snapshot";
    } catch (err) {
      pyodide = null;   // a browser that cannot restore it starts Python the usual way
      if (steps.unpacked) caches.open(UNPACKED).then((store) => store.delete(snapshotUrl), () => {});
    }
  }
  if (pyodide) {
    // The snapshot holds the modules the pages use already imported (tools/live_snapshot.mjs) but
    // no files: the wheel is unpacked for a module imported later on a rare path; random numbers
    // must not repeat the build's.
    pyodide.unpackArchive(await wheel, "wheel");
    pyodide.runPython("import random, sys; sys.path_importer_cache.clear(); random.seed()");
  } else {
    pyodide = await loadPyodide(options);
    pyodide.unpackArchive(await wheel, "wheel");
  }
  step("python");
  const live = pyodide.pyimport("potengine.present.live");
  step("engine");
  return live;
}

const ready = start();
// Once the engine answers, quietly (a storage quota or a private window may refuse it).
ready.then(() => setTimeout(() => keepUnpacked?.().catch(() => {}), 1000), () => {});

let pages = 0;   // the pages that have asked this engine: 1 while only the page that started it

// One page's channel: a port of the shared worker, or the dedicated worker's own scope. A page of
// the book that starts the engine early (a reader's pointer on a link to a live page:
// web/potengine-offline.js) connects without asking anything, and is not counted.
function serve(port) {
  let page = 0;
  port.onmessage = (event) => {
    // "hello": is this engine there at all? A page asks it first of a shared engine, which a
    // phone's browser may have ended (a port to it is never answered). Answered at once, before
    // Python is ready, and not counted as a page.
    if (event.data?.name === "hello") {
      port.postMessage({ id: event.data.id, value: "hello" });
      return;
    }
    if (!page) page = ++pages;
    answer(port, page, event.data);
  };
}

async function answer(port, page, { id, name, args, lang }) {
  let live;
  try {
    live = await ready;
  } catch (err) {
    port.postMessage({ id, error: `the engine could not start: ${err}`, fatal: true });
    // A shared engine that cannot start must not be kept for the next page: it starts afresh.
    if (shared) setTimeout(() => self.close(), 0);
    return;
  }
  if (name === "ping") {
    // age: ms since this engine started (more than the page's own age: started before the page)
    port.postMessage({ id, value: started, steps, page, age: Math.round(performance.now()) });
    return;
  }
  try {
    if (name === "audit") {
      audit(port, live, id, lang || "en", ...args);
    } else {
      port.postMessage({ id, ...JSON.parse(live.call(name, JSON.stringify(args), lang || "en")) });
    }
  } catch (err) {
    // The engine answers bad input with a message; this is only reached by a bug: say it in one line.
    port.postMessage({ id, error: String(err.message || err).trim().split("\n").pop() });
  }
}

const shared = "onconnect" in self;
if (shared) self.onconnect = (event) => serve(event.ports[0]);
else serve(self);

// The checker: one progress message per hand, then the whole document.
function audit(port, live, id, lang, text, file) {
  const total = live.count_hands(text);
  let done = 0;
  const hands = live.audit_hands_json(text, file, lang);   // verdicts and notes said in lang
  try {
    for (const hand of hands) {
      done += 1;
      port.postMessage({ id, progress: { done, total, hand: JSON.parse(hand) } });
    }
  } finally {
    hands.destroy();
  }
  port.postMessage({ id, ...JSON.parse(live.call("audit_document", JSON.stringify([text, file]))) });
}
