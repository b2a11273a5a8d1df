"""Poker-dice at one table: the game object a poker-dice ``Table`` holds (``table.play``): an evening's
games, the cup's rolls as committed draws, the players' moves.

Each command is one transaction (docs/protocol.md, "A poker-dice table's log"):

* a start: ``evening_started`` when no evening is running; for an evening of three or more its bracket
  draw first, in a game of its own (``game_opened`` naming every entrant, the ``bracket`` draw seeded by
  every entrant, once their seeds are in or their wait ran out, its ``draw_revealed`` and
  ``bracket_drawn`` ``{evening, game, draw, order}``: the bracket order); then ``game_started`` (the pair and
  starter the bracket and match say), ``game_opened``, for a match's first game its starter draw
  (``draw_committed`` purpose ``{poker_starter, ref: game}`` seeded by both players, its
  ``draw_revealed`` and ``starter_drawn`` ``{game, draw, seat}``: the seat that starts), and the first roll;
* a roll, once both players' seeds are in or their wait ran out (``draw_seeding``; a command of its own
  when it waited): ``draw_seed`` of each, ``draw_committed`` (purpose ``{poker_roll, ref: game, counter}``, one ``("die", 6)`` per
  die to roll) and ``cup_rolled`` ``{game, draw}``; the draw stays unrevealed until a doubt;
* ``declared`` and ``believed``; ``kept`` and the roll of the other dice;
* ``doubted``, the reveal of every draw of the game not revealed yet (the cup is shown) and, when
  that ends the game, ``game_settled`` where a referee or stakes settle it and ``evening_ended``
  after the final;
* ``next_round`` (after a doubt that did not end the game) and the new round's roll.

>>> from referee.fairness.keys import Signer
>>> from referee.store.log import EventLog
>>> from referee.table.scheduler import ManualScheduler
>>> from referee.table.registry import Tables
>>> from referee.table.fair_dealer import FairDealer
>>> table = Tables(EventLog(":memory:"), FairDealer(Signer.from_private_bytes(bytes(32))), ManualScheduler(),
...                seed_wait_s=0).create({"game": "poker_bluff", "tokens": 1})
>>> table.join("Anna", "d0"), table.join("Ben", "d1")
(0, 1)
>>> table.start(0)
>>> [entry.kind for entry in table._events.entries(table.id)][3:]  # doctest: +NORMALIZE_WHITESPACE
['evening_started', 'game_started', 'game_opened', 'draw_committed', 'draw_revealed', 'starter_drawn',
 'draw_committed', 'cup_rolled']
>>> from referee.games.poker_bluff.rules import HIGHEST
>>> holder = table.game.holder  # the starter the draw named: seat 0 or 1
>>> table.play.declare(holder, HIGHEST); table.play.doubt(1 - holder)
>>> table.game.winner in (0, 1), table.current.family_state.evening.champion == table.game.winner
(True, True)
"""
from __future__ import annotations

from typing import Any

from referee.fairness import kinds
from referee.fairness.purposes import bracket_order
from referee.fairness.secrets_chain import MIN_DRAW_SLOTS
from referee.games.poker_bluff.rules import Believe, Declaration, Declare, Doubt, GameState, action_from_json, pending_roll

from referee.table.against import Turn, require_current
from referee.table.errors import TableError
from referee.table.game_play import GamePlay
from referee.table.settle import settlement

DRAW_SLOTS = 256
"""Draws a poker-dice game commits to at its opening: every roll is one, and two bots of medium
level with 10 tokens each were seen to need 1351 in a game (mean 358); people need far fewer.
A game that needs more draws on in blocks of 256, each announced half a block ahead
(docs/fairness.md, ``next_draw_root``), so the opening builds a 256-leaf tree, not 4096."""

