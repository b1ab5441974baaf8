// The table page: speaks the /ws/play protocol (docs/protocol.md) and draws what the server
// sends. It decides no rule: every button is one of the legal actions the server listed.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("table-data").textContent);
  const S = data.strings;
  const lang = data.lang;
  const $ = (id) => document.getElementById(id);
  const STORE = "mjk-table-game";
  let socket = null;
  let state = null;
  let selected = new Set();
  let wantClose = false;
  let retries = 0;
  let kyoku = 1;

  function tr(key, values) {
    let text = S[key] || key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }
  const seatName = (s) => S["seat." + "ESWN"[s]] || String(s);

  function tileCode(id) {
    if (id >= 136) {
      const i = id - 136;
      return (i % 4) + 1 + (i < 4 ? "f" : "g");
    }
    const kind = id >> 2;
    const suit = "mpsz"[Math.floor(kind / 9)];
    const red = state && state.table.red.includes(id);
    return (red ? "0" : String((kind % 9) + 1)) + suit;
  }
  function kindCode(id) {
    const kind = id >> 2;
    return String((kind % 9) + 1) + "mpsz"[Math.floor(kind / 9)];
  }

  function tileImg(id, extra) {
    const img = document.createElement("img");
    const code = typeof id === "number" ? tileCode(id) : id;
    img.src = "/tiles/" + code + ".svg";
    img.alt = code;
    img.className = "tile" + (extra ? " " + extra : "");
    return img;
  }

  // --- setup ---------------------------------------------------------------------------------
  function fillPresets() {
    const presets = data.variants[$("variant").value] || [];
    $("rules").replaceChildren(
      ...presets.map((p) => Object.assign(document.createElement("option"), { value: p, textContent: p }))
    );
  }
  $("variant").addEventListener("change", fillPresets);
  fillPresets();

  function saved() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "null");
    } catch (e) {
      return null;
    }
  }
  const previous = saved();
  if (previous && previous.game) {
    $("resume").hidden = false;
    $("resume").textContent = tr("table.setup.resume", { game: previous.game });
    $("resume").addEventListener("click", () => connect({ type: "resume", game: previous.game, token: previous.token, lang: lang, hints: $("hints-start").checked }));
  }

  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const options = {};
    for (const line of $("options").value.split("\n")) {
      const [name, ...rest] = line.split("=");
      if (name.trim() && rest.length) options[name.trim()] = rest.join("=").trim();
    }
    const message = {
      type: "start",
      variant: $("variant").value,
      rules: $("rules").value,
      options: options,
      seat: Number($("seat").value),
      bots: $("bots").value,
      lang: lang,
      hints: $("hints-start").checked,
    };
    if ($("seed").value !== "") message.seed = Number($("seed").value);
    if ($("length").value) message.max_rounds = Number($("length").value);
    connect(message);
  });

  // --- the connection ------------------------------------------------------------------------
  function connect(first) {
    wantClose = false;
    if (socket) {
      wantClose = true;
      socket.close();
    }
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(scheme + "//" + location.host + "/ws/play?lang=" + lang);
    socket = ws;
    ws.addEventListener("open", () => send(first));
    ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (ws !== socket || wantClose) return;
      const stored = saved();
      if (state && !state.over && stored && retries < 5) {
        retries += 1;
        showError(S["table.connection_lost"]);
        setTimeout(() => connect({ type: "resume", game: stored.game, token: stored.token, lang: lang, hints: $("hints-toggle").checked }), 800 * retries);
      }
    });
  }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  function act(id) {
    if (!state) return;
    selected.clear();
    document.body.dataset.busy = "1";
    send({ type: "act", id: id, seq: state.seq });
  }

  function receive(message) {
    if (message.type === "state") {
      retries = 0;
      const fresh = !state || state.game !== message.game;
      state = message;
      state.over = false;
      if (fresh) $("log").replaceChildren();
      localStorage.setItem(STORE, JSON.stringify({ game: message.game, token: message.token }));
      hideError();
      $("setup").hidden = true;
      $("final").hidden = true;
      $("table").hidden = false;
      $("hints-toggle").checked = !!message.hints;
      delete document.body.dataset.busy;
      for (const event of message.events) logEvent(event);
      draw();
      if (message.outcomes.length) showOutcomes(message.outcomes);
    } else if (message.type === "game_over") {
      state.over = true;
      localStorage.removeItem(STORE);
      showFinal(message);
    } else if (message.type === "error") {
      delete document.body.dataset.busy;
      showError(message.message + " (" + message.code + ")");
      if (message.code === "token" || message.code === "finished" || message.code === "records") {
        localStorage.removeItem(STORE);
        $("setup").hidden = false;
      }
    }
  }
  function showError(text) {
    $("error").textContent = text;
    $("error").hidden = false;
  }
  function hideError() {
    $("error").hidden = true;
  }

  // --- drawing -------------------------------------------------------------------------------
  function draw() {
    const obs = state.observation;
    const table = state.table;
    const players = obs.seats.length;
    $("round-info").textContent = tr("table.round", { wind: seatName(obs.round_wind), number: kyoku });
    $("counters").textContent = tr("table.honba", { honba: obs.honba, deposits: obs.deposits });
    $("wall").textContent = tr("table.wall", { count: obs.wall_remaining });
    $("dora-box").hidden = !table.has_dora;
    $("dora").replaceChildren(...obs.dora_indicators.map((id) => tileImg(id)));
    const seats = [];
    for (let step = 1; step <= players; step++) {
      const s = (obs.seat + step) % players;
      seats.push(drawSeat(s, obs, table));
    }
    $("seats").replaceChildren(...seats);
    drawHand(obs);
    drawActions();
    drawHints();
    drawPrompt(obs);
  }

  function drawSeat(s, obs, table) {
    const info = obs.seats[s];
    const box = document.createElement("section");
    box.className = "seat" + (s === obs.seat ? " me" : "") + (s === obs.turn ? " turn" : "");
    box.dataset.seat = String(s);
    const head = document.createElement("h3");
    const wind = seatName((s - obs.dealer + obs.seats.length) % obs.seats.length);
    let title = seatName(s) + " · " + (s === obs.seat ? S["table.you"] : S["table.bot"]) + " · " + obs.scores[s];
    if (s === obs.dealer) title += " · " + S["table.dealer"];
    head.textContent = title;
    head.title = wind;
    box.append(head);
    const marks = document.createElement("p");
    marks.className = "marks";
    if (info.riichi) marks.append(badge(S["table.riichi"], "riichi"));
    if (info.won) marks.append(badge(S["table.won"], "won"));
    if (info.missing_suit !== null && info.missing_suit !== undefined) marks.append(badge(tr("table.missing", { suit: table.suits[info.missing_suit] }), "missing"));
    box.append(marks);
    if (info.flowers.length) box.append(row(S["table.flowers"], info.flowers.map((id) => tileImg(id)), "flowers"));
    if (info.melds.length) {
      const melds = info.melds.map((meld) => {
        const span = document.createElement("span");
        span.className = "meld";
        for (const id of meld.tiles) span.append(tileImg(id, id === meld.called ? "called" : ""));
        return span;
      });
      box.append(row(S["table.melds"], melds, "melds"));
    }
    const pond = info.discards.map((id) => {
      const classes = [];
      if (table.called.includes(id)) classes.push("called");
      if (table.riichi_tiles.includes(id)) classes.push("sideways");
      const img = tileImg(id, classes.join(" "));
      if (classes.includes("called")) img.title = S["table.called"];
      return img;
    });
    box.append(row(S["table.pond"], pond, "pond"));
    if (s !== obs.seat) {
      const hidden = document.createElement("p");
      hidden.className = "backs";
      // Drawn by the style sheet: fonts rarely have the tile-back glyph.
      for (let i = 0; i < info.hand_size; i++) hidden.append(Object.assign(document.createElement("span"), { className: "back" }));
      hidden.setAttribute("role", "img");
      hidden.setAttribute("aria-label", String(info.hand_size));
      box.append(hidden);
    }
    return box;
  }
  function badge(text, kind) {
    const span = document.createElement("span");
    span.className = "badge " + kind;
    span.textContent = text;
    return span;
  }
  function row(label, items, kind) {
    const div = document.createElement("div");
    div.className = "row " + kind;
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = label;
    div.append(name, ...items);
    return div;
  }

  function legalFor(tile) {
    return state.legal.filter((a) => a.tile === tile && (a.type === "discard" || a.type === "riichi"));
  }

  function drawHand(obs) {
    const own = obs.seats[obs.seat];
    const hand = (own.hand || []).slice();
    const drawn = own.drawn;
    if (drawn !== null && drawn !== undefined && hand.includes(drawn)) {
      hand.splice(hand.indexOf(drawn), 1);
      hand.push(drawn);
    }
    const exchanging = state.legal.some((a) => a.type === "exchange");
    const danger = {};
    const hintByKind = {};
    if (state.hints) {
      for (const mark of state.hints.danger || []) danger[mark.tile] = mark.level;
      for (const option of state.hints.discards || []) hintByKind[option.tile] = option;
    }
    const buttons = hand.map((id, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hand-tile";
      if (index === hand.length - 1 && id === drawn) button.classList.add("drawn");
      button.dataset.tile = String(id);
      button.dataset.code = tileCode(id);
      const discards = legalFor(id).filter((a) => a.type === "discard");
      const usable = exchanging || discards.length > 0;
      button.disabled = !usable;
      let label = tileCode(id);
      if (discards.length) label = discards[0].label;
      const code = kindCode(id);
      if (danger[code]) {
        button.classList.add("danger-" + danger[code]);
        label += " · " + S["table.hint.danger"] + ": " + S["table.hint.danger." + danger[code]];
      }
      if (hintByKind[code]) {
        const option = hintByKind[code];
        const note = document.createElement("span");
        note.className = "hint-note";
        note.textContent = option.shanten + "/" + option.ukeire;
        button.append(note);
        label += " · " + tr("table.hint.shanten", { shanten: option.shanten, ukeire: option.ukeire });
      }
      if (selected.has(id)) button.classList.add("selected");
      button.prepend(tileImg(id));
      button.setAttribute("aria-label", label);
      button.title = label;
      button.addEventListener("click", () => clickTile(id));
      button.addEventListener("keydown", (event) => moveFocus(event, index));
      return button;
    });
    $("hand").replaceChildren(...buttons);
  }

  function moveFocus(event, index) {
    const buttons = Array.from($("hand").querySelectorAll("button"));
    let next = null;
    if (event.key === "ArrowRight") next = buttons[(index + 1) % buttons.length];
    if (event.key === "ArrowLeft") next = buttons[(index - 1 + buttons.length) % buttons.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  function clickTile(id) {
    if (document.body.dataset.busy) return;
    if (state.legal.some((a) => a.type === "exchange")) {
      if (selected.has(id)) selected.delete(id);
      else if (selected.size < 3) selected.add(id);
      drawHand(state.observation);
      drawActions();
      return;
    }
    const discard = legalFor(id).find((a) => a.type === "discard");
    if (discard) act(discard.id);
  }

  function drawActions() {
    const buttons = [];
    for (const action of state.legal) {
      if (action.type === "discard") continue;
      if (action.type === "exchange") {
        const chosen = Array.from(selected).sort((a, b) => a - b).join(",");
        if (chosen !== (action.consumed || []).slice().sort((a, b) => a - b).join(",")) continue;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "action action-" + action.type;
      button.dataset.type = action.type;
      button.textContent = action.label;
      button.addEventListener("click", () => act(action.id));
      buttons.push(button);
    }
    $("actions").replaceChildren(...buttons);
  }

  function drawPrompt(obs) {
    const legal = state.legal;
    let key = "table.waiting";
    if (obs.seats[obs.seat].won) key = "table.watching";
    if (legal.some((a) => a.type === "exchange")) key = "table.your_exchange";
    else if (legal.some((a) => a.type === "declare_missing")) key = "table.your_declare";
    else if (legal.some((a) => a.type === "discard")) key = "table.your_turn";
    else if (legal.length) key = "table.your_call";
    $("prompt").textContent = S[key];
    $("prompt").dataset.key = key;
  }

  function drawHints() {
    const box = $("hints");
    const hints = state.hints;
    box.hidden = !hints;
    if (!hints) return;
    const parts = [];
    const best = (hints.discards || []).slice(0, 5);
    if (best.length) {
      const p = document.createElement("p");
      p.textContent = S["table.hint.best"] + ": " + best.map((o) => o.tile + " (" + tr("table.hint.shanten", { shanten: o.shanten, ukeire: o.ukeire }) + ")").join(", ");
      parts.push(p);
    }
    const waitLists = [];
    if (hints.waits && hints.waits.length) waitLists.push(["", hints.waits]);
    for (const option of hints.discards || []) if (option.waits) waitLists.push([option.tile, option.waits]);
    for (const [discard, waits] of waitLists) {
      const h = document.createElement("h4");
      h.textContent = S["table.hint.waits"] + (discard ? " (" + tr("table.action.discard", { tile: discard }) + ")" : "");
      const list = document.createElement("ul");
      list.className = "waits";
      for (const wait of waits) {
        const li = document.createElement("li");
        li.append(tileImg(wait.tile));
        const ron = wait.ron ? wait.ron.text : "";
        const tsumo = wait.tsumo ? wait.tsumo.text : "";
        li.append(" " + S["table.hint.ron"] + ": " + ron + " · " + S["table.hint.tsumo"] + ": " + tsumo);
        list.append(li);
      }
      parts.push(h, list);
    }
    if ((hints.danger || []).length) {
      const p = document.createElement("p");
      p.textContent = S["table.hint.danger"] + ": " + hints.danger.map((d) => d.tile + " " + S["table.hint.danger." + d.level]).join(", ");
      parts.push(p);
    }
    box.replaceChildren(...parts);
  }

  $("hints-toggle").addEventListener("change", () => send({ type: "hints", on: $("hints-toggle").checked }));

  // --- events, outcomes, the end -------------------------------------------------------------
  function logEvent(event) {
    let text = null;
    const who = typeof event.actor === "number" ? seatName(event.actor) : "";
    if (event.type === "start_kyoku") kyoku = event.kyoku;
    if (event.type === "dahai") text = who + ": " + tr("table.action.discard", { tile: event.pai });
    else if (["chi", "pon", "daiminkan", "ankan", "kakan"].includes(event.type)) text = who + ": " + event.type + " " + (event.pai || "");
    else if (event.type === "reach") text = who + ": " + S["table.riichi"];
    else if (event.type === "hora") text = who + ": " + S["table.won"];
    else if (event.type === "start_kyoku") text = "— " + tr("table.round", { wind: event.bakaze, number: event.kyoku }) + " —";
    else if (event.type === "mjk:exchange") text = tr("table.exchange.given", { direction: event.direction });
    else if (event.type === "mjk:missing") text = who + ": " + tr("table.missing", { suit: state.table.suits[event.suit] });
    if (!text) return;
    const li = document.createElement("li");
    li.textContent = text;
    $("log").append(li);
    while ($("log").children.length > 300) $("log").firstChild.remove();
  }

  function showOutcomes(outcomes) {
    const body = [];
    for (const outcome of outcomes) {
      const h = document.createElement("h3");
      h.textContent = outcome.title;
      body.push(h);
      if (outcome.reading || outcome.hand) {
        const p = document.createElement("p");
        p.className = "reading";
        p.textContent = outcome.reading || outcome.hand;
        body.push(p);
      }
      if (outcome.patterns && outcome.patterns.length) {
        const table = document.createElement("table");
        for (const pattern of outcome.patterns) {
          const tr_ = document.createElement("tr");
          tr_.append(cell(pattern.name), cell(pattern.value + " " + pattern.unit));
          table.append(tr_);
        }
        body.push(table);
      }
      for (const line of [outcome.total, outcome.limit, outcome.tenpai !== undefined && outcome.tenpai !== null ? outcome.tenpai : null]) {
        if (line) body.push(Object.assign(document.createElement("p"), { textContent: line }));
      }
      if (outcome.payments && outcome.payments.length) {
        const ul = document.createElement("ul");
        for (const line of outcome.payments) ul.append(Object.assign(document.createElement("li"), { textContent: line }));
        body.push(ul);
      }
      const deltas = (outcome.deltas || []).map((d, s) => seatName(s) + " " + (d > 0 ? "+" : "") + d).join(" · ");
      if (deltas) body.push(Object.assign(document.createElement("p"), { className: "deltas", textContent: deltas }));
    }
    $("outcome-body").replaceChildren(...body);
    $("outcome").hidden = false;
    $("outcome-close").focus();
  }
  function cell(text) {
    return Object.assign(document.createElement("td"), { textContent: text });
  }
  $("outcome-close").addEventListener("click", () => {
    $("outcome").hidden = true;
    const first = $("hand").querySelector("button:not([disabled])") || $("actions").querySelector("button");
    if (first) first.focus();
  });

  function showFinal(message) {
    const rows = message.ranking.map((r) => {
      const tr_ = document.createElement("tr");
      if (r.seat === message.seat) tr_.className = "me";
      tr_.append(cell(String(r.rank)), cell(seatName(r.seat) + (r.seat === message.seat ? " (" + S["table.you"] + ")" : "")), cell(String(r.points)), cell(r.result === undefined ? "" : (r.result > 0 ? "+" : "") + r.result));
      return tr_;
    });
    $("final-rows").replaceChildren(...rows);
    $("final-record").href = "/" + lang + "/records/" + message.game;
    $("final").hidden = false;
    $("actions").replaceChildren();
  }
  $("new-game").addEventListener("click", () => {
    $("final").hidden = true;
    $("outcome").hidden = true;
    $("table").hidden = true;
    $("setup").hidden = false;
    $("resume").hidden = true;
    state = null;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("outcome").hidden) $("outcome-close").click();
  });
})();
