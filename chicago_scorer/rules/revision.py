"""The revision of what a replay gives.

Every copy of derived data the app stores (a game's fold, each event's points, the
summaries behind the listings and statistics) is stamped with this number, and a copy
stamped with another is never trusted: the game is replayed instead, and
``flask rebuild`` rewrites every copy.

Bump it with every change to this package that changes what a replay of some log gives:
a score, a status, a winner, a statistic, or the shape of a stored position.
"""

RULES_REVISION = 1
