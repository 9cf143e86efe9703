/* The component drawing kit (clanboard.kit): our own SVG icons and the helpers that draw a
   tile or card face from the component data the engine reads.

   icon(kind, x, y, u, opts)  one icon centred at (x, y), u units high; kinds: KINDS below
   parse(text)                the data's effect notation ("2 sheep -> 4 vp | wood") as
                              [{pay: [{k, n}], gain: [{k, n}]}]; items(text): "wood+stone"
   face(spec, x, y, size)     a square tile face: name (wrapped at word boundaries, never
                              cut), effect, cost, placement bonus, river/road, a <title>
                              with the full name and description; spec is documented at face()
   words(spec)                the description lines of a spec, in the page's language
   popover(ev, title, lines, kind)  a small box with the full name and description (tap, long
                              press) and "Rules: <section>", the rules section about that kind
                              of component (loadRules(game): the game's links, once a page)
   Every word comes from the page's catalogue (kit.* keys). */
"use strict";
(function () {
  const {s, h, t} = window.clanboard;
  const INK = "#2b241c";

  // -- icons ---------------------------------------------------------------------------------
  const RES_FILL = {wood: "#8b5a2b", stone: "#9a9a96", sheep: "#fbfbf5", cattle: "#7a4a26", grain: "#e2b714"};
  const TERRAIN = {P: "#8dc063", M: "#a59c90", W: "#5d9fd6"};
  const SEAT = ["#c0392b", "#1f5f8b", "#2d7a3a", "#8e44ad", "#d35400"];
  const pts = (a) => a.map((p) => p.join(",")).join(" ");

  // each drawer appends shapes to g for an icon centred at (x, y), u units high
  const DRAW = {
    wood(g, x, y, u) {  // a log, its cut end showing rings
      g.append(s("rect", {x: x - u * .5, y: y - u * .22, width: u * .9, height: u * .44, rx: u * .2, fill: RES_FILL.wood, stroke: INK, "stroke-width": u * .05}),
        s("ellipse", {cx: x + u * .4, cy: y, rx: u * .13, ry: u * .22, fill: "#d9b27c", stroke: INK, "stroke-width": u * .05}),
        s("ellipse", {cx: x + u * .4, cy: y, rx: u * .05, ry: u * .09, fill: "none", stroke: "#8b5a2b", "stroke-width": u * .04}));
    },
    stone(g, x, y, u) {  // a boulder
      g.append(s("polygon", {points: pts([[x - u * .48, y + u * .3], [x - u * .36, y - u * .2], [x - u * .05, y - u * .4], [x + u * .35, y - u * .28],
        [x + u * .5, y + u * .12], [x + u * .3, y + u * .38], [x - u * .2, y + u * .42]]), fill: RES_FILL.stone, stroke: INK, "stroke-width": u * .05}),
      s("path", {d: `M${x - u * .1},${y - u * .3} L${x + u * .05},${y} L${x + u * .3},${y + u * .1}`, fill: "none", stroke: "#6a6a66", "stroke-width": u * .05}));
    },
    sheep(g, x, y, u) {  // a fleece with a dark head and legs
      g.append(s("line", {x1: x - u * .25, y1: y + u * .2, x2: x - u * .25, y2: y + u * .45, stroke: INK, "stroke-width": u * .08}),
        s("line", {x1: x + u * .15, y1: y + u * .2, x2: x + u * .15, y2: y + u * .45, stroke: INK, "stroke-width": u * .08}),
        s("ellipse", {cx: x - u * .06, cy: y, rx: u * .42, ry: u * .3, fill: RES_FILL.sheep, stroke: INK, "stroke-width": u * .05}),
        s("ellipse", {cx: x + u * .4, cy: y - u * .1, rx: u * .15, ry: u * .12, fill: INK}));
    },
    cattle(g, x, y, u) {  // a Highland cow: brown body, horns
      g.append(s("line", {x1: x - u * .28, y1: y + u * .18, x2: x - u * .28, y2: y + u * .45, stroke: INK, "stroke-width": u * .09}),
        s("line", {x1: x + u * .12, y1: y + u * .18, x2: x + u * .12, y2: y + u * .45, stroke: INK, "stroke-width": u * .09}),
        s("ellipse", {cx: x - u * .08, cy: y + u * .02, rx: u * .42, ry: u * .28, fill: RES_FILL.cattle, stroke: INK, "stroke-width": u * .05}),
        s("circle", {cx: x + u * .38, cy: y - u * .12, r: u * .17, fill: "#5e3519", stroke: INK, "stroke-width": u * .04}),
        s("path", {d: `M${x + u * .26},${y - u * .22} q-${u * .12},-${u * .05} -${u * .1},-${u * .2} M${x + u * .5},${y - u * .22} q${u * .12},-${u * .05} ${u * .1},-${u * .2}`,
          stroke: "#efe3c4", "stroke-width": u * .07, fill: "none", "stroke-linecap": "round"}));
    },
    grain(g, x, y, u) {  // an ear of wheat
      g.append(s("line", {x1: x, y1: y + u * .5, x2: x, y2: y - u * .45, stroke: "#9a7a10", "stroke-width": u * .06}));
      for (let i = 0; i < 3; i++) {
        const yy = y - u * .3 + i * u * .22;
        g.append(s("ellipse", {cx: x - u * .1, cy: yy, rx: u * .08, ry: u * .14, fill: RES_FILL.grain, stroke: INK, "stroke-width": u * .03, transform: `rotate(-30 ${x - u * .1} ${yy})`}),
          s("ellipse", {cx: x + u * .1, cy: yy, rx: u * .08, ry: u * .14, fill: RES_FILL.grain, stroke: INK, "stroke-width": u * .03, transform: `rotate(30 ${x + u * .1} ${yy})`}));
      }
      g.append(s("ellipse", {cx: x, cy: y - u * .45, rx: u * .07, ry: u * .12, fill: RES_FILL.grain, stroke: INK, "stroke-width": u * .03}));
    },
    whisky(g, x, y, u) {  // a barrel
      g.append(s("rect", {x: x - u * .36, y: y - u * .46, width: u * .72, height: u * .92, rx: u * .24, fill: "#a2662f", stroke: INK, "stroke-width": u * .05}),
        s("line", {x1: x - u * .36, y1: y - u * .18, x2: x + u * .36, y2: y - u * .18, stroke: INK, "stroke-width": u * .06}),
        s("line", {x1: x - u * .36, y1: y + u * .18, x2: x + u * .36, y2: y + u * .18, stroke: INK, "stroke-width": u * .06}));
    },
    coin(g, x, y, u, o) {
      g.append(s("circle", {cx: x, cy: y, r: u * .45, fill: "#e8c14a", stroke: "#8a6d00", "stroke-width": u * .07}),
        s("circle", {cx: x, cy: y, r: u * .32, fill: "none", stroke: "#b8921d", "stroke-width": u * .04}));
      if (o.n !== undefined) g.append(num(x, y, u, o.n, "#3a2c00"));
    },
    vp(g, x, y, u, o) {  // a laurel-green octagon with the points inside
      const r = u * .48, a = [];
      for (let i = 0; i < 8; i++) a.push([x + r * Math.cos(Math.PI / 8 + i * Math.PI / 4), y + r * Math.sin(Math.PI / 8 + i * Math.PI / 4)]);
      g.append(s("polygon", {points: pts(a), fill: "#2f6b3a", stroke: "#f2e6b8", "stroke-width": u * .06}));
      g.append(num(x, y, u, o.n === undefined ? "★" : o.n, "#fff"));
    },
    move(g, x, y, u) {  // a footprint arrow: one movement point
      g.append(s("circle", {cx: x, cy: y, r: u * .47, fill: "#fff", stroke: "#1f5f8b", "stroke-width": u * .06}),
        s("path", {d: `M${x - u * .28},${y + u * .08} h${u * .3} v${u * .14} l${u * .24},-${u * .22} l-${u * .24},-${u * .22} v${u * .14} h-${u * .3} z`, fill: "#1f5f8b"}));
    },
    scotsman(g, x, y, u, o) {  // a clansman: a meeple in the seat's colour
      const c = o.colour || "#c9c2b4";
      g.append(s("path", {d: `M${x - u * .4},${y + u * .48} L${x - u * .3},${y + u * .02} L${x - u * .45},${y - u * .1} L${x - u * .15},${y - u * .16}
        A${u * .17},${u * .17} 0 1 1 ${x + u * .15},${y - u * .16} L${x + u * .45},${y - u * .1} L${x + u * .3},${y + u * .02} L${x + u * .4},${y + u * .48} Z`,
        fill: c, stroke: INK, "stroke-width": u * .05}));
    },
    chieftain(g, x, y, u, o) {  // a clansman wearing a bonnet
      DRAW.scotsman(g, x, y + u * .08, u * .9, o);
      g.append(s("path", {d: `M${x - u * .22},${y - u * .3} q${u * .22},-${u * .25} ${u * .44},0 z`, fill: "#1d3c6e", stroke: INK, "stroke-width": u * .04}),
        s("circle", {cx: x, cy: y - u * .44, r: u * .06, fill: "#c0392b"}));
    },
    clan(g, x, y, u, o) {  // a clan marker: a disc with a tartan cross
      g.append(s("circle", {cx: x, cy: y, r: u * .42, fill: o.colour || "#7a5a9e", stroke: INK, "stroke-width": u * .05}),
        s("path", {d: `M${x - u * .42},${y} h${u * .84} M${x},${y - u * .42} v${u * .84}`, stroke: "rgba(255,255,255,.55)", "stroke-width": u * .08}));
    },
    any(g, x, y, u) {  // a resource of any kind: a cube with a question mark
      g.append(s("rect", {x: x - u * .38, y: y - u * .38, width: u * .76, height: u * .76, rx: u * .1, fill: "#f3ede0", stroke: INK, "stroke-width": u * .05}),
        num(x, y, u * .9, "?", INK));
    },
    distinct(g, x, y, u) {  // different resources: three cubes of different colours
      [["wood", -.24, .14], ["grain", .2, .14], ["stone", -.02, -.2]].forEach(([r, dx, dy]) =>
        g.append(s("rect", {x: x + u * dx - u * .18, y: y + u * dy - u * .18, width: u * .36, height: u * .36, rx: u * .05,
          fill: RES_FILL[r], stroke: INK, "stroke-width": u * .04})));
    },
    card(g, x, y, u) {  // a special card
      g.append(s("rect", {x: x - u * .3, y: y - u * .45, width: u * .6, height: u * .9, rx: u * .07, fill: "#f4e4b0", stroke: "#7a5a1e", "stroke-width": u * .06}),
        s("path", {d: `M${x - u * .15},${y - u * .15} h${u * .3} M${x - u * .15},${y + u * .05} h${u * .3} M${x - u * .15},${y + u * .25} h${u * .2}`, stroke: "#7a5a1e", "stroke-width": u * .05}));
    },
    river(g, x, y, u) {
      g.append(s("path", {d: `M${x - u * .5},${y} q${u * .25},-${u * .3} ${u * .5},0 t${u * .5},0`, fill: "none", stroke: "#3d86c6", "stroke-width": u * .18, "stroke-linecap": "round"}));
    },
    road(g, x, y, u) {
      g.append(s("path", {d: `M${x - u * .5},${y} h${u}`, stroke: "#6d5a3f", "stroke-width": u * .3}),
        s("path", {d: `M${x - u * .5},${y} h${u}`, stroke: "#efe3c4", "stroke-width": u * .14, "stroke-dasharray": `${u * .16} ${u * .1}`}));
    },
    bonnet(g, x, y, u) {  // a Tam o' Shanter: the bonnets on Glen More's special cards
      g.append(s("ellipse", {cx: x, cy: y - u * .02, rx: u * .48, ry: u * .24, fill: "#1d3c6e", stroke: INK, "stroke-width": u * .05}),
        s("rect", {x: x - u * .32, y: y + u * .12, width: u * .64, height: u * .14, fill: "#c0392b", stroke: INK, "stroke-width": u * .04}),
        s("circle", {cx: x, cy: y - u * .3, r: u * .12, fill: "#c0392b", stroke: INK, "stroke-width": u * .04}));
    },
    // Isle of Skye: terrain, scrolls and what is printed on the landscape tiles
    P(g, x, y, u) { terrain(g, x, y, u, "P"); for (const d of [-.2, .12]) g.append(s("path", {d: `M${x + u * d},${y + u * .15} l${u * .06},-${u * .2} l${u * .06},${u * .2}`, stroke: "#3f7a2a", "stroke-width": u * .05, fill: "none"})); },
    M(g, x, y, u) { terrain(g, x, y, u, "M"); g.append(s("polygon", {points: pts([[x - u * .32, y + u * .25], [x - u * .05, y - u * .25], [x + u * .1, y], [x + u * .2, y - u * .12], [x + u * .34, y + u * .25]]), fill: "#6f665b"})); },
    W(g, x, y, u) { terrain(g, x, y, u, "W"); for (const d of [-.12, .12]) g.append(s("path", {d: `M${x - u * .3},${y + u * d} q${u * .15},-${u * .1} ${u * .3},0 t${u * .3},0`, stroke: "#e8f2fb", "stroke-width": u * .05, fill: "none"})); },
    scroll(g, x, y, u) {
      g.append(s("rect", {x: x - u * .5, y: y - u * .32, width: u, height: u * .64, rx: u * .16, fill: "#f4e4b0", stroke: "#7a5a1e", "stroke-width": u * .06}),
        s("line", {x1: x - u * .28, y1: y - u * .07, x2: x + u * .28, y2: y - u * .07, stroke: "#7a5a1e", "stroke-width": u * .05}),
        s("line", {x1: x - u * .28, y1: y + u * .12, x2: x + u * .18, y2: y + u * .12, stroke: "#7a5a1e", "stroke-width": u * .05}));
    },
    farm(g, x, y, u) {
      g.append(s("polygon", {points: pts([[x - u * .42, y + u * .42], [x - u * .42, y - u * .05], [x, y - u * .46], [x + u * .42, y - u * .05], [x + u * .42, y + u * .42]]),
        fill: "#c0392b", stroke: INK, "stroke-width": u * .05}),
      s("rect", {x: x - u * .1, y: y + u * .1, width: u * .2, height: u * .32, fill: "#f3ead8"}));
    },
    broch(g, x, y, u) {  // a round drystone tower
      g.append(s("path", {d: `M${x - u * .34},${y + u * .46} L${x - u * .26},${y - u * .36} h${u * .12} v-${u * .1} h${u * .14} v${u * .1} h${u * .1} v-${u * .1} h${u * .14} v${u * .1} L${x + u * .34},${y + u * .46} Z`,
        fill: "#8c8477", stroke: INK, "stroke-width": u * .05}));
    },
    lighthouse(g, x, y, u) {
      g.append(s("polygon", {points: pts([[x - u * .26, y + u * .5], [x - u * .15, y - u * .32], [x + u * .15, y - u * .32], [x + u * .26, y + u * .5]]), fill: "#fff", stroke: INK, "stroke-width": u * .05}),
        s("rect", {x: x - u * .2, y, width: u * .4, height: u * .16, fill: "#c0392b"}),
        s("circle", {cx: x, cy: y - u * .42, r: u * .14, fill: "#f2c14e", stroke: INK, "stroke-width": u * .04}));
    },
    ship(g, x, y, u) {
      g.append(s("polygon", {points: pts([[x - u * .5, y + u * .1], [x + u * .5, y + u * .1], [x + u * .32, y + u * .42], [x - u * .32, y + u * .42]]), fill: "#6b4423", stroke: INK, "stroke-width": u * .05}),
        s("line", {x1: x, y1: y + u * .1, x2: x, y2: y - u * .5, stroke: INK, "stroke-width": u * .05}),
        s("polygon", {points: pts([[x + u * .04, y - u * .46], [x + u * .4, y], [x + u * .04, y]]), fill: "#fff", stroke: INK, "stroke-width": u * .04}));
    },
    castle(g, x, y, u, o) {
      g.append(s("path", {d: `M${x - u * .5},${y + u * .45} v-${u * .7} h${u * .2} v${u * .16} h${u * .2} v-${u * .16} h${u * .2} v${u * .16} h${u * .2} v-${u * .16} h${u * .2} v${u * .7} Z`,
        fill: "#b8b0a2", stroke: INK, "stroke-width": u * .05}),
      s("rect", {x: x - u * .11, y: y + u * .1, width: u * .22, height: u * .35, rx: u * .1, fill: INK}),
      s("line", {x1: x, y1: y - u * .41, x2: x, y2: y - u * .8, stroke: INK, "stroke-width": u * .05}),
      s("polygon", {points: pts([[x, y - u * .8], [x + u * .36, y - u * .69], [x, y - u * .58]]), fill: o.colour || "#888", stroke: INK, "stroke-width": u * .04}));
    },
    village(g, x, y, u) {
      DRAW.farm(g, x - u * .15, y + u * .1, u * .6);
      DRAW.farm(g, x + u * .2, y - u * .05, u * .7);
    },
    loch(g, x, y, u) {
      g.append(s("ellipse", {cx: x, cy: y, rx: u * .48, ry: u * .3, fill: "#5d9fd6", stroke: "#2f6fa6", "stroke-width": u * .05}));
      DRAW.W(g, x, y, u * .6);
    },
    // Glen More II: fame, the Highland Games (caber, stone) and its other tracks
    fame(g, x, y, u) {  // a five-pointed star
      const a = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? u * .2 : u * .48, ang = -Math.PI / 2 + i * Math.PI / 5;
        a.push([x + r * Math.cos(ang), y + r * Math.sin(ang)]);
      }
      g.append(s("polygon", {points: pts(a), fill: "#f2c14e", stroke: "#8a6d00", "stroke-width": u * .05}));
    },
    caber(g, x, y, u) {  // a tossed tree trunk
      g.append(s("rect", {x: x - u * .09, y: y - u * .5, width: u * .18, height: u, rx: u * .08, fill: RES_FILL.wood, stroke: INK, "stroke-width": u * .04,
        transform: `rotate(25 ${x} ${y})`}));
      g.append(s("path", {d: `M${x - u * .45},${y + u * .1} q${u * .1},-${u * .45} ${u * .5},-${u * .5}`, stroke: "#1f5f8b", "stroke-width": u * .05, fill: "none", "stroke-dasharray": `${u * .08} ${u * .06}`}));
    },
    hgstone(g, x, y, u) {  // the stone put: a round stone in flight
      g.append(s("circle", {cx: x + u * .12, cy: y - u * .1, r: u * .28, fill: "#6f6f6b", stroke: INK, "stroke-width": u * .05}),
        s("path", {d: `M${x - u * .5},${y + u * .35} q${u * .2},-${u * .3} ${u * .35},-${u * .35}`, stroke: "#1f5f8b", "stroke-width": u * .05, fill: "none", "stroke-dasharray": `${u * .08} ${u * .06}`}));
    },
    personality(g, x, y, u) {  // a bust in a frame
      g.append(s("rect", {x: x - u * .38, y: y - u * .46, width: u * .76, height: u * .92, rx: u * .1, fill: "#efe3c4", stroke: "#7a5a1e", "stroke-width": u * .05}),
        s("circle", {cx: x, cy: y - u * .12, r: u * .15, fill: "#5c4a38"}),
        s("path", {d: `M${x - u * .26},${y + u * .36} q${u * .26},-${u * .4} ${u * .52},0 z`, fill: "#5c4a38"}));
    },
    landmark(g, x, y, u) {  // a standing stone with a flag
      g.append(s("path", {d: `M${x - u * .45},${y + u * .42} q${u * .45},-${u * .35} ${u * .9},0 z`, fill: "#8dc063", stroke: INK, "stroke-width": u * .04}),
        s("line", {x1: x, y1: y + u * .3, x2: x, y2: y - u * .45, stroke: INK, "stroke-width": u * .06}),
        s("polygon", {points: pts([[x, y - u * .45], [x + u * .35, y - u * .32], [x, y - u * .18]]), fill: "#c0392b"}));
    },
    feast(g, x, y, u) {  // a goblet
      g.append(s("path", {d: `M${x - u * .3},${y - u * .42} h${u * .6} q0,${u * .45} -${u * .3},${u * .5} q-${u * .3},-${u * .05} -${u * .3},-${u * .5} z`, fill: "#d9a441", stroke: INK, "stroke-width": u * .05}),
        s("path", {d: `M${x},${y + u * .08} v${u * .28} M${x - u * .2},${y + u * .42} h${u * .4}`, stroke: INK, "stroke-width": u * .07}));
    },
    track(g, x, y, u) {  // a track: a row of spaces and a marker
      for (let i = 0; i < 4; i++) g.append(s("rect", {x: x - u * .5 + i * u * .25, y: y - u * .12, width: u * .24, height: u * .24, fill: i < 2 ? "#cfc6b2" : "#fff", stroke: INK, "stroke-width": u * .03}));
      g.append(s("circle", {cx: x - u * .5 + 1.5 * u * .25 + u * .12, cy: y, r: u * .16, fill: "#c0392b", stroke: INK, "stroke-width": u * .04}));
    },
    material(g, x, y, u) { DRAW.wood(g, x - u * .12, y - u * .14, u * .6); DRAW.stone(g, x + u * .18, y + u * .16, u * .55); },
    animal(g, x, y, u) { DRAW.sheep(g, x - u * .14, y - u * .12, u * .55); DRAW.cattle(g, x + u * .16, y + u * .16, u * .55); },
    trade(g, x, y, u) { DRAW.coin(g, x - u * .15, y, u * .65, {}); DRAW.any(g, x + u * .2, y, u * .55); },
    worlds_end(g, x, y, u) {
      g.append(s("circle", {cx: x, cy: y, r: u * .45, fill: "#2b3a4a", stroke: INK, "stroke-width": u * .05}),
        s("path", {d: `M${x - u * .3},${y + u * .1} q${u * .3},-${u * .3} ${u * .6},0`, stroke: "#f2c14e", "stroke-width": u * .06, fill: "none"}));
    },
  };
  DRAW.clansman = DRAW.scotsman;
  DRAW.gold = DRAW.coin;
  function terrain(g, x, y, u, c) {
    g.append(s("rect", {x: x - u * .42, y: y - u * .42, width: u * .84, height: u * .84, rx: u * .08, fill: TERRAIN[c], stroke: INK, "stroke-width": u * .04}));
  }
  function num(x, y, u, n, fill) {
    const text = String(n);
    return s("text", {x, y: y + u * .17, "text-anchor": "middle", "font-size": u * (text.length > 1 ? .42 : .5), "font-weight": 700, fill, text});
  }
  const KINDS = Object.keys(DRAW);

  /** One icon: a <g data-icon=kind> with its name as <title>; opts {n, colour, title}. */
  function icon(kind, x, y, u, opts) {
    const o = opts || {};
    const g = s("g", {class: "kit-icon", "data-icon": kind});
    (DRAW[kind] || DRAW.any)(g, x, y, u, o);
    const name = o.title || iconName(kind);
    if (name) g.prepend(s("title", {text: name}));
    return g;
  }
  /** The word for an icon kind, in the page's language (null when it has none). */
  function iconName(kind) {
    return t.has("kit.icon." + kind) ? t("kit.icon." + kind) : null;
  }
  /** A standalone inline <svg> holding one icon, for HTML text (rows, buttons, stats). */
  function inline(kind, opts) {
    const o = opts || {};
    const size = o.size || 16;
    return s("svg", {class: "kit-inline", viewBox: "0 0 20 20", width: size, height: size, role: "img", "aria-label": o.title || iconName(kind) || ""},
      icon(kind, 10, 10, 18, o));
  }

  // -- the data's notation -----------------------------------------------------------------
  const ALIAS = {vp: "vp", coin: "coin", coins: "coin", gold: "coin", clansman: "scotsman", scotsman: "scotsman",
    chieftain: "chieftain", card: "card", move: "move", whisky: "whisky", any: "any", distinct: "distinct",
    fame: "fame", personality: "personality", personalities: "personality", landmark: "landmark", landmarks: "landmark"};
  /** "2 wood+stone" style items: [{k, n}] with k an icon kind, or {k: null, raw} when unknown. */
  function items(text) {
    const out = [];
    for (const part of String(text || "").split("+")) {
      const w = part.trim().split(/\s+/).filter(Boolean);
      if (!w.length) continue;
      let n = 1;
      if (/^\d+$/.test(w[0])) n = Number(w.shift());
      const word = w.join(" ");
      let k = null;
      if (word in RES_FILL || word in ALIAS) k = word in RES_FILL ? word : ALIAS[word];
      else if (word === "train caber") k = "caber";
      else if (word === "train stone") k = "hgstone";
      out.push(k ? {k, n} : {k: null, n, raw: word});
    }
    return out;
  }
  /** "pay -> gain | pay -> gain": the alternatives; a part with no arrow is all gain. */
  function parse(text) {
    return String(text || "").split("|").map((alt) => {
      const i = alt.indexOf("->");
      return i < 0 ? {pay: [], gain: items(alt)} : {pay: items(alt.slice(0, i)), gain: items(alt.slice(i + 2))};
    }).filter((a) => a.pay.length || a.gain.length);
  }
  const known = (list) => list.every((x) => x.k);

  // -- words -----------------------------------------------------------------------------------
  // an amount in words without a plural form to get wrong: "wood", "2 × wood"
  function amount(x) {
    if (x.k === "vp") return t("kit.vp_n", {n: x.n});
    if (x.k === "distinct") return x.n === 1 ? iconName("any") : t("kit.distinct_n", {n: x.n});
    const w = (names && names(x.k)) || iconName(x.k) || "";
    return x.n === 1 ? w : t("kit.times", {n: x.n, what: w});
  }
  let names = null;  // a game's own word for a kind, while words() runs
  const list = (xs) => xs.map(amount).join(t("kit.and"));
  function ruleWords(a) {
    if (!a.pay.length) return list(a.gain);
    return t("kit.rule", {pay: list(a.pay), gain: list(a.gain)});
  }
  /** One rule in words ("2 × sheep → 4 VP"), resources named by `nm` where it has a word. */
  function ruleIn(a, nm) {
    names = nm || null;
    try { return ruleWords(a); } finally { names = null; }
  }
  /** The description of a spec, one line per part, in words. */
  function words(spec) {
    names = spec.names || null;
    try { return describe(spec); } finally { names = null; }
  }
  function describe(spec) {
    // a game's describer said it all (cost, river, provisional among its lines)
    if (spec.wordsOnly) return [...(spec.lines || [])];
    const out = [];
    if (spec.kindName) out.push(spec.kindName);
    const costs = (spec.costAlts || [spec.cost || []]).map((c) => c.filter((x) => x.k)).filter((c) => c.length);
    if (costs.length) out.push(t("kit.cost", {what: costs.map(list).join(t("kit.or"))}));
    else if (spec.showFree) out.push(t("kit.free"));
    const eff = spec.said ? [] : (spec.effects || []).filter((a) => known(a.pay) && known(a.gain));
    // a rule with nothing to pay says what the activation gives ("Activation gives: wood")
    const key = spec.effectKey || (eff.every((a) => !a.pay.length) ? "kit.activation_gives" : "kit.activation");
    if (eff.length) out.push(t(key, {what: eff.map(ruleWords).join(t("kit.or"))}));
    const bonus = spec.said ? [] : (spec.bonus || []).filter((x) => x.k);
    if (bonus.length) out.push(t("kit.bonus", {what: list(bonus)}));
    for (const line of spec.lines || []) out.push(line);
    if (spec.river) out.push(t("kit.river"));
    if (spec.road) out.push(t("kit.road"));
    if (spec.provisional) out.push(t("kit.provisional"));
    return out;
  }

  // -- a name in a box: wrapped at spaces, never cut; squeezed when a word is too long -------
  const cjk = (ch) => /[\u3000-\u9fff\uff00-\uffef]/.test(ch);
  // a line's width in bold page font, measured on a canvas (an estimate where there is none)
  const pen = document.createElement("canvas").getContext("2d");
  const FONT = getComputedStyle(document.body || document.documentElement).fontFamily || "system-ui, sans-serif";
  if (pen) pen.font = `700 100px ${FONT}`;
  const measured = new Map();  // a string's width at font size 1 (names repeat on a board)
  const width = (str, fs) => {
    let w = measured.get(str);
    if (w === undefined) {
      w = pen ? pen.measureText(str).width / 100 * 1.04
        : [...str].reduce((a, ch) => a + (cjk(ch) ? 1 : /[A-ZА-ЯЁІЇЄҐmwMWЖШЩЮФ]/.test(ch) ? .72 : .58), 0);
      if (measured.size > 2000) measured.clear();
      measured.set(str, w);
    }
    return w * fs;
  };
  /** Lines of `name` for a box `w` wide, at most `max` lines (font size fs): greedy at word
      boundaries; what does not fit stays on the last line, squeezed by the caller. */
  function wrap(name, w, fs, max) {
    const ws = String(name).split(/\s+/).filter(Boolean);
    const lines = [];
    for (const word of ws) {
      const cur = lines[lines.length - 1];
      if (cur !== undefined && width(cur + " " + word, fs) <= w) lines[lines.length - 1] = cur + " " + word;
      else lines.push(word);
    }
    while (lines.length > max) lines.splice(max - 2, 2, lines[max - 2] + " " + lines[max - 1]);
    return lines;
  }
  /** SVG <text> lines centred on cx from y (baseline of the first); a line wider than w is
      squeezed with textLength, so every letter stays. */
  function label(name, cx, y, w, fs, max, attrs) {
    const lines = wrap(name, w, fs, max || 2);
    return lines.map((line, i) => {
      const wide = width(line, fs) > w;
      return s("text", Object.assign({x: cx, y: y + i * fs * 1.08, "text-anchor": "middle", "font-size": fs, "font-weight": 700, fill: INK,
        textLength: wide ? w : null, lengthAdjust: wide ? "spacingAndGlyphs" : null, class: "kit-name", text: line}, attrs || {}));
    });
  }

  // -- a row of amounts as icons -------------------------------------------------------------
  // [{k, n}] drawn left to right from x: vp/coins carry their number, up to 3 of one kind
  // are repeated, more shown as "n×"; returns the width used
  function row(g, list, x, y, u) {
    let at = x;
    for (const it of list.filter((i) => i.k)) {
      if (it.k === "vp" || it.k === "coin") { g.append(icon(it.k, at + u / 2, y, u, {n: it.n})); at += u * 1.02; continue; }
      if (it.n > 3 || (it.n > 1 && (it.k === "any" || it.k === "distinct"))) {
        g.append(s("text", {x: at + u * .28, y: y + u * .2, "text-anchor": "middle", "font-size": u * .55, "font-weight": 700, fill: INK, text: `${it.n}×`}));
        at += u * .6;
        g.append(icon(it.k, at + u / 2, y, u));
        at += u * 1.02;
        continue;
      }
      for (let i = 0; i < it.n; i++) { g.append(icon(it.k, at + u / 2, y, u)); at += u * (i < it.n - 1 ? .72 : 1.02); }
    }
    return at - x;
  }
  // the width row() takes, without drawing
  function rowWidth(list, u) {
    return list.filter((i) => i.k).reduce((a, it) => a + (it.k === "vp" || it.k === "coin" ? u * 1.02
      : it.n > 3 || (it.n > 1 && (it.k === "any" || it.k === "distinct")) ? u * 1.62 : u * (1.02 + (it.n - 1) * .72)), 0);
  }
  function arrow(g, x, y, u) {
    g.append(s("path", {d: `M${x},${y} h${u * .5} m-${u * .16},-${u * .14} l${u * .16},${u * .14} l-${u * .16},${u * .14}`, stroke: INK, "stroke-width": u * .08, fill: "none"}));
    return u * .62;
  }
  /** The effect drawn centred on cx: "pay → gain", alternatives stacked; several of one
      pattern (1/2/3 sheep → 2/4/6 VP) as one line of numbers. */
  function effect(g, alts, cx, y, w, u) {
    alts = alts.filter((a) => known(a.pay) && known(a.gain) && (a.pay.length || a.gain.length));
    if (!alts.length) return;
    const one = (a) => a.pay.length === 1 && a.gain.length === 1;
    const same = alts.length > 1 && alts.every((a) => one(a) && a.pay[0].k === alts[0].pay[0].k && a.gain[0].k === alts[0].gain[0].k);
    if (same) {
      const pays = alts.map((a) => a.pay[0].n).join("/"), gains = alts.map((a) => a.gain[0].n).join("/");
      const fs = u * .5;
      const pw = width(pays, fs), gw = width(gains, fs);
      const total = pw + u * 1.02 + u * .62 + gw + u * 1.02;
      const k = total > w ? w / total : 1;
      const uu = u * k, f = fs * k;
      let at = cx - Math.min(total, w) / 2;
      g.append(s("text", {x: at, y: y + f * .35, "font-size": f, "font-weight": 700, fill: INK, text: pays})); at += pw * k;
      g.append(icon(alts[0].pay[0].k, at + uu / 2, y, uu)); at += uu * 1.02;
      at += arrow(g, at, y, uu);
      g.append(s("text", {x: at, y: y + f * .35, "font-size": f, "font-weight": 700, fill: INK, text: gains})); at += gw * k;
      g.append(icon(alts[0].gain[0].k === "vp" ? "vp" : alts[0].gain[0].k, at + uu / 2, y, uu));
      return;
    }
    const rows = alts.slice(0, 3);
    const uu = rows.length > 1 ? u * .8 : u;
    rows.forEach((a, i) => {
      const yy = y + (i - (rows.length - 1) / 2) * uu * 1.05;
      const pw = a.pay.length ? rowWidth(a.pay, uu) + uu * .62 : 0;
      const total = pw + rowWidth(a.gain, uu);
      const k = total > w ? w / total : 1;
      const sub = s("g", k < 1 ? {transform: `translate(${cx} ${yy}) scale(${k}) translate(${-cx} ${-yy})`} : {});
      let at = cx - total / 2;
      if (a.pay.length) { at += row(sub, a.pay, at, yy, uu); at += arrow(sub, at, yy, uu); }
      row(sub, a.gain, at, yy, uu);
      g.append(sub);
    });
  }

  /** A square tile face at (x, y), `size` units. spec: {id, name (translated), lines (extra
      words), fill, frame (colours), kindIcon, cost [{k,n}], effects (parse()), bonus [{k,n}],
      river, road, provisional, placed (on a territory: cost and bonus are left out, the
      bottom is free for what lies on it)}. The <title> holds the full name and words. */
  function face(spec, x, y, size, attrs) {
    const g = s("g", Object.assign({"data-kit-name": spec.name}, attrs || {}, {class: `kit-face ${(attrs && attrs.class) || ""}`.trim()}));
    const desc = words(spec);
    g.append(s("title", {text: [spec.name, ...desc].join("\n")}));
    g.append(s("rect", {x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: size * .09, fill: spec.fill || "#e9e2d2",
      stroke: spec.frame || "#6d6d6d", "stroke-width": Math.max(2, size * .05)}));
    g.append(s("rect", {x: x + size * .07, y: y + size * .06, width: size * .86, height: size * .3, rx: size * .05, fill: "rgba(255,253,248,.82)"}));
    const fs = size * .125;
    for (const el of label(spec.name, x + size / 2, y + size * .06 + fs * .98, size * .82, fs, 2)) g.append(el);
    const u = size * .26;
    const hasEffect = (spec.effects || []).some((a) => known(a.pay) && known(a.gain));
    const ey = spec.placed ? y + size * .55 : y + size * .56;
    if (hasEffect) effect(g, spec.effects, x + size / 2, ey, size * .86, u);
    else if (spec.kindIcon) g.append(icon(spec.kindIcon, x + size / 2, ey, u * 1.2));
    if (!spec.placed) {
      const cost = (spec.cost || []).filter((c) => c.k);
      if (cost.length) {
        const cu = size * .16, cw = rowWidth(cost, cu);
        const sub = s("g", {class: "kit-cost"});
        sub.append(s("rect", {x: x + size * .05, y: y + size * .74, width: cw + cu * .3, height: cu * 1.25, rx: cu * .3, fill: "#fff8e6", stroke: "#b89a5a", "stroke-width": size * .015}));
        row(sub, cost, x + size * .05 + cu * .15, y + size * .74 + cu * .62, cu);
        g.append(sub);
      }
      const bonus = (spec.bonus || []).filter((c) => c.k);
      if (bonus.length) {
        const bu = size * .16, bw = rowWidth(bonus, bu) + bu * .55;
        const bx = x + size * .95 - bw - bu * .15;
        const sub = s("g", {class: "kit-bonus"});
        sub.append(s("rect", {x: bx, y: y + size * .74, width: bw + bu * .15, height: bu * 1.25, rx: bu * .3, fill: "#e6f2e2", stroke: "#2d7a3a", "stroke-width": size * .015}),
          s("text", {x: bx + bu * .3, y: y + size * .74 + bu * .85, "text-anchor": "middle", "font-size": bu * .8, "font-weight": 700, fill: "#2d7a3a", text: "+"}));
        row(sub, bonus, bx + bu * .55, y + size * .74 + bu * .62, bu);
        g.append(sub);
      }
    }
    if (spec.river) g.append(s("path", {d: `M${x + size * .04},${y + size * .4} q${size * .04},${size * .12} 0,${size * .24} t0,${size * .24}`, fill: "none", stroke: "#3d86c6", "stroke-width": size * .045, "stroke-linecap": "round", class: "kit-river"}));
    if (spec.road) g.append(s("path", {d: `M${x + size * .96},${y + size * .4} v${size * .5}`, fill: "none", stroke: "#8a7355", "stroke-width": size * .045, "stroke-dasharray": `${size * .05} ${size * .03}`, class: "kit-road"}));
    // a provisional value: a dashed inner edge and a "?" at the bottom, clear of the name
    if (spec.provisional) {
      g.append(s("rect", {x: x + size * .045, y: y + size * .045, width: size * .91, height: size * .91, rx: size * .07, fill: "none",
        stroke: "#b3541e", "stroke-width": size * .018, "stroke-dasharray": `${size * .05} ${size * .03}`, class: "kit-provisional"}),
      s("text", {x: x + size / 2, y: y + size * .95, "text-anchor": "middle", "font-size": size * .11, "font-weight": 700, fill: "#b3541e", text: "?"}));
    }
    tappable(g, spec.name, desc, spec.rules || "tile");
    return g;
  }

  /** A portrait card face (feasts, landmarks, special cards): same spec as face(). */
  function card(spec, x, y, w, hgt, attrs) {
    const g = s("g", Object.assign({"data-kit-name": spec.name}, attrs || {}, {class: `kit-face kit-card ${(attrs && attrs.class) || ""}`.trim()}));
    const desc = words(spec);
    g.append(s("title", {text: [spec.name, ...desc].join("\n")}));
    g.append(s("rect", {x: x + 1, y: y + 1, width: w - 2, height: hgt - 2, rx: w * .08, fill: spec.fill || "#f4e4b0", stroke: spec.frame || "#7a5a1e", "stroke-width": Math.max(2, w * .04)}));
    const fs = w * .12;
    for (const el of label(spec.name, x + w / 2, y + fs * 1.3, w * .86, fs, 3)) g.append(el);
    if (spec.kindIcon) g.append(icon(spec.kindIcon, x + w / 2, y + hgt * .45, w * .3));
    effect(g, spec.effects || [], x + w / 2, y + hgt * .68, w * .86, w * .22);
    const cost = (spec.cost || []).filter((c) => c.k);
    if (cost.length) {
      const cu = w * .17;
      row(g, cost, x + w * .08, y + hgt * .88, cu);
    }
    if (spec.provisional) g.append(s("text", {x: x + w * .88, y: y + hgt * .95, "text-anchor": "middle", "font-size": w * .14, "font-weight": 700, fill: "#b3541e", text: "?"}));
    tappable(g, spec.name, desc, spec.rules || "card");
    return g;
  }

  // -- the popover: tap a tile that does nothing else, or long-press any ------------------------
  // Every component on a board has a kind (data-rules on it or an ancestor, a kit icon's
  // data-icon; a face's spec.rules): the popover links to the game's rules section about it
  // (server/tables/rules_points.json, fetched once a page by loadRules).
  let pop = null, rulesLinks = {};
  function closePop() { if (pop) { pop.remove(); pop = null; } }
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closePop(); });
  document.addEventListener("click", (ev) => { if (pop && !pop.contains(ev.target) && !ev.target.closest?.(".kit-face")) closePop(); }, true);
  /** The rules links of a game's component kinds, in the page's language (once a page). */
  async function loadRules(game) {
    const {api, lang} = window.clanboard;
    try {
      rulesLinks = (await api("GET", `/api/games/${encodeURIComponent(game)}/rules/points?lang=${encodeURIComponent(lang)}`)).points || {};
    } catch (e) { rulesLinks = {}; }
    return rulesLinks;
  }
  /** The kind of the component an element belongs to: the nearest data-rules or kit icon. */
  function rulesKind(el) {
    for (let n = el; n && n.getAttribute; n = n.parentNode) {
      if (n.getAttribute("data-rules")) return n.getAttribute("data-rules");
      if (n.classList && n.classList.contains("kit-icon")) return n.getAttribute("data-icon");
    }
    return null;
  }
  const rulesLink = (kind) => (kind && rulesLinks[kind]) || null;
  /** Show `title` and `lines` in a small box next to the pointer (or the element), with the
      link to the rules section about `kind` (a component kind, e.g. "stone", "market"). */
  function popover(ev, title, lines, kind) {
    closePop();
    const link = rulesLink(kind);
    pop = h("div", {class: "kit-pop", role: "dialog", "data-testid": "kit-popover"},
      h("button", {class: "kit-pop-close", "aria-label": t("kit.close"), text: "×", onclick: closePop}),
      title ? h("strong", {text: title}) : null, (lines || []).map((l) => h("div", {text: l})),
      // a new tab, as a refusal's rules link: the game stays where it is
      link ? h("a", {class: "kit-pop-rules", href: link.url, target: "_blank", rel: "noopener", "data-testid": "kit-rules-link", "data-anchor": link.anchor,
        "data-kind": kind, text: t("kit.rules_link", {title: link.title})}) : null);
    document.body.append(pop);
    const r = ev && ev.target && ev.target.getBoundingClientRect ? ev.target.getBoundingClientRect() : null;
    const px = ev && ev.clientX !== undefined && ev.clientX ? ev.clientX : r ? r.left + r.width / 2 : 20;
    const py = ev && ev.clientY !== undefined && ev.clientY ? ev.clientY : r ? r.bottom : 20;
    const bw = pop.offsetWidth, bh = pop.offsetHeight;
    const left = Math.max(6, Math.min(window.innerWidth - bw - 6, px - bw / 2));
    // under a mouse pointer; above a finger (which would hide what opens under it)
    const touch = ev && ev.pointerType && ev.pointerType !== "mouse";
    const below = py + 14 + bh < window.innerHeight, above = py - bh - 28 >= 6;
    const top = touch && above ? py - bh - 28 : below ? py + 14 : Math.max(6, py - bh - 14);
    pop.style.left = `${left + window.scrollX}px`;
    pop.style.top = `${top + window.scrollY}px`;
    return pop;
  }
  const MOVE_CONTEXT = "[data-move], .take, .play, .choose, .place, .buy, .pick, .from, .kit-act";
  // a face with no move on it opens the popover on a tap; any face on a long press
  function tappable(g, name, lines, kind) {
    if (kind && !g.getAttribute("data-rules")) g.setAttribute("data-rules", kind);
    g.kitOpen = (ev) => popover(ev, name, lines, rulesKind(g));  // what a long press opens
    g.addEventListener("click", (ev) => {
      if (g.closest(MOVE_CONTEXT)) { closePop(); return; }
      ev.stopPropagation();
      g.kitOpen(ev);
    });
    g.addEventListener("contextmenu", (ev) => {
      ev.preventDefault(); ev.stopPropagation();
      if (!press.claim()) g.kitOpen(ev);
    });
  }
  // any other component of a board (a card, a stone, a track, a market, an icon …): a tap
  // that made no move (the board was not redrawn) or a long press opens its name and link
  function component(el) {
    if (!el || !el.closest || !el.closest(".board, #board, #rp-board")) return null;
    let named = null;
    for (let n = el; n && n.getAttribute && !named; n = n.parentNode) {
      if (n.getAttribute("data-rules") || (n.classList && n.classList.contains("kit-icon"))) named = n;
    }
    return named;
  }
  function componentName(el) {
    const own = el.getAttribute("data-rules-name") || el.getAttribute("aria-label") || el.getAttribute("title");
    if (own) return own.split("\n");
    const title = Array.from(el.children || []).find((c) => c.tagName && c.tagName.toLowerCase() === "title");
    if (title) return title.textContent.split("\n");
    const head = el.querySelector && el.querySelector(":scope > h3, :scope > h4");  // a panel: its heading
    const text = head ? head.textContent.trim() : el instanceof HTMLElement ? el.textContent.trim() : "";
    return [text.length <= 80 ? text : ""];
  }
  function openFor(ev, el) {
    const [name, ...lines] = componentName(el);  // "stone 4" heads its box as "Stone 4"
    popover(ev, name.charAt(0).toUpperCase() + name.slice(1), lines, rulesKind(el));
  }
  document.addEventListener("click", (ev) => {
    const el = component(ev.target);
    if (!el || !ev.target.isConnected || ev.target.closest(MOVE_CONTEXT + ", button, a, input, select, label, .target, .claimable, .playable")) return;
    openFor(ev, el);
  });
  document.addEventListener("contextmenu", (ev) => {
    const el = component(ev.target);
    if (!el) return;
    ev.preventDefault();
    if (!press.claim()) openFor(ev, el);
  });

  // -- a long press by touch (or pen): pointer events, since iOS Safari fires no contextmenu
  // on touch. Held ~500 ms without moving more than ~10 px, it opens what a right click
  // opens (a face's own box, else the component's) and swallows the click its release
  // makes, so a movable component is not moved. A mouse keeps its right click.
  const PRESS_MS = 500, SLOP = 10;
  const press = {
    timer: 0, x: 0, y: 0, id: null, fired: false, swallowUntil: 0,
    cancel() { clearTimeout(this.timer); this.timer = 0; this.id = null; },
    /** A contextmenu while a touch is held or has just opened the box (Android fires both):
        taken care of here; true when the caller should do nothing more. */
    claim() {
      if (this.fired) return true;
      if (this.timer) { const fire = this.fire; this.cancel(); fire(); return true; }
      return false;
    },
    fire: () => {},
  };
  function pressTarget(target) {
    for (let n = target; n && n.getAttribute; n = n.parentNode) if (n.kitOpen) return n;
    return component(target);
  }
  document.addEventListener("pointerdown", (ev) => {
    press.cancel();
    press.fired = false;
    if (ev.pointerType === "mouse" || !ev.isPrimary) return;
    const el = pressTarget(ev.target);
    if (!el) return;
    Object.assign(press, {x: ev.clientX, y: ev.clientY, id: ev.pointerId});
    press.fire = () => {
      press.fired = true;
      press.swallowUntil = Infinity;  // until the finger is lifted, then a moment more
      if (el.kitOpen) el.kitOpen(ev); else openFor(ev, el);
    };
    press.timer = setTimeout(() => { press.timer = 0; press.fire(); }, PRESS_MS);
  }, true);
  document.addEventListener("pointermove", (ev) => {
    if (press.timer && ev.pointerId === press.id && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > SLOP) press.cancel();
  }, true);
  const lifted = (ev) => {
    if (ev.pointerId !== press.id && press.id !== null) return;
    press.cancel();
    if (press.fired) press.swallowUntil = performance.now() + 700;
  };
  document.addEventListener("pointerup", lifted, true);
  document.addEventListener("pointercancel", (ev) => { lifted(ev); }, true);
  // the click after a long press makes no move and does not close the box it opened (on
  // window, so that it is stopped before any handler of the document or the board)
  window.addEventListener("click", (ev) => {
    if (!press.fired || performance.now() > press.swallowUntil) return;
    press.fired = false; press.swallowUntil = 0;
    ev.preventDefault(); ev.stopImmediatePropagation();
  }, true);

  // -- Glen More II: a tile, historic place, feast or landmark card from its pack row ----------
  // the pack's effect language (glen_more_2/effects.py): "cond ? pay -> gains | ...";
  // what has an icon is drawn, every part is also said in words (kit.gm2.* keys)
  const GM2_KIND_FILL = {village: "#c9c2b4", castle: "#9a9488", material: "#b9ab8f", animal: "#9fd27a", trade: "#c98a5a",
    whisky: "#d9a441", personality: "#d8c8e8", loch: "#5d9bd1", worlds_end: "#8c97a8"};
  const CATEGORY_ICON = {castle: "castle", landmarks: "landmark", whisky: "whisky", personalities: "personality", fame: "fame"};
  const kindWord = (k) => (t.has("kit.icon." + k) ? t("kit.icon." + k) : t("kit.gm2.kind_any"));
  function gm2Special(tok) {
    let m;
    if ((m = /^(\d+) vp per (kind:)?(\w+)$/.exec(tok))) return t("kit.gm2.vp_per", {n: m[1], what: m[2] ? kindWord(m[3]) : (iconName(m[3]) || t("kit.gm2.counter." + m[3]))});
    if ((m = /^activate (\w+)$/.exec(tok))) return t("kit.gm2.activate." + m[1]);
    if ((m = /^(\d+) extra (\w+)$/.exec(tok))) return t("kit.gm2.extra", {n: m[1], what: t("kit.gm2.category." + m[2])});
    if ((m = /^remove (\d+)$/.exec(tok))) return t("kit.gm2.remove", {n: m[1]});
    if (/^(tile|personality):/.test(tok)) return t("kit.gm2.personality");
    if (/^rule:/.test(tok)) return t("kit.gm2.rule");
    if (["take_discard", "clan_free", "to_castle", "scotsman_anywhere"].includes(tok)) return t("kit.gm2." + tok);
    return null;
  }
  function gm2Cond(c) {
    const m = /^(not )?(adjacent|orthogonal):(\w+)$/.exec(c.trim());
    if (m) return t(`kit.gm2.cond.${m[2]}${m[1] ? "_not" : ""}`, {kind: kindWord(m[3])});
    const n = /^(\w+) >= (\d+)$/.exec(c.trim());
    if (n) return t("kit.gm2.cond.at_least", {n: n[2], what: iconName(n[1]) || t("kit.gm2.counter." + n[1])});
    return t("kit.gm2.cond.other");
  }
  /** An effect cell read into drawn alternatives and sentences. */
  function gm2Effect(text) {
    const alts = [], lines = [];
    for (const opt of String(text || "").split("|").map((x) => x.trim()).filter(Boolean)) {
      let body = opt, cond = "";
      const q = opt.indexOf(" ? ");
      if (q >= 0) { cond = opt.slice(0, q).split("&").map(gm2Cond).join(t("kit.and")); body = opt.slice(q + 3); }
      const i = body.indexOf("->");
      const pay = i < 0 ? [] : items(body.slice(0, i));
      const gainText = i < 0 ? body : body.slice(i + 2);
      const gain = [], said = [];
      const drawn = [];  // what only the drawing adds: a feast's category, a track's step
      for (const part of gainText.split("+").map((x) => x.trim()).filter(Boolean)) {
        const it = items(part)[0];
        const extra = /^(\d+) extra (\w+)$/.exec(part);
        if (it && it.k) gain.push(it);
        else { const w = gm2Special(part); if (w) said.push(w); }
        if (extra && CATEGORY_ICON[extra[2]]) drawn.push({k: CATEGORY_ICON[extra[2]], n: Number(extra[1])});
      }
      if (gain.length || pay.length || drawn.length) alts.push({pay, gain: gain.concat(drawn)});
      const parts = [];
      if (gain.length || pay.length) parts.push(ruleWords({pay, gain}));
      parts.push(...said);
      if (parts.length) lines.push((cond ? cond + t("kit.gm2.then") : "") + parts.join(t("kit.and")));
    }
    return {alts, lines};
  }
  /** Draw a Glen More II component (a pack row: tiles, historic places, feasts, landmarks)
      as a square tile or a portrait card. opts: {name} the translated name (else name_ru in
      Russian, else the pack's), lines: sentences from the game's describer, put first (then
      they are the whole description: the kit adds no cost, river or provisional line of its
      own), placed: on a territory (no cost or bonus drawn, the bottom left free). */
  function gm2(row, type, x, y, size, opts) {
    const o = opts || {};
    const lang = document.documentElement.lang;
    const name = o.name || (lang === "ru" && row.name_ru) || row.name;
    const provisional = row.provisional === true || row.provisional === "yes";
    const act = gm2Effect(row.activation || row.effect);
    const bonus = gm2Effect(row.bonus);
    const costAlts = String(row.cost || "").split("|").map(items).filter((c) => c.length && known(c));
    const kinds = String(row.kind || "").split(/[\s|]+/).filter(Boolean);
    const lines = [...(o.lines || [])];
    if (kinds.length && type !== "feast" && type !== "landmark") lines.unshift(t("kit.gm2.kind", {kind: [...new Set(kinds)].map(kindWord).join(t("kit.or"))}));
    if (!o.lines) {
      if (act.lines.length) lines.push(t(type === "feast" || type === "landmark" ? "kit.effect" : "kit.activation", {what: act.lines.join(t("kit.or"))}));
      if (bonus.lines.length) lines.push(t("kit.bonus", {what: bonus.lines.join(t("kit.or"))}));
    }
    const spec = {id: row.id, name, lines, said: true, fill: GM2_KIND_FILL[kinds[0]] || (type === "feast" ? "#f4e4b0" : "#e9e2d2"),
      frame: type === "historic" ? "#7a5a1e" : "#6d6d6d", cost: costAlts[0] || [], costAlts,
      effects: act.alts, bonus: bonus.alts.length === 1 && !bonus.alts[0].pay.length ? bonus.alts[0].gain : [],
      kindIcon: type === "feast" ? "feast" : type === "landmark" ? "landmark" : kinds[0] || null,
      river: row.river === true || row.river === "yes", provisional, placed: !!o.placed, wordsOnly: !!o.lines,
      rules: type !== "tile" ? type : kinds.includes("personality") ? "personality" : "tile"};
    const g = type === "feast" || type === "landmark" ? card(spec, x, y, size * .72, size) : face(spec, x, y, size);
    g.setAttribute("data-gm2", type);
    return g;
  }

  window.clanboard.kit = {icon, inline, iconName, KINDS, RES_FILL, TERRAIN, SEAT, items, parse, words, amount, ruleWords: ruleIn,
    wrap, label, row, effect, face, card, popover, closePop, tappable, gm2, gm2Effect, loadRules, rulesKind, rulesLinks: () => rulesLinks};
})();
