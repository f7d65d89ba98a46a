"""Names that may not sit beside "Ann", at a table or in a showdown, and what is said of
each: one the same name (folded as a player's name is), one that only looks alike."""

CLASHING_WITH_ANN = [
    ("ann", "'Ann' and 'ann' are the same name; give each player a different one."),
    (
        "\uff21\uff4e\uff4e",
        "'Ann' and 'Ａｎｎ' are the same name; give each player a different one.",
    ),
    ("\u0410nn", "'Ann' and 'Аnn' look alike; give each player a name that looks different."),
]
