"""``referee tables``: the tables of a store with their leases, for an operator; a clear error, and
nothing created, when there is no store to read."""
from __future__ import annotations

import json

from referee.store.base import NewEntry
from referee.store.choose import open_store
from referee.tables_report import tables_main


def test_the_sqlite_store_lists_its_tables_and_says_one_process_serves_them(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tavern.toml").write_text('[store]\ndatabase = "sqlite:///var/tavern.sqlite3"\n', encoding="utf-8")
    store, leases = open_store("sqlite:///var/tavern.sqlite3")
    leases.acquire("t1")
    store.append("t1", [NewEntry("table_created", {"id": "t1"})], 0)
    store.close()
    assert tables_main("tavern.toml") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["table", "head", "archived", "owner", "token", "lease"]
    assert out[1].split() == ["t1", "1", "no", "-", "-", "none"]
    assert "one process serves every table" in out[2]
    assert tables_main("tavern.toml", as_json=True) == 0
    assert json.loads(capsys.readouterr().out) == {"table": "t1", "head": 1, "archived": False, "owner": None,
                                                   "token": None, "left_ms": None, "wanted_by": None}


def test_a_missing_database_or_config_is_one_clear_line_and_creates_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tavern.toml").write_text('[store]\ndatabase = "sqlite:///var/tavern.sqlite3"\n', encoding="utf-8")
    assert tables_main("tavern.toml") == 2
    assert "no SQLite database at var/tavern.sqlite3" in capsys.readouterr().err
    assert tables_main("missing.toml") == 2
    assert "missing.toml" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tavern.toml"]
