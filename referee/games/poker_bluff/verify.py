"""The poker-dice family of the game verifier: a poker table's evenings re-derived with
``referee.games.poker_bluff.rules`` (RULES.md B).

``check_poker_bluff(entries, report)`` walks a poker table's log once, in order. The table's
entries (``table_created``: its rules, ``seat_taken``/``seat_left``: who is seated,
``rules_changed``: only between games) set the scene. An ``evening_started`` (numbers
consecutive, none running) enters every seated player, seats ascending, into ``new_bracket``;
each ``game_started`` must name the pair and starter the bracket and match give (the first
pair of the bracket round still to play, button first; its ``Match.next_starter``; in an evening
``"starters": "drawn"`` no starter for a match's first game, whose ``starter_drawn`` must follow its
revealed draw, and an evening after such an evening must draw too; an evening of three or more
``"bracket": "drawn"`` no game before its ``bracket_drawn``, whose order must be the shuffle of the
entrants its revealed draw gives, in a game of its own whose manifest names every entrant, and a later
evening of three or more must draw its bracket too; an evening of three or more from before brackets
were drawn pairs them in seat order, with a loud note), and its
game is re-derived by ``PokerGameReplay`` (rolls against their draws, every move, each doubt's
outcome and the tokens). A game's winner goes into its match, a match's into the bracket, and
once the final is decided the log must say ``evening_ended`` with the bracket's champion.
After the first mismatch of an evening the rest of it is not re-derived (everything after it
would follow from it). docs/fairness.md, "Poker-dice evenings", lists every check.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> check_poker_bluff([{"seq": 1, "kind": "table_created", "public": {"id": "t1", "rules": {"game": "poker_bluff"}}},
...                    {"seq": 2, "kind": "seat_taken", "public": {"seat": 0}},
...                    {"seq": 3, "kind": "seat_taken", "public": {"seat": 1}},
...                    {"seq": 4, "kind": "evening_started", "public": {"evening": 1, "entrants": [0, 1]}},
...                    {"seq": 5, "kind": "game_started", "public": {"game": 1, "seats": [1, 0], "opener": 1}}], report)
>>> [str(check) for check in report.failures]
['evening 1: seq 5: game 1 starts with seats 1, 0 (seat 1 opens), but the bracket and match give seats 0, 1 (seat 0 opens)']
>>> report = Report()
>>> check_poker_bluff([{"seq": 1, "kind": "table_created", "public": {"id": "t1", "rules": {"game": "poker_bluff"}}},
...                    {"seq": 2, "kind": "seat_taken", "public": {"seat": 0}},
...                    {"seq": 3, "kind": "seat_taken", "public": {"seat": 1}},
...                    {"seq": 4, "kind": "evening_started", "public": {"evening": 1, "entrants": [0, 1], "starters": "drawn"}},
...                    {"seq": 5, "kind": "game_started", "public": {"game": 1, "seats": [0, 1], "opener": 0}}], report)
>>> [str(check) for check in report.failures]
['evening 1: seq 5: game 1 starts with seats 0, 1 (seat 0 opens), but the bracket and match give seats 0, 1 (the starter is drawn)']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.rules.errors import RulesError
from referee.games.poker_bluff.rules import Bracket, Match, PokerSettings, new_bracket

from referee.fairness.purposes import bracket_order
from referee.games.poker_bluff.replay import PokerGameReplay, PokerStart, pair_text
from referee.fairness.report import Report

FAMILY_KEY = "game"


def poker_settings(rules: dict[str, Any]) -> PokerSettings:
    """The poker settings of a table's rules (the family's name left out).

    >>> poker_settings({"game": "poker_bluff", "tokens": 5}).tokens
    5
    """
    return PokerSettings.from_dict({key: value for key, value in rules.items() if key != FAMILY_KEY})


def revealed_draws(entries: list[dict[str, Any]]) -> dict[tuple[int, int], list[int]]:
    """The values of every draw the log reveals, by (game, draw), in item order.

    >>> revealed_draws([{"kind": "draw_revealed", "public": {"game": 2, "draw": 1, "results": [{"value": 4}]}}])
    {(2, 1): [4]}
    """
    return {(e["public"]["game"], e["public"]["draw"]): [r["value"] for r in e["public"]["results"]]
            for e in entries if e["kind"] == "draw_revealed"}


@dataclass(slots=True)
class _Evening:
    number: int
    bracket: Bracket
    matches: dict[tuple[int, ...], Match] = field(default_factory=dict)
    stopped: bool = False
    ended: bool = False
    starters_drawn: bool = False
    drawing_bracket: bool = False
    bracket_seats: list[int] | None = None
    """The seats the manifest of the evening's bracket draw names (None before it is opened)."""

    @property
    def step(self) -> str:
        return f"evening {self.number}"


