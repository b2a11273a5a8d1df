"""A poker-dice evening at a table: the bracket of everyone seated at its start, and its matches.

An evening begins with ``evening_started`` (every seated player, seat order, enters
``new_bracket``). An evening of three or more whose bracket is drawn (``"bracket": "drawn"``, every
such evening logged since) waits (``drawing_bracket``) for its ``bracket`` draw, made in a game of its
own, whose shuffle of the entrants (``bracket_drawn``) is the bracket order (``paired``); before, the
bracket paired the entrants in seat order. The table then plays, one game at a time, the first pair of the current
bracket round still to play: its ``Match`` (one game, or two and a decider under ``two_games``)
says who starts. In an evening whose starters are drawn (``"starters": "drawn"``, every evening
logged since) the first game of each match starts with its starter undrawn (``drawing``): the
match's ``poker_starter`` draw names the button (``started_by``), who starts that game; before,
the pairing's first seat held the button. A decided match records its winner in the bracket;
once the final is decided the evening has a champion, and ``evening_ended`` says so.

>>> evening = Evening.begin(1, (0, 1, 2))
>>> match = evening.next_match(two_games=False)
>>> match.seats, match.next_starter
((0, 1), 0)
>>> evening = evening.playing(match).record(winner=1)
>>> evening.next_match(two_games=False).seats, evening.contenders
((1, 2), (1, 2))
>>> evening = evening.playing(evening.next_match(two_games=False)).record(winner=2)
>>> evening.champion, evening.next_match(two_games=False)
(2, None)
>>> shuffled = Evening.begin(1, (0, 1, 2), bracket_drawn=True)
>>> shuffled.drawing_bracket, shuffled.next_match(two_games=False)
(True, None)
>>> shuffled.paired((2, 0, 1)).next_match(two_games=False).seats
(2, 0)
>>> drawn = Evening.begin(1, (0, 1), starters_drawn=True)
>>> match = drawn.next_match(two_games=True)
>>> drawn.opener_of(match), drawn.playing(match).drawing
(None, True)
>>> drawn = drawn.playing(match).started_by(1)
>>> drawn.matches[-1].seats, drawn.drawing, drawn.opener_of(drawn.next_match(two_games=True))
((1, 0), False, 1)
>>> drawn.brackets, Evening.begin(2, (0, 1, 2), brackets_before=drawn.brackets).brackets   # a game of two is no bracket
(0, 1)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.games.poker_bluff.rules import Bracket, Match, new_bracket


@dataclass(frozen=True, slots=True)
class Evening:
    """Evening ``number`` (1, 2, ... over the table's life): its ``bracket``, every match begun
    (oldest first; the last one may be running), and whether ``evening_ended`` was logged."""

    number: int
    bracket: Bracket
    matches: tuple[Match, ...] = ()
    ended: bool = False
    starters_drawn: bool = False
    """The first game of each match starts with a drawn starter (evenings logged before: the pairing's first seat)."""
    drawing: bool = False
    """The last match begun waits for its starter draw (its first game rolls nothing before it)."""
    drawing_bracket: bool = False
    """The evening waits for its bracket draw: no match begins before it."""
    brackets: int = 0
    """How many evenings of three entrants or more (brackets) the table has held, this one included:
    the page titles a bracket by it ("Evening 2"), so a game of two before it is no evening counted."""

    @classmethod
    def begin(cls, number: int, entrants: Sequence[int], starters_drawn: bool = False,
              bracket_drawn: bool = False, brackets_before: int = 0) -> "Evening":
        """Evening ``number`` with ``entrants`` in bracket order (``bracket/entrants`` unless 2+ distinct seats);
        ``bracket_drawn``: the order is drawn first (``paired``); ``brackets_before``: the table's
        brackets so far (``brackets`` counts this one too when it has three entrants or more)."""
        brackets = brackets_before + (1 if len(entrants) >= 3 else 0)
        return cls(number, new_bracket(entrants), starters_drawn=starters_drawn, drawing_bracket=bracket_drawn,
                   brackets=brackets)

    def paired(self, order: Sequence[int]) -> "Evening":
        """The evening once its bracket draw gave the entrants' ``order``."""
        return replace(self, bracket=new_bracket(order), drawing_bracket=False)

    @property
    def champion(self) -> int | None:
        """The bracket's champion once the final is decided."""
        return self.bracket.champion

    @property
    def contenders(self) -> tuple[int, ...]:
        """The entrants not knocked out yet, in bracket order (the champion alone at the end)."""
        out = {seat for round_ in self.bracket.rounds for pairing in round_ if pairing.winner is not None
               for seat in pairing.seats if seat != pairing.winner}
        return tuple(seat for seat in self.bracket.entrants if seat not in out)

    def match_of(self, seats: Sequence[int]) -> Match | None:
        """The match begun between these two seats (either order), or None."""
        wanted = set(seats)
        return next((match for match in self.matches if set(match.seats) == wanted), None)

    def next_match(self, two_games: bool) -> Match | None:
        """The match whose next game the table plays now: the first pair of the current bracket
        round without a winner (the match begun for it, or a new one, its first seat on the button);
        None while the bracket is drawn and once the evening has a champion."""
        pending = [pairing for pairing in self.bracket.pending if not pairing.is_bye]
        if self.champion is not None or not pending or self.drawing_bracket:
            return None
        seats = pending[0].seats
        return self.match_of(seats) or Match(seats[0], seats[1], two_games)

    def opener_of(self, match: Match) -> int | None:
        """Who starts ``match``'s next game as ``game_started`` names it: None for a new match whose starter is drawn."""
        if self.starters_drawn and self.match_of(match.seats) is None:
            return None
        return match.next_starter

    def playing(self, match: Match) -> "Evening":
        """The evening once a game of ``match`` has started (a new match is added to ``matches``, ``drawing``
        its starter when starters are drawn)."""
        if self.match_of(match.seats) is not None:
            return self
        return replace(self, matches=self.matches + (match,), drawing=self.starters_drawn)

    def started_by(self, starter: int) -> "Evening":
        """The evening once the starter draw of the last match begun named ``starter``: the button is theirs."""
        match = self.matches[-1]
        drawn = Match(starter, match.other if starter == match.button else match.button, match.two_games)
        return replace(self, matches=self.matches[:-1] + (drawn,), drawing=False)

    def record(self, winner: int) -> "Evening":
        """The evening after ``winner`` won a game of the last match begun: a decided match goes to the bracket."""
        match = self.matches[-1].record(winner)
        bracket = self.bracket
        if match.winner is not None:
            bracket = bracket.record(winner=match.winner, loser=match.other if match.winner == match.button
                                     else match.button)
        return replace(self, bracket=bracket, matches=self.matches[:-1] + (match,))
