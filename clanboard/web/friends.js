/* Friends: follow players by name, see who of them is online (live), challenge one (a
   game for two: game, clock, rated), stop following. */
"use strict";
(function () {
  const {h, t, api, ready, account, gameTitle, live} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  let games = [], following = [];
  const CLOCKS = [null, {kind: "realtime", initial_s: 600, increment_s: 15},
    {kind: "correspondence", days_per_move: 1}, {kind: "correspondence", days_per_move: 3}];

  function challengeForm(name) {
    const two = games.filter((g) => g.min_players <= 2 && g.max_players >= 2);
    const game = h("select", {"data-testid": "challenge-game", "aria-label": t("lobby.game")},
      two.map((g) => h("option", {value: g.id, text: gameTitle(g.id, g.name)})));
    const clock = h("select", {"data-testid": "challenge-clock", "aria-label": t("clock.time_control")},
      CLOCKS.map((c, i) => h("option", {value: i, text: live.clockWords(c)})));
    const rated = h("input", {type: "checkbox", "data-testid": "challenge-rated"});
    const state = h("span", {class: "muted", "data-testid": "challenge-state"});
    const send = h("button", {type: "submit", class: "primary", "data-testid": "send-challenge", text: t("friends.send")});
    const form = h("form", {class: "challenge"}, game, " ", clock, " ", h("label", {class: "check"}, rated, " ", t("seeks.rated")), " ", send, " ", state);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const body = {game: game.value, num_players: 2, rated: rated.checked};
      const c = CLOCKS[Number(clock.value)];
      if (c) body.clock = c;
      try {
        await api("POST", `/api/friends/${encodeURIComponent(name)}/challenge`, body);
        state.textContent = t("friends.sent");
      } catch (e) { state.textContent = e.message; }
    });
    return form;
  }

  function row(f) {
    const holder = h("div");
    return h("li", {"data-friend": f.name, "data-testid": "friend-" + f.name},
      h("span", {},
        h("span", {class: "dot " + (f.online ? "on" : "off"), "aria-hidden": "true"}), " ",
        h("a", {href: `/u/${encodeURIComponent(f.name)}`, text: f.name}), " ",
        h("small", {class: "muted", "data-testid": "online", text: f.online ? t("presence.connected") : t("presence.disconnected")}),
        holder),
      h("span", {class: "actions"},
        f.bot ? null : h("button", {type: "button", "data-testid": "challenge", text: t("friends.challenge"),
          onclick: () => holder.replaceChildren(challengeForm(f.name))}), " ",
        h("button", {type: "button", class: "link", "data-testid": "unfollow", text: t("friends.unfollow"),
          onclick: async () => { await api("DELETE", `/api/friends/${encodeURIComponent(f.name)}`).catch(() => null); load(); }})));
  }

  function draw() {
    $("friends").replaceChildren(...(following.length ? following.map(row) : [h("li", {class: "muted", text: t("friends.none")})]));
  }
  async function load() {
    following = (await api("GET", "/api/friends")).following;
    draw();
  }

  (async () => {
    await ready;
    document.title = `clanboard — ${t("friends.title")}`;
    const user = await account;
    if (!user) {
      $("follow").hidden = true;
      $("friends").replaceChildren(h("li", {class: "muted"}, h("a", {href: "/login", text: t("account.log_in")}), " ", t("friends.login")));
      return;
    }
    games = await api("GET", "/api/games");
    $("follow").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("error").textContent = "";
      try {
        await api("PUT", `/api/friends/${encodeURIComponent($("follow-name").value.trim())}`);
        $("follow-name").value = "";
        load();
      } catch (e) { $("error").textContent = e.message; }
    });
    live.on("friend", (m) => {
      const f = following.find((x) => x.name === m.name);
      if (!f) return;
      f.online = m.online;  // in place: an open challenge form stays
      const li = document.querySelector(`[data-friend="${CSS.escape(m.name)}"]`);
      if (!li) return;
      li.querySelector(".dot").className = "dot " + (m.online ? "on" : "off");
      li.querySelector("[data-testid=online]").textContent = m.online ? t("presence.connected") : t("presence.disconnected");
    });
    load();
  })();
})();
