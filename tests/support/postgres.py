"""A real PostgreSQL for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder, on a random loopback port.

The binaries are looked for on PATH, then where Debian puts them (``/usr/lib/postgresql/*/bin``);
``make test`` installs Debian's ``postgresql`` where they are missing. PostgreSQL refuses to run
as root, so under root (CI, this machine) the server runs as the ``postgres`` user the Debian
package creates, in a folder handed to that user. Each test gets a fresh database of its own.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.server import free_port

USER = "postgres"
"""The system user that runs the server when the tests run as root (Debian's package creates it)."""


def find_binary(name: str) -> str:
    """``initdb``, ``pg_ctl``… on PATH, else the newest Debian ``/usr/lib/postgresql/N/bin``; a missing
    one fails the test (it is never a skip): ``make test`` installs Debian's postgresql."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: int(path.split("/")[-2]),
                         reverse=True):
        if os.access(os.path.join(folder, name), os.X_OK):
            return os.path.join(folder, name)
    raise RuntimeError(f"{name} is not installed: run `make test`, which installs Debian's postgresql")


@dataclass
class PostgresServer:
    """One PostgreSQL cluster: ``start``, ``stop`` (immediate, like a crash), ``dsn(db)``, ``new_database``."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tavern-pg-")))
    port: int = field(default_factory=free_port)
    databases: int = 0

    def __post_init__(self) -> None:
        self.data = self.folder / "data"
        self._run_as = self._user()
        if self._run_as is not None:
            os.chown(self.folder, self._run_as.pw_uid, self._run_as.pw_gid)
        self._run([find_binary("initdb"), "-D", str(self.data), "-U", "tavern", "-A", "trust",
                   "--no-sync", "-E", "UTF8", "--locale=C"])

    def start(self) -> None:
        """Start (or restart) the server and wait until it accepts connections."""
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off"
        self._run([find_binary("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"),
                   "-o", options, "-w", "-t", "60", "start"])

    def stop(self) -> None:
        """Stop the server at once (``-m immediate``: open transactions die as in a crash)."""
        self._run([find_binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])

    def remove(self) -> None:
        """Stop the server if it runs and delete its folder."""
        subprocess.run([find_binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, check=False, preexec_fn=self._demote)
        shutil.rmtree(self.folder, ignore_errors=True)

    def dsn(self, database: str = "postgres") -> str:
        """A libpq URL of ``database`` on this server."""
        return f"postgresql://tavern@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        import psycopg
        self.databases += 1
        name = f"test_{self.databases}"
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.dsn(name)

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=self._demote)
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}{tail}")

    @property
    def _demote(self) -> Callable[[], None] | None:
        user = self._run_as
        if user is None:
            return None

        def demote() -> None:
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
        return demote

    @staticmethod
    def _user() -> pwd.struct_passwd | None:
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam(USER)
        except KeyError:
            raise RuntimeError(f"PostgreSQL does not run as root and there is no {USER!r} user: "
                               "run `make test`, which installs Debian's postgresql") from None
