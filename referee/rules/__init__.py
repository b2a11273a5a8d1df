"""Pure game rules: no Flask, no I/O, no clock, no randomness.

>>> from referee.rules import Settings, new_game
>>> new_game(Settings(), seats=(0, 1), opener=0).total_dice
10
"""
from .bids import Bid, count_matching, is_raise, legal_raises
from .engine import Step, apply, first_opener, legal_actions, new_game, outcome, pending_roll, replay
from .errors import IllegalAction, MalformedAction, RulesError
from .settings import PRESETS, Settings
from .state import (Action, CallLiar, ChangeDie, Event, GameState, LoseDie, MakeBid, NextRound, Phase, PlacedBid,
                    Roll, RoundResult)

__all__ = [
    "Action", "Bid", "CallLiar", "ChangeDie", "Event", "GameState", "IllegalAction", "LoseDie", "MakeBid", "MalformedAction",
    "NextRound", "PRESETS", "Phase", "PlacedBid", "Roll", "RoundResult", "RulesError", "Settings", "Step",
    "apply", "count_matching", "first_opener", "is_raise", "legal_actions", "legal_raises", "new_game",
    "outcome", "pending_roll", "replay",
]
