"""The one cleaner of free text people type: names, chat lines, messages, descriptions, stakes.

A text is a JSON string, normalised to NFC and trimmed. It may not hold a control, format
(bidi overrides, zero-width characters), surrogate or private-use character (Unicode
categories Cc, Cf, Cs, Co), a line or paragraph separator (U+2028, U+2029) or a noncharacter,
anywhere, trimmed part included; a field that allows several lines (``multiline``) takes line
breaks, written ``\\n``, ``\\r\\n`` or ``\\r`` and stored as ``\\n``. A text with no visible
character (only spaces, line breaks and blank fillers such as U+3164) is empty. Text is never
interpreted: every page renders it with ``textContent``.

>>> clean_text("  <b>Ура!</b> ", limit=500)
'<b>Ура!</b>'
>>> clean_text("first\\r\\nsecond", limit=500, multiline=True)
'first\\nsecond'
>>> clean_text("evil\\u202egnp.exe", limit=500)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a message may not contain control or format characters (U+202E)
>>> clean_text("\\u3164 ", limit=24, what="a name", codes=NAME_CODES)
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: a name needs at least one visible character
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from referee.rules.errors import MalformedAction

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
_BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols that render as nothing: a text of only these is empty."""
_BREAKS = frozenset("\n\r\u2028\u2029")


@dataclass(frozen=True, slots=True)
class TextCodes:
    """The error codes of one kind of text: nothing visible, a refused character, too long."""

    empty: str
    invalid: str
    too_long: str


TEXT_CODES = TextCodes("text/empty", "text/invalid", "text/too_long")
NAME_CODES = TextCodes("name/empty", "name/invalid", "name/too_long")


def is_refused(ch: str, multiline: bool = False) -> bool:
    """True when ``ch`` may not appear in a text (a line break is allowed in a ``multiline`` one).

    >>> is_refused("\\u200b"), is_refused("\\n"), is_refused("\\n", multiline=True), is_refused("é")
    (True, True, False, False)
    """
    if ch == "\n" and multiline:
        return False
    point = ord(ch)
    return (unicodedata.category(ch) in _REFUSED_CATEGORIES
            or 0xFDD0 <= point <= 0xFDEF or (point & 0xFFFE) == 0xFFFE)


def visible_only(text: str) -> str:
    """``text`` without any refused character (line breaks become spaces): for text that was
    stored before it was cleaned, on its way into lines pasted elsewhere.

    >>> visible_only("a\\u202eb\\nc\\u2028d")
    'ab c d'
    """
    return "".join(" " if ch in _BREAKS else ch for ch in text if ch in _BREAKS or not is_refused(ch))


def clean_text(value: Any, *, limit: int, what: str = "a message", allow_empty: bool = False,
               multiline: bool = False, codes: TextCodes = TEXT_CODES) -> str:
    """``value`` as a stored text: a string, NFC, trimmed, 1..``limit`` characters, no refused
    character; with ``allow_empty`` exactly ``""`` is accepted too (a blank text still is not)."""
    if not isinstance(value, str):
        raise MalformedAction("payload/malformed", f"{what} must be a string")
    if allow_empty and value == "":
        return ""
    if multiline:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    text = unicodedata.normalize("NFC", value)
    refused = next((ch for ch in text if is_refused(ch, multiline)), None)
    if refused is not None:
        raise MalformedAction(codes.invalid,
                              f"{what} may not contain control or format characters (U+{ord(refused):04X})")
    text = text.strip()
    if all(ch.isspace() or ch in _BLANK for ch in text):
        raise MalformedAction(codes.empty, f"{what} needs at least one visible character")
    if len(text) > limit:
        raise MalformedAction(codes.too_long, f"{what} has at most {limit} characters, got {len(text)}")
    return text
