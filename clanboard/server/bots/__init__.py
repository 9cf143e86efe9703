"""The bot API: NDJSON streams and moves for programs playing a seat."""
