// On every page of the book: register the book's service worker (sw.js at the site's root), which
// keeps the whole book, its PDF and the live pages' engine in the browser's cache after one visit,
// so the book works offline and a live page finds its engine without waiting for the network.
// Quiet by design: nothing is shown, and a browser without service workers reads the book as usual.
// On a live page it waits until the engine is ready, so that filling the cache does not compete
// with the engine's own download (which it then finds in the browser's HTTP cache). And a pointer
// on a link to a live page starts that page's engine (below).
(function () {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  var root = new URL(document.documentElement.dataset.content_root || "./", location.href);
  function register() {
    navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href })
      .catch(function () { /* blocked (private mode, tests): the book works online */ });
  }
  function whenEngineSettled(then) {
    var waited = 0;
    (function poll() {
      var live = document.querySelector(".potengine-live");
      if (!live || (live.dataset.state && live.dataset.state !== "loading") || waited > 60000) then();
      else { waited += 250; setTimeout(poll, 250); }
    })();
  }
  window.addEventListener("load", function () { whenEngineSettled(register); });

  // A reader about to open a live page (a pointer over, a finger on, or the keyboard's focus on a
  // link to one): its engine starts now, as the shared worker that the live page connects to
  // (web/engine-worker.mjs, named for this build in live/build-info.json), so that Python is
  // already running, or nearly, when the page opens. Once per page; nothing where shared workers
  // are missing (the live page then starts its own engine, from the cache).
  var early = null;
  function aboutToOpen(event) {
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (early || !link || !("SharedWorker" in window)) return;
    var target = new URL(link.href, location.href);
    if (target.origin !== root.origin || !/\/book\/live\/[^/]+\.html$/.test(target.pathname)) return;
    early = fetch(new URL("live/build-info.json", root)).then(function (response) {
      return response.json();
    }).then(function (info) {
      if (!info.live) return null;
      return new SharedWorker(new URL("live/engine-worker.mjs", root),
        { type: "module", name: info.engine || "potengine", extendedLifetime: true });
    }).catch(function () { return null; });
  }
  ["pointerover", "pointerdown", "focusin"].forEach(function (name) {
    document.addEventListener(name, aboutToOpen, { passive: true });
  });
})();
