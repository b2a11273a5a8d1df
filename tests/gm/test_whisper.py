"""Whisper lines for tricky names in each chat's syntax."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.gm.whisper import WOW_MESSAGE_LIMIT, whisper_lines, whisper_target


@pytest.mark.parametrize("name, wow, roll20, plain", [
    ("Anna", "Anna", "Anna", "Anna"),
    ("Анна", "Анна", "Анна", "Анна"),
    ("Jaina Proudmoore", "Jaina", "Jaina Proudmoore", "Jaina Proudmoore"),
    ("Анна из Штормграда", "Анна", "Анна из Штормграда", "Анна из Штормграда"),
    ("Thrall-Ревущий фьорд", "Thrall-Ревущийфьорд", "Thrall-Ревущий фьорд", "Thrall-Ревущий фьорд"),
    ("Sylvanas-Azjol-Nerub", "Sylvanas-AzjolNerub", "Sylvanas-Azjol-Nerub", "Sylvanas-Azjol-Nerub"),
    ('Sir "Bob" Smith', "Sir", "Sir Bob Smith", 'Sir "Bob" Smith'),
    ("Zoë 🎲", "Zoë", "Zoë 🎲", "Zoë 🎲"),
    ("🎲🎲", None, "🎲🎲", "🎲🎲"),
    ("O'Neil", "ONeil", "O'Neil", "O'Neil"),
    ("X" * 24, "X" * 24, "X" * 24, "X" * 24),
    ("Ben the Bold [[1d20]]", "Ben", "Ben the Bold [ [1d20] ]", "Ben the Bold [[1d20]]"),
])
def test_each_chat_gets_a_target_it_can_parse(name, wow, roll20, plain):
    assert whisper_target("wow", name) == wow
    assert whisper_target("roll20", name) == roll20
    assert whisper_target("plain", name) == plain


def test_wow_lines_are_one_word_targets_and_messages_of_at_most_255_characters():
    message = "Твои кости: " + " ".join(["шесть"] * 80)
    lines = whisper_lines("wow", "Анна Каренина", [message]).lines
    assert len(lines) > 1
    for line in lines:
        assert line.startswith("/w Анна ")
        assert len(line[len("/w Анна "):]) <= WOW_MESSAGE_LIMIT
    assert " ".join(line[len("/w Анна "):] for line in lines) == message


def test_wow_pipes_and_line_breaks_cannot_escape_the_message():
    line = whisper_lines("wow", "Anna", ["a|cFFFF0000red\nsecond"]).lines
    assert line == ["/w Anna a¦cFFFF0000red second"]


def test_roll20_quotes_the_target_and_defuses_inline_rolls_and_macros():
    line = whisper_lines("roll20", 'Анна "Тень" Ли', ["[[1d20+5]] @{target|hp} &{template:default} ?{Q|1}"]).lines[0]
    assert line.startswith('/w "Анна Тень Ли" ')
    for dangerous in ("[[", "]]", "@{", "&{", "?{"):
        assert dangerous not in line


ROLL20_RUNS = ("[[", "]]", "@{", "%{", "&{", "?{")


def test_roll20_defuses_inline_rolls_in_the_target_too():
    whisper = whisper_lines("roll20", "Ben the Bold [[1d20]] @{hp}", ["Your dice: 1 2"])
    assert whisper.lines == ['/w "Ben the Bold [ [1d20] ] @ {hp}" Your dice: 1 2']
    assert whisper.adjusted


@given(st.text(alphabet='[]{}@%&?" ab', max_size=12), st.text(alphabet="[]{}@%&? ab", max_size=12))
def test_no_roll20_line_holds_anything_roll20_would_run(name, message):
    for line in whisper_lines("roll20", name, [message]).lines:
        assert not any(run in line for run in ROLL20_RUNS), line


def test_a_name_with_no_usable_target_gives_no_lines_and_says_so():
    whisper = whisper_lines("wow", "🎲", ["Твои кости: 1 2"])
    assert (whisper.target, whisper.lines, whisper.adjusted) == (None, [], True)


def test_the_referee_can_set_a_chat_name_that_the_relay_uses():
    from .support import evening

    night = evening(gm={"whisper_format": "roll20"})
    assert night.ref("referee_whisper_name", {"seat": 0, "name": "Jaina Proudmoore"})["ok"]
    relay = {w["seat"]: w for w in night.referee_state()["gm"]["whispers"]}
    assert relay[0]["target"] == "Jaina Proudmoore"
    assert relay[0]["lines"][0].startswith('/w "Jaina Proudmoore" Your dice: ')
    assert relay[1]["lines"][0].startswith('/w "Бен" ')
