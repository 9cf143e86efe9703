/* A table page: live view over a WebSocket, the game's renderer, moves, log, result, replay. */
"use strict";
(function () {
  const {h, api, tokens, renderers, t, lang, ready, gameTitle} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  const tableId = decodeURIComponent(location.pathname.split("/")[2]);
  const params = new URLSearchParams(location.search);
  let seat = params.has("seat") ? Number(params.get("seat")) : null;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token") && seat !== null) {
    tokens.set(tableId, seat, hash.get("token"), "");
    history.replaceState(null, "", location.pathname + location.search);
  }
  // a private table's invite secret travels in the fragment, never to the server's log
  const inviteKey = `clanboard:invite:${tableId}`;
  if (hash.get("invite")) {
    localStorage.setItem(inviteKey, hash.get("invite"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  const invite = localStorage.getItem(inviteKey);
  let view = null, ws = null, renderer = null, busy = false, retry = 500, replayData = null, rulesAsked = false;
  let notice = "";
  const asked = seat;  // a seat without its token here may be the logged-in account's
  if (seat !== null && !tokens.get(tableId, seat)) {
    notice = ["table.no_key", {n: seat + 1}];
    seat = null;
  }

  const name = (i) => (view && view.seats[i] ? view.seats[i].name : t("common.seat_n", {n: i + 1}));

  async function loadRenderer(gameId, has) {
    if (renderers[gameId]) return renderers[gameId];
    if (has) {
      await new Promise((ok) => {
        const sc = document.createElement("script");
        sc.src = `/games/${encodeURIComponent(gameId)}/render.js`;
        sc.onload = ok; sc.onerror = ok;
        document.head.append(sc);
      });
    }
    return renderers[gameId] || window.clanboard.genericRenderer;
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams();
    if (seat !== null) q.set("seat", seat);
    q.set("lang", lang);
    q.set("log", "delta");  // after the first view, only the log entries this page lacks
    ws = new WebSocket(`${proto}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws?${q}`);
    // the seat's token goes in the first message, not in the URL (URLs end up in logs)
    if (seat !== null) ws.onopen = () => ws.send(JSON.stringify({type: "auth", token: tokens.get(tableId, seat)}));
    if (window.clanboard.clock) window.clanboard.clock.attach(ws);  // heartbeats, after the auth
    let held = [];  // the log as of this socket's last view
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "view") {
        msg.view.log = held.slice(0, msg.view.log_from || 0).concat(msg.view.log);
        held = msg.view.log;
      }
      document.dispatchEvent(new CustomEvent("clanboard:message", {detail: msg}));  // play.js
      if (msg.type === "view") {
        retry = 500;
        if (view && msg.view.seq < view.seq && msg.view.viewer === view.viewer) return;
        busy = false;
        $("move-error").textContent = "";
        view = msg.view;
        if (seat !== null && view.viewer === null) { seat = null; notice = ["endings.left_seat"]; }  // endings.js
        update();
      } else if (msg.type === "reveal") {
        if (view && view.log[msg.seq]) {
          view.log[msg.seq].move = msg.move;
          if (msg.text) view.log[msg.seq].text = msg.text;
          drawLog();
        }
      } else if (msg.type === "takeback_done") {
        if (view) view.seq = Math.min(view.seq, msg.seq);  // the next, earlier view is newer
      } else if (msg.type === "presence") {
        if (window.clanboard.clock) window.clanboard.clock.presence(msg.presence);
      } else if (msg.type === "error") {
        busy = false;
        if (msg.error === "seat_left") {  // resigned or left: an AI plays the seat (endings.js)
          notice = ["endings.left_seat"];
          seat = null;
          return;  // the socket closes (4403); the next one watches
        }
        showError(msg);
      }
    };
    ws.onclose = (ev) => {
      if (ev.code >= 4000 && !(ev.code === 4403 && seat === null)) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // for play.js (takeback, rematch, chat): this page's table, seat and socket
  window.clanboard.table = {id: tableId, seat: () => seat,
    send: (m) => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m)); }};

  function showError(err) {
    let text = err.reason || t("table.refused");
    if (err.allowed && err.allowed.length) text += " " + t("table.allowed", {moves: err.allowed.slice(0, 12).join(", ")});
    $("move-error").textContent = text;
    if (err.rules && err.rules.url) {  // the rules section the refusal applied
      $("move-error").append(" ", h("a", {href: err.rules.url, target: "_blank", rel: "noopener",
        "data-testid": "refusal-rules", text: t("table.refusal_rules", {section: err.rules.title})}));
    }
    if (err.error === "stale_move" || err.error === "wrong_token") draw();
  }

  async function play(move) {
    if (busy || !view) return;
    busy = true;
    $("move-error").textContent = "";

    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({move, seq: view.seq}));
    } else {
      try {
        view = await api("POST", `/api/tables/${tableId}/moves?lang=${lang}`, {seat, move, seq: view.seq}, tokens.get(tableId, seat));
        busy = false;
        update();
      } catch (e) { busy = false; showError(e.data || {reason: e.message}); }
    }
  }

  function hotseat() {
    // several seats of this table belong to this device: follow the seat to move
    const mine = tokens.seatsAt(tableId);
    if (mine.length < 2 || view.status !== "playing") return false;
    const next = view.to_move.find((s) => mine.includes(s));
    if (next === undefined || next === seat) return false;
    $("board").replaceChildren();  // the last seat's hand must not show through
    $("cover-text").textContent = t("table.pass_device", {who: name(next)});
    $("cover").hidden = false;
    $("cover-ok").onclick = () => {
      $("cover").hidden = true;
      history.replaceState(null, "", `/t/${tableId}?seat=${next}`);
      seat = next;
      view = null;
      ws.onclose = null;
      ws.close();
      connect();
    };
    return true;
  }

  async function update() {
    renderer = await loadRenderer(view.game, gameHasRenderer);
    // each component's rules section (kit.js's popover), once a page
    if (!rulesAsked && window.clanboard.kit) { rulesAsked = true; window.clanboard.kit.loadRules(view.game); }
    const title = gameTitle(view.game, view.game_name);
    document.title = `${title} — clanboard`;
    const variant = view.variant && t.has(`game.${view.game}.variant.${view.variant}`) ? t(`game.${view.game}.variant.${view.variant}`) : view.variant;
    $("title").textContent = `${title}${variant ? " (" + variant + ")" : ""}`;
    $("rules-link").href = `/rules/${encodeURIComponent(view.game)}`;
    if (hotseat()) return;
    draw();
  }

  function statusLine() {
    const obs = view.observation || {};
    const parts = [];
    if (view.status === "over") parts.push(h("strong", {text: t("common.game_over")}));
    else if (view.status === "waiting") parts.push(h("strong", {text: t("table.waiting_friend")}));
    else if (seat !== null && view.to_move.includes(seat)) parts.push(h("strong", {class: "your-turn", text: t("table.your_turn"), "data-testid": "your-turn"}));
    else {
      const ai = view.to_move.some((s) => view.seats[s].kind === "ai");
      parts.push(h("span", {text: t("table.waiting_for", {who: view.to_move.map(name).join(", ")}) + (ai ? " " + t("table.thinking") : "")}));
    }
    const scores = Array.isArray(obs.scores) ? obs.scores : view.result ? view.result.scores : null;
    const seatsEl = h("ul", {class: "seats"}, view.seats.map((s) => h("li", {
      // once over (a resignation, an abort, the clock), nobody is marked as to move
      class: [view.status !== "over" && view.to_move.includes(s.seat) ? "to-move" : "", s.seat === seat ? "me" : ""].join(" "),
    }, h("span", {text: s.name + (s.seat === seat ? " " + t("common.you_mark") : "")}),
      scores ? h("span", {class: "score", text: ` ${scores[s.seat]}`}) : null)));
    // a shuffle the creator chose while a seat was open: every joiner and watcher is told
    const seeded = view.seeded ? h("p", {class: "seeded-note", "data-testid": "seeded", role: "note"},
      h("strong", {text: t("table.seeded")}), " ", h("span", {text: t("table.seeded_hint")})) : null;
    return [h("div", {}, ...parts, notice ? h("span", {class: "muted", text: " " + t(...notice)}) : null), seeded, seatsEl];
  }

  function draw() {
    document.body.classList.toggle("busy", busy);
    // for tests and styling: where the game stands
    document.body.dataset.seq = view.seq;
    document.body.dataset.status = view.status;
    document.body.dataset.myturn = seat !== null && view.legal_moves.length && !busy ? "1" : "0";
    $("status").replaceChildren(...statusLine().filter(Boolean));  // no "null" for a missing part
    if (window.clanboard.clock) window.clanboard.clock.show(view, seat);
    // join panel: from the invite link, or for anyone watching a public table with a seat
    // open (a visitor who came by the table's own address had no way to sit down)
    const joining = (params.get("join") || !view.private) && view.status === "waiting" && seat === null
      && view.seats.some((s) => s.kind === "open");
    $("join").hidden = !joining;
    if (joining) {
      $("join-seats").replaceChildren(...view.seats.filter((s) => s.kind === "open").map((s) =>
        h("button", {class: "primary", "data-testid": "take-seat-" + s.seat, text: t("table.take_seat", {n: s.seat + 1}),
          onclick: async () => {
            try {
              const r = await api("POST", `/api/tables/${tableId}/join`, {seat: s.seat, name: $("join-name").value || null, invite});
              tokens.set(tableId, r.seat, r.token, view.game);
              location.href = `/t/${tableId}?seat=${r.seat}`;
            } catch (e) { $("join-error").textContent = e.message; }
          }})));
    }
    // share link
    const open = view.status === "over" ? [] : view.seats.filter((s) => s.kind === "open");  // closed: no invitation
    $("share").hidden = !open.length || joining;
    if (open.length) {
      const link = `${location.origin}/t/${tableId}?join=1` + (invite ? `#invite=${invite}` : "");
      const input = h("input", {value: link, readonly: true, "data-testid": "join-link"});
      $("share").replaceChildren(h("span", {text: t("table.invite") + " "}), input,
        h("button", {text: t("table.copy"), onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(link); }}));
    }
    // board (or, looking back, a position that is not the game's)
    const board = $("board");
    board.replaceChildren();
    if (lookBack && lookBack.seq !== view.seq) closeLook();  // a new move: back to the live board
    board.classList.toggle("look-back", !!lookBack);
    if (lookBack) {
      board.append(h("div", {class: "look-back-note", role: "note", "data-testid": "look-back"},
        h("strong", {text: lookBack.title}), h("p", {text: lookBack.note}),
        h("button", {class: "primary", "data-testid": "look-back-return", text: t("coach.back"), onclick: back})));
      const inner = h("div", {class: "look-back-board", "data-testid": "look-back-board"});
      board.append(inner);
      drawPosition(inner, lookBack.pos, seat, seat);
      $("moves").replaceChildren();
      drawLog();
      return;
    }
    const legal = busy ? [] : view.legal_moves;
    // a tutorial's suggested move (server/coach/tutorial.py), highlighted where it is played
    const tut = view.tutorial;
    const suggested = tut && tut.following && tut.move && legal.includes(tut.move) ? tut.move : null;
    let handled = [];
    try {
      const r = renderer.render(board, {
        observation: view.observation, legalMoves: legal, seat, view, seats: view.seats,
        names: view.seats.map((s) => s.name), play, replay: false,
        lastMoves: lastTurn(view.log.filter((e) => e.move)), explain, suggested,
      }) || {};
      handled = r.handled || [];
      if (suggested) for (const el of board.querySelectorAll("[data-move]")) if (el.getAttribute("data-move") === suggested) el.classList.add("suggested");
    } catch (e) {
      console.error(e);
      board.replaceChildren();
      window.clanboard.genericRenderer.render(board, {observation: view.observation});
    }
    const rest = legal.filter((m) => !handled.includes(m));
    $("moves").replaceChildren(...rest.map((m) => h("button", {class: "move" + (m === suggested ? " suggested" : ""), "data-move": m, text: m, onclick: () => play(m)})));
    drawLog();
    moved();
    // result
    $("result").hidden = !view.result;
    if (view.result) {
      const w = view.result.winners;
      const why = view.result.explanation;
      // a game whose winner line the seats' scores cannot give (a solo game against a
      // bot that is no seat) sends it as the explanation's headline
      const headline = why && why.headline;
      const text = headline || (w.length === 0 ? t("table.no_winner") : w.length > 1 ? t("table.shared_win", {who: w.map(name).join(", ")})
        : seat !== null && w[0] === seat ? t("table.you_win") : t("table.wins", {who: name(w[0])}));
      $("result").replaceChildren(...[
        h("strong", {text, "data-testid": "result-text"}),
        headline ? null : h("span", {text: " — " + t("table.scores", {scores: view.result.scores.join(" : ")})}),
        why ? explanation(why) : null,
        h("div", {class: "actions"},
          h("button", {class: "primary", text: t("table.replay"), "data-testid": "open-replay", onclick: openReplay}),
          h("a", {class: "button", href: `/api/tables/${tableId}/record`, download: `clanboard-${tableId}.json`, text: t("table.download")}),
          h("a", {class: "button", href: "/", text: t("table.new_game")}))].filter(Boolean));
    }
  }

  // -- moves feel like moves: what a renderer marks as the last move (.last-move) arrives
  // with a short animation when the move is new to this page, the log lines of the last
  // turn are marked, and a short sound (off unless asked for) says another seat moved or
  // that it is your turn. The sound is made here (WebAudio), no file is loaded.
  let shownSeq = null, audio = null;
  const SOUND_KEY = "clanboard:sound";
  const soundOn = () => localStorage.getItem(SOUND_KEY) === "1";
  function beep(notes) {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
      const now = audio.currentTime;
      notes.forEach(([freq, at], i) => {
        const osc = audio.createOscillator(), gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + at);
        gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.16);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + at);
        osc.stop(now + at + 0.18 + i * 0.01);
      });
    } catch (e) { /* no audio here: stay silent */ }
  }
  function moved() {
    const fresh = shownSeq !== null && view.seq > shownSeq;
    shownSeq = view.seq;
    document.body.dataset.lastSeq = String(view.seq);
    if (!fresh) return;
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!reduce) {
      for (const el of $("board").querySelectorAll(".last-move")) el.classList.add("just-moved");
    }
    const last = view.log[view.log.length - 1];
    if (!soundOn() || !last || last.player === seat) return;
    const mine = seat !== null && view.to_move.includes(seat) && view.status === "playing";
    beep(mine ? [[523, 0], [784, 0.12]] : [[440, 0]]);  // your turn: two rising notes
  }
  // browsers start audio only after a gesture: the first tap on the page (after a reload
  // with the sound on) wakes it for the moves that follow
  document.addEventListener("pointerdown", () => {
    if (!soundOn()) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
    } catch (e) { /* no audio here */ }
  }, {once: true});
  function soundToggle() {
    const box = h("input", {type: "checkbox", id: "sound", "data-testid": "sound"});
    box.checked = soundOn();
    box.addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, box.checked ? "1" : "0");
      if (box.checked) beep([[660, 0]]);  // what it sounds like (and audio is allowed now)
    });
    return h("label", {class: "check sound-toggle", title: t("table.sound_help")}, box, " " + t("table.sound"));
  }

  // the last turn: the trailing log entries of the last player who moved (oldest first),
  // so a board can highlight the card just played, the stone just claimed, the tile placed
  function lastTurn(entries) {
    const out = [];
    for (let i = entries.length - 1; i >= 0; i--) {
      if (out.length && entries[i].player !== out[0].player) break;
      out.unshift(entries[i]);
    }
    return out;
  }

  // questions a board may ask the server about the position (e.g. "why can't I claim?")
  async function explain(topic, params) {
    const q = new URLSearchParams(params);
    if (seat !== null) q.set("seat", seat);
    q.set("lang", lang);
    return api("GET", `/api/tables/${encodeURIComponent(tableId)}/explain-${topic}?${q}`, null,
      seat !== null ? tokens.get(tableId, seat) : null);
  }

  // why the game ended: a summary line, notes and one score table per scoring step
  function explanation(why) {
    const cell = (v) => h("td", {text: String(v)});
    return h("div", {class: "why", "data-testid": "result-why"},
      why.summary === why.headline ? null : h("p", {class: "why-summary", text: why.summary}),
      (why.lines || []).filter((l) => l && l !== why.summary && !why.summary.endsWith(l))
        .map((l) => h("p", {text: l})),
      (why.tables || []).map((t) => h("table", {class: "why-table"},
        h("caption", {text: t.title}),
        h("thead", {}, h("tr", {}, h("th", {text: ""}), t.columns.map((c) => h("th", {text: c})))),
        h("tbody", {}, t.rows.map((r) => h("tr", {}, h("th", {text: r.label}), r.values.map(cell)))))));
  }

  // the log speaks in words; the notation (a code to a player) only with the toggle
  function logLine(e, last) {
    const words = e.text || (e.move === null ? `${name(e.player)}: ${t("table.hidden_move")}` : `${name(e.player)}: ${e.move}`);
    const showNotation = $("log-notation") && $("log-notation").checked;
    return h("li", {class: [e.move ? "" : "muted", last ? "last-turn" : ""].join(" ").trim(), "data-move": e.move || ""},
      words, showNotation && e.move ? h("code", {class: "notation", text: ` ${e.move}`}) : null);
  }

  function drawLog() {
    // what happened besides moves (a clock running out) goes after the moves made before it
    const events = view.events || [];
    const line = (x) => h("li", {class: "event", "data-testid": "log-event", text: x.text});
    const recent = view.log.length - lastTurn(view.log).length;  // the last turn's first entry
    $("log").replaceChildren(
      ...view.log.flatMap((e, i) => [...events.filter((x) => x.seq === i).map(line), logLine(e, i >= recent)]),
      ...events.filter((x) => x.seq >= view.log.length).map(line));
    $("log").scrollTop = $("log").scrollHeight;
  }
  if ($("log-notation")) $("log-notation").onchange = () => { if (view) drawLog(); };
  ready.then(() => { if ($("sound-slot")) $("sound-slot").replaceWith(soundToggle()); });

  // -- replay ----------------------------------------------------------------------------
  async function openReplay() {
    const q = (seat !== null ? `?seat=${seat}&` : "?") + `lang=${lang}`;
    replayData = await api("GET", `/api/tables/${tableId}/replay${q}`);
    $("replay").hidden = false;
    $("board").hidden = true;
    $("moves").hidden = true;
    const slider = $("rp-slider");
    slider.max = replayData.frames.length - 1;
    slider.value = slider.max;
    slider.oninput = () => showFrame(Number(slider.value));
    $("rp-first").onclick = () => showFrame(0);
    $("rp-back").onclick = () => showFrame(Number(slider.value) - 1);
    $("rp-fwd").onclick = () => showFrame(Number(slider.value) + 1);
    $("rp-last").onclick = () => showFrame(replayData.frames.length - 1);
    $("rp-close").onclick = () => { $("replay").hidden = true; $("board").hidden = false; $("moves").hidden = false; };
    // the game is over: every hand may be shown; pick whose side of the table to sit at
    replaySeat = seat !== null ? seat : 0;
    drawReplaySeats();
    showFrame(replayData.frames.length - 1);
    if (window.clanboard.analysis) {
      window.clanboard.analysis.open({tableId, view, seat, name, frames: replayData.frames, showFrame, renderAlternative});
    }
    $("replay").scrollIntoView();
  }

  let replaySeat = 0;
  function drawReplaySeats() {
    const hidden = replayData.frames.some((f) => f.observations);
    $("rp-seats").replaceChildren(...(!hidden ? [] : [h("span", {class: "muted", text: t("table.sit_at") + " "}),
      ...view.seats.map((s) => h("button", {text: s.name, "aria-pressed": String(s.seat === replaySeat),
        "data-testid": "replay-seat-" + s.seat,
        onclick: () => { replaySeat = s.seat; drawReplaySeats(); showFrame(Number($("rp-slider").value)); }}))]));
  }

  // ←/→ step through the replay, Home/End jump to its ends (the slider handles its own keys)
  document.addEventListener("keydown", (ev) => {
    if (!replayData || $("replay").hidden || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t && (t.id === "rp-slider" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range"))) return;
    const at = Number($("rp-slider").value);
    const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: replayData.frames.length - 1}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    showFrame(to);
  });

  function showFrame(i) {
    const frames = replayData.frames;
    i = Math.max(0, Math.min(frames.length - 1, i));
    $("rp-slider").value = i;
    const f = frames[i];
    $("rp-label").textContent = i === 0 ? t("table.rp_start", {n: frames.length - 1})
      : `${i}/${frames.length - 1}: ${f.move.text || name(f.move.player) + " — " + f.move.move}`;
    $("rp-label").title = f.move ? f.move.move : "";
    const root = $("rp-board");
    root.replaceChildren();
    const moves = frames.slice(1, i + 1).map((x) => x.move);
    const all = f.observations || null;
    document.dispatchEvent(new CustomEvent("clanboard:frame", {detail: {i, data: replayData}}));
    renderer.render(root, {observation: all ? all[replaySeat] : f.observation, legalMoves: [],
      seat: all ? replaySeat : replayData.viewer, view, observations: all,
      seats: view.seats, names: view.seats.map((s) => s.name), play: () => {}, replay: true,
      lastMoves: lastTurn(moves)});
    if (window.clanboard.analysis) window.clanboard.analysis.frame(i);
  }

  // a position that is not the game's, with the move that led to it highlighted: the
  // analysis's alternative in the replay, the coach's better move or the tutorial's move at
  // the table. pos: {player, move, text, observation, observations (every seat's, or null),
  // words (the view's words for it, or none)}; who: whose side to show, viewer: the seat
  function drawPosition(root, pos, who, viewer) {
    const all = pos.observations || null;
    root.replaceChildren();
    const shown = pos.words ? Object.assign({}, view, {observation: pos.observation, words: pos.words}) : view;
    renderer.render(root, {observation: all ? all[who] : pos.observation, legalMoves: [],
      seat: all ? who : viewer, view: shown, observations: all,
      seats: view.seats, names: view.seats.map((s) => s.name), play: () => {}, replay: true,
      lastMoves: [{player: pos.player, move: pos.move, text: pos.text}]});
  }

  // the analysis's alternative: the position after the AI's move, that move highlighted
  function renderAlternative(alt) {
    $("rp-label").textContent = alt.text;
    drawPosition($("rp-board"), alt, replaySeat, replayData.viewer);
  }

  // looking back (coach.js): the live board gives way to a position until "Back to the
  // game" or the next move; "clanboard:lookback" tells the panels
  let lookBack = null;
  function closeLook() {
    lookBack = null;
    $("board").classList.remove("look-back");
    document.dispatchEvent(new CustomEvent("clanboard:lookback", {detail: null}));
  }
  function lookAt(pos, title, note, kind) {
    if (!view) return;
    lookBack = {pos, title, note, kind, seq: view.seq};
    draw();
    document.dispatchEvent(new CustomEvent("clanboard:lookback", {detail: {kind}}));
    $("board").scrollIntoView({block: "nearest"});
  }
  function back() {
    if (!lookBack) return;
    closeLook();
    if (view) draw();
  }
  Object.assign(window.clanboard.table, {lookAt, back, looking: () => (lookBack ? lookBack.kind : null)});

  let gameHasRenderer = false;
  async function start() {
    await ready;
    try {
      if (seat === null && await window.clanboard.account) {
        const held = (await api("GET", `/api/tables/${tableId}/my-seats`)).seats;
        const pick = held.includes(asked) ? asked : asked === null ? held[0] : undefined;
        if (pick !== undefined) { seat = pick; notice = ""; }
      }
      const games = await api("GET", "/api/games");
      const first = await api("GET", `/api/tables/${tableId}/view?lang=${lang}`);
      gameHasRenderer = !!(games.find((g) => g.id === first.game) || {}).renderer;
    } catch (e) {
      // no table to show (a wrong or old address): the reason and the way back, without the
      // empty log and chat panels (the chat's, with no summary yet, read "Details")
      $("status").replaceChildren(h("p", {text: e.message}),
        h("a", {href: "/", "data-testid": "back-to-lobby", text: t("rules.back")}));
      for (const panel of document.querySelectorAll("details.log, #chat")) panel.hidden = true;
      return;
    }
    // the panels' scripts after this one (coach.js) listen for the first view: a slow one
    // would miss it, so the socket opens once every script of the page has run
    if (document.readyState === "loading") {
      await new Promise((ok) => document.addEventListener("DOMContentLoaded", ok, {once: true}));
    }
    connect();
  }
  start();
})();
