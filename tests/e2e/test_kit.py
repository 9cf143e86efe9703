"""The drawing kit draws every component of every game: each Glen More tile, each Isle of
Skye tile and castle, each tile, historic place, feast and landmark of Glen More II's
provisional pack, in every language, with its full name and no raw code."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import pytest

from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.view import tile_info as gm_tile
from clanboard.games.isle_of_skye import tiles as skye_tiles

pytestmark = pytest.mark.browser

GM2_PACK = Path(__file__).parents[2] / "clanboard/games/glen_more_2/packs/provisional"
#: raw codes a player must never read: data identifiers, arrows of the notation, JSON
RAW = r"\w_\w|[A-Za-z]:\w|->|[\[\]{}]|\b(?:kit|gmx|skx|gm|sk)\.[a-z_]+"


def skye_info() -> dict[str, Any]:
    """Every Skye tile as the observation sends it (observe.tile_info without a game)."""
    from clanboard.games.isle_of_skye.observe import tile_info

    class Tiles:
        tiles = skye_tiles.landscape_tiles()

    ids = list(Tiles.tiles) + [f"castle-{c}" for c in skye_tiles.castles()]
    return {i: tile_info(Tiles, i) for i in ids}  # type: ignore[arg-type]


def gm2_rows() -> dict[str, list[dict[str, str]]]:
    out = {}
    for kind, name in (("tile", "tiles"), ("historic", "historic_places"),
                       ("feast", "feasts"), ("landmark", "landmarks")):
        with (GM2_PACK / f"{name}.csv").open(encoding="utf-8", newline="") as f:
            out[kind] = list(csv.DictReader(f))
    return out


DRAW_ALL = """([gm, skye, gm2]) => {
  const {kit, renderers, s} = window.clanboard;
  const out = [];
  const check = (kind, id, g, name) => {
    const svg = s("svg", {viewBox: "0 0 100 140", width: 100, height: 140});
    svg.append(g);
    document.body.append(svg);
    const title = g.querySelector("title");
    const box = g.getBBox();
    const words = [...g.querySelectorAll("title, text")].map((e) => e.textContent).join("\\n");
    out.push({kind, id, name, title: title ? title.textContent : "",
      shapes: g.querySelectorAll("*").length, w: box.width, h: box.height, words});
    svg.remove();
  };
  for (const info of gm) {
    const spec = renderers["glen-more"].tileSpec(info, false);
    check("glen-more", info.id, kit.face(spec, 0, 0, 100), spec.name);
  }
  for (const [id, info] of Object.entries(skye)) {
    const svg = renderers["isle-of-skye"].tileSvg({tiles: skye}, id, 100, 0);
    const g = svg.firstChild;
    check("isle-of-skye", id, g, g.getAttribute("data-kit-name"));
  }
  for (const [type, rows] of Object.entries(gm2)) {
    for (const row of rows) {
      const g = kit.gm2(row, type, 0, 0, 100);
      check("glen-more-2 " + type, row.id, g, g.getAttribute("data-kit-name"));
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_the_kit_draws_every_component(base_url: str, phone: Any, lang: str) -> None:
    page = phone
    page.goto(f"{base_url}/?lang={lang}")
    page.wait_for_selector("#lang-switch")
    for src in ("/static/kit.js", "/games/glen-more/render.js", "/games/isle-of-skye/render.js"):
        page.add_script_tag(url=src)
    gm = [gm_tile(t) for t in TILES]
    rows = gm2_rows()
    drawn = page.evaluate(DRAW_ALL, [gm, skye_info(), rows])
    assert len(drawn) == len(gm) + len(skye_info()) + sum(len(r) for r in rows.values())
    for d in drawn:
        where = f"{d['kind']} {d['id']} ({lang})"
        assert d["shapes"] >= 4 and d["w"] > 50 and d["h"] > 50, where
        # the full name heads the description on hover (and on a tap: the popover)
        assert d["name"] and d["title"].split("\n")[0] == d["name"], where
        assert not re.search(RAW, d["words"]), (where, d["words"])
    names = {d["id"]: d["name"] for d in drawn if d["kind"] == "glen-more"}
    expected = {"en": "Grain field", "ru": "Поле пшеницы", "uk": None, "ja": None}[lang]
    if expected:
        assert names["T05"] == expected
    if lang != "en":  # translated: the English names of Glen More's tiles do not show
        assert names["T48"] != "Iona Abbey" and names["T37"] != "Loch Ness"
    # what a tile does is said in words: the Bridge's 1 wood + 1 stone -> 7 VP
    bridge = next(d for d in drawn if d["kind"] == "glen-more" and d["id"] == "T66")
    assert {"en": "7 VP", "ru": "7 ПО", "uk": "7 ПО", "ja": "7勝利点"}[lang] in bridge["title"]


ST_CARDS = [f"{v}{c}" for c in "roygbp" for v in range(1, 10)] + [
    "joker", "spy", "shield", "blind", "mud", "recruiter", "strategist", "banshee", "traitor"]


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_every_schotten_totten_card_is_named(base_url: str, phone: Any, lang: str) -> None:
    """The 54 clan cards and 9 tactic cards, as the board draws them: a tactic card shows its
    full name (as in the discard), every card's tooltip says what it is in words."""
    page = phone
    page.goto(f"{base_url}/?lang={lang}")
    page.wait_for_selector("#lang-switch")
    page.add_script_tag(url="/games/schotten-totten/render.js")
    cards = page.evaluate("""(cards) => cards.map((c) => {
      const draw = window.clanboard.renderers["schotten-totten"].cardEl;
      const el = draw(c, /^\\d/.test(c) ? "" : "named");
      return [c, el.textContent, el.title];
    })""", ST_CARDS)
    assert len(cards) == 63
    for code, text, title in cards:
        assert text and title and not re.search(RAW, title), (code, title)
        assert code not in title, (code, title)  # "5r" or "strategist" never reads as a code
        if not code[0].isdigit():
            assert title.startswith(text + ":"), (code, text, title)
            assert text not in ("J★", "7?", "≤3", "Σ", "4×", "Rec", "Str", "Ban", "Tra"), text


def test_a_tile_name_is_never_cut(base_url: str, phone: Any) -> None:
    """A long name wraps between words; a line wider than the tile is squeezed, whole."""
    page = phone
    page.goto(f"{base_url}/?lang=ru")
    page.wait_for_selector("#lang-switch")
    page.add_script_tag(url="/static/kit.js")
    lines = page.evaluate("""() => {
      const {kit, s} = window.clanboard;
      const name = "Butcher (sheep+cattle) Extraordinarily-long-name";
      const g = kit.face({name, effects: []}, 0, 0, 60);
      const svg = s("svg", {viewBox: "0 0 60 60", width: 60});
      svg.append(g);
      document.body.append(svg);
      return [...g.querySelectorAll("text.kit-name")]
        .map((e) => [e.textContent, e.getComputedTextLength()]);
    }""")
    assert " ".join(text for text, _ in lines) == "Butcher (sheep+cattle) Extraordinarily-long-name"
    assert len(lines) == 2 and all(width <= 60 * .82 + .5 for _, width in lines), lines


def test_gm2_with_the_describers_lines(base_url: str, phone: Any) -> None:
    """Given the game's name and describer lines, kit.gm2 says them and nothing twice (no cost,
    river or provisional line of its own); placed on a territory, no cost or bonus is drawn."""
    page = phone
    page.goto(f"{base_url}/?lang=uk")
    page.wait_for_selector("#lang-switch")
    page.add_script_tag(url="/static/kit.js")
    row = gm2_rows()["tile"][0]
    got = page.evaluate("""(row) => {
      const {kit} = window.clanboard;
      const said = ["Вартість: 1 дерево", "Жетон із річкою", "Попереднє значення"];
      const draw = (placed) => kit.gm2(Object.assign({}, row, {cost: "wood", bonus: "1 vp",
        river: "yes", provisional: "yes"}), "tile", 0, 0, 100, {name: "Ім'я", lines: said, placed});
      const free = draw(false), placed = draw(true);
      return {title: free.querySelector("title").textContent.split("\\n"),
              cost: [free, placed].map((g) => g.querySelectorAll(".kit-cost, .kit-bonus").length),
              mark: placed.querySelectorAll(".kit-provisional").length};
    }""", row)
    assert got["title"][0] == "Ім'я"
    assert got["title"][2:] == ["Вартість: 1 дерево", "Жетон із річкою", "Попереднє значення"]
    assert len(got["title"]) == 5  # name, kind, the three lines: none added by the kit
    assert got["cost"] == [2, 0]  # cost and bonus drawn on the rondel, not on a territory
    assert got["mark"] == 1  # a provisional row keeps its mark on a territory
