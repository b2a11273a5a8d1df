"""A real server creates what holds secrets for its user alone: the key's and the database's
folders 0700, the key, the database and its -wal/-shm files 0600."""
from __future__ import annotations

import os
import stat

from tests.support.client import create_table
from tests.support.server import running_server


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_server_creates_its_key_and_database_readable_by_its_user_only(tmp_path):
    key, database = tmp_path / "keys" / "server_key.pem", tmp_path / "db" / "tavern.sqlite3"
    with running_server(tmp_path, store={"database": str(database)}, fairness={"signing_key": str(key)}) as server:
        create_table(server.base_url, "Anna")
        assert (mode(key.parent), mode(database.parent)) == (0o700, 0o700)
        assert [mode(f"{path}") for path in (key, database, f"{database}-wal", f"{database}-shm")] == [0o600] * 4
