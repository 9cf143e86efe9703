/* The Glen More II pack editor (/packs/edit): the pack's components file by file, each with a
   form of its values (checked as they are typed against the server's schema: /api/packs/
   check-row) and its picture drawn live by the drawing kit (clanboard.kit.gm2); the whole
   pack checked, downloaded as a .zip for `clanboard pack install`, or installed on the
   server by its owner. Every word is in the catalogue (packs.* keys). */
"use strict";
(async function () {
  const {h, s, api, t, ready} = window.clanboard;
  await ready;
  const kit = window.clanboard.kit;
  const $ = (id) => document.getElementById(id);
  // the files the editor lists, components first; kit: how the kit draws a row of it
  const DRAWN = {"tiles.csv": "tile", "historic_places.csv": "historic", "feasts.csv": "feast", "landmarks.csv": "landmark"};
  const ORDER = ["tiles.csv", "historic_places.csv", "feasts.csv", "landmarks.csv", "clan_spaces.csv", "highland_games.csv",
    "market.csv", "scoring.csv", "alt_scoring.csv", "settings.csv", "allenarly_cards.csv", "allenarly_levels.csv",
    "allenarly_priority.csv", "allenarly_paths.csv", "allenarly_chronicles.csv"];
  const EFFECT_FIELDS = ["bonus", "activation", "effect", "reward"];
  const COST_FIELDS = ["cost"];
  let files = {}, schema = {}, owner = false, selected = null, problems = [];
  // edits made, and the edit count the whole-pack problems were found at (still current if equal)
  let edits = 0, checkedAt = -1;
  document.title = t("packs.title");

  const fileName = (f) => (t.has("packs.file." + f) ? t("packs.file." + f) : f);
  const fieldName = (c) => (t.has("packs.field." + c) ? t("packs.field." + c) : c);
  const col = (f, c) => files[f].columns.indexOf(c);
  const get = (f, i, c) => { const k = col(f, c); return k < 0 ? "" : files[f].rows[i][k] || ""; };
  const rowObject = (f, i) => Object.fromEntries(files[f].columns.map((c, k) => [c, files[f].rows[i][k] || ""]));
  const isProvisional = (f, i) => /^(yes|true|1)$/i.test(get(f, i, "provisional").trim());
  const choiceText = (c, v) => {
    for (const key of [`packs.value.${c}.${v}`, `packs.value.${v}`, `kit.icon.${v}`]) if (t.has(key)) return t(key);
    return v;
  };
  function rowTitle(f, i) {
    const r = rowObject(f, i);
    const lang = document.documentElement.lang;
    const name = (lang === "ru" && r.name_ru) || r.name;
    if (f === "highland_games.csv") return t("packs.track_rank", {track: choiceText("track", r.track), rank: r.rank});
    if (f === "settings.csv") return t.has("packs.setting." + r.name) ? t("packs.setting." + r.name) : r.name;
    return name || r.clan || (r.resource && choiceText("resource", r.resource)) || r.id || r.category || r.difference || r.chronicle || String(i + 1);
  }

  function picture(f, i, size) {
    const svg = s("svg", {viewBox: `0 0 ${size} ${size}`, class: "picture", role: "img", "data-testid": "picture"});
    const type = DRAWN[f];
    if (!type) return svg;
    const w = type === "feast" || type === "landmark" ? size * .72 : size;
    svg.append(kit.gm2(rowObject(f, i), type, (size - w) / 2, 0, size));
    return svg;
  }

  // -- the list, grouped by file, with what is still to fill ---------------------------------
  function drawList() {
    const bad = new Set(problems.filter((p) => p.row).map((p) => `${p.file}:${p.row - 2}`));
    const groups = [];
    for (const f of ORDER.filter((n) => files[n])) {
      const left = files[f].rows.filter((_, i) => isProvisional(f, i)).length;
      const items = files[f].rows.map((_, i) => {
        const b = h("button", {type: "button", "data-file": f, "data-row": i, "aria-current": selected && selected.f === f && selected.i === i ? "true" : "false",
          class: bad.has(`${f}:${i}`) ? "bad" : null, onclick: () => { select(f, i); if (matchMedia("(max-width: 760px)").matches) $("editor").scrollIntoView(); }});
        if (DRAWN[f]) { const p = picture(f, i, 100); p.setAttribute("width", 34); p.setAttribute("height", 34); p.removeAttribute("data-testid"); b.append(p); }
        b.append(h("span", {text: rowTitle(f, i)}));
        if (isProvisional(f, i)) b.append(h("span", {class: "mark", title: t("packs.provisional"), "aria-label": t("packs.provisional"), text: "?"}));
        return b;
      });
      groups.push(h("h2", {"data-group": f}, fileName(f),
        h("span", {class: "left", "data-testid": "left-" + f, text: left ? t("packs.left", {n: left, total: files[f].rows.length}) : t("packs.all_filled")})), ...items);
    }
    $("components").replaceChildren(...groups);
    const left = ORDER.filter((n) => files[n]).reduce((a, f) => a + files[f].rows.filter((_, i) => isProvisional(f, i)).length, 0);
    $("summary").textContent = left ? t("packs.left_total", {n: left}) : t("packs.none_left");
  }

  // -- one component's form and picture -------------------------------------------------------
  let timer = null;
  function select(f, i) {
    selected = {f, i};
    const cols = files[f].columns;
    const pic = h("div", {class: "packs-picture"}, picture(f, i, 260));
    const form = h("form", {"data-testid": "form", onsubmit: (e) => e.preventDefault()});
    for (const [k, c] of cols.entries()) {
      const info = (schema[f] || {})[c] || {};
      const id = `field-${c}`;
      const value = files[f].rows[i][k] || "";
      let input;
      if (info.choices) {
        const opts = info.choices.includes(value) || value === "" ? info.choices : [value, ...info.choices];
        input = h("select", {id, name: c}, (info.required ? opts : ["", ...opts]).map((v) => h("option", {value: v, text: v === "" ? "—" : choiceText(c, v), selected: v === value})));
      } else if (["reason", "notes", "source"].includes(c) || value.length > 60) {
        input = h("textarea", {id, name: c, rows: 2, text: value});
      } else {
        input = h("input", {id, name: c, value, autocomplete: "off", spellcheck: "false"});
      }
      input.addEventListener("input", () => edit(f, i, k, input.value));
      form.append(h("label", {for: id, text: fieldName(c)}), input);
      if (EFFECT_FIELDS.includes(c)) form.append(h("div", {class: "field-help", text: t("packs.help.effect")}));
      if (COST_FIELDS.includes(c)) form.append(h("div", {class: "field-help", text: t("packs.help.cost")}));
      form.append(h("div", {class: "field-problem", "data-problem": c}));
    }
    const head = h("div", {}, h("h2", {text: `${fileName(f)}: ${rowTitle(f, i)}`}),
      isProvisional(f, i) ? h("p", {class: "provisional-note", text: t("packs.provisional_row")}) : null, form);
    $("editor").replaceChildren(pic, head);
    drawList();
    showRowProblems(problems.filter((p) => p.file === f && p.row === i + 2));
  }

  function edit(f, i, k, value) {
    files[f].rows[i][k] = value;
    edits += 1;
    const old = $("editor").querySelector("svg.picture");
    if (old) old.replaceWith(picture(f, i, 260));
    clearTimeout(timer);
    timer = setTimeout(() => checkRow(f, i), 350);
  }

  function showRowProblems(list) {
    for (const el of $("editor").querySelectorAll("[data-problem]")) el.textContent = "";
    for (const p of list) {
      const el = $("editor").querySelector(`[data-problem="${p.field}"]`);
      if (el) el.textContent = p.message;
    }
  }

  async function checkRow(f, i) {
    try {
      const r = await api("POST", "/api/packs/check-row", {file: f, row: rowObject(f, i)});
      const whole = checkedAt === edits ? problems.filter((p) => p.file === f && p.row === i + 2) : [];
      if (selected && selected.f === f && selected.i === i) showRowProblems([...whole, ...r.problems]);
      drawList();
    } catch (e) { $("problems").replaceChildren(h("p", {class: "error", text: e.message})); }
  }

  // -- the whole pack ---------------------------------------------------------------------------
  function showProblems(list) {
    problems = list;
    if (!list.length) { $("problems").replaceChildren(); drawList(); return; }
    const where = (p) => [fileName(p.file), p.row ? t("packs.row", {n: p.row - 1}) : null, p.field ? fieldName(p.field) : null].filter(Boolean).join(" · ");
    $("problems").replaceChildren(h("p", {text: t("packs.problems", {n: list.length})}), h("ul", {},
      list.map((p) => h("li", {}, p.row && files[p.file] ? h("button", {type: "button", text: where(p), onclick: () => select(p.file, p.row - 2)}) : where(p), t("packs.problem_sep"), p.message))));
    drawList();
    if (selected) showRowProblems(list.filter((p) => p.file === selected.f && p.row === selected.i + 2));
  }

  async function checkAll() {
    try {
      const at = edits;
      const r = await api("POST", "/api/packs/check", {files});
      checkedAt = at;
      showProblems(r.problems);
      if (r.ok) $("problems").replaceChildren(h("p", {class: "packs-ok", "data-testid": "valid", text: r.provisional ? t("packs.valid_provisional", {n: r.provisional}) : t("packs.valid")}));
      return r.ok;
    } catch (e) { $("problems").replaceChildren(h("p", {class: "error", text: e.message})); return false; }
  }

  function packName() {
    const v = $("pack-name").value.trim();
    return /^[a-z0-9][a-z0-9_-]{0,31}$/.test(v) ? v : null;
  }

  async function download() {
    const name = packName();
    if (!name) { $("problems").replaceChildren(h("p", {class: "error", text: t("packs.bad_name")})); return; }
    const r = await fetch(`/api/packs/download?name=${encodeURIComponent(name)}`, {method: "POST", headers: headers("application/json"), body: JSON.stringify({files})});
    if (!r.ok) { const d = await r.json().catch(() => ({})); $("problems").replaceChildren(h("p", {class: "error", text: d.reason || r.statusText})); return; }
    const url = URL.createObjectURL(await r.blob());
    const a = h("a", {href: url, download: `${name}.zip`});
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function headers(type) {
    const out = {"Content-Type": type};
    const c = document.cookie.split("; ").find((x) => x.startsWith("clanboard_csrf="));
    if (c) out["X-CSRF-Token"] = decodeURIComponent(c.slice("clanboard_csrf=".length));
    return out;
  }

  async function install() {
    const name = packName();
    if (!name) { $("problems").replaceChildren(h("p", {class: "error", text: t("packs.bad_name")})); return; }
    try {
      const r = await api("POST", "/api/packs/install", {files, name});
      $("problems").replaceChildren(h("p", {class: "packs-ok", "data-testid": "installed",
        text: r.new ? t("packs.installed", {name: r.name, version: r.version}) : t("packs.installed_same", {name: r.name, version: r.version})}));
    } catch (e) {
      if (e.data && e.data.problems) showProblems(e.data.problems);
      $("problems").prepend(h("p", {class: "error", text: e.message}));
    }
  }

  async function upload(file) {
    const r = await fetch("/api/packs/open", {method: "POST", headers: headers("application/octet-stream"), body: file});
    const d = await r.json().catch(() => ({}));
    if (!r.ok) { showProblems(d.problems || []); $("problems").prepend(h("p", {class: "error", text: d.reason || r.statusText})); return; }
    load(d.files);
  }

  function load(given) {
    files = given; problems = []; $("problems").replaceChildren();
    const first = ORDER.find((f) => files[f] && files[f].rows.length);
    if (first) select(first, Math.max(0, files[first].rows.findIndex((_, i) => isProvisional(first, i))));
    else drawList();
  }

  async function start() {
    try {
      const r = await api("GET", "/api/packs/provisional");
      schema = r.schema; owner = r.owner;
      $("install").hidden = !owner;
      load(r.files);
    } catch (e) { $("problems").replaceChildren(h("p", {class: "error", text: e.message})); }
  }
  $("start").addEventListener("click", start);
  $("check").addEventListener("click", checkAll);
  $("download").addEventListener("click", download);
  $("install").addEventListener("click", install);
  $("upload").addEventListener("change", (e) => { if (e.target.files[0]) upload(e.target.files[0]); e.target.value = ""; });
  await start();
})();
