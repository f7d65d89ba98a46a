"""Settling a showdown: whose five cards are best, and what that scores."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..errors import Message, RuleViolation, RuleViolations, counted, sentence
from ..events import Outcome
from ..names import clash_keys, name_fault, names_clash, normal_name
from ..ruleset import STANDARD_RULES, RuleSet
from .cards import Card, parse_hand, rank_symbol, readable_cards
from .hand_words import CATEGORY_WORDS, GROUP_COUNT, describe, plural
from .ranking import Category, Ranking, classify

MIN_HANDS = 2
MAX_HANDS = 4


@dataclass(frozen=True)
class Verdict:
    """Who won a showdown, with what, for how many points, and why, in plain English.

    ``hand`` is the winner's category, ``"high_card"`` when nobody has a scoring
    hand, and None on an exact tie; ``tied`` names the players sharing the best
    hand on an exact tie and is empty otherwise.
    """

    winner: str | None
    tied: tuple[str, ...]
    hand: Category | None
    points: int
    hands: Mapping[str, Category]
    reason: Message

    @property
    def explanation(self) -> str:
        """Why, in plain English."""
        return str(self.reason)

    @property
    def outcome(self) -> Outcome:
        """Win, tie or none, as a hand step records it."""
        if self.winner is not None:
            return Outcome.WIN
        return Outcome.TIE if self.tied else Outcome.NONE


def settle(hands: Mapping[str, object], rules: RuleSet = STANDARD_RULES) -> Verdict:
    """Compare 2 to 4 players' hands: the best scores its points, a tie or no hand scores none."""
    rankings = _ranked_hands(hands)
    categories = MappingProxyType({name: ranking.category for name, ranking in rankings.items()})
    best = max(rankings.values())
    leaders = tuple(name for name, ranking in rankings.items() if ranking == best)
    if best.category is Category.HIGH_CARD:
        return Verdict(None, (), best.category, 0, categories, _NOBODY_SCORES)
    if len(leaders) > 1:
        same_hand = _same_hand(leaders, len(rankings), describe(best))
        tie = sentence("Exact tie: %(same_hand)s; nobody scores", same_hand=same_hand)
        return Verdict(None, leaders, None, 0, categories, tie)
    winner = leaders[0]
    runner_up = max((name for name in rankings if name != winner), key=lambda name: rankings[name])
    reason = _why_better(best, rankings[runner_up], (winner, runner_up), len(rankings))
    points = rules.points_for(best.category.hand)
    verdict = sentence("%(winner)s wins: %(reason)s", winner=winner, reason=reason)
    return Verdict(winner, (), best.category, points, categories, verdict)


_NOBODY_SCORES = sentence("Nobody has a scoring hand; nobody scores")


def _why_better(
    better: Ranking, worse: Ranking, pair: tuple[str, str], player_count: int
) -> Message:
    """Why one hand beats another: a better category, or the first rank that differs."""
    if better.category is not worse.category:
        return sentence(
            "%(better)s beats %(worse)s",
            better=CATEGORY_WORDS[better.category],
            worse=CATEGORY_WORDS[worse.category],
        )
    category = better.category
    position = next(
        index
        for index, (ours, theirs) in enumerate(zip(better.ranks, worse.ranks, strict=True))
        if ours != theirs
    )
    ours, theirs = better.ranks[position], worse.ranks[position]
    group_count = GROUP_COUNT[category]
    shared_groups = tuple(plural(rank) for rank in better.ranks[:position])[:group_count]
    hand = CATEGORY_WORDS[category]
    if shared_groups:
        hand = sentence("%(hand)s, %(groups)s", hand=hand, groups=shared_groups)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        difference = sentence(
            "%(ours)s-high against %(theirs)s-high",
            ours=rank_symbol(ours),
            theirs=rank_symbol(theirs),
        )
    elif position < group_count:
        difference = sentence(
            "%(ours)s against %(theirs)s", ours=plural(ours), theirs=plural(theirs)
        )
    else:
        difference = sentence(
            "first difference %(ours)s against %(theirs)s",
            ours=rank_symbol(ours),
            theirs=rank_symbol(theirs),
        )
    return sentence(
        "%(same_hand)s; %(difference)s",
        same_hand=_same_hand(pair, player_count, hand),
        difference=difference,
    )


def _ranked_hands(hands: Mapping[str, object]) -> dict[str, Ranking]:
    """Each named hand read and ranked; every problem with them refused at once.

    Too few or too many hands are refused for their count alone, before any hand is
    read: the problems of 2,000 hands, a sentence each, would bury the one that matters.
    """
    if not isinstance(hands, Mapping):
        raise RuleViolation("Give each player's name with the five cards they hold.", "hands")
    if not MIN_HANDS <= len(hands) <= MAX_HANDS:
        raise _wrong_count(len(hands))
    held, problems = _read_hands(hands)
    if problems:
        raise RuleViolations(problems)
    return {name: classify(hand) for name, hand in held.items()}


