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
    registerAt(root);
    // A live page of a translated site (/nl/ ...) runs the English site's engine: that site's
    // worker keeps it (and the English book) for this page offline too.
    if (document.querySelector(".potengine-live")) {
      fetch(new URL("live/build-info.json", root)).then(function (response) {
        return response.json();
      }).then(function (info) {
        if (!info.live && info.site) registerAt(new URL(info.site, root));
      }).catch(function () { /* offline already: the workers registered before keep the page */ });
    }
  }
  function registerAt(site) {
    navigator.serviceWorker.register(new URL("sw.js", site).href, { scope: site.href })
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
    early = engineOf(root, 0).catch(function () { return null; });
  }
  // The engine of the site at `site`; a translated site (/nl/ ...) has none of its own and says
  // where it is ("site": the English site, whose live pages it links to).
  function engineOf(site, depth) {
    return fetch(new URL("live/build-info.json", site)).then(function (response) {
      return response.json();
    }).then(function (info) {
      if (!info.live) return info.site && !depth ? engineOf(new URL(info.site, site), 1) : null;
      return new SharedWorker(new URL("live/engine-worker.mjs", site),
        { type: "module", name: info.engine || "potengine", extendedLifetime: true });
    });
  }
  ["pointerover", "pointerdown", "focusin"].forEach(function (name) {
    document.addEventListener(name, aboutToOpen, { passive: true });
  });
})();
