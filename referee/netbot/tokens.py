"""Seat tokens kept between runs, one per table link and seat name, in a file only its owner reads.

A token is what takes a seat back after a reconnect or a restart of the bot, as the browser's
localStorage does for a page. It is a secret: it goes only into the Socket.IO ``auth``, never
into a log line or the command line.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> tokens = SeatTokens(folder / "seats.json")
>>> key = tokens.key("http://localhost:8000", "k3Jd9xQp", "Guest bot (strong)")
>>> tokens.get(key) is None
True
>>> tokens.save(key, "s3cret"); SeatTokens(folder / "seats.json").get(key)
's3cret'
>>> oct((folder / "seats.json").stat().st_mode & 0o777)
'0o600'
>>> tokens.forget(key); tokens.get(key) is None
True
"""
from __future__ import annotations

import json
import os
from pathlib import Path


class SeatTokens:
    """A JSON file ``{"<server>/t/<table> <name>": token}``, written whole and readable by its owner only."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @staticmethod
    def key(base_url: str, table: str, name: str) -> str:
        """The file's key of one seat: the table link and the seat's name."""
        return f"{base_url}/t/{table} {name}"

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}

    def _write(self, data: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fresh = self.path.with_name(self.path.name + ".new")
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1, sort_keys=True)
        os.replace(fresh, self.path)

    def get(self, key: str) -> str | None:
        """The token kept for ``key``, or None."""
        return self._read().get(key)

    def save(self, key: str, token: str) -> None:
        """Keep ``token`` for ``key`` (the other seats' tokens stay)."""
        self._write({**self._read(), key: token})

    def forget(self, key: str) -> None:
        """Drop the token of ``key`` (the server no longer knows it)."""
        data = self._read()
        if data.pop(key, None) is not None:
            self._write(data)
