/* The lobby's "Learn to play" panel (server/coach/tutorial.py): a button per tutorial that makes
   its table through the ordinary POST /api/tables (every bound on tables applies), follows
   the tutorial there and opens it; a tutorial not finished yet is resumed instead. */
"use strict";
(async function () {
  const {h, t, api, tokens, lang, ready, gameTitle} = window.clanboard;
  await ready;
  const el = document.getElementById("learn");
  const key = (game) => `clanboard:tutorial:${game}`;
  let list;
  try { list = (await api("GET", "/api/tutorials")).tutorials; } catch (e) { return; }
  if (!list.length) return;

  async function unfinished(game) {
    const id = localStorage.getItem(key(game));
    if (!id || !tokens.get(id, 0)) return null;
    try {
      const v = await api("GET", `/api/tables/${encodeURIComponent(id)}/view`);
      return v.status === "over" ? null : id;
    } catch (e) { return null; }
  }

  async function start(tut, error) {
    error.textContent = "";
    try {
      let id = await unfinished(tut.id);
      if (!id) {
        const made = await api("POST", "/api/tables", tut.table);
        id = made.table;
        tokens.set(id, 0, made.tokens["0"], tut.game);
        await api("POST", `/api/tables/${encodeURIComponent(id)}/tutorial?lang=${lang}`, {seat: 0, game: tut.id}, made.tokens["0"]);
        localStorage.setItem(key(tut.id), id);
      }
      location.href = `/t/${encodeURIComponent(id)}?seat=0&lang=${lang}`;
    } catch (e) { error.textContent = e.message; }
  }

  // a game's solo tutorial beside its tutorial for several players: "Glen More II — solo"
  const title = (tut) => {
    const game = gameTitle(tut.game, tut.game);
    return tut.players === 1 ? t("learn.solo", {game}) : game;
  };
  const rows = [];
  for (const tut of list) {
    const error = h("span", {class: "error", role: "alert"});
    const resume = await unfinished(tut.id);
    rows.push(h("li", {},
      h("button", {class: "primary", "data-testid": `learn-${tut.id}`, onclick: () => start(tut, error),
        text: resume ? t("learn.resume") : t("learn.start")}), " ",
      h("strong", {"data-testid": `learn-title-${tut.id}`, text: title(tut)}), " ",
      // "about 15 minutes": the number keeps to its unit when the line breaks
      h("span", {class: "muted", text: t("learn.minutes", {n: tut.minutes}).replace(/(\d) /g, "$1\u00a0")}), " ", error));
  }
  el.replaceChildren(h("h2", {text: t("learn.title")}), h("p", {class: "muted", text: t("learn.intro")}),
    h("ul", {class: "list learn-list"}, rows));
  el.hidden = false;
})();
