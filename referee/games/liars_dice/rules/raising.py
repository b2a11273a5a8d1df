"""The order of bids under a game's settings: what raises what, round by round and bidder by bidder.

Every rule of RULES.md A2 about raising is one ``BidOrder``: the faces a bid may name (and
the opening bid), the rank that a raise must exceed, and whether the face must stay
(palifico). A raise is always strictly higher in ``rank``, and never above N dice.

- ``quantity_or_face`` (A1 §7): rank (quantity, face).
- ``face_up``: rank (face, quantity): the face never goes down; a higher face allows any
  quantity, the same face needs more dice.
- ``bids_on_ones``: a bid of q ones ranks between 2q non-ones and 2q + 1 non-ones, which is
  exactly "into ones q' ≥ ceil(q/2), out of ones q' ≥ 2q + 1, ones to ones q' > q".
- a palifico round: ones are not wild, any face opens, later bids keep the face (a bidder who
  holds one die may change it, by the order above).

>>> perudo = bid_order(Settings(bids_on_ones=True), palifico=False, one_die=False)
>>> perudo.is_raise(Bid(5, 4), Bid(3, 1), total_dice=20), perudo.is_raise(Bid(3, 1), Bid(6, 6), total_dice=20)
(True, False)
>>> [bid.quantity for bid in perudo.raises(Bid(3, 1), total_dice=8) if bid.face == 2]
[7, 8]
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.games.liars_dice.rules.bids import Bid
from referee.games.liars_dice.rules.settings import Settings

ALL_FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class BidOrder:
    """How bids rank for one bidder in one round (see the module docstring)."""

    faces: tuple[int, ...]
    opening_faces: tuple[int, ...]
    face_up: bool = False
    ones_double: bool = False
    keep_face: bool = False

    def rank(self, bid: Bid) -> tuple[int, int]:
        """The key a raise must exceed: (quantity, face), (face, quantity) under face_up; q ones rank as (2q, 7).

        >>> BidOrder(ALL_FACES, ALL_FACES, face_up=True).rank(Bid(3, 5))
        (5, 3)
        """
        if self.face_up:
            return (bid.face, bid.quantity)
        if self.ones_double and bid.face == 1:
            return (2 * bid.quantity, 7)
        return (bid.quantity, bid.face)

    def is_raise(self, standing: Bid | None, bid: Bid, *, total_dice: int) -> bool:
        """True when ``bid`` may follow ``standing`` (None: ``bid`` opens the round), never above N dice.

        >>> face_up = BidOrder(ALL_FACES, ALL_FACES, face_up=True)
        >>> face_up.is_raise(Bid(5, 3), Bid(1, 4), total_dice=10), face_up.is_raise(Bid(5, 3), Bid(9, 2), total_dice=10)
        (True, False)
        """
        if not 1 <= bid.quantity <= total_dice:
            return False
        if standing is None:
            return bid.face in self.opening_faces
        if bid.face not in self.faces or (self.keep_face and bid.face != standing.face):
            return False
        return self.rank(bid) > self.rank(standing)

    def raises(self, standing: Bid | None, *, total_dice: int) -> tuple[Bid, ...]:
        """Every bid that may follow ``standing``, lowest rank first.

        >>> len(BidOrder((2, 3, 4, 5, 6), (2, 3, 4, 5, 6)).raises(None, total_dice=10))
        50
        """
        faces = self.opening_faces if standing is None else self.faces
        bids = [Bid(quantity, face) for quantity in range(1, total_dice + 1) for face in faces]
        return tuple(sorted((bid for bid in bids if self.is_raise(standing, bid, total_dice=total_dice)), key=self.rank))

    def explain(self) -> str:
        """What a raise must be, in words (for the ``bid/not_higher`` message)."""
        if self.keep_face:
            return "in a palifico round the face stays and only the quantity rises"
        if self.face_up:
            return "the face never goes down: a higher face with any quantity, or the same face with more dice"
        if self.ones_double:
            return ("bid more dice, or as many dice on a higher face; into ones at least half the dice (rounded up), "
                    "out of ones at least twice the ones plus one")
        return "bid more dice, or as many dice on a higher face"


def bid_order(settings: Settings, *, palifico: bool, one_die: bool) -> BidOrder:
    """The order for a bidder who holds one die (``one_die``) or more, in a palifico round or not.

    >>> bid_order(Settings(), palifico=False, one_die=False).faces
    (2, 3, 4, 5, 6)
    >>> order = bid_order(Settings(palifico=True), palifico=True, one_die=False)
    >>> order.opening_faces, order.keep_face
    ((1, 2, 3, 4, 5, 6), True)
    """
    face_up = settings.raise_rule == "face_up"
    if palifico:
        return BidOrder(ALL_FACES, ALL_FACES, face_up=face_up, keep_face=not one_die)
    opening = (2, 3, 4, 5, 6) if settings.wild_ones else ALL_FACES
    return BidOrder(settings.faces, opening, face_up=face_up, ones_double=settings.bids_on_ones)
