"""Free text of game-master mode (chat lines, private messages, cheat descriptions, stakes):
its limits; every text goes through the one cleaner, ``referee.text.clean_text``.

Chat lines, private messages, stakes and chat names are one line; a cheat description may
hold line breaks.

>>> clean_text("  <b>Ура!</b> ", limit=CHAT_LIMIT)
'<b>Ура!</b>'
>>> clean_text("x" * 501, limit=CHAT_LIMIT)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a message has at most 500 characters, got 501
"""
from __future__ import annotations

from referee.text import clean_text

__all__ = ["CHAT_LIMIT", "clean_text"]

CHAT_LIMIT = 500
"""Characters in one chat line, private message or cheat description."""