class PokerBluffPlay(GamePlay):
    """The poker-dice commands of one table (``declare``, ``believe``, ``keep``, ``doubt``) and what the
    table asks of its game (a start, the roll after "next round", a drawn bracket, starter or roll)."""

    def declare(self, seat: int, declaration: Declaration, *, by_bot: bool = False,
                against: Turn | None = None) -> None:
        """``seat``, holding the cup, declares ``declaration`` (``by_bot``: a bot standing in for the seat;
        ``against``: the (game, round, step) the sender saw)."""
        self._move("declared", seat, {"declaration": declaration.to_dict()}, by_bot, against)

    def believe(self, seat: int, *, by_bot: bool = False, against: Turn | None = None) -> None:
        """``seat`` believes the declaration: the cup passes to them, to keep dice and re-roll."""
        self._move("believed", seat, {}, by_bot, against)

    def keep(self, seat: int, keep: tuple[int, ...], *, by_bot: bool = False, against: Turn | None = None) -> None:
        """``seat`` sets ``keep`` aside face up; the other dice of the cup are rolled at once."""
        with self.command():
            self._move("kept", seat, {"keep": list(keep)}, by_bot, against)
            self._poker_roll()
        self.notify()

    def doubt(self, seat: int, *, by_bot: bool = False, against: Turn | None = None) -> None:
        """``seat`` doubts the declaration: the cup is shown (every draw of the game is revealed), a token
        changes hands, and the game (and after the final, the evening) may end."""
        with self.command():
            self._move("doubted", seat, {}, by_bot, against)
            fairness = self.current.fairness
            if fairness is not None:
                for secret in fairness.unrevealed_draws():
                    self._commit(kinds.DRAW_REVEALED,
                                 self._dealer.reveal_draw((fairness.opening_public, fairness.opening_secret), secret))
            self._poker_game_end()
        self.notify()

    # -- what the table asks ------------------------------------------------------------------

    def start(self) -> None:
        self._start_poker()

    def begin_round(self) -> None:
        self._poker_roll()

    def drawn(self, number: int) -> None:
        evening = self.current.family_state.evening
        if evening is not None and evening.drawing_bracket:
            self._bracket_drawn(number)
        elif evening is not None and evening.drawing:
            self._starter_drawn(number)
        else:
            self._rolled(number)

    def act(self, seat: int, action: dict[str, Any], against: Turn) -> None:
        move = action_from_json(seat, action)
        if isinstance(move, Declare):
            self.declare(seat, move.declaration, by_bot=True, against=against)
        elif isinstance(move, Believe):
            self.believe(seat, by_bot=True, against=against)
        elif isinstance(move, Doubt):
            self.doubt(seat, by_bot=True, against=against)
        else:
            self.keep(seat, move.keep, by_bot=True, against=against)

    def _move(self, kind: str, seat: int, public: dict[str, Any], by_bot: bool, against: Turn | None) -> None:
        with self.command():
            self._require_seat(seat)
            require_current(self._turn(), against, moves="move(s)", idle="no round being played")
            self._commit(kind, {"seat": seat, **public, **({"by_bot": True} if by_bot else {})})
        self.notify()

    def _start_poker(self) -> None:
        """The entries of a start (inside the caller's command): a new evening when none is running (an
        evening of three or more waits for its bracket draw: ``_bracket_drawn`` opens its first game),
        then the bracket's next game, its manifest and its first roll."""
        state = self.current
        if state.game_running:
            raise TableError("game/running", "a game is already running at this table")
        if state.series_running and state.family_state.evening.drawing_bracket:
            raise TableError("evening/drawing", "the evening's bracket is being drawn: its first game starts then")
        if not state.series_running:
            if len(state.seats) < 2:
                raise TableError("start/too_few", "an evening needs at least 2 seated players")
            number = state.family_state.evening.number + 1 if state.family_state.evening is not None else 1
            entrants = sorted(state.seats)
            drawn = {"bracket": "drawn"} if len(entrants) >= 3 else {}
            self._commit("evening_started", {"evening": number, "entrants": entrants, "starters": "drawn", **drawn})
            if drawn:
                self._open_game(self.current.game_no + 1, entrants, MIN_DRAW_SLOTS)  # one draw: the fewest slots
                self.await_draw()
                return
        self._start_match_game()
        self._poker_roll()

    def _bracket_drawn(self, number: int) -> None:
        """The evening's bracket draw ``number`` is made: revealed at once, its shuffle is the bracket order,
        and the first game of the bracket opens (its starter draw is awaited next)."""
        fairness = self.current.fairness
        drawn = fairness.draw_at(number) if fairness is not None else None
        evening = self.current.family_state.evening
        if fairness is None or drawn is None or evening is None:
            raise TableError("bracket/draw", f"draw {number} is not a draw of this evening")
        self._commit(kinds.DRAW_REVEALED, self._dealer.reveal_draw((fairness.opening_public, fairness.opening_secret),
                                                                    drawn[1]))
        order = bracket_order(evening.bracket.entrants, [result["value"] for result in drawn[1]["results"]])
        self._commit("bracket_drawn", {"evening": evening.number, "game": fairness.opening_public["game"],
                                       "draw": number, "order": order})
        self._start_match_game()

    def _start_match_game(self) -> None:
        """``game_started`` for the bracket's next game and its manifest (inside the caller's command)."""
        evening = self.current.family_state.evening
        match = evening.next_match(self.current.settings.two_games) if evening is not None else None
        if match is None:
            raise TableError("evening/order", "this evening has no game left to play")
        game_no = self.current.game_no + 1
        self._commit("game_started", {"game": game_no, "seats": list(match.seats), "opener": evening.opener_of(match)})  # type: ignore[union-attr]
        self._open_game(game_no, sorted(match.seats), DRAW_SLOTS)

    def _open_game(self, game_no: int, seats: list[int], draw_slots: int) -> None:
        """``game_opened``: the manifest of game ``game_no`` for ``seats`` (a match's pair, or every entrant
        of an evening's bracket draw) and the people among them, committing to ``draw_slots`` draws."""
        people = [seat for seat in self.current.humans() if seat in seats]
        manifest, secret = self._dealer.open_game(self.id, game_no, {"game": "poker_bluff", **self.current.settings.to_dict()}, seats, people,
                                                  draw_slots=draw_slots)
        self._commit("game_opened", manifest, secret)

    def _poker_roll(self) -> None:
        """The dice the holder must roll now: awaited (the players' seeds, ``draw_seeding``), then drawn
        (committed, unrevealed) and rolled into the cup (``_rolled``)."""
        game = self.current.game
        if not isinstance(game, GameState) or pending_roll(game) == 0:
            return
        self.await_draw()

    def _starter_drawn(self, number: int) -> None:
        """The match's starter draw ``number`` is made: revealed at once, it names the seat that starts."""
        fairness = self.current.fairness
        drawn = fairness.draw_at(number) if fairness is not None else None
        if fairness is None or drawn is None:
            raise TableError("starter/draw", f"draw {number} is not a draw of this game")
        self._commit(kinds.DRAW_REVEALED, self._dealer.reveal_draw((fairness.opening_public, fairness.opening_secret),
                                                                    drawn[1]))
        seats = sorted(self.current.game.seats)  # type: ignore[union-attr]
        self._commit("starter_drawn", {"game": self.current.game_no, "draw": number,
                                       "seat": seats[int(drawn[1]["results"][0]["value"]) - 1]})

    def _rolled(self, number: int) -> None:
        """Poker roll draw ``number`` is made: it goes into the cup."""
        self._commit("cup_rolled", {"game": self.current.game_no, "draw": number})

    def _poker_game_end(self) -> None:
        """After a doubt: a finished game is settled where it applies (the evening's pot, every entrant's
    stake, goes to the winner of the final, its champion; the other games settle an empty pot),
    and a decided final ends the evening."""
        state = self.current
        if state.game is None or state.game.winner is None:
            return
        evening = state.family_state.evening
        decided = evening is not None and evening.champion is not None
        settled = settlement(state, pot_seats=evening.bracket.entrants if evening is not None and decided else ())
        if settled is not None:
            self._commit("game_settled", settled)
        evening = self.current.family_state.evening
        if evening is not None and evening.champion is not None and not evening.ended:
            self._commit("evening_ended", {"evening": evening.number, "champion": evening.champion})
