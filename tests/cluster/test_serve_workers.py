"""``referee serve --workers N``: N processes on consecutive ports, none restarted silently, all
stopped by SIGTERM; several workers refused on SQLite with one clear line."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from tests.support.cluster import answers, wait_until
from tests.support.server import REPO, _toml, server_settings, two_free_ports


def logged(path, message):  # noqa: ANN001
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("msg") == message]


def test_serve_workers_runs_n_processes_restarts_none_and_stops_all_on_sigterm(tmp_path, postgres):
    port = two_free_ports()
    config = tmp_path / "config.toml"
    settings = server_settings(tmp_path, store={"database": postgres.new_database(), "lease_s": 3})
    settings["fairness"]["signing_key"] = str(tmp_path / "server_key.pem")
    config.write_text(_toml(settings), encoding="utf-8")
    log = tmp_path / "workers.log"
    with open(log, "ab") as output:
        supervisor = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--workers", "2", "--config",
                                       str(config), "--port", str(port)], cwd=REPO, stdout=output,
                                      stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        started = wait_until(lambda: logged(log, "workers started"), what="the start line")[0]
        wait_until(lambda: answers(port) and answers(port + 1), seconds=90, what="both workers answering")
        assert started["ports"] == [port, port + 1]
        first, second = started["pids"]
        os.kill(first, signal.SIGKILL)
        exited = wait_until(lambda: logged(log, "worker exited"), what="the worker's exit logged")[0]
        assert (exited["pid"], exited["port"], exited["left"]) == (first, port, 1)
        assert not answers(port) and answers(port + 1) and supervisor.poll() is None  # not restarted
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(20) == 0
        assert not answers(port + 1)
        stopped = wait_until(lambda: logged(log, "workers stopped"), what="the stop line")[0]
        assert stopped["statuses"][1] == 0  # a planned stop: the worker handed its tables back and exited 0
        assert len(logged(log, "no message queue")) == 2  # each worker on PostgreSQL without Redis says so
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()
        for line in logged(log, "workers started"):  # a failed test leaves no worker behind
            for pid in line["pids"]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def test_several_workers_on_sqlite_are_refused_with_one_clear_line(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(_toml(server_settings(tmp_path)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee.cli", "serve", "--workers", "2", "--config", str(config)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        'referee serve: error: serve --workers 2 needs the PostgreSQL store ([store] database = "postgresql://…"); '
        "SQLite is one process's"]
