/* A game's leaderboard: the rated accounts, best first (all variants, or ?variant=). */
"use strict";
(async function () {
  const {h, api, t, ready, gameTitle, accountName} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  // a variant in words (the lobby's game.<id>.variant.<name>), "—" for none
  const variantName = (gid, v) => (!v ? "—" : t.has(`game.${gid}.variant.${v}`) ? t(`game.${gid}.variant.${v}`) : v);
  await ready;
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const variant = new URLSearchParams(location.search).get("variant");
  let r;
  try {
    r = await api("GET", `/api/leaderboard/${encodeURIComponent(gameId)}` +
      (variant !== null ? `?variant=${encodeURIComponent(variant)}` : ""));
  } catch (e) {
    $("board-error").textContent = e.message;
    return;
  }
  const title = t("account.leaderboard_title", {game: gameTitle(r.game, r.game)});
  document.title = `clanboard — ${title}`;
  $("heading").textContent = title;
  if (!r.players.length) {
    $("board").replaceChildren(h("p", {class: "muted", text: t("account.none")}));
    return;
  }
  $("board").replaceChildren(h("div", {class: "grid-scroll"}, h("table", {class: "grid"},
    h("thead", {}, h("tr", {}, ["account.rank", "account.player", "account.variant", "account.rating", "account.rd", "account.games"]
      .map((k) => h("th", {text: t(k)})))),
    h("tbody", {}, r.players.map((p) => h("tr", {},
      h("td", {text: String(p.rank)}),
      h("td", {}, h("a", {href: `/u/${encodeURIComponent(p.name)}`, text: accountName(p.name)}),
        p.bot && accountName(p.name) === p.name ? ` (${t("account.bot")})` : ""),
      h("td", {text: variantName(r.game, p.variant)}), h("td", {text: p.rating.toFixed(0)}),
      h("td", {text: p.rd.toFixed(0)}), h("td", {text: String(p.games)})))))));
})();
