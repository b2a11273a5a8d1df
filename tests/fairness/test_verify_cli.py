import io
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from referee.fairness import kinds
from referee.fairness.verify import verify_main

from .dishonest import DEAL_ALONE, round_dealt_with_nobody_connected
from .dishonest_draws import poker_roll_nobody_connected
from .logbook import FakeLog, entries_of, play_game


@pytest.fixture(scope="module")
def export():
    log = FakeLog()
    play_game(log, seats=(0, 1), dice=2)
    return log.export()


def run(argv):
    out = io.StringIO()
    return verify_main(argv, out=out), out.getvalue().splitlines()


def test_a_clean_export_file_exits_0_with_one_ok_line(tmp_path, export):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(export))
    status, lines = run([str(path)])
    assert status == 0 and len(lines) == 1 and lines[0].startswith("OK: all ")


def test_a_tampered_export_exits_1_with_one_line_per_failed_check(tmp_path, export):
    bad = json.loads(json.dumps(export))
    entries_of(bad, kinds.ROUND_REVEALED)[0]["public"]["x"] = "00" * 32
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(bad))
    status, lines = run([str(path)])
    assert status == 1
    assert "FAIL game 1 round 1: x_1 does not hash back to the manifest's anchor x_0" in lines
    assert all(line.startswith("FAIL ") for line in lines)


def test_an_unreadable_file_exits_1_with_the_reason(tmp_path):
    status, lines = run([str(tmp_path / "absent.json")])
    assert status == 1 and lines[0].startswith(f"cannot read {tmp_path / 'absent.json'}")


def test_an_export_is_fetched_from_an_http_url(export):
    body = json.dumps(export).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        status, lines = run([f"http://127.0.0.1:{server.server_address[1]}/t/tbl-7/audit.json"])
    finally:
        server.shutdown()
        server.server_close()
    assert status == 0 and lines[0].startswith("OK: all ")


def test_a_cup_the_server_rolled_alone_is_said_in_words(tmp_path):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(poker_roll_nobody_connected()))
    status, lines = run([str(path)])
    assert status == 0
    assert lines[0] == "NOTE game 1 draw 1: note: this cup was rolled by the server alone: nobody was connected"
    assert lines[-1].startswith("OK: all ")


def test_a_round_the_server_dealt_alone_is_said_in_words(tmp_path):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(round_dealt_with_nobody_connected()))
    status, lines = run([str(path)])
    assert status == 0
    assert lines[0] == f"NOTE {DEAL_ALONE}"
    assert lines[-1].startswith("OK: all ")
