"""The poker-dice bluff arena: bots play many games under the engine's rules, and get scored.

Each arena game is an evening at a table of its own whose seats hold the bots in the arena's
line-up, turning by one seat each game (``referee.games.liars_dice.arena.seating``). Two bots play one match
(one game, or two with alternate starters and a decider under ``two_games``), the first seat on
the button, so the button alternates game by game; three or more play one bracket
(``rules.poker_bluff.bracket``, paired in seat order), and the champion scores the win. Each bot
reads only its seat view (``referee.games.poker_bluff.views``).

Every roll is a committed draw of the game (``referee.games.poker_bluff.arena_book``), its secrets from the
arena's seed, so a run is deterministic for a seed; with ``audit_out`` each game's audit export
(``game-0001.json``, …) is written as a table would log it, and ``referee verify`` checks it. A bot
that sends an illegal action, or raises, forfeits the round (it gives the other player a token, who
starts the next round), and the fault is counted. The report, and the arguments every family's
arena takes, are ``referee.arena_report``'s, as for Liar's Dice.

>>> report = run_poker_arena(["medium", "random"], games=4, seed=7)
>>> report["games"], sum(b["wins"] for b in report["bots"]), report["bots"][1]["illegal_actions"]
(4, 4, 0)
>>> again = run_poker_arena(["medium", "random"], games=4, seed=7)
>>> [b["wins"] for b in again["bots"]] == [b["wins"] for b in report["bots"]]
True
"""
from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee.arena_audit import SALTS_TAG, arena_entropy, arena_signer, logical_clock
from referee.games.poker_bluff.arena_book import PokerBook
from referee.arena_report import Tally, arena_parser, arena_report, parse_arena, print_report, seating
from referee.games.poker_bluff.bots.registry import make_poker_bot
from referee.fairness.keys import Signer
from referee.games.poker_bluff.views import poker_game_view
from referee.rules.event import Event
from referee.games.poker_bluff.rules import (Believe, Declare, Doubt, GameState, Match, NextRound, Phase, PokerSettings, Reroll,
                                       Roll, Step, action_from_json, apply, new_bracket, pending_roll)
from referee.store.log import EventLog

FORFEIT = "forfeit"
GAME = "poker_bluff"
"""The family this arena plays (``referee arena --game poker_bluff``)."""


def run_poker_arena(bots: Sequence[str], games: int, seed: int, settings: PokerSettings | None = None, *,
                    signer: Signer | None = None, audit_out: str | None = None) -> dict[str, Any]:
    """Play ``games`` arena games (matches for two bots, brackets for more) and report them like ``referee.games.liars_dice.arena``;
    ``audit_out``: a directory that receives every game's audit export, signed by ``signer`` (default ``arena_signer(seed)``)."""
    if len(bots) < 2:
        raise ValueError("an arena needs at least two bots")
    return arena_report(GAME, play_poker_arena(bots, games, seed, settings or PokerSettings(), signer=signer,
                                               audit_out=audit_out), games)


def play_poker_arena(bots: Sequence[str], games: int, seed: int, settings: PokerSettings, *,
                     signer: Signer | None = None, audit_out: str | None = None) -> list[Tally]:
    """One raw tally per entrant, in the order of ``bots``. Game g (1-based) is table ``arena-<seed>-<g:04d>``,
    its seat k the entrant ``seating(len(bots), g - 1)[k]``; with ``audit_out`` its export is written to
    ``<audit_out>/game-<g:04d>.json``."""
    signer = signer or arena_signer(seed)
    if audit_out is not None:
        os.makedirs(audit_out, exist_ok=True)
    players = [make_poker_bot(spec, seed=seed * 1_000_003 + index) for index, spec in enumerate(bots)]
    tallies = [Tally(spec) for spec in bots]
    for game in range(games):
        line_up = seating(len(bots), game)
        log = EventLog(":memory:", clock=logical_clock(), salts=arena_entropy(seed, game + 1, SALTS_TAG)) \
            if audit_out is not None else None
        book = PokerBook(signer, arena_entropy(seed, game + 1), f"arena-{seed}-{game + 1:04d}", settings,
                         [bots[e] for e in line_up], log)
        table = _Table(settings, [players[e] for e in line_up], [tallies[e] for e in line_up], book)
        tallies[line_up[table.evening(len(bots))]].wins += 1
        if log is not None and audit_out is not None:
            with open(os.path.join(audit_out, f"game-{game + 1:04d}.json"), "w", encoding="utf-8") as handle:
                json.dump(book.export(), handle, ensure_ascii=False)
            log.close()
    return tallies


