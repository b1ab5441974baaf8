// The table page: speaks the /ws/play protocol (docs/protocol.md) and draws what the server
// sends. It decides no rule: every button is one of the legal actions the server listed.
//
// The server answers each action with one state holding every event since the last one (the
// bots' moves included). The page shows those events one step at a time on a copy of the table
// it draws (the "view"), at the speed the person chose, then draws the state itself: only then
// can the person act, so a click is never sent on a table the person has not seen. A click during
// the playback shows the rest at once instead.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("table-data").textContent);
  const S = data.strings;
  const lang = data.lang;
  const STORE = "mjk-table-game"; // the unfinished game: {game, token}
  const SETUP = "mjk-table-setup"; // the form's last choices
  const SPEED = "mjk-table-speed";
  const ROOM = "mjk-room-"; // + a room's code: {token, seat}, the one key to one's seat
  const REPLAY = "mjk-replay-"; // + a room game's id: the seat's token, for that seat's replay
  const NAME = "mjk-room-name"; // the name last given in a room
  const DELAYS = { slow: 900, normal: 400, fast: 150, instant: 0 };
  const POSITIONS = ["bottom", "right", "top", "left"]; // by seat, counted from the person's
  const MOVES = new Set(["start_kyoku", "dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "mjk:flower", "mjk:missing", "mjk:exchange", "hora", "ryukyoku"]);
  const ENDS = new Set(["hora", "ryukyoku"]);
  const MJAI_HONOURS = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
  const numbers = new Intl.NumberFormat(lang);
  const signed = new Intl.NumberFormat(lang, { signDisplay: "exceptZero" });

  let socket = null; // the connection in use: another one's closing is not a drop
  let retries = 0;
  let sent = []; // the kinds of the messages sent on this connection, not answered yet
  let state = null; // the last state drawn as it is: the one the person acts on
  let view = null; // what the board shows now
  let live = false; // the board shows `state`: the person may act
  let pending = false; // an action was sent, its state has not come
  let queue = []; // messages received, shown in order
  let running = false;
  let skipping = false;
  let wake = null; // ends the current pause early
  let overWaiter = null;
  let over = null; // the game_over message
  let finalShown = false;
  let selected = new Set();
  let riichiMode = false;
  let focusIndex = null; // the hand tile that keeps the focus across redraws
  let red = new Set();
  let hasDora = true;
  let suits = [];
  let legendOpen = false;
  let room = null; // the last room message: who sits where (null: a game against bots)
  let roomCode = null; // the room this page is in, or is invited to
  let entering = false; // the next state is the whole game so far: it opens the table
  let countdown = null; // a room's clock for the decision shown: {deadline, timer}

  // --- words ---------------------------------------------------------------------------------
  function tr(key, values) {
    let text = S[key] || key;
    for (const [name, value] of Object.entries(values || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }
  const seatName = (s) => S["seat." + "ESWN"[s]] || String(s);
  const windName = (w) => S["seat." + "ESWN"[w]] || String(w);
  const store = {
    get(key) {
      try {
        return JSON.parse(localStorage.getItem(key) || "null");
      } catch (error) {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch (error) {
        /* private browsing: kept for this page only */
      }
    },
    drop(key) {
      try {
        localStorage.removeItem(key);
      } catch (error) {
        /* nothing kept */
      }
    },
  };

  // --- tiles: an id (0..143) or a code (the site's 1m..7z, 0m a red five; mjai's E, 5mr...) ---
  function tileCode(tile) {
    if (typeof tile === "string") {
      if (MJAI_HONOURS[tile]) return MJAI_HONOURS[tile];
      if (tile.length === 3 && tile[2] === "r") return "0" + tile[1];
      return tile;
    }
    if (tile >= 136) {
      const i = tile - 136;
      return (i % 4) + 1 + (i < 4 ? "f" : "g");
    }
    const kind = tile >> 2;
    return (red.has(tile) ? "0" : String((kind % 9) + 1)) + "mpsz"[Math.floor(kind / 9)];
  }
  const kindOf = (tile) => {
    const code = tileCode(tile);
    return (code[0] === "0" ? "5" : code[0]) + code[1];
  };
  // The tile's name as mahjongkit.i18n.tile_name gives it, from the same sentences.
  function tileName(tile) {
    const code = tileCode(tile);
    const digit = code[0];
    const suit = code[1];
    if ("mps".includes(suit)) {
      if (digit === "0") return tr("tile.red", { n: S["tile.n.5"], suit: S["tile.suit." + suit] });
      return tr("tile.suited", { n: S["tile.n." + digit], suit: S["tile.suit." + suit] });
    }
    return S["tile." + code] || code;
  }
  function tileImg(tile, classes, alt) {
    const img = document.createElement("img");
    img.src = "/tiles/" + tileCode(tile) + ".svg";
    img.alt = alt === undefined ? tileName(tile) : alt;
    img.className = "tile" + (classes ? " " + classes : "");
    img.draggable = false;
    return img;
  }
  const el = (tag, props, children) => {
    const node = Object.assign(document.createElement(tag), props || {});
    if (children) node.append(...children);
    return node;
  };
  // A sentence whose {tile} / {tiles} are drawn as pictures (the words stay for readers).
  function withTiles(template, tiles) {
    const out = [];
    const parts = template.split(/\{tiles?\}/);
    parts.forEach((part, i) => {
      if (part) out.push(part);
      if (i < parts.length - 1) out.push(el("span", { className: "tiles-inline" }, tiles.map((t) => tileImg(t, "", ""))));
    });
    return out;
  }

  // --- the setup form ------------------------------------------------------------------------
  function fillPresets() {
    const presets = data.variants[$("variant").value] || [];
    $("rules").replaceChildren(...presets.map((p) => el("option", { value: p, textContent: S["learn.preset." + p] || p })));
  }
  // Only the seats the chosen rules have (three at a three-player table).
  function fillSeats() {
    const players = ((data.seats || {})[$("variant").value] || {})[$("rules").value] || 4;
    for (const option of $("seat").options) option.hidden = option.disabled = Number(option.value) >= players;
    if (Number($("seat").value) >= players) $("seat").value = "0";
    // A room's seats for people: two up to the table's players, the choice kept where it fits.
    const people = $("room-people");
    const chosen = Math.min(Number(people.value) || 2, players);
    const counts = [];
    for (let count = 2; count <= players; count++) counts.push(count);
    people.replaceChildren(...counts.map((count) => el("option", { value: String(count), textContent: tr("table.room.people_count", { count: count }) })));
    people.value = String(chosen);
  }
  $("variant").addEventListener("change", () => {
    fillPresets();
    fillSeats();
  });
  $("rules").addEventListener("change", fillSeats);
  const choices = store.get(SETUP) || {};
  if (choices.variant && data.variants[choices.variant]) $("variant").value = choices.variant;
  fillPresets();
  if (choices.rules && (data.variants[$("variant").value] || []).includes(choices.rules)) $("rules").value = choices.rules;
  if (choices.bots && data.bots.includes(choices.bots)) $("bots").value = choices.bots;
  if (typeof choices.length === "string") $("length").value = choices.length;
  if (typeof choices.seat === "string") $("seat").value = choices.seat;
  fillSeats();
  $("hints-start").checked = !!choices.hints;

  // The game the form describes (a "start" message; a room's creation adds to it).
  function setupMessage() {
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
    store.set(SETUP, { variant: message.variant, rules: message.rules, bots: message.bots, length: $("length").value, seat: $("seat").value, hints: message.hints });
    return message;
  }
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    connect(setupMessage());
  });

  // --- speed ---------------------------------------------------------------------------------
  const speedSaved = store.get(SPEED);
  if (speedSaved && DELAYS[speedSaved] !== undefined) $("speed").value = speedSaved;
  $("speed").addEventListener("change", () => {
    store.set(SPEED, $("speed").value);
    if (DELAYS[$("speed").value] === 0) skip();
  });
  const delay = () => DELAYS[$("speed").value] || 0;
  function pause(ms) {
    if (skipping || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }
  function skip() {
    skipping = true;
    if (wake) wake();
  }
  $("skip").addEventListener("click", skip);

  // --- the connection ------------------------------------------------------------------------
  function connect(first) {
    const previous = socket;
    socket = null;
    if (previous) previous.close();
    sent = [];
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(scheme + "//" + location.host + "/ws/play?lang=" + lang);
    socket = ws;
    ws.addEventListener("open", () => send(first));
    ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (ws !== socket) return;
      pending = false;
      if (roomCode) {
        // In a room: back to one's seat with its token (a spectator watches again).
        const watching = !!room && room.seat === null;
        if ((store.get(ROOM + roomCode) || watching) && !over) {
          live = false;
          if (state) {
            document.body.dataset.table = "reconnecting";
            draw(view, false, 0);
          }
          reconnect(() => (!roomCode ? null : watching ? { type: "spectate", room: roomCode, lang: lang } : store.get(ROOM + roomCode) ? rejoinMessage(roomCode) : null));
        }
        return;
      }
      const stored = store.get(STORE);
      if (stored && !over) {
        live = false;
        document.body.dataset.table = "reconnecting";
        if (state) draw(view, false, 0);
        reconnect(() => (store.get(STORE) ? resumeMessage(stored) : null));
      }
    });
  }
  // Back to the same game after a drop, waiting a little longer each time (`next`: the
  // message that comes back, or null when there is nothing to come back to any more).
  function reconnect(next) {
    const wait = Math.min(10000, 400 * 2 ** retries);
    retries += 1;
    showError(S["table.connection_lost"]);
    setTimeout(() => {
      const message = next();
      if (message) connect(message);
    }, wait);
  }
  function rejoinMessage(code) {
    return { type: "join", room: code, token: store.get(ROOM + code).token, lang: lang };
  }
  function resumeMessage(stored) {
    return { type: "resume", game: stored.game, token: stored.token, lang: lang, hints: $("hints-toggle").checked || !!(store.get(SETUP) || {}).hints };
  }
  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    if (roomCode) sent = []; // in a room, states come as others play: none answers a message
    socket.send(JSON.stringify(message));
    sent.push(message.type);
    return true;
  }
  function act(id) {
    if (!live || pending || !state) return;
    if (send({ type: "act", id: id, seq: state.seq })) {
      pending = true;
      live = false;
      selected.clear();
      riichiMode = false;
      document.body.dataset.table = "waiting";
      tick(null);
    }
  }

  function receive(message) {
    if (message.type === "game_over" && overWaiter) overWaiter();
    // The room's clock runs from when the server asked, not from the playback reaching the state:
    // the seconds the server's timer has left (a page loaded again mid-decision continues it).
    if (message.type === "state" && message.time_limit) {
      const left = typeof message.seconds_left === "number" ? message.seconds_left : message.time_limit;
      message.deadline = Date.now() + left * 1000;
    }
    queue.push(message);
    if (!running) run();
  }
  async function run() {
    running = true;
    while (queue.length) {
      const message = queue.shift();
      try {
        await handle(message);
      } catch (error) {
        console.error(error);
      }
    }
    running = false;
  }
  async function handle(message) {
    if (message.type === "state") {
      let answered = sent.shift() || "act";
      if (message.room) {
        // A room's first state (after its start, or coming back) holds the whole game so far.
        answered = entering || $("table").hidden ? (message.events.some((e) => e.type === "dahai") ? "resume" : "start") : "act";
        entering = false;
      }
      retries = 0;
      pending = false;
      hideError();
      if (!message.room) store.set(STORE, { game: message.game, token: message.token });
      document.body.dataset.game = String(message.game);
      if (answered === "start" || answered === "resume") openTable(message, answered);
      if (answered === "start" || answered === "act") await playBack(message, answered === "start");
      else {
        if (answered === "resume") {
          $("log").replaceChildren();
          const money = moneyOf(message);
          message.events.forEach((event, i) => logEvent(event, null, money.get(i)));
        }
        install(message);
      }
    } else if (message.type === "game_over") {
      over = message;
      store.drop(STORE);
      if (roomCode && state && state.token) store.set(REPLAY + message.game, state.token); // the seat's own replay
      live = false;
      if ($("outcome").open) {
        fillFinal(over);
        $("final").hidden = false;
        $("outcome-title").textContent = S["table.game_over"];
        $("outcome-close").hidden = true;
        $("final-record").hidden = false;
        $("new-game").hidden = false;
      } else if (!finalShown) showResult(null, true);
      finalShown = true;
      document.body.dataset.table = "over";
      drawPrompt();
      drawActions();
    } else if (message.type === "lobby") {
      showInvitation(message);
    } else if (message.type === "room") {
      enterRoom(message);
    } else if (message.type === "left") {
      leftRoom(message);
    } else if (message.type === "room_closed") {
      roomClosed(message);
    } else if (message.type === "error") {
      sent.shift();
      pending = false;
      if (roomCode && !$("join").hidden) {
        // On the invitation's page: the seat asked for went to someone else, the game began,
        // or the seat kept in this browser is no more; the room is looked at again.
        if (message.code === "token") store.drop(ROOM + roomCode);
        if (["token", "seat_taken", "room_full", "started"].includes(message.code)) send({ type: "look", room: roomCode });
        showError(message.message);
        return;
      }
      const lost = ["token", "finished", "records", "resume"].includes(message.code);
      if (lost) {
        // Nothing to come back to: the form, with the reason above it.
        store.drop(STORE);
        backToSetup();
      }
      showError(message.message);
      if (message.code === "busy") {
        // The page's previous connection still holds the game for a moment after a reload.
        const stored = store.get(STORE);
        if (stored) reconnect(() => (store.get(STORE) ? resumeMessage(stored) : null));
      } else if (!lost && state && !$("table").hidden) {
        install(state); // a refused action changes nothing: the same state, acted on again
      }
    }
  }
  // A refusal is said where the person is: on the table, in the lobby, on the invitation's
  // page, or above the form.
  function showError(text) {
    const box = !$("table").hidden ? $("error") : !$("lobby").hidden ? $("lobby-error") : !$("join").hidden ? $("join-error") : $("setup-error");
    box.textContent = text;
    box.hidden = false;
  }
  function hideError() {
    for (const id of ["error", "setup-error", "lobby-error", "join-error"]) $(id).hidden = true;
  }
  // One of the page's screens: the form, the invitation, the lobby or the table.
  function showOnly(id) {
    for (const part of ["setup", "join", "lobby", "table"]) $(part).hidden = part !== id;
    document.body.classList.toggle("at-table", id === "table");
  }

  function openTable(message, how) {
    over = null;
    finalShown = false;
    view = null;
    focusIndex = Infinity; // the focus goes to the hand (its last tile) when the table opens
    if (document.activeElement && !$("table").contains(document.activeElement)) document.activeElement.blur();
    showOnly("table");
    $("resuming").hidden = true;
    $("hints-toggle").parentElement.hidden = !!room && !room.hints;
    $("spectating").hidden = !(room && room.seat === null);
    if (how === "start") $("log").replaceChildren();
    $("hints-toggle").checked = !!message.hints;
    const table = message.table;
    $("game-name").textContent = table.variant_name;
  }
  function backToSetup() {
    const dialog = $("outcome");
    if (dialog.open) dialog.close();
    showOnly("setup");
    $("setup-form").hidden = false;
    $("resuming").hidden = true;
    document.body.classList.remove("at-table");
    delete document.body.dataset.table;
    state = null;
    view = null;
    live = false;
  }

  // --- the view: the board as drawn, folded from a state or from events ----------------------
  function viewOf(message) {
    const obs = message.observation;
    const table = message.table;
    red = new Set(table.red || []);
    hasDora = table.has_dora !== false;
    suits = table.suits || [];
    let last = null;
    if (table.last_discard) last = { seat: table.last_discard.seat, tile: table.last_discard.mjk_id };
    else if (table.last_discard === undefined && obs.discard_order && obs.discard_order.length) {
      const [seat, tile] = obs.discard_order[obs.discard_order.length - 1];
      last = { seat: seat, tile: tile };
    }
    return {
      game: message.game,
      seat: obs.seat === null ? 0 : obs.seat,
      watching: obs.seat === null,
      players: obs.seats.length,
      dealer: obs.dealer,
      roundWind: obs.round_wind,
      kyoku: view && view.game === message.game ? view.kyoku : kyokuOf(message.events, 1),
      honba: obs.honba,
      deposits: obs.deposits,
      scores: obs.scores.slice(),
      wall: obs.wall_remaining,
      dora: obs.dora_indicators.slice(),
      turn: obs.turn,
      seats: obs.seats.map((s) => ({
        discards: s.discards.slice(),
        melds: s.melds.map((m) => ({ kind: m.kind, tiles: m.tiles.slice(), called: m.called, from: m.from })),
        flowers: s.flowers.slice(),
        size: s.hand_size,
        hand: s.hand ? s.hand.slice() : null,
        drawn: s.drawn === undefined ? null : s.drawn,
        riichi: s.riichi,
        won: s.won,
        missing: s.missing_suit === undefined ? null : s.missing_suit,
      })),
      called: new Set(table.called || []),
      sideways: new Set(table.riichi_tiles || []),
      reaching: new Set(),
      last: last,
      fresh: null,
    };
  }
  function kyokuOf(events, otherwise) {
    let found = otherwise;
    for (const event of events) if (event.type === "start_kyoku") found = event.kyoku;
    return found;
  }
  function blankView(message) {
    const players = message.observation.seats.length;
    const seats = [];
    for (let s = 0; s < players; s++) seats.push({ discards: [], melds: [], flowers: [], size: 0, hand: null, drawn: null, riichi: false, won: false, missing: null });
    red = new Set(message.table.red || []);
    hasDora = message.table.has_dora !== false;
    suits = message.table.suits || [];
    const watching = message.observation.seat === null;
    return { game: message.game, seat: watching ? 0 : message.observation.seat, watching: watching, players: players, dealer: 0, roundWind: 0, kyoku: 1, honba: 0, deposits: 0, scores: message.observation.scores.slice(), wall: null, dora: [], turn: 0, seats: seats, called: new Set(), sideways: new Set(), reaching: new Set(), last: null, fresh: null };
  }
  function takeFromHand(seat, tile) {
    if (!seat.hand) return;
    let at = seat.hand.indexOf(tile);
    if (at < 0) at = seat.hand.findIndex((x) => typeof x === "string" && kindOf(x) === kindOf(tile));
    if (at >= 0) seat.hand.splice(at, 1);
  }
  const isDraw = (event) => event.type === "tsumo" || event.type === "mjk:deal_replacement";
  // One event on the view: what it changes on the board (the state that follows redraws it all).
  function apply(v, event, wallAtDeal) {
    const seat = typeof event.actor === "number" ? v.seats[event.actor] : null;
    switch (event.type) {
      case "start_kyoku":
        v.kyoku = event.kyoku;
        v.roundWind = "ESWN".indexOf(event.bakaze);
        v.dealer = event.oya;
        v.honba = event.honba;
        v.deposits = event.kyotaku;
        if (event.scores) v.scores = event.scores.slice();
        v.dora = event.dora_marker ? [event.dora_marker] : [];
        v.turn = event.oya;
        v.last = null;
        v.called = new Set();
        v.sideways = new Set();
        v.reaching = new Set();
        v.wall = wallAtDeal;
        v.seats = event.tehais.map((tiles, s) => ({ discards: [], melds: [], flowers: [], size: tiles.length, hand: s === v.seat && !v.watching ? tiles.slice() : null, drawn: null, riichi: false, won: false, missing: null }));
        break;
      case "tsumo":
      case "mjk:deal_replacement":
        seat.size += 1;
        if (v.wall !== null) v.wall -= 1;
        if (event.type === "tsumo") v.turn = event.actor;
        if (seat.hand && event.mjk_id !== undefined) {
          seat.hand.push(event.mjk_id);
          seat.drawn = event.mjk_id;
        }
        break;
      case "dahai":
        seat.size -= 1;
        takeFromHand(seat, event.mjk_id);
        seat.drawn = null;
        seat.discards.push(event.mjk_id);
        if (v.reaching.has(event.actor)) {
          v.sideways.add(event.mjk_id);
          v.reaching.delete(event.actor);
        }
        v.last = { seat: event.actor, tile: event.mjk_id };
        v.fresh = event.mjk_id;
        v.turn = event.actor;
        break;
      case "reach":
        v.reaching.add(event.actor);
        break;
      case "reach_accepted":
        seat.riichi = true;
        v.deposits += 1;
        if (event.scores) v.scores = event.scores.slice();
        break;
      case "chi":
      case "pon":
      case "daiminkan": {
        const used = event.mjk_consumed || [];
        for (const tile of used) takeFromHand(seat, tile);
        seat.size -= used.length;
        const kind = { chi: "chow", pon: "pung", daiminkan: "kong" }[event.type];
        seat.melds.push({ kind: kind, tiles: [...used, event.mjk_id], called: event.mjk_id, from: event.target });
        v.called.add(event.mjk_id);
        v.turn = event.actor;
        break;
      }
      case "ankan": {
        const used = event.mjk_consumed || [];
        for (const tile of used) takeFromHand(seat, tile);
        seat.size -= used.length;
        seat.melds.push({ kind: "concealed-kong", tiles: used.slice(), called: null, from: event.actor });
        v.turn = event.actor;
        break;
      }
      case "kakan": {
        takeFromHand(seat, event.mjk_id);
        seat.size -= 1;
        const pung = seat.melds.find((m) => m.kind === "pung" && kindOf(m.tiles[0]) === kindOf(event.mjk_id));
        if (pung) {
          pung.tiles.push(event.mjk_id);
          pung.kind = "added-kong";
        }
        v.turn = event.actor;
        break;
      }
      case "dora":
        v.dora.push(event.mjk_id !== undefined ? event.mjk_id : event.dora_marker);
        break;
      case "mjk:flower":
        takeFromHand(seat, event.mjk_id);
        seat.size -= 1;
        seat.flowers.push(event.mjk_id);
        break;
      case "nukidora": // three players: a North set aside beside the hand, its replacement drawn after
        takeFromHand(seat, event.mjk_id);
        seat.size -= 1;
        seat.drawn = null;
        seat.flowers.push(event.mjk_id);
        v.turn = event.actor;
        break;
      case "mjk:missing":
        seat.missing = event.suit;
        break;
      case "mjk:payment":
        if (event.scores) v.scores = event.scores.slice();
        else if (event.deltas) v.scores = v.scores.map((x, i) => x + (event.deltas[i] || 0));
        break;
      case "hora":
        seat.won = true;
        if (event.scores) v.scores = event.scores.slice();
        break;
      case "ryukyoku":
        if (event.scores) v.scores = event.scores.slice();
        break;
    }
  }
  // Steps of a batch: each move (a discard, a call, a win...) with what follows it up to the
  // next move (the next seat's draw: whose turn it is shows while the page waits).
  function stepsOf(events) {
    const steps = [];
    let current = [];
    let moved = false;
    let reaching = false;
    for (const event of events) {
      const move = MOVES.has(event.type);
      const joins = reaching && event.type === "dahai"; // a riichi and its discard are one move
      const afterEnd = current.length && ENDS.has(current[current.length - 1].type);
      if ((move && moved && !joins) || afterEnd) {
        steps.push(current);
        current = [];
        moved = false;
      }
      current.push(event);
      if (move) {
        moved = true;
        reaching = event.type === "reach";
      }
    }
    if (current.length) steps.push(current);
    return steps;
  }

  // Show a batch's events step by step, then the state itself.
  async function playBack(message, fromStart) {
    live = false;
    if (fromStart || !view || view.game !== message.game) view = blankView(message);
    const events = message.events;
    // The wall at the last deal of the batch: the state's wall and the draws since that deal.
    let lastDeal = -1;
    events.forEach((event, i) => {
      if (event.type === "start_kyoku") lastDeal = i;
    });
    const wallAtDeal = lastDeal < 0 ? null : message.observation.wall_remaining + events.slice(lastDeal).filter(isDraw).length;
    const steps = stepsOf(events);
    const money = moneyOf(message);
    const speed = delay();
    const paced = speed > 0 && steps.length > 1;
    document.body.dataset.table = "playing";
    $("skip").hidden = !paced;
    const said = [];
    let outcomeIndex = 0;
    let position = 0;
    for (let i = 0; i < steps.length; i++) {
      if (i > 0 && paced) await pause(speed);
      const words = [];
      let end = null;
      view.fresh = null;
      for (const event of steps[i]) {
        apply(view, event, event === events[lastDeal] ? wallAtDeal : null);
        const text = logEvent(event, message, money.get(position));
        position += 1;
        if (text) words.push(text);
        if (ENDS.has(event.type)) end = event;
      }
      // The last step is drawn by the state itself (the same board, now to act on).
      const settled = i === steps.length - 1 && !end;
      if (!settled) draw(view, false, animation(speed));
      if (words.length) {
        if (paced && !skipping) announce(words.join(". "));
        else said.push(...words);
      }
      if (end) {
        const outcome = (message.outcomes || [])[outcomeIndex++];
        const rest = events.slice(position);
        const final = rest.some((e) => e.type === "end_game") && !rest.some((e) => ENDS.has(e.type));
        if (final) {
          await gameOverArrived();
          showResult(outcome ? { outcome: outcome, event: end } : null, true);
        } else if (outcome) {
          await showResult({ outcome: outcome, event: end }, false);
        }
      }
    }
    if (said.length) announce(said.slice(-8).join(". "));
    $("skip").hidden = true;
    const fresh = view.fresh;
    const ms = animation(speed);
    skipping = false;
    install(message, fresh, ms);
  }
  const animation = (speed) => (speed > 0 && !skipping ? Math.min(speed * 0.7, 280) : 0);
  // The game_over message follows the last state at once; the final result waits for it.
  function gameOverArrived() {
    if (over || queue.some((m) => m.type === "game_over")) {
      const found = queue.find((m) => m.type === "game_over");
      if (found) over = found;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, 5000);
      function done() {
        clearTimeout(timer);
        overWaiter = null;
        const found = queue.find((m) => m.type === "game_over");
        if (found) over = found;
        resolve();
      }
      overWaiter = () => setTimeout(done, 0);
    });
  }

  // The state as it is: the person may act on it.
  function install(message, fresh, ms) {
    state = message;
    view = viewOf(message);
    view.fresh = fresh === undefined ? null : fresh;
    live = !over;
    riichiMode = false;
    selected = new Set(Array.from(selected).filter((id) => (view.seats[view.seat].hand || []).includes(id)));
    draw(view, true, ms || 0);
    document.body.dataset.table = over ? "over" : message.legal.length ? "ready" : "waiting";
  }
  function announce(text) {
    $("announce").textContent = text;
  }

  // --- drawing -------------------------------------------------------------------------------
  const positionOf = (v, s) => (v.players === 4 ? POSITIONS[(s - v.seat + 4) % 4] : ["bottom", "right", "left"][(s - v.seat + v.players) % v.players]);

  function draw(v, isLive, fresh) {
    $("board").dataset.players = String(v.players);
    $("round-info").textContent = tr("table.round_short", { wind: windName(v.roundWind), number: v.kyoku });
    $("wall").textContent = v.wall === null ? "" : tr("table.wall", { count: v.wall });
    // Counters and sticks once there are any (families without them never have any).
    $("counters").textContent = v.honba || v.deposits ? tr("table.honba", { honba: v.honba, deposits: v.deposits }) : "";
    $("dora-box").hidden = !hasDora;
    $("dora").replaceChildren(...v.dora.map((t) => tileImg(t)));
    const claimFrom = isLive && state.table.claim ? state.table.claim.from : null;
    for (const pos of POSITIONS) {
      $("score-" + pos).replaceChildren();
      $("score-" + pos).className = "seat-score";
      $("corner-" + pos).replaceChildren();
      $("corner-" + pos).className = "corner";
      $("pond-" + pos).replaceChildren();
      $("pond-" + pos).parentElement.classList.remove("turn");
    }
    for (let s = 0; s < v.players; s++) {
      const pos = positionOf(v, s);
      drawCorner(v, s, pos, claimFrom);
      drawScore(v, s, pos);
      drawPond(v, s, pos, isLive, fresh);
    }
    drawHand(v, isLive);
    drawClaim(isLive);
    drawActions();
    drawHints(isLive);
    drawPrompt();
  }

  function drawCorner(v, s, pos, claimFrom) {
    const box = $("corner-" + pos);
    box.dataset.seat = String(s);
    box.classList.toggle("turn", s === v.turn && !over);
    box.classList.toggle("claim-from", s === claimFrom);
    const info = v.seats[s];
    const plate = el("div", { className: "plate" });
    const mine = s === v.seat && !v.watching;
    plate.append(el("span", { className: "name", textContent: (mine ? tr("table.you_seat", { seat: seatName(s) }) : seatName(s)) + personOf(s) }));
    const who = room && room.players[s];
    if (who && who.kind === "person" && !who.connected) plate.append(badge(S["table.room.away"], "away"));
    if (s === v.dealer) plate.append(badge(S["table.dealer"], "dealer"));
    if (info.riichi) plate.append(badge(S["table.riichi"], "riichi"));
    if (info.won) plate.append(badge(S["table.won"], "won"));
    if (info.missing !== null && info.missing !== undefined) {
      // The suit drawn as one of its tiles; its name beside it where there is room.
      const text = tr("table.missing", { suit: suits[info.missing] || "" });
      const mark = el("span", { className: "badge missing", title: text }, [tileImg("5" + "mps"[info.missing], "", ""), el("span", { className: "words", textContent: text })]);
      mark.setAttribute("role", "img");
      mark.setAttribute("aria-label", text);
      plate.append(mark);
    }
    box.append(plate);
    if (!mine) {
      const backs = el("div", { className: "backs" });
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", tr("table.hidden", { seat: seatName(s), count: info.size }));
      // Drawn by the style sheet: fonts rarely have the tile-back glyph.
      for (let i = 0; i < info.size; i++) backs.append(el("span", { className: "back" }));
      backs.append(el("span", { className: "count", textContent: tr("table.tiles", { count: info.size }) }));
      box.append(backs);
    }
    // Melds and bonus tiles share one row: the corner is small on a phone.
    if (info.melds.length || info.flowers.length) {
      const sets = el("div", { className: "melds" });
      if (info.melds.length) {
        const melds = el("span", { className: "meld-list" }, info.melds.map((meld) => meldNode(meld, s, v.players)));
        melds.setAttribute("role", "group");
        melds.setAttribute("aria-label", S["table.melds"]);
        sets.append(melds);
      }
      if (info.flowers.length) {
        const flowers = el("span", { className: "flowers" }, info.flowers.map((t) => tileImg(t)));
        flowers.setAttribute("role", "group");
        flowers.setAttribute("aria-label", S["table.flowers"]);
        sets.append(flowers);
      }
      box.append(sets);
    }
  }
  // In the centre, on the seat's side: its wind this hand and its score.
  function drawScore(v, s, pos) {
    const box = $("score-" + pos);
    box.classList.toggle("turn", s === v.turn && !over);
    const wind = windName((s - v.dealer + v.players) % v.players);
    const chip = el("span", { className: "wind" + (s === v.dealer ? " dealer" : ""), textContent: wind.charAt(0), ariaHidden: "true" });
    const points = numbers.format(v.scores[s]);
    box.append(chip, el("span", { className: "score", textContent: points, ariaHidden: "true" }));
    const label = seatName(s) + " · " + tr("table.seat_wind", { wind: wind }) + (s === v.dealer ? " · " + S["table.dealer"] : "") + " · " + tr("table.points", { points: points });
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", label);
    box.title = label;
  }
  function badge(text, kind) {
    return el("span", { className: "badge " + kind, textContent: text });
  }
  // A meld with its called tile turned, on the side of the seat it came from (left: the seat
  // before, middle: across, right: the seat after), as the tiles lie on a table.
  function meldNode(meld, owner, players) {
    const span = el("span", { className: "meld" });
    const tiles = meld.tiles.filter((t) => t !== meld.called).sort((a, b) => a - b);
    if (meld.called !== null && meld.called !== undefined) {
      const side = (meld.from - owner + players) % players;
      const at = side === 1 ? tiles.length : side === 2 ? Math.floor(tiles.length / 2) : 0;
      tiles.splice(at, 0, meld.called);
    }
    for (const t of tiles) span.append(tileImg(t, t === meld.called ? "turned" : "", ""));
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", meldText(meld));
    return span;
  }
  function meldText(meld) {
    const key = "table.meld." + meld.kind;
    const names = meld.tiles.slice().sort((a, b) => a - b).map(tileName);
    let text = tr(S[key] ? key : "table.meld.pung", { tile: names[0], tiles: names.join(", ") });
    if (meld.called !== null && meld.called !== undefined && typeof meld.from === "number") text = tr("table.meld.from", { meld: text, seat: seatName(meld.from) });
    return text;
  }

  function drawPond(v, s, pos, isLive, fresh) {
    const pond = $("pond-" + pos);
    const area = pond.parentElement;
    area.classList.toggle("turn", s === v.turn && !over);
    const tiles = v.seats[s].discards;
    const rows = Math.max(4, Math.ceil(tiles.length / 6));
    pond.style.setProperty("--k", String(4 / rows));
    const across = pos === "top" || pos === "bottom";
    pond.style.gridTemplateRows = across ? "repeat(" + rows + ", var(--th))" : "";
    pond.style.gridTemplateColumns = across ? "" : "repeat(" + rows + ", var(--tw))";
    pond.setAttribute("role", "group");
    pond.setAttribute("aria-label", seatName(s) + " · " + S["table.pond"]);
    const claim = isLive && state.table.claim ? state.table.claim.mjk_id : null;
    tiles.forEach((tile, i) => {
      const line = Math.floor(i / 6);
      const place = i % 6;
      const classes = [];
      if (v.called.has(tile)) classes.push("called");
      if (v.sideways.has(tile)) classes.push("sideways");
      const last = v.last && v.last.seat === s && v.last.tile === tile;
      if (last) classes.push("last");
      if (tile === claim) classes.push("offer");
      if (fresh > 0 && tile === v.fresh) classes.push("fresh");
      let alt = tileName(tile);
      if (v.called.has(tile)) alt += " (" + S["table.called"] + ")";
      if (last) alt += " (" + S["table.last_discard"] + ")";
      const img = tileImg(tile, classes.join(" "), alt);
      if (pos === "bottom") {
        img.style.gridRow = String(line + 1);
        img.style.gridColumn = String(place + 1);
      } else if (pos === "top") {
        img.style.gridRow = String(rows - line);
        img.style.gridColumn = String(6 - place);
      } else if (pos === "left") {
        img.style.gridColumn = String(rows - line);
        img.style.gridRow = String(place + 1);
      } else {
        img.style.gridColumn = String(line + 1);
        img.style.gridRow = String(6 - place);
      }
      if (classes.includes("fresh")) {
        const away = { bottom: ["0", "40px"], top: ["0", "-40px"], left: ["-40px", "0"], right: ["40px", "0"] }[pos];
        img.style.setProperty("--from-x", away[0]);
        img.style.setProperty("--from-y", away[1]);
        img.style.setProperty("--fresh", fresh + "ms");
      }
      pond.append(img);
    });
  }

  function legalFor(tile, type) {
    return state.legal.filter((a) => a.tile === tile && a.type === type);
  }
  function drawHand(v, isLive) {
    const own = v.seats[v.seat];
    const hand = (own.hand || []).slice();
    const drawn = own.drawn;
    if (drawn !== null && drawn !== undefined && hand.includes(drawn)) {
      hand.splice(hand.indexOf(drawn), 1);
      hand.push(drawn);
    }
    const box = $("hand");
    const hadFocus = box.contains(document.activeElement) || document.activeElement === document.body || document.activeElement === null;
    const exchanging = isLive && state.legal.some((a) => a.type === "exchange");
    const danger = {};
    const hinted = {};
    let best = null;
    const offered = hintKinds(isLive && state ? state.hints : null);
    if (offered.has("danger")) for (const mark of state.hints.danger || []) danger[mark.tile] = mark.level;
    if (offered.has("discards")) {
      for (const option of state.hints.discards || []) hinted[option.tile] = option;
      if ((state.hints.discards || []).length) best = state.hints.discards[0].tile;
    }
    const buttons = hand.map((tile, index) => {
      const button = el("button", { type: "button", className: "hand-tile" });
      if (index === hand.length - 1 && tile === drawn) button.classList.add("drawn");
      button.dataset.tile = String(tile);
      button.dataset.code = tileCode(tile);
      const name = tileName(tile);
      let label = name;
      let usable = false;
      if (isLive && typeof tile === "number") {
        const riichi = legalFor(tile, "riichi");
        const discard = legalFor(tile, "discard");
        if (riichiMode) usable = riichi.length > 0;
        else usable = exchanging || discard.length > 0;
        if (riichiMode && riichi.length) label = tr("table.action.riichi", { tile: name });
        else if (discard.length && !exchanging) label = tr("table.action.discard", { tile: name });
      }
      button.setAttribute("aria-disabled", usable ? "false" : "true");
      const kind = kindOf(tile);
      if (danger[kind]) {
        button.classList.add("danger-" + danger[kind]);
        label += " · " + S["table.hint.danger"] + ": " + S["table.hint.danger." + danger[kind]];
      }
      if (hinted[kind]) {
        const option = hinted[kind];
        if (offered.has("shanten")) {
          button.append(el("span", { className: "hint-note", textContent: option.shanten + "/" + option.ukeire, ariaHidden: "true" }));
          label += " · " + (option.text || tr("table.hint.shanten", { shanten: option.shanten, ukeire: option.ukeire }));
        }
        if (offered.has("missing_suit") && option.missing_suit) label += " · " + S["table.hint.missing_first"];
        if (offered.has("furiten") && option.furiten === true) label += " · " + S["table.hint.leaves_furiten"];
        if (kind === best && usable) button.classList.add("best");
      }
      if (selected.has(tile)) button.classList.add("selected");
      if (exchanging) button.setAttribute("aria-pressed", selected.has(tile) ? "true" : "false");
      button.prepend(tileImg(tile, "", ""));
      button.setAttribute("aria-label", label);
      button.title = label;
      button.tabIndex = -1;
      button.addEventListener("click", () => clickTile(tile, index));
      button.addEventListener("keydown", (event) => moveFocus(event, index));
      button.addEventListener("focus", () => {
        focusIndex = index;
      });
      return button;
    });
    box.replaceChildren(...buttons);
    box.classList.toggle("waiting", !isLive);
    if (!buttons.length) return;
    const at = Math.min(focusIndex === null ? buttons.length - 1 : focusIndex, buttons.length - 1);
    buttons[at].tabIndex = 0;
    // The focus stays in the hand across redraws (after a discard, on the tile next to it).
    if (hadFocus && focusIndex !== null && !$("outcome").open && !$("panel").contains(document.activeElement)) buttons[at].focus({ preventScroll: true });
  }
  function moveFocus(event, index) {
    const buttons = Array.from($("hand").querySelectorAll("button"));
    let next = null;
    if (event.key === "ArrowRight") next = buttons[(index + 1) % buttons.length];
    if (event.key === "ArrowLeft") next = buttons[(index - 1 + buttons.length) % buttons.length];
    if (event.key === "Home") next = buttons[0];
    if (event.key === "End") next = buttons[buttons.length - 1];
    if (next) {
      event.preventDefault();
      buttons.forEach((b) => (b.tabIndex = -1));
      next.tabIndex = 0;
      next.focus();
    }
  }
  function clickTile(tile, index) {
    focusIndex = index;
    if (!live) {
      // During the playback a click shows the rest at once; the person then acts on the table
      // as it is (nothing is sent on a table not yet shown).
      if (running) skip();
      return;
    }
    if (pending) return;
    if (state.legal.some((a) => a.type === "exchange")) {
      if (selected.has(tile)) selected.delete(tile);
      else if (selected.size < 3) selected.add(tile);
      draw(view, true, 0);
      return;
    }
    const action = legalFor(tile, riichiMode ? "riichi" : "discard")[0];
    if (action) act(action.id);
  }

  function drawClaim(isLive) {
    const box = $("claim");
    const claim = isLive && state.table.claim;
    box.hidden = !claim;
    if (!claim) return;
    box.replaceChildren(tileImg(claim.mjk_id !== undefined ? claim.mjk_id : claim.tile), el("span", { textContent: tr("table.claimable", { seat: seatName(claim.from), tile: tileName(claim.mjk_id !== undefined ? claim.mjk_id : claim.tile) }) }));
  }

  function actionNode(action) {
    const button = el("button", { type: "button", className: "action action-" + action.type });
    button.dataset.type = action.type;
    const key = "play.action." + action.type;
    const tiles = (action.consumed || []).slice();
    const one = action.tile !== undefined ? [action.tile] : [];
    const names = { tile: one.map(tileName).join(", "), tiles: tiles.map(tileName).join(", "), suit: action.suit !== undefined ? (state.table.suits || [])[action.suit] : "" };
    if (S[key]) {
      const template = tr(key, { suit: names.suit });
      const drawnTiles = template.includes("{tiles}") ? tiles : one;
      button.append(...withTiles(template, drawnTiles));
      button.setAttribute("aria-label", tr(key, names));
    } else button.textContent = action.label;
    button.addEventListener("click", () => {
      if (!live) {
        if (running) skip();
        return;
      }
      act(action.id);
    });
    return button;
  }
  function drawActions() {
    const box = $("actions");
    if (over) {
      const replay = el("a", { className: "button secondary", href: "/" + lang + "/records/" + over.game, textContent: S["table.record"] });
      const again = el("button", { type: "button", textContent: S["table.new_game"] });
      again.addEventListener("click", newGame);
      box.replaceChildren(replay, again);
      return;
    }
    if (!live || !state) {
      box.replaceChildren();
      return;
    }
    const buttons = [];
    const riichis = state.legal.filter((a) => a.type === "riichi");
    if (riichis.length) {
      const toggle = el("button", { type: "button", className: "action action-riichi", textContent: S["play.action.riichi"] });
      toggle.setAttribute("aria-pressed", riichiMode ? "true" : "false");
      toggle.addEventListener("click", () => {
        riichiMode = !riichiMode;
        draw(view, true, 0);
        const first = $("hand").querySelector('[aria-disabled="false"]');
        if (first && riichiMode) first.focus();
      });
      buttons.push(toggle);
    }
    for (const action of state.legal) {
      if (action.type === "discard" || action.type === "riichi") continue;
      if (action.type === "exchange") {
        const chosen = Array.from(selected).sort((a, b) => a - b).join(",");
        if (chosen !== (action.consumed || []).slice().sort((a, b) => a - b).join(",")) continue;
      }
      buttons.push(actionNode(action));
    }
    box.replaceChildren(...buttons);
  }

  function drawPrompt() {
    const prompt = $("prompt");
    let key = "table.waiting";
    let text = null;
    let yours = false;
    if (over) key = "table.game_over";
    else if (!live && view) text = tr("table.turn", { seat: seatName(view.turn) });
    else if (live && state) {
      const legal = state.legal;
      if (view.seats[view.seat].won) key = "table.watching";
      if (legal.some((a) => a.type === "exchange")) key = "table.your_exchange";
      else if (legal.some((a) => a.type === "declare_missing")) key = "table.your_declare";
      else if (legal.some((a) => a.type === "discard")) key = "table.your_turn";
      else if (legal.length) key = "table.your_call";
      yours = legal.length > 0;
    }
    prompt.textContent = text === null ? S[key] : text;
    tick(yours && !pending && state.deadline ? state.deadline : null);
    prompt.dataset.key = text === null ? key : "table.turn";
    prompt.classList.toggle("yours", yours);
  }

  // The seconds left to decide in a room with a time limit, counted down each second until the
  // person acts or the server plays the safe move for them (its state ends the count).
  function tick(deadline) {
    const box = $("countdown");
    if (countdown && countdown.deadline !== deadline) {
      clearInterval(countdown.timer);
      countdown = null;
    }
    box.hidden = deadline === null;
    if (deadline === null) return;
    const show = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      box.textContent = tr("table.room.countdown", { seconds: left });
      box.dataset.seconds = String(left);
      box.classList.toggle("short", left <= 5);
    };
    show();
    if (!countdown) countdown = { deadline: deadline, timer: setInterval(show, 250) };
  }

  // The kinds of hint the family offers (the hint JSON's `kinds`, from its record): the page
  // draws those parts alone, whatever else the message holds.
  function hintKinds(hints) {
    return new Set(hints && Array.isArray(hints.kinds) ? hints.kinds : []);
  }

  function drawHints(isLive) {
    const box = $("hints");
    const hints = isLive && state ? state.hints : null;
    box.hidden = !hints;
    if (!hints) return;
    const offered = hintKinds(hints);
    box.dataset.kinds = [...offered].join(" ");
    const parts = [el("h3", { textContent: S["table.hints"] })];
    if (offered.has("shanten") && hints.text) parts.push(el("p", { className: "hand-state", textContent: hints.text }));
    const best = offered.has("discards") ? (hints.discards || []).slice(0, 5) : [];
    if (best.length) {
      parts.push(el("h4", { textContent: S["table.hint.best"] }));
      const line = (o) => {
        let text = offered.has("shanten") ? o.text || tileName(o.tile) + " · " + tr("table.hint.shanten", { shanten: o.shanten, ukeire: o.ukeire }) : tileName(o.tile);
        if (offered.has("missing_suit") && o.missing_suit) text += " · " + S["table.hint.missing_first"];
        // Which discard leaves the hand furiten, not only that one of them does.
        const leavesFuriten = offered.has("furiten") && o.furiten === true;
        if (leavesFuriten) text += " · " + S["table.hint.leaves_furiten"];
        return el("li", leavesFuriten ? { className: "leaves-furiten" } : {}, [tileImg(o.tile), text]);
      };
      parts.push(el("ul", { className: "best-discards" }, best.map(line)));
    }
    const furiten = offered.has("furiten") && (hints.furiten === true || best.some((o) => o.furiten === true));
    if (furiten) parts.push(el("p", { className: "furiten", textContent: S["table.hint.furiten"] }));
    const waitLists = [];
    if (offered.has("waits")) {
      if (hints.waits && hints.waits.length) waitLists.push(["", hints.waits]);
      for (const option of hints.discards || []) if (option.waits) waitLists.push([option.tile, option.waits]);
    }
    for (const [discard, waits] of waitLists.slice(0, 3)) {
      parts.push(el("h4", { textContent: S["table.hint.waits"] + (discard ? " (" + tr("table.action.discard", { tile: tileName(discard) }) + ")" : "") }));
      parts.push(
        el(
          "ul",
          { className: "waits" },
          waits.map((wait) => {
            if (!offered.has("values")) return el("li", {}, [tileImg(wait.tile), tileName(wait.tile)]);
            const ron = wait.ron ? wait.ron.text : "";
            const tsumo = wait.tsumo ? wait.tsumo.text : "";
            return el("li", { className: "valued" }, [tileImg(wait.tile), S["table.hint.ron"] + ": " + ron + " · " + S["table.hint.tsumo"] + ": " + tsumo]);
          })
        )
      );
    }
    if (offered.has("danger") && (hints.danger || []).length) {
      parts.push(el("h4", { textContent: S["table.hint.danger"] }));
      parts.push(el("ul", { className: "danger" }, hints.danger.map((d) => el("li", {}, [tileImg(d.tile), d.text || tileName(d.tile) + " · " + S["table.hint.danger." + d.level]]))));
    }
    if ((hints.legend || []).length) {
      // The legend once asked for: it is the same on every turn.
      const legend = el("details", { className: "legend", open: legendOpen }, [el("summary", { textContent: S["table.hint.legend"] }), ...hints.legend.map((line) => el("p", { textContent: line }))]);
      legend.addEventListener("toggle", () => {
        legendOpen = legend.open;
      });
      parts.push(legend);
    }
    box.replaceChildren(...parts);
  }

  $("hints-toggle").addEventListener("change", () => {
    if (send({ type: "hints", on: $("hints-toggle").checked })) {
      const saved = store.get(SETUP) || {};
      store.set(SETUP, Object.assign(saved, { hints: $("hints-toggle").checked }));
    }
  });
  $("panel-open").addEventListener("click", () => {
    $("panel").classList.add("open");
    $("panel-open").setAttribute("aria-expanded", "true");
    $("panel-close").focus();
  });
  $("panel-close").addEventListener("click", () => {
    $("panel").classList.remove("open");
    $("panel-open").setAttribute("aria-expanded", "false");
    $("panel-open").focus();
  });

  // --- the log: each move in words ------------------------------------------------------------
  function changesText(deltas) {
    return deltas
      .map((d, s) => [d, s])
      .filter(([d]) => d)
      .map(([d, s]) => seatName(s) + " " + signed.format(d))
      .join(" · ");
  }
  // The money moved during play (a riichi stick, a kong's payments), by event position, when
  // the state lists it.
  function moneyOf(message) {
    return new Map((message.payments || []).map((entry) => [entry.event, entry]));
  }
  function logEvent(event, message, money) {
    let text = null;
    let kind = "";
    const who = typeof event.actor === "number" ? seatName(event.actor) : "";
    const me = view ? (view.watching ? -1 : view.seat) : state && state.observation.seat !== null ? state.observation.seat : -1;
    const tile = event.mjk_id !== undefined ? event.mjk_id : event.pai;
    switch (event.type) {
      case "start_kyoku":
        text = tr("table.round_short", { wind: windName("ESWN".indexOf(event.bakaze)), number: event.kyoku });
        kind = "hand-start";
        break;
      case "tsumo":
        if (event.actor === me && event.mjk_id !== undefined && message) return tr("table.say.draw", { tile: tileName(event.mjk_id) });
        return null;
      case "dahai":
        text = tr("table.say.discard", { seat: who, tile: tileName(tile) });
        break;
      case "reach":
        text = tr("table.say.riichi", { seat: who });
        break;
      case "chi":
      case "pon":
      case "daiminkan":
      case "ankan":
      case "kakan":
        text = tr("table.say." + event.type, { seat: who, tile: tileName(event.type === "ankan" ? (event.mjk_consumed || event.consumed)[0] : tile) });
        break;
      case "mjk:flower":
        text = tr("table.say.flower", { seat: who, tile: tileName(tile) });
        break;
      case "nukidora":
        text = tr("table.say.kita", { seat: who, tile: tileName(tile) });
        break;
      case "dora":
        text = tr("table.say.dora", { tile: tileName(tile) });
        break;
      case "hora":
        text = tr("table.say.win", { seat: who });
        kind = "money";
        break;
      case "ryukyoku":
        text = S["table.outcome"];
        kind = "money";
        break;
      case "mjk:missing":
        text = who + " · " + tr("table.missing", { suit: suits[event.suit] || "" });
        break;
      case "mjk:exchange": {
        const receivers = event.receivers || [];
        const from = receivers.indexOf(me);
        if (me >= 0 && receivers[me] !== undefined && from >= 0) text = tr("table.say.exchange", { to: seatName(receivers[me]), source: seatName(from) });
        break;
      }
      case "mjk:payment":
        if (event.deltas && !money) {
          const key = String(event.reason || "").includes("kong") ? "table.say.kong_payment" : "table.say.payment";
          text = tr(key, { changes: changesText(event.deltas) });
          kind = "money";
        }
        break;
    }
    const log = $("log");
    if (text) log.append(el("li", { className: kind, textContent: text }));
    for (const line of (money && money.payment_lines) || []) if (line.text) log.append(el("li", { className: "money", textContent: line.text }));
    if (!text) return null;
    while (log.children.length > 400) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
    return kind === "hand-start" ? null : text;
  }

  // --- the result: a hand's outcome, and the game's end ----------------------------------------
  // A hand written in the site's notation ("678p 345s pung:999p@N 55m", "+13g" for bonus
  // tiles), drawn as tiles: shown while an outcome carries no hand_tiles.
  function notationGroups(text) {
    const groups = [];
    for (const word of String(text || "").split(/\s+/).filter(Boolean)) {
      const bonus = word.startsWith("+");
      const [head, tail] = word.replace(/^\+/, "").split(":");
      const body = (tail === undefined ? head : tail).split("@")[0];
      const tiles = [];
      for (const [, digits, suit] of body.matchAll(/(\d+)([mpszfg])/g)) for (const d of digits) tiles.push(d + suit);
      if (tiles.length) groups.push({ meld: tail !== undefined, bonus: bonus, tiles: tiles });
    }
    return groups;
  }
  function resultHand(outcome, event) {
    const box = el("div", { className: "result-hand" });
    const hand = outcome.hand_tiles;
    const win = hand && hand.win_tile ? hand.win_tile : event && event.pai ? tileCode(event.pai) : null;
    let marked = false;
    const mark = (tiles) => {
      const group = el("span", { className: "group" });
      const at = win && !marked ? tiles.lastIndexOf(win) : -1;
      tiles.forEach((t, i) => group.append(tileImg(t, i === at ? "win" : "", i === at ? tileName(t) + " (" + S["table.outcome.win_tile"] + ")" : undefined)));
      if (at >= 0) marked = true;
      return group;
    };
    if (hand) {
      // hand_tiles: the concealed tiles without the winning one, which comes last, marked.
      box.append(el("span", { className: "group" }, (hand.concealed || []).map((t) => tileImg(t))));
      for (const meld of hand.melds || []) {
        const span = el("span", { className: "meld" });
        for (const t of meld.tiles || []) span.append(tileImg(t, meld.called && t === meld.called && span.querySelector(".turned") === null ? "turned" : ""));
        if (meld.text) {
          span.setAttribute("role", "img");
          span.setAttribute("aria-label", meld.text);
        }
        box.append(span);
      }
      if (win) {
        box.append(el("span", { className: "group" }, [tileImg(win, "win", tileName(win) + " (" + S["table.outcome.win_tile"] + ")")]));
      }
      if ((hand.bonus || []).length) {
        const bonus = el("span", { className: "group", title: S["table.outcome.bonus"] }, hand.bonus.map((t) => tileImg(t)));
        box.append(bonus);
      }
      return box;
    }
    const groups = notationGroups(outcome.reading || outcome.hand);
    if (!groups.length) return null;
    for (const group of groups.filter((g) => !g.meld && !g.bonus)) box.append(mark(group.tiles));
    for (const group of groups.filter((g) => g.meld)) box.append(el("span", { className: "meld" }, group.tiles.map((t) => tileImg(t))));
    for (const group of groups.filter((g) => g.bonus)) box.append(el("span", { className: "group", title: S["table.outcome.bonus"] }, group.tiles.map((t) => tileImg(t))));
    return box;
  }
  function cell(text, className) {
    return el("td", { textContent: text, className: className || "" });
  }
  // The outcome in two parts: what was won (title, hand, patterns, total), and the money.
  function outcomeNodes(outcome, event) {
    const body = [el("h3", { className: "result-title", textContent: outcome.title })];
    const money = [];
    if (outcome.kind === "win") {
      const hand = resultHand(outcome, event);
      if (hand) body.push(hand);
    }
    if (outcome.patterns && outcome.patterns.length) {
      body.push(el("table", { className: "patterns" }, [el("tbody", {}, outcome.patterns.map((p) => el("tr", {}, [cell(p.name), cell(p.value + " " + p.unit, "number")])))]));
    }
    for (const line of [outcome.total, outcome.limit, outcome.tenpai]) if (line) body.push(el("p", { textContent: line }));
    const lines = el("ul", { className: "result-lines" });
    if (Array.isArray(outcome.payment_lines)) {
      for (const line of outcome.payment_lines) {
        const li = el("li", { textContent: line.text || "" });
        li.dataset.payer = line.payer === null || line.payer === undefined ? "" : String(line.payer);
        li.dataset.payee = String(line.payee);
        li.dataset.amount = String(line.amount);
        lines.append(li);
      }
    } else for (const text of outcome.payments || []) lines.append(el("li", { textContent: String(text).trim() }));
    if (lines.children.length) money.push(el("h3", { textContent: S["table.outcome.payments"] }), lines);
    const deltas = outcome.deltas || [];
    if (deltas.length) {
      const after = outcome.scores_after || (event && event.scores) || null;
      const before = outcome.scores_before || (after ? after.map((x, s) => x - (deltas[s] || 0)) : null);
      const head = el("tr", {}, [el("th", { textContent: S["table.final.seat"] }), ...(before ? [el("th", { className: "number", textContent: S["table.outcome.before"] })] : []), el("th", { className: "number", textContent: S["table.outcome.change"] }), ...(after ? [el("th", { className: "number", textContent: S["table.outcome.after"] })] : [])]);
      const me = view && !view.watching ? view.seat : -1;
      const rows = deltas.map((d, s) => {
        const change = cell(signed.format(d), "number delta" + (d > 0 ? " plus" : d < 0 ? " minus" : ""));
        change.dataset.seat = String(s);
        change.dataset.delta = String(d);
        return el("tr", { className: s === me ? "me" : "" }, [cell((s === me ? tr("table.you_seat", { seat: seatName(s) }) : seatName(s)) + personOf(s)), ...(before ? [cell(numbers.format(before[s]), "number")] : []), change, ...(after ? [cell(numbers.format(after[s]), "number")] : [])]);
      });
      money.push(el("h3", { textContent: S["table.outcome.scores"] }), el("table", { className: "scores" }, [el("thead", {}, [head]), el("tbody", {}, rows)]));
    }
    return [body, money];
  }
  // Opens the result dialog: a hand's outcome (resolves when closed), or the game's end (the
  // outcome of its last hand and the final ranking, with no "continue").
  function showResult(shown, final) {
    const dialog = $("outcome");
    const [body, money] = shown ? outcomeNodes(shown.outcome, shown.event) : [[], []];
    $("outcome-body").replaceChildren(...body);
    $("outcome-money").replaceChildren(...money);
    $("outcome-title").textContent = final ? S["table.game_over"] : S["table.outcome"];
    $("outcome-close").hidden = final;
    $("final-record").hidden = !final;
    $("new-game").hidden = !final;
    $("final").hidden = !final || !over;
    if (final && over) {
      finalShown = true;
      fillFinal(over);
    }
    if (!dialog.open) dialog.showModal();
    const first = final ? $("final-record") : $("outcome-close");
    first.focus();
    if (final) return Promise.resolve();
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(), { once: true });
    });
  }
  function fillFinal(message) {
    const uma = message.has_uma !== undefined ? !!message.has_uma : message.ranking.some((r) => r.result !== undefined && r.result !== null);
    $("final-result-head").hidden = !uma;
    const rows = message.ranking.map((r) => {
      const row = el("tr", { className: r.seat === message.seat ? "me" : "" }, [cell(String(r.rank)), cell((r.seat === message.seat ? tr("table.you_seat", { seat: seatName(r.seat) }) : seatName(r.seat)) + personOf(r.seat)), cell(numbers.format(r.points), "number")]);
      if (uma) row.append(cell(r.result === undefined || r.result === null ? "" : signed.format(r.result), "number"));
      return row;
    });
    $("final-rows").replaceChildren(...rows);
    // What the end moves after the last hand (riichi sticks left on the table, say).
    const lines = (message.payment_lines || []).filter((line) => line.text);
    $("final-lines").replaceChildren(...lines.map((line) => el("li", { textContent: line.text })));
    $("final-lines").hidden = !lines.length;
    $("final-record").href = "/" + lang + "/records/" + message.game;
  }
  $("outcome-close").addEventListener("click", () => $("outcome").close());
  $("outcome").addEventListener("close", () => {
    const target = $("hand").querySelectorAll("button")[Math.min(focusIndex === null ? 0 : focusIndex, $("hand").children.length - 1)];
    if (target) target.focus({ preventScroll: true });
  });
  function newGame() {
    if (roomCode) {
      send({ type: "leave" });
      store.drop(ROOM + roomCode);
      forgetRoom();
    }
    over = null;
    finalShown = false;
    store.drop(STORE);
    const previous = socket;
    socket = null;
    if (previous) previous.close();
    backToSetup();
    $("start").focus();
  }
  $("new-game").addEventListener("click", newGame);

  // --- rooms: friends at one table (docs/protocol.md, "Rooms") -------------------------------
  // The page creates a room or answers an invitation (/{lang}/play?room=CODE, with &watch=1 to
  // watch), shows the lobby until the creator starts, then the table as for a game against
  // bots. The seat's token is kept in this browser by room: a reload comes back to the seat.
  const params = new URLSearchParams(location.search);
  // The person's name at a seat of the room (a bot's seat says so); nothing outside a room.
  function personOf(s) {
    const who = room && room.players[s];
    if (!who) return "";
    return " · " + (who.kind === "person" ? who.name : S["table.room.bot"]);
  }
  function inviteLink(code, watch) {
    return location.origin + "/" + lang + "/play?room=" + encodeURIComponent(code) + (watch ? "&watch=1" : "");
  }
  // The address says which room the page is in, so that a reload comes back to it.
  function markAddress(code, watch) {
    const path = code ? "/" + lang + "/play?room=" + encodeURIComponent(code) + (watch ? "&watch=1" : "") : "/" + lang + "/play";
    if (location.pathname + location.search !== path) history.replaceState(null, "", path);
  }
  function gameText(info) {
    const bots = S["table.setup.bot." + info.bots] || info.bots;
    return tr("table.room.game", { variant: S["play.variant." + info.variant] || info.variant, preset: S["learn.preset." + info.rules] || info.rules, bots: bots.split(" (")[0] });
  }
  function duration(seconds) {
    return seconds % 60 ? tr("table.room.seconds", { seconds: seconds }) : tr("table.room.minutes", { minutes: seconds / 60 });
  }
  // What the room's creator chose besides the game: time, stand-ins, hints, spectators.
  function settingItems(info) {
    const lines = [
      ["time-limit", info.time_limit ? tr("table.room.setting.time_limit", { time: duration(info.time_limit) }) : S["table.room.setting.no_time_limit"]],
      ["stand-in", S[info.stand_in ? "table.room.setting.stand_in" : "table.room.setting.no_stand_in"]],
      ["hints", S[info.hints ? "table.room.setting.hints" : "table.room.setting.no_hints"]],
      ["spectators", !info.spectators ? S["table.room.setting.no_spectators"] : info.spectator_delay ? tr("table.room.setting.spectators_late", { time: duration(info.spectator_delay) }) : S["table.room.setting.spectators"]],
    ];
    return lines.map(([name, text]) => {
      const item = el("li", { textContent: text });
      item.dataset.setting = name;
      return item;
    });
  }
  function seatItems(info, mine) {
    return info.players.map((p) => {
      const seat = seatName(p.seat);
      const key = p.kind === "person" ? "table.room.seat_person" : p.kind === "open" ? "table.room.seat_open" : "table.room.seat_bot";
      const item = el("li", { className: p.seat === mine ? "me" : "" }, [tr(key, { seat: seat, name: p.name })]);
      const notes = [];
      if (p.seat === mine) notes.push(S["table.room.you"]);
      if (p.creator && p.kind === "person") notes.push(S["table.room.creator"]);
      if (p.kind === "person" && !p.connected) notes.push(S["table.room.away"]);
      if (notes.length) item.append(" ", el("span", { className: "note", textContent: "(" + notes.join(", ") + ")" }));
      item.dataset.kind = p.kind;
      item.dataset.seat = String(p.seat);
      return item;
    });
  }
  // The invitation's page: who invites, to what, who sits where; a free seat to take.
  function showInvitation(info) {
    showOnly("join");
    const host = info.players[info.creator];
    $("join-intro").textContent = tr("table.room.join_intro", { name: host && host.name ? host.name : seatName(info.creator), game: gameText(info) });
    $("join-seats").replaceChildren(...seatItems(info, null));
    $("join-settings").replaceChildren(...settingItems(info));
    const free = info.players.filter((p) => p.kind === "open");
    const open = !info.started && free.length > 0;
    $("join-form").hidden = !open;
    $("join-closed").hidden = open;
    $("join-closed").textContent = info.started ? S["table.room.begun"] : S["table.room.no_seat"];
    const chosen = $("join-seat").value;
    $("join-seat").replaceChildren(...free.map((p) => el("option", { value: String(p.seat), textContent: seatName(p.seat) })));
    if (free.some((p) => String(p.seat) === chosen)) $("join-seat").value = chosen;
    $("watch-room").hidden = !info.spectators;
    if (open && !$("join-name").value) $("join-name").value = store.get(NAME) || "";
  }
  function enterRoom(message) {
    const again = room !== null && room.room === message.room;
    const wasStarted = again && room.started;
    roomCode = message.room;
    if (message.token) store.set(ROOM + message.room, { token: message.token, seat: message.seat });
    room = message;
    retries = 0;
    hideError();
    markAddress(message.room, message.seat === null);
    if (!message.started) {
      drawLobby();
      return;
    }
    // Started: the next state is the whole game (after the start, or coming back to it).
    if (message.token || !again || !wasStarted) entering = true;
    else if (view && !running && !$("table").hidden) draw(view, live, 0); // someone left or came back
  }
  function drawLobby() {
    showOnly("lobby");
    $("lobby-game").textContent = gameText(room);
    $("invite").value = inviteLink(room.room, false);
    $("watch-box").hidden = !room.spectators;
    $("watch-link").href = inviteLink(room.room, true);
    $("watch-link").textContent = inviteLink(room.room, true);
    $("lobby-seats").replaceChildren(...seatItems(room, room.seat));
    $("lobby-settings").replaceChildren(...settingItems(room));
    const creator = room.seat !== null && room.seat === room.creator;
    $("start-room").hidden = !creator;
    const free = room.players.filter((p) => p.kind === "open").length;
    const host = room.players[room.creator];
    const lines = [];
    if (!creator) lines.push(tr("table.room.wait_start", { name: host.name || seatName(room.creator) }));
    if (free) lines.push(tr("table.room.wait_people", { count: free }));
    if (room.watching) lines.push(tr("table.room.watching", { count: room.watching }));
    $("lobby-status").textContent = lines.join(" ");
  }
  function forgetRoom() {
    room = null;
    roomCode = null;
    entering = false;
    markAddress(null, false);
  }
  function closeSocket() {
    const previous = socket;
    socket = null;
    if (previous) previous.close();
  }
  function leftRoom(message) {
    if (message.reason !== "elsewhere") store.drop(ROOM + message.room);
    forgetRoom();
    closeSocket();
    backToSetup();
    if (message.reason === "elsewhere") showError(S["table.room.elsewhere"]);
  }
  function roomClosed(message) {
    store.drop(ROOM + message.room);
    forgetRoom();
    closeSocket();
    if (over) return; // the game is over: its result stays on the screen
    backToSetup();
    showError(S["table.room.closed." + message.reason] || message.reason);
  }
  // Sent on the connection in use, or on a new one when it has gone (an idle page).
  function sendOrConnect(message) {
    if (!send(message)) connect(message);
  }

  $("room-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const message = Object.assign(setupMessage(), {
      type: "create_room",
      name: $("room-name").value,
      people: Number($("room-people").value),
      spectators: $("room-spectators").checked,
      time_limit: $("room-time-limit").value ? Number($("room-time-limit").value) : null,
      stand_in: $("room-stand-in").checked,
      spectator_delay: $("room-spectators").checked ? Number($("room-delay").value) : 0,
      hints: $("room-hints").checked,
    });
    store.set(NAME, message.name);
    hideError();
    connect(message);
  });
  // A delay for spectators means something only where others may watch.
  const delayFollows = () => ($("room-delay").disabled = !$("room-spectators").checked);
  $("room-spectators").addEventListener("change", delayFollows);
  delayFollows();
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    store.set(NAME, $("join-name").value);
    sendOrConnect({ type: "join", room: roomCode, name: $("join-name").value, seat: Number($("join-seat").value), lang: lang });
  });
  $("watch-room").addEventListener("click", () => sendOrConnect({ type: "spectate", room: roomCode, lang: lang }));
  $("start-room").addEventListener("click", () => send({ type: "start_room" }));
  $("leave-room").addEventListener("click", () => {
    if (!send({ type: "leave" })) {
      store.drop(ROOM + roomCode);
      forgetRoom();
      backToSetup();
    }
  });
  $("copy-invite").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("invite").value);
      $("copied").textContent = S["table.room.copied"];
    } catch (error) {
      $("invite").select();
      $("copied").textContent = S["table.room.copy_failed"];
    }
  });
  $("invite").addEventListener("focus", () => $("invite").select());
  if (store.get(NAME)) $("room-name").value = store.get(NAME);
  // Another language keeps the invitation: the address's room goes along.
  for (const link of document.querySelectorAll("nav.languages a[data-lang]")) {
    link.addEventListener("click", () => {
      link.href = link.href.split("?")[0] + location.search;
    });
  }

  // --- a room's invitation, or a game left unfinished in this browser, comes back by itself --
  const invited = params.get("room");
  const unfinished = store.get(STORE);
  if (invited) {
    roomCode = invited;
    showOnly("join");
    const kept = store.get(ROOM + invited);
    if (params.has("watch")) connect({ type: "spectate", room: invited, lang: lang });
    else if (kept && kept.token) connect(rejoinMessage(invited));
    else connect({ type: "look", room: invited });
  } else if (unfinished && unfinished.game && unfinished.token) {
    $("resuming").hidden = false;
    $("setup-form").hidden = true;
    connect(resumeMessage(unfinished));
  }
})();
