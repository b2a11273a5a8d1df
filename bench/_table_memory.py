"""Table memory for ``bench/exploitability.py``: a bot that watched ``N`` heads-up games of 5 dice, built fast.

The games are played by the rules engine alone, between two medium bots, with dice from a
seeded ``random.Random``: no committed dealer, no event log, no audit, nothing rendered. The
watcher sees every public event of the table (the bids, the calls, the reveals) as a player
at that table would, and is told the table's rules, as a seated player reads them off its
views (a watcher has no views, and would learn the reveals under the default rules).
What a bot learns from a reveal does not depend on where the dice came from, so the memory is
the one a real table of those games would give; only the cost is not: learning is what remains
(strong's ``honesty`` scores every bid of every reveal, about 0.35 s of CPU a game).

So that a second run does not pay for it again, the watched bot is pickled under
``var/bench-cache/``, keyed by the arguments and by the source of ``referee/`` and of this file:
any change to the bots or the rules builds it anew.

>>> first, again = watched_bot("strong", 2, True, cache=None), watched_bot("strong", 2, True, cache=None)
>>> first.honesty.pooled > 0 and first.honesty.pool == again.honesty.pool     # learnt, and the same each time
True
"""
from __future__ import annotations

import hashlib
import json
import pickle
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.games.liars_dice.arena import seated
from referee.arena_report import Tally
from referee.games.liars_dice.arena_turns import Match, play_turn
from referee.games.liars_dice.bots.registry import make_bot
from referee.games.liars_dice.rules import PRESETS, NextRound, Phase, Roll, Settings, apply, first_opener, new_game, pending_roll

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "var" / "bench-cache"
"""Where watched bots are kept between runs (``var/`` is not in git)."""


class QuietBook:
    """The arena's game book without commitments or a log: seeded dice, nothing recorded."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def deal(self, counts: dict[int, int]) -> dict[int, tuple[int, ...]]:
        return {seat: tuple(self.rng.randint(1, 6) for _ in range(n)) for seat, n in counts.items()}

    def record(self, *_: Any) -> None:
        """Nothing is logged."""

    def reveal(self) -> None:
        """Nothing was committed."""


def play_watched(settings: Settings, games: int, seed: int, watcher: Any) -> None:
    """Play ``games`` games of medium v medium under ``settings``; ``watcher`` observes every public event."""
    rng = random.Random(seed)
    players = [make_bot("medium", seed=seed + 1), make_bot("medium", seed=seed + 2)]
    listeners = [watcher] + [p for p in players if hasattr(p, "observe")]
    seats = (0, 1)
    for game in range(games):
        book = QuietBook(rng)
        match = Match(game + 1, players, [Tally("medium"), Tally("medium")], book)  # type: ignore[arg-type]
        state = new_game(settings, seats, first_opener(seats, None))
        while state.phase is not Phase.OVER:
            if state.phase is Phase.ROLLING:
                hands = book.deal(pending_roll(state))
                step = apply(state, Roll(tuple(hands.get(seat, ()) for seat in state.seats)))
            elif state.phase is Phase.REVEALED:
                step = apply(state, NextRound())
            else:
                step = play_turn(state, match)
            for event in step.events:
                if event.audience is None:
                    seen = {"kind": event.kind, "data": json.loads(json.dumps(event.data))}
                    for listener in listeners:
                        listener.observe(seen)
            state = step.state
        players.reverse()         # the other medium bot opens the next game


def watched_bot(level: str, games: int, wild: bool, seed: int = 14, cache: Path | None = CACHE) -> Any:
    """A ``level`` bot after it watched ``games`` games of 5 dice (the `tavern` rules, wild ones or not);
    read from ``cache`` when an earlier run built the same one, else built (and stored there; a bot that
    watched nothing is not)."""
    path = cache_path(level, games, wild, seed, cache)
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    bot = make_bot(level, seed=0)
    settings = seated(replace(PRESETS["tavern"], wild_ones=wild), 2)
    if hasattr(bot, "settings"):          # strong keeps the rules it last read off a view
        bot.settings = settings
    if games:
        play_watched(settings, games, seed, bot)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(bot))
    return bot


def cache_path(level: str, games: int, wild: bool, seed: int = 14, cache: Path | None = CACHE) -> Path | None:
    """Where ``watched_bot`` keeps that bot (None: not kept, without a cache or with nothing watched)."""
    if cache is None or not games:
        return None
    return cache / f"watched-{level}-{games}-{'wild' if wild else 'plain'}-{seed}-{source_key()}.pickle"


def source_key() -> str:
    """A digest of every Python source under ``referee/`` and of this file (the cache's version)."""
    digest = hashlib.sha256()
    for source in sorted(ROOT.joinpath("referee").rglob("*.py")) + [Path(__file__).resolve()]:
        digest.update(str(source.relative_to(ROOT)).encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]
