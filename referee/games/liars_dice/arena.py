"""The arena: bots play many games against each other under the referee's rules, and get scored.

One bot per seat; the line-up turns by one seat every game, so every bot sits in every seat,
and opens, equally often. Each game is logged as game 1 of its own table, so its first opener
is the first seat (RULES.md A1.3, ``first_opener``), which the verifier re-derives; under
``first_opener = roll_off`` the roll-off decides instead, thrown through committed draws.
Dice come only from the fairness library's committed dealer (``referee.games.liars_dice.arena_book``), with
secrets derived from the seed, so a run is deterministic for a seed and, with ``audit_out``,
every game's audit export can be checked by ``referee verify``. Each decision, with the
out-of-turn calls of ``challenge = anyone``, is resolved by ``referee.games.liars_dice.arena_turns``: a bot that
returns an illegal action, or raises, forfeits the round and the fault is counted. The report,
and the arguments every family's arena takes, are ``referee.arena_report``'s.

>>> report = run_arena(["medium", "random"], games=4, seed=7, dice=2)
>>> report["games"], sum(b["wins"] for b in report["bots"]), report["bots"][1]["illegal_actions"]
(4, 4, 0)
>>> [b["wins"] for b in run_arena(["medium", "random"], games=4, seed=7, dice=2)["bots"]] == [b["wins"] for b in report["bots"]]
True
>>> perudo = run_arena(["strong", "easy", "medium"], games=3, seed=2, settings=PRESETS["perudo"])
>>> sum(b["wins"] for b in perudo["bots"]), sum(b["illegal_actions"] for b in perudo["bots"])
(3, 0)
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee.arena_audit import SALTS_TAG, arena_entropy, arena_signer, logical_clock
from referee.games.liars_dice.arena_book import GameBook
from referee.arena_report import (Tally, arena_parser, arena_report, format_report, parse_arena, percentile,
                                  print_report, seating, summarise, wilson)
from referee.games.liars_dice.arena_turns import Match, play_turn
from referee.games.liars_dice.bots.registry import make_bot
from referee.fairness.keys import Signer
from referee.games.liars_dice.rules import (PRESETS, Event, GameState, NextRound, Phase, Roll, RollOff, RulesError, Settings, apply,
                           first_opener, new_game, pending_roll, pending_roll_off)
from referee.store.log import EventLog

GAME = "liars_dice"
"""The family this arena plays (``referee arena --game liars_dice``, the default)."""

# The report's names stay importable from here (bench/ does): they live in ``referee.arena_report``.
__all__ = ["Tally", "arena_main", "format_report", "percentile", "play_arena", "run_arena", "seated", "seating",
           "settings_from", "summarise", "wilson"]


def play_arena(bots: Sequence[str], games: int, seed: int, settings: Settings, *,
               signer: Signer | None = None, audit_out: str | None = None,
               players: Sequence[Any] | None = None) -> list[Tally]:
    """Play ``games`` games and return one raw tally per entrant, in the order of ``bots``.

    ``players``: bot objects to seat instead of new ones made from ``bots`` (which then only
    names them), e.g. to look at what a learning bot knows after the games.

    Game g (1-based) is table ``arena-<seed>-<g:04d>``, its secrets from ``arena_entropy(seed, g)``,
    signed by ``signer`` (default ``arena_signer(seed)``); with ``audit_out`` its audit export is
    written to ``<audit_out>/game-<g:04d>.json``.
    """
    signer = signer or arena_signer(seed)
    if audit_out is not None:
        os.makedirs(audit_out, exist_ok=True)
    if players is None:
        players = [make_bot(spec, seed=seed * 1_000_003 + index) for index, spec in enumerate(bots)]
    tallies = [Tally(spec) for spec in bots]
    seats = tuple(range(len(bots)))
    opener = None if settings.first_opener == "roll_off" else first_opener(seats, None)
    for game in range(games):
        line_up = seating(len(bots), game)
        log = EventLog(":memory:", clock=logical_clock(), salts=arena_entropy(seed, game + 1, SALTS_TAG)) \
            if audit_out is not None else None
        book = GameBook(signer, arena_entropy(seed, game + 1), f"arena-{seed}-{game + 1:04d}", settings,
                        [bots[e] for e in line_up], opener, log)
        match = Match(game + 1, [players[e] for e in line_up], [tallies[e] for e in line_up], book)
        winner = _play_game(new_game(settings, seats, opener), match)
        tallies[line_up[winner]].wins += 1
        if log is not None and audit_out is not None:
            with open(os.path.join(audit_out, f"game-{game + 1:04d}.json"), "w", encoding="utf-8") as handle:
                json.dump(book.export(), handle, ensure_ascii=False)
            log.close()
    return tallies


def run_arena(bots: list[str], games: int, seed: int, dice: int = 5, wild_ones: bool = True, *,
              settings: Settings | None = None, signer: Signer | None = None,
              audit_out: str | None = None) -> dict[str, Any]:
    """Play an arena and report it; ``settings`` (a preset) replaces ``dice``/``wild_ones`` when given.

    ``audit_out``: a directory that receives every game's audit export (``game-0001.json``, …).
    """
    rules = seated(settings or replace(PRESETS["tavern"], dice_per_player=dice, wild_ones=wild_ones), len(bots))
    return arena_report(GAME, play_arena(bots, games, seed, rules, signer=signer, audit_out=audit_out), games)


def _play_game(state: GameState, match: Match) -> int:
    throw = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.ROLLING_OFF:
            throw += 1
            dice = match.book.roll_off(throw, pending_roll_off(state))
            step = apply(state, RollOff(tuple(dice.get(seat, ()) for seat in state.seats)))
            match.throws.extend(event.data for event in step.events if event.kind == "roll_off")
        elif state.phase is Phase.ROLLING:
            hands = match.book.deal(state.round_no, pending_roll(state))
            step = apply(state, Roll(tuple(hands.get(seat, ()) for seat in state.seats)))
        elif state.phase is Phase.REVEALED:
            match.book.record("next_round", {"referee": True})
            step = apply(state, NextRound())
        else:
            step = play_turn(state, match)
        _publish(step.events, match.players)
        state = step.state
    if state.winner is None:
        raise RuntimeError("a game over has a winner")
    return state.winner


def _publish(events: Sequence[Event], players: Sequence[Any]) -> None:
    for event in events:
        if event.audience is None:
            for player in players:
                if hasattr(player, "observe"):
                    player.observe({"kind": event.kind, "data": json.loads(json.dumps(event.data))})


def settings_from(preset: str, rules: str | None = None, dice: int | None = None) -> Settings:
    """The arena's settings: the ``preset`` of RULES.md A3, the ``rules`` JSON object (switches of A2)
    on top, then ``dice`` dice per player. Bad input raises ValueError or the rules' ``MalformedAction``.

    >>> settings_from("kul_tiras", '{"duel_dice": true}').duel_dice, settings_from("perudo", dice=3).dice_per_player
    (True, 3)
    >>> settings_from("perudo", '{"loss": "elimination"}')
    Traceback (most recent call last):
    ...
    referee.rules.errors.SettingsConflict: palifico needs loss = one_die or difference (under elimination nobody drops to one die)
    >>> settings_from("tavern", "{dice: 3}")
    Traceback (most recent call last):
    ...
    ValueError: --rules is not JSON (Expecting property name enclosed in double quotes at character 1): '{dice: 3}'
    """
    overrides: Any = {}
    if rules is not None:
        try:
            overrides = json.loads(rules)
        except json.JSONDecodeError as error:
            raise ValueError(f"--rules is not JSON ({error.msg} at character {error.pos}): {rules!r}") from None
        if not isinstance(overrides, dict):
            raise ValueError(f"--rules is a JSON object of switches (RULES.md A2), not {rules!r}")
    if dice is not None:
        overrides = {**overrides, "dice_per_player": dice}
    return Settings.from_preset(preset, overrides)


def seated(settings: Settings, players: int) -> Settings:
    """``settings`` with room for ``players`` seats (``max_players`` raised when needed, at most 8).

    >>> seated(PRESETS["tavern"], 8).max_players, seated(PRESETS["tavern"], 2).max_players
    (8, 6)
    """
    return replace(settings, max_players=max(settings.max_players, players))


def arena_main(argv: Sequence[str]) -> int:
    """``referee arena --bot A --bot B [--bot …] --games N --seed S [--preset P] [--rules JSON] [--dice D] [--json]
    [--audit-out DIR] [--key FILE]``; bad arguments print a clear error and exit with status 2."""
    parser = arena_parser(GAME, "Liar's Dice bots play each other; one --bot per seat.",
                          "easy, medium, strong, random, binomial")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="tavern", help="the rule set (RULES.md A3)")
    parser.add_argument("--rules", metavar="JSON",
                        help='house-rule switches on top of the preset, e.g. \'{"spot_on": true}\' (RULES.md A2)')
    parser.add_argument("--dice", type=int, help="dice per player (default: the preset's)")
    args, signer = parse_arena(parser, argv)
    try:
        settings = seated(settings_from(args.preset, args.rules, args.dice), len(args.bot))
    except RulesError as error:
        parser.error(f"bad rules ({error.code}): {error}")
    except ValueError as error:
        parser.error(str(error))
    report = run_arena(args.bot, args.games, args.seed, settings=settings, signer=signer, audit_out=args.audit_out)
    return print_report(report, args.json)
