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
  let view = null, hint = null, error = "", asking = false, shownStep = "", shownMove = "";
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
      whenDrawn(LOOKED_AT);  // the move drawn on the board, in sight (not under the panel)
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
    const folded = !!tut && seat !== null && isFolded();
    if (tut && seat !== null) {  // server/coach/tutorial.py: the step's explanation
      const text = view.status === "over" ? t("learn.finished") : tut.text;
      parts.push(h("div", {class: "tutorial", "data-testid": "tutorial"},
        h("div", {class: "tutorial-head"},
          h("strong", {"data-testid": "tutorial-step", text: view.status === "over" ? t("learn.title")
            : tut.done ? t("learn.own") : t("learn.step", {n: tut.step, of: tut.steps})}),
          // folded (a phone): the step's first words on the bar, the rest a tap away
          h("span", {class: "tutorial-peek", "aria-hidden": "true", text: text}),
          h("button", {class: "tutorial-fold", "data-testid": "tutorial-fold", "aria-expanded": String(!folded),
            "aria-controls": "tutorial-body", text: folded ? t("learn.show_step") : t("learn.hide_step"), onclick: () => fold(!folded)})),
        h("div", {class: "tutorial-body", id: "tutorial-body"},
          h("p", {"data-testid": "tutorial-text", text}),
          tut.move && tut.following && view.status === "playing" && view.to_move.includes(seat) ? boardButton("tutorial", "coach.show_suggested") : null)));
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
    el.classList.toggle("folded", folded);
    el.replaceChildren(...parts);
    dock();
    // a new tutorial step while the learner is down at the board (a tall board): its words
    // come into view (docked at the bottom of a phone, they always are), then its suggested
    // move, clear of the panel
    const stepNow = tut ? `${tut.step}:${tut.following}:${view.status}` : "";
    if (stepNow && shownStep && stepNow !== shownStep && !docked()) {
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight) el.scrollIntoView({block: "start"});
    }
    shownStep = stepNow;
    // the step's suggested move, once it is the learner's turn to make it
    const moveNow = tut && tut.move && tut.following && view.status === "playing" && view.to_move.includes(seat) ? `${tut.step}:${tut.move}` : "";
    if (moveNow && moveNow !== shownMove) whenDrawn(SUGGESTED);
    shownMove = moveNow;
  }

  // -- the tutorial's panel on a phone (app.css): docked at the bottom of the screen, at most
  // a third of it high (its words scroll inside), folded to a two-line bar on request; the
  // choice is kept for the table. --dock-h (its height) keeps the page's end and the toasts
  // clear of it. On a wide screen it stays at the top of the board (sticky) and never folds.
  const foldKey = () => `clanboard:tutorial-folded:${table().id}`;
  function isFolded() { try { return localStorage.getItem(foldKey()) === "1"; } catch (e) { return false; } }
  function fold(on) {
    try { if (on) localStorage.setItem(foldKey(), "1"); else localStorage.removeItem(foldKey()); } catch (e) { /* private mode */ }
    draw();
    if (!on) whenDrawn(table().looking() ? LOOKED_AT : SUGGESTED);
  }
  const docked = () => { const el = $("coach"); return !!el && !el.hidden && getComputedStyle(el).position === "fixed"; };
  function dock() {
    const el = $("coach");
    const height = docked() ? Math.ceil(el.getBoundingClientRect().height) : 0;
    document.documentElement.style.setProperty("--dock-h", `${height}px`);
  }
  if (window.ResizeObserver) new ResizeObserver(dock).observe(document.getElementById("coach") || document.body);
  window.addEventListener("resize", dock);

  // the board is drawn after this panel (table.js takes the same message next, and the
  // first time loads the game's renderer first): wait a little for its marks
  const SUGGESTED = "#board .suggested", LOOKED_AT = "[data-testid=look-back-board] .last-move";
  let waiting = 0;
  function whenDrawn(selector) {
    const mine = ++waiting;
    let tries = 40;
    const again = () => {
      if (mine !== waiting) return;
      if (document.querySelector(selector)) requestAnimationFrame(() => showMarked(selector));
      else if (--tries > 0) setTimeout(again, 50);
    };
    setTimeout(again, 0);
  }

  /** The suggested move's components (table.js and the renderer mark them .suggested), or
      the move drawn on the board after "Show the suggested move", into the part of the
      screen the panel leaves free: under it (sticky at the top) or above it (docked at the
      bottom); a board that scrolls sideways is scrolled to them too. */
  function showMarked(selector) {
    const marked = [...document.querySelectorAll(selector)];
    if (!marked.length) return;
    const first = marked[0];
    for (let n = first.parentElement; n && n !== document.body; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (n.scrollWidth > n.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX)) {
        const r = first.getBoundingClientRect(), box = n.getBoundingClientRect();
        if (r.left < box.left || r.right > box.right) n.scrollLeft += r.left - box.left - (box.width - r.width) / 2;
      }
    }
    const coach = $("coach"), pad = 12;
    let top = 0, bottom = window.innerHeight;
    if (coach && !coach.hidden) {
      const c = coach.getBoundingClientRect();
      if (docked()) bottom = c.top;
      else if (getComputedStyle(coach).position === "sticky") top = Math.max(0, c.bottom);
    }
    const rects = marked.map((m) => m.getBoundingClientRect()).filter((r) => r.width || r.height);
    if (!rects.length) return;
    let lo = Math.min(...rects.map((r) => r.top)), hi = Math.max(...rects.map((r) => r.bottom));
    if (hi - lo > bottom - top - 2 * pad) [lo, hi] = [rects[0].top, rects[0].bottom];  // all of them do not fit: the first
    // out of the free part: brought to its middle, with what lies around it
    const by = lo < top + pad || hi > bottom - pad ? (lo + hi) / 2 - (top + bottom) / 2 : 0;
    // sticky at the top: the panel moves with the page until it sticks; scrolled up, it
    // takes its place again above the board
    if (by) window.scrollBy({top: by, behavior: "instant"});
    if (!docked() && coach && !coach.hidden && by) {
      const c = coach.getBoundingClientRect(), now = Math.min(...marked.map((m) => m.getBoundingClientRect().top));
      if (now < c.bottom + pad && c.top <= 0) window.scrollBy({top: now - c.bottom - pad, behavior: "instant"});
    }
  }
})();
