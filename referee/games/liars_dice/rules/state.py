"""The state of one Liar's Dice game, the actions that move it, and the events they produce.

States are frozen: the engine returns a new state for every action. Seats are listed in
seat order (clockwise); ``counts`` and ``hands`` are aligned with ``seats``.

>>> from referee.games.liars_dice.rules.settings import Settings
>>> state = GameState(Settings(), seats=(0, 2), counts=(5, 5), hands=((), ()), phase=Phase.ROLLING,
...                   round_no=1, opener=0, turn=None, bids=(), result=None, winner=None)
>>> state.count_of(2), state.total_dice, state.in_game
(5, 10, (0, 2))
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.games.liars_dice.rules.bids import Bid
from referee.games.liars_dice.rules.settings import Settings


class Phase(str, Enum):
    """Where a game stands: the roll-off for the opener, waiting for dice, bidding, after a reveal, or over."""

    ROLLING_OFF = "rolling_off"
    ROLLING = "rolling"
    BIDDING = "bidding"
    REVEALED = "revealed"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Roll:
    """The chance action: the dice every player in the game holds this round, in seat order."""

    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class MakeBid:
    """``seat`` bids ``bid``."""

    seat: int
    bid: Bid


@dataclass(frozen=True, slots=True)
class CallLiar:
    """``seat`` calls Liar on the standing bid."""

    seat: int


@dataclass(frozen=True, slots=True)
class SpotOn:
    """``seat`` says "Spot on": the standing bid is exactly right (``spot_on`` tables only)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RollOff:
    """The roll-off's chance action (``first_opener = roll_off``): two dice for each seat that must
    throw now (``pending_roll_off``), in the game's seat order; every other seat throws nothing."""

    dice: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class NextRound:
    """Somebody at the table pressed "Next round" after a reveal."""


@dataclass(frozen=True, slots=True)
class ChangeDie:
    """An approved change while bidding: die ``index`` of ``seat`` shows ``value`` for the rest of the round."""

    seat: int
    index: int
    value: int


@dataclass(frozen=True, slots=True)
class LoseDie:
    """A penalty between rounds: ``seat`` holds one die fewer from the next roll on."""

    seat: int


Action = Roll | MakeBid | CallLiar | NextRound | ChangeDie | LoseDie | SpotOn | RollOff


@dataclass(frozen=True, slots=True)
class PlacedBid:
    """A bid of this round and the seat that made it."""

    seat: int
    bid: Bid


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a reveal showed: the called bid, every cup, the count, and who lost how many dice.

    ``call`` is ``"liar"`` or ``"spot_on"``; after a right spot on nobody loses (``loser`` None,
    ``dice_lost`` 0) and the caller gains ``dice_gained`` dice (0 when already at ``dice_per_player``).
    ``palifico_next`` says the next round is palifico (the loser has just dropped to one die).
    """

    bidder: int
    caller: int
    bid: Bid
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    count: int
    loser: int | None
    dice_lost: int
    call: str = "liar"
    dice_gained: int = 0
    palifico_next: bool = False




@dataclass(frozen=True, slots=True)
class GameState:
    """One game: who plays, how many dice each holds, the dice this round, the bids, the phase.

    ``seats`` is the game's seat order: clockwise, or the roll-off's order once it has decided
    (before that ``opener`` is only the first seat). ``roll_off`` holds the roll-off's standing
    while it lasts: groups of seats, best first, a group of two or more still tied.
    ``palifico`` says the round being played is palifico; ``one_die_seats`` are the seats that
    have dropped to one die (each brings at most one palifico round).
    """

    settings: Settings
    seats: tuple[int, ...]
    counts: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    phase: Phase
    round_no: int
    opener: int
    turn: int | None
    bids: tuple[PlacedBid, ...]
    result: RoundResult | None
    winner: int | None
    roll_off: tuple[tuple[int, ...], ...] = ()
    palifico: bool = False
    one_die_seats: tuple[int, ...] = ()

    def index_of(self, seat: int) -> int:
        """Position of ``seat`` in the game's seat order."""
        return self.seats.index(seat)

    def count_of(self, seat: int) -> int:
        """Dice ``seat`` holds (0 once out)."""
        return self.counts[self.index_of(seat)]

    def hand_of(self, seat: int) -> tuple[int, ...]:
        """The dice ``seat`` rolled this round (empty before the roll)."""
        return self.hands[self.index_of(seat)]

    @property
    def total_dice(self) -> int:
        """N: dice in play this round."""
        return sum(self.counts)

    @property
    def in_game(self) -> tuple[int, ...]:
        """Seats that still hold dice, in seat order."""
        return tuple(seat for seat, count in zip(self.seats, self.counts) if count > 0)

    @property
    def standing_bid(self) -> PlacedBid | None:
        """The last bid of this round, or None before the opening bid."""
        return self.bids[-1] if self.bids else None

    def next_in_game(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` that still holds dice (``seat`` itself may be out)."""
        start = self.index_of(seat)
        for step in range(1, len(self.seats) + 1):
            index = (start + step) % len(self.seats)
            if self.counts[index] > 0:
                return self.seats[index]
        raise ValueError("no player holds dice")
