/* The book follows the reader's system setting (prefers-color-scheme) unless the reader chose a
   mode with the theme's button. _config.yml sets the default mode "auto", with which the theme's
   first inline script writes data-theme="auto" (a value no stylesheet knows) until its own script
   runs at the end of the page; this one, in the head, settles the theme before the page is drawn,
   so that a dark system never flashes a light page. */
(() => {
  const root = document.documentElement;
  const mode = root.dataset.mode;
  if (mode === "auto" || !mode || (root.dataset.theme !== "light" && root.dataset.theme !== "dark")) {
    root.dataset.theme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
})();
