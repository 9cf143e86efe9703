/* Ending a game other than by its moves (server/endings/actions.py): resign, abort, close a table
   nobody joined, and claim the victory or a draw when the player the game waits for has
   left. Each asks first (an inline confirmation). table.js hands every WebSocket message on
   as a "clanboard:message" event; this file keeps to its own panel (#endings). */
"use strict";
(function () {
  const {h, t, api, tokens, lang} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  const table = () => window.clanboard.table;
  const mySeat = () => (table() ? table().seat() : null);
  let view = null, presence = null, asking = null, error = "", claim = null, timer = null;
  const name = (i) => (view && view.seats[i] ? view.seats[i].name : t("common.seat_n", {n: i + 1}));

  document.addEventListener("clanboard:message", (ev) => {
    const msg = ev.detail;
    if (msg.type === "view") {
      if (view && msg.view.seq !== view.seq) { asking = null; error = ""; }
      view = msg.view;
      presence = view.presence || presence;
      checkClaim();
      draw();
    } else if (msg.type === "presence") {
      presence = msg.presence;
      checkClaim();
    }
  });

  async function send(action, body) {
    const seat = mySeat();
    error = "";
    try {
      await api("POST", `/api/tables/${encodeURIComponent(view.table)}/${action}?lang=${lang}`,
        {seat, ...(body || {})}, tokens.get(view.table, seat));
      asking = null;
    } catch (e) {
      error = e.message;
    }
    draw();
  }

  // the seats the game waits for whose players have no page or stream open
  function goneSeats() {
    const seat = mySeat();
    if (!view || !presence || view.status !== "playing") return [];
    return view.to_move.filter((s) => s !== seat && view.seats[s].kind === "human" && presence[s] === "disconnected");
  }

  async function checkClaim() {
    const seat = mySeat();
    if (!view || seat === null || !view.endings || !view.endings.claim || !goneSeats().length) {
      if (claim) { claim = null; draw(); }
      return;
    }
    try {
      const r = await api("GET", `/api/tables/${encodeURIComponent(view.table)}/claim?seat=${seat}&lang=${lang}`,
        null, tokens.get(view.table, seat));
      claim = r.seats.length ? {seats: r.seats, draw: r.draw, ready: Date.now() + 1000 * r.wait} : null;
    } catch (e) { claim = null; }
    draw();
  }

  function confirmBox(text, yes, action, body) {
    return h("div", {class: "confirm", role: "alertdialog", "data-testid": "endings-confirm"},
      h("p", {text}),
      h("button", {class: "danger", "data-testid": "endings-yes", text: yes, onclick: () => send(action, body)}),
      h("button", {"data-testid": "endings-no", text: t("common.cancel"), onclick: () => { asking = null; draw(); }}));
  }

  function resignText() {
    if (view.num_players <= 2) return t("endings.resign_confirm_two");
    return view.endings.on_resign === "last" ? t("endings.resign_confirm_last") : t("endings.resign_confirm_ai");
  }

  function claimPart() {
    if (!claim) return [];
    const who = claim.seats.map(name).join(", ");
    const left = Math.ceil((claim.ready - Date.now()) / 1000);
    clearTimeout(timer);
    if (left > 0) {
      timer = setTimeout(draw, 1000);
      return [h("span", {class: "muted", "data-testid": "claim-wait", text: t("endings.gone_wait", {who, s: left})})];
    }
    const out = [h("span", {"data-testid": "claim-ready", text: t("endings.gone", {who}) + " "}),
      h("button", {class: "primary", "data-testid": "claim-victory",
        text: view.num_players <= 2 ? t("endings.claim_victory") : t("endings.claim_ai"),
        onclick: () => send("claim", {result: "victory"})})];
    if (claim.draw) {
      out.push(h("button", {"data-testid": "claim-draw", text: t("endings.claim_draw"),
        onclick: () => send("claim", {result: "draw"})}));
    }
    return out;
  }

  function draw() {
    const panel = $("endings");
    if (!panel || !view) return;
    const e = view.endings || {};
    const seat = mySeat();
    const parts = [];
    if (seat !== null) {
      if (asking === "resign") parts.push(confirmBox(resignText(), t("endings.resign_yes"), "resign"));
      else if (asking === "abort") parts.push(confirmBox(t("endings.abort_confirm"), t("endings.abort_yes"), "abort"));
      else if (asking === "abandon") parts.push(confirmBox(t("endings.abandon_confirm"), t("endings.abandon_yes"), "abandon"));
      else {
        parts.push(...claimPart());
        if (e.abort) parts.push(h("button", {"data-testid": "abort", text: t("endings.abort"), onclick: () => { asking = "abort"; draw(); }}));
        if (e.resign) parts.push(h("button", {"data-testid": "resign", text: t("endings.resign"), onclick: () => { asking = "resign"; draw(); }}));
        if (e.abandon) parts.push(h("button", {"data-testid": "abandon", text: t("endings.abandon"), onclick: () => { asking = "abandon"; draw(); }}));
      }
    }
    if (error) parts.push(h("p", {class: "error", role: "alert", "data-testid": "endings-error", text: error}));
    panel.hidden = !parts.length;
    panel.replaceChildren(...parts);
  }
})();
