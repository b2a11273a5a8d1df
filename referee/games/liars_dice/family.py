"""Liar's Dice (RULES.md A) as the shared floors see it: the family's one object (``referee.games.registry``).

>>> LIARS_DICE.name, LIARS_DICE.settings_from({"dice_per_player": 3}).dice_per_player, sorted(LIARS_DICE.events)
('liars_dice', 3, ['bid', 'liar', 'seed', 'spot_on'])
"""
from __future__ import annotations

from typing import Any

from referee.fairness.purposes import ROLL_OFF
from referee.games.liars_dice.bots.base import legal_moves, to_action
from referee.games.liars_dice.bots.odds import bid_odds
from referee.games.liars_dice.bots.registry import make_bot
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.cheating import CHEATING
from referee.games.liars_dice.events import EVENTS
from referee.games.liars_dice.fold import HANDLERS, LiarsDiceState
from referee.games.liars_dice.payloads import parse_liars_rules, parse_liars_set_rules
from referee.games.liars_dice.play import LiarsDicePlay
from referee.games.liars_dice.roll_off import roll_off_items
from referee.games.liars_dice.rules import GameState, Phase, Settings, callers, pending_roll_off
from referee.games.liars_dice.verify_walk import check_liars_dice
from referee.games.liars_dice.views import VIEWS, game_view
from referee.table.against import Turn
from referee.table.check_draws import due_check
from referee.table.families import DueDraw, people
from referee.table.state import running_game
from referee.table.game_play import TableHost


class LiarsDice:
    """Liar's Dice behind the shared floors' interface (``referee.table.families.Family``)."""

    name = "liars_dice"
    settings_type = Settings
    handlers = HANDLERS
    cheating = CHEATING
    views = VIEWS
    events = EVENTS
    new_rules = staticmethod(parse_liars_rules)
    set_rules = staticmethod(parse_liars_set_rules)
    verifier = staticmethod(check_liars_dice)
    draws = ()
    arena = ("referee.games.liars_dice.arena", "arena_main")

    def settings_from(self, rules: dict[str, Any]) -> Settings:
        return Settings.from_dict(rules)

    def new_state(self) -> LiarsDiceState:
        return LiarsDiceState()

    def play_for(self, table: TableHost) -> LiarsDicePlay:
        return LiarsDicePlay(table)

    def turn(self, state: Any) -> Turn | None:
        game = state.game
        if isinstance(game, GameState) and game.phase is Phase.BIDDING:
            return (state.game_no, game.round_no, len(game.bids))
        return None

    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        return game_view(running_game(state), seat, game_no=state.game_no, roll_off=state.family_state.roll_off)

    def make_bot(self, level: str, seed: int) -> Any:
        return make_bot(level, seed=seed)

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        return to_action(legal_moves(view)[-1])

    def obvious(self, view: dict[str, Any]) -> bool:
        """One legal move only, or a standing bid that the seat's own dice show cannot be true."""
        if len(legal_moves(view)) == 1:
            return True
        seen = Situation.from_view(view)
        if seen.standing is None or not view.get("can_call"):
            return False
        unseen = view["total_dice"] - len(view["dice"])
        return bid_odds(seen.standing, view["dice"], unseen, seen.wild) == 0.0

    def out_of_turn(self, state: Any) -> tuple[int, ...]:
        game = state.game
        if game is None or self.turn(state) is None or game.settings.challenge != "anyone":
            return ()
        return tuple(seat for seat in callers(game) if seat != game.turn)

    def due_draw(self, state: Any) -> DueDraw | None:
        game = state.game
        throwing = pending_roll_off(game) if isinstance(game, GameState) else ()
        if not throwing:
            return due_check(state, people(state))
        return DueDraw(ROLL_OFF, state.game_no, roll_off_items(throwing),
                       tuple(seat for seat in people(state) if seat in throwing))


LIARS_DICE = LiarsDice()
"""The Liar's Dice family."""
