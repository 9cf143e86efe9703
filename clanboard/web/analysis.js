/* Post-game analysis in the replay viewer: a "Request analysis" button with progress, an SVG
   graph of the win chance over the moves (inaccuracies, mistakes and blunders marked; a click
   jumps to the move), and for the replay's move the AI's preferred move in words and, on
   request, on the board. table.js calls open(ctx) when the replay opens and frame(i) when it
   shows a position. */
"use strict";
(function () {
  const {h, s, api, t, lang} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  const MARKS = ["inaccuracy", "mistake", "blunder"];
  const W = 600, H = 140, PAD = 8;
  let ctx = null, data = null, timer = null, current = 0, showingAlt = false;

  const root = () => $("analysis");
  const url = () => `/api/tables/${encodeURIComponent(ctx.tableId)}/analysis?lang=${lang}`;
  const pct = (v) => Math.round(100 * v);
  const byIndex = () => new Map((data ? data.moves : []).map((m) => [m.index, m]));

  function open(c) {
    ctx = c;
    current = c.frames.length - 1;
    root().hidden = false;
    load();
  }

  async function load() {
    clearTimeout(timer);
    try {
      data = await api("GET", url());
    } catch (e) {
      data = null;
      if (e.status !== 404) return draw(t("analysis.error", {reason: e.message}));
    }
    draw();
  }

  async function request() {
    try {
      data = await api("POST", url(), {});
      draw();
    } catch (e) { draw(t("analysis.error", {reason: e.message})); }
  }

  async function cancel() {
    try { data = await api("DELETE", url()); draw(); } catch (e) { draw(t("analysis.error", {reason: e.message})); }
  }

  function draw(problem) {
    const el = root();
    if (!el || !ctx) return;
    const running = data && (data.status === "queued" || data.status === "running");
    const parts = [h("h3", {text: t("analysis.title")})];
    if (problem) parts.push(h("p", {class: "error", text: problem}));
    if (!data || data.status === "cancelled" || data.status === "failed") {
      if (data) parts.push(h("p", {class: "muted", text: data.status === "failed" ? t("analysis.failed")
        : t("analysis.cancelled", {done: data.done, total: data.total})}));
      parts.push(h("button", {class: "primary", text: t("analysis.request"), "data-testid": "analysis-request", onclick: request}));
    }
    if (running) {
      parts.push(h("div", {class: "analysis-progress", "data-testid": "analysis-progress"},
        h("progress", {max: String(data.total || 1), value: String(data.done)}),
        h("span", {text: " " + (data.status === "queued" && !data.done ? t("analysis.queued")
          : t("analysis.progress", {done: data.done, total: data.total}))}),
        h("button", {text: t("analysis.cancel"), "data-testid": "analysis-cancel", onclick: cancel})));
      timer = setTimeout(load, 1000);
    }
    if (data && data.moves.length) {
      parts.push(graph(), summary(), h("div", {id: "analysis-move", class: "analysis-move", "data-testid": "analysis-move"}));
    }
    el.replaceChildren(...parts);
    detail();
  }

  // the value drawn for a move: seat 0's win chance in a 2-player game, else the mover's share
  function plotted(m) {
    if (data.scale === "win_chance" && m.player !== 0) return 1 - m.after;
    return m.after;
  }

  function graph() {
    const n = ctx.frames.length - 1;
    const x = (i) => PAD + (W - 2 * PAD) * (n ? i / n : 0);
    const y = (v) => PAD + (H - 2 * PAD) * (1 - v);
    const two = data.scale === "win_chance";
    const kids = [
      s("rect", {x: 0, y: 0, width: W, height: H, class: "analysis-bg"}),
      s("line", {x1: PAD, x2: W - PAD, y1: y(0.5), y2: y(0.5), class: "analysis-mid"}),
    ];
    const seats = two ? [0] : ctx.view.seats.map((x) => x.seat);
    for (const seat of seats) {
      const pts = data.moves.filter((m) => two || m.player === seat)
        .map((m) => `${x(m.index + 1).toFixed(1)},${y(plotted(m)).toFixed(1)}`);
      if (two && data.moves.length) {
        const first = data.moves[0];
        const start = first.player === 0 ? first.before : 1 - first.before;
        pts.unshift(`${x(first.index).toFixed(1)},${y(start).toFixed(1)}`);
      }
      kids.push(s("polyline", {points: pts.join(" "), class: `analysis-line seat-${seat}`}));
    }
    kids.push(s("line", {x1: x(current), x2: x(current), y1: 0, y2: H, class: "analysis-cursor", id: "analysis-cursor"}));
    for (const m of data.moves) {
      const mark = m.mark;
      kids.push(s("circle", {
        cx: x(m.index + 1), cy: y(plotted(m)), r: mark ? 5 : 3,
        class: `analysis-point${mark ? " mark-" + mark : ""}`,
        "data-testid": `analysis-point-${m.index + 1}`, "data-mark": mark || "",
        onclick: () => ctx.showFrame(m.index + 1),
      }, s("title", {text: `${m.index + 1}. ${m.text}${mark ? " — " + t("analysis.mark." + mark) : ""}`})));
    }
    const label = two ? t("analysis.graph", {who: ctx.name(0)}) : t("analysis.graph_multi");
    return h("figure", {class: "analysis-graph"},
      s("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, "data-testid": "analysis-graph"}, ...kids),
      h("figcaption", {class: "muted", text: label}));
  }

  function summary() {
    return h("ul", {class: "analysis-summary", "data-testid": "analysis-summary"}, ctx.view.seats.map((seat) => {
      const counts = {};
      for (const k of MARKS) counts[k] = data.moves.filter((m) => m.player === seat.seat && m.mark === k).length;
      return h("li", {text: t("analysis.summary", {who: seat.name, ...counts})});
    }));
  }

  // the replay's move: what was played, its mark, and the AI's preference
  function detail() {
    const el = $("analysis-move");
    if (!el) return;
    const m = byIndex().get(current - 1);
    if (!m) { el.replaceChildren(h("p", {class: "muted", text: t("analysis.pick_move")})); return; }
    const same = m.best === m.move;
    el.replaceChildren(
      h("p", {}, h("strong", {text: t("analysis.played", {move: m.text})}), " ",
        m.mark ? h("span", {class: `analysis-mark mark-${m.mark}`, "data-testid": "analysis-mark", text: t("analysis.mark." + m.mark)}) : null),
      h("p", {text: t(data.scale === "win_chance" ? "analysis.value" : "analysis.value_share", {before: pct(m.before), after: pct(m.after)})}),
      h("p", {"data-testid": "analysis-best", text: m.forced ? t("analysis.forced") : same ? t("analysis.ai_agrees")
        : t("analysis.ai_prefers", {move: m.best_text, value: pct(m.before)})}),
      same || m.forced ? null : h("button", {"data-testid": "analysis-show-best", text: t(showingAlt ? "analysis.show_played" : "analysis.show_alternative"),
        onclick: () => toggleAlternative(m)}));
  }

  // the AI's move on the board: the position after it, from the server, with it highlighted
  async function toggleAlternative(m) {
    if (showingAlt) { showingAlt = false; ctx.showFrame(current); return; }
    try {
      const q = `?lang=${lang}` + (ctx.seat !== null && ctx.seat !== undefined ? `&seat=${ctx.seat}` : "");
      const alt = await api("GET", `/api/tables/${encodeURIComponent(ctx.tableId)}/analysis/${m.index}/alternative${q}`);
      showingAlt = true;
      ctx.renderAlternative(alt);
      detail();
    } catch (e) { draw(t("analysis.error", {reason: e.message})); }
  }

  function frame(i) {
    current = i;
    showingAlt = false;
    const cursor = $("analysis-cursor");
    if (cursor && ctx) {
      const n = ctx.frames.length - 1;
      const x = PAD + (W - 2 * PAD) * (n ? i / n : 0);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    detail();
  }

  window.clanboard.analysis = {open, frame};
})();
