"""Liar's Dice (RULES.md A) at a table: its rules, fold, commands, views, verifier, bots and arena."""
