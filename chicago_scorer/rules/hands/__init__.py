"""Poker hands as Chicago plays them: cards read from what a person types (``cards.py``),
a five-card hand ranked in poker order (``ranking.py``), a hand in the words players use
(``hand_words.py``), and whose five cards are best at a showdown (``showdown.py``)."""
