/* Shared helpers and the renderer registry. Renderers (games/<pkg>/web/render.js) call
   clanboard.registerRenderer(gameId, {render(root, ctx)}). */
"use strict";
window.clanboard = (function () {
  const renderers = {};
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function s(tag, attrs, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v);
    }
    for (const c of children.flat()) if (c) el.append(c);
    return el;
  }
  async function api(method, path, body, token) {
    const headers = {"Content-Type": "application/json"};
    if (token) headers.Authorization = "Bearer " + token;
    const r = await fetch(path, {method, headers, body: body ? JSON.stringify(body) : undefined});
    const data = await r.json().catch(() => ({}));
    if (!r.ok) { const e = new Error(data.reason || r.statusText); e.data = data; e.status = r.status; throw e; }
    return data;
  }
  const tokens = {
    key: (t, s) => `clanboard:${t}:${s}`,
    get: (t, s) => localStorage.getItem(tokens.key(t, s)),
    set(t, s, tok, game) {
      localStorage.setItem(tokens.key(t, s), tok);
      const mine = JSON.parse(localStorage.getItem("clanboard:mine") || "[]")
        .filter((m) => !(m.table === t && m.seat === s));
      mine.unshift({table: t, seat: s, game, at: Date.now()});
      localStorage.setItem("clanboard:mine", JSON.stringify(mine.slice(0, 40)));
    },
    mine: () => JSON.parse(localStorage.getItem("clanboard:mine") || "[]"),
    seatsAt: (t) => tokens.mine().filter((m) => m.table === t && tokens.get(t, m.seat)).map((m) => m.seat),
  };
  return {
    h, s, api, tokens, renderers,
    registerRenderer(id, r) { renderers[id] = r; },
  };
})();
