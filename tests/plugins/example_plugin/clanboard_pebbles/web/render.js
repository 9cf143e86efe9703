/* Pebbles in the browser: the pile as a row of stones (the generic view offers the moves). */
"use strict";
(function () {
  const {h} = window.clanboard;

  function render(root, {observation}) {
    root.replaceChildren(h("p", {class: "pebbles"}, "● ".repeat(observation.pile)));
    return {handled: false};
  }

  window.clanboard.registerRenderer("pebbles", {render});
})();
