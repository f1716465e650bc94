"""The bid ladder: which bids may follow which, and entering a bid with a few buttons."""

from __future__ import annotations

import re
from collections.abc import Iterable

from games.common import NUMBER_WORDS
from games.doubting.actions import Bid
from games.doubting.state import FACES, DoubtingState, Phase
from games.errors import IllegalAction, InvalidInput


def count_face(dice: Iterable[int], face: int, ones_wild: bool = True) -> int:
    """How many of ``dice`` show ``face``, ones counting too when wild.

    >>> count_face([1, 4, 4, 2, 6], 4), count_face([1, 4, 4, 2, 6], 4, ones_wild=False)
    (3, 2)
    """
    return sum(1 for d in dice if d == face or (ones_wild and d == 1))


def is_raise(new: Bid, old: Bid | None, palifico: bool = False) -> bool:
    """Whether ``new`` may follow ``old`` (no bound on the quantity checked here).

    >>> is_raise(Bid(3, 5), Bid(3, 4)), is_raise(Bid(4, 2), Bid(3, 6))
    (True, True)
    >>> is_raise(Bid(3, 3), Bid(3, 4))
    False
    >>> is_raise(Bid(4, 2), Bid(3, 6), palifico=True)   # palifico: same face, more dice
    False
    """
    if old is None:
        return True
    if palifico:
        return new.face == old.face and new.quantity > old.quantity
    return new > old  # same quantity higher face, or higher quantity any face


# --- bid entry helpers (what the box's buttons use) ---------------------------------------
def _bid_context(state: DoubtingState) -> tuple[Bid | None, bool, int]:
    return state.bid, state.palifico, state.dice_in_play


def legal_bids(state: DoubtingState) -> list[Bid]:
    """Every bid the seat to act may make now, lowest first."""
    if state.phase not in (Phase.OPENING, Phase.ANSWER):
        return []
    current, palifico, total = _bid_context(state)
    if palifico and current is not None:
        return [Bid(q, current.face) for q in range(current.quantity + 1, total + 1)]
    low = min_raise(state)
    if low is None:
        return []
    first = [Bid(low.quantity, f) for f in FACES if f >= low.face]
    return first + [Bid(q, f) for q in range(low.quantity + 1, total + 1) for f in FACES]


def _legal_bid(state: DoubtingState, bid: Bid) -> bool:
    current, palifico, total = _bid_context(state)
    return (
        state.phase in (Phase.OPENING, Phase.ANSWER)
        and bid.face in FACES
        and 1 <= bid.quantity <= total
        and is_raise(bid, current, palifico)
    )


def min_raise(state: DoubtingState) -> Bid | None:
    """The lowest legal bid now (``None`` if no bid is possible)."""
    current, palifico, total = _bid_context(state)
    if state.phase not in (Phase.OPENING, Phase.ANSWER):
        return None
    if current is None:
        candidate = Bid(1, FACES[0])
    elif palifico:
        candidate = Bid(current.quantity + 1, current.face)
    elif current.face < FACES[-1]:
        candidate = Bid(current.quantity, current.face + 1)
    else:
        candidate = Bid(current.quantity + 1, FACES[0])
    return candidate if candidate.quantity <= total else None


def legal_faces(state: DoubtingState, quantity: int) -> tuple[int, ...]:
    """The faces a bid of ``quantity`` may name now (empty if that quantity is not legal)."""
    return tuple(f for f in FACES if _legal_bid(state, Bid(quantity, f)))


def next_bid(state: DoubtingState, bid: Bid | None) -> Bid | None:
    """The next legal bid above ``bid`` in (quantity, face) order (``None`` at the top).

    ``bid=None`` gives :func:`min_raise`.
    """
    if bid is None:
        return min_raise(state)
    return next((b for b in legal_bids(state) if b > bid), None)


def previous_bid(state: DoubtingState, bid: Bid) -> Bid | None:
    """The next legal bid below ``bid`` (``None`` below the minimum raise)."""
    below = [b for b in legal_bids(state) if b < bid]
    return below[-1] if below else None


def max_bid(state: DoubtingState) -> Bid | None:
    """The highest legal bid now (``None`` if no bid is possible)."""
    bids = legal_bids(state)
    return bids[-1] if bids else None


def adjust_bid(state: DoubtingState, bid: Bid | None, quantity: int = 0, face: int = 0) -> Bid:
    """Step a bid being entered by ``quantity`` and ``face``; the result is always legal.

    Quick entry for large quantities: the quantity moves by any step (the box may use
    bigger steps on a long press) and is clamped to the legal range; the face cycles
    through the faces legal at that quantity (only the fixed face in a palifico round).
    A face left behind by a quantity change becomes the lowest legal one. ``bid=None``
    gives :func:`min_raise`. Raises :class:`IllegalAction` when no bid is possible now.
    """
    low, high = min_raise(state), max_bid(state)
    if low is None or high is None:
        raise IllegalAction("no bid is possible now: challenge or call exact")
    if bid is None:
        return low
    q = min(max(bid.quantity + quantity, low.quantity), high.quantity)
    faces = legal_faces(state, q)
    f = bid.face
    if f in faces:
        if face:
            f = faces[(faces.index(f) + face) % len(faces)]
    else:
        f = faces[0] if face >= 0 else faces[-1]
    return Bid(q, f)




def parse_bid(text: str) -> Bid:
    """Parse what a person types: ``"5x4"``, ``"5 4"``, ``"5 fours"``, ``"five 4s"``.

    Raises :class:`InvalidInput` for anything that is not a bid on faces 2-6.

    >>> parse_bid("5x4"), parse_bid("five 4s"), parse_bid("12 sixes")
    (Bid(quantity=5, face=4), Bid(quantity=5, face=4), Bid(quantity=12, face=6))
    >>> parse_bid("3 ones")
    Traceback (most recent call last):
    ...
    games.errors.InvalidInput: nobody bids on ones: they are wild
    """
    words = re.sub(r"(?<=\d)\s*[x*]\s*|,", " ", str(text).strip().lower()).split()
    if len(words) != 2:
        raise InvalidInput(f"{text!r} is not a bid: give a quantity and a face, like 5x4")
    values = []
    for word in words:
        w = word[:-1] if re.fullmatch(r"\d+s", word) else word
        if w.isdigit():
            values.append(int(w))
        elif w in NUMBER_WORDS:
            values.append(NUMBER_WORDS[w])
        else:
            raise InvalidInput(f"{text!r} is not a bid: {word!r} is not a number")
    quantity, face = values
    if face == 1:
        raise InvalidInput("nobody bids on ones: they are wild")
    if face not in FACES:
        raise InvalidInput(f"{face} is not a face: bid on 2-6")
    if quantity < 1:
        raise InvalidInput("a bid needs a quantity of at least 1")
    return Bid(quantity, face)


