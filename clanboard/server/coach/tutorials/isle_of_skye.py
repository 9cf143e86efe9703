"""Isle of Skye's tutorial: the first two rounds of a 2-player game against the heuristic AI
(it chooses by the position alone, so the game is the same every time), scoring tiles fixed
so that round 1 scores the road network (A) and round 2 the most whisky (B).

The plan: round 1, discard L03 and price L21 at 1 and L26 at 2 (the AI buys L21), buy the
AI's L31, build L26 and L31 on the castle's roads; round 2, discard L17 and price L70 and
L01 at 3 (nobody buys them), buy the AI's L18, build all three on the roads. The steps'
words name each tile by what it shows and where it lies (a player never sees an id). A pricing
commit is three moves (discard, price, price) sent by one click on *Offer*, so its three
steps share one explanation. The build steps follow the order the board offers the tiles
in (by name), so the learner never has to pick which tile to place."""

from clanboard.server.coach.tutorials import Tutorial

TUTORIAL = Tutorial(
    "isle-of-skye", "isle-of-skye", 24, {"scoring_tiles": "S14/S07/S03/S16"},
    ({"kind": "human"}, {"kind": "ai", "agent": "heuristic"}),
    ("discard L03", "price L21 1", "price L26 2", "buy L31",
     "place L26 -1,0 r0", "place L31 0,-1 r0",
     "discard L17", "price L70 3", "price L01 3", "buy L18",
     "place L01 -2,0 r0", "place L18 0,1 r0", "place L70 0,2 r2"),
    tuple(f"isle-of-skye.{n}" for n in (1, 1, 1, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9, "done")),
    20)

MESSAGES = {
    "isle-of-skye.1": (
        "Round 1. Income: your castle gives you 5 gold every round, and each whisky tile "
        "joined to it by road will add 1 more. Under Your tiles, click the tile on the left "
        "(a whisky barrel and a broch) to discard it: its road has a single end. Leave the "
        "middle one (a whisky barrel and a sheep) at 1, press + once under the one on the "
        "right (a whisky barrel and a road only) to price it at 2, then click Offer: the AI "
        "may buy either tile at your price, and one nobody buys is yours, its price paid to "
        "the bank."),
    "isle-of-skye.2": (
        "Everyone's discards and prices are now open. You are the start player, so you buy "
        "first: click the AI's middle tile (1 gold), with a whisky barrel, a cow and a road "
        "straight through. This round scores A, Tiles on the road network: 1 VP for each tile "
        "joined to your castle by road, the castle too."),
    "isle-of-skye.3": (
        "The AI bought your tile with the sheep: you got its 1 gold and the 1 you had set on "
        "it. Nobody bought your tile with just a whisky barrel and a road, so it is yours and "
        "its 2 gold went to the bank. Build it: click the highlighted cell left of your "
        "castle, then Place. Touching edges must show the same terrain (mountain against "
        "mountain here), and the tile's road joins the castle's."),
    "isle-of-skye.4": (
        "Click the cell above your castle, then Place: pasture meets pasture and the road "
        "runs on into the tile with the cow. When the round ends, A scores: the castle and "
        "your two new tiles on one road network make 3 VP."),
    "isle-of-skye.5": (
        "Round 2: your income was 7 gold, 5 for the castle and 1 for each of your two whisky "
        "tiles on the road. This round scores B, Most whisky: 5 VP for the most tiles with "
        "whisky, 2 for the next. Discard the tile on the left (a sheep and a scroll: no "
        "whisky, no road), press + twice under the middle one (a whisky barrel and a ship) "
        "and twice under the one on the right (a sheep and a broch) to price each at 3, then "
        "Offer: that keeps 4 gold free to buy with."),
    "isle-of-skye.6": (
        "The AI, start player this round, passed. Click its tile on the right (4 gold), with "
        "a whisky barrel and a farm: one more whisky tile, with roads on all four sides. You "
        "will have four whisky tiles to the AI's one when B scores."),
    "isle-of-skye.7": (
        "Your three tiles come one after another. The one with the sheep and the broch first: "
        "click the cell left of the first tile you built, then Place: pasture meets pasture "
        "and its road joins that tile's. Its sheep will count for C, Sheep, which scores from "
        "round 3."),
    "isle-of-skye.8": (
        "The tile with the whisky barrel and the farm next: click the cell below your castle, "
        "then Place. It fits there only one way (the Turn button says so), and its road "
        "continues the castle's."),
    "isle-of-skye.9": (
        "Last, the tile with the whisky barrel and the ship: click the cell below the tile "
        "you have just placed. It fits there only upside down, and the board shows it turned: "
        "mountain meets mountain and the roads join. Place it, and B gives you 5 VP."),
    "isle-of-skye.done": (
        "You know the basics: your four whisky tiles on the road now bring 9 gold a round. "
        "From round 3, whoever is behind on VP gets catch-up gold for each player ahead; at "
        "the end, scrolls score and every 5 gold is 1 VP. Play on with the coach: it rates "
        "each of your moves, and the Hint button shows what the AI would play."),
}
"""The explanations, step by step (the pricing's three moves share one)."""
