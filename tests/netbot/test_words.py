"""The network bot's own lines: both languages say the same things, with the same placeholders,
and each line a run prints is one of them."""
from __future__ import annotations

import re
from pathlib import Path

from referee.netbot.words import LANGUAGES, WORDS, say

NETBOT = Path(__file__).resolve().parents[2] / "referee" / "netbot"


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_both_languages_have_the_same_keys_and_placeholders():
    assert set(WORDS) == set(LANGUAGES) == {"en", "ru"}
    assert set(WORDS["en"]) == set(WORDS["ru"])
    for key, english in WORDS["en"].items():
        assert placeholders(english) == placeholders(WORDS["ru"][key]), key
        assert WORDS["ru"][key] != english and re.search("[а-яА-Я]", WORDS["ru"][key]), key


def test_every_key_the_bot_says_is_a_line_of_both_languages():
    used = {key for path in NETBOT.glob("*.py") for key in re.findall(r'"(netbot\.\w+)"', path.read_text("utf-8"))}
    assert "netbot.no_bot" in used and used <= set(WORDS["en"])
    assert say("ru", "netbot.won", game=2) == "Игра 2 окончена: мы выиграли."
