/* Hints and coach mode at the table (server/coach/hints.py): the Hint button and what the AI
   says about it, the coach-mode switch and the coach's verdict on the player's last move,
   and the hints each player took on the result. A marked verdict offers the coach's better
   move on the board, and a tutorial's step its suggested move: the position after that move
   (GET .../coach/position, as this seat may see it) drawn by table.js's drawPosition, as the
   analysis draws its alternative, until "Back to the game" or the next move. table.js hands
   every WebSocket message on as a "clanboard:message" event; this file keeps to its own
   panel (#coach). */
"use strict";
(function () {
  const {h, t, api, tokens, lang} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  let view = null, hint = null, error = "", asking = false, shownStep = "";
  const table = () => window.clanboard.table;
  const mySeat = () => (table() ? table().seat() : null);
  const url = (what) => `/api/tables/${encodeURIComponent(table().id)}/${what}?lang=${encodeURIComponent(lang)}`;
  const token = () => tokens.get(table().id, mySeat());

  function onMessage(msg) {
    if (msg.type !== "view") return;
    if (view && msg.view.seq !== view.seq) { hint = null; error = ""; }
    view = msg.view;
    draw();
  }
  document.addEventListener("clanboard:message", (ev) => onMessage(ev.detail));
  document.addEventListener("clanboard:lookback", () => draw());

  // the position after the coach's better move ("verdict") or the tutorial's ("tutorial")
  let fetching = false;
  async function showOnBoard(of) {
    if (fetching) return;
    if (table().looking() === of) { table().back(); return; }
    fetching = true; error = "";
    try {
      const pos = await api("GET", `${url("coach/position")}&seat=${mySeat()}&of=${of}`, undefined, token());
      if (of === "verdict") table().lookAt(pos, t("coach.lookback", {move: pos.text}), t("coach.lookback_note"), of);
      else table().lookAt(pos, t("coach.preview", {move: pos.text}), t("coach.preview_note"), of);
    } catch (e) { error = t("coach.board_error", {reason: (e.data && e.data.reason) || e.message}); }
    fetching = false;
    draw();
  }
  const boardButton = (of, label) => {
    const on = table() && table().looking() === of;
    return h("button", {"data-testid": of === "verdict" ? "coach-show-better" : "tutorial-show-move", "aria-pressed": String(on),
      disabled: fetching, text: on ? t("coach.back") : t(label), onclick: () => showOnBoard(of)});
  };

  async function ask() {
    if (asking) return;
    asking = true; error = ""; hint = null;
    draw();
    try {
      hint = await api("POST", url("hint"), {seat: mySeat()}, token());
      if (view) view.coach.hints[mySeat()] = hint.hints;
    } catch (e) { error = (e.data && e.data.reason) || e.message; }
    asking = false;
    draw();
  }

  async function switchCoach(on) {
    error = "";
    try { view = await api("POST", url("coach"), {seat: mySeat(), on}, token()); }
    catch (e) { error = (e.data && e.data.reason) || e.message; }
    draw();
  }

  function hintsTaken() {
    const taken = view.seats.map((s, i) => [s, view.coach.hints[i] || 0]).filter(([s]) => s.kind !== "ai");
    if (!taken.some(([, n]) => n > 0)) return [];
    return [h("p", {"data-testid": "coach-hints-taken",
      text: t("coach.hints_taken", {list: taken.map(([s, n]) => t("coach.hints_of", {who: s.name, n})).join(", ")})})];
  }

  function verdictLine(v, mine) {
    const line = h("p", {class: "coach-verdict" + (v.mark ? " mark-" + v.mark : " mark-good"),
      "data-testid": "coach-verdict", "data-mark": v.mark || "good", text: v.text});
    return v.mark && mine ? h("div", {class: "coach-row"}, line, boardButton("verdict", "coach.show_better")) : line;
  }

  function draw() {
    const el = $("coach");
    if (!el || !view || !view.coach) return;
    const c = view.coach, seat = mySeat();
    const parts = [];
    const tut = view.tutorial;
    if (tut && seat !== null) {  // server/coach/tutorial.py: the step's explanation
      parts.push(h("div", {class: "tutorial", "data-testid": "tutorial"},
        h("strong", {"data-testid": "tutorial-step", text: view.status === "over" ? t("learn.title")
          : tut.done ? t("learn.own") : t("learn.step", {n: tut.step, of: tut.steps})}),
        h("p", {"data-testid": "tutorial-text", text: view.status === "over" ? t("learn.finished") : tut.text}),
        tut.move && tut.following && view.status === "playing" && view.to_move.includes(seat) ? boardButton("tutorial", "coach.show_suggested") : null));
    }
    if (view.status === "over") {
      parts.push(...hintsTaken());
      if (c.on && c.verdict) parts.push(verdictLine(c.verdict, seat !== null));
    } else if (seat !== null && c.allowed && view.seats[seat] && view.seats[seat].kind !== "ai") {
      const myTurn = view.status === "playing" && view.to_move.includes(seat);
      const row = [h("button", {"data-testid": "hint", disabled: !myTurn || asking, title: t("coach.hint_help"),
        text: t("coach.hint"), onclick: ask})];
      if (c.available) {
        const box = h("input", {type: "checkbox", "data-testid": "coach-mode", checked: !!c.on,
          onchange: (ev) => switchCoach(ev.target.checked)});
        row.push(h("label", {class: "check", title: t("coach.mode_help")}, box, " ", t("coach.mode")));
      }
      if (c.hints[seat]) row.push(h("span", {class: "muted", "data-testid": "coach-hint-count", text: t("coach.hints_used", {n: c.hints[seat]})}));
      parts.push(h("div", {class: "coach-row"}, row));
      if (asking) parts.push(h("p", {class: "muted", "data-testid": "coach-thinking", text: t("coach.thinking")}));
      if (hint && hint.seq === view.seq) {
        parts.push(h("div", {class: "coach-hint", "data-testid": "coach-hint"},
          hint.lines.map((line) => h("p", {text: line}))));
      }
      if (c.on && c.verdict) {
        parts.push(verdictLine(c.verdict, true));
      } else if (c.on && c.pending) {
        parts.push(h("p", {class: "muted", "data-testid": "coach-pending", text: t("coach.looking")}));
      }
    }
    if (error) parts.push(h("p", {class: "error", role: "alert", "data-testid": "coach-error", text: error}));
    el.hidden = !parts.length;
    el.replaceChildren(...parts);
    // a new tutorial step while the learner is down at the board (a tall board, a phone):
    // its words come into view
    const stepNow = tut ? `${tut.step}:${tut.following}:${view.status}` : "";
    if (stepNow && shownStep && stepNow !== shownStep) {
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight) el.scrollIntoView({block: "start"});
    }
    shownStep = stepNow;
  }
})();
