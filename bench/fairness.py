"""Cost of the fairness protocol for a finished 6-player, 5-dice game.

    python bench/fairness.py [--games 5]

Plays games of 6 seats with 5 dice each (a random seat loses a die each round, so a game
lasts 25-29 rounds), with a seed from every seat, logging every fairness entry the way
the table does. Prints, as medians over the games: the commitment cost per round (deal:
derive, Merkle root, sign), the per-seat private parts, the reveal, the export, and the
time to verify the whole finished game with its cost per round.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from referee.fairness.export import build_export
from referee.fairness.dealer import deal, open_game, reveal
from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.fairness.keys import Signer
from referee.store.chain import GENESIS, entry_hash, secret_digest

SEATS = [0, 1, 2, 3, 4, 5]
DICE = 5


def append(log: list[dict[str, Any]], kind: str, public: Any, secret: Any = None) -> None:
    seq = len(log) + 1
    prev = log[-1]["hash"] if log else GENESIS
    at = time.time()
    digest = secret_digest(secret)
    log.append({"seq": seq, "kind": kind, "public": public, "secret": secret, "secret_digest": digest,
                "prev_hash": prev, "hash": entry_hash(prev, seq, kind, public, digest, at), "at": at})


def play(signer: Signer, rng: random.Random) -> dict[str, float]:
    log: list[dict[str, Any]] = []
    timings = {"open": 0.0, "deal": 0.0, "private": 0.0, "reveal": 0.0}
    started = time.perf_counter()
    opening = open_game(signer, "bench", 1, {"preset": "tavern"}, SEATS)
    timings["open"] = time.perf_counter() - started
    append(log, kinds.GAME_OPENED, opening.manifest, opening.secret)
    counts = {seat: DICE for seat in SEATS}
    rounds = 0
    while len(counts) > 1:
        rounds += 1
        seeds = {seat: rng.randbytes(32).hex() for seat in counts}
        t0 = time.perf_counter()
        dealt = deal(signer, opening.secret, opening.manifest, rounds, counts, seeds)
        t1 = time.perf_counter()
        for seat in counts:
            dealt.private_for(seat)
        t2 = time.perf_counter()
        shown = reveal(opening.secret, dealt.secret)
        t3 = time.perf_counter()
        timings["deal"] += t1 - t0
        timings["private"] += t2 - t1
        timings["reveal"] += t3 - t2
        append(log, kinds.ROUND_DEALT, dealt.public, dealt.secret)
        append(log, "bid", {"seat": min(counts), "quantity": 3, "face": 4})
        append(log, kinds.ROUND_REVEALED, shown)
        loser = rng.choice(sorted(counts))
        counts[loser] -= 1
        if counts[loser] == 0:
            del counts[loser]
    t0 = time.perf_counter()
    export = build_export(signer, "bench", log)
    t1 = time.perf_counter()
    report = verify_export(export)
    t2 = time.perf_counter()
    if not report.ok:
        raise SystemExit(f"the bench game does not verify: {report.failures[0]}")
    return {"rounds": rounds, "entries": len(log), "export": t1 - t0, "verify": t2 - t1, **timings}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    signer = Signer.from_private_bytes(bytes(range(32)))
    runs = [play(signer, random.Random(game)) for game in range(args.games)]

    def median(name: str) -> float:
        return statistics.median(run[name] for run in runs)

    def per_round(name: str) -> float:
        return statistics.median(run[name] / run["rounds"] for run in runs)

    ms = 1000
    print(f"6 players x 5 dice, {args.games} games, rounds per game: {sorted(int(run['rounds']) for run in runs)}")
    print(f"open game (draw secrets, anchor, draw root, sign) : {median('open') * ms:8.2f} ms")
    print(f"commitment per round (derive, root, sign)         : {per_round('deal') * ms:8.2f} ms")
    print(f"private parts per round (proofs for every seat)   : {per_round('private') * ms:8.2f} ms")
    print(f"reveal per round                                  : {per_round('reveal') * ms:8.2f} ms")
    print(f"export of the finished game ({int(median('entries'))} entries)           : {median('export') * ms:8.2f} ms")
    print(f"verify the finished game                          : {median('verify') * ms:8.2f} ms")
    print(f"verify, cost per round                            : {per_round('verify') * ms:8.2f} ms")


if __name__ == "__main__":
    main()
