"""Glen More's tutorial: the learner's first two turns against the quick (heuristic) AI, two
players. Turn 1 takes the Quarry and shows placing, activating and movement; turn 2 jumps to
the Distillery, pays for it with that stone, buys grain at the market to make whisky, and
activates the Quarry again. The heuristic AI chooses by its seed alone (no clock), and the
tile draws come from the table's seed, so the Track is the same every time."""

from clanboard.server.coach.tutorials import Tutorial

PLAN = (
    # turn 1: the Quarry east of the start village
    "take T01", "place 1,0", "act 1,0", "act 0,0", "end", "move 0,0>1,0", "end",
    # turn 2 (after the AI's two turns): the Distillery, paid with the stone, whisky
    "take T11", "place 1,1", "pay stone 1,0", "act 1,1", "buy grain", "act 1,0", "end",
)

TUTORIAL = Tutorial(
    "glen-more", "glen-more", 1, {},
    ({"kind": "human"}, {"kind": "ai", "agent": "heuristic"}),
    PLAN, tuple(f"glen-more.{n}" for n in (*range(1, len(PLAN) + 1), "done")), 45)

MESSAGES = {
    "glen-more.1": (
        "In Glen More the player whose figure is furthest back on the Track plays next. Your "
        "figure 1 is at the back, so you start. Click the Quarry on the right of the Track, "
        "two tiles ahead of you: a short step keeps you near the back, so your next turn "
        "comes soon."),
    "glen-more.2": (
        "Place the Quarry: click the dashed square to the right of your Start village. A "
        "tile must touch a tile along an edge and be next to one of your clansmen (diagonals "
        "count); roads run west–east and rivers north–south without breaking, so the "
        "Quarry's road continues the village's road."),
    "glen-more.3": (
        "Now the new tile and every tile around it (diagonals too) may work once. Click the "
        "Quarry (gold frame): it produces 1 stone, which stays on the tile until you spend "
        "or sell it."),
    "glen-more.4": (
        "Click your Start village: each grey tile you activate (villages, castles, the "
        "start village) gives 1 movement point for the end of your turn."),
    "glen-more.5": (
        "Every tile has worked. Click End turn to stop activating: now you spend your "
        "movement point (points you do not use are lost)."),
    "glen-more.6": (
        "Click your Start village: your clansman steps onto the Quarry, so you can build "
        "further east. A movement point can instead retire a clansman as a chieftain, who "
        "counts at every scoring; keep your only clansman for now, you need him to place "
        "tiles."),
    "glen-more.7": (
        "Click End turn. The AI's figure 2 is now furthest back, so it plays until it passes "
        "you (twice, this time). With two players a die also walks the Track: when it is "
        "furthest back, it rolls, moves on and removes the tile it lands on."),
    "glen-more.8": (
        "Your figure is furthest back again. Click the Distillery in the top-left corner "
        "of the Track, just before the empty space: it costs 1 stone, the one your Quarry made. "
        "It is a long jump, so the AI will play a few turns before your next one."),
    "glen-more.9": (
        "Click the dashed square below the Quarry: a tile with no road or river may touch "
        "only plain edges, and your clansman on the Quarry is next to it. A Distillery gives "
        "you a whisky barrel as soon as it is placed."),
    "glen-more.10": (
        "Pay its cost: click the Quarry, then “Pay 1 stone from this tile”. A resource you "
        "lack can be bought at the Market instead."),
    "glen-more.11": (
        "Click the Distillery to activate it: it turns 1 grain into 1 whisky barrel. Whisky "
        "is not a resource: it cannot be sold, it counts at the scorings."),
    "glen-more.12": (
        "You have no grain, so buy it: click the Grain row of the Market. The row shows the "
        "price; buying puts your coins on the Market and makes that resource dearer, "
        "selling takes coins back. Resources are bought only to pay at once."),
    "glen-more.13": (
        "The Quarry touches the new tile, so it works again: click it for another stone. A "
        "tile works every time you place a new tile next to it, so keep your tiles close "
        "together."),
    "glen-more.14": (
        "Click End turn. You could still activate the Start village, but you need no "
        "movement this turn: activating is never compulsory."),
    "glen-more.done": (
        "The game is yours: at three scorings, as the tile stacks run out, you gain points "
        "for how far you are ahead of the player with the fewest whisky barrels, chieftains "
        "and special cards. Tip: the Village costs the stone you have and brings a second "
        "clansman. Play on with the coach: the Hint button shows what the AI would play."),
}
"""The explanations, step by step."""
