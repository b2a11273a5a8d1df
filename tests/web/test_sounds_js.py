"""Which sounds a new state calls for (static/js/games/liars_dice/sounds.js soundsFor, run through node): your turn
once when it comes, a call once when a round is called, a lost die instead when the call cost you, somebody
else's bid as it lands, and each roll-off throw."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

CHECK = Path(__file__).parent / "js" / "sounds_check.mjs"


def state(seat, phase="bidding", turn=0, bids=0, round_no=1, result=None, bidder=1, throws=None):
    game = {"game": 1, "round": round_no, "phase": phase, "turn": turn, "result": result,
            "bids": [{"seat": bidder, "quantity": 1, "face": 2}] * bids,
            "roll_off": None if throws is None else {"throws": [{"dice": {}, "standing": []}] * throws, "seat_order": None}}
    return {"you": {"seat": seat}, "game": game}


def sounds(pairs, tmp_path):
    job = tmp_path / "sounds_job.json"
    job.write_text(json.dumps(pairs))
    done = subprocess.run(["/usr/bin/node", str(CHECK), str(job)], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_each_moment_calls_for_its_sound_once(tmp_path):
    lost = {"loser": 0, "dice_lost": 1}
    other = {"loser": 1, "dice_lost": 1}
    pairs = [
        [None, state(0)],                                               # the page opens on your turn
        [state(0, turn=1), state(0, turn=0, bids=1)],                   # your turn comes
        [state(0), state(0)],                                           # the same turn again: silence
        [state(0, turn=1), state(0, phase="revealed", turn=None, result=other)],   # a call, you kept your dice
        [state(0, turn=1), state(0, phase="revealed", turn=None, result=lost)],    # a call that cost you a die
        [state(0, phase="revealed", result=lost), state(0, phase="revealed", result=lost)],  # the same reveal
        [state(None, turn=1), state(None, turn=0, bids=1)],             # a spectator hears nothing
        [state(0), state(0, turn=1, bids=1, bidder=0)],                 # your own bid: somebody else's turn
        [state(0, turn=1), state(0, turn=2, bids=1)],                   # somebody else's bid lands
        [state(0, turn=1, bids=1), state(0, turn=1, bids=1)],           # the same bid again: silence
        [state(0, phase="rolling_off", turn=None, throws=0),
         state(0, phase="rolling_off", turn=None, throws=2)],          # two roll-off throws: two rolls
        [None, state(0, phase="rolling_off", turn=None, throws=2)],    # a page that opens on them: silence
    ]
    assert sounds(pairs, tmp_path) == [["turn"], ["turn"], [], ["call"], ["lost"], [], [], [], ["bid"], [], ["roll", "roll"], []]
