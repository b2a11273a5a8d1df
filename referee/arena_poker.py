"""The poker-dice bluff arena: bots play many games under the engine's rules, and get scored.

Two bots play one match per arena game (one game, or two with alternate starters and a
decider under ``two_games``); the button alternates between them game by game. Three or more
bots play one bracket per arena game (``rules.poker_bluff.bracket``), the line-up turning by
one seat each time, and the champion scores the win. Each bot reads only its seat view
(``referee.poker_views``).

The dice come from a ``random.Random`` seeded by the arena's seed and the game number, so a
run is deterministic for a seed (the committed dealer comes with the table integration). A bot
that sends an illegal action, or raises, forfeits the round (it gives the other player a
token, who starts the next round), and the fault is counted.

>>> report = run_poker_arena(["medium", "random"], games=4, seed=7)
>>> report["games"], sum(b["wins"] for b in report["bots"]), report["bots"][1]["illegal_actions"]
(4, 4, 0)
>>> again = run_poker_arena(["medium", "random"], games=4, seed=7)
>>> [b["wins"] for b in again["bots"]] == [b["wins"] for b in report["bots"]]
True
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee.arena import Tally, format_report, seating, summarise
from referee.bots.poker_bluff.registry import make_poker_bot
from referee.poker_views import poker_game_view
from referee.rules import Event
from referee.rules.poker_bluff import (GameState, Match, NextRound, Phase, PokerSettings, Roll, Step,
                                       action_from_json, apply, new_bracket, pending_roll)

FORFEIT = "forfeit"


def run_poker_arena(bots: Sequence[str], games: int, seed: int, settings: PokerSettings | None = None) -> dict[str, Any]:
    """Play ``games`` arena games (matches for two bots, brackets for more) and report them like ``referee.arena``."""
    if len(bots) < 2:
        raise ValueError("an arena needs at least two bots")
    return summarise(play_poker_arena(bots, games, seed, settings or PokerSettings()), games)


def play_poker_arena(bots: Sequence[str], games: int, seed: int, settings: PokerSettings) -> list[Tally]:
    """One raw tally per entrant, in the order of ``bots``; entrant ``e`` plays in seat ``e``."""
    players = [make_poker_bot(spec, seed=seed * 1_000_003 + index) for index, spec in enumerate(bots)]
    tallies = [Tally(spec) for spec in bots]
    for game in range(games):
        table = _Table(settings, players, tallies, random.Random(f"poker-bluff-{seed}-{game + 1}"))
        line_up = seating(len(bots), game)
        winner = table.match(line_up[0], line_up[1]) if len(bots) == 2 else table.bracket(line_up)
        tallies[winner].wins += 1
    return tallies


class _Table:
    """One arena game's dice and players."""

    def __init__(self, settings: PokerSettings, players: Sequence[Any], tallies: Sequence[Tally],
                 dice: random.Random) -> None:
        self.settings, self.players, self.tallies, self.dice = settings, players, tallies, dice
        self.games = 0

    def bracket(self, line_up: Sequence[int]) -> int:
        bracket = new_bracket(line_up)
        while bracket.champion is None:
            pairing = bracket.pending[0]
            winner = self.match(*pairing.seats)
            bracket = bracket.record(winner=winner, loser=next(s for s in pairing.seats if s != winner))
        return bracket.champion

    def match(self, button: int, other: int) -> int:
        match = Match(button, other, self.settings.two_games)
        while match.winner is None:
            match = match.record(self.game(match.next_game(self.settings)))
        return match.winner

    def game(self, state: GameState) -> int:
        self.games += 1
        while state.winner is None:
            if state.phase is Phase.ROLLING:
                step = apply(state, Roll(tuple(self.dice.randint(1, 6) for _ in range(pending_roll(state)))))
            elif state.phase is Phase.REVEALED:
                step = apply(state, NextRound())
            else:
                step = self.turn(state)
            self.publish(step.events, state.seats)
            state = step.state
        return state.winner

    def turn(self, state: GameState) -> Step:
        seat = state.turn
        if seat is None:
            raise RuntimeError(f"nobody acts in phase {state.phase.value}")
        view = poker_game_view(state, seat, game_no=self.games)
        started = time.perf_counter()
        try:
            sent = self.players[seat].act(view)
            self.tallies[seat].decision_ms.append((time.perf_counter() - started) * 1000)
            return apply(state, action_from_json(seat, sent))
        except Exception as fault:  # a bot's bug or bad action costs it the round, never the arena
            self.tallies[seat].illegal_actions += 1
            return forfeit(state, seat, f"{type(fault).__name__}: {fault}")

    def publish(self, events: Sequence[Event], seats: Sequence[int]) -> None:
        for event in events:
            if event.audience is None:
                for seat in seats:
                    if hasattr(self.players[seat], "observe"):
                        self.players[seat].observe({"kind": event.kind, "data": json.loads(json.dumps(event.data))})


def forfeit(state: GameState, seat: int, reason: str) -> Step:
    """``seat`` gives the other player a token for a fault; the other starts the next round (or has won).

    >>> from referee.rules.poker_bluff import new_game
    >>> step = forfeit(new_game(PokerSettings(tokens=1), (0, 1), 0), 0, "raised")
    >>> step.state.winner, step.state.tokens, [e.kind for e in step.events]
    (1, (0, 2), ['forfeit', 'game_over'])
    """
    other = state.other(seat)
    tokens = tuple(t - 1 if s == seat else t + 1 for s, t in zip(state.seats, state.tokens))
    tokens_json = {str(s): t for s, t in zip(state.seats, tokens)}
    events = [Event(FORFEIT, {"seat": seat, "reason": reason, "tokens": tokens_json})]
    if tokens[state.seats.index(seat)] == 0:
        over = replace(state, tokens=tokens, phase=Phase.OVER, winner=other)
        return Step(over, tuple(events + [Event("game_over", {"winner": other, "tokens": tokens_json})]))
    after = replace(state, tokens=tokens, phase=Phase.ROLLING, round_no=state.round_no + 1, starter=other,
                    holder=other, cup=(), kept=(), declarations=(), result=None)
    return Step(after, tuple(events + [Event("next_round", {"round": after.round_no, "starter": other})]))


def poker_arena_main(argv: Sequence[str]) -> int:
    """``referee arena --game poker_bluff --bot A --bot B [--bot …] --games N --seed S [--tokens T]
    [--two-games] [--json]``: what the ``referee`` command runs for ``arena --game poker_bluff``."""
    parser = argparse.ArgumentParser(prog="referee arena --game poker_bluff",
                                     description="Poker-dice bots play each other; one --bot per entrant.")
    parser.add_argument("--bot", action="append", required=True, help="easy, medium, strong, random or module:attr")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tokens", type=int, default=PokerSettings().tokens, help="tokens each (1–10)")
    parser.add_argument("--two-games", action="store_true", help="a match is two games, alternate starters")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(list(argv))
    if len(args.bot) < 2:
        parser.error("an arena needs at least two --bot")
    settings = PokerSettings.from_dict({"tokens": args.tokens, "two_games": args.two_games})
    report = run_poker_arena(args.bot, args.games, args.seed, settings)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0
