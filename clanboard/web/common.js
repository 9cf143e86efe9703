/* Shared helpers, the renderer registry and the words of the page. Renderers
   (games/<pkg>/web/render.js) call clanboard.registerRenderer(gameId, {render(root, ctx)}).
   Every visible word goes through t(key, params): the catalogue of the page's language
   (/static/i18n/<lang>.json), English when a key is missing there. Pages wait for
   clanboard.ready before drawing. */
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
  // -- language: the user's choice (switcher: localStorage + cookie), else the browser's
  const LANGS = {en: "English", ru: "Русский", uk: "Українська", ja: "日本語"};
  const COOKIE = "clanboard_lang";
  function chooseLang() {
    const url = new URLSearchParams(location.search).get("lang");
    const stored = localStorage.getItem("clanboard:lang");
    for (const c of [url, stored, ...(navigator.languages || [navigator.language])]) {
      const code = String(c || "").toLowerCase().split("-")[0];
      if (code in LANGS) return code;
    }
    return "en";
  }
  const lang = chooseLang();
  let words = {}, english = {};
  // A counted key's value is an object of CLDR plural forms ({"one": "{n} coin", "other":
  // "{n} coins"}; ru/uk also "few" and "many"): the browser's Intl.PluralRules picks the form
  // for params.n, or with no n the last number among the params ("{sum} of {gold} gold"),
  // English's forms when the page's language lacks that one.
  const pluralRules = {};
  function pluralForm(value, code, n) {
    const rules = pluralRules[code] || (pluralRules[code] = new Intl.PluralRules(code));
    const cat = rules.select(Number(n) || 0);
    return value && typeof value === "object" ? value[cat] ?? value.other ?? null : null;
  }
  function t(key, params) {
    let text = key in words ? words[key] : key in english ? english[key] : key;
    if (text && typeof text === "object") {
      const nums = Object.values(params || {}).filter((v) => typeof v === "number");
      const n = params && "n" in params ? params.n : nums.length ? nums[nums.length - 1] : 0;
      text = (key in words ? pluralForm(words[key], lang, n) : null)
        ?? pluralForm(english[key], "en", n) ?? key;
    }
    if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return text;
  }
  t.has = (key) => key in words || key in english;
  // a game's name in the page's language (the server sends the English one)
  const gameTitle = (id, name) => (t.has(`game.${id}.name`) ? t(`game.${id}.name`) : name);
  // an AI seat's agent spec in words: "ismcts:hard" -> "AI — hard" (a spec with no word
  // for it, such as "ismcts:2s", is shown as it is)
  function aiLevel(agent) {
    const i = agent.indexOf(":");
    const base = i < 0 ? agent : agent.slice(0, i), level = i < 0 ? "" : agent.slice(i + 1);
    const key = base === "ismcts" && level ? level : base;
    return t.has("ai.level." + key) ? t("ai.level." + key) : (level || agent);
  }
  const aiName = (agent) => t("ai.name", {level: aiLevel(agent)});
  // the agent of an AI level's bot account ("AI-ismcts-hard" -> "ismcts:hard"), else null
  function botAgent(name) {
    const m = /^AI-([a-z][a-z0-9.-]*)$/.exec(name);
    return m ? m[1].replace("-", ":") : null;
  }
  // the server's default seat names ("Player 2", "AI (ismcts:hard)", a rated table's
  // "AI-ismcts-hard") in the page's language; an AI seat bears its seat's clan (as the
  // server names it: clanboard.i18n.CLANS), "Campbell (AI, hard)"
  function seatName(name, seat) {
    if (name === "(open)") return t("common.open_seat");  // the server's name of an open seat
    let m = /^Player (\d+)$/.exec(name);
    if (m) return t("common.player_n", {n: m[1]});
    m = /^AI \((.+)\)$/.exec(name);
    const agent = m ? m[1] : botAgent(name);
    if (!agent) return name;
    if (seat === undefined) return aiName(agent);
    let n = 0;
    while (t.has(`ai.clan.${n}`)) n++;
    return t("ai.seat", {clan: t(`ai.clan.${n ? seat % n : 0}`), level: aiLevel(agent)});
  }
  // an account's name as shown: an AI level's bot account by its level ("AI — hard")
  const accountName = (name) => (botAgent(name) ? aiName(botAgent(name)) : name);
  function setLang(code) {
    localStorage.setItem("clanboard:lang", code);
    document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
    const u = new URL(location.href);
    u.searchParams.delete("lang");
    location.replace(u.toString());
  }
  // static words of a page: data-i18n (text), data-i18n-title, data-i18n-aria
  function translatePage(root) {
    for (const el of (root || document).querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of (root || document).querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
    for (const el of (root || document).querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  function switcher() {
    const sel = h("select", {id: "lang-switch", "data-testid": "lang", "aria-label": t("common.language")},
      Object.entries(LANGS).map(([code, name]) => h("option", {value: code, text: name})));
    sel.value = lang;
    sel.addEventListener("change", () => setLang(sel.value));
    return h("label", {class: "lang-switch"}, sel);
  }
  async function load(code) {
    const r = await fetch(`/static/i18n/${code}.json`);
    return r.ok ? r.json() : {};
  }
  const ready = (async () => {
    // the server answers in the cookie's language: keep it in step with the page's
    if (!document.cookie.split("; ").includes(`${COOKIE}=${lang}`)) {
      document.cookie = `${COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
    }
    [english, words] = await Promise.all([load("en"), lang === "en" ? Promise.resolve({}) : load(lang)]);
    document.documentElement.lang = lang;
    translatePage();
    const top = document.querySelector("header.top");
    if (top) top.append(accountBox(), switcher());
  })();

  // -- the logged-in account (null: a guest), shown in the header of every page
  const account = fetch("/api/account").then((r) => r.json()).then((d) => d.user).catch(() => null);
  function accountBox() {
    const box = h("span", {class: "account", "data-testid": "account"});
    account.then((user) => {
      if (!user) {
        box.replaceChildren(h("a", {href: "/login", "data-testid": "login-link", text: t("account.log_in")}), " · ",
          h("a", {href: "/signup", "data-testid": "signup-link", text: t("account.sign_up")}));
        return;
      }
      const out = h("button", {type: "button", class: "link", "data-testid": "logout", text: t("account.log_out")});
      out.addEventListener("click", async () => {
        await api("POST", "/api/account/logout").catch(() => null);
        location.reload();
      });
      box.replaceChildren(h("a", {href: `/u/${encodeURIComponent(user.name)}`, "data-testid": "me", text: user.name}), " ", out);
    });
    return box;
  }
  function cookie(name) {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  }

  async function api(method, path, body, token) {
    const headers = {"Content-Type": "application/json"};
    if (token) headers.Authorization = "Bearer " + token;
    // a write made with the session cookie proves it comes from this site's pages
    else if (method !== "GET" && cookie("clanboard_csrf")) headers["X-CSRF-Token"] = cookie("clanboard_csrf");
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
    h, s, api, tokens, renderers, t, lang, ready, account, setLang, translatePage, LANGS, seatName, aiName, accountName, gameTitle,
    registerRenderer(id, r) { renderers[id] = r; },
  };
})();
