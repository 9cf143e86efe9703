/* Glen More in the browser: the turn track, the market, every player's territory.
   Click a highlighted tile on the track to take it, a dashed square to place it, a glowing
   tile to activate it, a market row to buy; other moves are buttons under the board. */
"use strict";
(function () {
  const {h, s, t, kit} = window.clanboard;
  // the data's English tile names and resources, in the page's language
  const tn = (name) => t.has("gm.tile." + name) ? t("gm.tile." + name) : name;
  const rn = (r) => t("gm.res." + r);
  const RES = ["wood", "stone", "sheep", "cattle", "grain"];
  const RES_COLOUR = {wood: "#8b5a2b", stone: "#8d8d8d", sheep: "#f4f4ee", cattle: "#4a3021", grain: "#e2b714"};
  const KIND = {quarry: "#b9ab8f", forest: "#3f7d3a", meadow: "#9fd27a", pasture: "#6fb357", field: "#e9d36a",
    village: "#c9c2b4", start_village: "#b8b0a0", castle: "#9a9488", loch: "#5d9bd1", distillery: "#d9a441",
    abbey: "#e6d8a8", fair: "#c98a5a", butcher: "#b7684e", grocer: "#c4955f", bridge: "#a7835a", tavern: "#a86f4a"};
  const FRAME = {green: "#2e7d32", yellow: "#c9a400", grey: "#6d6d6d", brown: "#6d4c2f", blue: "#1f5f8b"};
  const SEAT = ["#c0392b", "#1f5f8b", "#2d7a3a", "#8e44ad", "#d35400"];
  const CELL = 78;
  let chosenTile = null;  // a tile with several moves, clicked: its moves are listed

  const style = document.createElement("style");
  style.textContent = `
  .gm { user-select: none; }
  .gm-row { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start; }
  .gm-box { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .5rem; }
  .gm-box h3 { margin: 0 0 .3rem; font-size: .95rem; }
  .gm svg text { pointer-events: none; }
  .gm .take, .gm .place, .gm .play, .gm .choose, .gm .buy { cursor: pointer; }
  .gm-choose { width: 100%; display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
  .gm-choose h3 { margin: 0 .4rem 0 0; }
  .gm-market td { padding: 1px 4px; font-size: .85rem; }
  .gm-market .slot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid #555; margin-right: 2px; vertical-align: middle; }
  .gm-market tr.buy { background: #eaf3ea; outline: 2px solid var(--good); }
  .gm-player { min-width: 240px; flex: 1; }
  .gm-player.me { border-color: var(--accent); }
  .gm-cards { display: inline-flex; flex-wrap: wrap; gap: 3px; align-items: center; }
  .gm-stats { font-size: .85rem; display: flex; flex-wrap: wrap; gap: .2rem .7rem; margin-bottom: .3rem; }
  .gm-res { display: inline-block; width: 10px; height: 10px; border-radius: 2px; border: 1px solid #444; vertical-align: middle; margin: 0 1px; }
  .gm-turn { font-size: .9rem; margin: .3rem 0; }
  .gm-hint { font-size: .85rem; color: var(--good); min-height: 1.2em; }
  `;
  document.head.append(style);

  const tileInfo = (obs, id) => (obs.tiles && obs.tiles[id]) || {id, name: id, kind: "village", frame: "grey"};
  // a resource in the game's own words (the kit's word for anything else)
  const gmWord = (k) => (RES.includes(k) ? rn(k) : null);
  const KIND_ICON = {loch: "loch", village: "village", start_village: "village", castle: "castle"};

  /** The kit's spec of a tile, from the data the engine reads (view.py's tile_info). */
  function tileSpec(x, placed) {
    const alts = String(x.cost || "").split("|").map(kit.items).filter((c) => c.length);
    return {id: x.id, name: tn(x.name), names: gmWord, fill: KIND[x.kind] || "#ccc", frame: FRAME[x.frame] || "#555",
      cost: alts[0] || [], costAlts: alts, effects: kit.parse(x.activation), bonus: kit.items(x.bonus),
      kindIcon: KIND_ICON[x.kind] || null, river: x.river, road: x.road, placed, showFree: true,
      lines: x.card ? [t.has("gmx.card." + x.card_id) ? t("gmx.card_line", {card: tn(x.card), effect: t("gmx.card." + x.card_id)})
        : t("gm.tip.card", {v: tn(x.card)}), x.hats ? t("gmx.hats", {n: x.hats}) : ""].filter(Boolean) : []};
  }

  function tileGlyph(obs, id, x, y, size, extra, placed) {
    const g = kit.face(tileSpec(tileInfo(obs, id), !!placed), x, y, size, extra);
    g.setAttribute("data-tile", id);
    return g;
  }

  // the last turn, to highlight: the rondel step (the figure that moved) and, per seat,
  // the square just placed on and the tiles just activated
  function lastTurn(ctx) {
    const out = {mover: null, placed: {}, acted: {}};
    for (const e of ctx.lastMoves || []) {
      let r;
      if (!e || !e.move) continue;
      if (/^(?:take|pass) T\d+$/.test(e.move)) out.mover = e.player;
      else if ((r = /^place (-?\d+,-?\d+)$/.exec(e.move))) out.placed[e.player] = r[1];
      else if ((r = /^act (-?\d+,-?\d+)/.exec(e.move))) (out.acted[e.player] = out.acted[e.player] || []).push(r[1]);
    }
    return out;
  }

  const RING = [[2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [4, 3], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0], [1, 0]];
  function track(obs, takes, last) {
    // the 14 spaces clockwise round a 5 x 4 ring (bigger tiles than on a circle), space 0
    // at the top middle
    const S = 80, size = 74, C = 200;
    const svg = s("svg", {viewBox: "0 0 400 320", width: 440, style: "max-width: calc(100vw - 3rem); height: auto", "data-testid": "gm-track", "data-rules": "rondel", "aria-label": t("gm.track")});
    svg.append(s("rect", {x: S / 2, y: S / 2, width: 4 * S, height: 3 * S, rx: 20, fill: "none", stroke: "#cfc6b2", "stroke-width": 30}));
    for (const sp of obs.track) {
      const [cx, cy] = RING[sp.space % 14];
      const x = cx * S + (S - size) / 2, y = cy * S + (S - size) / 2;
      const g = s("g", {"data-space": sp.space});
      g.append(s("rect", {x, y, width: size, height: size, rx: 6, fill: "#efe9dc", stroke: "#a99f8a"}));
      if (sp.tile) {
        const move = takes[sp.tile];
        const glyph = tileGlyph(obs, sp.tile, x, y, size, move ? {class: "take", "data-move": move.text, onclick: move.go} : {});
        if (move) glyph.append(s("rect", {x: x - 2, y: y - 2, width: size + 4, height: size + 4, rx: 7, fill: "none", stroke: "#2d7a3a", "stroke-width": 4}));
        g.append(glyph);
      }
      if (sp.player !== undefined) {
        if (last && last.mover === sp.player) {
          g.setAttribute("class", "last-move");
          g.append(s("circle", {cx: x + size / 2, cy: y + size / 2, r: 24, fill: "none", stroke: "#f2c14e", "stroke-width": 4}));
        }
        g.append(kit.icon("scotsman", x + size / 2, y + size / 2, 40, {colour: SEAT[sp.player]}),
          s("text", {x: x + size / 2, y: y + size / 2 + 15, "text-anchor": "middle", "font-size": 14, fill: "#fff", "font-weight": 700, text: String(sp.player + 1)}));
      }
      if (sp.die) {
        g.append(s("g", {"data-rules": "die"}, s("rect", {x: x + 22, y: y + 22, width: 30, height: 30, rx: 5, fill: "#fff", stroke: "#333", "stroke-width": 1.5}),
          s("circle", {cx: x + 37, cy: y + 37, r: 4, fill: "#333"})));
      }
      g.append(s("text", {x: x + 3, y: y + size - 3, "font-size": 8, fill: "#6b6354", text: sp.tile ? "" : String(sp.space)}));
      svg.append(g);
    }
    const st = obs.stacks || {sizes: []};
    svg.append(s("text", {x: C, y: 160 - 14, "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: "#3a3328", text: t("gm.stacks")},
      s("title", {text: t("gmx.stacks_left")})));
    st.sizes.forEach((n, i) => {
      const x = C + (i - (st.sizes.length - 1) / 2) * 34, now = i === st.current;
      svg.append(s("g", {"data-stack": i, "data-rules": "stacks"}, s("title", {text: `${t("gmx.stack", {n: ["I", "II", "III", "IV"][i] || i + 1})}: ${n}`}),
        s("rect", {x: x - 14, y: 160, width: 28, height: 30, rx: 5, fill: now ? "#fff4d6" : "#efe9dc", stroke: now ? "#c9a400" : "#a99f8a", "stroke-width": now ? 3 : 1.5}),
        s("text", {x, y: 160 + 13, "text-anchor": "middle", "font-size": 9, fill: "#6b6354", text: ["I", "II", "III", "IV"][i] || String(i + 1)}),
        s("text", {x, y: 160 + 26, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#3a3328", text: String(n)})));
    });
    return svg;
  }

  function market(obs, buys) {
    const rows = RES.map((r) => {
      const filled = obs.market[r] || 0;
      const move = buys[r];
      return h("tr", {class: move ? "buy" : "", "data-market": r, "data-move": move ? move.text : null, onclick: move ? move.go : null},
        h("td", {}, kit.inline(r, {title: rn(r), size: 20}), " ", rn(r)),
        h("td", {}, Array.from({length: 3}, (_, i) => h("span", {class: "slot", style: `background:${i < filled ? RES_COLOUR[r] : "transparent"}`}))),
        h("td", {text: t("gm.buy_sell", {buy: filled + 1, sell: filled})}));
    });
    return h("div", {class: "gm-box gm-market", "data-testid": "gm-market", "data-rules": "market", "data-rules-name": t("gm.market")}, h("h3", {text: t("gm.market")}), h("table", {}, rows));
  }

  function territory(obs, p, mine, places, acts, activatable, tileMoves, pick, last) {
    const cells = p.territory.map((t) => [t.x, t.y]).concat(Object.keys(places).map((k) => k.split(",").map(Number)));
    const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
    const minX = Math.min(...xs) - (mine ? 0 : 0), minY = Math.min(...ys);
    const w = Math.max(...xs) - minX + 1, hgt = Math.max(...ys) - minY + 1;
    const svg = s("svg", {viewBox: `0 0 ${w * CELL} ${hgt * CELL}`, width: w * CELL, style: "max-width: 100%; height: auto", "data-territory": p.seat, "data-rules": "territory"});
    const at = (x, y) => [(x - minX) * CELL, (y - minY) * CELL];
    for (const t of p.territory) {
      const [px, py] = at(t.x, t.y);
      const key = `${t.x},${t.y}`;
      const act = acts[key];
      const here = tileMoves[key] || [];
      // one move on this tile: a click plays it; several: a click lists them
      const onclick = here.length === 1 ? () => pick(here[0]) : here.length ? () => pick(null, key) : null;
      const g = tileGlyph(obs, t.tile, px, py, CELL, here.length
        ? {class: here.length > 1 ? "choose" : act ? "play act" : "play",
          "data-move": here.length === 1 ? here[0] : null, "data-key": key, onclick} : {}, true);
      if (here.length || activatable.has(key)) {
        g.append(s("rect", {x: px + 2, y: py + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: "none",
          stroke: act ? "#f2c14e" : here.length ? "#2d7a3a" : "#e8d9a0", "stroke-width": here.length ? 4 : 2,
          "stroke-dasharray": act || !here.length ? null : "4 2"}));
      }
      const placed = last && last.placed[p.seat] === key;
      const acted = last && (last.acted[p.seat] || []).includes(key);
      if (placed || acted) {
        g.setAttribute("class", (g.getAttribute("class") || "") + " last-move");
        g.append(s("rect", {x: px + 1, y: py + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "none",
          stroke: "#f2c14e", "stroke-width": placed ? 5 : 2.5, "stroke-dasharray": placed ? null : "2 2"}));
      }
      // what lies on the tile: its resources (bottom left) and clansmen (bottom right)
      let i = 0;
      for (const r of RES) {
        for (let n = 0; n < ((t.resources || {})[r] || 0); n++, i++) {
          g.append(s("circle", {cx: px + 12 + i * 14, cy: py + CELL - 13, r: 7.5, fill: "rgba(255,253,248,.92)", stroke: "#8a7f6a", "stroke-width": .7}),
            kit.icon(r, px + 12 + i * 14, py + CELL - 13, 12, {title: rn(r)}));
        }
      }
      for (let n = 0; n < t.clansmen; n++) {
        g.append(kit.icon("scotsman", px + CELL - 12 - n * 11, py + CELL - 13, 16, {colour: SEAT[p.seat]}));
      }
      svg.append(g);
    }
    for (const [key, move] of Object.entries(places)) {
      const [x, y] = key.split(",").map(Number);
      const [px, py] = at(x, y);
      svg.append(s("rect", {class: "place", "data-move": move.text, onclick: move.go, x: px + 3, y: py + 3,
        width: CELL - 6, height: CELL - 6, rx: 5, fill: "rgba(45,122,58,.15)", stroke: "#2d7a3a", "stroke-width": 2, "stroke-dasharray": "5 3"}));
    }
    return svg;
  }

  function render(root, ctx) {
    const obs = ctx.observation;
    const legal = ctx.legalMoves || [];
    const handled = [];
    const takes = {}, places = {}, acts = {}, buys = {}, tileMoves = {}, actions = [];
    for (const m of legal) {
      let r;
      const entry = {text: m, go: () => ctx.play(m)};
      if ((r = /^(?:take|pass) (T\d+)$/.exec(m))) takes[r[1]] = entry;
      else if ((r = /^place (-?\d+,-?\d+)$/.exec(m))) places[r[1]] = entry;
      else if ((r = /^buy (\w+)$/.exec(m))) buys[r[1]] = entry;
      else if ((r = /^gain (\w+)$/.exec(m))) actions.push({move: m, text: "+ " + rn(r[1]), res: r[1]});
      else if (m === "end") actions.push({move: m, text: t("gm.end_turn")});
      else if ((r = /^(?:act|pay \w+|sell \w+|move|retire) (-?\d+,-?\d+)/.exec(m))) {
        if (/^act -?\d+,-?\d+$/.test(m)) acts[r[1]] = entry;
        (tileMoves[r[1]] = tileMoves[r[1]] || []).push(m);
      } else continue;
      handled.push(m);
    }
    if (chosenTile && !tileMoves[chosenTile]) chosenTile = null;
    const pick = (move, key) => {
      if (move) { chosenTile = null; ctx.play(move); return; }
      chosenTile = chosenTile === key ? null : key;
      root.replaceChildren();
      render(root, ctx);
    };
    const me = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
    const turn = obs.turn;
    const name = (i) => (ctx.names ? ctx.names[i] : t("common.player_n", {n: i + 1}));
    const last = lastTurn(ctx);
    const wrap = h("div", {class: "gm", "data-testid": "gm-board"});
    let hint = "";
    if (Object.keys(takes).length) hint = t("gm.hint.take");
    else if (Object.keys(places).length) hint = t("gm.hint.place");
    else if (chosenTile) hint = t("gm.hint.chosen", {tile: chosenName(obs, me, chosenTile)});
    else if (Object.keys(tileMoves).length) hint = t("gm.hint.act");
    else if (Object.keys(buys).length) hint = t("gm.hint.pay");
    const phase = t("gm.phase." + obs.phase);
    const owed = (o) => Object.entries(o.resources || o).map(([r, n]) => `${rn(r)}: ${n}`).join(", ");
    // a game ended by a resignation, an abort or the clock: no one is to play on
    const over = obs.phase === "over" || Boolean(ctx.view && ctx.view.status === "over");
    const turnText = over ? t("common.game_over") : turn ? `${name(turn.player)}: ${phase}` +
      (turn.tile ? " — " + t("gm.turn_tile", {tile: tn(tileInfo(obs, turn.tile).name)}) : "") +
      (turn.owed ? " — " + t("gm.owes", {what: owed(turn.owed)}) : "") +
      (turn.movement_points ? " — " + t("gm.movement", {n: turn.movement_points}) : "") : phase;
    wrap.append(h("div", {class: "gm-turn", "data-testid": "gm-turn"}, h("strong", {text: turnText})));
    wrap.append(h("div", {class: "gm-hint", "data-testid": "hint", text: hint}));
    if (actions.length) {
      wrap.append(h("div", {class: "gm-choose", "data-testid": "gm-actions"}, actions.map((a) =>
        h("button", {class: "move", "data-move": a.move, onclick: () => pick(a.move)},
          a.res ? kit.inline(a.res, {title: rn(a.res)}) : null, a.text))));
    }
    wrap.append(h("div", {class: "gm-row"}, h("div", {class: "gm-box"}, h("h3", {text: t("gm.track")}), track(obs, takes, last)), market(obs, buys)));
    const activatable = new Set(((turn && turn.player === me && turn.activatable) || []).map((c) => c.join(",")));
    const order = obs.players.map((p) => p.seat).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    const boards = h("div", {class: "gm-row"});
    for (const seat of order) {
      const p = obs.players[seat];
      const mine = seat === me;
      const res = Object.entries(p.resources || {}).map(([r, n]) => h("span", {"data-rules": r}, kit.inline(r, {title: rn(r)}), ` ${n} ${rn(r)}`));
      const stats = h("div", {class: "gm-stats"},
        h("span", {"data-rules": "coin"}, kit.inline("coin"), " ", t("gm.coins", {n: p.coins})), h("span", {"data-rules": "vp"}, kit.inline("vp"), " ", t("gm.vp", {n: p.vp})),
        h("span", {title: t("gm.tip.whisky"), "data-rules": "whisky"}, kit.inline("whisky"), " ", t("gm.whisky", {n: p.whisky})),
        h("span", {"data-rules": "scotsman"}, kit.inline("scotsman", {colour: SEAT[seat]}), " ", t("gm.clansmen", {n: p.clansmen})),
        h("span", {title: t("gm.tip.chieftains"), "data-rules": "chieftain"}, kit.inline("chieftain", {colour: SEAT[seat]}), " ", t("gm.chieftains", {n: p.chieftains})), ...res,
        p.cards.length ? h("span", {class: "gm-cards", title: t("gm.tip.cards"), "data-rules": "special-card"}, t("gm.cards", {cards: ""}), p.cards.map((c) => specialCard(obs, c))) : null);
      boards.append(h("div", {class: "gm-box gm-player" + (mine ? " me" : ""), "data-player": seat},
        h("h3", {}, h("span", {style: `color:${SEAT[seat]}`, text: "● "}), name(seat) + (mine ? " " + t("common.you_mark") : "")),
        stats,
        territory(obs, p, mine, mine ? places : {}, mine ? acts : {}, mine ? activatable : new Set(),
          mine ? tileMoves : {}, pick, last)));
    }
    if (chosenTile && me !== null) {
      const mineP = obs.players[me];
      const here = mineP.territory.find((x) => `${x.x},${x.y}` === chosenTile);
      const info = here ? tileInfo(obs, here.tile) : {name: chosenTile};
      boards.prepend(h("div", {class: "gm-box gm-choose", "data-testid": "gm-choose"},
        h("h3", {text: t("gmx.choose", {tile: tn(info.name)})}),
        tileMoves[chosenTile].map((m) => h("button", {class: "move", "data-move": m, title: m, onclick: () => pick(m)},
          ...choiceWords(obs, mineP, info, m)))));
    }
    wrap.append(boards);
    if (obs.final) wrap.append(finalTable(obs, name));
    root.append(wrap);
    return {handled};
  }

  function chosenName(obs, me, key) {
    const here = me === null ? null : obs.players[me].territory.find((x) => `${x.x},${x.y}` === key);
    return here ? `«${tn(tileInfo(obs, here.tile).name)}»` : "";
  }

  // a special card, small, drawn by the kit: its name, its bonnets; its effect in words
  function specialCard(obs, name) {
    const tile = Object.values(obs.tiles || {}).find((x) => x.card === name) || {};
    const lines = [t.has("gmx.card." + tile.card_id) ? t("gmx.card." + tile.card_id) : "", tile.hats ? t("gmx.hats", {n: tile.hats}) : ""].filter(Boolean);
    // what it gives, drawn: "gain 2 any", "gain 3 coin", "vp_per_tile 2 green" (words say the rest)
    const fx = String(tile.card_effect || "");
    const gain = /^gain /.test(fx) ? kit.items(fx.slice(5).replace(/\s*on_tile$/, "")) : /^vp_per_tile (\d+)/.test(fx) ? [{k: "vp", n: Number(fx.split(" ")[1])}] : [];
    const svg = s("svg", {viewBox: "0 0 58 80", width: 58, height: 80, class: "gm-card", "data-card": name});
    svg.append(kit.card({name: tn(name), lines, said: true, fill: "#f4e4b0", kindIcon: KIND_ICON[tile.kind] || null, rules: "special-card",
      effects: gain.length ? [{pay: [], gain}] : []}, 0, 0, 58, 80));
    for (let i = 0; i < (tile.hats || 0); i++) svg.append(kit.icon("bonnet", 29 + (i - (tile.hats - 1) / 2) * 14, 72, 12));
    return svg;
  }

  // a tile's move in words, with the kit's icons: "Move a clansman to «Meadow» ↗"
  const ARROWS = {"0,-1": "↑", "1,-1": "↗", "1,0": "→", "1,1": "↘", "0,1": "↓", "-1,1": "↙", "-1,0": "←", "-1,-1": "↖"};
  function choiceWords(obs, p, info, m) {
    let r;
    const at = (xy) => p.territory.find((x) => `${x.x},${x.y}` === xy);
    if ((r = /^move (-?\d+,-?\d+)>(-?\d+),(-?\d+)$/.exec(m))) {
      const [fx, fy] = r[1].split(",").map(Number);
      const dst = at(`${r[2]},${r[3]}`);
      return [kit.inline("scotsman", {colour: SEAT[p.seat]}), " ", t("gmx.choice.move", {dst: dst ? tn(tileInfo(obs, dst.tile).name) : "",
        dir: ARROWS[`${Number(r[2]) - fx},${Number(r[3]) - fy}`] || ""})];
    }
    if (/^retire /.test(m)) return [kit.inline("chieftain", {colour: SEAT[p.seat]}), " ", t("gmx.choice.retire")];
    if ((r = /^(pay|sell) (\w+) /.exec(m))) return [kit.inline(r[2], {title: rn(r[2])}), " ", t("gmx.choice." + r[1], {res: rn(r[2])})];
    if (/^pay clansman /.test(m)) return [kit.inline("scotsman", {colour: SEAT[p.seat]}), " ", t("gmx.choice.payclan")];
    if ((r = /^act -?\d+,-?\d+(?::(\w+))?$/.exec(m))) {
      if (!r[1]) return [t("gmx.choice.act")];
      if (RES.includes(r[1])) return [kit.inline(r[1], {title: rn(r[1])}), " ", t("gmx.choice.act_res", {res: rn(r[1])})];
      const rule = kit.parse(info.activation)[Number(r[1]) - 1];
      return [t("gmx.choice.act_rule", {rule: rule ? kit.ruleWords(rule, gmWord) : r[1]})];
    }
    return [m];
  }

  // the final scoring: one column per player, rows that add up to the total
  function finalTable(obs, name) {
    const f = obs.final, n = obs.players.length;
    const rounds = (obs.scorings || []).map((sc) => ({label: t("gmx.scoring", {n: sc.round}), values: sc.vp}));
    const during = Array.from({length: n}, (_, p) => f.before[p] - rounds.reduce((a, r) => a + r.values[p], 0));
    const rows = [{label: t("gmx.during"), values: during}, ...rounds,
      {label: t("gmx.cards"), values: f.cards}, {label: t("gmx.coins"), values: f.coins},
      {label: t("gmx.penalty", {tiles: f.tiles.join(" / ")}), values: f.penalty}];
    const sum = Array.from({length: n}, (_, p) => rows.reduce((a, r) => a + r.values[p], 0));
    const ok = sum.every((v, p) => v === f.total[p]);
    const left = f.resources ? t("gmx.resources_left", {list: f.resources.map((v, p) => `${name(p)} ${v}`).join(", ")}) : "";
    return h("div", {class: "gm-box", "data-testid": "gm-final", "data-rules": "final-scoring"}, h("h3", {text: t("gm.final")}),
      h("table", {class: "why-table", "data-adds-up": ok ? "1" : "0"},
        h("thead", {}, h("tr", {}, h("th", {text: t("gmx.final_points")}), obs.players.map((p) => h("th", {text: name(p.seat)})))),
        h("tbody", {}, rows.map((r) => h("tr", {}, h("th", {text: r.label}), r.values.map((v) => h("td", {text: String(v)})))),
          h("tr", {class: "total"}, h("th", {}, h("strong", {text: t("gmx.total")})), f.total.map((v) => h("td", {}, h("strong", {text: String(v)})))))),
      left ? h("p", {class: "muted", text: left}) : null);
  }

  window.clanboard.registerRenderer("glen-more", {render, tileSpec});
})();
