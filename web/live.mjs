// What the three live pages share: the engine worker, the status line, the page's language and
// small DOM helpers. Nothing here knows a rule of poker: every number comes from potengine in the
// worker, and every word from potengine's catalogues: the labels are live/words-<lang>.json, which
// tools/build_live.py writes from potengine.present.labels (the same gettext catalogues as the
// engine's sentences), and everything the engine answers is said in the page's language.

const here = new URL("./", import.meta.url);

// ---- the page's language ------------------------------------------------------------------------
// A live page is said in its site's language (<html lang>: the English site at the root, the
// Dutch, German and Greek ones in /nl/, /de/, /el/), its prose, its labels and the engine's answers
// alike. Which language's page a reader lands on is decided before this module runs, by the script
// at the top of the page's head (tools/live_start.py): the address (?lang=nl, old links and
// bookmarks), else the reader's own choice on an earlier visit, else the browser's languages, else
// English; it sends the reader on to that language's page with the same query and hash. The
// switch on each page goes to the same page of another language's site, the table kept.
export const LANGUAGES = ["en", "nl", "de", "el"];
const KEPT = "potengine-language";
const CARRIED = "potengine-carried";

// The page's head is leaving for another language's page: nothing more to do here.
if (globalThis.potengineLeaving) await new Promise(() => {});

function pageLanguage() {
  const site = String(document.documentElement.lang || "en").toLowerCase().split("-")[0];
  return LANGUAGES.includes(site) ? site : "en";
}

async function loadWords(code) {
  const response = await fetch(new URL(`words-${code}.json`, here));
  if (!response.ok) throw new Error(`words-${code}.json: ${response.status}`);
  return response.json();
}

const lang = pageLanguage();
let words = {};
try {
  words = await loadWords(lang);
} catch (err) {
  console.error(`potengine: the ${lang} labels could not be loaded (${err.message})`);
}

export function language() { return lang; }

export function has(key) { return Object.hasOwn(words, key); }

