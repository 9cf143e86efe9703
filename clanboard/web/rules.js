/* A game's rules help: the server renders the game's Markdown (raw HTML escaped) in the
   page's language. */
"use strict";
(async function () {
  const {api, t, lang, ready, gameTitle} = window.clanboard;
  await ready;
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  try {
    const r = await api("GET", `/api/games/${encodeURIComponent(gameId)}/rules?lang=${lang}`);
    const name = gameTitle(r.game, r.name);
    document.title = `${name} — ${t("common.rules")}`;
    document.getElementById("title").textContent = `${name} — ${t("common.rules")}`;
    document.getElementById("rules").innerHTML = r.html;  // escaped by the server's Markdown renderer
    document.getElementById("rules-note").hidden = r.lang === lang;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) { target.classList.add("rule-target"); target.scrollIntoView(); }  // a refusal's link to its section
    if (r.game === "glen-more-2") {  // the pack editor, for the owner of the physical game
      document.getElementById("rules").before(window.clanboard.h("p", {}, window.clanboard.h("a", {href: "/packs/edit", "data-testid": "pack-editor-link", text: t("packs.link")})));
    }
  } catch (e) {
    document.getElementById("rules-error").textContent = e.message;
  }
})();
