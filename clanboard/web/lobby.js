/* The lobby: pick a game, a variant, options and who sits where; start; list tables. */
"use strict";
(function () {
  const {h, api, tokens, t, lang, ready, seatName, aiName, gameTitle, live} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  let games = [];

  const current = () => games.find((g) => g.id === $("game").value);
  const gameName = (id) => gameTitle(id, (games.find((g) => g.id === id) || {name: id}).name);
  // words shown in the lobby (the catalogue's lobby.* keys)
  const WORDS = {
    status: new Proxy({}, {get: (_, k) => (t.has("lobby.status." + String(k)) ? t("lobby.status." + String(k)) : undefined)}),
    get you() { return t("lobby.you"); }, get yourName() { return t("table.your_name"); },
    get friend() { return t("lobby.friend"); }, get none() { return t("lobby.none"); },
    seat: (i) => t("common.seat_n", {n: i + 1}), player: (i) => t("common.player_n", {n: i + 1}),
    get vs() { return t("lobby.vs"); },
    table: (id) => t("lobby.table", {id}), atSeat: (i) => t("lobby.at_seat", {n: i + 1}),
    get noChoice() { return t("lobby.no_choice"); },
  };
  // a game's options and variants in words: lobby keys game.<id>.option.<name>(.help) and
  // game.<id>.variant.<name>, else what the server says
  const optLabel = (g, o) => (t.has(`game.${g.id}.option.${o.name}`) ? t(`game.${g.id}.option.${o.name}`) : o.name);
  const optHelp = (g, o) => (t.has(`game.${g.id}.option.${o.name}.help`) ? t(`game.${g.id}.option.${o.name}.help`) : o.help);
  const variantName = (gid, v) => (t.has(`game.${gid}.variant.${v}`) ? t(`game.${gid}.variant.${v}`) : v);
  // the time controls offered (the API takes any within its bounds; see docs/web-api.md, Clocks)
  const CLOCKS = {
    "": {label: () => t("clock.untimed")},
    "rt-5-3": {body: {kind: "realtime", initial_s: 300, increment_s: 3}},
    "rt-10-15": {body: {kind: "realtime", initial_s: 600, increment_s: 15}},
    "rt-30-20": {body: {kind: "realtime", initial_s: 1800, increment_s: 20}},
    "cor-1": {body: {kind: "correspondence", days_per_move: 1}, label: () => t("clock.day_per_move")},
    "cor-3": {body: {kind: "correspondence", days_per_move: 3}},
  };
  const clockLabel = (c) => (c.label ? c.label() : c.body.kind === "realtime"
    ? t("clock.realtime", {min: c.body.initial_s / 60, inc: c.body.increment_s})
    : t("clock.days_per_move", {n: c.body.days_per_move}));
  const savedName = () => localStorage.getItem("clanboard:name") || "";

  function optionInput(o, value) {
    const g = current();
    const id = "opt-" + o.name;
    let input;
    if (typeof o.default === "boolean") {
      input = h("input", {type: "checkbox", id, "data-option": o.name});
      input.checked = !!value;
    } else if (o.choices) {
      const choiceKey = (c) => `game.${g.id}.option.${o.name}.${c}`;  // e.g. a solo level's name
      // a choice in words; a list ("9,10") as the words of its parts
      const choiceText = (c) => (c === "" ? WORDS.noChoice : t.has(choiceKey(c)) ? t(choiceKey(c))
        : String(c).includes(",") && String(c).split(",").every((p) => t.has(choiceKey(p)))
          ? String(c).split(",").map((p) => t(choiceKey(p))).join("; ") : String(c));
      input = h("select", {id, "data-option": o.name},
        o.choices.map((c) => h("option", {value: c, text: choiceText(c)})));
      input.value = String(value);
    } else {
      input = h("input", {id, "data-option": o.name, type: typeof o.default === "number" ? "number" : "text",
        value: String(value)});
    }
    input.addEventListener("change", () => { $("variant").value = matchVariant(); });
    if (o.name === "solo") input.addEventListener("change", drawSeats);  // solo: 1 seat
    return h("label", {class: typeof o.default === "boolean" ? "check" : "", title: optHelp(g, o)},
      typeof o.default === "boolean" ? [input, " " + optLabel(g, o)] : [optLabel(g, o) + " ", input],
      h("small", {class: "muted", text: " " + optHelp(g, o)}));
  }

  function readOptions() {
    const g = current(), out = {};
    for (const o of g.options) {
      const el = document.querySelector(`[data-option="${o.name}"]`);
      if (!el) continue;
      if (typeof o.default === "boolean") out[o.name] = el.checked;
      else if (typeof o.default === "number") out[o.name] = Number(el.value);
      else out[o.name] = el.value;
    }
    return out;
  }

  function matchVariant() {
    const g = current(), opts = readOptions();
    for (const [name, preset] of Object.entries(g.variants)) {
      const full = Object.fromEntries(g.options.map((o) => [o.name, name in preset ? preset[o.name] : o.default]));
      Object.assign(full, preset);
      if (g.options.every((o) => full[o.name] === opts[o.name])) return name;
    }
    return "";
  }

  function drawOptions(variant) {
    const g = current();
    const preset = (variant && g.variants[variant]) || {};
    $("options").replaceChildren(...g.options.map((o) => optionInput(o, o.name in preset ? preset[o.name] : o.default)));
    // a game played with a component pack: the editor where its owner fills in the real values
    if (g.options.some((o) => o.name === "pack")) $("options").append(h("p", {class: "muted"}, h("a", {href: "/packs/edit", "data-testid": "pack-editor-link", text: t("packs.link")})));
  }

  function seatChoices(g, i) {
    const choices = [["human", WORDS.you]];
    for (const a of g.agents) choices.push(["ai:" + a, aiName(a)]);
    choices.push(["open", WORDS.friend]);
    return choices;
  }

  // a name box for each seat played on this device; the first is remembered
  function nameBox(i, sel) {
    const box = h("input", {class: "seat-name", "data-seat-name": i, "data-testid": "seat-name-" + i,
      maxlength: 40, placeholder: WORDS.player(i), "aria-label": `${WORDS.yourName} (${WORDS.seat(i)})`,
      value: i === 0 ? savedName() : ""});
    const sync = () => { box.hidden = sel.value !== "human"; };
    sel.addEventListener("change", sync);
    sync();
    return box;
  }

  // a game's solo option (its solo opponent is part of the rules): one seat, no count
  const solo = () => { const el = document.querySelector('[data-option="solo"]'); return !!(el && el.checked); };

  function drawSeats() {
    const g = current(), n = solo() ? 1 : Number($("players").value);
    $("players-row").hidden = solo() || g.min_players === g.max_players;
    const rows = [];
    for (let i = 0; i < n; i++) {
      const choices = seatChoices(g, i);
      const sel = h("select", {"data-seat": i, "data-testid": "seat-" + i},
        choices.map(([v, t]) => h("option", {value: v, text: t})));
      const preferred = g.agents.includes("ismcts:normal") ? "ai:ismcts:normal"
        : g.agents.includes("heuristic") ? "ai:heuristic" : "ai:" + g.agents[0];
      sel.value = i === 0 ? "human" : preferred;
      rows.push(h("label", {class: "seat"}, WORDS.seat(i) + " ", sel, " ", nameBox(i, sel)));
    }
    $("seats").replaceChildren(...rows);
    $("on-resign-row").hidden = n < 3;  // a resigning seat at a table of 3+ (server/endings/actions.py)
  }

  function drawGame() {
    const g = current();
    $("game-about").textContent = t("lobby.players_n", {n: g.min_players === g.max_players ? g.min_players : g.min_players + "–" + g.max_players});
    $("rules-link").href = `/rules/${encodeURIComponent(g.id)}`;
    const variants = Object.keys(g.variants);
    $("variant-row").hidden = variants.length === 0;
    $("variant").replaceChildren(h("option", {value: "", text: t("lobby.custom")}),
      ...variants.map((v) => h("option", {value: v, text: variantName(g.id, v)})));
    $("variant").value = variants[0] || "";
    drawOptions($("variant").value);
    const counts = [];
    for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
    $("players-row").hidden = counts.length === 1;
    $("players").replaceChildren(...counts.map((n) => h("option", {value: n, text: String(n)})));
    drawSeats();
  }

  async function create(ev) {
    ev.preventDefault();
    $("create-error").textContent = "";
    const g = current();
    const seats = [...document.querySelectorAll("[data-seat]")].map((el) => {
      const v = el.value;
      if (v.startsWith("ai:")) return {kind: "ai", agent: v.slice(3)};
      const named = document.querySelector(`[data-seat-name="${el.dataset.seat}"]`);
      const name = v === "human" && named ? named.value.trim() : "";
      return name ? {kind: v, name} : {kind: v};
    });
    const first = document.querySelector('[data-seat-name="0"]');
    if (first && first.value.trim()) localStorage.setItem("clanboard:name", first.value.trim());
    const body = {game: g.id, options: readOptions(), seats, private: $("private").checked};
    if ($("variant").value) body.variant = $("variant").value;
    if ($("rated").checked) body.rated = true;
    const clock = CLOCKS[$("clock").value];
    if (clock) body.clock = clock.body;
    if (!$("on-resign-row").hidden) body.on_resign = $("on-resign").value;
    try {
      const r = await api("POST", `/api/tables?lang=${lang}`, body);  // refusals in its words
      for (const [seat, tok] of Object.entries(r.tokens)) tokens.set(r.table, Number(seat), tok, g.id);
      if (r.invite) localStorage.setItem(`clanboard:invite:${r.table}`, r.invite);
      const first = Object.keys(r.tokens)[0];
      location.href = first !== undefined ? `/t/${r.table}?seat=${first}` : r.links.watch;
    } catch (e) {
      $("create-error").textContent = e.message;
      if (e.data && Array.isArray(e.data.tables) && e.data.tables.length) limitTables(e.data);
    }
  }

  // over the open-table limit: the limit in words, then the tables to finish, resign or close
  function limitTables(data) {
    const mine = tokens.mine();
    const limit = data.summary || data.reason;  // the server's words start in lower case
    $("create-error").replaceChildren(
      h("span", {text: limit.charAt(0).toUpperCase() + limit.slice(1) + (lang === "ja" ? "。" : ".")}),
      h("span", {text: " " + t("lobby.limit_tables")}),
      h("ul", {class: "limit-tables", "data-testid": "limit-tables"}, data.tables.map((x) => {
        const seat = (mine.find((m) => m.table === x.table && tokens.get(x.table, m.seat)) || {}).seat;
        return h("li", {}, h("a", {href: x.link + (seat !== undefined ? `?seat=${seat}` : ""),
          text: `${gameName(x.game)} — ${(x.seats || []).map(seatName).join(WORDS.vs)}`}));
      })));
  }

  async function lists() {
    const mine = tokens.mine();
    $("mine").replaceChildren(...(mine.length ? mine.slice(0, 10).map((m) =>
      h("li", {}, h("a", {href: `/t/${m.table}?seat=${m.seat}`,
        text: `${m.game ? gameName(m.game) + " — " : ""}${WORDS.table(m.table)}, ${WORDS.atSeat(m.seat)}`})))
      : [h("li", {class: "muted", text: WORDS.none})]));
    try {
      const recent = await api("GET", "/api/tables?limit=15");
      $("recent").replaceChildren(...(recent.length ? recent.map((t) => {
        const who = t.seats.map((s, i) => seatName(s.name, i)).join(WORDS.vs);
        const link = t.status === "waiting" ? `/t/${t.id}?join=1` : `/t/${t.id}`;
        const title = gameName(t.game) + (t.variant ? ` (${variantName(t.game, t.variant)})` : "");
        return h("li", {"data-table": t.id},
          h("a", {href: link}, h("strong", {text: title}), h("span", {class: "who", text: " — " + who}),
            // a shuffle the creator chose with a seat open: said before anyone joins
            t.seeded ? h("span", {class: "badge seeded", "data-testid": "seeded-" + t.id,
              title: window.clanboard.t("table.seeded_hint"), text: window.clanboard.t("lobby.seeded")}) : null),
          h("span", {class: "badge " + t.status, "data-testid": "status-" + t.id,
            title: t.last_active ? new Date(t.last_active).toLocaleString() : "",
            text: WORDS.status[t.status] || t.status}));
      }) : [h("li", {class: "muted", text: WORDS.none})]));
    } catch (e) { /* lobby still works without the list */ }
  }

  // -- the seek pool ("play now"): the list comes live over /api/live (live.js)
  async function postSeek() {
    $("seek-error").textContent = "";
    const g = current();
    const body = {game: g.id, options: readOptions(), num_players: solo() ? 1 : Number($("players").value),
      rated: $("rated").checked};
    if ($("variant").value) body.variant = $("variant").value;
    const clock = CLOCKS[$("clock").value];
    if (clock) body.clock = clock.body;
    if ($("rating-min").value !== "") body.rating_min = Number($("rating-min").value);
    if ($("rating-max").value !== "") body.rating_max = Number($("rating-max").value);
    try {
      await api("POST", "/api/seeks", body);
      $("play-now").scrollIntoView({block: "nearest"});
    } catch (e) {
      $("seek-error").textContent = e.message;
    }
  }

  function seekRow(s, me) {
    const mine = me && s.by === me.name, joined = me && s.players.includes(me.name);
    const title = gameName(s.game) + (s.variant ? ` (${variantName(s.game, s.variant)})` : "");
    const range = s.rating_min !== null || s.rating_max !== null
      ? t("seeks.range_is", {low: s.rating_min ?? 0, high: s.rating_max ?? 4000}) : "";
    const about = [live.clockWords(s.clock), s.rated ? t("seeks.rated") : t("seeks.casual"),
      t("seeks.players", {n: s.players.length, of: s.num_players}), range].filter(Boolean).join(" · ");
    const act = async (method, path) => {
      $("seek-error").textContent = "";
      try { await api(method, path); } catch (e) { $("seek-error").textContent = e.message; }
    };
    let button;
    if (mine) button = h("button", {type: "button", "data-testid": "cancel-seek-" + s.id, text: t("common.cancel"), onclick: () => act("DELETE", `/api/seeks/${s.id}`)});
    else if (joined) button = h("button", {type: "button", "data-testid": "leave-seek-" + s.id, text: t("seeks.leave"), onclick: () => act("DELETE", `/api/seeks/${s.id}`)});
    else button = h("button", {type: "button", class: "primary", "data-testid": "join-seek-" + s.id, text: t("seeks.join"),
      disabled: !me, title: me ? "" : t("seeks.login"), onclick: () => act("POST", `/api/seeks/${s.id}/accept`)});
    return h("li", {"data-seek": s.id},
      h("span", {}, h("strong", {text: title}), " ", h("span", {class: "who", text: `${s.by} (${s.rating})`}),
        h("br"), h("small", {class: "muted", text: about})), button);
  }

  // a logged-in player's games (their seats are the account's): those first, live
  function drawAccountGames() {
    const rows = [...live.games.values()].sort((a, b) => b.my_turn - a.my_turn).slice(0, 10);
    if (!rows.length) return;
    $("mine").replaceChildren(...rows.map((g) => h("li", {"data-table": g.table},
      h("a", {href: g.link}, h("strong", {text: gameName(g.game)}),
        h("span", {class: "who", text: " — " + g.opponents.map(seatName).join(", ")})),
      h("span", {class: "badge " + (g.my_turn ? "playing" : ""), text: g.my_turn ? t("table.your_turn")
        : g.status === "waiting" ? WORDS.status.waiting : t("table.waiting_for", {who: g.to_move.map(seatName).join(", ")})}))));
  }

  function drawSeeks(seeks, me) {
    $("seeks").replaceChildren(...(seeks.length ? seeks.map((s) => seekRow(s, me))
      : [h("li", {class: "muted", "data-testid": "no-seeks", text: t("seeks.none")})]));
  }

  async function start() {
    await ready;
    games = await api("GET", "/api/games");
    $("game").replaceChildren(...games.map((g) => h("option", {value: g.id, text: gameTitle(g.id, g.name)})));
    const preferred = games.find((g) => g.id === "schotten-totten");
    if (preferred) $("game").value = preferred.id;
    $("game").addEventListener("change", drawGame);
    $("variant").addEventListener("change", () => { drawOptions($("variant").value); drawSeats(); });
    $("players").addEventListener("change", drawSeats);
    $("create").addEventListener("submit", create);
    $("clock").replaceChildren(...Object.entries(CLOCKS).map(([k, c]) => h("option", {value: k, text: clockLabel(c)})));
    drawGame();
    lists();
    window.clanboard.account.then((user) => {
      $("rated-row").hidden = !user;
      $("seek-row").hidden = !user;
      if (user) {
        $("mine").before(live.notifyButton());
        live.loaded.then(drawAccountGames);
        live.on("game", drawAccountGames);
      }
      live.on("seeks", (m) => drawSeeks(m.seeks, user));
    });
    $("post-seek").addEventListener("click", postSeek);
  }
  start();
})();
