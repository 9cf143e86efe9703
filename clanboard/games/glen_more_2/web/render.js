/* Glen More II: Chronicles in the browser: the provisional-components badge, the rondel
   (tiles, Scotsmen, the die, World's End), the market with its prices, the clan board,
   chronicle 9's feasts and secret bid, every territory as a grid, scorings. Every tile, feast,
   landmark and historic place is drawn by the drawing kit (kit.gm2) from its row in the
   observation, named and described in the view's words; a tap on one that offers no move
   opens the kit's popover.
   Clicks: a highlighted rondel tile takes it; a dashed square places the tile; a glowing tile
   in your territory activates it, pays or sells from it (a list when it offers several); a
   tile with your Scotsman, then a green tile, moves him; a market row buys; a clan row
   claims the space; feasts, clicked in order, build the secret bid. Other moves stay buttons. */
"use strict";
(function () {
  const {h, s, t, lang} = window.clanboard;
  const kit = window.clanboard.kit;
  // the server's describer speaks for the pack (view.words: names and effects in the page's
  // language, from the same parsed effects the engine plays); G is this render's copy
  let G = {tiles: {}, clans: {}, feasts: {}, landmarks: {}, steps: {}, historic: {}, kinds: {},
    categories: {}, stacks: {}, provisional: [], scoring: []};
  // a tile's, card's or feast's name in the page's language (the pack's own name without words)
  const NM = (x) => (x ? x.wname || (lang === "ru" && x.name_ru ? x.name_ru : x.name) || "" : "");
  const FEAST = (f) => Object.assign({}, f, G.feasts[f.id] ? {wname: G.feasts[f.id].name} : {});
  const CARD = (c, x) => Object.assign({}, x || {name: c}, G.landmarks[c] ? {wname: G.landmarks[c].name} : {});
  const CLAN = (id, sp) => (G.clans[id] ? G.clans[id].name : (sp && sp.clan) || id);

  // every user-facing word of this board, from the page's catalogue (keys gm2.*)
  const plural = (n, one, many) => (n === 1 ? one : many);
  const RN = (r) => (t.has("gm2.res." + r) ? t("gm2.res." + r) : r);
  const STR = {
    provisional: (n) => t("gm2.provisional", {n}),
    get provisionalWhy() { return t("gm2.provisional_why"); },
    pack: (p) => t("gm2.pack", {p}),
    used: (n) => t("gm2.used", {n}),
    get rondel() { return t("gm2.rondel"); }, get market() { return t("gm2.market"); },
    get clanBoard() { return t("gm2.clan_board"); }, get feasts() { return t("gm2.feasts"); },
    get scorings() { return t("gm2.scorings"); }, get final() { return t("gm2.final"); },
    get back() { return t("gm2.back"); }, get front() { return t("gm2.front"); },
    get die() { return t("gm2.die"); }, get worldsEnd() { return t("gm2.worlds_end"); },
    get stacksLeft() { return t("gm2.stacks_left"); }, stack: (k, n) => `${k}: ${n}`,
    phase: (ph) => (t.has("gm2.phase." + ph) ? t("gm2.phase." + ph) : ph),
    toMove: (n) => t("gm2.to_move", {n}),
    tileBeingPlaced: (v) => t("gm2.tile_being_placed", {t: v}),
    owes: (x) => t("gm2.owes", {x}),
    movement: (n) => t(plural(n, "gm2.movement_one", "gm2.movement"), {n}),
    gainLeft: (n) => t(plural(n, "gm2.gain_left_one", "gm2.gain_left"), {n}),
    hint: (ph) => (t.has("gm2.hint." + ph) ? t("gm2.hint." + ph) : ""),
    get hintMoveFrom() { return t("gm2.hint_move_from"); },
    hintChoose: (v) => t("gm2.hint_choose", {t: v}),
    buy: (p) => t("gm2.buy", {p}), sell: (p) => t("gm2.sell", {p}),
    get full() { return t("gm2.full"); }, none: "—",
    gain: (r) => t("gm2.gain", {r: RN(r)}),
    get clanHead() { return [t("gm2.clan_space"), t("gm2.clan_effect"), t("gm2.clan_road"), t("gm2.clan_markers")]; },
    coins: (n) => t("gm2.coins", {n}), vp: (n) => t("gm2.vp", {n}), whisky: (n) => t("gm2.whisky", {n}),
    fame: (n) => t("gm2.fame", {n}), castle: (n) => t("gm2.castle", {n}), supply: (n) => t("gm2.supply", {n}),
    markers: (n) => t("gm2.markers", {n}),
    get personalities() { return t("gm2.personalities"); }, get landmarks() { return t("gm2.landmarks"); },
    get you() { return t("gm2.you"); }, seat: (i) => t("common.player_n", {n: i + 1}),
    get end() { return t("gm2.end_turn"); }, get endRemove() { return t("gm2.end_remove"); },
    get bidSubmit() { return t("gm2.bid_submit"); }, get bidNone() { return t("gm2.bid_none"); },
    get bidClear() { return t("gm2.bid_clear"); },
    yourBid: (b) => t("gm2.your_bid", {b: b.length ? b.join(", ") : t("gm2.empty")}),
    bidStatus: {mine: (b) => t("gm2.bid_mine", {b: b.length ? b.join(", ") : t("gm2.nothing")}),
      get hidden() { return t("gm2.bid_hidden"); }, get waiting() { return t("gm2.bid_waiting"); }},
    get bidsHead() { return t("gm2.bids"); },
    get lastReveal() { return t("gm2.last_reveal"); },
    revealLine: (r, n) => t("gm2.reveal_line", {stage: r.stage, who: n, feast: r.feast}) + " " +
      (r.paid ? t("gm2.reveal_paid") : r.open ? t("gm2.reveal_unpaid") : t("gm2.reveal_closed")),
    feastCost: (c) => t("gm2.feast_cost", {c: c || "—"}),
    get moveHere() { return t("gm2.move_here"); },
    label: {
      take: (alt) => (alt ? t("gm2.label.take_paying", {alt}) : t("gm2.label.take")),
      get pass() { return t("gm2.label.pass"); },
      act: (opt) => (opt ? t("gm2.label.act_option", {opt}) : t("gm2.label.act")),
      pay: (r) => t("gm2.label.pay", {r: RN(r)}),
      sell: (r, p) => t(plural(p, "gm2.label.sell_one", "gm2.label.sell"), {r: RN(r), p}),
      get remove() { return t("gm2.label.remove"); },
      get train() { return t("gm2.label.train"); },
      get repFrom() { return t("gm2.label.rep_from"); },
      get repNew() { return t("gm2.label.rep_new"); },
      get scot() { return t("gm2.label.scot"); },
      build: (side) => (side ? t("gm2.label.build_side", {side}) : t("gm2.label.build")),
    },
    get cancel() { return t("gm2.cancel"); },
    get close() { return t("gm2.close"); },
    round: (n) => t("gm2.round", {n}),
    hg: {
      get title() { return t("gm2.hg.title"); }, get caber() { return t("gm2.hg.caber"); },
      get stone() { return t("gm2.hg.stone"); }, get central() { return t("gm2.hg.central"); },
      get rank0() { return t("gm2.hg.rank0"); },
      aboveTop: (n) => t("gm2.hg.above_top", {n}),
      get modifiers() { return t("gm2.hg.modifiers"); },
      get representative() { return t("gm2.hg.representative"); },
      get repNone() { return t("gm2.hg.rep_none"); },
      get centralNone() { return t("gm2.hg.central_none"); },
      get trained() { return t("gm2.hg.trained"); },
      get provisional() { return t("gm2.provisional_value"); },
      get choose() { return t("gm2.hg.choose"); },
      use: (u) => (t.has("gm2.hg.use." + u) ? t("gm2.hg.use." + u) : u),
    },
    hp: {
      get title() { return t("gm2.hp.title"); },
      get doubles() { return t("gm2.hp.doubles"); },
      get blueprints() { return t("gm2.hp.blueprints"); },
      get fed() { return t("gm2.hp.fed"); },
      free: (n) => t("gm2.hp.free", {n}),
      cost: (c) => t("gm2.hp.cost", {c}),
      plan: (r) => t("gm2.hp.plan", {r: RN(r)}),
      get building() { return t("gm2.hp.building"); },
      count: (n) => t("gm2.hp.count", {n}),
      over: (k) => t("gm2.hp.over", {k}),
    },
  };

  const RES = ["wood", "stone", "grain", "sheep", "cattle"];
  const RES_COLOUR = {wood: "#8b5a2b", stone: "#8d8d8d", grain: "#e2b714", sheep: "#f4f4ee", cattle: "#4a3021"};
  const KIND = {village: "#c9c2b4", castle: "#9a9488", material: "#8fb36a", animal: "#b5dc8c",
    trade: "#d49a6a", whisky: "#d9a441", personality: "#c9a0dc", loch: "#5d9bd1", worlds_end: "#444"};
  const SEAT = ["#c0392b", "#1f5f8b", "#2d7a3a", "#8e44ad"];
  const CELL = 66;

  // what the player is doing between renders
  let chosen = null;     // a square or rondel tile whose moves are listed
  let moveFrom = null;   // a square whose Scotsman is about to move
  let bidStack = [];     // feast positions of the secret bid being built
  let bidKey = "";       // resets the bid when a new bidding starts
  let badgeOpen = false; // the provisional list stays open across redraws
  let redraw = () => {};

  const style = document.createElement("style");
  style.textContent = `
  .g2 { user-select: none; }
  .g2-row { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start; margin-bottom: .6rem; }
  .g2-box { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .6rem; }
  .g2-box h3 { margin: 0 0 .3rem; font-size: .95rem; }
  .g2 svg text { pointer-events: none; }
  .g2-info { position: fixed; left: .5rem; right: .5rem; bottom: .5rem; z-index: 50; max-width: 34rem; margin: 0 auto; box-shadow: 0 4px 18px rgba(0,0,0,.25); }
  .g2-info ul { margin: .2rem 0 .4rem; padding-left: 1.1rem; font-size: .85rem; }
  .g2-effect { max-width: 26rem; }
  /* the end screen's score tables (the table page's) scroll rather than widen a phone's page */
  .why-table { display: block; max-width: 100%; overflow-x: auto; }
  .g2-score caption { text-align: left; font-weight: 700; font-size: .85rem; padding-top: .3rem; }
  .g2 .take, .g2 .place, .g2 .play, .g2 .choose, .g2 .from, .g2 .dest, .g2 .buy, .g2 .claim, .g2 .feast.pick { cursor: pointer; }
  .g2-badge { background: #fff4c2; border: 2px solid #c9a400; border-radius: 8px; padding: .3rem .6rem; margin-bottom: .5rem; font-size: .85rem; }
  .g2-badge summary { font-weight: 700; cursor: pointer; }
  .g2-badge ul { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0 1.4rem; margin: .3rem 0 0; padding-left: 1.1rem; max-height: 14rem; overflow-y: auto; }
  .g2-turn { font-size: .95rem; margin: .2rem 0; }
  .g2-hint { font-size: .9rem; color: var(--good); min-height: 1.2em; margin-bottom: .3rem; }
  .g2-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .3rem 0; }
  .g2-market td { padding: 1px 5px; font-size: .85rem; }
  .g2-market .slot { display: inline-block; width: 18px; height: 18px; line-height: 16px; text-align: center; font-size: 10px; border-radius: 50%; border: 1px solid #555; margin-right: 2px; vertical-align: middle; }
  .g2-market .slot.full { background: #e2c04a; font-weight: 700; }
  .g2-market tr.buy { background: #eaf3ea; outline: 2px solid var(--good); }
  .g2-clan td, .g2-clan th { padding: 1px 5px; font-size: .82rem; text-align: left; }
  .g2-clan td:first-child { white-space: nowrap; }
  .g2-clan tr.claim { background: #eaf3ea; outline: 2px solid var(--good); }
  .g2-clan tr.last-move { background: #fdf1c8; }
  .g2-dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid #fff; margin-right: 2px; vertical-align: middle; }
  .g2-feasts { display: flex; flex-wrap: wrap; gap: .4rem; }
  .g2 .feast { border: 1px solid var(--line); border-radius: 6px; padding: 3px 6px; background: #fbf7ec; font-size: .8rem; position: relative; display: flex; flex-direction: column; align-items: center; }
  .g2 .feast .markers { min-height: 14px; }
  .g2-kit { display: block; }
  .g2-kits { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin-bottom: .3rem; }
  .g2-kits > strong { flex-basis: 100%; }
  .g2-kit-tile { display: inline-block; }
  .g2 .feast.pick { border: 2px dashed var(--good); }
  .g2 .feast.stacked { border: 2px solid var(--good); background: #eef6e8; }
  .g2 .feast .order { position: absolute; top: -8px; right: -8px; background: var(--good); color: #fff; border-radius: 50%; width: 20px; height: 20px; text-align: center; font-weight: 700; line-height: 20px; }
  .g2 .feast .pos { font-weight: 700; align-self: flex-start; line-height: 1; }
  .g2-player { min-width: 260px; flex: 1; }
  .g2-player.me { border-color: var(--accent); border-width: 2px; flex-basis: 100%; }
  .g2-stats { font-size: .85rem; display: flex; flex-wrap: wrap; gap: .2rem .8rem; margin-bottom: .3rem; }
  .g2-small { font-size: .8rem; }
  .g2-choose { width: 100%; }
  .g2-tracks { display: flex; flex-wrap: wrap; gap: .5rem; }
  .g2-track { flex: 1 1 12rem; min-width: 0; }
  .g2-rondel-box { flex: 1 1 18rem; max-width: 500px; }
  .g2-col { flex: 1 1 22rem; min-width: 0; max-width: 100%; }
  .g2-col .g2-box { overflow-x: auto; }
  .g2-clan table { width: 100%; }
  .g2-hg { flex: 1 1 100%; min-width: 0; }
  .g2-track h4 { margin: 0 0 .2rem; font-size: .85rem; }
  .g2-track td { padding: 1px 4px; font-size: .8rem; border-bottom: 1px solid var(--line); }
  .g2-track td.rank { font-weight: 700; text-align: center; }
  .g2-track tr.claim { background: #eaf3ea; outline: 2px solid var(--good); cursor: pointer; }
  .g2-card { display: inline-block; border: 1px solid var(--line); border-radius: 6px; padding: 3px 6px; margin: 2px; background: #f4eefb; font-size: .8rem; vertical-align: top; }
  .g2-card.feed { border: 2px dashed var(--good); }
  .g2-score td, .g2-score th { padding: 1px 6px; font-size: .82rem; text-align: right; }
  .g2-score th:first-child { text-align: left; }
  `;
  document.head.append(style);

  function tileInfo(obs, id) {
    const w = G.tiles[id];
    if (obs.tiles && obs.tiles[id]) return w ? Object.assign({}, obs.tiles[id], {wname: w.name, lines: w.lines, w}) : obs.tiles[id];
    const half = /^(.+)-(\d)([LR])$/.exec(id || "");
    const places = (obs.chronicle11 || {}).historic_places || {};
    if (half && places[half[1]]) {
      const pl = places[half[1]], cell = ((pl.sides[half[2] - 1] || [])[half[3] === "L" ? 0 : 1]) || {};
      return Object.assign({}, pl, {id, kind: cell.kind || "village", river: cell.river, historic: half[1]},
        w ? {wname: w.name, lines: w.lines, w} : G.historic[half[1]] ? {wname: G.historic[half[1]].name, lines: G.historic[half[1]].lines} : {});
    }
    if (places[id]) {
      return Object.assign({}, places[id], {kind: places[id].sides[0][0].kind, historic: id},
        G.historic[id] ? {wname: G.historic[id].name, lines: G.historic[id].lines} : {});
    }
    return {id, name: id, kind: "village"};
  }
  const KN = (k) => (t.has("gm2.kind." + k) ? t("gm2.kind." + k) : G.kinds[k] || k);
  // a name on a tile: whole words on up to three lines; a word longer than a line is cut with
  // "…" (the full name is in the tooltip)
  // a text's width in px at a font size (bold): about a font size per CJK character, less for
  // the others (lower-case Latin narrowest)
  const textWidth = (str, fs) => [...str].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 1.02 : /[a-z ]/.test(c) ? 0.58 : 0.68) * fs, 0);
  function wrapName(name, width, lines, fs = 7.5) {
    const tw = (x) => textWidth(x, fs);
    const cut = (str) => {
      let out = "";
      for (const c of str) { if (tw(out + c + "…") > width) break; out += c; }
      return out + "…";
    };
    const out = [];
    let cur = "";
    // Japanese has no spaces: it breaks anywhere (after "・" and the like first)
    const words = /[\u3000-\u9fff]/.test(name) ? [...String(name)] : String(name).split(/\s+/);
    const sep = /[\u3000-\u9fff]/.test(name) ? "" : " ";
    for (const word of words) {
      if (!cur) cur = word;
      else if (tw(cur + sep + word) <= width) cur += sep + word;
      else { out.push(cur); cur = word; }
    }
    if (cur) out.push(cur);
    const kept = out.slice(0, lines).map((l) => (tw(l) > width ? cut(l) : l));
    if (out.length > lines && !kept[lines - 1].endsWith("…")) kept[lines - 1] = cut(kept[lines - 1]);
    return kept;
  }
  const seatDot = (p) => h("span", {class: "g2-dot", style: `background:${SEAT[p]}`});

  // a tile drawn by the drawing kit from its pack row (the observation's cells), named and
  // described by the server's describer; `extra` makes it a click target (its class and move
  // on the outer <g>); a tile that offers no move shows the kit's popover when tapped
  function tileGlyph(obs, id, x, y, size, extra, placed) {
    const info = tileInfo(obs, id);
    const type = info.historic && !obs.tiles[id] ? "historic" : "tile";
    const g = s("g", Object.assign({"data-tile": id}, extra || {}));
    g.append(kit.gm2(info, type, x, y, size, {name: NM(info), lines: info.lines || [], placed: !!placed}));
    // chronicle 10's tiles that never join a territory: tournament and spectator tiles
    if (info.use && info.use !== "territory") {
      g.append(s("text", {class: "g2-use", x: x + size / 2, y: y + size * .42, "text-anchor": "middle",
        "font-size": size * .12, "font-style": "italic", fill: "#5a2d82", text: wrapName(STR.hg.use(info.use), size - 4, 1, size * .12)[0]}));
    }
    return g;
  }

  // a component drawn by the kit in its own small <svg>, `size` px high (a card is narrower)
  function drawn(row, type, size, opts) {
    const w = type === "feast" || type === "landmark" ? Math.round(size * .72) : size;
    const svg = s("svg", {viewBox: `0 0 ${w} ${size}`, width: w, height: size, class: "g2-kit"});
    svg.append(kit.gm2(row, type, 0, 0, size, opts));
    return svg;
  }
  const tileSvg = (obs, id, size) => {
    const info = tileInfo(obs, id);
    return h("span", {class: "g2-kit-tile", "data-tile": id}, drawn(info, "tile", size, {name: NM(info), lines: info.lines || []}));
  };
  // a historic place (chronicle 11) as its blueprint card: drawn with its first side's kind
  function placeSvg(obs, id, size) {
    const pl = ((obs.chronicle11 || {}).historic_places || {})[id] || {name: id, sides: []};
    const hw = G.historic[id] || {};
    const row = Object.assign({}, pl, {kind: ((pl.sides[0] || [])[0] || {}).kind || "village"});
    return drawn(row, "historic", size, {name: hw.name || NM(pl), lines: hw.lines || []});
  }

  // the last turn, to highlight: who moved on the rondel, the square placed on, tiles activated,
  // the clan space claimed
  function lastTurn(ctx) {
    const out = {mover: null, placed: {}, acted: {}, clan: null, took: null};
    for (const e of ctx.lastMoves || []) {
      let r;
      if (!e || !e.move) continue;
      if ((r = /^(?:take|pass) (\S+?)(?::\d)?$/.exec(e.move))) { out.mover = e.player; out.took = r[1]; }
      else if ((r = /^place (-?\d+,-?\d+)$/.exec(e.move))) out.placed[e.player] = r[1];
      else if ((r = /^act (-?\d+,-?\d+)/.exec(e.move))) (out.acted[e.player] = out.acted[e.player] || []).push(r[1]);
      else if ((r = /^clan (\S+)$/.exec(e.move))) out.clan = r[1];
    }
    return out;
  }

  // the legal moves, sorted by where they are clicked
  function sortMoves(legal) {
    const m = {rondel: {}, places: {}, squares: {}, moves: {}, buys: {}, gains: {}, clans: {},
      bids: new Set(), end: null, handled: [], plans: {}, central: {}, choose: {}, rep: {}};
    for (const mv of legal) {
      let r;
      if ((r = /^(take|pass) (\S+?)(?::(\d))?$/.exec(mv))) (m.rondel[r[2]] = m.rondel[r[2]] || []).push(mv);
      else if ((r = /^place (-?\d+,-?\d+)$/.exec(mv))) m.places[r[1]] = mv;
      else if ((r = /^(?:act|remove) (-?\d+,-?\d+)/.exec(mv)) || (r = /^(?:pay|sell) \w+ (-?\d+,-?\d+)$/.exec(mv))) {
        (m.squares[r[1]] = m.squares[r[1]] || []).push(mv);
      } else if ((r = /^move (-?\d+,-?\d+)>(-?\d+,-?\d+)$/.exec(mv))) {
        (m.moves[r[1]] = m.moves[r[1]] || {})[r[2]] = mv;
      } else if ((r = /^buy (\w+)$/.exec(mv))) m.buys[r[1]] = mv;
      else if ((r = /^gain (\w+)$/.exec(mv))) m.gains[r[1]] = mv;
      else if ((r = /^clan (\S+)$/.exec(mv))) m.clans[r[1]] = mv;
      else if (/^bid /.test(mv)) m.bids.add(mv);
      else if ((r = /^(?:train|build|scot) (-?\d+,-?\d+)/.exec(mv)) || (r = /^rep (-?\d+,-?\d+)$/.exec(mv))) {
        (m.squares[r[1]] = m.squares[r[1]] || []).push(mv);
      } else if ((r = /^rep (new|none)$/.exec(mv))) m.rep[r[1]] = mv;
      else if ((r = /^plan (\S+) (\w+)$/.exec(mv))) (m.plans[r[1]] = m.plans[r[1]] || {})[r[2]] = mv;
      else if ((r = /^central (\w+)$/.exec(mv))) m.central[r[1]] = mv;
      else if ((r = /^choose (\d)$/.exec(mv))) m.choose[r[1]] = mv;
      else if (mv === "end") m.end = mv;
      else continue;
      m.handled.push(mv);
    }
    return m;
  }

  function label(obs, mv, tile, filled) {
    let r;
    const t = tile ? tileInfo(obs, tile) : null;
    const w = (t && t.w) || {costs: [], activations: []};
    if ((r = /^take \S+?(?::(\d))?$/.exec(mv))) return STR.label.take(r[1] ? w.costs[r[1] - 1] || "" : "");
    if (/^pass /.test(mv)) return STR.label.pass;
    if ((r = /^act \S+?(?::(\d))?$/.exec(mv))) return STR.label.act(r[1] ? w.activations[r[1] - 1] : w.activations.length === 1 ? w.activations[0] : "");
    if ((r = /^pay (\w+) /.exec(mv))) return STR.label.pay(r[1]);
    if ((r = /^sell (\w+) /.exec(mv))) {
      const prices = (obs.market_prices || {})[r[1]] || [];
      const f = (filled || {})[r[1]] || 0;
      return STR.label.sell(r[1], prices[f - 1] !== undefined ? prices[f - 1] : "?");
    }
    if (/^remove /.test(mv)) return STR.label.remove;
    if (/^train /.test(mv)) return STR.label.train;
    if (/^rep -?\d/.test(mv)) return STR.label.repFrom;
    if (/^scot /.test(mv)) return STR.label.scot;
    if ((r = /^build \S+?(?::(\d))?$/.exec(mv))) return STR.label.build(r[1]);
    return mv;
  }

  function badge(obs) {
    const list = obs.provisional || [];
    if (!list.length) return null;
    return h("details", {class: "g2-badge", "data-testid": "provisional-badge", "data-rules": "provisional", open: badgeOpen,
      ontoggle: (ev) => { badgeOpen = ev.target.open; }},
      h("summary", {text: STR.provisional(list.length) + " — " + STR.pack(G.pack || obs.pack)}),
      h("p", {class: "g2-small", text: STR.provisionalWhy}),
      obs.used_provisional ? [h("p", {class: "g2-small", "data-testid": "provisional-used"},
        h("strong", {text: STR.used(obs.used_provisional.length)}), " " + (G.used_provisional || []).join("; "))] : null,
      h("ul", {"data-testid": "provisional-list"}, (G.provisional.length ? G.provisional : []).map((x) => h("li", {text: x}))));
  }

  function rondel(obs, mv, last, ctx, rerender) {
    const n = obs.rondel.length, size = 66, C = 235, R = 190;
    const svg = s("svg", {viewBox: "0 0 470 470", width: "100%", style: "max-width: 470px", "data-testid": "g2-rondel", "data-rules": "rondel"});
    svg.append(s("circle", {cx: C, cy: C, r: R, fill: "none", stroke: "#d9cfb8", "stroke-width": 30}));
    obs.rondel.forEach((sp, i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
      const x = C + R * Math.cos(a) - size / 2, y = C + R * Math.sin(a) - size / 2;
      const g = s("g", {"data-space": i});
      g.append(s("rect", {x, y, width: size, height: size, rx: 6, fill: "#efe9dc", stroke: "#b3a88f"}));
      if (sp.tile) {
        const here = mv.rondel[sp.tile] || [];
        const extra = here.length ? {class: here.length > 1 ? "choose" : "take", "data-move": here.length === 1 ? here[0] : null,
          "data-key": sp.tile, onclick: () => (here.length === 1 ? ctx.play(here[0]) : rerender(sp.tile))} : {};
        const glyph = tileGlyph(obs, sp.tile, x, y, size, extra);
        if (here.length) glyph.append(s("rect", {x: x - 2, y: y - 2, width: size + 4, height: size + 4, rx: 7, fill: "none", stroke: "#2d7a3a", "stroke-width": 4}));
        g.append(glyph);
      }
      if (sp.player !== undefined) {
        if (last.mover === sp.player) {
          g.setAttribute("class", "last-move");
          g.append(s("circle", {cx: x + size / 2, cy: y + size / 2, r: 19, fill: "none", stroke: "#f2c14e", "stroke-width": 4}));
        }
        g.append(s("title", {text: ctx.name(sp.player)}),
          s("circle", {cx: x + size / 2, cy: y + size / 2, r: 14, fill: SEAT[sp.player], stroke: "#fff", "stroke-width": 2}),
          s("text", {x: x + size / 2, y: y + size / 2 + 5, "text-anchor": "middle", "font-size": 14, fill: "#fff", "font-weight": 700, text: String(sp.player + 1)}));
      }
      if (sp.die) {
        g.append(s("title", {text: STR.die}),
          s("rect", {x: x + size / 2 - 13, y: y + size / 2 - 13, width: 26, height: 26, rx: 5, fill: "#fff", stroke: "#333", "stroke-width": 1.5}),
          ...[-6, 0, 6].map((d) => s("circle", {cx: x + size / 2 + d, cy: y + size / 2 + d, r: 2.5, fill: "#333"})));
        g.setAttribute("data-testid", "g2-die");
        g.setAttribute("data-rules", "die");
      }
      svg.append(g);
    });
    // the line runs clockwise from its back (space 0, at the top) to its front
    const mark = (i, text) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / n, r = R - 44;
      return s("text", {x: C + r * Math.cos(a), y: C + r * Math.sin(a) + 4, "text-anchor": "middle", "font-size": 11,
        fill: "#6b6354", "font-style": "italic", text});
    };
    svg.append(mark(0, STR.back), mark(n - 1, STR.front));
    const stacks = Object.entries(obs.stacks_left || {}).map(([k, v]) => STR.stack(G.stacks[k] || k, v)).join("  ");
    svg.append(s("text", {x: C, y: C - 14, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#3a3328", text: STR.stacksLeft}),
      s("text", {x: C, y: C + 6, "text-anchor": "middle", "font-size": 13, fill: "#3a3328", text: stacks}));
    if (obs.worlds_end_drawn) {
      svg.append(s("text", {x: C, y: C + 28, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
        fill: "#b3541e", "data-testid": "g2-worlds-end", text: STR.worldsEnd}));
    }
    return svg;
  }

  function market(obs, mv, ctx) {
    const prices = obs.market_prices || {};
    const rows = RES.map((r) => {
      const filled = obs.market[r] || 0, pr = prices[r] || [1, 2, 3];
      const move = mv.buys[r];
      const buy = filled < pr.length ? STR.buy(pr[filled]) : STR.full;
      const sell = filled > 0 ? STR.sell(pr[filled - 1]) : STR.none;
      return h("tr", {class: move ? "buy" : "", "data-market": r, "data-move": move || null, onclick: move ? () => ctx.play(move) : null},
        h("td", {}, kit.inline(r, {size: 16}), " " + RN(r)),
        h("td", {}, pr.map((p, i) => h("span", {class: "slot" + (i < filled ? " full" : ""), text: String(p)}))),
        h("td", {text: `${buy} · ${sell}`}));
    });
    const gains = Object.entries(mv.gains);
    return h("div", {class: "g2-box g2-market", "data-testid": "g2-market", "data-rules": "market", "data-rules-name": STR.market}, h("h3", {text: STR.market}),
      h("table", {}, rows),
      gains.length ? h("div", {class: "g2-actions", "data-testid": "g2-gain"}, gains.map(([r, m]) =>
        h("button", {class: "move", "data-move": m, onclick: () => ctx.play(m)},
          kit.inline(r, {size: 16}), " " + STR.gain(r)))) : null);
  }

  function clanBoard(obs, mv, last, ctx) {
    const info = obs.clan_spaces || {};
    const rows = Object.entries(obs.clan_board).map(([id, holders]) => {
      const move = mv.clans[id];
      const sp = info[id] || {clan: id, effect: "", road_cost: 0};
      const effect = G.clans[id] ? G.clans[id].effect : STR.none;
      return h("tr", {class: [move ? "claim" : "", last.clan === id ? "last-move" : ""].join(" "), "data-clan": id,
        "data-move": move || null, onclick: move ? () => ctx.play(move) : null,
        title: sp.provisional ? STR.hg.provisional : ""},
      h("td", {text: CLAN(id, sp) + (sp.provisional ? " *" : "")}), h("td", {class: "g2-effect", text: effect}),
      h("td", {text: String(sp.road_cost)}), h("td", {}, holders.map(seatDot)));
    });
    const others = Object.entries(mv.clans).filter(([id]) => !(id in obs.clan_board));
    return h("div", {class: "g2-box g2-clan", "data-testid": "g2-clan", "data-rules": "clan-board", "data-rules-name": STR.clanBoard}, h("h3", {text: STR.clanBoard}),
      h("table", {}, h("tr", {}, STR.clanHead.map((x) => h("th", {text: x}))), rows),
      others.length ? h("div", {class: "g2-actions"}, others.map(([id, m]) =>
        h("button", {class: "move", "data-move": m, title: G.clans[id] ? G.clans[id].effect : "",
          text: CLAN(id), onclick: () => ctx.play(m)}))) : null);
  }

  function feasts(obs, mv, ctx, rerender) {
    const bidding = mv.bids.size > 0;
    const key = `${(obs.scorings || []).length}:${obs.phase}`;
    if (key !== bidKey) { bidKey = key; bidStack = []; }
    const cards = obs.feasts.map((f) => {
      const at = bidStack.indexOf(f.position);
      const canAdd = bidding && at < 0 && [...mv.bids].some((b) => b.startsWith("bid " + bidStack.concat([f.position]).join(",")));
      const cls = ["feast", at >= 0 ? "stacked" : canAdd ? "pick" : ""].join(" ");
      const click = bidding && (at >= 0 || canAdd) ? () => {
        if (at >= 0) bidStack = bidStack.slice(0, at); else bidStack.push(f.position);
        rerender();
      } : null;
      const fw = G.feasts[f.id] || {};
      // the card by the kit: its cost and effect drawn, the describer's words on hover and tap
      const row = Object.assign({}, f, {provisional: !!fw.provisional});
      const lines = [STR.feastCost(fw.cost || ""), fw.effect || "", fw.provisional ? STR.hg.provisional : ""].filter(Boolean);
      return h("div", {class: cls + (click ? " kit-act" : ""), "data-feast": f.position, onclick: click},
        at >= 0 ? h("span", {class: "order", text: String(at + 1)}) : null,
        h("span", {class: "pos", text: String(f.position)}),
        drawn(row, "feast", 104, {name: NM(FEAST(f)), lines}),
        h("div", {class: "markers"}, (f.markers || []).map(seatDot)));
    });
    const box = h("div", {class: "g2-box", "data-testid": "g2-feasts", "data-rules": "feast", "data-rules-name": STR.feasts}, h("h3", {text: STR.feasts}), h("div", {class: "g2-feasts"}, cards));
    if (bidding) {
      const submit = "bid " + (bidStack.length ? bidStack.join(",") : "none");
      box.append(h("div", {class: "g2-actions"},
        h("span", {"data-testid": "g2-my-stack", text: STR.yourBid(bidStack)}),
        h("button", {class: "primary", "data-testid": "g2-bid-submit", "data-move": submit, disabled: !bidStack.length || !mv.bids.has(submit),
          onclick: () => ctx.play(submit), text: STR.bidSubmit}),
        mv.bids.has("bid none") ? h("button", {"data-move": "bid none", "data-testid": "g2-bid-none", onclick: () => ctx.play("bid none"), text: STR.bidNone}) : null,
        h("button", {onclick: () => { bidStack = []; rerender(); }, text: STR.bidClear})));
    }
    // who has bid: your own stack, of the others only that they have (all of them in a replay)
    if ((obs.bids || []).length) {
      box.append(h("div", {class: "g2-small", "data-testid": "g2-bids"}, h("strong", {text: STR.bidsHead + ": "}),
        obs.bids.map((b, p) => {
          const own = ctx.observations ? ctx.observations[p].bids[p] : b;
          const text = Array.isArray(own) ? STR.bidStatus.mine(own) : own ? STR.bidStatus.hidden : STR.bidStatus.waiting;
          return h("span", {"data-bid-seat": p}, seatDot(p), `${ctx.name(p)}: ${text}  `);
        })));
    }
    if ((obs.last_reveal || []).length) {
      box.append(h("details", {class: "g2-small", "data-testid": "g2-reveal"}, h("summary", {text: STR.lastReveal}),
        h("ul", {}, obs.last_reveal.map((r) => h("li", {text: STR.revealLine(r, ctx.name(r.seat))})))));
    }
    return box;
  }

  function territory(obs, p, mine, mv, last, ui) {
    const places = mine ? mv.places : {}, squares = mine ? mv.squares : {}, moves = mine ? mv.moves : {};
    const dests = mine && ui.moveFrom ? (moves[ui.moveFrom] || {}) : {};
    const cells = p.territory.map((t) => [t.x, t.y]).concat(Object.keys(places).map((k) => k.split(",").map(Number)));
    const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
    const minX = Math.min(...xs), minY = Math.min(...ys);
    const w = Math.max(...xs) - minX + 1, hgt = Math.max(...ys) - minY + 1;
    const svg = s("svg", {viewBox: `0 0 ${w * CELL} ${hgt * CELL}`, width: "100%",
      style: `max-width: ${w * CELL}px`, "data-territory": p.seat, "data-rules": "territory"});
    const at = (x, y) => [(x - minX) * CELL, (y - minY) * CELL];
    const reps = new Set((((obs.chronicle10 || {}).representatives || [])[p.seat] || []).map((c) => c.join(",")));
    for (const t of p.territory) {
      const [px, py] = at(t.x, t.y);
      const key = `${t.x},${t.y}`;
      const here = squares[key] || [];
      const from = moves[key] && !ui.moveFrom;
      const dest = dests[key];
      let extra = {};
      if (dest) extra = {class: "dest", "data-move": dest, "data-key": key, onclick: () => ui.play(dest)};
      else if (ui.moveFrom === key) extra = {class: "from", "data-key": key, onclick: () => ui.pickFrom(null)};
      else if (here.length === 1 && !from) extra = {class: "play", "data-move": here[0], "data-key": key, onclick: () => ui.play(here[0])};
      else if (here.length || from) {
        extra = {class: here.length ? "choose" : "from", "data-key": key,
          onclick: () => (here.length ? ui.choose(key) : ui.pickFrom(key))};
      }
      const g = tileGlyph(obs, t.tile, px, py, CELL, extra, true);
      if (here.length || from || dest || ui.moveFrom === key) {
        const acts = here.some((m) => m.startsWith("act"));
        g.append(s("rect", {x: px + 2, y: py + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: dest ? "rgba(45,122,58,.2)" : "none",
          stroke: acts ? "#f2c14e" : dest || ui.moveFrom === key ? "#2d7a3a" : "#2d7a3a", "stroke-width": 4,
          "stroke-dasharray": acts || dest ? null : "4 2"}));
      }
      const placed = last.placed[p.seat] === key;
      const acted = (last.acted[p.seat] || []).includes(key);
      const activated = obs.to_move === p.seat && (obs.turn.activated || []).some((c) => c.join(",") === key);
      if (placed || acted) {
        g.setAttribute("class", ((g.getAttribute("class") || "") + " last-move").trim());
        g.append(s("rect", {x: px + 1, y: py + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "none",
          stroke: "#f2c14e", "stroke-width": placed ? 5 : 2.5, "stroke-dasharray": placed ? null : "2 2"}));
      }
      if (activated) g.append(s("text", {x: px + CELL - 12, y: py + CELL - 17, "font-size": 11, "font-weight": 700, fill: "#8a6d00", text: "✓"}));
      let i = 0;
      RES.forEach((r, k) => {
        for (let n = 0; n < (t.res[k] || 0); n++, i++) {
          // the goods lie along the bottom, under the drawn effect; the Scotsmen stand right
          g.append(s("rect", {"data-res": r, x: px + 5 + (i % 4) * 8.5, y: py + CELL - 13 - Math.floor(i / 4) * 8.5, width: 7.5, height: 7.5, rx: 1,
            fill: RES_COLOUR[r], stroke: "#333", "stroke-width": .6}));
        }
      });
      for (let n = 0; n < t.scotsmen; n++) {
        g.append(s("circle", {class: "scotsman", cx: px + CELL - 9 - n * 9, cy: py + CELL - 9, r: 5, fill: SEAT[p.seat], stroke: "#fff", "stroke-width": 1.3}));
      }
      if (reps.has(key)) {
        g.append(s("g", {class: "g2-rep", "data-rep": key}, s("title", {text: STR.hg.representative}),
          s("path", {d: `M${px + CELL - 16} ${py + 26} l8 -8 l8 8 l-8 8 z`, fill: SEAT[p.seat], stroke: "#fff", "stroke-width": 1.5})));
      }
      if ((t.under || []).length) g.append(s("text", {x: px + CELL - 4, y: py + CELL * .45, "text-anchor": "end", "font-size": 9, fill: "#3a3328", text: `+${t.under.length}`}));
      svg.append(g);
    }
    for (const [key, move] of Object.entries(places)) {
      const [x, y] = key.split(",").map(Number);
      const [px, py] = at(x, y);
      svg.append(s("rect", {class: "place", "data-move": move, onclick: () => ui.play(move), x: px + 3, y: py + 3,
        width: CELL - 6, height: CELL - 6, rx: 5, fill: "rgba(45,122,58,.15)", stroke: "#2d7a3a", "stroke-width": 2, "stroke-dasharray": "5 3"}));
    }
    return svg;
  }

  function playerBox(obs, seat, me, mv, last, ui, ctx) {
    const p = Object.assign({seat}, obs.players[seat]);
    const mine = seat === me;
    const lm = obs.landmarks || {};
    const stats = h("div", {class: "g2-stats"},
      h("span", {"data-testid": "g2-vp-" + seat, "data-rules": "vp", text: STR.vp(p.vp)}), h("span", {"data-rules": "coin", text: STR.coins(p.coins)}),
      h("span", {"data-rules": "whisky", text: STR.whisky(p.whisky)}), obs.chronicles.includes(10) ? h("span", {"data-rules": "fame", text: STR.fame(p.fame)}) : null,
      h("span", {"data-rules": "home-castle", text: STR.castle(p.castle_scotsmen)}), h("span", {"data-rules": "scotsman", text: STR.supply(p.scotsmen_in_supply)}),
      h("span", {"data-rules": "clan", text: STR.markers(p.clan_markers_left)}));
    const cards = [];
    if (p.personalities.length) {
      cards.push(h("div", {class: "g2-small g2-kits", "data-testid": "g2-personalities-" + seat}, h("strong", {text: STR.personalities + ": "}),
        p.personalities.map((x) => tileSvg(obs, x, 64))));
    }
    if (p.landmarks.length) {
      cards.push(h("div", {class: "g2-small g2-kits", "data-testid": "g2-landmarks-" + seat}, h("strong", {text: STR.landmarks + ": "}),
        p.landmarks.map((c) => h("span", {"data-landmark": c}, drawn(Object.assign({id: c}, lm[c] || {name: c}), "landmark", 80,
          {name: NM(CARD(c, lm[c])), lines: G.landmarks[c] ? [G.landmarks[c].effect] : []})))));
    }
    const c11 = obs.chronicle11;
    if (c11 && (c11.blueprints[seat] || []).length) cards.push(blueprints(obs, seat, mine ? mv : null, ui));
    return h("div", {class: "g2-box g2-player" + (mine ? " me" : ""), "data-player": seat},
      h("h3", {}, seatDot(seat), ctx.name(seat) + (mine ? STR.you : "")),
      stats, cards, territory(obs, p, mine, mv, last, ui));
  }

  // the scoring rounds so far and the final scoring, as the describer's tables (one row per
  // scored category, the counts compared in brackets, totals that add up)
  function scores(obs, ctx) {
    // a replay's earlier position shows only the rounds scored by then
    const rounds = (obs.scorings || []).length, all = G.scoring || [];
    const tables = all.slice(0, rounds);
    if (obs.final && all.length > rounds) tables.push(all[all.length - 1]);
    if (!tables.length) return null;
    const cols = (tb) => tb.columns.map((c, i) => (i < obs.players.length ? ctx.name(i) : c));
    return h("div", {class: "g2-box", "data-testid": obs.final ? "g2-final" : "g2-scorings", "data-rules": "final-scoring"},
      h("h3", {text: obs.final ? STR.final : STR.scorings}),
      tables.map((tb) => h("table", {class: "g2-score"},
        h("caption", {text: tb.title}),
        h("tr", {}, h("th", {text: ""}), cols(tb).map((c) => h("th", {text: c}))),
        tb.rows.map((r) => h("tr", {}, h("th", {text: r.label}), r.values.map((v) => h("td", {text: String(v)})))))));
  }

  // -- chronicle 12: Allenarly's board and her last decision (words: gm2solo.* keys) -----
  function allenarlyBox(obs) {
    const a = obs.allenarly, t = window.clanboard.t, aw = G.allenarly || {};
    const item = (key, value) => h("li", {}, h("span", {class: "muted", text: t(key) + ": "}), String(value));
    const names = (ids) => (ids.length ? ids.map((id) => NM(tileInfo(obs, id))).join(", ") : "—");
    // her decisions in the describer's words; a replay's earlier position names the tile and card
    const same = JSON.stringify(aw.since || null) === JSON.stringify(a.since_your_move || null);
    const recent = (a.since_your_move && a.since_your_move.length) ? a.since_your_move : [a.last || {}];
    const plain = (d) => (d.tile ? `${NM(tileInfo(obs, d.tile))} — ${t("gm2solo.card_range", {card: d.card, range: d.range})}`
      : d.bid_card ? t("gm2solo.card_feast", {card: d.bid_card, feast: d.feast}) : "");
    const last = (same && aw.last && aw.last.length ? aw.last : recent.map(plain).filter(Boolean));
    if (!last.length) last.push(t("gm2solo.none"));
    return h("div", {class: "g2-box", "data-testid": "g2-allenarly", "data-rules": "allenarly"},
      h("h3", {text: `${t("gm2solo.title")} (${t("gm2solo.level", {level: aw.level || a.level_name})}) — ${t("gm2solo.vp", {n: a.vp})}`}),
      h("ul", {class: "g2-list"},
        item("gm2solo.coins", a.coins), item("gm2solo.stones", a.stones),
        item("gm2solo.scotsmen", a.scotsmen), item("gm2solo.landmarks", a.landmarks.length),
        item("gm2solo.whisky", a.whisky), item("gm2solo.pile", names(a.pile)),
        item("gm2solo.priority", (aw.priority || []).join(" · ")),
        item("gm2solo.tokens", (aw.tokens || []).join(", ")),
        h("li", {}, h("span", {class: "muted", text: t("gm2solo.cards") + ": "}),
          a.cards_face_up.length ? a.cards_face_up.map((c, i) => h("span", {class: "g2-cardno", title: (aw.cards || {})[c] || "",
            text: String(c) + (i < a.cards_face_up.length - 1 ? ", " : "")})) : "—",
          " — " + t("gm2solo.draws_left", {n: a.draws_before_shuffle}))),
      // her tiles that are in sight as tiles: the trade row and her personalities
      [["gm2solo.trade_row", a.trade_row, "g2-allenarly-trade"], ["gm2solo.personalities", a.personalities, "g2-allenarly-personalities"]]
        .map(([key, ids, id]) => h("div", {class: "g2-small g2-kits", "data-testid": id}, h("strong", {text: t(key) + ":"}),
          ids.length ? ids.map((x) => tileSvg(obs, x, 60)) : "—")),
      h("div", {"data-testid": "g2-allenarly-last"}, h("strong", {text: t("gm2solo.last") + ":"}),
        h("ol", {}, last.map((d) => h("li", {text: d})))));
  }

  // chronicle 11: a seat's blueprint cards with the resources on them; yours take a
  // resource by a click on its chip (plan H1 wood)
  function blueprints(obs, seat, mv, ui) {
    const c11 = obs.chronicle11;
    return h("div", {class: "g2-blueprints", "data-testid": "g2-blueprints-" + seat, "data-rules": "blueprint"},
      h("strong", {class: "g2-small", text: STR.hp.blueprints + ": "}),
      c11.blueprints[seat].map((card) => {
        const plans = (mv && mv.plans[card.tile]) || {};
        const paid = Object.entries(card.paid).flatMap(([r, n]) => Array(n).fill(r));
        return h("div", {class: "g2-card" + (Object.keys(plans).length ? " feed" : ""), "data-blueprint": card.tile},
          placeSvg(obs, card.place, 76),
          card.free ? h("div", {class: "g2-small", text: STR.hp.free(card.free)}) : null,
          h("div", {}, paid.map((r) => kit.inline(r, {size: 16, title: RN(r)})),
            card.fed_this_turn ? h("span", {class: "g2-small", text: " " + STR.hp.fed}) : null),
          Object.keys(plans).length ? h("div", {class: "g2-actions"}, Object.entries(plans).map(([r, m]) =>
            h("button", {class: "move", "data-move": m, title: STR.hp.plan(r), onclick: () => ui.play(m)},
              kit.inline(r, {size: 16}), " " + RN(r)))) : null);
      }));
  }

  // chronicle 11: the double historic places still beside the rondel, places built per seat
  function historic(obs) {
    const c11 = obs.chronicle11, places = c11.historic_places || {};
    const doubles = c11.doubles_beside_rondel.map((id) => {
      const pl = places[id] || {name: id, sides: []};
      return h("div", {class: "g2-card", "data-double": id},
        placeSvg(obs, id, 76),
        h("div", {class: "g2-small", text: pl.sides.map((side, i) => `${i + 1}: ` + side.map((c) => STR.hp.over(KN(c.over))).join(" + ")).join(" / ")}));
    });
    return h("div", {class: "g2-box", "data-testid": "g2-historic", "data-rules": "historic"}, h("h3", {text: STR.hp.title}),
      h("div", {class: "g2-small", text: STR.hp.doubles}), h("div", {class: "g2-feasts"}, doubles.length ? doubles : STR.none),
      h("div", {class: "g2-small"}, obs.players.map((_, p) => h("span", {}, seatDot(p), STR.hp.count(c11.historic_count[p]) + "  "))));
  }

  // chronicle 10: the Highland Games board: the caber and stone tracks (every seat's rank),
  // the central track between them (rewards, markers; the offered one is clicked), modifiers
  function highland(obs, mv, ctx) {
    const c10 = obs.chronicle10, top = c10.top_rank;
    const step = (track, r) => c10.board[`${track} ${r}`];
    const column = (track, title) => {
      const rows = [];
      for (let r = top; r >= 0; r--) {
        const st = step(track, r);
        const here = track === "central" ? [] : c10.ranks.map((x, p) => (x[track] === r ? p : -1)).filter((p) => p >= 0);
        let extra = {};
        if (track === "central") {
          const taker = c10.central_taken[r];
          if (taker !== undefined) here.push(taker);
          const move = mv.central[String(r)];
          if (move) extra = {class: "claim", "data-move": move, onclick: () => ctx.play(move)};
        }
        if (r === 0 && track === "central") continue;
        rows.push(h("tr", Object.assign({"data-step": `${track} ${r}`}, extra),
          h("td", {class: "rank", text: r ? String(r) : STR.hg.rank0}),
          h("td", {class: "g2-effect", text: st ? (G.steps[`${track} ${r}`] || "") + (st.provisional ? " *" : "") : "",
            title: st && st.provisional ? STR.hg.provisional : ""}),
          h("td", {}, here.map(seatDot))));
      }
      return h("div", {class: "g2-track", "data-track": track}, h("h4", {text: title}), h("table", {}, rows));
    };
    // a modifier won ("1 extra castle") in words: "+1 — Scotsmen in the home castle"
    const modText = (m) => { const r = /^(\d+) extra (\w+)$/.exec(m); return r ? `+${r[1]} — ${G.categories[r[2]] || r[2]}` : m; };
    const mods = obs.players.map((_, p) => (c10.modifiers[p] || []).length
      ? h("div", {class: "g2-small"}, seatDot(p), (c10.modifiers[p] || []).map(modText).join(", ")) : null).filter(Boolean);
    const box = h("div", {class: "g2-box g2-hg", "data-testid": "g2-highland", "data-rules": "central-track"}, h("h3", {text: STR.hg.title}),
      h("div", {class: "g2-tracks"}, column("caber", STR.hg.caber), column("central", STR.hg.central), column("stone", STR.hg.stone)),
      h("div", {class: "g2-small", text: STR.hg.aboveTop(c10.above_top_vp)}),
      mods.length ? h("div", {}, h("strong", {class: "g2-small", text: STR.hg.modifiers + ": "}), mods) : null);
    const buttons = [];
    if (mv.central.none) buttons.push(h("button", {class: "move", "data-move": mv.central.none, onclick: () => ctx.play(mv.central.none), text: STR.hg.centralNone}));
    if (mv.rep.new) buttons.push(h("button", {class: "move", "data-move": mv.rep.new, onclick: () => ctx.play(mv.rep.new), text: STR.label.repNew}));
    if (mv.rep.none) buttons.push(h("button", {class: "move", "data-move": mv.rep.none, onclick: () => ctx.play(mv.rep.none), text: STR.hg.repNone}));
    if (buttons.length) box.append(h("div", {class: "g2-actions"}, buttons));
    return box;
  }

  // a tournament or spectator tile's one-time options (choose N), labelled by the tile
  function chooseBox(obs, mv, ui) {
    const entries = Object.entries(mv.choose);
    if (!entries.length) return null;
    const id = (obs.turn || {}).choosing || (obs.turn || {}).tile;
    const info = id ? tileInfo(obs, id) : {name: ""};
    const opts = (info.w && info.w.bonuses) || [];
    return h("div", {class: "g2-box g2-choose", "data-testid": "g2-choose-option"}, h("h3", {text: `${NM(info)}: ${STR.hg.choose}`}),
      h("div", {class: "g2-actions"}, entries.map(([n, m]) =>
        h("button", {class: "move", "data-move": m, onclick: () => ui.play(m), text: opts[n - 1] || m}))));
  }

  function render(root, ctx0) {
    const obs = ctx0.observation;
    G = Object.assign({tiles: {}, clans: {}, feasts: {}, landmarks: {}, steps: {}, historic: {}, kinds: {},
      categories: {}, stacks: {}, provisional: [], scoring: []}, (ctx0.view && ctx0.view.words) || {});
    const soloName = (i) => (obs.allenarly && i === 1 ? window.clanboard.t("gm2solo.title") : STR.seat(i));
    const ctx = Object.assign({}, ctx0, {name: (i) => (ctx0.names && ctx0.names[i]) || soloName(i)});
    const mv = sortMoves(ctx.legalMoves || []);
    // a representative from your supply goes onto the new tile: click that tile
    const newCell = obs.turn && obs.turn.cell ? obs.turn.cell.join(",") : null;
    if (mv.rep.new && newCell) (mv.squares[newCell] = mv.squares[newCell] || []).push(mv.rep.new);
    const me = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
    const last = lastTurn(ctx);
    const rerender = () => { root.replaceChildren(); render(root, ctx0); };
    redraw = rerender;
    if (chosen && !mv.squares[chosen] && !mv.rondel[chosen]) chosen = null;
    if (moveFrom && !mv.moves[moveFrom]) moveFrom = null;
    const ui = {
      moveFrom,
      play: (m) => { chosen = null; moveFrom = null; ctx.play(m); },
      choose: (key) => { chosen = chosen === key ? null : key; moveFrom = null; rerender(); },
      pickFrom: (key) => { moveFrom = key; chosen = null; rerender(); },
    };
    const wrap = h("div", {class: "g2", "data-testid": "g2-board"});
    wrap.append(badge(obs));

    // where the game stands and what to click
    const turn = obs.turn || {};
    // a game ended by a resignation, an abort or the clock stops where it stood: no one is to
    // place a tile or pay for anything any more, though the position still says so
    const ended = obs.phase !== "over" && Boolean(ctx.view && ctx.view.status === "over");
    const bits = [ended ? t("common.game_over") : STR.phase(obs.phase)];
    if (!ended) {
      if (obs.to_move !== null && obs.to_move !== undefined && obs.phase !== "over") bits.push(STR.toMove(ctx.name(obs.to_move)));
      if (turn.tile) bits.push(STR.tileBeingPlaced(NM(tileInfo(obs, turn.tile))));
      // what is still owed, counted in words by the server (this position's; a replay's own otherwise)
      const owedHere = G.owed && JSON.stringify(G.owed.for) === JSON.stringify(turn.owed || {});
      const owed = owedHere ? [G.owed.text].filter(Boolean) : Object.entries(turn.owed || {}).map(([r, n]) => `${n} ${RN(r)}`);
      if (turn.owed_any) owed.push(t("gm2.owed_any", {n: turn.owed_any}));
      if (turn.owed_distinct) owed.push(t("gm2.owed_distinct", {n: turn.owed_distinct}));
      if (owed.length) bits.push(STR.owes(owed.join(", ")));
      if (turn.movement_points) bits.push(STR.movement(turn.movement_points));
      if (turn.gain_left) bits.push(STR.gainLeft(turn.gain_left));
    }
    wrap.append(h("div", {class: "g2-turn", "data-testid": "g2-turn"}, h("strong", {text: bits.join(" — ")})));
    let hint = "";
    const anyLegal = (ctx.legalMoves || []).length > 0;
    if (chosen) hint = STR.hintChoose(mv.squares[chosen] ? chosen : NM(tileInfo(obs, chosen)));
    else if (moveFrom) hint = STR.hintMoveFrom;
    else if (anyLegal) hint = STR.hint(obs.phase);
    wrap.append(h("div", {class: "g2-hint", "data-testid": "hint", text: hint}));
    if (mv.end) {
      wrap.append(h("div", {class: "g2-actions"}, h("button", {class: "primary move", "data-move": "end", "data-testid": "g2-end",
        onclick: () => ui.play("end"), text: obs.phase === "remove" ? STR.endRemove : STR.end})));
    }
    const choice = chooseBox(obs, mv, ui);
    if (choice) wrap.append(choice);
    // a clicked tile offering several moves: its moves as buttons
    if (chosen) {
      const list = mv.squares[chosen] || mv.rondel[chosen];
      const tile = mv.squares[chosen] ? (obs.players[me].territory.find((t) => `${t.x},${t.y}` === chosen) || {}).tile : chosen;
      wrap.append(h("div", {class: "g2-box g2-choose", "data-testid": "g2-choose"},
        h("h3", {text: NM(tileInfo(obs, tile)) + (mv.squares[chosen] ? ` (${chosen})` : "")}),
        h("div", {class: "g2-actions"},
          list.map((m) => h("button", {class: "move", "data-move": m, text: label(obs, m, tile, obs.market), onclick: () => ui.play(m)})),
          mv.moves[chosen] ? h("button", {"data-testid": "g2-move-from", onclick: () => ui.pickFrom(chosen), text: STR.moveHere}) : null,
          h("button", {text: STR.cancel, onclick: () => ui.choose(chosen)}))));
    }
    const order = obs.players.map((_, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    // while you place, pay and activate, your territory comes first (on a phone: on screen)
    const inTerritory = anyLegal && me !== null && ["place", "pay", "activate", "remove", "plan", "build", "rep", "scot"].includes(obs.phase);
    if (inTerritory) wrap.append(h("div", {class: "g2-row"}, playerBox(obs, me, me, mv, last, ui, ctx)));
    wrap.append(h("div", {class: "g2-row"},
      h("div", {class: "g2-box g2-rondel-box"}, h("h3", {text: STR.rondel}), rondel(obs, mv, last, ctx, (key) => ui.choose(key))),
      h("div", {class: "g2-col"}, market(obs, mv, ctx), clanBoard(obs, mv, last, ctx))));
    if ((obs.chronicles || []).includes(9)) wrap.append(h("div", {class: "g2-row"}, feasts(obs, mv, ctx, rerender)));
    if (obs.allenarly) wrap.append(h("div", {class: "g2-row"}, allenarlyBox(obs)));
    const extras = [obs.chronicle10 ? highland(obs, mv, ctx) : null, obs.chronicle11 ? historic(obs) : null].filter(Boolean);
    if (extras.length) wrap.append(h("div", {class: "g2-row"}, extras));
    wrap.append(h("div", {class: "g2-row"}, order.filter((seat) => !(inTerritory && seat === me))
      .map((seat) => playerBox(obs, seat, me, mv, last, ui, ctx))));
    // the scorings so far; at the end the table page's result shows them
    const sc = obs.final ? null : scores(obs, ctx);
    if (sc) wrap.append(h("div", {class: "g2-row"}, sc));
    root.append(wrap);
    return {handled: mv.handled};
  }

  window.clanboard.registerRenderer("glen-more-2", {render});
})();
