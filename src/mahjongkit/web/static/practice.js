/* The practice pages: the calculator and the drills. Every answer comes from the site's API
   (the engine's own JSON); this script only draws it and sends what the learner picks. */
(function () {
  "use strict";
  const source = document.getElementById("practice-text");
  if (!source) return;
  const page = JSON.parse(source.textContent);
  const lang = page.lang;
  const COLON = lang === "fr" ? "\u00a0: " : ": ";  // French sets a space before a colon
  // Numbers as the engine's explanations write them (mahjongkit.i18n.number): French groups
  // thousands from four digits, Spanish from five, with a narrow no-break space; English not.
  const GROUP_FROM = {fr: 4, es: 5}[lang] || 0;
  function num(value, signed) {
    if (typeof value !== "number" || !Number.isInteger(value)) return String(value);
    let digits = String(Math.abs(value));
    if (GROUP_FROM && digits.length >= GROUP_FROM) digits = digits.replace(/\B(?=(\d{3})+$)/g, "\u202f");
    return value < 0 ? "\u2212" + digits : (signed && value > 0 ? "+" : "") + digits;
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) =>
      values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole);
  }
  function T(key, values) { return fill(page.text[key] || key, values); }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function tileImg(code) {
    const name = page.tiles[code] || page.tiles[code.replace("0", "5")] || code;
    return el("img", {class: "tile", src: "/tiles/" + code + ".svg", alt: name, title: name,
                      width: 30, height: 40});
  }

  // Reading mpsz for drawing only (digits, then their suit letter); the engine reads the hand.
  function splitTiles(text) {
    const out = [];
    let digits = [];
    for (const char of (text || "").replace(/\s+/g, "")) {
      if (/[0-9]/.test(char)) digits.push(char);
      else if ("mpszfg".includes(char)) { for (const d of digits) out.push(d + char); digits = []; }
      else return out;
    }
    return out;
  }
  function joinTiles(codes) {
    let text = "", run = "", suit = "";
    for (const code of codes) {
      if (suit && code[1] !== suit) { text += run + suit; run = ""; }
      run += code[0]; suit = code[1];
    }
    return run ? text + run + suit : text;
  }
  // Tiles named in words ("Green dragon, five of circles"), never as codes.
  function names(codes) {
    return codes.map((code) => page.tiles[code] || page.tiles[code.replace("0", "5")] || code).join(", ");
  }
  function suitName(letter) { return page.text["suit." + letter] || letter; }

  function tilesRow(codes, cls) {
    const row = el("span", {class: cls || "tiles"});
    for (const code of codes) row.append(tileImg(code));
    return row;
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept-Language": lang},
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let json = null;
    try { json = await response.json(); } catch (error) { json = null; }
    return {ok: response.ok, status: response.status, json: json};
  }

  // --- drawing the engine's answers ---------------------------------------------------------

  function scoreView(result) {
    const box = el("div", {class: "score-view"});
    const unit = result.variant === "riichi" ? "han" : "fan";
    box.append(el("p", {class: "verdict " + (result.valid ? "win" : "no-win"),
                        text: result.valid ? T("calc.win_label") : T("calc.no_win")}));
    if (!result.valid && result.error) box.append(el("p", {class: "reason", text: result.error.message}));
    if (result.patterns && result.patterns.length) {
      const table = el("table", {class: "patterns"},
        el("caption", {text: T("calc.patterns")}));
      for (const pattern of result.patterns) {
        const count = pattern.count > 1 ? " ×" + pattern.count : "";
        table.append(el("tr", {"data-pattern": pattern.id},
          el("th", {scope: "row", text: pattern.name + count}),
          el("td", {text: pattern.value + " " + T("unit." + pattern.unit)})));
      }
      if (result.valid) {
        table.append(el("tr", {class: "total"}, el("th", {scope: "row", text: T("calc.total")}),
          el("td", {text: result[unit] + " " + T("unit." + unit) + (result.fu ? " " + result.fu + " fu" : "")})));
      }
      box.append(table);
    }
    if (result.fu_breakdown && result.fu_breakdown.length) {
      const list = el("ul", {class: "fu"});
      for (const line of result.fu_breakdown) list.append(el("li", {text: line.name + COLON + line.fu}));
      box.append(el("h3", {text: T("calc.fu")}), list);
    }
    if (result.limit) box.append(el("p", {class: "limit", text: T("calc.limit") + COLON + result.limit}));
    if (result.valid) {
      const self = !(result.context && result.context.from);
      box.append(el("p", {class: "points score-total",
        text: T(self ? "learn.calc.tsumo_points" : "learn.calc.ron_points", {points: num(result.points)})}));
      const pay = el("table", {class: "payments"}, el("caption", {text: T("calc.payments")}));
      for (const [seat, amount] of Object.entries(result.payments || {})) {
        pay.append(el("tr", {"data-seat": seat}, el("th", {scope: "row", text: T("seat." + seat)}),
          el("td", {class: "number", text: num(amount, true)})));
      }
      box.append(pay);
    }
    return box;
  }

  function outcomeText(outcome) {
    if (!outcome.valid) return T("calc.no_win") + " (" + outcome.reason + ")";
    const fu = outcome.fu ? " " + outcome.fu + " fu" : "";
    return outcome.value + " " + T("unit." + outcome.unit) + fu + " = " + num(outcome.points);
  }

  function waitsView(result) {
    const box = el("div", {class: "waits-view"});
    if (result.discards) {
      box.append(el("h3", {text: T("calc.discards")}));
      const list = el("ul", {class: "discards"});
      for (const option of result.discards) {
        list.append(el("li", {"data-tile": option.discard}, tileImg(option.discard), " ",
          T("calc.discard_line", {tile: page.tiles[option.discard] || option.discard, shanten: option.shanten, ukeire: option.ukeire})));
      }
      box.append(list);
      return box;
    }
    if (!result.ready) {
      box.append(el("p", {class: "reason", text: T("calc.not_ready", {state: "shanten " + result.shanten})}));
      return box;
    }
    const list = el("ul", {class: "wait-values"});
    for (const detail of result.wait_details || []) {
      list.append(el("li", {"data-tile": detail.tile}, tileImg(detail.tile), " ",
        T("calc.wait_on", {tile: page.tiles[detail.tile] || detail.tile}) + ": " + T("calc.ron") + " " + outcomeText(detail.ron) +
        "; " + T("calc.tsumo_short") + " " + outcomeText(detail.tsumo)));
    }
    box.append(list);
    return box;
  }

  function compareView(result) {
    const table = el("table", {class: "compare"}, el("caption", {text: T("calc.compare_title")}),
      el("tr", {}, el("th", {scope: "col", text: T("calc.family")}),
        el("th", {scope: "col", text: T("calc.result")}), el("th", {scope: "col", text: T("calc.why")})));
    for (const row of result.families) {
      const verdict = row.status === "win" ? T("calc.win_label") : T("calc.no_win");
      table.append(el("tr", {"data-family": row.family, "data-status": row.status},
        el("th", {scope: "row", text: T("family." + row.family)}), el("td", {text: verdict}),
        el("td", {text: row.reason})));
    }
    return table;
  }

  // --- the calculator -----------------------------------------------------------------------

  const FLAGS = ["riichi", "double_riichi", "ippatsu", "after_kong", "second_kong", "robbing_kong",
                 "kong_discard", "last_tile", "first_turn"];
  const TILE_TARGETS = {dora: "f-dora", ura: "f-ura", flowers: "f-flowers"};

  function calculator(form) {
    const $ = (id) => document.getElementById(id);
    const result = $("calc-result");
    const presets = JSON.parse(($("calc-presets") || {textContent: "{}"}).textContent || "{}");
    const melds = [];
    let pending = [];
    let target = "hand";

    function family() { return $("f-variant").value; }
    function tileName(code) { return page.tiles[code] || page.tiles[code.replace("0", "5")] || code; }

    // The picker: one row per suit (red fives for Riichi, honours but for Sichuan, bonus tiles
    // for Hong Kong's flowers).
    function drawPicker() {
      const picker = $("picker");
      picker.replaceChildren();
      const rows = [];
      if (target === "flowers") rows.push(["1f", "2f", "3f", "4f", "1g", "2g", "3g", "4g"]);
      else {
        for (const suit of "mps") rows.push([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n + suit));
        if (family() !== "sichuan") rows.push([1, 2, 3, 4, 5, 6, 7].map((n) => n + "z"));
        if (family() === "riichi" && target !== "meld") rows.push(["0m", "0p", "0s"]);
      }
      for (const codes of rows) {
        const row = el("div", {class: "pick-row"});
        for (const code of codes) {
          row.append(el("button", {type: "button", class: "pick", "data-tile": code,
            "aria-label": tileName(code), onclick: () => pick(code)}, tileImg(code)));
        }
        picker.append(row);
      }
    }
    function pick(code) {
      if (target === "hand") {
        $("f-hand").value = joinTiles(splitTiles($("f-hand").value).concat([code]));
        $("f-win").value = code;  // the last tile added is the winning tile
      } else if (target === "meld") {
        if (pending.length < 4) pending.push(code);
        drawPending();
        return;
      } else {
        const input = $(TILE_TARGETS[target]);
        input.value = joinTiles(splitTiles(input.value).concat([code]));
      }
      sync();
    }
    function selectTarget(name) {
      target = name;
      for (const tab of document.querySelectorAll("#calc-target [role=tab]")) {
        const on = tab.dataset.target === name;
        tab.setAttribute("aria-selected", String(on));
        tab.tabIndex = on ? 0 : -1;
        if (on) $("picker").setAttribute("aria-labelledby", tab.id);
      }
      $("meld-builder").hidden = name !== "meld";
      $("list-target").hidden = !TILE_TARGETS[name];
      if (TILE_TARGETS[name]) $("list-label").textContent = T("learn.calc." + (name === "flowers" ? "flower" : name) + "_list");
      drawPicker();
      drawList();
    }
    for (const tab of document.querySelectorAll("#calc-target [role=tab]")) {
      tab.addEventListener("click", () => selectTarget(tab.dataset.target));
      tab.addEventListener("keydown", (event) => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        const tabs = Array.from(document.querySelectorAll("#calc-target [role=tab]")).filter((t) => !t.hidden);
        const at = tabs.indexOf(tab) + (event.key === "ArrowRight" ? 1 : -1);
        const next = tabs[(at + tabs.length) % tabs.length];
        selectTarget(next.dataset.target);
        next.focus();
      });
    }

    // A kong counts as a set of three toward the fourteen.
    function needed() { return 14; }
    function held() {
      return splitTiles($("f-hand").value).length + melds.length * 3;
    }
    function sync() {
      const preview = $("hand-preview");
      preview.replaceChildren();
      const tiles = splitTiles($("f-hand").value);
      const win = $("f-win").value;
      let marked = false;
      if (!tiles.length) preview.append(el("span", {class: "empty", text: preview.dataset.empty}));
      // The winning tile is marked on its last copy in the hand.
      const winAt = tiles.lastIndexOf(win);
      tiles.forEach((code, index) => {
        const isWin = index === winAt && !marked;
        if (isWin) marked = true;
        preview.append(el("span", {class: "held-tile"},
          el("button", {type: "button", class: "held" + (isWin ? " win-tile" : ""), "data-index": index,
            "data-tile": code, "aria-pressed": String(isWin),
            "aria-label": T("learn.calc.make_win", {tile: tileName(code)}),
            onclick: () => { $("f-win").value = code; sync(); }}, tileImg(code)),
          el("button", {type: "button", class: "ghost small remove", "aria-label": T("learn.calc.remove_tile", {tile: tileName(code)}),
            onclick: () => {
              const left = splitTiles($("f-hand").value);
              left.splice(index, 1);
              $("f-hand").value = joinTiles(left);
              if (!left.includes($("f-win").value)) $("f-win").value = left.length ? left[left.length - 1] : "";
              sync();
            }, text: "×"})));
      });
      const count = held();
      const counter = $("hand-count");
      counter.textContent = T("learn.calc.count", {count: count, need: needed()});
      counter.classList.toggle("full", count >= needed());
      const winBox = $("win-preview");
      winBox.replaceChildren(win ? tileImg(win) : "–", win ? " " + tileName(win) : "");
      drawList();
    }
    function drawList() {
      if (!TILE_TARGETS[target]) return;
      const box = $("list-tiles");
      box.replaceChildren(...splitTiles($(TILE_TARGETS[target]).value).map((code) => tileImg(code)));
    }
    function drawPending() {
      $("meld-pending").replaceChildren(...pending.map((code) => tileImg(code)));
    }
    function drawMelds() {
      const list = $("meld-list");
      list.replaceChildren();
      melds.forEach((meld, index) => {
        const [kind, rest] = meld.split(":");
        const tiles = splitTiles(rest.split("@")[0]);
        const label = (page.text["meld." + kind] || kind);
        list.append(el("li", {"data-meld": meld},
          el("span", {class: "meld", role: "group", "aria-label": label},
            el("span", {class: "meld-kind", "aria-hidden": "true", text: label}),
            ...tiles.map((code, i) => {
              const img = tileImg(kind === "concealed-kong" && (i === 0 || i === 3) ? "back" : code);
              if (i === 0 && rest.includes("@")) img.classList.add("sideways");
              return img;
            })),
          el("button", {type: "button", class: "ghost small", text: T("calc.remove"),
            "aria-label": T("calc.remove") + " " + label,
            onclick: () => { melds.splice(index, 1); drawMelds(); sync(); }})));
      });
    }
    $("f-hand").addEventListener("input", sync);
    $("f-win").addEventListener("input", sync);
    for (const name of Object.values(TILE_TARGETS)) $(name).addEventListener("input", drawList);
    $("calc-undo").addEventListener("click", () => {
      const tiles = splitTiles($("f-hand").value); tiles.pop();
      $("f-hand").value = joinTiles(tiles);
      $("f-win").value = tiles.length ? tiles[tiles.length - 1] : "";
      sync();
    });
    $("calc-clear").addEventListener("click", () => {
      $("f-hand").value = ""; $("f-win").value = ""; melds.length = 0; drawMelds(); sync();
    });
    $("list-clear").addEventListener("click", () => { $(TILE_TARGETS[target]).value = ""; drawList(); });
    $("meld-kind").addEventListener("change", () => {
      // A concealed kong is claimed from nobody.
      if ($("meld-kind").value === "concealed-kong") $("meld-from").value = "";
    });
    $("meld-add").addEventListener("click", () => {
      if (!pending.length) return;
      const from = $("meld-kind").value === "concealed-kong" ? "" : $("meld-from").value;
      melds.push($("meld-kind").value + ":" + joinTiles(pending) + (from ? "@" + from : ""));
      pending = [];
      drawPending();
      drawMelds();
      sync();
    });

    // Fields that only one family reads are shown for that family only.
    function applyFamily() {
      const chosen = family();
      for (const node of document.querySelectorAll("[data-families]")) {
        node.hidden = !node.dataset.families.split(" ").includes(chosen);
      }
      const rules = $("f-rules");
      const keep = rules.value;
      rules.replaceChildren(...(presets[chosen] || []).map((p, i) =>
        el("option", {value: i === 0 ? "" : p.id, text: p.name})));
      if (Array.from(rules.options).some((o) => o.value === keep)) rules.value = keep;
      if (target !== "hand" && target !== "meld" && document.getElementById("tab-" + target).hidden) selectTarget("hand");
      else drawPicker();
    }
    for (const radio of document.querySelectorAll("input[name=family]")) {
      radio.addEventListener("change", () => { $("f-variant").value = radio.value; applyFamily(); });
    }
    function setFamily(name) {
      $("f-variant").value = name;
      for (const radio of document.querySelectorAll("input[name=family]")) radio.checked = radio.value === name;
      applyFamily();
    }
    function applyHow() {
      $("from-field").hidden = $("f-tsumo").checked;
    }
    for (const radio of document.querySelectorAll("input[name=how]")) radio.addEventListener("change", applyHow);

    function body(command) {
      const data = {hand: $("f-hand").value, variant: family(), seat: $("f-seat").value,
                    round: $("f-round").value, lang: lang};
      if ($("f-rules").value.trim()) data.rules = $("f-rules").value.trim();
      if (melds.length) data.melds = melds.slice();
      if (family() === "sichuan" && $("f-missing").value) data.missing = $("f-missing").value;
      const options = $("f-option").value.trim().split(/\s+/).filter((word) => word.includes("="));
      if (options.length) {
        data.option = Object.fromEntries(options.map((word) => [word.split("=")[0], word.split("=").slice(1).join("=")]));
      }
      if (command === "waits") return data;
      data.win = $("f-win").value;
      if ($("f-tsumo").checked) data.tsumo = true;
      else if ($("f-from").value) data.from = $("f-from").value;
      if (command === "compare") {
        delete data.variant; delete data.rules; delete data.missing; delete data.option;
        return data;
      }
      for (const flag of FLAGS) {
        const box = $("f-" + flag);
        if (box.checked && !box.closest("[data-families]")?.hidden) data[flag] = true;
      }
      for (const name of ["dora", "ura", "flowers"]) {
        const input = $("f-" + name);
        if (input.value.trim() && !input.closest("[data-families]").hidden) data[name] = input.value.trim();
      }
      if (family() === "riichi") {
        for (const name of ["honba", "deposits"]) {
          const value = parseInt($("f-" + name).value || "0", 10);
          if (value) data[name] = value;
        }
      }
      const inGame = $("f-in_game").value.split(/[\s,]+/).filter(Boolean);
      if (inGame.length && family() === "sichuan") data.in_game = inGame;
      return data;
    }
    function clearErrors() {
      for (const node of form.querySelectorAll(".field-error")) { node.hidden = true; node.textContent = ""; }
      for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    }
    function showError(error) {
      let field = error.field || "hand";
      if (FLAGS.includes(field)) field = "flags";
      if (field === "meld") field = "melds";
      if (field === "option" || field === "in_game") $("advanced").open = true;
      const slot = $("err-" + field) || $("err-general");
      slot.textContent = T("refused", {message: error.message});
      slot.hidden = false;
      const input = $("f-" + field);
      if (input) input.setAttribute("aria-invalid", "true");
      result.replaceChildren();
      $("result-hint").hidden = false;
      // The learner sees the refusal where it is: next to the field at fault.
      slot.scrollIntoView({block: "center"});
      slot.focus({preventScroll: true});
    }
    async function drawnHand(reply) {
      const data = {hand: joinTiles(splitTiles($("f-hand").value)), melds: melds.slice(),
                    win: $("f-win").value || null, lang: lang};
      if (typeof reply.reading === "string") data.reading = reply.reading;
      const answer = await post("/api/hand", data);
      const box = el("div", {class: "result-hand", role: "group", "aria-label": T("learn.example.sets")});
      if (answer.ok && answer.json) box.innerHTML = answer.json.html;  // our own server's HTML
      return box;
    }
    async function ask(command) {
      clearErrors();
      const reply = await post("/api/" + command, body(command));
      if (!reply.ok) { showError((reply.json && reply.json.error) || {message: String(reply.status)}); return; }
      const parts = [];
      if (command === "score") {
        parts.push(el("h3", {text: T("learn.example.sets")}), await drawnHand(reply.json), scoreView(reply.json));
      } else if (command === "waits") parts.push(waitsView(reply.json));
      else parts.push(compareView(reply.json));
      result.replaceChildren(...parts);
      $("result-hint").hidden = true;
      if (window.matchMedia("(max-width: 64rem)").matches) result.scrollIntoView({block: "start"});
    }
    form.addEventListener("submit", (event) => { event.preventDefault(); ask("score"); });
    $("calc-waits").addEventListener("click", () => ask("waits"));
    $("calc-compare").addEventListener("click", () => ask("compare"));

    const prefill = JSON.parse(($("calc-prefill") || {textContent: "{}"}).textContent || "{}");
    setFamily(prefill.variant || "riichi");
    selectTarget("hand");
    applyHow();
    if (prefill.hand) {
      $("f-hand").value = prefill.hand;
      for (const name of ["win", "rules", "seat", "round", "missing", "from"]) {
        if (prefill[name] && $("f-" + name)) $("f-" + name).value = prefill[name];
      }
      for (const name of ["dora", "ura", "flowers"]) if (prefill[name]) $("f-" + name).value = prefill[name].join(" ");
      for (const name of ["honba", "deposits"]) if (prefill[name]) $("f-" + name).value = prefill[name];
      for (const [name, value] of Object.entries(prefill)) {
        const box = $("f-" + name);
        if (value === true && box && box.type === "checkbox") box.checked = true;
      }
      if (prefill.tsumo) $("f-tsumo").checked = true;
      applyHow();
      if (prefill.option) {
        $("f-option").value = Object.entries(prefill.option).map(([k, v]) => k + "=" + v).join(" ");
        $("advanced").open = true;
      }
      if (prefill.in_game) $("f-in_game").value = prefill.in_game.join(",");
      for (const meld of prefill.melds || []) melds.push(meld);
      drawMelds();
      sync();
      ask(prefill.command === "score" ? "score" : "waits");
    }
    sync();
  }

  // --- drills ------------------------------------------------------------------------------

  const SUITS = {riichi: "mpsz", hongkong: "mpsz", sichuan: "mps"};

  function drillView(question, onAnswered) {
    const box = el("article", {class: "drill", "data-drill": question.id, "data-kind": question.kind});
    const unit = question.family === "riichi" ? T("unit.han") : T("unit.fan");
    const prompt = question.kind === "discard" ? T("drill.discard_q")
      : question.kind === "waits" ? T("drill.waits_q") : T("drill.worth_q", {unit: unit});
    box.append(el("p", {class: "prompt", text: prompt}));
    const facts = [T("drill.seat", {seat: T("seat." + question.seat)})];
    if (question.missing) facts.push(T("drill.missing", {suit: suitName(question.missing)}));
    if (question.riichi) facts.push(T("drill.riichi"));
    if (question.flowers) facts.push(T("drill.flowers", {tiles: names(splitTiles(question.flowers))}));
    if (question.win) {
      facts.push(question.tsumo ? T("drill.how_tsumo", {tile: names([question.win])})
        : T("drill.how_ron", {tile: names([question.win]), seat: T("seat." + question.from)}));
    }
    box.append(el("p", {class: "facts", text: facts.join(" ")}));
    let chosen = null;
    const picked = new Set();
    const hand = el("div", {class: "drill-hand"});
    for (const code of question.hand_tiles) {
      if (question.kind === "discard") {
        hand.append(el("button", {type: "button", class: "held", "data-tile": code, "aria-pressed": "false",
          onclick: (event) => {
            chosen = code;
            for (const b of hand.querySelectorAll("button")) b.setAttribute("aria-pressed", "false");
            event.currentTarget.setAttribute("aria-pressed", "true");
          }}, tileImg(code)));
      } else hand.append(tileImg(code));
    }
    if (question.win) { hand.append(" + "); hand.append(tileImg(question.win)); }
    box.append(hand);
    const choices = el("div", {class: "drill-choices"});
    if (question.kind === "waits") {
      for (const suit of SUITS[question.family]) {
        const row = el("div", {class: "pick-row"});
        for (let n = 1; n <= (suit === "z" ? 7 : 9); n++) {
          const code = n + suit;
          row.append(el("button", {type: "button", class: "pick", "data-tile": code, "aria-pressed": "false",
            onclick: (event) => {
              if (picked.has(code)) picked.delete(code); else picked.add(code);
              event.currentTarget.setAttribute("aria-pressed", String(picked.has(code)));
            }}, tileImg(code)));
        }
        choices.append(row);
      }
    } else if (question.kind === "worth") {
      const group = "worth-" + question.id;
      for (const value of question.choices) {
        choices.append(el("label", {class: "choice"},
          el("input", {type: "radio", name: group, value: value, onchange: () => { chosen = value; }}),
          " " + value + " " + unit));
      }
    }
    box.append(choices);
    const outcome = el("div", {class: "drill-outcome", "aria-live": "polite"});
    const check = el("button", {type: "button", class: "drill-check", text: T("drill.check")});
    check.addEventListener("click", async () => {
      const reply = question.kind === "waits" ? Array.from(picked) : chosen;
      if (reply === null) return;
      const answered = await post("/api/drills/answer", {id: question.id, reply: reply, lang: lang});
      if (!answered.ok) {
        outcome.replaceChildren(el("p", {class: "field-error", role: "alert",
          text: (answered.json && answered.json.error && answered.json.error.message) || String(answered.status)}));
        return;
      }
      check.disabled = true;
      const json = answered.json;
      const verdict = el("p", {class: "drill-verdict " + (json.correct ? "right" : "wrong"),
                               text: json.correct ? T("drill.right") : T("drill.wrong")});
      const shown = Array.isArray(json.expected) ? names(json.expected) : String(json.expected);
      const parts = [verdict, el("p", {class: "drill-expected",
        text: question.kind === "discard" ? T("drill.best", {tiles: shown}) : T("drill.expected", {answer: shown})})];
      if (json.missing) parts.push(missingView(json.missing));
      if (json.reach) parts.push(reachView(json.reach, json.best));
      if (question.kind === "worth") parts.push(scoreView(json.answer));
      else parts.push(waitsView(json.answer));
      parts.push(el("details", {class: "command"}, el("summary", {text: T("learn.example.show_command")}),
        el("pre", {}, el("code", {text: "mahjongkit " + question.command}))));
      outcome.replaceChildren(...parts);
      if (onAnswered) onAnswered(question, outcome);
    });
    box.append(check, outcome);
    return box;
  }

  // Hong Kong: what each discard leaves toward the 3-fan minimum (the engine's rating).
  function reachView(reach, best) {
    const box = el("div", {class: "reach-view"});
    box.append(el("h3", {text: T("drill.reach_title", {minimum: reach.length ? reach[0].minimum : 3})}));
    const list = el("ul", {class: "reach"});
    for (const option of reach) {
      const fill = {tile: names([option.discard]), best: option.best, minimum: option.minimum, shanten: option.shanten,
        winning: option.winning, self_draw: option.winning_self_draw, completions: option.completions,
        patterns: option.patterns.length ? option.patterns.join(", ") : T("drill.reach_none")};
      const key = option.completions === 0 ? "drill.reach_far"
        : option.keeps_minimum_self_draw ? "drill.reach_line" : "drill.reach_short";
      list.append(el("li", {"data-tile": option.discard, "data-keeps": String(option.keeps_minimum_self_draw),
        class: best.includes(option.discard) ? "best" : ""}, tileImg(option.discard), " ", T(key, fill)));
    }
    box.append(list);
    return box;
  }

  // Sichuan: the declared missing suit and what of it is still in the hand.
  function missingView(missing) {
    const text = missing.held.length
      ? T("drill.missing_held", {suit: suitName(missing.suit), tiles: names(missing.held)})
      : T("drill.missing_clear", {suit: suitName(missing.suit)});
    return el("p", {class: "missing-suit"}, text);
  }

  async function showProgress(question, where) {
    const response = await fetch("/api/progress", {credentials: "same-origin"});
    const json = await response.json();
    const row = json.progress.find((r) => r.family === question.family && r.concept === question.concept);
    if (row) where.append(el("p", {class: "drill-progress", text: T("drill.answered", {answered: row.answered, right: row.right})}));
  }

  async function loadDrills(section) {
    const family = section.dataset.drillsFamily;
    const chapter = section.dataset.drillsChapter;
    const list = section.querySelector(".drill-list");
    let number = 0;
    async function load() {
      const kind = (section.querySelector("input[name=drill-kind]:checked") || {value: "discard"}).value;
      const query = chapter ? "?chapter=" + encodeURIComponent(chapter) : "?kind=" + kind + "&number=" + number;
      let response = null, json = null;
      try {
        response = await fetch("/api/drills/" + family + query, {headers: {"Accept-Language": lang}});
        json = await response.json();
      } catch (error) { json = null; }
      list.replaceChildren();
      if (!response || !response.ok || !json || !json.questions) {
        // A failed load says so in the page's language and offers to try again.
        const said = json && json.error && json.error.message;
        list.append(el("div", {class: "callout callout-error drill-failed", role: "alert"},
          el("p", {text: said || T("learn.drills.failed")}),
          el("button", {type: "button", class: "button drill-retry", text: T("learn.drills.retry"),
                        onclick: () => load()})));
        return;
      }
      for (const question of json.questions) {
        list.append(drillView(question, async (q, where) => {
          await showProgress(q, where);
          if (!chapter) {
            where.append(el("button", {type: "button", class: "drill-next", text: T("drill.next"),
              onclick: () => { number += 1; load(); }}));
          }
        }));
      }
    }
    for (const radio of section.querySelectorAll("input[name=drill-kind]")) {
      radio.addEventListener("change", () => { number = 0; load(); });
    }
    load();
  }

  const form = document.getElementById("calc");
  if (form) calculator(form);
  for (const section of document.querySelectorAll("[data-drills-family]")) loadDrills(section);
})();
