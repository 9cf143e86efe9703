/* The live socket of every page (/api/live): the seek list (the lobby draws it), and for a
   logged-in account its games (the count of your turns in the title and the header's
   badge), a notification when it becomes your turn while the tab is in the background
   (Notification API, asked for only from the button of notifyButton()), Web Push for
   correspondence games, challenges to you (accept or decline from any page) and a seek or
   challenge that started (you are taken to its table). Pages listen with
   clanboard.live.on(type, fn): seeks, game, games, friend, count. */
"use strict";
window.clanboard.live = (function () {
  const cb = window.clanboard;
  const {h, t, api, ready, account} = cb;
  const listeners = {};
  const games = new Map();
  let me = null;
  const emit = (type, data) => (listeners[type] || []).forEach((fn) => { try { fn(data); } catch (e) { console.error(e); } });
  const last = {};  // the last seek list: a page that listens late draws it at once
  const on = (type, fn) => { (listeners[type] = listeners[type] || []).push(fn); if (last[type]) fn(last[type]); };

  const gameWord = (id) => (t.has(`game.${id}.name`) ? t(`game.${id}.name`) : id);
  // a clock in words: {kind: realtime|correspondence, ...} or null
  function clockWords(c) {
    if (!c) return t("clock.untimed");
    // a bank that is no whole number of minutes (a bot's 10 s challenge) in seconds, not "0 min"
    if (c.kind === "realtime") return c.initial_s % 60 ? t("clock.realtime_s", {s: c.initial_s, inc: c.increment_s || 0})
      : t("clock.realtime", {min: c.initial_s / 60, inc: c.increment_s || 0});
    return c.days_per_move === 1 ? t("clock.day_per_move") : t("clock.days_per_move", {n: c.days_per_move});
  }
  // seconds left in words: "2 d 3 h", "1 h 5 min", "4:05"
  function timeLeft(s) {
    if (s === null || s === undefined) return "";
    s = Math.max(0, Math.floor(s));
    const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) return t("clock.days_hours", {d, h: hr});
    if (hr) return t("clock.hours_minutes", {h: hr, m});
    return `${m}:${String(s % 60).padStart(2, "0")}`;
  }

  function myTurns() {
    let n = 0;
    for (const g of games.values()) if (g.my_turn && g.status !== "over") n++;
    return n;
  }
  // the title starts with the count of your turns, whatever title the page sets
  function titleCount() {
    const n = myTurns();
    const want = (n ? `(${n}) ` : "") + document.title.replace(/^\(\d+\) /, "");
    if (document.title !== want) document.title = want;
  }
  const titleEl = document.querySelector("title");
  if (titleEl) new MutationObserver(titleCount).observe(titleEl, {childList: true, characterData: true, subtree: true});
  function showCount() {
    const n = myTurns();
    titleCount();
    const badge = document.querySelector("[data-testid=games-badge]");
    if (badge) { badge.textContent = String(n); badge.hidden = !n; }
    emit("count", n);
  }

  // -- toasts: challenges and started games, on any page
  function toasts() {
    let box = document.getElementById("toasts");
    if (!box) { box = h("div", {id: "toasts", class: "toasts", role: "status", "aria-live": "polite"}); document.body.append(box); }
    return box;
  }
  function toast(id, ...children) {
    const old = document.querySelector(`[data-toast="${id}"]`);
    const el = h("div", {class: "toast panel", "data-toast": id, "data-testid": "toast-" + id}, ...children,
      h("button", {type: "button", class: "link close", "aria-label": t("common.cancel"), text: "×", onclick: () => el.remove()}));
    if (old) old.replaceWith(el); else toasts().append(el);
    return el;
  }
  function challengeText(c) {
    return t("seeks.challenge_from", {who: c.by, game: gameWord(c.game), clock: clockWords(c.clock),
      rated: c.rated ? t("seeks.rated") : t("seeks.casual")});
  }
  function onChallenge(m) {
    const c = m.challenge, id = "challenge-" + c.id;
    if (!me) return;
    if (m.gone) {
      document.querySelector(`[data-toast="${id}"]`)?.remove();
      if (m.gone === "declined" && c.by === me.name) toast(id, h("span", {text: t("seeks.declined_by", {who: c.to})}));
      return;
    }
    if (c.to === me.name) {
      const error = h("span", {class: "error"});
      toast(id, h("span", {text: challengeText(c)}), " ",
        h("button", {type: "button", class: "primary", "data-testid": "accept-challenge", text: t("rematch.accept"),
          onclick: async () => { try { await api("POST", `/api/seeks/${c.id}/accept`); } catch (e) { error.textContent = e.message; } }}), " ",
        h("button", {type: "button", "data-testid": "decline-challenge", text: t("rematch.decline"),
          onclick: async () => { await api("POST", `/api/seeks/${c.id}/decline`).catch(() => null); document.querySelector(`[data-toast="${id}"]`)?.remove(); }}),
        error);
    }
  }
  function onStarted(m) {
    const here = location.pathname.startsWith("/t/") && location.pathname !== `/t/${m.table}`;
    if (here) {
      toast("started-" + m.table, h("a", {href: m.link, text: t("seeks.started")}));
    } else if (location.pathname !== `/t/${m.table}`) {
      location.href = m.link;
    }
  }

  // -- notifications
  function notifyTurn(g) {
    if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
    const who = g.opponents.map(cb.seatName).join(", ");
    const n = new Notification(t("notify.your_turn", {game: gameWord(g.game)}),
      {body: t("notify.against", {who}), tag: "turn-" + g.table});
    n.onclick = () => { window.focus(); location.href = g.link; n.close(); };
    emit("notified", g);
  }
  const b64 = (s) => Uint8Array.from(atob((s + "=".repeat((4 - s.length % 4) % 4)).replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  async function subscribePush() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
    const key = await api("GET", "/api/push/key").catch(() => null);
    if (!key || !key.enabled) return false;
    const reg = await navigator.serviceWorker.register("/sw.js");
    const sub = await reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: b64(key.key)});
    await api("POST", "/api/push/subscriptions", sub.toJSON());
    return true;
  }
  // the button that asks the browser's permission (never asked for on load)
  function notifyButton() {
    const state = h("span", {class: "muted", "data-testid": "notify-state"});
    const button = h("button", {type: "button", "data-testid": "notify", text: t("notify.enable")});
    const show = () => {
      if (!("Notification" in window)) { button.hidden = true; state.textContent = t("notify.unsupported"); return; }
      const p = Notification.permission;
      button.hidden = p !== "default";
      state.textContent = p === "granted" ? t("notify.on") : p === "denied" ? t("notify.blocked") : "";
    };
    button.addEventListener("click", async () => {
      await Notification.requestPermission();
      show();
      if (Notification.permission === "granted") {
        try { if (await subscribePush()) state.textContent = t("notify.on_push"); } catch (e) { /* push is a bonus */ }
      }
    });
    ready.then(show);
    return h("p", {class: "notify"}, button, " ", state);
  }

  // -- the socket
  let ws = null, wait = 1000;
  function connect() {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live`);
    ws.onopen = () => { wait = 1000; };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (m.type === "game") {
        if (m.game.status === "over") games.delete(m.game.table); else games.set(m.game.table, m.game);
        showCount();
        emit("game", m.game);
      } else if (m.type === "turn") {
        notifyTurn(m.game);
      } else if (m.type === "challenge") {
        onChallenge(m);
      } else if (m.type === "started") {
        onStarted(m);
      }
      if (m.type === "seeks") last.seeks = m;
      emit(m.type, m);
    };
    ws.onclose = () => { setTimeout(connect, wait); wait = Math.min(30000, wait * 2); };
  }
  setInterval(() => { if (ws && ws.readyState === 1) ws.send('{"type":"ping"}'); }, 15000);

  function header(user) {
    const top = document.querySelector("header.top");
    if (!top || !user) return;
    const nav = h("nav", {class: "me-nav"},
      // the badge keeps its distance by its margin: a space before it, hidden, was underlined
      h("a", {href: "/my-games", "data-testid": "my-games-link"}, t("lobby.your_games"),
        h("span", {class: "count", "data-testid": "games-badge", hidden: true})),
      " · ", h("a", {href: "/friends", "data-testid": "friends-link", text: t("friends.title")}));
    top.insertBefore(nav, top.querySelector(".account"));
  }

  const loaded = (async () => {
    await ready;
    me = await account;
    header(me);
    if (me) {
      try {
        const r = await api("GET", "/api/my-games");
        for (const g of r.games) games.set(g.table, g);
      } catch (e) { /* the count waits for the socket */ }
      showCount();
      emit("games", [...games.values()]);
    }
    connect();
  })();

  return {on, games, loaded, clockWords, timeLeft, gameWord, notifyButton, myTurns, get me() { return me; }};
})();
