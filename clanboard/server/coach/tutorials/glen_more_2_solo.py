"""Glen More II's solo tutorial: the base game (the shipped provisional pack, no other
chronicle) alone against Allenarly, the solo opponent of chronicle 12, at her default level.
She is part of the rules and plays from the seed, so the game is the same every time. Two
turns are guided: a free start tile (the rondel, placing, activating, movement into the home
castle), then, after her turn, a Distillery bought with stone from the market and fed with
the grain produced; the steps between explain how she chooses her tile, what she gains and
how she scores. The words name tiles, resources and her rules but no amount: the pack's
numbers and her action cards are placeholders."""

from clanboard.server.coach.tutorials import Tutorial

TUTORIAL = Tutorial(
    "glen-more-2-solo", "glen-more-2", 1, {"provisional": True, "solo": True},
    ({"kind": "human"},),
    ("take T05", "place 0,1", "act 0,1", "act 0,0", "act 1,0", "move 0,0>1,0", "end",
     "take T11", "place 1,1", "buy stone", "act 0,1", "act 1,1", "pay grain 0,1"),
    tuple(f"glen-more-2-solo.{n}" for n in (*range(1, 14), "done")), 35)

MESSAGES = {
    "glen-more-2-solo.1": (
        "You play against Allenarly, the solo opponent: whoever's Scotsman stands furthest "
        "back on the rondel plays next, and now that is you. Click the Grain field in its "
        "green frame, the nearest tile: it produces grain, and a short step brings your next "
        "turn soon."),
    "glen-more-2-solo.2": (
        "Put the Grain field in your territory: click the dashed green square below your "
        "Starting village. A new tile must go next to a tile where one of your Scotsmen "
        "stands, and yours stands on the Starting village."),
    "glen-more-2-solo.3": (
        "A placed tile activates, and so does every tile around it, each once, in the order "
        "you like. Click the Grain field: its grain goes onto the tile, for costs or a "
        "Distillery later."),
    "glen-more-2-solo.4": (
        "Click your Starting village: a village gives movement points, which move your "
        "Scotsmen from tile to tile during this turn."),
    "glen-more-2-solo.5": (
        "Click your Home castle: it is a neighbour of the Grain field too, and also gives "
        "movement points."),
    "glen-more-2-solo.6": (
        "Click the Starting village, then the Home castle, to move your Scotsman into the "
        "castle. At each scoring round your Scotsmen in the home castle are compared with the "
        "Scotsmen on Allenarly's board, and being ahead brings victory points (VP)."),
    "glen-more-2-solo.7": (
        "Click End turn. After it Allenarly's Scotsman is the furthest back, so she plays: at "
        "the start of her turn every empty 1-coin space of the market is filled, and she draws "
        "an action card and takes exactly one tile."),
    "glen-more-2-solo.8": (
        "Allenarly took the Quarry (her board, below the rondel, shows her last decision): her "
        "card's range is how many tiles ahead of her Scotsman she looks, its rows name the kinds "
        "she wants, nearest tile first, and if none matches, its framed number takes the 1st, "
        "2nd or 3rd nearest tile. Now click the Distillery: it brings whisky barrels, a scoring "
        "category."),
    "glen-more-2-solo.9": (
        "Click the dashed square below your Home castle, next to the Grain field. Allenarly "
        "has no territory and pays for nothing: each tile goes on her board and gives her "
        "what its symbols show, such as stones for a material or animal tile."),
    "glen-more-2-solo.10": (
        "The Distillery costs stone, and you have none: click the stone row of the market to "
        "buy it with coins. Allenarly never buys or sells; you may even buy from a row whose "
        "3-coin space is full, but in that case part of the price goes to her, and each of "
        "her coins is a VP at the end."),
    "glen-more-2-solo.11": (
        "Now the activations. Click the Grain field first, then Activate: it produces grain "
        "again, for the Distillery."),
    "glen-more-2-solo.12": (
        "Click the Distillery: it turns grain into whisky barrels. Allenarly scores in each "
        "scoring round like you, plus VP for the items on her board in the rounds her level "
        "names, and after each round she trades her stones for VP with her trade tiles."),
    "glen-more-2-solo.13": (
        "Pay with the Grain field's grain: click the Grain field, then \u201cPay grain from "
        "this tile\u201d. At each scoring round your barrels are compared with Allenarly's."),
    "glen-more-2-solo.done": (
        "To beat Allenarly, stay ahead in the four categories and take the tiles she wants "
        "just ahead of her Scotsman; at the end her stones left and her coins count too, and a "
        "tie is yours. Finish this turn (End turn) and play on with the coach: the Hint button "
        "shows what the AI would play."),
}
"""The explanations, step by step."""
