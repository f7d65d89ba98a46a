"""Who plays, in which seats, who deals first, and by which rules."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from .errors import Message, RuleViolation, all_of, counted, quoted, sentence
from .house_rules import rules_from_settings
from .names import name_fault, names_clash, normal_name, same_name_key, unstorable_name_fault
from .ruleset import STANDARD_RULES, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Why a name (in its stored spelling) may not be player ``number``'s, or None if it may.
NameFault = Callable[[int, str], Message | None]


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


def _checked_name(position: int, raw: object, fault: NameFault, *, fixing: bool) -> str:
    """A seat's name, checked; ``fixing`` a game's names, a blank one cannot leave its
    player out, as it may when a game is started, for the game keeps its players."""
    where = f"players.{position}"
    if not isinstance(raw, str):
        raise RuleViolation(
            sentence("Player %(number)s's name must be text.", number=position + 1), where
        )
    name = normal_name(raw)
    if not name and fixing:
        raise RuleViolation(
            sentence(
                "Player %(number)s's name is blank: type a name for every seat.",
                number=position + 1,
            ),
            where,
        )
    if not name:
        raise RuleViolation(
            sentence(
                "Player %(number)s's name is blank: type a name or leave the player out.",
                number=position + 1,
            ),
            where,
        )
    refusal = fault(position + 1, name)
    if refusal is not None:
        raise RuleViolation(refusal, where)
    return name


def new_setup(
    names: object,
    dealer: str | None = None,
    rules: RuleSet = STANDARD_RULES,
    *,
    kept: Sequence[str] = (),
) -> GameSetup:
    """Check and build a game's setup; the first dealer defaults to the first player.

    A name that is its seat's name in ``kept`` (a game's names before a fix of them),
    however it is spelt, stays as the game has it and is not checked again: a game may
    hold a name stored before a rule that refuses it now, and plays on with it. Every
    other name meets every rule of names, and may not clash with any name of the game.
    """
    return _built_setup(names, dealer, rules, name_fault, kept)


def new_game_setup(names: object, dealer: str | None, settings: object) -> GameSetup:
    """A new game's setup from its names, first dealer and house-rule settings
    (``rules_from_settings``), refused with every fault of the names and of the settings
    at once, so that one answer shows all there is to mend."""
    faults: list[RuleViolation] = []
    try:
        setup = new_setup(names, dealer)
    except RuleViolation as fault:
        faults.append(fault)
    try:
        rules = rules_from_settings(settings)
    except RuleViolation as fault:
        faults.append(fault)
    if faults:
        raise all_of(faults)
    return replace(setup, rules=rules)


def setup_as_stored(
    names: object, dealer: str | None = None, rules: RuleSet = STANDARD_RULES
) -> GameSetup:
    """Check and build the setup of a game as it may have been stored (read from an
    export, or from before a fix in its trail): each name is held only to what every
    stored name has been held to, so one that only a later rule of how names look
    refuses (four marks on a letter, a format character) is kept as the game kept it.
    Names may not clash, as they never could."""
    return _built_setup(names, dealer, rules, unstorable_name_fault, ())


def _built_setup(
    names: object, dealer: str | None, rules: RuleSet, fault: NameFault, kept: Sequence[str]
) -> GameSetup:
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
    kept_seats = frozenset(  # none for a new game, whose ``kept`` is empty
        seat
        for seat, (raw, old) in enumerate(zip(names, kept, strict=False))
        if _is_kept(raw, old)
    )
    # Every name's fault at once, so that one answer shows all there is to mend.
    faults: list[RuleViolation] = []
    checked: list[str | None] = []
    for seat, raw in enumerate(names):
        try:
            if seat in kept_seats:
                checked.append(kept[seat])
            else:
                checked.append(_checked_name(seat, raw, fault, fixing=bool(kept)))
        except RuleViolation as refused:
            faults.append(refused)
            checked.append(None)  # compared with no other name
    faults += _names_alike(checked, kept_seats)
    if faults:
        raise all_of(faults)
    players = tuple(name for name in checked if name is not None)  # every one, none refused
    setup = GameSetup(players, 0, rules)
    if dealer is None:
        return setup
    if not isinstance(dealer, str):
        raise RuleViolation("'dealer' must be one of the players' names.", "dealer")
    return GameSetup(players, setup.seat_of(dealer, "dealer"), rules)


def _is_kept(raw: object, old: str) -> bool:
    """Whether a name sent for a seat is the name the seat has, in any spelling."""
    return isinstance(raw, str) and (raw == old or normal_name(raw) == old)


def _names_alike(players: Sequence[str | None], kept_seats: frozenset[int]) -> list[RuleViolation]:
    """Each pair of names that are one name, or that look alike, refused by the later
    seat (or the earlier, when the later one was kept), once a seat. Two kept names are
    left be: a game stored before today's rules of names may hold two that they would
    refuse, as it did. A seat without a name (``None``, refused already) is compared with
    none."""
    faults: list[RuleViolation] = []
    refused_seats: set[int] = set()
    for position, name in enumerate(players):
        for seat, earlier in enumerate(players[:position]):
            if name is None or earlier is None or {seat, position} <= kept_seats:
                continue
            clash = names_clash(earlier, name)
            typed = seat if position in kept_seats else position
            if clash is not None and typed not in refused_seats:
                refused_seats.add(typed)
                where = f"players.{typed}"  # a field, not words: kept out of the catalogs
                faults.append(RuleViolation(clash, where))
    return faults
