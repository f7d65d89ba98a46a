"""Who plays, in which seats, who deals first, and by which rules."""

from dataclasses import dataclass, field

from .errors import RuleViolation, counted, quoted, sentence
from .names import name_fault, names_clash, normal_name, same_name_key
from .ruleset import STANDARD_RULES, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 4


@dataclass(frozen=True)
class GameSetup:
    """The players in seating order (clockwise), the first dealer's seat, and the rules."""

    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default=STANDARD_RULES)

    def seat_of(self, name: str, field_name: str = "player") -> int:
        """The seat of the player with this name, however it is spelt or cased."""
        if name in self.players:  # as the log names them: no need to fold anything
            return self.players.index(name)
        wanted = same_name_key(name)
        for seat, player in enumerate(self.players):
            if same_name_key(player) == wanted:
                return seat
        raise RuleViolation(
            sentence(
                "There is no player called %(name)s in this game; the players are %(players)s.",
                name=quoted(name),
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
    name = normal_name(raw)
    if not name:
        raise RuleViolation(
            sentence(
                "Player %(number)s's name is blank: type a name or leave the player out.",
                number=position + 1,
            ),
            where,
        )
    fault = name_fault(position + 1, name)
    if fault is not None:
        raise RuleViolation(fault, where)
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
    _refuse_names_alike(players)
    setup = GameSetup(players, 0, rules)
    if dealer is None:
        return setup
    if not isinstance(dealer, str):
        raise RuleViolation("'dealer' must be one of the players' names.", "dealer")
    return GameSetup(players, setup.seat_of(dealer, "dealer"), rules)


def _refuse_names_alike(players: tuple[str, ...]) -> None:
    """Refuse two names that are one name, or that look alike, naming the later seat."""
    for position, name in enumerate(players):
        for earlier in players[:position]:
            clash = names_clash(earlier, name)
            if clash is not None:
                seat = f"players.{position}"  # a field, not words: kept out of the catalogs
                raise RuleViolation(clash, seat)
