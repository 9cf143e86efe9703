"""Learning at the table: hints, coach mode and the tutorial game."""
