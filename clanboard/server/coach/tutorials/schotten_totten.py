"""Schotten Totten's tutorial: one round without tactics against the easy AI. The learner's
draws come from the fixed deck in order whatever the AI plays, so the plan's cards are in
hand when their step comes."""

from clanboard.server.coach.tutorials import Tutorial

TUTORIAL = Tutorial(
    "schotten-totten", "schotten-totten", 7, {"tactics": False, "expert": False, "rounds": 1},
    ({"kind": "human"}, {"kind": "ai", "agent": "ismcts:easy"}),
    ("4y@5", "5y@5", "7r@4", "6y@5", "7p@4", "7y@4"),
    tuple(f"schotten-totten.{n}" for n in (1, 2, 3, 4, 5, 6, "done")), 15, counted="@")

MESSAGES = {
    "schotten-totten.1": (
        "Nine boundary stones lie between you and your opponent: win five of them, or three "
        "side by side. Your six clan cards are at the bottom. Click the yellow 4 in your "
        "hand, then stone 5: cards of one colour can make a colour-run, the strongest "
        "formation."),
    "schotten-totten.2": (
        "After each card you draw one, so you always hold six. Now play the yellow 5 at stone"
        " 5 too: yellow 4 and 5 need a yellow 3 or 6 to become a colour-run."),
    "schotten-totten.3": (
        "Start a second formation: play the red 7 at stone 4. Three cards of one value make "
        "three of a kind, the second strongest formation, and you hold two more sevens."),
    "schotten-totten.4": (
        "You drew the yellow 6! Play it at stone 5: yellow 4, 5, 6 is a colour-run. A side of"
        " a stone holds three cards, and the stronger formation wins the stone."),
    "schotten-totten.5": (
        "Play the purple 7 at stone 4: two sevens there, the third is in your hand."),
    "schotten-totten.6": (
        "Play the yellow 7 at stone 4: three of a kind. When your three cards at a stone "
        "surely beat whatever your opponent can still add there, that stone glows: click it "
        "to claim it. 'Why can't I claim?' under your hand explains any stone."),
    "schotten-totten.done": (
        "You know the basics. Play on to the end of the game: win five stones, or three side "
        "by side. Coach mode is on: after each of your moves the coach says how good it was, "
        "and the Hint button shows what the AI would play."),
}
"""The explanations, step by step."""
