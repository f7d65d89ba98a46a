"""A game at the table: the new-game form, the scoreboard, its taps, sharing and watching."""
