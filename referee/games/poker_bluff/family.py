"""Poker-dice bluff (RULES.md B) as the shared floors see it: the family's one object (``referee.games.registry``).

>>> POKER_BLUFF.name, POKER_BLUFF.settings_from({"tokens": 2}).tokens, sorted(POKER_BLUFF.events)
('poker_bluff', 2, ['believe', 'declare', 'doubt', 'keep'])
>>> POKER_BLUFF.new_state().busy, POKER_BLUFF.cheating is None
(False, True)
"""
from __future__ import annotations

from typing import Any

from referee.fairness.purposes import BRACKET, POKER_ROLL, POKER_STARTER, bracket_items, starter_items
from referee.games.poker_bluff.bots.base import legal_actions
from referee.games.poker_bluff.bots.registry import make_poker_bot
from referee.games.poker_bluff.events import EVENTS
from referee.games.poker_bluff.fold import HANDLERS, PokerState, roll_items
from referee.games.poker_bluff.payloads import parse_poker_settings
from referee.games.poker_bluff.play import PokerBluffPlay
from referee.games.poker_bluff.rules import GameState, PokerSettings, pending_roll
from referee.games.poker_bluff.verify import check_poker_bluff
from referee.games.poker_bluff.views import VIEWS, poker_game_view
from referee.table.against import Turn
from referee.table.families import DueDraw, people
from referee.table.state import running_game
from referee.table.game_play import TableHost


class PokerBluff:
    """Poker-dice behind the shared floors' interface (``referee.table.families.Family``): evenings of
    brackets, the cup's rolls as committed draws; no roleplay cheating."""

    name = "poker_bluff"
    settings_type = PokerSettings
    handlers = HANDLERS
    cheating = None
    views = VIEWS
    events = EVENTS
    new_rules = staticmethod(parse_poker_settings)
    set_rules = staticmethod(parse_poker_settings)
    verifier = staticmethod(check_poker_bluff)
    draws = ()
    arena = ("referee.games.poker_bluff.arena", "poker_arena_main")

    def settings_from(self, rules: dict[str, Any]) -> PokerSettings:
        return PokerSettings.from_dict(rules)

    def new_state(self) -> PokerState:
        return PokerState()

    def play_for(self, table: TableHost) -> PokerBluffPlay:
        return PokerBluffPlay(table)

    def turn(self, state: Any) -> Turn | None:
        game = state.game
        if isinstance(game, GameState) and game.turn is not None:
            return (state.game_no, game.round_no, state.family_state.moves)
        return None

    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        return poker_game_view(running_game(state), seat, game_no=state.game_no)

    def make_bot(self, level: str, seed: int) -> Any:
        return make_poker_bot(level, seed=seed)

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        return legal_actions(view)[0]

    def obvious(self, view: dict[str, Any]) -> bool:
        return len(legal_actions(view)) == 1

    def out_of_turn(self, state: Any) -> tuple[int, ...]:
        return ()

    def due_draw(self, state: Any) -> DueDraw | None:
        game, evening = state.game, state.family_state.evening
        if evening is not None and evening.drawing_bracket:  # in its own game, whose manifest names every entrant
            return DueDraw(BRACKET, state.game_no + 1, bracket_items(len(evening.bracket.entrants)),
                           tuple(people(state)))
        if not isinstance(game, GameState):
            return None
        if evening is not None and evening.drawing:
            return DueDraw(POKER_STARTER, state.game_no, starter_items(game.seats), tuple(people(state)))
        count = pending_roll(game)
        return DueDraw(POKER_ROLL, state.game_no, roll_items(count), tuple(people(state))) if count else None


POKER_BLUFF = PokerBluff()
"""The poker-dice family."""
