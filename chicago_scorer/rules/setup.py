"""Who plays, in which seats, who deals first, and by which rules."""

import unicodedata
from dataclasses import dataclass, field

from .errors import RuleViolation, counted, sentence
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
            sentence(
                "There is no player called %(name)s in this game; the players are %(players)s.",
                name=repr(name),
                players=self.players,
            ),
            field_name,
        )


def _checked_name(position: int, raw: object) -> str:
    where = f"players.{position}"
    if not isinstance(raw, str):
        raise RuleViolation(
            sentence("Player %(number)s's name must be text.", number=position + 1), where
        )
    name = raw.strip()
    if not name:
        raise RuleViolation(
            sentence(
                "Player %(number)s's name is blank: type a name or leave the player out.",
                number=position + 1,
            ),
            where,
        )
    if any(unicodedata.category(character) in _INVISIBLE for character in name):
        raise RuleViolation(
            sentence(
                "Player %(number)s's name has a control character or line break; "
                "type it again with letters, digits and spaces.",
                number=position + 1,
            ),
            where,
        )
    if len(name) > MAX_NAME_LENGTH:
        raise RuleViolation(
            sentence(
                "The name %(name)s… has %(length)s characters; keep it to %(limit)s.",
                name=name[:20],
                length=len(name),
                limit=MAX_NAME_LENGTH,
            ),
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
            counted(
                "Chicago is for %(fewest)s to %(most)s players; %(count)s was given.",
                "Chicago is for %(fewest)s to %(most)s players; %(count)s were given.",
                len(names),
                fewest=MIN_PLAYERS,
                most=MAX_PLAYERS,
            ),
            "players",
        )
    players = tuple(_checked_name(position, raw) for position, raw in enumerate(names))
    seen: dict[str, int] = {}
    for position, name in enumerate(players):
        earlier = seen.setdefault(name.casefold(), position)
        if earlier != position:
            raise RuleViolation(
                sentence(
                    "%(first)s and %(second)s are the same name; "
                    "give each player a different one.",
                    first=repr(players[earlier]),
                    second=repr(name),
                ),
                f"players.{position}",
            )
    setup = GameSetup(players, 0, rules)
    if dealer is None:
        return setup
    if not isinstance(dealer, str):
        raise RuleViolation("'dealer' must be one of the players' names.", "dealer")
    return GameSetup(players, setup.seat_of(dealer, "dealer"), rules)
