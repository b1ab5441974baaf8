// The replay page: fetches the steps of a finished game and shows them one at a time.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const S = data.strings;
  const $ = (id) => document.getElementById(id);
  let steps = [];
  let index = 0;
  const seatName = (s) => S["seat." + "ESWN"[s]];
  function code(id) {
    if (id >= 136) { const i = id - 136; return (i % 4) + 1 + (i < 4 ? "f" : "g"); }
    const kind = id >> 2;
    return String((kind % 9) + 1) + "mpsz"[Math.floor(kind / 9)];
  }
  function img(id) {
    const el = document.createElement("img");
    el.src = "/tiles/" + code(id) + ".svg"; el.alt = code(id); el.className = "tile";
    return el;
  }
  // A room's game: the seat's token this browser kept when it played (docs/protocol.md).
  const token = (() => {
    try {
      return data.private ? JSON.parse(localStorage.getItem("mjk-replay-" + data.game) || "null") : null;
    } catch (error) {
      return null;
    }
  })();
  const headers = token ? { "X-Seat-Token": token } : {};
  function backs(count) {
    const div = document.createElement("div");
    div.className = "row backs";
    for (let i = 0; i < count; i++) div.append(Object.assign(document.createElement("span"), { className: "back" }));
    return div;
  }
  function row(label, ids) {
    const div = document.createElement("div");
    div.className = "row";
    div.append(Object.assign(document.createElement("span"), { className: "label", textContent: label }), ...ids.map(img));
    return div;
  }
  function show() {
    const step = steps[index];
    if (!step) return;
    $("position").textContent = S.position.replace("{step}", index + 1).replace("{total}", steps.length);
    $("step-label").textContent = step.label + (step.declined ? " — " + S.declined : "");
    $("step-label").classList.toggle("declined", step.declined);
    const table = step.table;
    $("replay-seats").replaceChildren(...table.seats.map((seat, s) => {
      const box = document.createElement("section");
      box.className = "seat" + (step.actor === s ? " turn" : "");
      box.dataset.seat = String(s);
      let head = seatName(s) + " · " + table.scores[s];
      if (s === table.dealer) head += " · " + S.dealer;
      if (seat.riichi) head += " · " + S.riichi;
      if (seat.won) head += " · " + S.won;
      box.append(Object.assign(document.createElement("h3"), { textContent: head }));
      if (seat.hand) box.append(row("", seat.hand));
      else {
        const hidden = backs(seat.hand_size);
        hidden.setAttribute("role", "img");
        hidden.setAttribute("aria-label", S.hidden.replace("{seat}", seatName(s)).replace("{count}", seat.hand_size));
        box.append(hidden);
      }
      if (seat.melds.length) box.append(row(S.melds, seat.melds.flatMap((m) => m.tiles)));
      if (seat.flowers.length) box.append(row(S.flowers, seat.flowers));
      box.append(row(S.pond, seat.discards));
      return box;
    }));
    const out = $("replay-outcome");
    out.hidden = !step.outcomes.length;
    out.replaceChildren(...step.outcomes.flatMap((o) => [
      Object.assign(document.createElement("h3"), { textContent: o.title }),
      ...(o.patterns || []).map((p) => Object.assign(document.createElement("p"), { textContent: p.name + ": " + p.value + " " + p.unit })),
      ...[o.total, ...(o.payments || [])].filter(Boolean).map((line) => Object.assign(document.createElement("p"), { textContent: line })),
    ]));
  }
  function go(to) { index = Math.max(0, Math.min(steps.length - 1, to)); show(); }
  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(index - 1));
  $("next").addEventListener("click", () => go(index + 1));
  $("last").addEventListener("click", () => go(steps.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") go(index + 1);
    if (e.key === "ArrowLeft") go(index - 1);
  });
  // body[data-replay] says where the page stands: loading, loaded (the steps are shown) or
  // failed; a test or a reader waits on it, not on a guess of how long the fetch takes.
  document.body.dataset.replay = "loading";
  // The events of a room's game as this seat saw them: fetched with the token, then saved.
  const download = $("download-jsonl");
  if (token && download) {
    download.addEventListener("click", (event) => {
      event.preventDefault();
      fetch(download.href, { headers: headers })
        .then((r) => r.blob())
        .then((blob) => {
          const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: download.getAttribute("download") });
          link.click();
          URL.revokeObjectURL(link.href);
        });
    });
  }
  fetch("/api/records/" + data.game + "/steps?lang=" + data.lang, { headers: headers })
    .then((r) => r.json().then((body) => {
      if (!r.ok) throw new Error((body.error && body.error.message) || String(r.status));
      return body;
    }))
    .then((body) => {
      steps = body.steps || [];
      if (body.view === "seat" || body.view === "public") {
        $("replay-view").textContent = body.view === "seat" ? S.seat_view.replace("{seat}", seatName(body.seat)) : S.public_view;
        $("replay-view").hidden = false;
      }
      document.body.dataset.view = body.view || "table";
      go(0);
      document.body.dataset.replay = "loaded";
    })
    .catch((error) => {
      $("position").textContent = S.failed.replace("{reason}", error.message);
      document.body.dataset.replay = "failed";
    });
})();
