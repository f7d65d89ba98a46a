"""The revision of what a replay gives.

Every copy of derived data the app stores (a game's fold, each event's points, the
summaries behind the listings and statistics) is stamped with this number, and a copy
stamped with another is never trusted: the game is replayed instead, and
``flask rebuild`` rewrites every copy.

Bump it with every change to this package that changes what a replay of some log gives:
a score, a status, a winner, a statistic, or the shape of a stored position.

2: a player is found across games by the name's folded spelling (NFKC, case folded),
so that names that differ only in how they were typed count as one player.

3: that spelling drops the joiners (zero-width joiner and non-joiner), so that Persian
"علی‌رضا" typed with a half-space and "علیرضا" without count as one player.

4: that spelling drops the variation selectors too, so that "❤️ Ann" typed in emoji style
and "❤ Ann" without count as one player, and so does a name stored with one that selects
nothing ("Ann" and U+FE0E) and the name without it.
"""

RULES_REVISION = 4
