"""The audit page's check lines in both languages (static/js/check_wording.js, run through node): for the
lines the verifier writes on real evenings (plain, refereed with every kind of attempt, every house-rule
preset, poker-dice evenings and brackets with their summary lines), the English catalogue gives back the
verifier's very words with every seat counted from 1 (as the table's seat chips; the log and both
verifiers count from 0), and the Russian one leaves no English: no log kind, draw purpose, export
format or seat word in Latin letters."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.fairness.verify import verify_export
from tests.audit.house_logs import house_evening, preset
from tests.audit.play_logs import Forger, cheating_evening, plain_evening
from tests.audit.poker_logs import poker_evening
from tests.support.seat_words import from_one

NODE = shutil.which("node")
SCRIPT = Path(__file__).parent / "js" / "check_words.mjs"
# What a Russian line may keep in Latin letters: hashes, fingerprints, the house's name, the round
# secrets and WebCrypto's name (log kinds, draw purposes and the export format are worded).
IDENTIFIERS = re.compile(r"[0-9a-f]{8,}…?|[0-9a-f]{4}(-[0-9a-f]{4}){3}|Tavern Jack"
                         r"|\bx_(r|\d+)\b|WebCrypto Ed25519|JSON")


def verifier_lines() -> tuple[list[str], set[str]]:
    """Every distinct check message of several evenings' exports, and their table ids."""
    exports = [Forger(plain_evening()).export(), Forger(cheating_evening()).export()]
    exports += [Forger(house_evening(preset(name, dice_per_player=2), seed=4, players=4, games=2)[0]).export()
                for name in ("kul_tiras", "perudo", "tavern")]
    exports += [poker_evening(**args).forger().export() for args in POKER_EVENINGS]
    reports = [verify_export(export) for export in exports]
    messages = {c.message for report in reports for c in report.checks} | {line for report in reports for line in report.summary}
    return sorted(messages), {export["table"] for export in exports}


POKER_EVENINGS = [dict(seed=1, players=2), dict(seed=2, players=3, settle=True), dict(seed=5, players=5, drawn=True),
                  dict(seed=7, players=2, rules={"tokens": 2, "two_games": True, "turn_timer_s": 0}, drawn=True),
                  dict(seed=4, players=3, in_play=3), dict(seed=6, players=2, settle=True, level=True)]
"""Poker-dice evenings: two players, brackets (in seat order and drawn), a match of two games, a round in play, the bound."""


def worded(messages: list[str], folder: Path) -> dict[str, list[str]]:
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    job = folder / "messages.json"
    job.write_text(json.dumps(messages), encoding="utf-8")
    done = subprocess.run([NODE, str(SCRIPT), str(job)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_check_lines_read_as_the_verifier_wrote_them_in_english_and_wholly_russian_in_russian(tmp_path: Path) -> None:
    messages, tables = verifier_lines()
    assert any("spot on" in m for m in messages) and any("throw" in m for m in messages)
    assert any("doubts" in m for m in messages) and any("rounds checked" in m for m in messages)
    words = worded(messages, tmp_path)
    assert words["en"] == [from_one(m) for m in messages]
    assert "seat 0" not in " ".join(words["en"]) and "seats 0" not in " ".join(words["en"])
    for message, russian in zip(messages, words["ru"]):
        left = IDENTIFIERS.sub("", russian)
        for table in tables:
            left = left.replace(table, "")
        assert not re.search(r"[A-Za-z]{2,}", left), (message, russian)


def test_a_game_ended_by_its_bound_reads_as_the_verifier_wrote_it_and_in_russian(tmp_path: Path) -> None:
    line = ("seq 5: seat 1 calls Liar on 3 × 4 by seat 0: 2 counted, so seat 0 loses 1 die; the game has reached "
            "its bound of 400 rounds: seat 1 holds the most dice and wins")
    words = worded([line], tmp_path)
    assert words["en"] == [line.replace("seat 1", "seat 2").replace("seat 0", "seat 1")]
    assert "предела в 400 раундов: больше всего кубиков у места 2" in words["ru"][0]
    assert not re.search(r"[A-Za-z]{2,}", IDENTIFIERS.sub("", words["ru"][0])), words["ru"][0]


def test_poker_draw_notes_and_an_altered_entry_read_wholly_russian_with_seats_from_one(tmp_path: Path) -> None:
    lines = ["note: this starter draw was rolled by the server alone: nobody was connected",
             "note: this bracket draw was rolled by the server alone: no seed arrived in time",
             "seq 7 (round_dealt): the hash does not match the entry's content: the entry was altered",
             "seq 9: draw 2 (poker_starter of game 1) gives 2: seat 1 starts, as the draw names",
             "game 2: seats 1, 0 (the starter is drawn): in play, 0 rounds checked"]
    words = worded(lines, tmp_path)
    assert words["en"] == [from_one(line) for line in lines]
    assert words["en"][3].endswith("seat 2 starts, as the draw names") and "seats 2, 1" in words["en"][4]
    for russian in words["ru"]:
        assert not re.search(r"[A-Za-z]{2,}", IDENTIFIERS.sub("", russian)), russian
    assert "раздача раунда" in words["ru"][2] and "места 2 и 1" in words["ru"][4]
