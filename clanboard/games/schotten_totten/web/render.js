/* Schotten Totten in the browser: nine stones with both formations, your hand, the decks.
   Click a card in your hand, then a highlighted stone; click a glowing stone to claim it. */
"use strict";
(function () {
  const {h, s, t} = window.clanboard;
  const COLOURS = {r: "red", o: "orange", y: "yellow", g: "green", b: "blue", p: "purple"};
  // card names and their tooltips come from the catalogue: st.tactic.<id>, st.tactic_help.<id>
  const TACTIC = new Proxy({}, {get: (_, id) => t("st.tactic." + String(id))});
  const SHORT = {joker: "J★", spy: "7?", shield: "≤3", blind: "Σ", mud: "4×",
    recruiter: "Rec", strategist: "Str", banshee: "Ban", traitor: "Tra"};
  const WORDS = new Proxy({}, {get: (_, k) => t("st." + String(k))});
  let selected = null;   // a card in hand
  let source = null;     // for strategist/traitor: "5g@3"

  const style = document.createElement("style");
  style.textContent = `
  .st { --me: #1f5f8b; --them: #8b3a1f; user-select: none; max-width: 640px; margin: 0 auto; }
  .st-info { display: flex; flex-wrap: wrap; gap: .4rem .9rem; align-items: center; font-size: .9rem; margin: .2rem 0 .4rem; }
  .st-phase { font-weight: 600; }
  .st-deck { border: 1px solid var(--line); border-radius: 6px; padding: .15rem .5rem; background: #fff; }
  .st-deck.target { border-color: var(--good); background: #eaf3ea; cursor: pointer; box-shadow: 0 0 0 3px rgba(45,122,58,.3); }
  .st-line { display: grid; grid-template-columns: repeat(9, minmax(34px, 1fr)); gap: 3px; }
  .st-side { display: flex; flex-direction: column; gap: 2px; align-items: center; min-height: 86px; padding: 2px 0; border-radius: 6px; }
  .st-side.st-top { flex-direction: column-reverse; justify-content: flex-start; }
  .st-side.target { background: rgba(45,122,58,.15); outline: 2px dashed var(--good); cursor: pointer; }
  .st-stone { display: flex; justify-content: center; align-items: center; position: relative; cursor: default; }
  .st-stone.target, .st-stone.claimable { cursor: pointer; }
  .st-stone.claimable svg { animation: st-glow 1.2s ease-in-out infinite alternate; }
  @keyframes st-glow { from { filter: drop-shadow(0 0 1px #f2c14e); } to { filter: drop-shadow(0 0 6px #f2c14e); } }
  /* a claimed stone stays in its place (moving it covered the next card): a bar on the
     winner's side and the winner's colour say who holds it */
  .st-stone { border-top: 4px solid transparent; border-bottom: 4px solid transparent; }
  .st-stone.won-me { border-bottom-color: var(--me); }
  .st-stone.won-them { border-top-color: var(--them); }
  .st-stone svg { width: 100%; max-width: 46px; height: 40px; }
  .st-stone .mode { position: absolute; bottom: -2px; right: 0; font-size: .65rem; background: #333; color: #fff; border-radius: 3px; padding: 0 2px; }
  .st-card { width: 34px; height: 24px; border-radius: 4px; color: #fff; font-weight: 700; font-size: .85rem; display: flex; align-items: center; justify-content: center; border: 1px solid rgba(0,0,0,.25); box-shadow: 0 1px 1px rgba(0,0,0,.2); }
  .st-card.red { background: #c0392b; } .st-card.orange { background: #e67e22; } .st-card.yellow { background: #f1c40f; color: #3a2f00; }
  .st-card.green { background: #27ae60; } .st-card.blue { background: #2e86c1; } .st-card.purple { background: #8e44ad; }
  .st-card.tactic { background: #3d3a35; color: #f2c14e; font-size: .7rem; }
  .st-card.back { background: repeating-linear-gradient(45deg, #5a4a3a, #5a4a3a 4px, #6b5a48 4px, #6b5a48 8px); }
  .st-card.pick { outline: 3px solid var(--good); cursor: pointer; }
  .st-card.picked { outline: 3px solid var(--hi); }
  .st-hand { display: flex; flex-wrap: wrap; gap: 6px; margin: .6rem 0 .2rem; align-items: flex-end; }
  .st-hand .st-card { width: 46px; height: 66px; font-size: 1.15rem; border-radius: 6px; }
  /* a tactic card grows to fit its name: names wrap between words, never inside one */
  .st-hand .st-card.tactic { width: auto; min-width: 46px; max-width: 96px; font-size: .62rem; text-align: center; line-height: 1.15;
    overflow-wrap: normal; word-break: keep-all; hyphens: manual; padding: 2px 4px; }
  .st-card.named, .st-them .st-card.named { width: auto; min-width: 34px; padding: 0 5px; font-size: .72rem; white-space: nowrap; }
  /* a phone: the board reads from your side: your hand, your formations, the stones, theirs */
  @media (max-width: 600px) {
    .st { display: flex; flex-direction: column; }
    .st > .st-info { order: 0; } .st > .st-hint { order: 1; } .st > .st-mine { order: 2; }
    .st > .st-line.st-row-me { order: 3; } .st > .st-line.st-row-stones { order: 4; } .st > .st-line.st-row-them { order: 5; }
    .st > * { order: 6; }
    .st-row-me .st-side.st-bottom { flex-direction: column-reverse; justify-content: flex-start; }
    .st-row-them .st-side.st-top { flex-direction: column; justify-content: flex-start; }
    .st-stone.won-me { border-bottom-color: transparent; border-top-color: var(--me); }
    .st-stone.won-them { border-top-color: transparent; border-bottom-color: var(--them); }
  }
  .st-hand .st-card.playable { cursor: pointer; outline: 2px solid var(--good); }
  .st-hand .st-card.selected { transform: translateY(-8px); outline: 3px solid var(--hi); }
  .st-label { font-size: .85rem; color: var(--muted); margin: .1rem 0; }
  .st-them { display: flex; gap: 3px; align-items: center; flex-wrap: wrap; }
  .st-them .st-card { width: 18px; height: 26px; }
  .st-them .st-card:not(.back) { width: 26px; font-size: .75rem; }
  .st-discard { display: flex; flex-wrap: wrap; gap: 2px; align-items: center; }
  .st-hint { font-size: .85rem; color: var(--good); min-height: 1.2em; }
  .st-card.suggested, .st-stone.suggested svg { outline: 3px dashed #2d7a3a; outline-offset: 2px; border-radius: 4px; }
  .st-card.last-move, .st-stone.last-move svg { outline: 3px solid #f2c14e; outline-offset: 1px; border-radius: 4px; }
  .st-ask { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; font-size: .9rem; margin: .5rem 0 .2rem; }
  .st-ask select { padding: .15rem .3rem; }
  .st-answer { font-size: .9rem; margin: .2rem 0; }
  .st-answer.holds { color: var(--good); }
  .st-answer.fails { color: var(--warn); }
  `;
  document.head.append(style);

  function cardEl(card, extra) {
    const colour = /^\d[roygbp]$/.test(card) ? COLOURS[card[1]] : null;
    const cls = "st-card " + (colour || "tactic") + (extra ? " " + extra : "");
    const label = colour ? card[0] : (extra && /\b(big|named)\b/.test(extra) ? TACTIC[card] : SHORT[card] || card);
    const title = colour ? t("st.card", {value: card[0], colour: t("st.colour." + colour)})
      : `${TACTIC[card]}: ${t("st.tactic_help." + card)}`;
    return h("div", {class: cls, title, "data-card": card, "data-rules": colour ? "clan-card" : "tactic-card", text: label});
  }

  function stoneSvg(n, owner, me, claimable, target) {
    const fill = owner === null ? "#9a9384" : owner === me ? "var(--me)" : "var(--them)";
    const stroke = claimable ? "#f2c14e" : target ? "#2d7a3a" : "#5c574c";
    return s("svg", {viewBox: "0 0 46 40", role: "img", "aria-label": t("st.stone_n", {n})},
      s("path", {d: "M8 6 L30 3 L43 15 L40 33 L18 38 L4 26 Z", fill, stroke, "stroke-width": claimable || target ? 4 : 1.5}),
      s("text", {x: 23, y: 26, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#fff", text: String(n)}));
  }

  function render(root, ctx) {
    const obs = ctx.observation;
    const me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
    const them = 1 - me;
    const legal = ctx.legalMoves || [];
    const handled = [];
    const take = (m) => { handled.push(m); return m; };
    const go = (m) => () => { selected = null; source = null; ctx.play(m); };

    // what the legal moves allow, grouped by what is clicked
    const places = {};            // card -> [stone]
    const claims = [], returns = [], draws = [], special = {};
    for (const m of legal) {
      let r;
      if ((r = /^(\w+)@(\d)$/.exec(m))) (places[r[1]] = places[r[1]] || []).push(Number(r[2]));
      else if ((r = /^claim (\d)$/.exec(m))) claims.push(Number(r[1]));
      else if ((r = /^return (\w+)$/.exec(m))) returns.push(r[1]);
      else if ((r = /^draw (clan|tactic)$/.exec(m))) draws.push(r[1]);
      else if ((r = /^(strategist|banshee|traitor) (\w+)@(\d)(?:>(\d|x))?$/.exec(m))) {
        (special[r[1]] = special[r[1]] || []).push({move: m, card: r[2], from: Number(r[3]), to: r[4] || null});
      } else if (m === "recruiter") special.recruiter = [{move: m}];
      else continue;
      take(m);
    }
    const playable = new Set([...Object.keys(places), ...returns, ...Object.keys(special)]);
    if (selected && !playable.has(selected)) { selected = null; source = null; }
    const specialMoves = selected ? special[selected] || [] : [];

    // the last turn, to highlight: cards just put at a stone (by who), stones just claimed
    const lastCards = [], lastStones = [];
    for (const e of ctx.lastMoves || []) {
      let r;
      if (!e || !e.move) continue;
      if ((r = /^(\w+)@(\d)$/.exec(e.move))) {
        if (r[1] === "mud" || r[1] === "blind") lastStones.push(Number(r[2]));
        else lastCards.push({who: e.player, card: r[1], stone: Number(r[2])});
      } else if ((r = /^claim (\d)$/.exec(e.move))) lastStones.push(Number(r[1]));
      else if ((r = /^(?:strategist|traitor) (\w+)@\d>(\d)$/.exec(e.move))) {
        lastCards.push({who: e.player, card: r[1], stone: Number(r[2])});
      }
    }
    // a tutorial's suggested move (ctx.suggested, "4y@5"): its card, then its stone
    const sm = /^(\w+)@(\d)$/.exec(ctx.suggested || "");
    const suggest = sm ? {card: sm[1], stone: Number(sm[2])} : null;
    const isLast = (who, card, n) => lastCards.some((x) => x.who === who && x.card === card && x.stone === n);

    const theirObs = ctx.observations ? ctx.observations[them] : null;
    const theirHand = theirObs && Array.isArray(theirObs.hand) ? theirObs.hand : null;
    const wrap = h("div", {class: "st", "data-testid": "st-board"});
    // header: phase, decks, opponent's hand
    const phaseText = t("st.phase." + obs.phase);
    // a game ended by a resignation, an abort or the clock stops where it stood: no one is to
    // play on, though the position still names a player and a step
    const over = obs.phase === "over" || Boolean(ctx.view && ctx.view.status === "over");
    const deckEl = (kind) => {
      const can = draws.includes(kind);
      return h("span", {class: "st-deck" + (can ? " target" : ""), "data-deck": kind, "data-rules": kind === "tactic" ? "tactic-deck" : "deck",
        onclick: can ? go(`draw ${kind}`) : null, title: t("st.deck_help." + kind)},
        t("st.deck." + kind, {n: obs.deck[kind]}));
    };
    wrap.append(h("div", {class: "st-info"},
      obs.options && obs.options.rounds > 1 ? h("span", {"data-rules": "score", text: t("st.round", {round: obs.round, rounds: obs.options.rounds, points: obs.match_points.join(" : ")})}) : null,
      h("span", {class: "st-phase", text: over ? t("common.game_over") : `${ctx.names ? ctx.names[obs.to_move] : t("common.seat_n", {n: obs.to_move + 1})}: ${phaseText}`}),
      deckEl("clan"), obs.options && obs.options.tactics ? deckEl("tactic") : null,
      h("span", {class: "st-them", "data-testid": "their-hand"}, `${ctx.names ? ctx.names[them] : t("st.opponent")}: `,
        // a finished game's replay shows every hand face up
        theirHand ? theirHand.map((c) => cardEl(c, /^\d[roygbp]$/.test(c) ? "" : "named"))
          : Array.from({length: obs.hand_sizes[them]}, (_, i) => h("div", {class: "st-card back" + (i >= obs.hand_sizes[them] - obs.hand_tactics[them] ? " tactic" : ""),
            "data-rules": i >= obs.hand_sizes[them] - obs.hand_tactics[them] ? "tactic-card" : "clan-card"})))));

    // the line of stones: opponent's formations on top, yours below
    const topRow = h("div", {class: "st-line st-row-them"}), stoneRow = h("div", {class: "st-line st-row-stones"}),
      botRow = h("div", {class: "st-line st-row-me"});
    for (const st of obs.stones) {
      const n = st.stone;
      const placeHere = selected && places[selected] && places[selected].includes(n);
      const destHere = source && specialMoves.find((x) => x.from === source.from && x.card === source.card && x.to === String(n));
      const target = placeHere || destHere;
      const claimable = claims.includes(n);
      const act = claimable ? go(`claim ${n}`) : placeHere ? go(`${selected}@${n}`) : destHere ? go(destHere.move) : null;
      const sideEl = (who, cls) => {
        const el = h("div", {class: `st-side ${cls}` + (who === me && target ? " target" : ""), "data-side": who, "data-stone-side": n});
        for (const c of st.sides[who]) {
          // banshee/traitor/strategist sources: cards on the board that can be picked
          const pick = specialMoves.find((x) => x.card === c && x.from === n && !source);
          const picked = source && source.card === c && source.from === n;
          const cEl = cardEl(c, (pick ? "pick" : picked ? "picked" : "") + (isLast(who, c, n) ? " last-move" : ""));
          if (pick) {
            cEl.addEventListener("click", (ev) => {
              ev.stopPropagation();
              if (selected === "banshee") go(pick.move)();
              else { source = {card: c, from: n}; render(root.replaceChildren() || root, ctx); }
            });
          }
          el.append(cEl);
        }
        if (who === me && act && !claimable) el.addEventListener("click", act);
        return el;
      };
      topRow.append(sideEl(them, "st-top"));
      const won = st.owner === null ? "" : st.owner === me ? " won-me" : " won-them";
      const stoneEl = h("div", {class: "st-stone" + won + (claimable ? " claimable" : "") + (target ? " target" : "")
        + (suggest && suggest.stone === n && (!selected || selected === suggest.card) ? " suggested" : "")
        + (lastStones.includes(n) ? " last-move" : ""),
        "data-stone": n, "data-owner": st.owner === null ? "" : st.owner, onclick: act,
        "data-rules": "stone", "data-rules-name": t("st.stone_n", {n})},
        stoneSvg(n, st.owner, me, claimable, target),
        st.modes.length ? h("span", {class: "mode", text: st.modes.map((m) => TACTIC[m]).join(" "), title: st.modes.map((m) => t("st.tactic_help." + m)).join(" ")}) : null);
      stoneRow.append(stoneEl);
      botRow.append(sideEl(me, "st-bottom"));
    }
    wrap.append(topRow, stoneRow, botRow);

    // hint for a two-step move
    let hint = "";
    if (source) {
      const dests = specialMoves.filter((x) => x.card === source.card && x.from === source.from);
      hint = t("st.hint.dest", {tactic: TACTIC[selected], card: source.card});
      const discard = dests.find((x) => x.to === "x");
      if (discard) {
        wrap.append(h("button", {class: "move", "data-move": discard.move, text: t("st.discard_card", {card: source.card}), onclick: go(discard.move)}));
      }
    } else if (selected && special[selected] && selected !== "recruiter") {
      hint = t("st.hint.source", {tactic: TACTIC[selected]});
    } else if (selected) {
      hint = t("st.hint.stone", {card: selected.length === 2 ? selected : TACTIC[selected]});
    } else if (claims.length) {
      hint = t("st.hint.claim");
    } else if (returns.length) {
      hint = t("st.hint.return");
    }
    wrap.append(h("div", {class: "st-hint", "data-testid": "hint", text: hint}));

    // your hand
    if (Array.isArray(obs.hand)) {
      const mineEl = h("div", {class: "st-mine"}, h("div", {class: "st-label", text: ctx.seat === null || ctx.seat === undefined ? t("st.hand") : t("st.your_hand")}));
      wrap.append(mineEl);
      const hand = h("div", {class: "st-hand", "data-testid": "hand"});
      for (const c of obs.hand) {
        const can = playable.has(c);
        const el = cardEl(c, "big" + (can ? " playable" : "") + (selected === c ? " selected" : "")
          + (suggest && suggest.card === c && !selected ? " suggested" : ""));
        if (can) {
          el.addEventListener("click", () => {
            if (returns.includes(c)) return go(`return ${c}`)();
            if (c === "recruiter" && special.recruiter) return go("recruiter")();
            selected = selected === c ? null : c;
            source = null;
            root.replaceChildren();
            render(root, ctx);
          });
        }
        hand.append(el);
      }
      mineEl.append(hand);
    } else {
      wrap.append(h("div", {class: "st-label"}, `${ctx.names ? ctx.names[me] : t("st.player")}: `,
        h("span", {class: "st-them"}, Array.from({length: obs.hand_sizes[me]}, () => h("div", {class: "st-card back", "data-rules": "clan-card"})))));
    }
    if (obs.discard && obs.discard.length) {
      wrap.append(h("div", {class: "st-label"}, t("st.discard") + ": ", h("span", {class: "st-discard", "data-testid": "st-discard", "data-rules": "discard", "data-rules-name": t("st.discard")}, obs.discard.map((c) => cardEl(c, /^\d[roygbp]$/.test(c) ? "" : "named")))));
    }
    if (ctx.explain && !ctx.replay && !over) wrap.append(askPanel(ctx, obs, me));
    root.append(wrap);
    return {handled};
  }

  // "Why can't I claim?": pick a stone (and, as a spectator, whose claim); the server
  // answers with the proof in words from the cards already played
  let asked = null;  // {player, stone, answer} kept across redraws
  function askPanel(ctx, obs, me) {
    const seated = ctx.seat !== null && ctx.seat !== undefined;
    const stoneSel = h("select", {"data-testid": "ask-stone", "aria-label": t("st.stone")},
      obs.stones.map((st) => h("option", {value: st.stone, text: String(st.stone),
        selected: asked && asked.stone === st.stone})));
    const whoSel = seated ? null : h("select", {"data-testid": "ask-player", "aria-label": t("st.player")},
      [0, 1].map((p) => h("option", {value: p, text: ctx.names ? ctx.names[p] : t("common.player_n", {n: p + 1}),
        selected: asked && asked.player === p})));
    const answer = h("div", {class: "st-answer", "data-testid": "ask-answer"});
    const show = (a) => {
      answer.className = "st-answer " + (a.holds ? "holds" : "fails");
      answer.textContent = `${a.holds ? WORDS.holds : WORDS.fails} (${t("st.stone_n", {n: a.stone})}): ${a.reason}`;
    };
    if (asked && asked.seq === (ctx.view ? ctx.view.seq : null)) show(asked.answer);
    const button = h("button", {text: WORDS.explain, "data-testid": "ask-explain", onclick: async () => {
      const player = seated ? me : Number(whoSel.value);
      const stone = Number(stoneSel.value);
      try {
        const a = await ctx.explain("claim", {stone, player});
        asked = {player, stone, answer: a, seq: ctx.view ? ctx.view.seq : null};
        show(a);
      } catch (e) { answer.className = "st-answer fails"; answer.textContent = e.message; }
    }});
    return h("div", {}, h("div", {class: "st-ask", "data-testid": "ask-claim"},
      h("span", {text: seated ? WORDS.ask : WORDS.askFor}), whoSel,
      h("span", {text: WORDS.claimStone}), stoneSel, button), answer);
  }

  window.clanboard.registerRenderer("schotten-totten", {render, cardEl});
})();
