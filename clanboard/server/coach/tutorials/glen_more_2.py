"""Glen More II's tutorial: the base game for two (the shipped provisional pack, no
chronicles) against the quick heuristic AI, which chooses by the seed alone. Two turns are
guided: a free start tile (the rondel, placing next to a Scotsman, activating, movement into
the home castle), then a tile paid with the wood it produced (paying, neighbours activating,
a trade tile); the learner finishes the second turn alone. The words name tiles and
resources but no amount: the pack's numbers are placeholders."""

from clanboard.server.coach.tutorials import Tutorial

TUTORIAL = Tutorial(
    "glen-more-2", "glen-more-2", 2, {"provisional": True},
    ({"kind": "human"}, {"kind": "ai", "agent": "heuristic"}),
    ("take T02", "place 0,1", "act 0,1", "act 0,0", "act 1,0", "move 0,0>1,0", "end",
     "take T13", "place 1,1", "pay wood 0,1", "act 0,1", "act 1,1:1", "pay wood 0,1"),
    tuple(f"glen-more-2.{n}" for n in (*range(1, 14), "done")), 35)

MESSAGES = {
    "glen-more-2.1": (
        "Whoever's Scotsman stands furthest back on the rondel plays next: now that is you. "
        "Click the Forest in its green frame, the nearest tile: it produces wood, and after a "
        "short step the wait for your next turn is short too."),
    "glen-more-2.2": (
        "Put the Forest in your territory: click the dashed green square below your Starting "
        "village. A new tile must go next to a tile where one of your Scotsmen stands, and "
        "yours stands on the Starting village."),
    "glen-more-2.3": (
        "A placed tile activates, and so does every tile around it, each once, in the order "
        "you like. Click the Forest: its wood goes onto the tile, to pay costs with later."),
    "glen-more-2.4": (
        "Click your Starting village: a village gives movement points, which move your "
        "Scotsmen from tile to tile during this turn."),
    "glen-more-2.5": (
        "Click your Home castle: it is a neighbour of the Forest too, and also gives "
        "movement points."),
    "glen-more-2.6": (
        "Click the Starting village, then the Home castle, to move your Scotsman into the "
        "castle. At each scoring round the Scotsmen in your home castle are compared with your "
        "opponent's, and being ahead brings victory points (VP)."),
    "glen-more-2.7": (
        "Click End turn. Your Scotsman is now ahead of your opponent's on the rondel, so the "
        "AI plays next; with two players a die also walks the rondel."),
    "glen-more-2.8": (
        "You are at the back again. Click the Fair (small): its cost is wood, which your Forest "
        "holds, and a Fair turns resources into VP. It lies a few spaces ahead: the further you "
        "jump, the longer you wait for your next turn."),
    "glen-more-2.9": (
        "Click the dashed square below your Home castle: it touches the castle, where your "
        "Scotsman now stands, and also the Forest and the Starting village (diagonal "
        "neighbours count), so all four tiles will activate."),
    "glen-more-2.10": (
        "Pay the cost: click the Forest, then \u201cPay wood from this tile\u201d. A resource you "
        "lack can be bought instead by clicking its row in the market; its price in coins "
        "rises as the market runs short."),
    "glen-more-2.11": (
        "Now the activations. Click the Forest first: it produces wood again, just in time to "
        "trade it at the Fair."),
    "glen-more-2.12": (
        "Click the Fair, then its first \u201cActivate\u201d option: it trades resources for VP. "
        "A tile activates only once a turn, so use it while you have a resource to pay with."),
    "glen-more-2.13": (
        "Pay the Fair with the Forest's wood: click the Forest, then \u201cPay wood from this "
        "tile\u201d; the VP are yours at once. A scoring round comes each time a tile stack runs "
        "out, and at the end coins count as VP and a territory larger than the smallest one "
        "costs VP."),
    "glen-more-2.done": (
        "That is a whole turn: take, place and pay, activate, move. Finish it yourself "
        "(activate the village and the castle if you like, then End turn) and play on with "
        "the coach: it says how good each of your moves was, and the Hint button shows what "
        "the AI would play."),
}
"""The explanations, step by step."""
