"""Poker-dice table logs for the verifier's tests, written exactly as the shared contract of a poker
table says (docs/protocol.md; the table plays poker-dice on another branch): the real committed
dealer (``FairDealer``, its game secrets from a seeded generator) and the real store (``EventLog``:
the hash chain), one ``Store.append`` per command, the pure engine deciding every move among its
legal actions, picked by a seeded ``random.Random``. ``Forger`` (``play_logs``) then forges them.
With ``drawn`` the evenings draw each match's first starter (``"starters": "drawn"``, a revealed
``poker_starter`` draw and ``starter_drawn`` before the first roll) and an evening of three or more
draws its bracket first (``"bracket": "drawn"``: a game of its own naming every entrant, its ``bracket``
draw seeded by each, revealed, and ``bracket_drawn``), as the table logs them since; without it the log
is one written before (the pairing's first seat starts, the bracket pairs the seats in order).

>>> log = poker_evening(seed=1, players=2)
>>> kinds = [entry.kind for entry in log.events.entries(log.table_id)]
>>> kinds[:5], kinds[-1]
(['table_created', 'seat_taken', 'seat_taken', 'evening_started', 'game_started'], 'evening_ended')
"""
from __future__ import annotations

import random
from typing import Any

from referee.fairness.encoding import sha256
from referee.fairness.purposes import (BRACKET, POKER_DIE, POKER_ROLL, POKER_STARTER, bracket_items, bracket_order, purpose,
                                       starter_items)
from referee.fairness.secrets_chain import MIN_DRAW_SLOTS
from referee.games.poker_bluff.rules import (HIGHEST, Believe, Declare, Doubt, GameState, Match, NextRound, Phase, PokerSettings,
                                       Reroll, Roll, apply, declarations_in, legal_actions, new_bracket, new_game,
                                       pending_roll)
from referee.store.log import EventLog, NewEntry
from referee.web.audit import entry_dict

from .house_logs import SeededDealer
from .play_logs import Forger, rechain

Command = list[tuple[str, dict[str, Any], dict[str, Any] | None]]


