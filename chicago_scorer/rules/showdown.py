"""Settling a showdown: whose five cards are best, and what that scores."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import Card, parse_hand, rank_symbol
from .errors import RuleViolation
from .events import Outcome
from .hand_words import GROUP_COUNT, describe, in_words, plural
from .ranking import Category, Ranking, classify
from .ruleset import STANDARD_RULES, RuleSet

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
    explanation: str

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
        explanation = f"Exact tie: {_who(leaders, len(rankings))} {describe(best)}; nobody scores"
        return Verdict(None, leaders, None, 0, categories, explanation)
    winner = leaders[0]
    runner_up = max((name for name in rankings if name != winner), key=lambda name: rankings[name])
    explanation = f"{winner} wins: " + _why_better(
        best, rankings[runner_up], _who((winner, runner_up), len(rankings))
    )
    points = rules.points_for(best.category.hand)
    return Verdict(winner, (), best.category, points, categories, explanation)


_NOBODY_SCORES = "Nobody has a scoring hand; nobody scores"


def _why_better(better: Ranking, worse: Ranking, both: str) -> str:
    """Why one hand beats another: a better category, or the first rank that differs."""
    if better.category is not worse.category:
        return f"{better.category.words} beats {worse.category.words}"
    category = better.category
    position = next(
        index
        for index, (ours, theirs) in enumerate(zip(better.ranks, worse.ranks, strict=True))
        if ours != theirs
    )
    ours, theirs = better.ranks[position], worse.ranks[position]
    group_count = GROUP_COUNT[category]
    shared_groups = [plural(rank) for rank in better.ranks[:position]][:group_count]
    context = f", {in_words(shared_groups)}" if shared_groups else ""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        difference = f"{rank_symbol(ours)}-high against {rank_symbol(theirs)}-high"
    elif position < group_count:
        difference = f"{plural(ours)} against {plural(theirs)}"
    else:
        difference = f"first difference {rank_symbol(ours)} against {rank_symbol(theirs)}"
    return f"{both} {category.words}{context}; {difference}"


def _ranked_hands(hands: Mapping[str, object]) -> dict[str, Ranking]:
    """Each named hand read and ranked, refusing bad counts, names, cards and repeats."""
    if not isinstance(hands, Mapping):
        raise RuleViolation("Give each player's name with the five cards they hold.", "hands")
    if not MIN_HANDS <= len(hands) <= MAX_HANDS:
        raise RuleViolation(
            f"A showdown compares {MIN_HANDS} to {MAX_HANDS} players' hands; "
            f"{len(hands)} {'was' if len(hands) == 1 else 'were'} given.",
            "hands",
        )
    holder_of: dict[Card, str] = {}
    rankings: dict[str, Ranking] = {}
    for name, cards in hands.items():
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("Each hand needs the name of the player holding it.", "hands")
        try:
            hand = parse_hand(cards)
        except RuleViolation as refusal:
            raise RuleViolation(f"{name}'s hand: {refusal.message}", f"hands.{name}") from None
        for card in hand:
            earlier = holder_of.setdefault(card, name)
            if earlier != name:
                raise RuleViolation(
                    f"{card} is in both {earlier}'s and {name}'s hands; a deck has one {card}.",
                    f"hands.{name}",
                )
        rankings[name] = classify(hand)
    return rankings


def _who(names: Sequence[str], player_count: int) -> str:
    """'both' when everyone at the showdown is meant, else the names ('all' for 3+)."""
    if len(names) == player_count == 2:
        return "both"
    return f"{in_words(names)} {'both' if len(names) == 2 else 'all'}"
