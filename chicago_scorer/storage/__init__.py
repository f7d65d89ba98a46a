"""Storage: the log (games, players, events) and the projections derived from it."""
