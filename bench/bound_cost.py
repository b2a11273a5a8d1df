"""What a long game costs a table: memory and a move's time as the rounds go by, up to the bound.

Two people at a real poker-dice table (``Tables`` with the committed ``FairDealer``, the log in
SQLite in memory) keep the tokens level, as RULES.md D's bound must stop: the player ahead loses
every round. With ``--game liars_dice`` two people at a spot-on table of five dice never lose a
die instead: every opening bid names exactly the dice under the cups and the other says a right
spot on, until the bound (round 400) stops spot on. Every ``--every`` rounds it prints the table's
state size (``tracemalloc``: the memory held by ``table.current`` and what it reaches, measured by a
deep copy) and the mean time of a move (a bid or declaration, a call, the next round with its deal or
roll) over the last rounds. The game ends at the bound (docs/rules.md, "Bounds"); the last line
says how.

    .venv/bin/python bench/bound_cost.py [--every 100] [--game liars_dice]
"""
from __future__ import annotations

import argparse
import copy
import time
import tracemalloc
from typing import Any

from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import Phase as DicePhase, count_matching
from referee.games.liars_dice.rules.bound import ROUND_BOUND
from referee.games.poker_bluff.rules import HIGHEST, Phase, declarations_in
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer


def state_bytes(value: object) -> int:
    """Bytes a deep copy of ``value`` allocates: what the table's state holds."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = copy.deepcopy(value)
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del kept
    return size


def poker_move(table: Any) -> None:
    """The player ahead loses the round: a bluff of five sixes, or the best the cup holds; a doubt."""
    game = table.game
    if game.phase is Phase.REVEALED:
        table.next_round(game.seats[0])
    elif game.phase is Phase.RESPONDING:
        table.play.doubt(game.turn)
    else:
        seat = game.turn
        ahead = game.tokens_of(seat) > game.tokens_of(game.other(seat))
        table.play.declare(seat, HIGHEST if ahead and game.cup != (6,) * 5 else max(declarations_in(game.cup)))


def dice_move(table: Any) -> None:
    """Nobody loses a die before the bound: an exact opening bid, then a right spot on (a Liar after it)."""
    game = table.game
    if game.phase is DicePhase.REVEALED:
        table.next_round(game.seats[0])
    elif game.standing_bid is None:
        face = max(range(2, 7), key=lambda f: count_matching(game.hands, f, wild_ones=True))
        table.play.bid(game.turn, count_matching(game.hands, face, wild_ones=True), face)
    elif game.round_no < ROUND_BOUND:
        table.play.spot_on(game.turn)
    else:
        table.play.liar(game.turn)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=100, help="print a line every this many rounds")
    parser.add_argument("--game", choices=("poker_bluff", "liars_dice"), default="poker_bluff")
    args = parser.parse_args()
    rules = ({"game": "poker_bluff", "tokens": 3} if args.game == "poker_bluff" else {"spot_on": True})
    table = Tables(EventLog(":memory:"), FairDealer(Signer.from_private_bytes(bytes(range(32)))), ManualScheduler(),
                   seed_wait_s=0).create({**rules, "turn_timer_s": 0})
    for seat in (0, 1):
        table.join(f"P{seat}", f"digest{seat}")
    table.start(0)
    move = poker_move if args.game == "poker_bluff" else dice_move
    moves, spent, last_round = 0, 0.0, 1
    print(f"{'round':>6} {'state KB':>9} {'µs/move':>8}")
    while table.game.winner is None:
        started = time.perf_counter()
        move(table)
        spent += time.perf_counter() - started
        moves += 1
        if table.game.round_no != last_round and table.game.round_no % args.every == 0:
            last_round = table.game.round_no
            print(f"{last_round:>6} {state_bytes(table.current) / 1024:>9.1f} {spent / moves * 1e6:>8.0f}")
            moves, spent = 0, 0.0
    game = table.game
    held = list(game.tokens) if args.game == "poker_bluff" else list(game.counts)
    print(f"over in round {game.round_no}: seat {game.winner} wins holding {held}")


if __name__ == "__main__":
    main()
