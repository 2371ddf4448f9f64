// git ledger's pages: reload when the refs move (served), filter and search in place (static).
// Every text is set with textContent, never as markup.
"use strict";
(function () {
  const body = document.body;
  const mode = body.dataset.mode;
  if (mode === "served") {
    const root = body.dataset.root || "";
    const known = body.dataset.state;
    setInterval(function () {
      fetch(root + "_state", { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (doc) { if (doc && doc.state && doc.state !== known) { location.reload(); } })
        .catch(function () { /* the server stopped: keep the page as it is */ });
    }, 2000);
    return;
  }
  // The static site: the timeline's filters hide rows instead of asking a server.
  const filters = document.getElementById("filters");
  if (filters) {
    const apply = function () {
      const data = new FormData(filters);
      const scope = data.get("scope"), status = data.get("status"), ledger = data.get("ledger");
      const author = String(data.get("author") || "").toLowerCase();
      const since = data.get("since"), until = data.get("until");
      let shown = 0;
      document.querySelectorAll("table.timeline tbody tr[data-date]").forEach(function (row) {
        const d = row.dataset;
        const ok = (!scope || d.scope === scope || d.scope.startsWith(scope + "/")) &&
          (!status || d.status === status) && (!ledger || d.ledger === ledger) &&
          (!author || d.author.includes(author)) && (!since || d.date >= since) &&
          (!until || d.date <= until);
        row.classList.toggle("hidden", !ok);
        if (ok) { shown += 1; }
      });
      const count = document.getElementById("count");
      if (count) { count.textContent = shown + (shown === 1 ? " decision." : " decisions."); }
    };
    filters.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  }
  const form = document.getElementById("search-form");
  const list = document.getElementById("static-hits");
  if (form && list) {
    const run = function () {
      const words = String(new FormData(form).get("q") || "").toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
      list.replaceChildren();
      if (!words.length || !window.LEDGER_SEARCH) { return; }
      window.LEDGER_SEARCH.filter(function (doc) {
        const text = doc.words;
        return words.every(function (w) { return text.includes(w); });
      }).slice(0, 100).forEach(function (doc) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = "entry/" + encodeURIComponent(doc.slug) + ".html";
        a.className = "id";
        a.textContent = doc.id;
        const about = document.createElement("span");
        about.textContent = " " + doc.status + " · " + doc.ledger + " · " + doc.author + " — " + doc.text;
        li.append(a, about);
        list.append(li);
      });
    };
    form.addEventListener("submit", function (event) { event.preventDefault(); run(); });
    const given = new URLSearchParams(location.search).get("q");
    if (given) { form.elements.q.value = given; window.addEventListener("load", run); }
  }
})();
