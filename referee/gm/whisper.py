"""Whisper relay: copy-ready lines that tell one player their private result in another game's chat.

Formats (a table setting):

* ``wow``: World of Warcraft ``/w Name message``. The client takes the first word after
  ``/w`` as the target; a character name is one word of letters (Cyrillic on Russian realms),
  and another realm is written ``Name-Realm`` with the realm's spaces removed. So the target
  is the first word of the seat's name, letters only; after a ``-`` the realm keeps its
  letters. A message holds at most 255 characters, so a longer text becomes several lines;
  ``|`` starts an escape sequence in WoW chat and is replaced by ``¦``.
* ``roll20``: Roll20 ``/w "Name" message``. Quotes let the target contain spaces; a ``"``
  inside a name cannot be escaped, so it is dropped. ``[[ ]]`` (inline rolls) and ``@{``,
  ``%{``, ``&{``, ``?{`` (attributes, abilities, templates, queries) would be executed by
  Roll20, so they are broken apart with a space, in the message and in the target alike.
* ``plain``: ``Name: message``.

Names and messages reach the lines without any control or format character (a bidi override
would turn the pasted line around), even from a log written before text was cleaned.

When a seat's name gives no usable target (an emoji, only digits), ``target`` is None and
the referee sets a chat name for that seat (``referee_whisper_name``).

>>> whisper_lines("wow", "Анна из Штормграда", ["Твои кости: 2 3 5"]).lines
['/w Анна Твои кости: 2 3 5']
>>> whisper_lines("wow", "Thrall-Ревущий фьорд", ["hi"]).lines
['/w Thrall-Ревущийфьорд hi']
>>> whisper_lines("roll20", 'Sir "Bob" Smith', ["You rolled [[1d20]]"]).lines
['/w "Sir Bob Smith" You rolled [ [1d20] ]']
>>> whisper_lines("roll20", "Ben the Bold [[1d20]]", ["hi"]).lines
['/w "Ben the Bold [ [1d20] ]" hi']
>>> whisper_lines("plain", "Ben", ["a", "b"]).lines
['Ben: a', 'Ben: b']
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from referee.text import visible_only

WOW_MESSAGE_LIMIT = 255
# A character that, with the next one, opens or closes something Roll20 would run: ``[[``, ``]]``, ``@{``...
_ROLL20_OPENER = re.compile(r"(\[(?=\[)|\](?=\])|[@%&?](?=\{))")


@dataclass(frozen=True, slots=True)
class Whisper:
    """The target as written in the chat (None: no usable target), whether it differs from the
    seat's name, and the lines to paste, one message each."""

    target: str | None
    adjusted: bool
    lines: list[str]


def whisper_target(fmt: str, name: str) -> str | None:
    """The whisper target for ``name`` in chat ``fmt``, or None when nothing usable is left.

    >>> whisper_target("wow", "🎲"), whisper_target("wow", "Jaina Proudmoore"), whisper_target("roll20", '"')
    (None, 'Jaina', None)
    >>> whisper_target("roll20", "Ben @{hp}")
    'Ben @ {hp}'
    """
    name = visible_only(name)
    if fmt == "wow":
        words = name.split()
        character, dash, _ = (words[0] if words else "").partition("-")
        character = _letters(character)
        realm = _letters(name.partition("-")[2]) if dash else ""
        if not character:
            return None
        return f"{character}-{realm}" if realm else character
    if fmt == "roll20":
        cleaned = " ".join(name.replace('"', " ").split())
        return _defused(cleaned) or None
    cleaned = " ".join(name.split())
    return cleaned or None


def whisper_lines(fmt: str, name: str, messages: Sequence[str]) -> Whisper:
    """The lines that whisper each of ``messages`` to ``name`` in chat ``fmt``."""
    target = whisper_target(fmt, name)
    if target is None:
        return Whisper(None, True, [])
    lines: list[str] = []
    for message in messages:
        text = " ".join(visible_only(message).split())
        if fmt == "wow":
            lines += [f"/w {target} {part}" for part in _split(text.replace("|", "¦"), WOW_MESSAGE_LIMIT)]
        elif fmt == "roll20":
            lines.append(f'/w "{target}" {_defused(text)}')
        else:
            lines.append(f"{target}: {text}")
    return Whisper(target, target != " ".join(name.split()), lines)


def _defused(text: str) -> str:
    """``text`` with every Roll20 inline-roll and macro opener broken apart by a space.

    >>> _defused("[[[1d6]]] ?{Q}")
    '[ [ [1d6] ] ] ? {Q}'
    """
    return _ROLL20_OPENER.sub(r"\1 ", text)


def _letters(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in ("L", "M"))


def _split(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut at spaces where possible.

    >>> _split("aa bb cc", 5)
    ['aa bb', 'cc']
    >>> _split("abcdefg", 3)
    ['abc', 'def', 'g']
    """
    parts: list[str] = []
    current = ""
    for word in text.split(" "):
        while len(word) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(word[:limit])
            word = word[limit:]
        candidate = f"{current} {word}" if current else word
        if len(candidate) > limit:
            parts.append(current)
            current = word
        else:
            current = candidate
    if current:
        parts.append(current)
    return parts
