// The book's service worker: after one visit every page, the PDF and the three live pages (with
// their engine) are served from the browser's cache, so the book works with no network at all.
//
// tools/offline.py writes this file into each site's root (the English book's scope is the whole
// book; the Dutch, German and Greek sites have their own, /nl/ ...) with
// PRECACHE filled in: every file of the built site and a hash of its content. VERSION is a hash of
// that list, so a new build is a new cache; a file whose hash did not change is copied from the old
// cache instead of downloaded again (a rebuilt page does not re-download the 14 MB engine).
const PRECACHE = /*PRECACHE*/ {};
const VERSION = /*VERSION*/ "dev";
const scope = new URL(self.registration.scope);
// Each site's worker (the English book at the root, the Dutch, German and Greek ones in /nl/, /de/,
// /el/) has caches of its own, named for its scope: none deletes or reads another's.
const OWN = `potengine-book-${scope.pathname}@`;
const CACHE = `${OWN}${VERSION}`;
const LIST = "__precache__.json";   // the cache's own entry: the hashes it holds
const OLDER = /^potengine-book-[0-9a-f]{16}$/;   // an earlier build's cache, named for no site

async function copyOrFetch(cache, old, path, hash) {
  const url = new URL(path, scope).href;
  if (old && old.hashes[path] === hash) {
    const response = await old.cache.match(url);
    if (response) return cache.put(url, response);
  }
  // "no-cache": revalidate with the server, never take a stale copy from the HTTP cache.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return cache.put(url, response);
}

async function previous() {
  for (const name of await caches.keys()) {
    if (name === CACHE || !(name.startsWith(OWN) || OLDER.test(name))) continue;
    const cache = await caches.open(name);
    const list = await cache.match(new URL(LIST, scope).href);
    if (list) return { cache, hashes: await list.json() };
  }
  return null;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const old = await previous();
  // The engine first: it is what a live page waits for.
  const paths = Object.keys(PRECACHE).sort((a, b) => b.startsWith("live/") - a.startsWith("live/"));
  // A few at a time: the engine's large files should not wait behind two hundred small pages.
  let next = 0;
  async function lane() {
    while (next < paths.length) {
      const path = paths[next++];
      await copyOrFetch(cache, old, path, PRECACHE[path]);
    }
  }
  await Promise.all([lane(), lane(), lane(), lane()]);
  // Written last: a cache with its list is complete.
  await cache.put(new URL(LIST, scope).href, new Response(JSON.stringify(PRECACHE),
    { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && (name.startsWith(OWN) || OLDER.test(name))) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The key of a request in the cache: the page without its query (the calculator keeps the table
// in the address), "index.html" for a folder.
function key(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

// A translated site's live page runs the English site's modules (/live/, outside this worker's
// scope): those come from the English site's cache (its worker, which such a page registers too).
async function answer(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key(request));
  if (cached) return cached;
  if (!request.url.startsWith(scope.href)) {
    const elsewhere = await caches.match(key(request));
    if (elsewhere) return elsewhere;
  }
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {
      const home = await cache.match(new URL("index.html", scope).href);
      if (home) return home;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.origin) return;
  event.respondWith(answer(request));
});