class _Walk:
    def __init__(self, entries: list[dict[str, Any]], report: Report) -> None:
        self.report = report
        self.draws = revealed_draws(entries)
        self.settings: PokerSettings | None = None
        self.seated: set[int] = set()
        self.evening: _Evening | None = None
        self.game: PokerGameReplay | None = None
        self.last_game = 0
        self.recorded = True
        self.drew_starters: int | None = None
        """The first evening whose starters were drawn (every later one must draw them too)."""
        self.drew_bracket: int | None = None
        """The first evening whose bracket was drawn (every later one of three or more must draw it too)."""

    def feed(self, entry: dict[str, Any]) -> None:
        kind = entry["kind"]
        handler = getattr(self, "_" + kind, None) if kind in _TABLE_KINDS else None
        if handler is not None:
            handler(entry["seq"], entry["public"])
        elif kind == "game_opened" and self.game is None and self.evening is not None and self.evening.drawing_bracket:
            self.evening.bracket_seats = list(entry["public"]["seats"])
        elif self.game is not None and kind in PokerGameReplay.KINDS and self._of_this_game(entry):
            self.game.feed(entry)
            if kind == "starter_drawn":
                self._started_by()
            self._record()

    def _started_by(self) -> None:
        """A drawn starter holds the button of the match's games (``Match.next_starter``)."""
        game, evening = self.game, self.evening
        if game is None or evening is None or game.opener is None:
            return
        pair = tuple(sorted(game.seats))
        match = evening.matches[pair]
        if match.button != game.opener and not match.winners:
            evening.matches[pair] = Match(game.opener, match.button, match.two_games)

    def _of_this_game(self, entry: dict[str, Any]) -> bool:
        game = entry["public"].get("game")
        if game is None or self.game is None or game == self.game.number:
            return True
        self.report.fail(f"game {game}", f"seq {entry['seq']}: a {entry['kind']} entry for game {game} while game "
                                         f"{self.game.number} is being played")
        return False

    def _record(self) -> None:
        """A game just won goes into its match, a match won into the bracket."""
        game, evening = self.game, self.evening
        if self.recorded or game is None or game.winner is None or evening is None or game.state is None:
            return
        self.recorded = True
        pair = tuple(sorted(game.state.seats))
        match = evening.matches[pair].record(game.winner)
        evening.matches[pair] = match
        if match.winner is not None:
            evening.bracket = evening.bracket.record(match.winner, game.state.other(match.winner))

    def _table_created(self, seq: int, public: dict[str, Any]) -> None:
        try:
            self.settings = poker_settings(public["rules"])
        except RulesError as error:
            self.report.fail("table", f"seq {seq}: the table's poker rules are refused ({error.code})")

    def _seat_taken(self, _seq: int, public: dict[str, Any]) -> None:
        self.seated.add(public["seat"])

    def _seat_left(self, _seq: int, public: dict[str, Any]) -> None:
        self.seated.discard(public["seat"])

    def _rules_changed(self, seq: int, public: dict[str, Any]) -> None:
        if self.game is not None and not self.game.over:
            self.report.fail(f"game {self.game.number}", f"seq {seq}: the rules change while game {self.game.number} "
                                                         "is being played")
            return
        try:
            self.settings = poker_settings(public["rules"])
        except RulesError as error:
            self.settings = None
            self.report.fail("table", f"seq {seq}: the changed poker rules are refused ({error.code})")
            return
        by = "the referee" if public["by"] == "referee" else f"the host (seat {public['by']})"
        self.report.add("table", True, f"seq {seq}: {by} changes the rules between games; the next game plays them")

    def _evening_started(self, seq: int, public: dict[str, Any]) -> None:
        number, entrants = public["evening"], list(public["entrants"])
        drawn = "starters" in public
        previous = self.evening
        expected = previous.number + 1 if previous else 1
        step = f"evening {number}"
        self._end_game(seq)
        self._unended(seq)
        seated = sorted(self.seated)
        if previous is not None and not previous.stopped and previous.bracket.champion is None:
            problem = f"evening {number} starts while evening {previous.number} has no champion"
        elif number != expected:
            problem = f"evening {number} starts after evening {expected - 1}"
        elif entrants != seated:
            problem = (f"the evening enters seats {', '.join(map(str, entrants)) or 'none'}, but the seated players "
                       f"are {', '.join(map(str, seated)) or 'none'}")
        elif drawn and public["starters"] != "drawn":
            problem = "the evening's starters are something other than \"drawn\""
        elif not drawn and self.drew_starters is not None:
            problem = (f"the evening takes its matches' starters from seat order, but evening {self.drew_starters} "
                       "drew them: a server that stops drawing chooses who starts")
        else:
            problem = self._bracket_problem(public, entrants)
        if drawn and self.drew_starters is None:
            self.drew_starters = number
        shuffled = "bracket" in public
        if shuffled and self.drew_bracket is None:
            self.drew_bracket = number
        try:
            bracket = new_bracket(entrants)
        except RulesError as error:
            problem = problem or f"the rules cannot draw a bracket of seats {entrants} ({error.code})"
            bracket = new_bracket([0, 1])
        self.evening = _Evening(number, bracket, stopped=problem is not None, starters_drawn=drawn,
                                drawing_bracket=shuffled)
        if problem:
            self.report.fail(step, f"seq {seq}: {problem}")
            return
        if shuffled:
            self.report.add(step, True, f"seq {seq}: seats {', '.join(map(str, entrants))} enter the bracket; its order "
                                        "is drawn")
            return
        self.report.add(step, True, f"seq {seq}: seats {', '.join(map(str, entrants))} enter the bracket; round 1: "
                                    f"{_pairs(bracket)}")
        if len(entrants) >= 3:
            self.report.add(step, True, "note: the bracket pairs the entrants in seat order (a log from before brackets "
                                        "were drawn): the server could choose who plays whom by the seats it gave")

    def _bracket_problem(self, public: dict[str, Any], entrants: list[int]) -> str | None:
        """Why an evening's ``bracket`` marker is wrong: not "drawn", with fewer than three entrants, or absent
        for three or more after an evening that drew its bracket."""
        if "bracket" in public and (public["bracket"] != "drawn" or len(entrants) < 3):
            return "the evening's bracket is something other than \"drawn\" for three entrants or more"
        if "bracket" not in public and len(entrants) >= 3 and self.drew_bracket is not None:
            return (f"the evening pairs its bracket in seat order, but evening {self.drew_bracket} drew it: a server "
                    "that stops drawing chooses who plays whom")
        return None

    def _bracket_drawn(self, seq: int, public: dict[str, Any]) -> None:
        number, draw = public["game"], public["draw"]
        expected, self.last_game = self.last_game + 1, number
        evening = self.evening
        if evening is None:
            self.report.fail(f"evening {public['evening']}", f"seq {seq}: a bracket is drawn, but no evening is running")
            return
        if evening.stopped:
            return
        entrants, values = list(evening.bracket.entrants), self.draws.get((number, draw))
        if not evening.drawing_bracket or public["evening"] != evening.number:
            problem = f"a bracket of evening {public['evening']} is drawn while evening {evening.number} draws none"
        elif number != expected:
            problem = f"the bracket is drawn in game {number}, after game {expected - 1}"
        elif evening.bracket_seats != entrants:
            problem = f"the bracket's game {number} names seats {evening.bracket_seats}, not the entrants {entrants}"
        elif values is None or len(values) != len(entrants) - 1:
            problem = f"draw {draw} of game {number}, which orders the bracket, is not revealed as a bracket draw"
        elif public["order"] != bracket_order(entrants, values):
            problem = (f"the bracket's order is {public['order']}, but draw {draw} of game {number} gives "
                       f"{bracket_order(entrants, values)}")
        else:
            problem = None
        if problem:
            evening.stopped = True
            self.report.fail(evening.step, f"seq {seq}: {problem}")
            return
        evening.bracket, evening.drawing_bracket = new_bracket(public["order"]), False
        self.report.add(evening.step, True, f"seq {seq}: draw {draw} of game {number} orders the bracket "
                                            f"{', '.join(map(str, public['order']))}; round 1: {_pairs(evening.bracket)}")

    def _game_started(self, seq: int, public: dict[str, Any]) -> None:
        number, seats, opener = public["game"], list(public["seats"]), public["opener"]
        self._end_game(seq)
        self._unended(seq)
        expected, self.last_game = self.last_game + 1, number
        evening = self.evening
        if evening is not None and evening.drawing_bracket and not evening.stopped:
            evening.stopped = True
            self.report.fail(evening.step, f"seq {seq}: game {number} starts before the evening's bracket is drawn")
            return
        if number != expected:
            self.report.fail(f"game {number}", f"seq {seq}: game {number} starts after game {expected - 1}")
            return
        if evening is None or evening.bracket.champion is not None:
            self.report.fail(f"game {number}", f"seq {seq}: game {number} starts, but no evening is running")
            return
        if evening.stopped or self.settings is None:
            return
        pairing = evening.bracket.pending[0]
        key = tuple(sorted(pairing.seats))
        begun = evening.matches.get(key)
        match = begun or Match(pairing.seats[0], pairing.seats[1], self.settings.two_games)
        starter = None if evening.starters_drawn and begun is None else match.next_starter
        if seats != list(match.seats) or opener != starter:
            evening.stopped = True
            self.report.fail(evening.step, f"seq {seq}: game {number} starts with {pair_text(seats, opener)}, but the "
                                           f"bracket and match give {pair_text(match.seats, starter)}")
            return
        evening.matches[key] = match
        self.game = PokerGameReplay(PokerStart(number, seats, opener, seq, self.settings),
                                    {d: v for (g, d), v in self.draws.items() if g == number}, self.report)
        self.recorded = False
        of_match = f"game {len(match.winners) + 1} of their match" if match.two_games else "their match"
        self.report.add(f"game {number}", True, f"seq {seq}: {pair_text(seats, opener)} play {of_match} in round "
                                                f"{pairing.round} of evening {evening.number}'s bracket, as it gives")

    def _evening_ended(self, seq: int, public: dict[str, Any]) -> None:
        if self.game is not None and self.game.over:
            self._end_game(seq)  # the final is over (or stopped by an arena forfeit, which stops the evening)
        evening = self.evening
        if evening is None or evening.stopped:
            return
        champion = evening.bracket.champion
        evening.ended = True
        if public["evening"] != evening.number:
            self.report.fail(evening.step, f"seq {seq}: evening {public['evening']} ends while evening "
                                           f"{evening.number} is running")
        elif champion is None:
            self.report.fail(evening.step, f"seq {seq}: the evening ends with seat {public['champion']} the champion, "
                                           "but its bracket is not decided")
        elif public["champion"] != champion:
            self.report.fail(evening.step, f"seq {seq}: the evening ends with seat {public['champion']} the champion, "
                                           f"but the bracket's champion is seat {champion}")
        else:
            self.report.add(evening.step, True, f"seq {seq}: seat {champion} is the champion, as the bracket gives")

    def _end_game(self, seq: int | None) -> None:
        if self.game is not None:
            self.game.close(seq)
            self.report.summary.append(self.game.summary())
            if not self.game.over or self.game.winner is None:
                if self.evening is not None:
                    self.evening.stopped = True
            self.game = None

    def _unended(self, seq: int | None) -> None:
        evening = self.evening
        if evening is None or evening.stopped or evening.ended or evening.bracket.champion is None:
            return
        evening.ended = True
        at = f"seq {seq} moves on" if seq is not None else "the log ends"
        self.report.fail(evening.step, f"the bracket's final is decided (seat {evening.bracket.champion} is the "
                                       f"champion), but no evening_ended names it ({at})")

    def finish(self) -> None:
        self._end_game(None)
        self._unended(None)


_TABLE_KINDS = frozenset({"table_created", "seat_taken", "seat_left", "rules_changed", "evening_started",
                          "bracket_drawn", "game_started", "evening_ended"})


def _pairs(bracket: Bracket) -> str:
    """A bracket's current round in words."""
    return ", ".join(f"seat {p.seats[0]} has a bye" if p.is_bye else f"seats {p.seats[0]}–{p.seats[1]}"
                     for p in bracket.current)


def check_poker_bluff(entries: list[dict[str, Any]], report: Report) -> None:
    """Re-derive every evening of a poker table's log (``entries``, from ``table_created``) into ``report``."""
    try:
        walk = _Walk(entries, report)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        report.fail("log", "malformed draw_revealed entry: the games are not re-derived")
        return
    for entry in entries:
        try:
            walk.feed(entry)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            report.fail(f"seq {entry.get('seq')}", f"malformed {entry.get('kind')} entry: the games are not re-derived further")
            return
    walk.finish()
