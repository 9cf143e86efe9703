/* A table's clocks and presence: each seat's time left (ticking between the server's
   updates, warning when low) and a dot for connected / away / disconnected; and the
   page's heartbeat, which tells the server whether this page is shown. */
"use strict";
(function () {
  const {h, t} = window.clanboard;
  const PING_MS = 15000;  // the server's presence.PING_SECONDS
  const WORDS = {
    connected: () => t("presence.connected"),
    away: () => t("presence.away"),
    disconnected: () => t("presence.disconnected"),
  };
  let view = null, me = null, received = 0, presence = [], timer = null, beat = null, socket = null;

  function left(i) {
    const c = view.clock;
    const r = c.remaining[i];
    if (r === null || r === undefined) return null;
    const spent = c.running.includes(i) ? (performance.now() - received) / 1000 : 0;
    return Math.max(0, r - spent);
  }

  function format(s, kind) {
    const whole = Math.ceil(s);
    const hrs = Math.floor(whole / 3600), min = Math.floor((whole % 3600) / 60), sec = whole % 60;
    if (kind === "correspondence" && whole >= 86400) return t("clock.days_hours", {d: Math.floor(whole / 86400), h: Math.floor((whole % 86400) / 3600)});
    if (kind === "correspondence" && whole >= 3600) return t("clock.hours_minutes", {h: hrs, m: min});
    const pad = (n) => String(n).padStart(2, "0");
    return hrs ? `${hrs}:${pad(min)}:${pad(sec)}` : `${min}:${pad(sec)}`;
  }

  // low (shown on a running clock): under 30 s or a tenth of the bank (real time); a tenth
  // of the move's time (correspondence)
  function low(s) {
    const c = view.clock;
    const full = c.kind === "realtime" ? c.initial_s : c.days_per_move * 86400;
    return c.kind === "realtime" ? s < 30 || s < full / 10 : s < full / 10;
  }

  function tick() {
    if (!view || !view.clock) return;
    for (const el of document.querySelectorAll("[data-clock-seat]")) {
      const i = Number(el.dataset.clockSeat), s = left(i);
      if (s === null) continue;
      const running = view.clock.running.includes(i), warn = running && low(s);
      el.textContent = format(s, view.clock.kind);
      el.classList.toggle("running", running);
      el.classList.toggle("low", warn);
      el.title = warn ? t("clock.low") : "";
    }
  }

  function dots() {
    for (const el of document.querySelectorAll("[data-presence-seat]")) {
      const state = presence[Number(el.dataset.presenceSeat)] || "disconnected";
      el.className = "presence-dot " + state;
      el.dataset.presence = state;
      el.title = (WORDS[state] || WORDS.disconnected)();
      el.setAttribute("aria-label", el.title);
    }
  }

  function draw() {
    const root = document.getElementById("clocks");
    if (!root || !view) return;
    const clock = view.clock;
    root.hidden = false;
    root.replaceChildren(...(clock ? [h("span", {class: "muted", text: describe(clock)})] : []),
      h("ul", {class: "clock-seats"}, view.seats.map((s) => h("li", {class: s.seat === me ? "me" : ""},
        h("span", {class: "presence-dot", "data-presence-seat": s.seat, "data-testid": "presence-" + s.seat, role: "img"}),
        h("span", {text: " " + s.name + " "}),
        clock && clock.remaining[s.seat] !== null
          ? h("span", {class: "clock", "data-clock-seat": s.seat, "data-testid": "clock-" + s.seat}) : null))));
    dots();
    tick();
  }

  function describe(c) {
    // a bank that is no whole number of minutes (a bot's 10 s challenge) in seconds, not "0 min"
    if (c.kind === "realtime") return c.initial_s % 60 ? t("clock.realtime_s", {s: c.initial_s, inc: c.increment_s || 0})
      : t("clock.realtime", {min: c.initial_s / 60, inc: c.increment_s || 0});
    return c.days_per_move === 1 ? t("clock.day_per_move") : t("clock.days_per_move", {n: c.days_per_move});
  }

  function ping() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "ping", hidden: document.hidden}));
  }
  document.addEventListener("visibilitychange", ping);

  window.clanboard.clock = {
    /** Draw the clocks and dots of a view (``seat``: this page's seat, or null). */
    show(v, seat) {
      view = v; me = seat; received = performance.now();
      presence = v.presence || [];
      draw();
      if (!timer) timer = setInterval(tick, 250);
    },
    /** A ``{"type": "presence"}`` message: each seat's presence. */
    presence(list) { presence = list; dots(); },
    /** Send heartbeats on ``ws`` (its first message, the seat's auth, goes first). */
    attach(ws) {
      socket = ws;
      ws.addEventListener("open", ping);
      if (!beat) beat = setInterval(ping, PING_MS);
    },
  };
})();
