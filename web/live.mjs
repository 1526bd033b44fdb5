// What the three live pages share: the engine worker, the status line, the page's language and
// small DOM helpers. Nothing here knows a rule of poker: every number comes from potengine in the
// worker, and every word from potengine's catalogues: the labels are live/words-<lang>.json, which
// tools/build_live.py writes from potengine.present.labels (the same gettext catalogues as the
// engine's sentences), and everything the engine answers is said in the page's language.

const here = new URL("./", import.meta.url);

// ---- the page's language ------------------------------------------------------------------------
// Chosen once: the address (?lang=nl, so that a shared link opens in its language), else the
// reader's own choice on an earlier visit, else the browser's languages, else English. It is kept
// in the address from then on, and the switch on each page changes it in place.
export const LANGUAGES = ["en", "nl", "de", "el"];
const KEPT = "potengine-language";

function firstLanguage() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  try {
    const kept = window.localStorage.getItem(KEPT);
    if (LANGUAGES.includes(kept)) return kept;
  } catch (err) { /* no storage (private mode): the browser's languages decide */ }
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function loadWords(code) {
  const response = await fetch(new URL(`words-${code}.json`, here));
  if (!response.ok) throw new Error(`words-${code}.json: ${response.status}`);
  return response.json();
}

let lang = firstLanguage();
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

// Nodes whose text or attributes are labels: said again when the language changes.
const labelled = new Map();   // node -> {attribute ("text" for the text): [key, values]}

export function label(node, attribute, key, values = {}) {
  let marks = labelled.get(node);
  if (!marks) labelled.set(node, (marks = {}));
  marks[attribute] = [key, values];
  const text = t(key, values);
  if (attribute === "text") node.textContent = text;
  else node.setAttribute(attribute, text);
  return node;
}

function relabel() {
  for (const [node, marks] of labelled) {
    for (const [attribute, [key, values]] of Object.entries(marks)) label(node, attribute, key, values);
  }
}

const listeners = [];
// What a page does when the language changes (its own texts, the engine's answer said again).
export function onLanguage(listener) { listeners.push(listener); }

export async function setLanguage(code) {
  if (!LANGUAGES.includes(code) || code === lang) return;
  const next = await loadWords(code);
  lang = code;
  words = next;
  try {
    window.localStorage.setItem(KEPT, code);
  } catch (err) { /* kept in the address all the same */ }
  keepLanguage();
  relabel();
  for (const listener of listeners) await listener(code);
  // For the browser tests: everything on the page is now said in this language.
  for (const root of document.querySelectorAll(".potengine-live")) root.dataset.said = code;
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

// The switch at the top of each live page: the four languages, each by its own name.
function languageSwitch() {
  const buttons = LANGUAGES.map((code) => {
    const button = el("button", { type: "button", class: "live-language", lang: code, "data-lang": code,
                                  "aria-pressed": String(code === lang), t: `language.${code}` });
    button.addEventListener("click", () => setLanguage(code));
    return button;
  });
  onLanguage((code) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.lang === code));
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
  // The book's switch at the top of the article would say the same a second time, by reloading
  // the page through the translated site: the live switch changes the language in place, the
  // hand kept in the address.
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
