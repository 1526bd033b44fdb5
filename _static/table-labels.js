/* The chapters' own tables (Markdown tables, written by docutils) of three columns or more: each
   body cell gets its column's name (data-label), as the engine's tables carry it
   (potengine/present/tables.py), and the table the class "stacked", so that book.css shows each
   row as a card when the column is narrow (a phone). Two-column tables fit as they are. */
(() => {
  const label = () => {
    for (const table of document.querySelectorAll(".bd-article table.table")) {
      const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
      if (heads.length < 3) continue;
      for (const row of table.querySelectorAll("tbody tr")) {
        [...row.cells].forEach((cell, i) => {
          if (!cell.dataset.label && heads[i]) cell.dataset.label = heads[i];
        });
      }
      table.classList.add("stacked");
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", label);
  } else {
    label();
  }
})();
