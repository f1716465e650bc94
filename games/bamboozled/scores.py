"""Bamboozled scores: the 35 declarable scores, their ranking, parsing and dice reach.

A score is an ``int`` as people say it: ``53``, ``44`` (double 4s), ``21`` (the
Jackpot). ``0`` (:data:`NO_SCORE`) is the current score at the start of a round: any
score ties or beats it, but nobody can declare it.

Ranking (``rulings.md``): non-doubles 13 < 14 < ... < 65 (by value; 12 and 21 are not
among them) < doubles 11 < 22 < ... < 66 < Jackpot 21.

A roll (dice) is two values 1..6 in any order: ``(3, 5)`` and ``(5, 3)`` are the same
roll everywhere in this module.

>>> truthful_scores((3, 5))
frozenset({35, 53})
>>> parse_score("double fours"), parse_score("jackpot"), parse_score("53")
(44, 21, 53)
>>> ties_or_beats(11, 65), ties_or_beats(53, 53), ties_or_beats(34, 43)
(True, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import permutations
from typing import TypeGuard

from games.bamboozled.cards import Card
from games.common import NUMBER_WORDS
from games.errors import InvalidInput

NO_SCORE = 0
JACKPOT = 21

Dice = tuple[int, int]

#: The 28 non-double scores, lowest first (12 is never a score; 21 is the Jackpot).
NON_DOUBLES: tuple[int, ...] = tuple(
    sorted(10 * a + b for a in range(1, 7) for b in range(1, 7) if a != b and {a, b} != {1, 2})
)
#: The 6 doubles, lowest first.
DOUBLES: tuple[int, ...] = tuple(11 * a for a in range(1, 7))
#: All 35 declarable scores, lowest to highest.
SCORES: tuple[int, ...] = NON_DOUBLES + DOUBLES + (JACKPOT,)
_RANK = {score: i + 1 for i, score in enumerate(SCORES)}

#: Every roll as an ordered pair: the 36 equally likely outcomes of two dice.
OUTCOMES: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
#: Every roll up to order (21 of them), the low die first.
ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def is_score(value: object) -> bool:
    """Whether ``value`` is one of the 35 declarable scores."""
    return isinstance(value, int) and not isinstance(value, bool) and value in _RANK


def rank(score: int) -> int:
    """1 (13, the lowest) .. 35 (21, the Jackpot); 0 for :data:`NO_SCORE`."""
    if score == NO_SCORE:
        return 0
    try:
        return _RANK[score]
    except (KeyError, TypeError):
        raise ValueError(f"{score!r} is not a Bamboozled score") from None


def ties_or_beats(new: int, current: int) -> bool:
    """Whether declaring ``new`` is allowed over the current score ``current``."""
    return rank(new) >= rank(current)


def legal_declarations(current: int = NO_SCORE) -> tuple[int, ...]:
    """The scores that tie or beat ``current``, lowest first."""
    return SCORES[max(rank(current) - 1, 0) :]


def is_dice(dice: object) -> TypeGuard[Sequence[int]]:
    """Whether ``dice`` is a pair of die values 1..6."""
    return (
        isinstance(dice, tuple | list)
        and len(dice) == 2
        and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    )


def check_dice(dice: object) -> Dice:
    """``dice`` as a tuple, or :class:`ValueError` if it is not two values 1..6."""
    if not is_dice(dice):
        raise ValueError(f"dice must be two values from 1 to 6, not {dice!r}")
    a, b = dice
    return (a, b)


def _honest(a: int, b: int) -> frozenset[int]:
    if {a, b} == {1, 2}:
        return frozenset({JACKPOT})
    if a == b:
        return frozenset({11 * a})
    return frozenset({10 * a + b, 10 * b + a})


_TRUTHFUL: dict[Dice, frozenset[int]] = {roll: _honest(*roll) for roll in OUTCOMES}


def truthful_scores(dice: Sequence[int]) -> frozenset[int]:
    """The scores the roll ``dice`` may be declared as without bluffing."""
    try:
        return _TRUTHFUL[tuple(dice)]  # type: ignore[index]
    except (KeyError, TypeError):
        check_dice(tuple(dice))
        raise


def best_score(scores: Iterable[int]) -> int:
    """The highest-ranked of ``scores``."""
    return max(scores, key=rank)


def best_truthful(dice: Sequence[int]) -> int:
    """The best score the roll ``dice`` gives honestly (used by No Bluffing)."""
    return best_score(truthful_scores(dice))


def is_truthful(score: int, dice: Sequence[int]) -> bool:
    """Whether declaring ``score`` over ``dice`` is the truth (rank does not matter)."""
    return score in truthful_scores(dice)


# --- after-roll cards ----------------------------------------------------------------


def _card_moves(card: Card, dice: Dice) -> set[Dice]:
    """The rolls the dice may be read as with ``card`` (including not using it)."""
    a, b = dice
    if card is Card.DOUBLE:
        # One die may be read as the other's value: 3-5 reaches 33 or 55.
        return {(a, b), (a, a), (b, b)}
    if card is Card.JACKPOT:
        return {(a, b), (1, 2)}
    if card is Card.UP_DOWN:
        # One die one higher or lower, staying within 1..6 (no wrap).
        moves = {(a, b)}
        for delta in (-1, 1):
            if 1 <= a + delta <= 6:
                moves.add((a + delta, b))
            if 1 <= b + delta <= 6:
                moves.add((a, b + delta))
        return moves
    raise ValueError(f"{card.label} is not an after-roll card")


def reach_with(cards: Iterable[Card], dice: Sequence[int]) -> frozenset[int]:
    """The scores reachable from ``dice`` using each of ``cards`` at most once.

    The truthful scores are included (a card need not be used). Several cards (the No
    Limits variant) combine in any order: Double then Up/Down on 3-5 reaches 55 then 56.
    """
    key = tuple(sorted(cards, key=lambda c: c.value))
    return _reach(key, check_dice(tuple(dice)))


@lru_cache(maxsize=8192)
def _reach(cards: tuple[Card, ...], start: Dice) -> frozenset[int]:
    reached: set[Dice] = set()
    for order in set(permutations(cards)):
        rolls: set[Dice] = {start}
        for card in order:
            rolls = {moved for roll in rolls for moved in _card_moves(card, roll)}
        reached |= rolls
    return frozenset(score for roll in reached for score in truthful_scores(roll))


def card_reach(card: Card, dice: Sequence[int]) -> frozenset[int]:
    """What one after-roll card reaches from ``dice`` (truthful scores included).

    >>> sorted(card_reach(Card.DOUBLE, (3, 5)))
    [33, 35, 53, 55]
    >>> JACKPOT in card_reach(Card.UP_DOWN, (2, 2))
    True
    """
    return reach_with((card,), dice)


# --- parsing and naming ----------------------------------------------------------------

_HELP = "type two dice like 53, a double like 44 or 'double 4', or 'jackpot'"


def _die(word: str) -> int | None:
    word = word.removesuffix("s") if word[:-1].isdigit() else word
    if len(word) == 1 and word in "123456":
        return int(word)
    value = NUMBER_WORDS.get(word)
    return value if value is not None and value <= 6 else None


def parse_score(text: str | int) -> int:
    """The score meant by ``text``: "53", "35", "21", "jackpot", "double 4", "44",
    "double fours", "4 4", "5-3"; :class:`InvalidInput` with a clear message otherwise.
    """
    raw = str(text)
    words = re.sub(r"[\s\-_,!.]+", " ", raw.strip().lower().replace("'", "")).split()
    words = [w for w in words if w not in ("a", "the", "of", "and", "pair")]
    if not words:
        raise InvalidInput(f"no score given: {_HELP}")
    if words[0] in ("jackpot", "jack") and (
        len(words) == 1 or words[1:] in (["pot"], ["21"], ["pot", "21"])
    ):
        return JACKPOT
    if words[0] in ("double", "doubles") and len(words) == 2:
        die = _die(words[1])
        if die is None:
            raise InvalidInput(f"{raw!r} is not a score: doubles are 1 to 6, e.g. 'double 4'")
        return 11 * die
    if len(words) == 2 and all(_die(w) is not None for w in words):
        digits = "".join(str(_die(w)) for w in words)
    elif len(words) == 1 and words[0].isdigit():
        digits = words[0]
    else:
        raise InvalidInput(f"{raw!r} is not a score: {_HELP}")
    value = int(digits)
    if len(digits) != 2 or digits[0] == "0":
        raise InvalidInput(f"{raw.strip()} is not a score: a score is two dice, e.g. 53, 44 or 21")
    if any(d not in "123456" for d in digits):
        raise InvalidInput(f"{value} is not a score: dice only show 1 to 6")
    if value == 12:
        raise InvalidInput("12 is never a score: a 1 and a 2 is the Jackpot, 21")
    return value


def score_name(score: int) -> str:
    """How a score is said: "53", "double 4s", "Jackpot"; "0" at the start of a round."""
    if score == JACKPOT:
        return "Jackpot"
    if score in DOUBLES:
        return f"double {score // 11}s"
    return str(score)


# --- score entry with a few buttons --------------------------------------------------------
#
# The box enters a declaration with buttons. The legal scores (those tying or beating the
# current score) form a list in rank order, cut into groups: non-doubles by their first
# digit (1x, 2x, ... 6x), the doubles, the Jackpot. The cursor starts on the lowest legal
# score; four moves reach any legal score within 6 presses (``tests`` check every case):
#   next / previous       one legal score up / down (wrapping around the list),
#   jump up / jump down    to the first score of the next / previous group (wrapping).
# e.g. on a box with UP and DOWN buttons: a short press steps, a long press jumps.

GROUPS: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
    (f"{t}x", tuple(s for s in NON_DOUBLES if s // 10 == t)) for t in range(1, 7)
) + (("doubles", DOUBLES), ("jackpot", (JACKPOT,)))


def group_of(score: int) -> str:
    """The entry group of ``score``: "1x" .. "6x", "doubles" or "jackpot"."""
    for label, scores in GROUPS:
        if score in scores:
            return label
    raise ValueError(f"{score!r} is not a Bamboozled score")


def _step(score: int, current: int, delta: int) -> int:
    legal = legal_declarations(current)
    i = legal.index(score) if score in legal else 0
    return legal[(i + delta) % len(legal)]


def next_score(score: int, current: int = NO_SCORE) -> int:
    """The legal score after ``score`` (wrapping to the lowest legal one)."""
    return _step(score, current, 1)


def previous_score(score: int, current: int = NO_SCORE) -> int:
    """The legal score before ``score`` (wrapping to the highest)."""
    return _step(score, current, -1)


@lru_cache(maxsize=64)
def _group_starts(current: int) -> tuple[int, ...]:
    legal = legal_declarations(current)
    return tuple(s for i, s in enumerate(legal) if i == 0 or group_of(legal[i - 1]) != group_of(s))


def _jump(score: int, current: int, delta: int) -> int:
    starts = _group_starts(current)
    legal = legal_declarations(current)
    if score not in legal:
        return starts[0]
    here = max(i for i, s in enumerate(starts) if rank(s) <= rank(score))
    return starts[(here + delta) % len(starts)]


def jump_up(score: int, current: int = NO_SCORE) -> int:
    """The first legal score of the next entry group (wrapping)."""
    return _jump(score, current, 1)


def jump_down(score: int, current: int = NO_SCORE) -> int:
    """The first legal score of the previous entry group (wrapping)."""
    return _jump(score, current, -1)


def entry_presses(target: int, current: int = NO_SCORE) -> int:
    """The fewest presses (next/previous/jump up/jump down) from the lowest legal score
    to ``target``; :class:`ValueError` if ``target`` is not legal over ``current``."""
    distances = _entry_distances(current)
    if target not in distances:
        raise ValueError(f"{target!r} does not tie or beat {current}")
    return distances[target]


@lru_cache(maxsize=64)
def _entry_distances(current: int) -> dict[int, int]:
    legal = legal_declarations(current)
    seen = {legal[0]: 0}
    frontier = [legal[0]]
    while frontier:
        nxt = []
        for s in frontier:
            for move in (next_score, previous_score, jump_up, jump_down):
                t = move(s, current)
                if t not in seen:
                    seen[t] = seen[s] + 1
                    nxt.append(t)
        frontier = nxt
    return seen
