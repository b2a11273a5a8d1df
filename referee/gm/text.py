"""Free text from people (chat, private messages, cheat descriptions, stakes): checked, never interpreted.

Text is kept exactly as typed (NFC, trimmed); it is never HTML: every page renders it with
``textContent``. Control characters other than a line break are refused.

>>> clean_text("  <b>Ура!</b>\\n ", limit=500)
'<b>Ура!</b>'
>>> clean_text("x" * 501, limit=500)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a message has at most 500 characters, got 501
"""
from __future__ import annotations

import unicodedata
from typing import Any

from referee.rules import MalformedAction

CHAT_LIMIT = 500
"""Characters in one chat line or private message."""


def clean_text(value: Any, *, limit: int, what: str = "a message", allow_empty: bool = False) -> str:
    """``value`` as a stored text: a string, NFC, trimmed, 1..``limit`` characters, no control characters."""
    if not isinstance(value, str):
        raise MalformedAction("payload/malformed", f"{what} must be a string")
    text = unicodedata.normalize("NFC", value).strip()
    if not text and not allow_empty:
        raise MalformedAction("text/empty", f"{what} needs at least one visible character")
    if any(ch != "\n" and unicodedata.category(ch) in ("Cc", "Cs", "Co") for ch in text):
        raise MalformedAction("text/invalid", f"{what} may not contain control characters")
    if len(text) > limit:
        raise MalformedAction("text/too_long", f"{what} has at most {limit} characters, got {len(text)}")
    return text
