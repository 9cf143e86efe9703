/* Playing together at a table: takeback (ask, accept, decline), rematch (offer, accept,
   the link to the new table) and chat (the players' and spectators' channels, mutes, the
   chat in the replay). table.js hands every WebSocket message on as a "clanboard:message"
   event and each replay frame as "clanboard:frame"; this file keeps to its own panels.
   Chat text is only ever set with textContent. */
"use strict";
(function () {
  const {h, t, tokens} = window.clanboard;
  const $ = (id) => document.getElementById(id);
  let view = null, note = "", chat = [], askedToken = false;
  const table = () => window.clanboard.table;
  const mySeat = () => (table() ? table().seat() : null);
  const name = (i) => (view && view.seats[i] ? view.seats[i].name : t("common.seat_n", {n: i + 1}));
  const send = (msg) => table() && table().send(msg);

  function onMessage(msg) {
    if (msg.type === "view") {
      if (view && msg.view.table !== view.table) chat = [];
      if (view && msg.view.seq !== view.seq) note = "";
      view = msg.view;
      draw();
    } else if (msg.type === "chat") {
      chat = msg.backlog ? msg.messages.slice() : chat.concat(msg.messages);
      if (chat.length > 300) chat = chat.slice(-300);
      drawChat();
    } else if (msg.type === "takeback_declined") {
      note = t("takeback.declined", {who: name(msg.by)});
      draw();
    } else if (msg.type === "takeback_done") {
      note = t("takeback.done");
    } else if (msg.type === "rematch_declined") {
      note = t("rematch.declined", {who: name(msg.by)});
      draw();
    } else if (msg.type === "rematch") {
      if (msg.token !== undefined && msg.seat !== undefined) tokens.set(msg.rematch, msg.seat, msg.token, view ? view.game : "");
      draw();
    }
  }
  document.addEventListener("clanboard:message", (ev) => onMessage(ev.detail));
  document.addEventListener("clanboard:frame", (ev) => drawReplayChat(ev.detail.data, ev.detail.i));

  const who = (seats) => seats.map(name).join(", ");

  function takebackPanel() {
    const seat = mySeat();
    const tb = view.takeback;
    if (seat === null || view.status !== "playing") return [];
    if (tb && tb.by === seat) return [h("span", {"data-testid": "takeback-waiting", text: t("takeback.waiting", {who: who(tb.waiting)})})];
    if (tb && tb.waiting.includes(seat)) {
      return [h("span", {"data-testid": "takeback-asked", text: t("takeback.asked", {who: name(tb.by)}) + " "}),
        h("button", {class: "primary", "data-testid": "takeback-accept", text: t("takeback.accept"),
          onclick: () => send({type: "takeback_answer", accept: true})}),
        h("button", {"data-testid": "takeback-decline", text: t("takeback.decline"),
          onclick: () => send({type: "takeback_answer", accept: false})})];
    }
    // the server says whether it would take the last move back (view.take_back): the
    // button is offered where it can succeed, greyed out with the reason where not;
    // a step of one's own unfinished turn is undone at once ("Undo")
    const offer = view.take_back;
    if (tb || !offer) return [];
    const help = !offer.allowed ? offer.reason : offer.undo ? t("takeback.undo_help") : t("takeback.help");
    // greyed out, not disabled: a tap (no tooltip on a phone) says why
    return [h("button", {"data-testid": "takeback", class: offer.allowed ? "" : "unavailable",
      text: offer.undo ? t("takeback.undo") : t("takeback.ask"), title: help,
      "aria-disabled": String(!offer.allowed),
      onclick: () => {
        if (offer.allowed) send({type: "takeback"});
        else { note = offer.reason; draw(); }
      }})];
  }

  function rematchPanel() {
    const seat = mySeat();
    const r = view.rematch || {offered: [], table: null, of: null};
    const out = [];
    if (r.of) {
      out.push(h("span", {class: "muted", text: t("rematch.of") + " "}),
        h("a", {href: `/t/${encodeURIComponent(r.of)}` + (seat !== null ? `?seat=${(seat + view.num_players - 1) % view.num_players}` : ""),
          "data-testid": "rematch-previous", text: t("rematch.previous")}), " ");
    }
    if (view.status !== "over") return out;
    if (r.table) {
      const mine = tokens.mine().find((m) => m.table === r.table && tokens.get(r.table, m.seat));
      out.push(h("a", {class: "button primary", "data-testid": "rematch-link",
        href: `/t/${encodeURIComponent(r.table)}` + (mine ? `?seat=${mine.seat}` : ""), text: t("rematch.go")}));
      if (seat !== null && !mine && !askedToken) {  // ask for this seat's token again
        askedToken = true;
        send({type: "rematch"});
      }
      return out;
    }
    if (seat === null) return out;
    const others = view.seats.filter((s) => s.kind === "human" && !r.offered.includes(s.seat)).map((s) => s.seat);
    if (r.offered.includes(seat)) {
      out.push(h("span", {"data-testid": "rematch-waiting", text: t("rematch.waiting", {who: who(others)}) + " "}),
        h("button", {text: t("rematch.withdraw"), onclick: () => send({type: "rematch_decline"})}));
    } else if (r.offered.length) {
      out.push(h("span", {"data-testid": "rematch-offered", text: t("rematch.offered", {who: who(r.offered)}) + " "}),
        h("button", {class: "primary", "data-testid": "rematch-accept", text: t("rematch.accept"), onclick: () => send({type: "rematch"})}),
        h("button", {"data-testid": "rematch-decline", text: t("rematch.decline"), onclick: () => send({type: "rematch_decline"})}));
    } else {
      out.push(h("button", {class: "primary", "data-testid": "rematch-offer", text: t("rematch.offer"), onclick: () => send({type: "rematch"})}));
    }
    return out;
  }

  function draw() {
    if (!view) return;
    const box = $("together");
    if (!box) return;
    const parts = [...takebackPanel(), ...rematchPanel()];
    if (note) parts.push(h("span", {class: "muted", "data-testid": "together-note", text: " " + note}));
    box.replaceChildren(...parts);
    box.hidden = !parts.length;
    drawChat();
  }

  // -- chat ----------------------------------------------------------------------------------
  function line(m, labelled) {
    return h("li", {class: "chat-" + m.channel, "data-testid": "chat-line"},
      labelled ? h("span", {class: "muted", text: `[${t("chat." + (m.channel === "players" ? "players" : "spectators"))}] `}) : null,
      h("strong", {text: m.name + ": "}), h("span", {text: m.text}));
  }

  function drawChat() {
    const box = $("chat");
    if (!box || !view) return;
    const seat = mySeat();
    const list = $("chat-lines") || h("ol", {id: "chat-lines", class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite"});
    const muted = view.muted || [];
    const shown = chat.filter((m) => m.channel !== "players" || !muted.includes(m.seat));
    list.replaceChildren(...(shown.length ? shown.map((m) => line(m, seat === null)) : [h("li", {class: "muted", text: t("chat.empty")})]));
    if (!$("chat-lines")) {
      const input = h("input", {id: "chat-input", maxlength: "300", "data-testid": "chat-input",
        placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder")});
      const form = h("form", {class: "chat-form", onsubmit: (ev) => {
        ev.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        send({type: "chat", text});
        input.value = "";
      }}, input, h("button", {type: "submit", "data-testid": "chat-send", text: t("chat.send")}));
      box.replaceChildren(...[h("summary", {text: t("chat.title")}),
        seat === null ? h("p", {class: "muted", text: t("chat.read_only")}) : null,
        list, form, h("div", {id: "chat-mutes", class: "chat-mutes"})].filter(Boolean));
    }
    $("chat-mutes").replaceChildren(...(seat === null ? [] : view.seats.filter((s) => s.seat !== seat && s.kind === "human").map((s) =>
      h("button", {"data-testid": "chat-mute-" + s.seat,
        text: muted.includes(s.seat) ? t("chat.unmute", {who: s.name}) : t("chat.mute", {who: s.name}),
        onclick: () => send({type: "mute", seat: s.seat, muted: !muted.includes(s.seat)})}))));
    list.scrollTop = list.scrollHeight;
  }

  function drawReplayChat(data, i) {
    let box = $("rp-chat");
    if (!box) {
      box = h("ol", {id: "rp-chat", class: "chat-lines", "data-testid": "replay-chat"});
      $("replay").append(h("h3", {text: t("chat.title")}), box);
    }
    const shown = (data.chat || []).filter((m) => m.seq <= i);
    box.replaceChildren(...(shown.length ? shown.map((m) => line(m, true)) : [h("li", {class: "muted", text: t("chat.empty")})]));
  }
})();
