"""Who plays, in which seats, who deals first, and by which rules."""

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import RuleViolation
from .ruleset import STANDARD_RULES, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_NAME_LENGTH = 40
# Control characters, unpaired surrogates and line or paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cs", "Zl", "Zp"})


@dataclass(frozen=True)
class GameSetup:
    """The players in seating order (clockwise), the first dealer's seat, and the rules."""

    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default=STANDARD_RULES)

    def seat_of(self, name: str, field_name: str = "player") -> int:
        """The seat of the player with this name, ignoring case."""
        wanted = name.strip().casefold()
        for seat, player in enumerate(self.players):
            if player.casefold() == wanted:
                return seat
        raise RuleViolation(
            f"There is no player called {name!r} in this game; "
            f"the players are {_names_in_words(self.players)}.",
            field_name,
        )


def _names_in_words(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _checked_name(position: int, raw: object) -> str:
    where = f"players.{position}"
    if not isinstance(raw, str):
        raise RuleViolation(f"Player {position + 1}'s name must be text.", where)
    name = raw.strip()
    if not name:
        raise RuleViolation(
            f"Player {position + 1}'s name is blank: type a name or leave the player out.",
            where,
        )
    if any(unicodedata.category(character) in _INVISIBLE for character in name):
        raise RuleViolation(
            f"Player {position + 1}'s name has a control character or line break; "
            "type it again with letters, digits and spaces.",
            where,
        )
    if len(name) > MAX_NAME_LENGTH:
        raise RuleViolation(
            f"{name[:20]}…'s name has {len(name)} characters; keep it to {MAX_NAME_LENGTH}.",
            where,
        )
    return name


def new_setup(
    names: object, dealer: str | None = None, rules: RuleSet = STANDARD_RULES
) -> GameSetup:
    """Check and build a game's setup; the first dealer defaults to the first player."""
    if not isinstance(names, list | tuple):
        raise RuleViolation("'players' must be a list of 2 to 4 names.", "players")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleViolation(
            f"Chicago is for {MIN_PLAYERS} to {MAX_PLAYERS} players; "
            f"{len(names)} {'was' if len(names) == 1 else 'were'} given.",
            "players",
        )
    players = tuple(_checked_name(position, raw) for position, raw in enumerate(names))
    seen: dict[str, int] = {}
    for position, name in enumerate(players):
        earlier = seen.setdefault(name.casefold(), position)
        if earlier != position:
            raise RuleViolation(
                f"{players[earlier]!r} and {name!r} are the same name; "
                "give each player a different one.",
                f"players.{position}",
            )
    setup = GameSetup(players, 0, rules)
    if dealer is None:
        return setup
    if not isinstance(dealer, str):
        raise RuleViolation("'dealer' must be one of the players' names.", "dealer")
    return GameSetup(players, setup.seat_of(dealer, "dealer"), rules)
