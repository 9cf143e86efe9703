"""Game clocks: time controls, kept by the server alone."""
