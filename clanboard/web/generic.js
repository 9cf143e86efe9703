/* The fallback view for games without their own renderer: the observation as a table;
   the page shows every legal move as a button. */
"use strict";
window.clanboard.genericRenderer = (function () {
  const {h} = window.clanboard;
  function value(v) {
    if (v === null || v === undefined) return h("span", {class: "muted", text: "—"});
    if (Array.isArray(v)) {
      if (v.every((x) => x === null || typeof x !== "object")) return h("span", {text: v.length ? v.join(", ") : "—"});
      return h("ol", {start: 0, class: "gen-list"}, v.map((x) => h("li", {}, value(x))));
    }
    if (typeof v === "object") {
      return h("table", {class: "gen"}, Object.entries(v).map(([k, x]) =>
        h("tr", {}, h("th", {text: k.replace(/_/g, " ")}), h("td", {}, value(x)))));
    }
    return h("span", {text: String(v)});
  }
  return {
    render(root, ctx) {
      root.append(h("div", {class: "generic", "data-testid": "generic-board"}, value(ctx.observation)));
      return {handled: []};
    },
  };
})();