// A label in the page's language, its {placeholders} filled in (a seat's number, a run's).
export function t(key, values = {}) {
  const text = words[key];
  if (text === undefined) {
    console.error(`potengine: no label "${key}"`);   // a browser test fails on this
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Nodes whose text or attributes are labels (a page's module calls it; el() below too).
export function label(node, attribute, key, values = {}) {
  const text = t(key, values);
  if (attribute === "text") node.textContent = text;
  else node.setAttribute(attribute, text);
  return node;
}

// ---- another language: the same page of that language's site ----------------------------------
// What a page carries over to the other language's page (the checker's text, the drill's answers,
// a table not settled yet): each page's module gives a key and a function that returns its state;
// the switch keeps it in the tab's sessionStorage, and the next page takes it back with carried().
const carriers = new Map();
export function carry(key, state) { carriers.set(key, state); }

let arrived = null;
try {
  arrived = JSON.parse(window.sessionStorage.getItem(CARRIED) || "null");
  window.sessionStorage.removeItem(CARRIED);
} catch (err) { arrived = null; }
// What the page of the other language left for this page (undefined: nothing, or another page's).
export function carried(key) {
  const here = document.querySelector(".potengine-live")?.id;
  return arrived && arrived.page === here ? arrived.state?.[key] : undefined;
}

// The address of this page in `code`'s site, with this page's query (the table, the drill) and hash.
export function pageIn(code) {
  const link = code === lang ? null : document.querySelector(`link[rel="alternate"][hreflang="${code}"]`);
  const url = new URL(link ? link.href : window.location.href, window.location.href);
  const params = new URLSearchParams(window.location.search);
  params.set("lang", code);
  url.search = params.toString();
  url.hash = window.location.hash;
  return url.href;
}

export function setLanguage(code) {
  if (!LANGUAGES.includes(code) || code === lang) return;
  try {
    window.localStorage.setItem(KEPT, code);
  } catch (err) { /* the address says it all the same */ }
  const state = {};
  for (const [key, get] of carriers) {
    try {
      state[key] = get();
    } catch (err) { /* not carried: the page of the other language starts afresh */ }
  }
  try {
    const page = document.querySelector(".potengine-live")?.id;
    window.sessionStorage.setItem(CARRIED, JSON.stringify({ page, state }));
  } catch (err) {
    // Too large for the tab's storage (a very large file in the checker): the page says so.
    try { window.sessionStorage.removeItem(CARRIED); } catch (again) { /* nothing kept */ }
  }
  window.location.assign(pageIn(code));
}

// When a page has said everything in its language (its own texts, the engine's answer): for the
// browser tests, which wait for it after a switch.
export function said() {
  for (const root of document.querySelectorAll(".potengine-live")) root.dataset.said = lang;
}

// The language in the address, whatever else the address holds.
function keepLanguage() {
  const params = new URLSearchParams(window.location.search);
  params.set("lang", lang);
  window.history.replaceState(null, "", `${window.location.pathname}?${params.toString()}${window.location.hash}`);
  for (const root of document.querySelectorAll(".potengine-live")) {
    root.lang = lang;
    root.dataset.lang = lang;
  }
}

// The switch at the top of each live page: the four languages, each by its own name; each other
// one is a link to the same page of that language's site (a button that carries the page's state).
function languageSwitch() {
  const buttons = LANGUAGES.map((code) => {
    const button = el("button", { type: "button", class: "live-language", lang: code, "data-lang": code,
                                  "aria-pressed": String(code === lang), t: `language.${code}` });
    button.addEventListener("click", () => setLanguage(code));
    return button;
  });
  return el("div", { class: "live-languages", role: "group", "t-aria-label": "live.language" }, ...buttons);
}

// A node: attributes, text (only text: never HTML typed by the reader), children. "t" gives the
// text as a label ("key" or ["key", {values}]), "t-placeholder" (any "t-" attribute) an attribute.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;   // only HTML written by potengine
    else if (key === "t" || key.startsWith("t-")) {
      const [name, values] = Array.isArray(value) ? value : [value, {}];
      label(node, key === "t" ? "text" : key.slice(2), name, values);
    } else node.setAttribute(key, value);
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

// The engine the page's head started (tools/live_start.py), taken once; else one started here, the
// same way: a SharedWorker named for this build that outlives the page (the next page of the visit
// finds Python already running), or, without shared workers, the page's own Worker. Either way the
// page talks to a port: the shared worker's, or the dedicated Worker itself.
function adoptEngine(name) {
  const early = globalThis.potengineWorker;
  delete globalThis.potengineWorker;
  if (early?.port) return early;
  const url = new URL("engine-worker.mjs", here);
  const at = performance.now();
  let port;
  try {
    port = new SharedWorker(url, { type: "module", name, extendedLifetime: true }).port;
  } catch (err) {
    port = new Worker(url, { type: "module" });
  }
  return { port, at };
}

// How long a shared engine has to answer "hello" (its script's first lines, not Python) before the
// page takes it for ended and starts its own Worker.
const HELLO_MS = 4000;

class Engine {
  constructor(name) {
    const { port, at } = adoptEngine(name);
    this.next = 1;
    this.pending = new Map();
    this.attach(port, at);
  }

  attach(port, at) {
    this.port = port;
    this.startedAt = at;
    this.shared = !(typeof Worker !== "undefined" && port instanceof Worker);
    this.port.onmessage = (event) => {
      const message = event.data;
      const job = this.pending.get(message.id);
      if (!job) return;
      if (message.progress) {
        job.progress?.(message.progress);
        return;
      }
      this.pending.delete(message.id);
      if (message.steps) {
        this.steps = message.steps;
        this.page = message.page;
        this.age = message.age;
      }
      if ("error" in message) job.reject(new EngineError(message.error, message.fatal));
      else job.resolve(message.value);
    };
  }

  // A shared engine that a phone's browser has ended (Android may stop a shared worker between
  // pages) leaves a port that nobody answers, and the page would wait for ever: it is asked
  // "hello" first, which its script answers at once, and without an answer the page starts its own
  // dedicated Worker. True when the engine it has is there.
  async alive() {
    if (!this.shared) return true;
    const timeout = new Promise((resolve) => { setTimeout(resolve, HELLO_MS, false); });
    if (await Promise.race([this.call("hello"), timeout])) return true;
    this.pending.clear();
    this.port.close?.();
    this.attach(new Worker(new URL("engine-worker.mjs", here), { type: "module" }), performance.now());
    return false;
  }

  call(name, args = [], progress = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.port.postMessage({ id, name, args, lang });   // the answer is said in the page's language
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
  root.prepend(languageSwitch(), status);
  // The book's switch at the top of the article goes to the same pages, without the table: the
  // live switch (which keeps it) is the page's one switch.
  for (const nav of document.querySelectorAll("nav.language-switch")) nav.hidden = true;
  keepLanguage();
  root.dataset.state = "loading";
  let info = { live: false };
  try {
    info = await (await fetch(new URL("build-info.json", here))).json();
  } catch (err) {
    info = { live: false };
  }
  if (!info.live) {
    const early = globalThis.potengineWorker?.port;
    early?.terminate?.();   // a dedicated Worker; a shared one's port is closed
    early?.close?.();
    delete globalThis.potengineWorker;
    root.dataset.state = "unavailable";
    label(status, "text", "live.unavailable");
    return null;
  }
  label(status, "text", "live.loading");
  const engine = new Engine(info.engine || "potengine");
  if (!(await engine.alive())) root.dataset.engineFallback = "worker";   // for the tests
  const started = engine.startedAt;
  try {
    root.dataset.engineStart = await engine.call("ping");   // "snapshot" or "boot"
  } catch (err) {
    root.dataset.state = "failed";
    label(status, "text", "live.failed", { error: err.message });
    return null;
  }
  // For the benchmark and the tests: when the engine was ready, in ms since the page was opened.
  root.dataset.readyAt = String(Math.round(performance.now()));
  root.dataset.engineSteps = JSON.stringify({ worker: Math.round(started), ...engine.steps });
  // 1: the engine was started for this page; 2, 3, ...: an earlier page's engine, still running.
  root.dataset.enginePage = String(engine.page ?? 1);
  root.dataset.engineAge = String(engine.age ?? 0);   // ms since the engine started
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  label(status, "text", "live.ready", { version: info.pyodide, seconds });
  root.dataset.state = "ready";
  return engine;
}

export function query() {
  return new URLSearchParams(window.location.search);
}

// The address holds the page's state (a table, a drill) and its language.
export function setQuery(fields) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.set(key, value);
  params.set("lang", lang);
  const url = `${window.location.pathname}?${params.toString()}`;
  window.history.replaceState(null, "", url);
  return url;
}
