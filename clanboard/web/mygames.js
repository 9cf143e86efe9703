/* Your games: every unfinished table of the logged-in account, those where it is your turn
   first, with who is to move and the time left; kept live by live.js. */
"use strict";
(function () {
  const {h, t, ready, account, seatName, live} = window.clanboard;
  const list = document.getElementById("games");

  function row(g) {
    const who = g.opponents.map(seatName).join(", ");
    const turn = g.status === "waiting" ? t("lobby.status.waiting")
      : g.my_turn ? t("table.your_turn") : t("table.waiting_for", {who: g.to_move.map(seatName).join(", ")});
    const left = g.clock && g.clock.left !== null ? live.timeLeft(g.clock.left) : "";
    return h("li", {"data-table": g.table, "data-testid": "game-" + g.table, class: g.my_turn ? "my-turn" : ""},
      h("a", {href: g.link}, h("strong", {text: live.gameWord(g.game)}), h("span", {class: "who", text: " — " + who})),
      h("span", {class: "turn"},
        left ? h("small", {class: "muted", "data-testid": "left", text: left + " "}) : null,
        h("span", {class: "badge " + (g.my_turn ? "playing" : ""), "data-testid": "turn", text: turn})));
  }

  function draw() {
    const rows = [...live.games.values()].sort((a, b) => (b.my_turn - a.my_turn));
    list.replaceChildren(...(rows.length ? rows.map(row) : [h("li", {class: "muted", "data-testid": "mygames-none"}, t("mygames.none"), " ",
      h("a", {href: "/", text: t("mygames.start")}))]));
  }

  (async () => {
    await ready;
    document.title = `clanboard — ${t("lobby.your_games")}`;
    const user = await account;
    if (!user) {
      list.replaceChildren(h("li", {class: "muted"}, h("a", {href: "/login", text: t("account.log_in")}), " ", t("mygames.login")));
      return;
    }
    document.getElementById("notify").append(live.notifyButton());
    await live.loaded;
    draw();
    live.on("game", draw);
  })();
})();
