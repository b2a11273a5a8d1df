"""What a bot reads from its seat view: the round's rules, its dice, the bids, and what it may do now.

Every level reads the view through ``Situation.from_view``, so no bot assumes the `tavern`
rules: how the round counts (``RoundRules.wild``: ones wild unless the table plays without
them or the round is palifico), the order of bids (``RoundRules.order``, the engine's own
``referee.games.liars_dice.rules.bid_order``: face_up, bids on ones, the palifico face lock), who may call
(``callers``, ``can_call``, ``can_spot_on``) and what a lost round costs (``eliminating``).

Inside the bots a bid is the pair ``(quantity, face)``; the calls are ``LIAR`` and ``SPOT_ON``;
``WAIT`` is "no call now", the answer of a seat that is not the player to act.

>>> view = {"seat": 1, "dice": [1, 5], "dice_counts": {"0": 2, "1": 2}, "total_dice": 4, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 3, "face": 5}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": True,
...         "rules": {"bids_on_ones": True, "spot_on": True}}
>>> seen = Situation.from_view(view)
>>> seen.standing, seen.wild, seen.legal_moves()[5:]     # into ones: at least half of three, rounded up
((3, 5), True, [(4, 6), (2, 1), (3, 1), (4, 1), 'spot_on', 'liar'])
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Union

from referee.games.liars_dice.rules import Bid, BidOrder, Settings, bid_order

LIAR = "liar"
SPOT_ON = "spot_on"
WAIT = "wait"
Move = Union[tuple[int, int], str]
"""A bid ``(quantity, face)``, ``LIAR``, ``SPOT_ON`` or ``WAIT``: the hashable form of an action inside the bots."""
Pair = tuple[int, int]


def own_count(dice: Sequence[int], face: int, wild: bool) -> int:
    """Dice of one hand that count for ``face``: the face itself, plus ones when wild.

    >>> own_count([1, 3, 3, 5], 3, True), own_count([1, 3, 3, 5], 3, False), own_count([1, 1, 3], 1, True)
    (3, 2, 2)
    """
    return sum(1 for d in dice if d == face or (wild and d == 1))


@lru_cache(maxsize=65536)
def _lowest(order: BidOrder, standing: Pair | None, face: int, total: int) -> int | None:
    before = Bid(*standing) if standing else None
    for quantity in range(1, total + 1):
        if order.is_raise(before, Bid(quantity, face), total_dice=total):
            return quantity
    return None


@dataclass(frozen=True, slots=True)
class RoundRules:
    """How one round counts and ranks the bids of one bidder (hashable: the bots' caches key on it).

    >>> plain = RoundRules.of(Settings(wild_ones=False, raise_rule="face_up"))
    >>> plain.wild, plain.faces, plain.lowest((5, 3), 4, 10), plain.lowest((5, 3), 2, 10)
    (False, (1, 2, 3, 4, 5, 6), 1, None)
    """

    wild: bool
    order: BidOrder

    @classmethod
    def of(cls, settings: Settings, palifico: bool = False, one_die: bool = False) -> "RoundRules":
        """The rules of a round under ``settings``: palifico or not, for a bidder holding one die or more."""
        return cls(settings.wild_ones and not palifico, bid_order(settings, palifico=palifico, one_die=one_die))

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face a bid may name this round (the opening's and the raises'), ascending."""
        return tuple(sorted(set(self.order.faces) | set(self.order.opening_faces)))

    def lowest(self, standing: Pair | None, face: int, total: int) -> int | None:
        """The smallest quantity a bid on ``face`` may name after ``standing`` (None: no bid on that face)."""
        return _lowest(self.order, standing, face, total)

    def legal_faces(self, standing: Pair | None, total: int) -> tuple[int, ...]:
        """The faces some raise over ``standing`` may name."""
        return tuple(f for f in self.faces if self.lowest(standing, f, total) is not None)

    def raises(self, standing: Pair | None, total: int) -> list[Pair]:
        """Every legal raise over ``standing``, lowest rank first (the engine's ``BidOrder.raises``)."""
        bids = self.order.raises(Bid(*standing) if standing else None, total_dice=total)
        return [(b.quantity, b.face) for b in bids]

    def rank(self, bid: Pair) -> tuple[int, int]:
        """The key that orders bids (a raise must exceed it)."""
        return self.order.rank(Bid(*bid))


TAVERN = RoundRules.of(Settings())
"""The rules of a `tavern` round (RULES.md A1): ones wild, quantity or face."""


@dataclass(frozen=True, slots=True)
class Situation:
    """One seat's view, read once: see the module docstring."""

    seat: int
    dice: tuple[int, ...]
    total: int
    counts: Mapping[int, int]
    in_game: tuple[int, ...]
    bids: tuple[tuple[int, Pair], ...]
    settings: Settings
    palifico: bool
    to_act: bool
    callers: tuple[int, ...]
    can_call: bool
    can_spot_on: bool
    rules: RoundRules

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Situation":
        """Read a seat view (``referee.games.liars_dice.views.game_view``: the keys of docs/bots.md). A view without the
        house-rule keys (``palifico``, ``callers``, ``can_spot_on``: an older server's) is a round
        that is not palifico, where only the player to act may call and nobody may say spot on."""
        settings = Settings.from_dict(dict(view["rules"]))
        palifico = bool(view.get("palifico", False))
        dice = tuple(view["dice"])
        can_call = bool(view["can_call"])
        return cls(
            seat=view["seat"], dice=dice, total=view["total_dice"],
            counts={int(seat): n for seat, n in view["dice_counts"].items()}, in_game=tuple(view["seats_in_game"]),
            bids=tuple((b["seat"], (b["quantity"], b["face"])) for b in view["bids"]), settings=settings,
            palifico=palifico, to_act=view["turn"] == view["seat"],
            callers=tuple(view.get("callers", [view["turn"]] if can_call else [])),
            can_call=can_call, can_spot_on=bool(view.get("can_spot_on", False)),
            rules=RoundRules.of(settings, palifico, one_die=len(dice) == 1),
        )

    @property
    def spot_on_gains(self) -> bool:
        """A right spot on would give this seat a die back (it holds fewer than ``dice_per_player``).

        Easy and medium say spot on only then: at full dice a right spot on changes nothing, and
        two players who keep saying it never end the game (the fairness chain deals 512 rounds a game).
        """
        return len(self.dice) < self.settings.dice_per_player

    @property
    def wild(self) -> bool:
        """Ones count for every face this round."""
        return self.rules.wild

    @property
    def standing(self) -> Pair | None:
        """The last bid of the round, or None before the opening bid."""
        return self.bids[-1][1] if self.bids else None

    @property
    def unseen(self) -> int:
        """Dice under the other cups."""
        return self.total - len(self.dice)

    @property
    def eliminating(self) -> bool:
        """A lost round puts the loser out (``loss = elimination``, unless duel dice apply heads-up)."""
        duel = self.settings.duel_dice and len(self.in_game) == 2
        return self.settings.loss == "elimination" and not duel

    @property
    def next_seat(self) -> int:
        """The next seat in the game clockwise from this one."""
        return self.in_game[(self.in_game.index(self.seat) + 1) % len(self.in_game)]

    def rules_of(self, seat: int) -> RoundRules:
        """The rules ``seat``'s bids follow this round (a palifico round lets a one-die bidder change the face)."""
        return RoundRules.of(self.settings, self.palifico, one_die=self.counts.get(seat) == 1)

    def raises(self) -> list[Pair]:
        """The raises this seat may make now (none unless it is the player to act)."""
        return self.rules.raises(self.standing, self.total) if self.to_act else []

    def legal_moves(self) -> list[Move]:
        """What the rules allow this seat now: its raises lowest first (as the player to act), then
        ``SPOT_ON`` where it may say spot on, then ``LIAR`` where it may call (so a bid standing
        puts ``LIAR`` last)."""
        return self.raises() + ([SPOT_ON] if self.can_spot_on else []) + ([LIAR] if self.can_call else [])
