"""Verify an audit export: ``verify_export(export) -> Report`` and the ``referee verify`` CLI.

The export format and every check are specified in docs/fairness.md. The report holds
passed checks too (an audit page shows them); the CLI prints one line per failed check.

>>> from referee.fairness.keys import Signer
>>> from referee.fairness.export import build_export
>>> report = verify_export(build_export(Signer.from_private_bytes(bytes(32)), "t1", []))
>>> report.ok, [str(check) for check in report.checks][:1]
(True, ['export: tavern-jack-audit/1 for table t1, server key 139e-3940-e64b-5491'])
>>> verify_export({"format": "other"}).failures[0].message
"unknown export format 'other' (expected 'tavern-jack-audit/1')"
"""
from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from typing import Any, TextIO

from referee.fairness.export import EXPORT_FORMAT
from referee.fairness.keys import fingerprint
from referee.fairness.draw_uses import check_draw_uses
from referee.fairness.report import Report
from referee.fairness.verify_games import check_games
from referee.fairness.verify_log import check_log
from referee.fairness.verify_play import check_play

ENTRY_FIELDS = ("seq", "kind", "at", "public", "secret", "secret_digest", "prev_hash", "hash")
URL_TIMEOUT_S = 30


def verify_export(export: Any) -> Report:
    """Every check of docs/fairness.md over a parsed audit export: the log, the dice and draws
    (``check_games``), each draw used by its entry in order (``check_draw_uses``), then the games themselves re-derived with the rules (``check_play``)."""
    report = Report()
    problem = _shape_problem(export)
    if problem:
        report.fail("export", problem)
        return report
    report.add("export", True, f"{EXPORT_FORMAT} for table {export['table']}, server key {fingerprint(export['server_key'])}")
    try:
        check_log(export, report)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        report.fail("log", f"malformed entry or head ({type(error).__name__}: {error})")
    check_games(export, report)
    check_draw_uses(export, report)
    check_play(export, report)
    return report


def _shape_problem(export: Any) -> str | None:
    if not isinstance(export, dict):
        return "the export is not a JSON object"
    if export.get("format") != EXPORT_FORMAT:
        return f"unknown export format {export.get('format')!r} (expected {EXPORT_FORMAT!r})"
    key = export.get("server_key")
    if not isinstance(key, str) or len(key) != 64 or any(c not in "0123456789abcdef" for c in key):
        return "server_key must be 64 lowercase hex digits"
    if not isinstance(export.get("entries"), list) or not isinstance(export.get("head"), dict):
        return "the export needs an entries list and a head object"
    for position, entry in enumerate(export["entries"]):
        missing = [name for name in ENTRY_FIELDS if not isinstance(entry, dict) or name not in entry]
        if missing:
            return f"entry {position} lacks {', '.join(missing)}"
    return None


def load_export(source: str) -> Any:
    """Read an export from a file path or an http(s) URL."""
    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=URL_TIMEOUT_S) as response:
            return json.loads(response.read().decode("utf-8"))
    with open(source, encoding="utf-8") as handle:
        return json.load(handle)


ALONE_MARK = "by the server alone"
"""What every note of a value no person seeded says (a deal, a cup, a throw, a check), printed as a NOTE line."""


def verify_main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """``referee verify FILE_OR_URL``: one line per game of a family that sums its games up (a poker
    evening's), one ``NOTE`` line per deal or draw the server made alone (nobody's seed went in), then one
    line per failed check; 0 when all holds, else 1."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="referee verify", description="Verify a Tavern Jack audit export.")
    parser.add_argument("source", help="path or http(s) URL of an audit export (audit.json)")
    args = parser.parse_args(argv)
    try:
        export = load_export(args.source)
    except (OSError, ValueError) as error:
        print(f"cannot read {args.source}: {error}", file=out)
        return 1
    report = verify_export(export)
    for line in report.summary:
        print(line, file=out)
    for check in report.checks:
        if check.ok and ALONE_MARK in check.message:  # a value no person seeded is never silent
            print(f"NOTE {check}", file=out)
    for check in report.failures:
        print(f"FAIL {check}", file=out)
    if report.ok:
        print(f"OK: all {len(report.checks)} checks hold", file=out)
        return 0
    return 1
