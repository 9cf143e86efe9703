/* Glen More II: Chronicles in the browser: the provisional-components badge, the rondel
   (tiles, Scotsmen, the die, World's End), the market with its prices, the clan board,
   chronicle 9's feasts and secret bid, every territory as a grid, scorings.
   Clicks: a highlighted rondel tile takes it; a dashed square places the tile; a glowing tile
   in your territory activates it, pays or sells from it (a list when it offers several); a
   tile with your Scotsman, then a green tile, moves him; a market row buys; a clan row
   claims the space; feasts, clicked in order, build the secret bid. Other moves stay buttons. */
"use strict";
(function () {
  const {h, s} = window.clanboard;

  // every user-facing word of this board, in one place (for the web UI's catalogues)
  const STR = {
    provisional: (n) => `Provisional components (${n})`,
    provisionalWhy: "This game uses a component pack with placeholder values: the base game's " +
      "tile list, clan board and cards are not published. Each value below stands in for " +
      "the real one until an owner of the game completes the pack.",
    pack: (p) => `pack: ${p}`,
    used: (n) => `This game used ${n} of them:`,
    rondel: "Rondel", market: "Market", clanBoard: "Clan board", feasts: "Feasts (chronicle 9)",
    scorings: "Scoring rounds", final: "Final scoring",
    back: "back", front: "front", die: "die", worldsEnd: "World's End is out",
    stacksLeft: "Tiles left", stack: (k, n) => `${k}: ${n}`,
    phase: {draw: "Drawing tiles", roll: "Rolling the die", take: "Move on the rondel",
      place: "Place the tile", pay: "Pay for the tile", gain: "Choose resources",
      clan: "Claim a clan space", activate: "Activate tiles", discard: "Discard",
      remove: "Remove tiles", bid: "Secret bids for the feasts", over: "Game over"},
    toMove: (n) => `${n} to move`,
    tileBeingPlaced: (t) => `tile: ${t}`,
    owes: (x) => `owes ${x}`, movement: (n) => `${n} movement point${n === 1 ? "" : "s"}`,
    gainLeft: (n) => `${n} resource${n === 1 ? "" : "s"} to choose`,
    hint: {
      take: "Click a tile with a green frame on the rondel to move your Scotsman there and take it.",
      place: "Click a dashed green square in your territory to place the tile.",
      pay: "Pay: click a glowing tile of yours to pay from it, or a market row to buy.",
      gain: "Choose a resource (buttons in the market).",
      activate: "Click a glowing tile to activate it; a tile with your Scotsman to move him; End when done.",
      moveFrom: "Now click a green tile to move the Scotsman there (click him again to cancel).",
      clan: "Click a clan space to put your clan marker on it.",
      bid: "Click feasts in the order you want them (top of the stack first), then Submit bid.",
      remove: "Click a glowing tile to remove it, or End.",
      choose: (t) => `${t}: choose what to do.`,
    },
    buy: (p) => `buy ${p}`, sell: (p) => `sell ${p}`, full: "full", none: "—",
    gain: (r) => `Take ${r}`,
    clanHead: ["space", "effect", "road", "markers"],
    coins: (n) => `${n} coins`, vp: (n) => `${n} VP`, whisky: (n) => `${n} whisky`,
    fame: (n) => `${n} fame`, castle: (n) => `${n} in castle`, supply: (n) => `${n} Scotsmen in supply`,
    markers: (n) => `${n} clan markers`,
    personalities: "Personalities", landmarks: "Landmarks",
    you: " (you)", seat: (i) => `Player ${i + 1}`,
    end: "End turn", endRemove: "Done removing",
    bidSubmit: "Submit bid", bidNone: "Bid nothing", bidClear: "Clear",
    yourBid: (b) => `Your stack: ${b.length ? b.join(", ") : "(empty)"}`,
    bidStatus: {mine: (b) => `bid ${b.length ? b.join(", ") : "nothing"}`, hidden: "has bid (hidden)",
      waiting: "choosing…"},
    bidsHead: "Bids",
    lastReveal: "Last reveal",
    revealLine: (r, n) => `stage ${r.stage}: ${n} → feast ${r.feast}` +
      (r.paid ? " (marker placed)" : r.open ? " (could not pay)" : " (closed)"),
    feastCost: (c) => `cost ${c || "—"}`,
    moveHere: "Move a Scotsman from here",
    label: {
      take: (alt) => `Take it${alt ? " paying " + alt : ""}`,
      pass: "Move there without taking it",
      act: (opt) => `Activate${opt ? ": " + opt : ""}`,
      pay: (r) => `Pay ${r} from this tile`, sell: (r, p) => `Sell ${r} for ${p} coin${p === 1 ? "" : "s"}`,
      remove: "Remove this tile",
    },
    cancel: "Cancel",
    round: (n) => `Round ${n}`,
  };

  const RES = ["wood", "stone", "grain", "sheep", "cattle"];
  const RES_COLOUR = {wood: "#8b5a2b", stone: "#8d8d8d", grain: "#e2b714", sheep: "#f4f4ee", cattle: "#4a3021"};
  const KIND = {village: "#c9c2b4", castle: "#9a9488", material: "#8fb36a", animal: "#b5dc8c",
    trade: "#d49a6a", whisky: "#d9a441", personality: "#c9a0dc", loch: "#5d9bd1", worlds_end: "#444"};
  const SEAT = ["#c0392b", "#1f5f8b", "#2d7a3a", "#8e44ad"];
  const CELL = 58;

  // what the player is doing between renders
  let chosen = null;     // a square or rondel tile whose moves are listed
  let moveFrom = null;   // a square whose Scotsman is about to move
  let bidStack = [];     // feast positions of the secret bid being built
  let bidKey = "";       // resets the bid when a new bidding starts
  let badgeOpen = false; // the provisional list stays open across redraws

  const style = document.createElement("style");
  style.textContent = `
  .g2 { user-select: none; }
  .g2-row { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start; margin-bottom: .6rem; }
  .g2-box { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .6rem; }
  .g2-box h3 { margin: 0 0 .3rem; font-size: .95rem; }
  .g2 svg text { pointer-events: none; }
  .g2 .take, .g2 .place, .g2 .play, .g2 .choose, .g2 .from, .g2 .dest, .g2 .buy, .g2 .claim, .g2 .feast.pick { cursor: pointer; }
  .g2-badge { background: #fff4c2; border: 2px solid #c9a400; border-radius: 8px; padding: .3rem .6rem; margin-bottom: .5rem; font-size: .85rem; }
  .g2-badge summary { font-weight: 700; cursor: pointer; }
  .g2-badge ul { columns: 2 220px; margin: .3rem 0 0; padding-left: 1.1rem; max-height: 14rem; overflow: auto; }
  .g2-turn { font-size: .95rem; margin: .2rem 0; }
  .g2-hint { font-size: .9rem; color: var(--good); min-height: 1.2em; margin-bottom: .3rem; }
  .g2-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .3rem 0; }
  .g2-market td { padding: 1px 5px; font-size: .85rem; }
  .g2-market .slot { display: inline-block; width: 18px; height: 18px; line-height: 16px; text-align: center; font-size: 10px; border-radius: 50%; border: 1px solid #555; margin-right: 2px; vertical-align: middle; }
  .g2-market .slot.full { background: #e2c04a; font-weight: 700; }
  .g2-market tr.buy { background: #eaf3ea; outline: 2px solid var(--good); }
  .g2-chip { display: inline-block; width: 11px; height: 11px; border-radius: 2px; border: 1px solid #444; vertical-align: middle; margin-right: 3px; }
  .g2-clan td, .g2-clan th { padding: 1px 5px; font-size: .82rem; text-align: left; }
  .g2-clan tr.claim { background: #eaf3ea; outline: 2px solid var(--good); }
  .g2-clan tr.last-move { background: #fdf1c8; }
  .g2-dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid #fff; margin-right: 2px; vertical-align: middle; }
  .g2-feasts { display: flex; flex-wrap: wrap; gap: .4rem; }
  .g2 .feast { border: 1px solid var(--line); border-radius: 6px; padding: 3px 6px; background: #fbf7ec; font-size: .8rem; min-width: 120px; position: relative; }
  .g2 .feast.pick { border: 2px dashed var(--good); }
  .g2 .feast.stacked { border: 2px solid var(--good); background: #eef6e8; }
  .g2 .feast .order { position: absolute; top: -8px; right: -8px; background: var(--good); color: #fff; border-radius: 50%; width: 20px; height: 20px; text-align: center; font-weight: 700; line-height: 20px; }
  .g2 .feast .pos { font-weight: 700; margin-right: 4px; }
  .g2-player { min-width: 260px; flex: 1; }
  .g2-player.me { border-color: var(--accent); border-width: 2px; flex-basis: 100%; }
  .g2-stats { font-size: .85rem; display: flex; flex-wrap: wrap; gap: .2rem .8rem; margin-bottom: .3rem; }
  .g2-small { font-size: .8rem; }
  .g2-choose { width: 100%; }
  .g2-score td, .g2-score th { padding: 1px 6px; font-size: .82rem; text-align: right; }
  .g2-score th:first-child { text-align: left; }
  `;
  document.head.append(style);

  const tileInfo = (obs, id) => (obs.tiles && obs.tiles[id]) || {id, name: id, kind: "village"};
  const tileTitle = (t) => [`${t.id} ${t.name} (${t.kind})`, t.cost ? `cost: ${t.cost}` : "",
    t.bonus ? `when placed: ${t.bonus}` : "", t.activation ? `activation: ${t.activation}` : "",
    t.river ? "river" : "", t.rebuild ? "rebuild tile" : "", t.landmark ? `landmark ${t.landmark}` : "",
    t.provisional ? "provisional" : ""].filter(Boolean).join("\n");
  const short = (name, n) => (name.length <= n ? name : name.slice(0, n - 1) + "…");
  const seatDot = (p) => h("span", {class: "g2-dot", style: `background:${SEAT[p]}`});

  function tileGlyph(obs, id, x, y, size, extra) {
    const t = tileInfo(obs, id);
    const dark = t.kind === "worlds_end" || t.kind === "loch";
    return s("g", Object.assign({"data-tile": id}, extra || {}),
      s("title", {text: tileTitle(t)}),
      s("rect", {x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: 5, fill: KIND[t.kind] || "#ccc",
        stroke: "#5b5346", "stroke-width": 1.5}),
      t.river ? s("path", {d: `M${x + 2} ${y + size - 8} q${size / 4} -6 ${size / 2} 0 t${size / 2 - 4} 0`,
        fill: "none", stroke: "#3d7fc4", "stroke-width": 3, opacity: .75}) : null,
      s("text", {x: x + size / 2, y: y + 12, "text-anchor": "middle", "font-size": 9, "font-weight": 700,
        fill: dark ? "#fff" : "#1d1d1d", text: short(t.name, Math.floor(size / 5.2))}),
      t.activation ? s("text", {x: x + size / 2, y: y + 22, "text-anchor": "middle", "font-size": 7,
        fill: dark ? "#eee" : "#3a3328", text: short(t.activation, Math.floor(size / 4))}) : null);
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
      bids: new Set(), end: null, handled: []};
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
      else if (mv === "end") m.end = mv;
      else continue;
      m.handled.push(mv);
    }
    return m;
  }

  function label(obs, mv, tile, filled) {
    let r;
    const t = tile ? tileInfo(obs, tile) : null;
    const opts = (text) => (text || "").split(" | ");
    if ((r = /^take \S+?(?::(\d))?$/.exec(mv))) return STR.label.take(r[1] ? opts(t && t.cost)[r[1] - 1] : "");
    if (/^pass /.test(mv)) return STR.label.pass;
    if ((r = /^act \S+?(?::(\d))?$/.exec(mv))) return STR.label.act(r[1] ? opts(t && t.activation)[r[1] - 1] : t && t.activation);
    if ((r = /^pay (\w+) /.exec(mv))) return STR.label.pay(r[1]);
    if ((r = /^sell (\w+) /.exec(mv))) {
      const prices = (obs.market_prices || {})[r[1]] || [];
      const f = (filled || {})[r[1]] || 0;
      return STR.label.sell(r[1], prices[f - 1] !== undefined ? prices[f - 1] : "?");
    }
    if (/^remove /.test(mv)) return STR.label.remove;
    return mv;
  }

  function badge(obs) {
    const list = obs.provisional || [];
    if (!list.length) return null;
    return h("details", {class: "g2-badge", "data-testid": "provisional-badge", open: badgeOpen,
      ontoggle: (ev) => { badgeOpen = ev.target.open; }},
      h("summary", {text: STR.provisional(list.length) + " — " + STR.pack(obs.pack)}),
      h("p", {class: "g2-small", text: STR.provisionalWhy}),
      obs.used_provisional ? [h("p", {class: "g2-small", "data-testid": "provisional-used"},
        h("strong", {text: STR.used(obs.used_provisional.length)}), " " + obs.used_provisional.join(", "))] : null,
      h("ul", {"data-testid": "provisional-list"}, list.map((x) => h("li", {text: x}))));
  }

  function rondel(obs, mv, last, ctx, rerender) {
    const n = obs.rondel.length, size = 54, C = 200, R = 160;
    const svg = s("svg", {viewBox: "0 0 400 400", width: "100%", style: "max-width: 400px", "data-testid": "g2-rondel"});
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
          s("rect", {x: x + 14, y: y + 14, width: 26, height: 26, rx: 5, fill: "#fff", stroke: "#333", "stroke-width": 1.5}),
          s("circle", {cx: x + 21, cy: y + 21, r: 2.5, fill: "#333"}), s("circle", {cx: x + 27, cy: y + 27, r: 2.5, fill: "#333"}),
          s("circle", {cx: x + 33, cy: y + 33, r: 2.5, fill: "#333"}));
        g.setAttribute("data-testid", "g2-die");
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
    const stacks = Object.entries(obs.stacks_left || {}).map(([k, v]) => STR.stack(k, v)).join("  ");
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
        h("td", {}, h("span", {class: "g2-chip", style: `background:${RES_COLOUR[r]}`}), r),
        h("td", {}, pr.map((p, i) => h("span", {class: "slot" + (i < filled ? " full" : ""), text: String(p)}))),
        h("td", {text: `${buy} · ${sell}`}));
    });
    const gains = Object.entries(mv.gains);
    return h("div", {class: "g2-box g2-market", "data-testid": "g2-market"}, h("h3", {text: STR.market}),
      h("table", {}, rows),
      gains.length ? h("div", {class: "g2-actions", "data-testid": "g2-gain"}, gains.map(([r, m]) =>
        h("button", {class: "move", "data-move": m, onclick: () => ctx.play(m)},
          h("span", {class: "g2-chip", style: `background:${RES_COLOUR[r]}`}), STR.gain(r)))) : null);
  }

  function clanBoard(obs, mv, last, ctx) {
    const info = obs.clan_spaces || {};
    const rows = Object.entries(obs.clan_board).map(([id, holders]) => {
      const move = mv.clans[id];
      const sp = info[id] || {clan: id, effect: "", road_cost: 0};
      return h("tr", {class: [move ? "claim" : "", last.clan === id ? "last-move" : ""].join(" "), "data-clan": id,
        "data-move": move || null, onclick: move ? () => ctx.play(move) : null,
        title: sp.provisional ? "provisional" : ""},
      h("td", {text: sp.clan + (sp.provisional ? " *" : "")}), h("td", {text: sp.effect || STR.none}),
      h("td", {text: String(sp.road_cost)}), h("td", {}, holders.map(seatDot)));
    });
    const others = Object.entries(mv.clans).filter(([id]) => !(id in obs.clan_board));
    return h("div", {class: "g2-box g2-clan", "data-testid": "g2-clan"}, h("h3", {text: STR.clanBoard}),
      h("table", {}, h("tr", {}, STR.clanHead.map((x) => h("th", {text: x}))), rows),
      others.length ? h("div", {class: "g2-actions"}, others.map(([, m]) =>
        h("button", {class: "move", "data-move": m, text: m, onclick: () => ctx.play(m)}))) : null);
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
      return h("div", {class: cls, "data-feast": f.position, onclick: click, title: f.id},
        at >= 0 ? h("span", {class: "order", text: String(at + 1)}) : null,
        h("div", {}, h("span", {class: "pos", text: String(f.position)}), f.name),
        h("div", {class: "g2-small", text: STR.feastCost(f.cost)}),
        h("div", {class: "g2-small", text: f.effect}),
        h("div", {}, (f.markers || []).map(seatDot)));
    });
    const box = h("div", {class: "g2-box", "data-testid": "g2-feasts"}, h("h3", {text: STR.feasts}), h("div", {class: "g2-feasts"}, cards));
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
      style: `max-width: ${w * CELL}px`, "data-territory": p.seat});
    const at = (x, y) => [(x - minX) * CELL, (y - minY) * CELL];
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
      const g = tileGlyph(obs, t.tile, px, py, CELL, extra);
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
      if (activated) g.append(s("text", {x: px + CELL - 9, y: py + 22, "font-size": 11, fill: "#8a6d00", text: "✓"}));
      let i = 0;
      RES.forEach((r, k) => {
        for (let n = 0; n < (t.res[k] || 0); n++, i++) {
          g.append(s("rect", {"data-res": r, x: px + 6 + (i % 5) * 9, y: py + 27 + Math.floor(i / 5) * 9, width: 7.5, height: 7.5, rx: 1,
            fill: RES_COLOUR[r], stroke: "#333", "stroke-width": .6}));
        }
      });
      for (let n = 0; n < t.scotsmen; n++) {
        g.append(s("circle", {class: "scotsman", cx: px + 10 + n * 11, cy: py + CELL - 10, r: 5, fill: SEAT[p.seat], stroke: "#fff", "stroke-width": 1.3}));
      }
      if ((t.under || []).length) g.append(s("text", {x: px + CELL - 4, y: py + CELL - 4, "text-anchor": "end", "font-size": 9, fill: "#3a3328", text: `+${t.under.length}`}));
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
      h("span", {"data-testid": "g2-vp-" + seat, text: STR.vp(p.vp)}), h("span", {text: STR.coins(p.coins)}),
      h("span", {text: STR.whisky(p.whisky)}), obs.chronicles.includes(10) ? h("span", {text: STR.fame(p.fame)}) : null,
      h("span", {text: STR.castle(p.castle_scotsmen)}), h("span", {text: STR.supply(p.scotsmen_in_supply)}),
      h("span", {text: STR.markers(p.clan_markers_left)}));
    const cards = [];
    if (p.personalities.length) {
      cards.push(h("div", {class: "g2-small"}, h("strong", {text: STR.personalities + ": "}),
        p.personalities.map((t) => h("span", {title: tileTitle(tileInfo(obs, t)), text: tileInfo(obs, t).name + "  "}))));
    }
    if (p.landmarks.length) {
      cards.push(h("div", {class: "g2-small"}, h("strong", {text: STR.landmarks + ": "}),
        p.landmarks.map((c) => h("span", {title: lm[c] ? `${lm[c].timing}: ${lm[c].effect}` : c,
          text: (lm[c] ? lm[c].name : c) + "  "}))));
    }
    return h("div", {class: "g2-box g2-player" + (mine ? " me" : ""), "data-player": seat},
      h("h3", {}, seatDot(seat), ctx.name(seat) + (mine ? STR.you : "")),
      stats, cards, territory(obs, p, mine, mv, last, ui));
  }

  function scores(obs, ctx) {
    const rows = [];
    const n = obs.players.length;
    // feasts: {position: [seats]} -> "4: Player 3"
    const text = (v) => (v && typeof v === "object" && !Array.isArray(v)
      ? Object.entries(v).map(([k, x]) => `${k}: ${Array.isArray(x) ? x.map(ctx.name).join(", ") : x}`).join("; ") || STR.none
      : JSON.stringify(v));
    (obs.scorings || []).forEach((sc) => {
      rows.push(h("tr", {}, h("th", {colspan: n + 1, text: STR.round(sc.round)})));
      for (const [k, v] of Object.entries(sc)) {
        if (k === "round") continue;
        if (Array.isArray(v) && v.length === n) rows.push(h("tr", {}, h("th", {text: k}), v.map((x) => h("td", {text: String(x)}))));
        else rows.push(h("tr", {}, h("th", {text: k}), h("td", {colspan: n, text: text(v)})));
      }
    });
    if (obs.final) {
      rows.push(h("tr", {}, h("th", {colspan: n + 1, text: STR.final})));
      for (const [k, v] of Object.entries(obs.final)) {
        if (Array.isArray(v) && v.length === n) rows.push(h("tr", {}, h("th", {text: k}), v.map((x) => h("td", {text: String(x)}))));
        else rows.push(h("tr", {}, h("th", {text: k}), h("td", {colspan: n, text: text(v)})));
      }
    }
    if (!rows.length) return null;
    return h("div", {class: "g2-box", "data-testid": obs.final ? "g2-final" : "g2-scorings"},
      h("h3", {text: obs.final ? STR.final : STR.scorings}),
      h("table", {class: "g2-score"}, h("tr", {}, h("th", {text: ""}), obs.players.map((_, i) => h("th", {text: ctx.name(i)}))), rows));
  }

  // -- chronicle 12: Allenarly's board and her last decision (words: gm2solo.* keys) -----
  function allenarlyBox(obs) {
    const a = obs.allenarly, t = window.clanboard.t;
    const item = (key, value) => h("li", {}, h("span", {class: "muted", text: t(key) + ": "}), String(value));
    const names = (ids) => (ids.length ? ids.map((id) => tileInfo(obs, id).name).join(", ") : "—");
    const words = (last) => {
      if (last.tile) {
        const why = last.row === "number" ? `#${last.number}` : `${last.row}: ${last.symbol}`;
        const gains = Object.entries(last.gains || {}).map(([k, v]) => (v === true ? k : `${k} ${v}`)).join(", ");
        return `${tileInfo(obs, last.tile).name} — card ${last.card}, range ${last.range}, ${why}${gains ? " — " + gains : ""}`;
      }
      if (last.bid_card) return `card ${last.bid_card}, feast ${last.feast}` + (last.bids ? ` → ${last.bids.join(", ")}` : "");
      return t("gm2solo.none");
    };
    const recent = (a.since_your_move && a.since_your_move.length) ? a.since_your_move : [a.last || {}];
    return h("div", {class: "g2-box", "data-testid": "g2-allenarly"},
      h("h3", {text: `${t("gm2solo.title")} (${t("gm2solo.level", {level: a.level_name})}) — ${t("gm2solo.vp", {n: a.vp})}`}),
      h("ul", {class: "g2-list"},
        item("gm2solo.coins", a.coins), item("gm2solo.stones", a.stones),
        item("gm2solo.scotsmen", a.scotsmen), item("gm2solo.landmarks", a.landmarks.length),
        item("gm2solo.whisky", a.whisky), item("gm2solo.personalities", names(a.personalities)),
        item("gm2solo.trade_row", names(a.trade_row)), item("gm2solo.pile", names(a.pile)),
        item("gm2solo.priority", a.priority.map((p) => `${p.category} (${p.symbol})`).join(" · ")),
        item("gm2solo.tokens", Object.entries(a.tokens).map(([k, v]) => `${k}: ${v || "—"}`).join(", ")),
        item("gm2solo.cards", (a.cards_face_up.join(", ") || "—") + " — " + t("gm2solo.draws_left", {n: a.draws_before_shuffle}))),
      h("div", {"data-testid": "g2-allenarly-last"}, h("strong", {text: t("gm2solo.last") + ":"}),
        h("ol", {}, recent.map((d) => h("li", {text: words(d)})))));
  }

  function render(root, ctx0) {
    const obs = ctx0.observation;
    const soloName = (i) => (obs.allenarly && i === 1 ? window.clanboard.t("gm2solo.title") : STR.seat(i));
    const ctx = Object.assign({}, ctx0, {name: (i) => (ctx0.names && ctx0.names[i]) || soloName(i)});
    const mv = sortMoves(ctx.legalMoves || []);
    const me = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
    const last = lastTurn(ctx);
    const rerender = () => { root.replaceChildren(); render(root, ctx0); };
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
    const bits = [STR.phase[obs.phase] || obs.phase];
    if (obs.to_move !== null && obs.to_move !== undefined && obs.phase !== "over") bits.push(STR.toMove(ctx.name(obs.to_move)));
    if (turn.tile) bits.push(STR.tileBeingPlaced(tileInfo(obs, turn.tile).name));
    const owed = Object.entries(turn.owed || {}).map(([r, n]) => `${n} ${r}`);
    if (turn.owed_any) owed.push(`${turn.owed_any} any`);
    if (turn.owed_distinct) owed.push(`${turn.owed_distinct} distinct`);
    if (owed.length) bits.push(STR.owes(owed.join(", ")));
    if (turn.movement_points) bits.push(STR.movement(turn.movement_points));
    if (turn.gain_left) bits.push(STR.gainLeft(turn.gain_left));
    wrap.append(h("div", {class: "g2-turn", "data-testid": "g2-turn"}, h("strong", {text: bits.join(" — ")})));
    let hint = "";
    const anyLegal = (ctx.legalMoves || []).length > 0;
    if (chosen) hint = STR.hint.choose(mv.squares[chosen] ? chosen : tileInfo(obs, chosen).name);
    else if (moveFrom) hint = STR.hint.moveFrom;
    else if (anyLegal && STR.hint[obs.phase]) hint = STR.hint[obs.phase];
    wrap.append(h("div", {class: "g2-hint", "data-testid": "hint", text: hint}));
    if (mv.end) {
      wrap.append(h("div", {class: "g2-actions"}, h("button", {class: "primary move", "data-move": "end", "data-testid": "g2-end",
        onclick: () => ui.play("end"), text: obs.phase === "remove" ? STR.endRemove : STR.end})));
    }
    // a clicked tile offering several moves: its moves as buttons
    if (chosen) {
      const list = mv.squares[chosen] || mv.rondel[chosen];
      const tile = mv.squares[chosen] ? (obs.players[me].territory.find((t) => `${t.x},${t.y}` === chosen) || {}).tile : chosen;
      wrap.append(h("div", {class: "g2-box g2-choose", "data-testid": "g2-choose"},
        h("h3", {text: tileInfo(obs, tile).name + (mv.squares[chosen] ? ` (${chosen})` : "")}),
        h("div", {class: "g2-actions"},
          list.map((m) => h("button", {class: "move", "data-move": m, text: label(obs, m, tile, obs.market), onclick: () => ui.play(m)})),
          mv.moves[chosen] ? h("button", {"data-testid": "g2-move-from", onclick: () => ui.pickFrom(chosen), text: STR.moveHere}) : null,
          h("button", {text: STR.cancel, onclick: () => ui.choose(chosen)}))));
    }
    const order = obs.players.map((_, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    // while you place, pay and activate, your territory comes first (on a phone: on screen)
    const inTerritory = anyLegal && me !== null && ["place", "pay", "activate", "remove"].includes(obs.phase);
    if (inTerritory) wrap.append(h("div", {class: "g2-row"}, playerBox(obs, me, me, mv, last, ui, ctx)));
    wrap.append(h("div", {class: "g2-row"},
      h("div", {class: "g2-box"}, h("h3", {text: STR.rondel}), rondel(obs, mv, last, ctx, (key) => ui.choose(key))),
      h("div", {}, market(obs, mv, ctx), clanBoard(obs, mv, last, ctx))));
    if ((obs.chronicles || []).includes(9)) wrap.append(h("div", {class: "g2-row"}, feasts(obs, mv, ctx, rerender)));
    if (obs.allenarly) wrap.append(h("div", {class: "g2-row"}, allenarlyBox(obs)));
    wrap.append(h("div", {class: "g2-row"}, order.filter((seat) => !(inTerritory && seat === me))
      .map((seat) => playerBox(obs, seat, me, mv, last, ui, ctx))));
    const sc = scores(obs, ctx);
    if (sc) wrap.append(h("div", {class: "g2-row"}, sc));
    root.append(wrap);
    return {handled: mv.handled};
  }

  window.clanboard.registerRenderer("glen-more-2", {render});
})();