class PokerLog:
    """One poker table's log: ``command`` appends one command's entries in one transaction."""

    def __init__(self, rules: dict[str, Any], seed: int, table_id: str = "poker-t1", drawn: bool = False) -> None:
        self.table_id, self.events, self.dealer = table_id, EventLog(":memory:"), SeededDealer(seed)
        self.drawn = drawn
        self.settings = PokerSettings.from_dict(rules)
        self.rules = {"game": "poker_bluff", **self.settings.to_dict()}
        self.seated: list[int] = []
        self.game_no = self.evening_no = 0
        self.opening: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.draws: list[dict[str, Any]] = []
        self.revealed = self.head = self.starters = 0
        self.command([("table_created", {"id": table_id, "rules": self.rules}, None)])

    def command(self, entries: Command) -> None:
        self.events.append(self.table_id, [NewEntry(kind, public, secret) for kind, public, secret in entries],
                           self.head)
        self.head += len(entries)

    def sit(self, seat: int) -> None:
        self.seated.append(seat)
        self.command([("seat_taken", {"seat": seat, "name": f"P{seat}", "kind": "human"}, {"token_digest": f"d{seat}"})])

    def start_game(self, seats: tuple[int, int], opener: int | None) -> Command:
        """``game_started`` and ``game_opened`` of the next game (the first roll is the caller's to add)."""
        self.game_no += 1
        self.opening = self.dealer.open_game(self.table_id, self.game_no, self.rules, sorted(seats), people=sorted(seats))
        self.draws, self.revealed, self.starters = [], 0, 0
        return [("game_started", {"game": self.game_no, "seats": list(seats), "opener": opener}, None),
                ("game_opened", self.opening[0], self.opening[1])]

    def draw_bracket(self, number: int, entrants: list[int]) -> tuple[Command, list[int]]:
        """The entries of evening ``number``'s bracket draw, in a game of its own (its manifest, every entrant's
        seed, the draw's commitment and reveal, ``bracket_drawn``) and the bracket order it gives."""
        self.game_no += 1
        opening = self.dealer.open_game(self.table_id, self.game_no, self.rules, entrants, people=entrants,
                                        draw_slots=MIN_DRAW_SLOTS)
        seeds = [{"draw": 1, "seat": seat, "seed": sha256(f"{self.game_no}/1/{seat}".encode()).hex()} for seat in entrants]
        drawn = self.dealer.draw(opening, 1, purpose(BRACKET, self.game_no), bracket_items(len(entrants)), seeds, {})
        order = bracket_order(entrants, list(drawn.values))
        return ([("game_opened", opening[0], opening[1]), *[("draw_seed", seed, None) for seed in seeds],
                 ("draw_committed", drawn.public, drawn.secret), ("draw_revealed", self.dealer.reveal_draw(opening, drawn.secret), None),
                 ("bracket_drawn", {"evening": number, "game": self.game_no, "draw": 1, "order": order}, None)], order)

    def draw_starter(self, seats: tuple[int, int]) -> tuple[Command, int]:
        """The entries of a match's starter draw (both players' seeds, its commitment and reveal, ``starter_drawn``)
        and the seat it names."""
        assert self.opening is not None
        number = len(self.draws) + 1
        seeds = [{"draw": number, "seat": seat, "seed": sha256(f"{self.game_no}/{number}/{seat}".encode()).hex()}
                 for seat in self.opening[0]["seed_seats"]]
        drawn = self.dealer.draw(self.opening, number, purpose(POKER_STARTER, self.game_no), starter_items(seats),
                                 seeds, {})
        self.draws.append(drawn.secret)
        self.revealed, self.starters = len(self.draws), 1
        starter = sorted(seats)[drawn.values[0] - 1]
        return ([*[("draw_seed", seed, None) for seed in seeds], ("draw_committed", drawn.public, drawn.secret),
                 ("draw_revealed", self.dealer.reveal_draw(self.opening, drawn.secret), None),
                 ("starter_drawn", {"game": self.game_no, "draw": number, "seat": starter}, None)], starter)

    def roll(self, count: int) -> tuple[Command, tuple[int, ...]]:
        """The entries of a roll of ``count`` dice: both players' seeds, the draw's commitment and ``cup_rolled``."""
        assert self.opening is not None
        number = len(self.draws) + 1
        seeds = [{"draw": number, "seat": seat, "seed": sha256(f"{self.game_no}/{number}/{seat}".encode()).hex()}
                 for seat in self.opening[0]["seed_seats"]]
        drawn = self.dealer.draw(self.opening, number, purpose(POKER_ROLL, self.game_no, number - self.starters),
                                 [POKER_DIE] * count,
                                 seeds, {})
        self.draws.append(drawn.secret)
        return ([*[("draw_seed", seed, None) for seed in seeds], ("draw_committed", drawn.public, drawn.secret),
                 ("cup_rolled", {"game": self.game_no, "draw": number}, None)], tuple(drawn.values))

    def reveal_cup(self) -> Command:
        """``draw_revealed`` of every draw of the game not revealed yet, ascending."""
        assert self.opening is not None
        shown = [("draw_revealed", self.dealer.reveal_draw(self.opening, secret), None)
                 for secret in self.draws[self.revealed:]]
        self.revealed = len(self.draws)
        return shown

    def forger(self) -> Forger:
        forger = Forger.__new__(Forger)
        forger.table_id = self.table_id
        forger.entries = rechain([entry_dict(entry) for entry in self.events.entries(self.table_id)])
        return forger


