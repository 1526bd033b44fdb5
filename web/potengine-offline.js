// On every page of the book: register the book's service worker (sw.js at the site's root), which
// keeps the whole book, its PDF and the live pages' engine in the browser's cache after one visit,
// so the book works offline and a live page finds its engine without waiting for the network.
// Quiet by design: nothing is shown, and a browser without service workers reads the book as usual.
// On a live page it waits until the engine is ready, so that filling the cache does not compete
// with the engine's own download (which it then finds in the browser's HTTP cache).
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
})();
