"""Post-game analysis: background jobs and their API."""