class Evening:
    """One evening at ``log``: the bracket of the seated players, each pair's match, game after game."""

    def __init__(self, log: PokerLog, rng: random.Random, settle: bool, level: bool = False) -> None:
        self.log, self.rng, self.settle, self.level = log, rng, settle, level
        log.evening_no += 1
        self.number, self.bracket = log.evening_no, new_bracket(sorted(log.seated))
        self.matches: dict[tuple[int, ...], Match] = {}
        entrants = sorted(log.seated)
        drawn = {"starters": "drawn"} if log.drawn else {}
        shuffled = log.drawn and len(entrants) >= 3
        started: Command = [("evening_started", {"evening": self.number, "entrants": entrants, **drawn,
                                                 **({"bracket": "drawn"} if shuffled else {})}, None)]
        if shuffled:
            drawing, order = log.draw_bracket(self.number, entrants)
            started += drawing
            self.bracket = new_bracket(order)
        log.command(started)

    @property
    def match(self) -> Match:
        """The match of the bracket's next pair."""
        seats = self.bracket.pending[0].seats
        return self.matches.get(tuple(sorted(seats))) or Match(seats[0], seats[1], self.log.settings.two_games)

    def play(self) -> None:
        """Every game of the evening, to its champion."""
        while self.bracket.champion is None:
            self.play_game()

    def play_game(self, stop_after: int | None = None) -> None:
        """The next game of the bracket, to its end (or ``stop_after`` commands into it)."""
        log, match = self.log, self.match
        key = tuple(sorted(match.seats))
        opener = match.next_starter
        assert opener is not None
        if log.drawn and key not in self.matches:
            command = log.start_game(match.seats, None)  # type: ignore[arg-type]
            drawing, opener = log.draw_starter(match.seats)
            match = self.matches[key] = Match(opener, match.other if opener == match.button else match.button,
                                              match.two_games)
            command += drawing
        else:
            command = log.start_game(match.seats, opener)
        entries, dice = log.roll(5)
        state = apply(new_game(log.settings, match.seats, opener), Roll(dice)).state
        log.command(command + entries)
        commands = 0
        while state.phase is not Phase.OVER and (stop_after is None or commands < stop_after):
            commands += 1
            state = self.move(state)

    def over(self, state: GameState) -> Command:
        """What a game's end adds to its last command: the settlement, and the champion after the final."""
        winner = state.winner
        assert winner is not None
        key = tuple(sorted(state.seats))
        match = self.match.record(winner)
        self.matches[key] = match
        if match.winner is not None:
            self.bracket = self.bracket.record(match.winner, state.other(match.winner))
        command: Command = []
        if self.settle:
            command.append(("game_settled", {"game": self.log.game_no, "winner": winner, "name": f"P{winner}",
                                             "players": [f"P{s}" for s in state.seats], "stakes": {}, "pot": None,
                                             "attempts": []}, None))
        if self.bracket.champion is not None:
            command.append(("evening_ended", {"evening": self.number, "champion": self.bracket.champion}, None))
        return command

    def move(self, state: GameState) -> GameState:
        """One command of the running game: a move picked among the legal actions, with what it brings."""
        log, rng = self.log, self.rng
        if state.phase is Phase.REVEALED:
            entries, dice = log.roll(5)
            presser = {"referee": True} if rng.random() < 0.2 else {"seat": rng.choice(state.seats)}
            state = apply(apply(state, NextRound()).state, Roll(dice)).state
            log.command([("next_round", presser, None)] + entries)
            return state
        action = level_pick(state) if self.level else pick(state, rng)
        after = apply(state, action).state
        bot = {"by_bot": True} if rng.random() < 0.2 else {}
        if isinstance(action, Declare):
            log.command([("declared", {"seat": action.seat, "declaration": action.declaration.to_dict(), **bot}, None)])
        elif isinstance(action, Believe):
            log.command([("believed", {"seat": action.seat, **bot}, None)])
        elif isinstance(action, Reroll):
            entries, dice = log.roll(pending_roll(after))
            log.command([("kept", {"seat": action.seat, "keep": list(action.keep), **bot}, None)] + entries)
            after = apply(after, Roll(dice)).state
        else:
            command: Command = [("doubted", {"seat": action.seat, **bot}, None)] + log.reveal_cup()
            log.command(command + (self.over(after) if after.phase is Phase.OVER else []))
        return after


def pick(state: GameState, rng: random.Random) -> Any:
    """A legal move: a doubt often, a true low declaration more often than a bluff, any keep."""
    actions = legal_actions(state)
    doubts = [a for a in actions if isinstance(a, Doubt)]
    if doubts and (len(actions) == 1 or rng.random() < 0.4):
        return doubts[0]
    if state.phase is Phase.DECLARING:
        true = [a for a in actions[:40] if isinstance(a, Declare) and a.declaration.is_in(state.cup)]
        return rng.choice(true[:3] if true and rng.random() < 0.7 else actions[:6])
    return rng.choice([a for a in actions if not isinstance(a, Doubt)])


def level_pick(state: GameState) -> Any:
    """The player ahead loses every round (the tokens stay level, the game meets its bound): the
    declarer ahead declares five sixes on a cup that is not, the other the best the cup holds; a doubt."""
    if state.phase is Phase.RESPONDING:
        return Doubt(state.other(state.holder))
    seat = state.holder
    if state.phase is Phase.KEEPING:
        return legal_actions(state)[0]
    ahead = state.tokens_of(seat) > state.tokens_of(state.other(seat))
    declaration = HIGHEST if ahead and state.cup != (6,) * 5 else max(declarations_in(state.cup))
    return Declare(seat, declaration)


def poker_evening(seed: int = 1, players: int = 2, rules: dict[str, Any] | None = None, evenings: int = 1,
                  settle: bool = False, in_play: int | None = None, level: bool = False, drawn: bool = False) -> PokerLog:
    """``players`` seated play ``evenings`` whole evenings (then, with ``in_play``, one more evening's
    first game is left ``in_play`` commands into it); with ``level`` every game meets its bound; ``drawn``:
    each match's first starter is drawn."""
    log = PokerLog(rules if rules is not None else {"tokens": 2, "turn_timer_s": 0}, seed, drawn=drawn)
    rng = random.Random(seed)
    for seat in range(players):
        log.sit(seat)
    for _ in range(evenings):
        Evening(log, rng, settle, level).play()
    if in_play is not None:
        Evening(log, rng, settle).play_game(in_play)
    return log
