"""Results, Glicko-2 ratings and the leaderboards."""
