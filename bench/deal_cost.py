"""CPU of a game's opening and of dealing its rounds, through the table's dealer (``FairDealer``).

    .venv/bin/python bench/deal_cost.py [--games 20] [--runs 3] [--rev REV]

Plays bench/load.py's usual game against the rules engine: a table of five people (tavern rules,
five dice each), every seat sending a seed each round, the seat to act bidding or calling as
bench/_load_seat.py's players do, the host pressing "Next round". Around the dealer's calls it
times (process CPU, µs) the opening (``open_game``, with the draw slots the table gives a game
without roleplay cheating), each round's deal, each seat's proofs
(``private_for``, once per round and seat as the table caches them) and the reveal, and counts the
client events the game takes (seeds, bids, calls, "Next round"). It prints, per game, the
median of ``--games`` games (the best of ``--runs`` runs), and the dealer's CPU per client event.

``--rev REV`` measures the dealer of git revision REV too (its ``referee/`` extracted with
``git archive`` into a temporary folder), in the same run, alternating the two, and prints each
figure's ratio this tree / REV. The load average is printed with each run.

>>> game = play_game(FairDealer(Signer.from_private_bytes(bytes(32))), random.Random(1))
>>> game["events"] > game["rounds"] >= 4, sorted(game["us"])
(True, ['deal', 'open', 'private', 'reveal'])
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and os.environ.get("DEAL_COST_CODE"):
    sys.path.insert(0, os.environ["DEAL_COST_CODE"])  # the revision under test, before this tree
sys.path.insert(1 if os.environ.get("DEAL_COST_CODE") else 0, str(REPO))

from bench._load_seat import decide  # noqa: E402
from referee.fairness.keys import Signer  # noqa: E402
from referee.games.liars_dice.rules import Bid, CallLiar, MakeBid, NextRound, Phase, Roll, Settings, apply, new_game  # noqa: E402
from referee.table.fair_dealer import FairDealer  # noqa: E402

try:  # the draws the table gives a game without roleplay cheating (a revision without the choice: the dealer's 512)
    from referee.games.liars_dice.opening import draw_slots_for  # noqa: E402
    SLOTS = {"draw_slots": draw_slots_for(False)}
except ImportError:
    SLOTS = {}

SEATS = [0, 1, 2, 3, 4]
PIECES = ("open", "deal", "private", "reveal")


def _timed(us: dict[str, float], piece: str, call: Any, *args: Any) -> Any:
    """``call(*args)``, its process CPU time added to ``us[piece]``."""
    started = time.process_time()
    result = call(*args)
    us[piece] += (time.process_time() - started) * 1e6
    return result


def play_game(dealer: FairDealer, rng: random.Random, game_no: int = 1) -> dict[str, Any]:
    """One game of the load bench's tables: the dealer's CPU by piece (µs), rounds and client events."""
    settings = Settings.from_preset("tavern")
    us = dict.fromkeys(PIECES, 0.0)
    opening = _timed(us, "open", lambda: dealer.open_game("bench", game_no, settings.to_dict(), SEATS, SEATS, **SLOTS))
    state = new_game(settings, SEATS, SEATS[0])
    rounds = events = 0
    while state.phase is not Phase.OVER:
        counts = {seat: state.count_of(seat) for seat in state.in_game}
        seeds = [{"round": state.round_no, "seat": seat, "seed": rng.randbytes(32).hex()} for seat in counts]
        events += len(seeds)
        dealt = _timed(us, "deal", dealer.deal, opening, state.round_no, counts, seeds, {})
        for seat in counts:
            _timed(us, "private", dealer.private_for, dealt.secret, dealt.public, seat)
        state = apply(state, Roll(tuple(tuple(dealt.hands.get(seat, ())) for seat in state.seats))).state
        while state.phase is Phase.BIDDING:
            action = _bidding_action(state)
            state = apply(state, action).state
            events += 1
        _timed(us, "reveal", dealer.reveal, opening, dealt.secret, [])
        rounds += 1
        if state.phase is Phase.REVEALED:
            state = apply(state, NextRound()).state
            events += 1
    return {"us": us, "rounds": rounds, "events": events}


def _bidding_action(state: Any) -> Any:
    """What bench/_load_seat.py's player to act sends, as a rules action."""
    seat = state.turn
    bids = [{"seat": b.seat, "quantity": b.bid.quantity, "face": b.bid.face} for b in state.bids]
    view = {"game": 1, "round": state.round_no, "phase": "bidding", "turn": seat, "total_dice": state.total_dice,
            "seats_in_game": list(state.in_game), "dice": list(state.hand_of(seat)),
            "rules": {"wild_ones": state.settings.wild_ones}, "bids": bids}
    action = decide({"you": {"seat": seat}, "game": view})
    assert action is not None
    if action[0] == "liar":
        return CallLiar(seat)
    return MakeBid(seat, Bid(action[1]["quantity"], action[1]["face"]))


def run(games: int, seed: int) -> dict[str, float]:
    """The median over ``games`` games of each piece's µs per game, per round, and per client event."""
    dealer = FairDealer(Signer.from_private_bytes(bytes(32)))
    rng = random.Random(seed)
    played = [play_game(dealer, rng, n + 1) for n in range(games)]
    figures = {f"{piece}/game": statistics.median(g["us"][piece] for g in played) for piece in PIECES}
    figures["deal+private+reveal/round"] = statistics.median(
        (g["us"]["deal"] + g["us"]["private"] + g["us"]["reveal"]) / g["rounds"] for g in played)
    figures["all/event"] = statistics.median(sum(g["us"].values()) / g["events"] for g in played)
    figures["rounds"] = statistics.median(g["rounds"] for g in played)
    figures["events"] = statistics.median(g["events"] for g in played)
    return figures


def _at_revision(rev: str, games: int, seed: int, folder: Path) -> dict[str, float]:
    code = folder / rev.replace("/", "_")
    if not code.exists():
        code.mkdir()
        archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "referee"], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(code)], input=archive.stdout, check=True)
    out = subprocess.run([sys.executable, __file__, "--games", str(games), "--seed", str(seed), "--json"],
                         env={**os.environ, "DEAL_COST_CODE": str(code)}, check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(out.stdout)
    return figures


def _best(runs: list[dict[str, float]]) -> dict[str, float]:
    return {name: min(r[name] for r in runs) for name in runs[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--rev", help="a git revision to measure beside this tree, in the same run")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.json:
        print(json.dumps(run(args.games, args.seed)))
        return 0
    mine: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="tj-deal-cost-") as tmp:
        for number in range(args.runs):
            print(f"# run {number + 1}: load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}", flush=True)
            mine.append(run(args.games, args.seed))
            if args.rev:
                theirs.append(_at_revision(args.rev, args.games, args.seed, Path(tmp)))
    best = _best(mine)
    print(f"{'figure (µs, median game, best of runs)':40} {'this tree':>10}" + (f" {args.rev:>10} {'ratio':>6}" if args.rev else ""))
    for name, value in best.items():
        line = f"{name:40} {value:10.1f}"
        if args.rev:
            other = _best(theirs)[name]
            line += f" {other:10.1f} {value / other if other else float('nan'):6.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