class _Table:
    """One arena game: its seats' players and tallies (seat order), its committed dice and log (``book``)."""

    def __init__(self, settings: PokerSettings, players: Sequence[Any], tallies: Sequence[Tally],
                 book: PokerBook) -> None:
        self.settings, self.players, self.tallies, self.book = settings, players, tallies, book

    def evening(self, seats: int) -> int:
        """Every seat enters; the champion's seat (the winner of the match, for two)."""
        self.book.evening(range(seats))
        bracket = new_bracket(range(seats))
        while bracket.champion is None:
            pairing = bracket.pending[0]
            winner = self.match(*pairing.seats)
            bracket = bracket.record(winner=winner, loser=next(s for s in pairing.seats if s != winner))
        self.book.ended(bracket.champion)
        return bracket.champion

    def match(self, button: int, other: int) -> int:
        match = Match(button, other, self.settings.two_games)
        while match.winner is None:
            match = match.record(self.game(match.next_game(self.settings)))
        return match.winner

    def game(self, state: GameState) -> int:
        self.book.game(state)
        while state.winner is None:
            if state.phase is Phase.ROLLING:
                step = apply(state, Roll(self.book.roll(pending_roll(state))))
            elif state.phase is Phase.REVEALED:
                step = apply(state, NextRound())
                self.book.next_round(step.state.starter)
            else:
                step = self.turn(state)
            self.publish(step.events, state.seats)
            state = step.state
        return state.winner

    def turn(self, state: GameState) -> Step:
        seat = state.turn
        if seat is None:
            raise RuntimeError(f"nobody acts in phase {state.phase.value}")
        view = poker_game_view(state, seat, game_no=self.book.number)
        started = time.perf_counter()
        try:
            sent = self.players[seat].act(view)
            self.tallies[seat].decision_ms.append((time.perf_counter() - started) * 1000)
            action = action_from_json(seat, sent)
            step = apply(state, action)
        except Exception as fault:  # a bot's bug or bad action costs it the round, never the arena
            self.tallies[seat].illegal_actions += 1
            reason = f"{type(fault).__name__}: {fault}"
            self.book.forfeit(seat, reason)
            return forfeit(state, seat, reason)
        self.log_move(action)
        return step

    def log_move(self, action: Any) -> None:
        if isinstance(action, Declare):
            self.book.move(action.seat, "declared", {"declaration": action.declaration.to_dict()})
        elif isinstance(action, Believe):
            self.book.move(action.seat, "believed")
        elif isinstance(action, Reroll):
            self.book.move(action.seat, "kept", {"keep": list(action.keep)})
        elif isinstance(action, Doubt):
            self.book.doubt(action.seat)

    def publish(self, events: Sequence[Event], seats: Sequence[int]) -> None:
        for event in events:
            if event.audience is None:
                for seat in seats:
                    if hasattr(self.players[seat], "observe"):
                        self.players[seat].observe({"kind": event.kind, "data": json.loads(json.dumps(event.data))})


def forfeit(state: GameState, seat: int, reason: str) -> Step:
    """``seat`` gives the other player a token for a fault; the other starts the next round (or has won).

    >>> from referee.games.poker_bluff.rules import new_game
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
    [--two-games] [--json] [--audit-out DIR] [--key FILE]``: what the ``referee`` command runs for
    ``arena --game poker_bluff``."""
    parser = arena_parser(GAME, "Poker-dice bots play each other; one --bot per entrant.",
                          "easy, medium, strong, random, equilibrium")
    parser.add_argument("--tokens", type=int, default=PokerSettings().tokens, help="tokens each (1–10)")
    parser.add_argument("--two-games", action="store_true", help="a match is two games, alternate starters")
    args, signer = parse_arena(parser, argv)
    settings = PokerSettings.from_dict({"tokens": args.tokens, "two_games": args.two_games})
    report = run_poker_arena(args.bot, args.games, args.seed, settings, signer=signer, audit_out=args.audit_out)
    return print_report(report, args.json)