def hand_problems(hands: Mapping[str, object]) -> tuple[RuleViolation, ...]:
    """Every problem with named hands, in order: a missing name, a name another hand has
    (or one like it), bad cards, a card in two hands.

    Each problem names the hand at fault in its field, ``hands.<name>``, so that a
    form can show it next to that hand.
    """
    return tuple(_read_hands(hands)[1])


def _wrong_count(count: int) -> RuleViolation:
    """The refusal of a showdown of fewer or more hands than it compares."""
    return RuleViolation(
        counted(
            "A showdown compares %(fewest)s to %(most)s players' hands; %(count)s was given.",
            "A showdown compares %(fewest)s to %(most)s players' hands; %(count)s were given.",
            count,
            fewest=MIN_HANDS,
            most=MAX_HANDS,
        ),
        "hands",
    )


def _read_hands(
    hands: Mapping[str, object],
) -> tuple[dict[str, tuple[Card, ...]], list[RuleViolation]]:
    """The hands that read well, and a problem for each one that does not."""
    holder_of: dict[Card, str] = {}
    held: dict[str, tuple[Card, ...]] = {}
    named: list[str] = []
    named_by_key: dict[tuple[str, str], int] = {}  # clash_keys: the first name with each
    problems: list[RuleViolation] = []
    for number, (name, cards) in enumerate(hands.items(), start=1):
        if not isinstance(name, str) or not name.strip():
            problems.append(
                RuleViolation("Each hand needs the name of the player holding it.", "hands")
            )
            continue
        # A name here follows the rules of a player's name, as one typed for a game does.
        fault, where = name_fault(number, normal_name(name)), f"hands.{name}"
        if fault is not None:
            problems.append(RuleViolation(fault, where))
            continue
        # Nor may two hands be called by one name, or by two that look alike, as two
        # players of a game may not: the verdict would not say whose hand won.
        keys = clash_keys(name)
        clashing = [named_by_key[key] for key in keys if key in named_by_key]
        if clashing:
            problems.append(RuleViolation(names_clash(named[min(clashing)], name), where))
        for key in keys:
            named_by_key.setdefault(key, len(named))
        named.append(name)
        try:
            hand: tuple[Card, ...] | None = parse_hand(cards)
        except RuleViolation as refusal:
            problems.append(
                RuleViolation(
                    sentence("%(name)s's hand: %(refusal)s", name=name, refusal=refusal.text),
                    f"hands.{name}",
                )
            )
            hand = None
        # The first hand to show a card keeps it, even a hand refused for another fault
        # (four cards, say), so that a card in two hands is said with that fault, not
        # after it is mended; each later hand is told whose it is.
        taken_from: dict[str, list[Card]] = {}
        for card in hand if hand is not None else readable_cards(cards):
            earlier = holder_of.setdefault(card, name)
            if earlier != name:
                taken_from.setdefault(earlier, []).append(card)
        problems.extend(
            _held_twice(cards_held, earlier, name) for earlier, cards_held in taken_from.items()
        )
        if hand is not None:
            held[name] = hand
    return held, problems


def _held_twice(cards: Sequence[Card], earlier: str, name: str) -> RuleViolation:
    """The refusal of cards that an earlier hand already holds."""
    if len(cards) == 1:
        message = sentence(
            "%(card)s is in both %(earlier)s's and %(name)s's hands; a deck has one %(card)s.",
            card=str(cards[0]),
            earlier=earlier,
            name=name,
        )
    else:
        # Translators: cards is a list of cards, like "As, Ks and Qs".
        message = sentence(
            "%(cards)s are in both %(earlier)s's and %(name)s's hands; a deck has one of each.",
            cards=tuple(str(card) for card in cards),
            earlier=earlier,
            name=name,
        )
    return RuleViolation(message, "hands." + name)  # a field name, not text to translate


def _same_hand(names: Sequence[str], player_count: int, hand: Message) -> Message:
    """'both flush', 'Ann and Bo both flush' or 'Ann, Bo and Cy all flush'."""
    if len(names) == player_count == 2:
        return sentence("both %(hand)s", hand=hand)
    if len(names) == 2:
        return sentence("%(names)s both %(hand)s", names=tuple(names), hand=hand)
    return sentence("%(names)s all %(hand)s", names=tuple(names), hand=hand)
