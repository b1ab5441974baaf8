/* Every page: the tiles' corner labels switched on or off (kept in this browser), the command
   lines copied, dates and numbers in the page's locale, and the glossary's search. */
(function () {
  "use strict";
  const root = document.documentElement;
  const lang = root.lang || "en";

  // --- tile labels: the labelled pictures are /tiles/X.svg, the bare ones /tiles/bare/X.svg ---
  const KEY = "mjk-tile-labels";
  function labelsOn() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (error) { return true; }
  }
  function retile(node) {
    const on = labelsOn();
    const images = node.matches && node.matches("img") ? [node]
      : node.querySelectorAll ? node.querySelectorAll("img") : [];
    for (const img of images) {
      const src = img.getAttribute("src") || "";
      if (img.closest("[data-keep-labels]")) continue;  // a picture that keeps its own choice
      if (on && src.startsWith("/tiles/bare/")) img.setAttribute("src", "/tiles/" + src.slice(12));
      else if (!on && /^\/tiles\/[0-9][a-z]\.svg$/.test(src)) img.setAttribute("src", "/tiles/bare/" + src.slice(7));
    }
  }
  root.dataset.tileLabels = labelsOn() ? "on" : "off";
  function start() {
    const box = document.getElementById("tile-labels");
    if (box) {
      box.checked = labelsOn();
      box.addEventListener("change", () => {
        try { localStorage.setItem(KEY, box.checked ? "on" : "off"); } catch (error) { /* kept for this page only */ }
        root.dataset.tileLabels = box.checked ? "on" : "off";
        retile(document.body);
      });
    }
    retile(document.body);
    new MutationObserver((changes) => {
      if (labelsOn()) return;
      for (const change of changes) for (const added of change.addedNodes) if (added.nodeType === 1) retile(added);
    }).observe(document.body, {childList: true, subtree: true});
    localDates();
    copyButtons();
    glossary();
  }

  // --- dates and numbers in the page's locale ---
  function localDates() {
    const dates = new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeStyle: "short"});
    for (const node of document.querySelectorAll("time[datetime]")) {
      const when = new Date(node.getAttribute("datetime"));
      if (!isNaN(when)) node.textContent = dates.format(when);
    }
  }

  // --- "copy" beside each command line ---
  function copyButtons() {
    for (const button of document.querySelectorAll("button[data-copy]")) {
      button.hidden = !(navigator.clipboard && window.isSecureContext);
      button.addEventListener("click", async () => {
        try { await navigator.clipboard.writeText(button.dataset.copy); button.textContent = button.dataset.done; }
        catch (error) { button.hidden = true; }
      });
    }
  }

  // --- the glossary: search as you type (names, terms and other names) ---
  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function glossary() {
    const input = document.getElementById("glossary-search");
    if (!input) return;
    const entries = Array.from(document.querySelectorAll(".glossary .entry"));
    const letters = Array.from(document.querySelectorAll(".glossary .letter-group"));
    const status = document.getElementById("glossary-count");
    const template = status.dataset.template;
    for (const entry of entries) entry.dataset.search = fold(entry.dataset.search + " " + entry.textContent);
    function apply() {
      const words = fold(input.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const entry of entries) {
        const hit = words.every((word) => entry.dataset.search.includes(word));
        entry.hidden = !hit;
        if (hit) shown += 1;
      }
      for (const group of letters) group.hidden = !group.querySelector(".entry:not([hidden])");
      status.textContent = template.replace("{count}", new Intl.NumberFormat(lang).format(shown));
      document.getElementById("glossary-none").hidden = shown > 0;
    }
    input.addEventListener("input", apply);
    input.form && input.form.addEventListener("submit", (event) => event.preventDefault());
    if (input.value) apply();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
