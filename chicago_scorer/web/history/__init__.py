"""History and players: the list of games, the review of one, and statistics (read only)."""
