/* A player's page: ratings per game and variant, results per game, the latest games. */
"use strict";
(async function () {
  const {h, api, t, ready, gameTitle, accountName} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  // a variant in words (the lobby's game.<id>.variant.<name>), "—" for none
  const variantName = (gid, v) => (!v ? "—" : t.has(`game.${gid}.variant.${v}`) ? t(`game.${gid}.variant.${v}`) : v);
  await ready;
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  let p;
  try {
    p = await api("GET", `/api/users/${encodeURIComponent(name)}`);
  } catch (e) {
    $("player-error").textContent = e.status === 404 ? t("account.no_such_player") : e.message;
    // nobody to show: no empty panels, the way back instead
    for (const panel of document.querySelectorAll("main section.panel")) panel.hidden = true;
    $("player-error").after(h("p", {}, h("a", {href: "/", "data-testid": "back-to-lobby", text: t("rules.back")})));
    return;
  }
  const shown = accountName(p.name);
  const title = t("account.player_title", {name: shown});
  document.title = `clanboard — ${title}`;
  $("title").textContent = title;
  $("player-name").textContent = shown + (p.bot && shown === p.name ? ` (${t("account.bot")})` : "");
  const game = (id) => gameTitle(id, id);
  // in a box of its own width: on a phone a wide table scrolls there, not the whole page
  const table = (head, rows) => h("div", {class: "grid-scroll"}, h("table", {class: "grid"},
    h("thead", {}, h("tr", {}, head.map((k) => h("th", {text: t(k)})))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, c)))))));
  const none = () => h("p", {class: "muted", text: t("account.none")});
  $("ratings").replaceChildren(p.ratings.length ? table(
    ["account.game", "account.variant", "account.rating", "account.rd", "account.games"],
    p.ratings.map((r) => [h("a", {href: `/leaderboard/${encodeURIComponent(r.game)}`, text: game(r.game)}),
      variantName(r.game, r.variant), r.rating.toFixed(0), r.rd.toFixed(0), String(r.games)])) : none());
  $("games").replaceChildren(p.games.length ? table(
    ["account.game", "account.played", "account.wins", "account.draws", "account.losses"],
    p.games.map((g) => [game(g.game), String(g.played), String(g.win), String(g.draw), String(g.loss)])) : none());
  $("recent").replaceChildren(...(p.recent.length ? p.recent.map((g) => h("li", {"data-table": g.table},
    h("a", {href: g.links.table, text: `${game(g.game)} — ${t("account.place", {place: g.place, players: g.players})}`}),
    h("span", {class: "muted"}, t(`account.outcome.${g.outcome}`),
      g.rated ? ` · ${t("account.rated")} ${g.rating_before.toFixed(0)} → ${g.rating_after.toFixed(0)}` : "",
      " · ", h("a", {href: g.links.record, text: t("account.record")}))))
    : [h("li", {class: "muted", text: t("account.none")})]));
})();
