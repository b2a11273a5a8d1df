"""Which sounds a new poker-dice state calls for (static/js/games/poker_bluff/sounds.js pokerSoundsFor, run
through node): a knock once when a declaration lands, the cup lifted once when a doubt shows it (a lost token
instead when it cost you), your turn once when it comes; a spectator's page stays quiet. (Whether any sound
plays at all is the page's mute switch, prefs.js "sound", checked in tests/browser/test_poker_replay.py.)"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CHECK = Path(__file__).parent / "js" / "poker_sounds_check.mjs"
NODE = shutil.which("node")


def state(seat, phase="declaring", turn=0, declared=0, round_no=1, result=None):
    game = {"game": 1, "round": round_no, "phase": phase, "turn": turn, "result": result,
            "declarations": [{"seat": 1, "kind": "single", "faces": [2]}] * declared}
    return {"you": {"seat": seat}, "game": game}


def sounds(pairs, tmp_path):
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    job = tmp_path / "poker_sounds_job.json"
    job.write_text(json.dumps(pairs))
    done = subprocess.run([NODE, str(CHECK), str(job)], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_each_moment_calls_for_its_sound_once(tmp_path):
    lost = {"loser": 0, "winner": 1}
    won = {"loser": 1, "winner": 0}
    pairs = [
        [None, state(0)],                                                                   # the page opens on your turn
        [state(0, turn=1), state(0, phase="responding", turn=0, declared=1)],               # a declaration lands: your turn
        [state(0, phase="responding", declared=1), state(0, phase="responding", declared=1)],  # the same state: silence
        [state(0, turn=0), state(0, phase="responding", turn=1, declared=1)],               # your own declaration lands
        [state(0, phase="responding", turn=1, declared=1), state(0, phase="revealed", turn=None, declared=1, result=won)],
        [state(0, phase="responding", turn=0, declared=1), state(0, phase="revealed", turn=None, declared=1, result=lost)],
        [state(0, phase="revealed", result=lost), state(0, phase="revealed", result=lost)],  # the same reveal
        [state(None, turn=1), state(None, phase="responding", turn=0, declared=1)],          # a spectator hears nothing
    ]
    assert sounds(pairs, tmp_path) == [["turn"], ["declared", "turn"], [], ["declared"], ["lifted"], ["lost"], [], []]
