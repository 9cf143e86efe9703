"""Friends: follows, who is online, challenges by name."""
