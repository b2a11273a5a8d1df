"""Pure game rules: no Flask, no I/O, no clock, no randomness.

>>> from referee.games.liars_dice.rules import Settings, new_game
>>> new_game(Settings(), seats=(0, 1), opener=0).total_dice
10
>>> sorted(PRESETS)
['kul_tiras', 'perudo', 'tavern']
"""
from referee.games.liars_dice.rules.bids import Bid, count_matching, is_raise, legal_raises
from referee.games.liars_dice.rules.calls import callers
from referee.games.liars_dice.rules.engine import Step, apply, first_opener, legal_actions, new_game, order_for, outcome, pending_roll, replay
from referee.rules.errors import IllegalAction, MalformedAction, RulesError, SettingsConflict
from referee.games.liars_dice.rules.raising import BidOrder, bid_order
from referee.games.liars_dice.rules.roll_off import pending_roll_off
from referee.games.liars_dice.rules.settings import PRESETS, TABLE_SWITCHES, Settings
from referee.rules.event import Event
from referee.games.liars_dice.rules.state import (Action, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, NextRound, Phase, PlacedBid,
                    Roll, RollOff, RoundResult, SpotOn)

__all__ = [
    "Action", "Bid", "BidOrder", "CallLiar", "ChangeDie", "Event", "GameState", "IllegalAction",
    "LoseDie", "MakeBid", "MalformedAction", "NextRound", "PRESETS", "Phase", "PlacedBid", "Roll", "RollOff",
    "RoundResult", "RulesError", "Settings", "SettingsConflict", "SpotOn", "Step", "TABLE_SWITCHES",
    "apply", "bid_order", "callers", "count_matching", "first_opener", "is_raise", "legal_actions", "legal_raises",
    "new_game", "order_for", "outcome", "pending_roll", "pending_roll_off", "replay",
]
