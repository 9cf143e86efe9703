/* Isle of Skye in the browser: the round track, the scoring tiles, the tiles on offer and
   every territory as a grid of square tiles. Pricing: click the tile to discard, set two
   prices with -/+, Offer. Buying: click a priced tile. Building: click a highlighted cell,
   turn the tile (button or R), Place. A tutorial's suggested move (ctx.suggested) is outlined
   where it is made: the tile to discard or price (and its + or −), the tile to buy, the tile
   to place, its cell and Turn until the planned rotation shows, Pass. */
"use strict";
(function () {
  const {h, s, t: tr, kit} = window.clanboard;
  const TERRAIN = {P: "#8dc063", M: "#a59c90", W: "#5d9fd6"};
  const TERRAIN_DARK = {P: "#5f8f3c", M: "#6f665b", W: "#2f6fa6"};
  const TERRAIN_NAME = new Proxy({}, {get: (_, c) => tr("sk.terrain." + String(c))});
  const SEAT = {blue: "#1f5f8b", yellow: "#d4a900", red: "#c0392b", white: "#efefef", green: "#2d7a3a"};
  const DIRS = "NESW";
  const DV = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  const PHASE = new Proxy({}, {get: (_, p) => tr("sk.phase." + String(p))});
  // scoring tiles' names and rules come in English with the observation; shown translated
  const stext = (sid, x) => ({name: tr.has(`sk.scoring.${sid}.name`) ? tr(`sk.scoring.${sid}.name`) : x.name,
    rule: tr.has(`sk.scoring.${sid}.rule`) ? tr(`sk.scoring.${sid}.rule`) : x.rule});
  const CELL = 64;

  // what the player is doing between renders (reset when the round or phase changes)
  let ui = {key: "", discard: null, prices: {}, plan: [], sentAt: null, tile: null, cell: null, rot: 0};
  let rotateNow = null;  // the R key turns the tile being placed
  document.addEventListener("keydown", (ev) => {
    if ((ev.key === "r" || ev.key === "R") && rotateNow && !/INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) {
      ev.preventDefault();
      rotateNow();
    }
  });

  const style = document.createElement("style");
  style.textContent = `
  .sk { user-select: none; }
  .sk-row { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start; margin-bottom: .6rem; }
  .sk-box { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .6rem; }
  .sk-box h3 { margin: 0 0 .3rem; font-size: .95rem; }
  .sk svg text { pointer-events: none; }
  .sk-turn { font-size: .95rem; margin: .2rem 0; }
  .sk-hint { font-size: .9rem; color: var(--good); min-height: 1.2em; margin-bottom: .4rem; }
  .sk-track { display: flex; gap: 4px; flex-wrap: wrap; }
  .sk-round { border: 1px solid var(--line); border-radius: 6px; padding: 2px 6px; font-size: .8rem; text-align: center; background: #fff; min-width: 58px; }
  .sk-round.now { border-color: var(--accent); background: #e6eff6; font-weight: 600; }
  .sk-round.done { opacity: .55; }
  .sk-round .gold { color: #8a6d00; }
  .sk-scoring { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 6px; width: 100%; }
  .sk-stile { border: 1px solid var(--line); border-radius: 6px; padding: 4px 6px; background: #fbf7ec; font-size: .8rem; }
  .sk-stile.active { border: 2px solid var(--good); background: #eef6e8; }
  .sk-stile .letter { display: inline-block; width: 1.4em; height: 1.4em; line-height: 1.4em; text-align: center; border-radius: 50%; background: #3b3326; color: #fff; font-weight: 700; margin-right: 4px; }
  .sk-stile.active .letter { background: var(--good); }
  .sk-stile .now { color: var(--good); font-weight: 600; }
  .sk-offers { display: flex; flex-wrap: wrap; gap: .6rem; }
  .sk-offer { text-align: center; font-size: .8rem; }
  .sk-offer .tag { display: block; font-weight: 600; }
  .sk-offer .tag.discard { color: var(--warn); }
  .sk .buy { cursor: pointer; }
  .sk .pick { cursor: pointer; }
  .sk-player { flex: 1; min-width: 260px; }
  .sk-player.me { border-color: var(--accent); border-width: 2px; }
  .sk-stats { font-size: .85rem; display: flex; flex-wrap: wrap; gap: .2rem .8rem; margin-bottom: .3rem; }
  .sk-price { display: inline-flex; align-items: center; gap: 4px; margin-top: 2px; }
  .sk-price button { padding: 0 .5rem; min-width: 2rem; }
  .sk-price output { min-width: 1.6rem; text-align: center; font-weight: 700; }
  .sk-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin-top: .4rem; }
  .sk-territory svg { max-width: 100%; height: auto; }
  .sk-points td, .sk-points th { padding: 1px 6px; font-size: .85rem; text-align: right; }
  .sk .place { cursor: pointer; }
  .sk button:disabled { opacity: .5; cursor: default; }
  /* a tutorial's suggested move: Schotten Totten's dashed green outline; a cell of the
     territory (SVG) its own dashed stroke */
  .sk .suggested { outline: 3px dashed #2d7a3a; outline-offset: 2px; border-radius: 4px; }
  .sk rect.place.suggested { outline: none; stroke: #2d7a3a; stroke-width: 4; stroke-dasharray: 8 4; fill: rgba(45,122,58,.35); }
  .sk rect.place.suggested.chosen { stroke: #f2c14e; stroke-dasharray: none; fill: none; }
  `;
  document.head.append(style);

  /** A tutorial's suggested move (ctx.suggested) in parts: {kind, tile, price, cell, rot};
      null for none. */
  function suggestion(move) {
    const m = /^(discard|buy|return|price|place) (L\d\d)(?: (\d+)| (-?\d+,-?\d+) r(\d))?$/.exec(move || "");
    if (m) return {kind: m[1], tile: m[2], price: m[3] ? Number(m[3]) : null, cell: m[4] || null, rot: m[5] ? Number(m[5]) : null};
    return move === "pass" ? {kind: "pass"} : null;
  }
  const suggest = (el, on) => { if (on && el) el.classList.add("suggested"); return el; };

  // -- drawing one tile ----------------------------------------------------------------------

  function turn(v, rot) {
    let [dx, dy] = v;
    for (let i = 0; i < rot; i++) [dx, dy] = [-dy, dx];
    return [dx, dy];
  }

  function scrollText(key) {
    const m = /^(\w+?)_per_(\d+)$/.exec(key || "");
    if (!m) return key;
    const what = tr("sk.icon." + m[1]);
    return m[2] === "1" ? tr("sk.vp_per", {what}) : tr("sk.vp_per_n", {n: m[2], what});
  }

  // a tile's name and description in words (title on hover, popover on a tap): the server
  // names a landscape tile by what it shows (view.words.tiles), never by its id
  let NAMES = {};
  const said = (id) => NAMES[id] || tr("skx.tile");
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const tileName = (id, t) => (t && t.castle ? tr("sk.castle", {colour: tr("sk.colour." + id.replace("castle-", ""))}) : capital(said(id)));
  function tileLines(id, t) {
    const dir = (ch) => tr("skx.dir." + ch);
    const edges = tr("skx.edges", {list: [...t.edges].map((c, d) => `${dir(DIRS[d])}: ${TERRAIN_NAME[c]}`).join(tr("kit.and"))});
    const icons = Object.entries(t.icons || {}).map(([k, n]) => (n > 1 ? tr("kit.times", {n, what: tr("sk.icon." + k)}) : tr("sk.icon." + k))).join(tr("kit.and"));
    return [edges,
      t.roads ? tr("skx.roads", {roads: t.road_networks.map((net) => [...net].map(dir).join("–")).join("; ")}) : tr("sk.tip.no_road"),
      icons ? tr("sk.tip.icons", {icons}) : "",
      t.scroll ? tr("sk.tip.scroll", {rule: scrollText(t.scroll)}) : ""].filter(Boolean);
  }
  const describeTile = (id, t) => [tileName(id, t), ...tileLines(id, t)].join("\n");

  // the kit draws every icon; its name is Isle of Skye's own word
  function icon(kind, x, y, u, colour) {
    return kit.icon(kind, x, y, u, {colour, title: tr.has("sk.icon." + kind) ? tr("sk.icon." + kind) : null});
  }

  function tileGlyph(obs, id, x, y, size, rot, extra) {
    const t = obs.tiles[id];
    const g = s("g", Object.assign({"data-tile": id, "data-rot": rot}, extra || {}));
    if (!t) {
      g.append(s("rect", {x, y, width: size, height: size, fill: "#ccc"}));
      return g;
    }
    g.append(s("title", {text: describeTile(id, t)}));
    g.setAttribute("class", ((extra && extra.class) || "") + " kit-face");
    g.setAttribute("data-kit-name", tileName(id, t));
    kit.tappable(g, tileName(id, t), tileLines(id, t), "tile");
    const c = size / 2, cx = x + c, cy = y + c;
    const body = s("g", {transform: `rotate(${rot * 90} ${cx} ${cy})`});
    const corners = [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
    for (let d = 0; d < 4; d++) {
      const e = t.edges[d];
      body.append(s("polygon", {points: [corners[d], corners[(d + 1) % 4], [cx, cy]].join(" "),
        fill: TERRAIN[e], stroke: TERRAIN[e], "stroke-width": .8, "data-edge": DIRS[d], "data-terrain": TERRAIN_NAME[e]}));
    }
    const reg = t.edge_regions || [0, 1, 2, 3];
    // opposite edges of one area not already joined around a corner: a band through the middle
    for (const [a, b, side] of [[0, 2, 1], [1, 3, 0]]) {
      if (reg[a] !== reg[b] || reg[side] === reg[a] || reg[side + 2] === reg[a]) continue;
      const w = size * .36, e = t.edges[a];
      body.append(a === 0 ? s("rect", {x: cx - w / 2, y, width: w, height: size, fill: TERRAIN[e]})
        : s("rect", {x, y: cy - w / 2, width: size, height: w, fill: TERRAIN[e]}));
    }
    for (const r of t.internal || []) {
      const e = t.regions[r];
      body.append(s("circle", {cx, cy, r: size * .2, fill: TERRAIN[e], stroke: TERRAIN_DARK[e], "stroke-width": 1.2, "data-terrain": TERRAIN_NAME[e]}));
    }
    const nets = t.road_networks || [];
    const mid = (d) => [cx + DV[d][0] * c, cy + DV[d][1] * c];
    for (const net of nets) {
      const dirs = [...net].map((ch) => DIRS.indexOf(ch));
      let px = cx, py = cy;
      if (nets.length > 1) {
        px += dirs.reduce((a, d) => a + DV[d][0], 0) / dirs.length * c * .45;
        py += dirs.reduce((a, d) => a + DV[d][1], 0) / dirs.length * c * .45;
      }
      const path = dirs.map((d) => `M${mid(d).join(",")} L${px},${py}`).join(" ");
      body.append(s("path", {d: path, stroke: "#6d5a3f", "stroke-width": size * .13, "stroke-linecap": "round", fill: "none"}),
        s("path", {d: path, stroke: "#efe3c4", "stroke-width": size * .075, "stroke-linecap": "round", fill: "none", class: "road"}));
    }
    g.append(body);
    g.append(s("rect", {x: x + .5, y: y + .5, width: size - 1, height: size - 1, fill: "none", stroke: "rgba(40,30,20,.55)", "stroke-width": 1}));
    // icons stand upright, in their area: on one of its edges, or in the middle if internal
    const items = {};
    const add = (kind, region) => {
      const where = (t.internal || []).includes(region) ? [-1] : [0, 1, 2, 3].filter((d) => reg[d] === region);
      (items[region] = items[region] || {where: where.length ? where : [-1], kinds: []}).kinds.push(kind);
    };
    for (const [kind, n, region] of t.icon_regions || []) for (let i = 0; i < n; i++) add(kind, region);
    if (t.scroll && t.scroll_region !== null && t.scroll_region !== undefined) add("scroll", t.scroll_region);
    const u = size * .22;
    for (const {where, kinds} of Object.values(items)) {
      const slots = {};
      kinds.forEach((k, i) => (slots[where[i % where.length]] = slots[where[i % where.length]] || []).push(k));
      for (const [d, ks] of Object.entries(slots)) {
        const v = Number(d) < 0 ? [0, 0] : turn(DV[Number(d)], rot);
        const bx = cx + v[0] * size * .3, by = cy + v[1] * size * .3;
        const p = Number(d) < 0 ? [1, 0] : [-v[1], v[0]];
        ks.forEach((k, j) => {
          const off = (j - (ks.length - 1) / 2) * u * 1.15;
          g.append(icon(k, bx + p[0] * off, by + p[1] * off, u));
        });
      }
    }
    if (t.castle) g.append(icon("castle", cx, cy + size * .05, size * .34, SEAT[id.replace("castle-", "")]));
    return g;
  }

  function tileSvg(obs, id, size, rot, extra) {
    const svg = s("svg", {viewBox: `-2 -2 ${size + 4} ${size + 4}`, width: size + 4, height: size + 4});
    svg.append(tileGlyph(obs, id, 0, 0, size, rot || 0, extra));
    return svg;
  }

  // -- a territory ---------------------------------------------------------------------------

  function territory(obs, p, build, last, sug) {
    const cells = p.territory.map(([, x, y]) => [x, y]);
    if (build) for (const k of Object.keys(build.cells)) cells.push(k.split(",").map(Number));
    const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
    const minX = Math.min(...xs), minY = Math.min(...ys);
    const w = Math.max(...xs) - minX + 1, hg = Math.max(...ys) - minY + 1;
    const svg = s("svg", {viewBox: `-3 -3 ${w * CELL + 6} ${hg * CELL + 6}`, width: w * CELL + 6, "data-territory": p.seat, "data-rules": "territory"});
    const at = (x, y) => [(x - minX) * CELL, (y - minY) * CELL];
    const newest = p.territory.length > 1 ? p.territory[p.territory.length - 1][0] : null;
    for (const [id, x, y, rot] of p.territory) {
      const [px, py] = at(x, y);
      const isLast = last && last.tile === id && last.player === p.seat;
      svg.append(tileGlyph(obs, id, px, py, CELL, rot, {class: isLast ? "last-move" : id === newest ? "newest" : null}));
      if (isLast || id === newest) {
        svg.append(s("rect", {x: px + 2, y: py + 2, width: CELL - 4, height: CELL - 4, rx: 3, fill: "none",
          stroke: isLast ? "#f2c14e" : "#fff", "stroke-width": isLast ? 4 : 2, "stroke-dasharray": isLast ? null : "5 3",
          "data-testid": isLast ? "sk-last-move" : null},
        s("title", {text: isLast ? tr("common.last_move") : tr("sk.newest")})));
      }
    }
    if (build) {
      for (const [key, rots] of Object.entries(build.cells)) {
        const [x, y] = key.split(",").map(Number);
        const [px, py] = at(x, y);
        const chosen = build.cell === key;
        if (chosen) {
          const rot = rots[ui.rot % rots.length];
          svg.append(tileGlyph(obs, build.tile, px, py, CELL, rot, {opacity: .92, "data-preview": "1"}));
        }
        // the suggested cell, once its tile is the one being placed
        const marked = sug && sug.kind === "place" && sug.tile === build.tile && sug.cell === key;
        svg.append(s("rect", {class: "place" + (chosen ? " chosen" : "") + (marked ? " suggested" : ""), "data-cell": key, "data-testid": "sk-cell", x: px + 3, y: py + 3,
          width: CELL - 6, height: CELL - 6, rx: 4, fill: chosen ? "none" : "rgba(45,122,58,.18)",
          stroke: chosen ? "#f2c14e" : "#2d7a3a", "stroke-width": chosen ? 4 : 2, "stroke-dasharray": chosen ? null : "6 3",
          onclick: () => build.choose(key)}, s("title", {text: tr("sk.place_here", {tile: said(build.tile)})})));
      }
    }
    return svg;
  }

  // -- panels --------------------------------------------------------------------------------

  function roundTrack(obs) {
    const track = obs.round_track || [];
    return h("div", {class: "sk-box", "data-testid": "sk-round-track", "data-rules": "round-track"}, h("h3", {text: tr("sk.round_of", {round: obs.round, rounds: obs.rounds})}),
      h("div", {class: "sk-track"}, track.map((r) => h("div", {
        class: "sk-round" + (r.round === obs.round ? " now" : r.round < obs.round ? " done" : ""), "data-round": r.round, "data-rules": "round-track",
        title: tr("sk.tip.round", {round: r.round, letters: r.letters.join(", ")}) + "; " +
          (r.catchup ? tr("sk.tip.catchup", {gold: r.catchup}) : tr("sk.tip.no_catchup")),
      }, h("div", {text: r.letters.join(" ")}), h("div", {class: "gold", text: r.catchup ? "+" + tr("sk.gold_n", {n: r.catchup}) : "—"})))));
  }

  function scoringPanel(obs) {
    const text = obs.scoring_text || {};
    const active = new Set(obs.active_letters || []);
    const later = {};
    for (const r of obs.round_track || []) if (r.round >= obs.round) for (const l of r.letters) later[l] = (later[l] || 0) + 1;
    return h("div", {class: "sk-box", style: "flex: 1", "data-testid": "sk-scoring", "data-rules": "scoring-tile"}, h("h3", {text: tr("sk.scoring_tiles")}),
      h("div", {class: "sk-scoring"}, ["A", "B", "C", "D"].map((l) => {
        const sid = obs.scoring_tiles[l];
        const t = stext(sid, text[sid] || {name: sid || "?", rule: ""});
        return h("div", {class: "sk-stile" + (active.has(l) ? " active" : ""), "data-letter": l, title: t.rule, "data-rules": "scoring-tile", "data-rules-name": `${l}: ${t.name}\n${t.rule}`},
          h("div", {}, h("span", {class: "letter", text: l}), h("strong", {text: t.name})),
          h("div", {text: t.rule}),
          h("div", {class: active.has(l) ? "now" : "muted",
            text: (active.has(l) ? tr("sk.scores_now") : "") + (later[l] ? `${active.has(l) ? " · " : ""}${tr("sk.left", {n: later[l]})}` : (active.has(l) ? "" : tr("sk.done")))}));
      })));
  }

  function pricingPanel(obs, me, legal, ctx, sug) {
    const p = obs.players[me];
    const drawn = p.drawn;
    const serverDiscard = p.discard;
    const fixed = Object.fromEntries((p.offers || []).map((o) => [o.tile, o.price]));
    const discard = serverDiscard || ui.discard;
    const kept = drawn.filter((t) => t !== discard);
    const free = kept.filter((t) => !(t in fixed));
    const gold = p.gold;  // unreserved: prices already set are taken off
    for (const t of free) if (!(t in ui.prices)) ui.prices[t] = 1;
    const sum = () => free.reduce((a, t) => a + ui.prices[t], 0);
    const canDiscard = !serverDiscard && legal.some((m) => m.startsWith("discard "));
    const redraw = () => ctx.rerender();
    // the suggested discard or price: its tile, and + or − until the price is reached
    const toPrice = sug && sug.kind === "price" ? sug : null;
    const cards = drawn.map((t) => {
      const isDiscard = t === discard;
      const cell = h("div", {class: "sk-offer", "data-drawn": t},
        suggest(h("div", {class: canDiscard ? "pick" : "", "data-testid": "sk-discard-" + t, title: canDiscard ? tr("sk.tip.discard") : "",
          onclick: canDiscard ? () => { ui.discard = t; redraw(); } : null},
        tileSvg(obs, t, 72, 0, isDiscard ? {opacity: .45} : {})), sug && /^(discard|price)$/.test(sug.kind) && sug.tile === t));
      if (isDiscard) cell.append(h("span", {class: "tag discard", text: tr("sk.discard")}));
      else if (t in fixed) cell.append(h("span", {class: "tag", text: tr("sk.gold_n", {n: fixed[t]})}));
      else if (discard) {
        const other = free.filter((x) => x !== t).reduce((a, x) => a + ui.prices[x], 0);
        const max = gold - other;
        cell.append(h("div", {class: "sk-price"},
          suggest(h("button", {text: "−", "data-testid": "sk-price-down-" + t, disabled: ui.prices[t] <= 1 ? true : null,
            onclick: () => { ui.prices[t] = Math.max(1, ui.prices[t] - 1); redraw(); }}), toPrice && toPrice.tile === t && ui.prices[t] > toPrice.price),
          h("output", {"data-testid": "sk-price-" + t, text: String(ui.prices[t])}),
          suggest(h("button", {text: "+", "data-testid": "sk-price-up-" + t, disabled: ui.prices[t] >= max ? true : null,
            onclick: () => { ui.prices[t] = Math.min(max, ui.prices[t] + 1); redraw(); }}), toPrice && toPrice.tile === t && ui.prices[t] < toPrice.price)));
      }
      return cell;
    });
    const ready = discard && sum() <= gold && free.every((t) => ui.prices[t] >= 1);
    const offer = () => {
      // the commit is three moves, played one after another as the server accepts each
      ui.plan = [];
      if (!serverDiscard) ui.plan.push(`discard ${discard}`);
      for (const t of kept) if (!(t in fixed)) ui.plan.push(`price ${t} ${ui.prices[t]}`);
      ui.sentAt = ctx.view ? ctx.view.seq : null;
      ctx.play(ui.plan[0]);
      redraw();
    };
    return h("div", {class: "sk-box", "data-testid": "sk-pricing", "data-rules": "offer"},
      h("h3", {text: tr("sk.your_tiles")}),
      h("div", {class: "sk-offers"}, cards),
      h("div", {class: "sk-actions"},
        h("span", {class: "muted", text: discard ? tr("sk.prices_sum", {sum: sum(), gold}) : tr("sk.click_discard")}),
        discard && !serverDiscard ? h("button", {text: tr("sk.change_discard"), onclick: () => { ui.discard = null; redraw(); }}) : null,
        h("button", {class: "primary", text: tr("sk.offer"), "data-testid": "sk-offer", disabled: ready && !ui.plan.length ? null : true,
          onclick: offer})));
  }

  function offersPanel(obs, skip, buys, name, last, sug) {
    const rows = obs.players.filter((p) => p.seat !== skip).map((p) => {
      const mine = p.seat === obs.viewer;
      let tiles;
      if (obs.phase === "price" && !p.offers) {
        tiles = p.drawn.map((t) => h("div", {class: "sk-offer", "data-drawn": t}, tileSvg(obs, t, 54, 0),
          h("span", {class: "tag muted", text: tr("sk.price_hidden")})));
      } else if (p.offers) {
        const offers = Object.fromEntries(p.offers.map((o) => [o.tile, o]));
        tiles = p.drawn.map((t) => {
          const o = offers[t];
          const move = buys[t];
          const wasLast = last && last.tile === t && last.kind === "buy";
          const svg = tileSvg(obs, t, 54, 0);
          if (move) svg.append(s("rect", {x: -1, y: -1, width: 58, height: 58, fill: "none", stroke: "#2d7a3a", "stroke-width": 3}));
          if (wasLast) svg.append(s("rect", {x: -1, y: -1, width: 58, height: 58, fill: "none", stroke: "#f2c14e", "stroke-width": 4, "data-testid": "sk-last-buy"}));
          const tag = !o ? h("span", {class: "tag discard", text: t === p.discard ? tr("sk.discarded") : ""})
            : h("span", {class: "tag", text: tr("sk.gold_n", {n: o.price}) + (o.buyer !== null && o.buyer !== undefined ? " · " + tr("sk.bought_by", {who: name(o.buyer)}) : "")});
          return suggest(h("div", {class: "sk-offer" + (move ? " buy" : ""), "data-drawn": t, "data-testid": move ? "sk-buy" : null,
            "data-move": move ? move.text : null, onclick: move ? move.go : null, title: move ? capital(said(t)) + " — " + tr("sk.buy_for", {gold: o.price}) : ""}, svg, tag),
          !!move && sug && sug.kind === "buy" && sug.tile === t);
        });
      } else tiles = [];
      const status = obs.phase === "price" ? (p.committed ? tr("sk.ready") : tr("sk.setting_prices")) : "";
      return h("div", {class: "sk-box", "data-offers": p.seat},
        h("h3", {}, h("span", {style: `color:${SEAT[p.colour]}`, text: "■ "}), name(p.seat) + (mine ? " " + tr("common.you_mark") : ""),
          status ? h("span", {class: "muted", text: ` — ${status}`}) : null),
        h("div", {class: "sk-offers"}, tiles));
    });
    return h("div", {class: "sk-row", "data-testid": "sk-offers", "data-rules": "offer"}, rows);
  }

  function pointsTable(obs, name) {
    const rp = obs.round_points || [];
    if (!rp.length) return null;
    const n = obs.players.length;
    const rows = rp.map((r, i) => h("tr", {}, h("th", {text: tr("sk.round_n", {n: i + 1})}),
      ...Array.from({length: n}, (_, p) => h("td", {text: String(Object.values(r).reduce((a, v) => a + v[p], 0)),
        title: Object.entries(r).map(([sid, v]) => `${stext(sid, obs.scoring_text[sid] || {name: sid, rule: ""}).name}: ${v[p]}`).join("\n")}))));
    if (obs.final) for (const [k, v] of Object.entries(obs.final)) rows.push(h("tr", {}, h("th", {text: tr.has("sk.final." + k) ? tr("sk.final." + k) : k}), ...v.map((x) => h("td", {text: String(x)}))));
    rows.push(h("tr", {class: "total"}, h("th", {text: tr("skx.total")}), ...obs.players.map((p) => h("td", {}, h("strong", {text: String(p.vp)})))));
    // every row is points: the rounds' and the final scoring's add up to each player's total
    const sums = obs.players.map((p, i) => rp.reduce((a, r) => a + Object.values(r).reduce((b, v) => b + v[i], 0), 0)
      + Object.values(obs.final || {}).reduce((a, v) => a + v[i], 0));
    const adds = obs.players.every((p, i) => sums[i] === p.vp);
    return h("div", {class: "sk-box", "data-testid": "sk-points", "data-rules": "points-table"}, h("h3", {text: tr("sk.points")}),
      h("table", {class: "sk-points", "data-adds-up": adds ? "1" : "0"}, h("tr", {}, h("th", {text: tr("skx.source")}), ...obs.players.map((p) => h("th", {text: name(p.seat)}))), rows));
  }

  function lastMove(ctx) {
    if (ctx.lastMove) return ctx.lastMove;
    // a replay frame or a position shown on its own (the analysis's or the coach's move):
    // the move it gives; the live board: the log's last move
    const given = ctx.replay ? ctx.lastMoves || [] : null;
    const entries = given || (ctx.view && ctx.view.log) || [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (!e.move || e.player < 0) continue;
      const m = /^(place|buy|return) (L\d\d)/.exec(e.move);
      return m ? {player: e.player, kind: m[1], tile: m[2], text: e.move, words: e.text}
        : {player: e.player, kind: e.move, text: e.move, words: e.text};
    }
    return null;
  }

  // -- the whole board -----------------------------------------------------------------------

  function render(root, ctx) {
    if (!ctx.replay) return draw(root, ctx);
    // a replay frame: the live board's choices in progress and its R key stay untouched
    const saved = [ui, rotateNow];
    ui = {key: "replay", discard: null, prices: {}, plan: [], sentAt: null, tile: null, cell: null, rot: 0};
    try { return draw(root, ctx); } finally { [ui, rotateNow] = saved; }
  }

  function draw(root, ctx) {
    const obs = ctx.observation;
    const legal = ctx.legalMoves || [];
    const words = ctx.view && ctx.view.words;
    if (words && words.tiles) NAMES = words.tiles;
    const me = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
    const name = (i) => (ctx.names ? ctx.names[i] : tr("common.player_n", {n: i + 1}));
    const key = `${obs.round}:${obs.phase}`;
    if (ui.key !== key && !ctx.replay) ui = {key, discard: null, prices: {}, plan: [], sentAt: null, tile: null, cell: null, rot: 0};
    const again = () => { root.replaceChildren(); draw(root, ctx); };
    ctx = Object.assign({}, ctx, {rerender: again});
    rotateNow = null;

    // a pricing commit under way: play its next part once the server allows it
    // (a part is dropped once the observation shows it; one refused as stale is sent again)
    const seq = ctx.view ? ctx.view.seq : null;
    if (ui.plan.length && me !== null) {
      const p = obs.players[me];
      const done = (m) => (m.startsWith("discard ") ? p.discard === m.split(" ")[1]
        : (p.offers || []).some((o) => o.tile === m.split(" ")[1]));
      ui.plan = obs.phase === "price" ? ui.plan.filter((m) => !done(m)) : [];
    }
    if (ui.plan.length && legal.length && seq !== ui.sentAt) {
      if (legal.includes(ui.plan[0])) {
        const next = ui.plan[0];
        ui.sentAt = seq;
        setTimeout(() => ctx.play(next), 0);
      } else ui.plan = [];
    }

    const buys = {};
    const placeMoves = {};
    const returns = [];
    for (const m of legal) {
      let r;
      if ((r = /^buy (L\d\d)$/.exec(m))) buys[r[1]] = {text: m, go: () => ctx.play(m)};
      else if ((r = /^place (L\d\d) (-?\d+,-?\d+) r(\d)$/.exec(m))) {
        const t = (placeMoves[r[1]] = placeMoves[r[1]] || {});
        (t[r[2]] = t[r[2]] || []).push(Number(r[3]));
      } else if ((r = /^return (L\d\d)$/.exec(m))) returns.push(r[1]);
    }
    const last = lastMove(ctx);
    // a tutorial's suggested move, outlined where it is made (none while a commit is sent)
    const sug = ui.plan.length ? null : suggestion(ctx.suggested);
    const wrap = h("div", {class: "sk", "data-testid": "sk-board"});
    if (ui.plan.length) wrap.dataset.skPlan = "1";

    // building: which tile, which cell, which rotation
    let build = null;
    const placeable = Object.keys(placeMoves);
    if (placeable.length) {
      if (!placeMoves[ui.tile]) { ui.tile = placeable[0]; ui.cell = null; ui.rot = 0; }
      const cells = placeMoves[ui.tile];
      for (const k of Object.keys(cells)) cells[k].sort();
      if (ui.cell && !cells[ui.cell]) ui.cell = null;
      build = {tile: ui.tile, cells, cell: ui.cell,
        choose: (k) => { if (ui.cell !== k) { ui.cell = k; ui.rot = 0; } again(); }};
      if (ui.cell) rotateNow = () => { ui.rot = (ui.rot + 1) % cells[ui.cell].length; again(); };
    }

    let hint = "";
    const mineToMove = legal.length > 0;
    if (obs.phase === "price" && mineToMove) hint = ui.plan.length ? tr("sk.hint.sending") : tr("sk.hint.price");
    else if (obs.phase === "price" && me !== null && !ctx.replay) hint = tr("sk.hint.wait_prices");
    else if (obs.phase === "buy" && mineToMove) hint = Object.keys(buys).length ? tr("sk.hint.buy") : tr("sk.hint.cannot_buy");
    else if (build && !build.cell) hint = tr("sk.hint.cell");
    else if (build) hint = tr("sk.hint.turn");
    else if (returns.length) hint = tr("sk.hint.return");
    // a game ended by a resignation, an abort or the clock: no one is to buy or build any more
    const ended = obs.phase !== "over" && Boolean(ctx.view && ctx.view.status === "over");
    const phase = ended ? tr("common.game_over") : PHASE[obs.phase] || obs.phase;
    const who = ended ? "" : obs.phase === "buy" || obs.phase === "build" ? (obs.to_move >= 0 ? " — " + tr("sk.to_move", {who: name(obs.to_move)}) : "") : "";
    wrap.append(h("div", {class: "sk-turn", "data-testid": "sk-turn"}, h("strong", {text: phase + who}),
      h("span", {class: "muted", text: " · " + tr("sk.start_bag", {who: name(obs.start_player), n: obs.bag_size})}),
      last && last.words ? h("span", {class: "muted", "data-testid": "sk-last", "data-move": last.text,
        text: " · " + tr("sk.last_words", {words: last.words})}) : null));
    wrap.append(h("div", {class: "sk-hint", "data-testid": "hint", text: hint}));
    wrap.append(h("div", {class: "sk-row"}, roundTrack(obs), scoringPanel(obs)));

    const pricing = obs.phase === "price" && me !== null && legal.some((m) => /^(discard|price) /.test(m));
    if (pricing) wrap.append(pricingPanel(obs, me, legal, ctx, sug));
    if (obs.phase === "price" || obs.phase === "buy") {
      wrap.append(offersPanel(obs, pricing ? me : null, buys, name, last, sug));
    }
    const actions = h("div", {class: "sk-actions", "data-testid": "sk-actions"});
    if (legal.includes("pass")) actions.append(suggest(h("button", {text: tr("sk.pass"), "data-testid": "sk-pass", "data-move": "pass", onclick: () => ctx.play("pass")}), sug && sug.kind === "pass"));
    // the suggested placement: its tile (picked when it is not the one being placed), its
    // cell (territory()), then Turn until the planned rotation shows, then Place
    const toPlace = build && sug && sug.kind === "place" && placeMoves[sug.tile] ? sug : null;
    if (build) {
      const mineP = obs.players[me];
      if (placeable.length > 1 || (mineP && mineP.pending.length > 1)) {
        actions.append(h("span", {text: tr("sk.tile_to_place")}), ...mineP.pending.map((t) => {
          const can = !!placeMoves[t];
          return suggest(h("div", {class: can ? "pick" : "", "data-testid": "sk-pending-" + t, title: can ? tr("sk.tip.place_this") : tr("sk.tip.fits_nowhere"),
            onclick: can ? () => { ui.tile = t; ui.cell = null; ui.rot = 0; again(); } : null},
          tileSvg(obs, t, 48, 0, {opacity: t === ui.tile ? 1 : .6}),
          t === ui.tile ? h("div", {class: "tag", text: "▲ " + tr("sk.placing")}) : null), toPlace && toPlace.tile === t);
        }));
      } else actions.append(h("span", {}, tr("sk.placing") + " ", suggest(tileSvg(obs, build.tile, 48, 0), toPlace && toPlace.tile === build.tile)));
      if (build.cell) {
        const rots = build.cells[build.cell];
        const rot = rots[ui.rot % rots.length];
        const here = toPlace && toPlace.tile === build.tile && toPlace.cell === build.cell ? toPlace : null;
        actions.append(
          suggest(h("button", {text: `⟳ ${tr("sk.turn")} ${rots.length > 1 ? `${ui.rot % rots.length + 1}/${rots.length}` : "— " + tr("sk.only_way")}`,
            "data-testid": "sk-rotate", disabled: rots.length > 1 ? null : true, onclick: () => rotateNow && rotateNow()}),
          !!here && rot !== here.rot && rots.includes(here.rot)),
          suggest(h("button", {class: "primary", text: tr("sk.place"), "data-testid": "sk-confirm",
            "data-move": `place ${build.tile} ${build.cell} r${rot}`, onclick: () => { const m = `place ${build.tile} ${build.cell} r${rot}`; ui.cell = null; ctx.play(m); }}),
          !!here && rot === here.rot),
          h("button", {text: tr("common.cancel"), onclick: () => { ui.cell = null; again(); }}));
      }
    }
    for (const t of returns) {
      actions.append(suggest(h("button", {text: tr("sk.return_tile", {tile: said(t)}), "data-testid": "sk-return-" + t, "data-move": `return ${t}`,
        onclick: () => ctx.play(`return ${t}`)}), sug && sug.kind === "return" && sug.tile === t));
    }
    if (actions.childNodes.length) wrap.append(h("div", {class: "sk-box", style: "margin-bottom:.6rem"}, actions));

    // prices of unsold tiles go to the bank after buying: only then is gold "on offer"
    const onOffer = obs.phase === "price" || obs.phase === "buy";
    const order = obs.players.map((p) => p.seat).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    const boards = h("div", {class: "sk-row"});
    for (const seat of order) {
      const p = obs.players[seat];
      const mine = seat === me;
      const stats = h("div", {class: "sk-stats"},
        h("span", {"data-testid": "sk-vp-" + seat, "data-rules": "vp"}, h("strong", {text: tr("sk.vp_n", {n: p.vp})})),
        h("span", {"data-testid": "sk-gold-" + seat, "data-rules": "gold", title: p.gold === null ? tr("sk.tip.gold_hidden") : "",
          text: p.gold === null ? tr("sk.gold_hidden") : tr("sk.gold_n", {n: p.gold}) + (p.reserved && onOffer ? " " + tr("sk.on_offer", {n: p.reserved}) : "")}),
        h("span", {text: tr("sk.income", {n: p.income}), title: tr("sk.tip.income")}),
        obs.start_player === seat ? h("span", {text: tr("sk.start_player")}) : null,
        p.pending.length ? h("span", {text: tr("sk.to_build", {tiles: p.pending.map(said).join("; ")})}) : null);
      boards.append(h("div", {class: "sk-box sk-player" + (mine ? " me" : ""), "data-player": seat},
        h("h3", {}, h("span", {style: `color:${SEAT[p.colour]}; text-shadow: 0 0 1px #000`, text: "■ "}), name(seat) + (mine ? " " + tr("common.you_mark") : "")),
        stats,
        h("div", {class: "sk-territory"}, territory(obs, p, mine ? build : null, last, mine ? sug : null))));
    }
    wrap.append(boards);
    const pts = pointsTable(obs, name);
    if (pts) wrap.append(pts);
    root.append(wrap);
    return {handled: legal.slice()};
  }

  window.clanboard.registerRenderer("isle-of-skye", {render, tileSvg});
})();
