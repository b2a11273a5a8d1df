"""The server's logs are JSON lines and never carry a seat token or a die."""
from __future__ import annotations

import json

from tests.support.client import Player, create_table
from tests.support.server import running_server


def test_logs_are_structured_and_never_contain_a_token_or_dice(tmp_path):
    """At the most talkative level, DEBUG (one line a stored command)."""
    with running_server(tmp_path, log={"level": "DEBUG"}) as server:
        host = create_table(server.base_url, "Anna")
        anna = Player(server.base_url, host["table"], host["token"])
        ben = Player(server.base_url, host["table"])
        ben_token = ben.call("join", {"name": "Ben"})["token"]
        anna.call("start")
        state = anna.wait_for(lambda s: s["game"] and s["game"]["phase"] == "bidding")
        salts = state["private"]["salts"]
        anna.call("bid", {"quantity": 40, "face": 3})
        anna.call("bid", {"quantity": 1, "face": 2})
        ben.wait_for(lambda s: len(s["game"]["bids"]) == 1)
        ben.call("liar")
        anna.wait_for(lambda s: s["game"]["result"] is not None)
        anna.close()
        ben.close()
    lines = [line for line in server.log_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]
    assert any("round_dealt" in r["kinds"] for r in records if r["msg"] == "entries")  # one line a stored command
    assert any(r.get("code") == "bid/quantity" for r in records)
    text = "\n".join(lines)
    for secret in [host["token"], ben_token, *salts]:
        assert secret not in text
    for record in records:
        assert not {"dice", "hands", "salts", "secret", "token"} & set(record)
