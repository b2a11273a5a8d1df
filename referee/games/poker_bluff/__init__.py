"""Poker-dice bluff (RULES.md B) at a table: its rules, fold, commands, views, verifier, bots and arena."""
