"""How long a table takes to render on a phone: Glen More, Isle of Skye, Schotten Totten and
Glen More II (3 chronicles, 2 seats) in the middle of a game, in Chromium at 390 x 844
(device scale 3, touch), the CPU slowed down through the DevTools protocol to stand for a
phone's.

    PYTHONPATH=$PWD python bench/phone_render.py [--slowdown 4] [--repeat 5] [--lang ru]
                                                 [--game glen-more-2 ...]

Per game it prints the median of:
- *on screen*: ``performance.now()`` when the board's first element exists, counted from the
  navigation's start (page, scripts, catalogues, the first view over the WebSocket, drawing);
- *one render*: the game's renderer drawing the same view into a new element, with a layout
  (``getBoundingClientRect``), averaged over 10 draws.
Needs Debian's /usr/bin/chromium and Playwright (as the browser tests do).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.liveserver import live_server  # noqa: E402

GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "glen-more": ({}, 60), "isle-of-skye": ({}, 30),
    "schotten-totten": ({"variant": "tactics"}, 22),
    "glen-more-2": ({"variant": "provisional", "options": {"chronicles": "9,10,11"}}, 100)}
RENDER = """async ([game, table, token, lang]) => {
  const v = await (await fetch(`/api/tables/${table}/view?seat=0&lang=${lang}`,
    {headers: {Authorization: "Bearer " + token}})).json();
  const r = window.clanboard.renderers[game];
  const root = document.createElement("div");
  document.body.append(root);
  const ctx = {observation: v.observation, legalMoves: v.legal_moves, seat: 0, view: v,
    names: v.seats.map((s) => s.name), play() {}, lastMoves: []};
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) {
    root.replaceChildren();
    r.render(root, ctx);
    root.getBoundingClientRect();
  }
  return (performance.now() - t0) / 10;
}"""


def mid_game(request: Any, url: str, game: str, seed: int) -> tuple[str, str]:
    """A two-seat table played by random legal moves up to the middle of the game."""
    extra, moves = GAMES[game]
    r = request.post(f"{url}/api/tables", data={"game": game, "seed": seed, **extra, "seats": [
        {"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}]}).json()
    table, tokens = r["table"], r["tokens"]
    rng = random.Random(seed)
    for _ in range(moves):
        seat = request.get(f"{url}/api/tables/{table}/view").json()["to_move"][0]
        auth = {"Authorization": "Bearer " + tokens[str(seat)]}
        view = request.get(f"{url}/api/tables/{table}/view?seat={seat}", headers=auth).json()
        request.post(f"{url}/api/tables/{table}/moves", headers=auth, data={
            "seat": seat, "move": rng.choice(view["legal_moves"]), "seq": view["seq"]})
    return table, tokens["0"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--slowdown", type=float, default=4, help="CPU slowdown (1 = this machine)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--lang", default="ru")
    ap.add_argument("--game", action="append", choices=sorted(GAMES),
                    help="only this game (repeatable)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data, \
            live_server(Path(data), rate_writes=20_000, rate_reads=50_000) as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--headless", "--disable-gpu"])
        for game in args.game or GAMES:
            setup = browser.new_context()
            table, token = mid_game(setup.request, url, game, 5)
            setup.close()
            shown, drawn = [], []
            for _ in range(args.repeat):
                ctx = browser.new_context(viewport={"width": 390, "height": 844},
                                          device_scale_factor=3, is_mobile=True,
                                          has_touch=True, bypass_csp=True)
                page = ctx.new_page()
                ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                               {"rate": args.slowdown})
                page.goto(f"{url}/t/{table}?seat=0&lang={args.lang}#token={token}")
                page.wait_for_selector("[data-testid=board] > *")
                shown.append(page.evaluate("performance.now()"))
                drawn.append(page.evaluate(RENDER, [game, table, token, args.lang]))
                ctx.close()
            print(f"{game:16s} CPU ÷{args.slowdown:g}: on screen "
                  f"{statistics.median(shown):6.0f} ms, one render "
                  f"{statistics.median(drawn):6.1f} ms", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
