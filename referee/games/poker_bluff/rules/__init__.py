"""Poker-dice bluff ("Верю — не верю", RULES.md B), the second rules family: pure, like Liar's Dice.

Two players pass one cup of five dice and declare poker-dice combinations (``declarations``);
the other believes (takes the cup, keeps some declared dice, re-rolls the rest and must declare
higher) or doubts (the cup is shown, a token changes hands). ``match`` plays one or two games
between two players, ``bracket`` more players in pairs. Shared with Liar's Dice: the errors and
the ``Event`` (with its audience); nothing else.

>>> from referee.games.poker_bluff.rules import PokerSettings, new_game, apply, Roll, legal_actions
>>> state = apply(new_game(PokerSettings(), seats=(0, 1), starter=1), Roll((2, 2, 5, 5, 1))).state
>>> state.holder, len(legal_actions(state))
(1, 192)
"""
from referee.games.poker_bluff.rules.bracket import Bracket, Pairing, draw, new_bracket
from referee.games.poker_bluff.rules.declarations import (ALL, HIGHEST, KINDS, SHAPES, Declaration, declarations_in, from_dice, from_dict, higher_than,
                           keepable, parse)
from referee.games.poker_bluff.rules.engine import CUP, ROUND_BOUND, Step, apply, keep_choices, legal_actions, new_game, outcome, pending_roll, replay
from referee.games.poker_bluff.rules.match import Match
from referee.games.poker_bluff.rules.settings import PokerSettings
from referee.games.poker_bluff.rules.state import (Action, Believe, Declare, Doubt, GameState, NextRound, Phase, PlacedDeclaration, Reroll, Roll,
                    RoundResult)
from referee.games.poker_bluff.rules.wire import action_from_json

__all__ = [
    "ALL", "Action", "Believe", "Bracket", "CUP", "Declaration", "Declare", "Doubt", "GameState", "HIGHEST", "KINDS",
    "Match", "NextRound", "Pairing", "Phase", "PlacedDeclaration", "PokerSettings", "ROUND_BOUND", "Reroll", "Roll",
    "RoundResult",
    "SHAPES", "Step", "action_from_json", "apply", "declarations_in", "draw", "from_dice", "from_dict", "higher_than",
    "keep_choices", "keepable", "legal_actions", "new_bracket", "new_game", "outcome", "parse", "pending_roll", "replay",
]
