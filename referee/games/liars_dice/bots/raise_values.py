"""What a raise is worth to the strong bot: the chance of not losing the round after it, one step ahead.

A called bid wins when true; a bid nobody calls is worth ``later`` (the round goes on and
someone else usually ends up losing it). Who may call is the table's ``challenge``:

- ``next_player`` (``raise_value``): the next player calls when, from their own dice and the
  unseen ones (crediting the bidder with ``credit`` dice of the face), the bid is less likely
  than their call threshold (both learnt per opponent by ``callers.CallHabits``);
- ``anyone`` (``anyone_value``): every other player in the game may call; the bid is called
  when any of them would, and the count at the table then decides. The sum of the opponents'
  counts and "somebody calls" are followed together, opponent by opponent.

>>> from referee.games.liars_dice.bots.beliefs import FaceBelief
>>> # I hold one five of two dice; they hold none or one, and call "two fives" holding none
>>> sure = FaceBelief([1.0, 1.0, 0.5], (0.5, 0.5), [1.0, 1.0], ((0.5, 0.5),), 1)
>>> raise_value((2, 5), sure, 2, True, 0.8, their_call=0.5), anyone_value((2, 5), sure, 2, True, 0.8, [(1, 0.5)])
(0.4, 0.4)
"""
from __future__ import annotations

from collections.abc import Sequence

from referee.games.liars_dice.bots.beliefs import FaceBelief, convolve
from referee.games.liars_dice.bots.odds import at_least, face_chance


def raise_value(bid: tuple[int, int], belief: FaceBelief, total: int, wild: bool, later: float,
                their_call: float, credit: int = 1) -> float:
    """Chance of not losing the round after bidding ``bid`` when only the next player may call it."""
    quantity, face = bid
    value = 0.0
    for count, p in enumerate(belief.next_count):
        if p == 0.0:
            continue
        their_unseen = total - (len(belief.next_count) - 1)
        estimate = at_least(quantity - count - credit, their_unseen - credit, face_chance(face, wild))
        true = belief.rest_at_least[quantity - count] if 0 <= quantity - count < len(belief.rest_at_least) else \
            (1.0 if quantity - count < 0 else 0.0)
        value += p * (true if estimate < their_call else later)
    return value


def raise_values_by_count(bid: tuple[int, int], belief: FaceBelief, total: int, wild: bool, later: float,
                          their_call: float, credit: int, dice: int) -> list[float]:
    """``raise_value`` for every own count 0 … ``dice`` of the bid's face at once (``belief`` for own count 0):
    whether the next player calls does not depend on the bidder's hand, only whether the bid is then true.

    >>> from referee.games.liars_dice.bots.beliefs import FaceBelief
    >>> none = FaceBelief([1.0, 0.5], (0.5, 0.5), [1.0], ((0.5, 0.5),), 0)
    >>> raise_values_by_count((2, 5), none, 2, True, 0.8, 0.5, 1, 1)    # holding no five, or one
    [0.4, 0.4]
    """
    quantity, face = bid
    rest = belief.rest_at_least
    values = [0.0] * (dice + 1)
    their_unseen = total - (len(belief.next_count) - 1)
    for count, p in enumerate(belief.next_count):
        if p == 0.0:
            continue
        estimate = at_least(quantity - count - credit, their_unseen - credit, face_chance(face, wild))
        if estimate >= their_call:
            for own in range(dice + 1):
                values[own] += p * later
            continue
        for own in range(dice + 1):
            need = quantity - count - own
            values[own] += p * (1.0 if need <= 0 else rest[need] if need < len(rest) else 0.0)
    return values


def read_raise_values(bid: tuple[int, int], belief: FaceBelief, total: int, wild: bool, later: float,
                      their_call: float, credited: Sequence[float], dice: int) -> list[float]:
    """``raise_values_by_count`` against a next player who *reads the bidder's range*: they judge the bid
    from their own dice, the unseen dice of the rest, and ``credited``, the chance the bidder holds
    each count 0 … ``dice`` of the face given that it made this bid (its range's play), instead of
    a fixed credit. Heads-up that is exactly the chance an exact reader of the policy sees.

    >>> from referee.games.liars_dice.bots.beliefs import FaceBelief
    >>> none = FaceBelief([1.0, 0.5], (0.5, 0.5), [1.0], ((0.5, 0.5),), 0)
    >>> read_raise_values((2, 5), none, 2, True, 0.8, 0.5, [0.5, 0.5], 1)   # read as a coin: called when they hold none
    [0.4, 0.4]
    >>> read_raise_values((1, 5), none, 2, True, 0.8, 0.5, [1.0, 0.0], 1)   # read as a bluff: called, and true with a five
    [0.4, 0.9]
    """
    quantity, face = bid
    rest = belief.rest_at_least
    chance = face_chance(face, wild)
    values = [0.0] * (dice + 1)
    unseen = total - (len(belief.next_count) - 1) - dice
    tail = [at_least(k, unseen, chance) for k in range(quantity + 1)]     # the unseen rest: P(≥ k)
    for count, p in enumerate(belief.next_count):
        if p == 0.0:
            continue
        estimate = sum(q * tail[max(0, quantity - count - own)] for own, q in enumerate(credited))
        for own in range(dice + 1):
            need = quantity - count - own
            true = 1.0 if need <= 0 else rest[need] if need < len(rest) else 0.0
            values[own] += p * (later if estimate >= their_call else true)
    return values


def anyone_value(bid: tuple[int, int], belief: FaceBelief, total: int, wild: bool, later: float,
                 call_rules: Sequence[tuple[int, float]]) -> float:
    """Chance of not losing the round after bidding ``bid`` when every opponent may call it;
    ``call_rules`` are their (credit, threshold), in ``belief.opponents`` order."""
    quantity, face = bid
    chance = face_chance(face, wild)
    quiet = [1.0]                       # the opponents' summed count, on the paths where nobody calls
    for marginal, (credit, threshold) in zip(belief.opponents, call_rules):
        unseen = total - (len(marginal) - 1)
        credited = min(credit, unseen)
        keep = [p if at_least(quantity - count - credited, unseen - credited, chance) >= threshold else 0.0
                for count, p in enumerate(marginal)]
        quiet = convolve(quiet, keep)
    quiet_total = sum(quiet)
    quiet_true = sum(p for s, p in enumerate(quiet) if belief.own + s >= quantity)
    return (belief.chance(quantity) - quiet_true) + later * quiet_total
