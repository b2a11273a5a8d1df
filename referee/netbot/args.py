"""The command line of ``referee bot`` and the table link it is given.

>>> options = parse_options(["--table", "http://127.0.0.1:8000/t/k3Jd9xQp", "--level", "strong"])
>>> options.base_url, options.table, options.bot, options.name
('http://127.0.0.1:8000', 'k3Jd9xQp', 'strong', 'Guest bot (strong)')
>>> parse_options(["--table", "https://tavern.example/t/abc/", "--bot", "mybots:Stubborn", "--lang", "ru"]).name
'Бот-гость (Stubborn)'
"""
from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .families import LEVELS
from .words import LANGUAGES, say

NAME_LIMIT = 24
"""The longest seat name the server takes (docs/protocol.md, ``join``)."""
_TABLE_PATH = re.compile(r"^/t/([^/?#]{1,64})/?$")


@dataclass(frozen=True, slots=True)
class Options:
    """What one ``referee bot`` run was asked to do."""

    base_url: str
    table: str
    bot: str
    name: str
    lang: str
    games: int
    think_s: float
    reveal_s: float
    seed: int
    token_file: Path
    log_level: str


def parse_table_url(url: str) -> tuple[str, str]:
    """The server's address and the table id of a table link, as a person would share it.

    >>> parse_table_url("http://localhost:8000/t/k3Jd9xQp?x=1#top")
    ('http://localhost:8000', 'k3Jd9xQp')
    >>> parse_table_url("localhost:8000/t/k3Jd9xQp")
    Traceback (most recent call last):
    ...
    ValueError: a table link looks like http(s)://HOST/t/TABLE, not 'localhost:8000/t/k3Jd9xQp'
    """
    parts = urlsplit(url)
    match = _TABLE_PATH.match(parts.path)
    if parts.scheme not in ("http", "https") or not parts.netloc or match is None:
        raise ValueError(f"a table link looks like http(s)://HOST/t/TABLE, not {url!r}")
    return f"{parts.scheme}://{parts.netloc}", match.group(1)


def default_token_file() -> Path:
    """Where seat tokens are kept between runs: ``$XDG_STATE_HOME/tavern-jack/seats.json``."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tavern-jack" / "seats.json"


def build_parser() -> argparse.ArgumentParser:
    """``referee bot``'s arguments (also shown by ``referee bot --help``)."""
    parser = argparse.ArgumentParser(prog="referee bot", description="Hold a seat at a table of either family "
                                     "(Liar's Dice or poker-dice) with a bot, "
                                     "through the public protocol (docs/bots.md, \"Bots over the network\").")
    parser.add_argument("--table", required=True, metavar="URL", help="the table link, http(s)://HOST/t/TABLE")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--level", choices=LEVELS, default="strong",
                       help="a built-in bot of the table's family (default strong; docs/bots.md)")
    which.add_argument("--bot", metavar="MODULE:ATTR", help="a bot of one's own for the table's family: a class or factory taking seed=")
    parser.add_argument("--name", help=f"the seat's name (at most {NAME_LIMIT} characters)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the default name and of "
                        "the lines printed for people (default en)")
    parser.add_argument("--games", type=int, default=0, help="leave after this many games ended (0: stay)")
    parser.add_argument("--think", type=float, default=0.8, dest="think_s", help="seconds before each move")
    parser.add_argument("--reveal-wait", type=float, default=3.0, dest="reveal_s",
                        help="seconds to show a reveal before pressing next round")
    parser.add_argument("--seed", type=int, default=0, help="the bot's own decision randomness")
    parser.add_argument("--token-file", type=Path, help="where seat tokens are kept (default: "
                        "$XDG_STATE_HOME/tavern-jack/seats.json)")
    parser.add_argument("--log-level", default="INFO", help="structured logs on stderr (default INFO)")
    return parser


def parse_options(argv: Sequence[str]) -> Options:
    """The options of ``argv``; a bad table link or a bad number exits 2 with argparse's message."""
    parser = build_parser()
    args = parser.parse_args(list(argv))
    try:
        base_url, table = parse_table_url(args.table)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 0 or args.think_s < 0 or args.reveal_s < 0:
        parser.error("--games, --think and --reveal-wait take numbers of 0 or more")
    bot = args.bot or args.level
    label = bot.rpartition(":")[2]
    name = args.name or say(args.lang, "netbot.name", level=label)[:NAME_LIMIT]
    return Options(base_url, table, bot, name, args.lang, args.games, args.think_s, args.reveal_s, args.seed,
                   args.token_file or default_token_file(), args.log_level)
