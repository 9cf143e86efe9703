"""Glen More II constants the state and the modules that read a state (view, render,
words, saving and loading) share: the rondel's special items, the phases, the
tracks' top rank."""

#: rondel items other than a tile: the die and an empty space
DIE = -9
GAP = -10

PHASES = ("draw", "roll", "take", "place", "pay", "gain", "clan", "activate", "discard",
          "remove", "bid", "plan", "build", "rep", "central", "choose", "scot", "over",
          "allenarly", "allenarly_bid")
(P_DRAW, P_ROLL, P_TAKE, P_PLACE, P_PAY, P_GAIN, P_CLAN, P_ACT, P_DISCARD, P_REMOVE, P_BID,
 P_PLAN, P_BUILD, P_REP, P_CENTRAL, P_CHOOSE, P_SCOT, P_OVER, P_ALLEN,
 P_ALLEN_BID) = range(len(PHASES))
TOP_RANK = 5  # the tracks' top rank (HG-RU 326-328)
