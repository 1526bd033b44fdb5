/* The menu button and "On this page" on every width.

   pydata-sphinx-theme 0.17.1 wires its sidebar dialogs (and sphinx-book-theme 1.3.0 its
   wide-screen collapse) to the FIRST element of class primary-toggle / secondary-toggle only:
   document.querySelector(".primary-toggle"). That first one is pydata's own header button, hidden
   under sphinx-book-theme; the visible buttons (in the article's header) get no listener, and a
   tap on them does nothing (pydata-sphinx-theme#2451, sphinx-book-theme#988). Here a tap on a
   visible button is handed to the wired one, which then opens the dialog (narrow screens) or
   folds the sidebar (wide screens) as the themes intend. Remove once the themes bind every
   button; tests/test_browser_book.py taps them at 390, 800 and 1280 px. */
(() => {
  const forward = () => {
    for (const kind of ["primary", "secondary"]) {
      const [wired, ...others] = document.querySelectorAll(`.${kind}-toggle`);
      if (!wired || wired.offsetParent !== null) continue; // the wired button is the visible one
      for (const button of others) {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          wired.click();
        });
      }
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", forward);
  } else {
    forward();
  }
})();
