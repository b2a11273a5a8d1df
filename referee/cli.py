"""The ``referee`` command: serve tables (``--workers N``: N processes), print their nginx config,
list the tables and their workers, verify an audit export, run a bot arena, seat a bot at a table.

>>> build_parser().parse_args(["serve", "--port", "8000"]).port
8000
>>> main(["bot", "--table", "localhost/t/x"])
Traceback (most recent call last):
...
SystemExit: 2
>>> arena_for(["--game", "poker_bluff", "--bot", "easy"])
('referee.games.poker_bluff.arena', 'poker_arena_main', ['--bot', 'easy'])
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

def arena_for(argv: Sequence[str]) -> tuple[str, str, list[str]]:
    """The module and function of the arena ``argv`` asks for (``--game NAME``: a family's ``arena``,
    ``referee.games.registry``; default ``liars_dice``), and the other arguments.

    >>> arena_for(["--games", "3"])
    ('referee.games.liars_dice.arena', 'arena_main', ['--games', '3'])
    >>> arena_for(["--game", "chess"])
    Traceback (most recent call last):
    ...
    ValueError: --game is one of liars_dice, poker_bluff, not 'chess'
    """
    rest, game = list(argv), "liars_dice"
    for index, word in enumerate(rest):
        if word == "--game" or word.startswith("--game="):
            value = word.partition("=")[2] if "=" in word else (rest[index + 1] if index + 1 < len(rest) else "")
            del rest[index:index + (1 if "=" in word else 2)]
            game = value
            break
    from referee.games.registry import FAMILIES  # only here: the other commands load no game

    if game not in FAMILIES:
        raise ValueError(f"--game is one of {', '.join(FAMILIES)}, not {game!r}")
    arena = FAMILIES[game].arena
    if arena is None:
        raise ValueError(f"the {game} family has no arena")
    module, function = arena
    return module, function, rest


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``serve``, ``nginx-config``, ``tables``, ``verify``, ``arena`` and ``bot``."""
    parser = argparse.ArgumentParser(prog="referee", description="Tavern Jack: an impartial Liar's Dice referee.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="serve tables over HTTP and Socket.IO")
    serve.add_argument("--config", help="a TOML file (see config.example.toml)")
    serve.add_argument("--host", help="address to listen on (overrides the config)")
    serve.add_argument("--port", type=int, help="port to listen on (overrides the config); the first one with --workers")
    serve.add_argument("--workers", type=int, default=1,
                       help="run N server processes on consecutive ports (PostgreSQL store; see docs/deploy.md)")
    nginx = commands.add_parser("nginx-config", help="print the sample nginx config for `serve --workers N`")
    nginx.add_argument("--config", help="the TOML file the workers use (their host, first port, body limit)")
    nginx.add_argument("--workers", type=int, default=2, help="how many workers (default 2)")
    nginx.add_argument("--port", type=int, help="the workers' first port (overrides the config)")
    nginx.add_argument("--listen", default="8080", help="what nginx listens on, e.g. 80 or 127.0.0.1:8080")
    nginx.add_argument("--server-name", help="the host name players type (nginx's server_name), e.g. tavern.example.org")
    tables = commands.add_parser("tables", help="list the tables and which worker serves each (its lease)")
    tables.add_argument("--config", help="the TOML file the workers use (its [store] database)")
    tables.add_argument("--json", action="store_true", help="one JSON object a table")
    verify = commands.add_parser("verify", help="verify an audit export (a file or an http(s) URL)")
    verify.add_argument("source", metavar="FILE_OR_URL")
    commands.add_parser("arena", help="play bots against each other, --game liars_dice (default) or poker_bluff "
                                      "(see `referee arena --help`)", add_help=False)
    commands.add_parser("bot", help="hold a seat at a table of either family with a bot, over the network "
                                    "(see `referee bot --help`)", add_help=False)
    return parser


def serve_main(args: argparse.Namespace) -> int:
    """``referee serve``: one server, or ``--workers N`` of them; a bad config is one clear line (status 2)."""
    from referee.config import ConfigError
    try:
        if args.workers != 1:
            from referee.workers import serve_workers
            return serve_workers(args.config, args.workers, host=args.host, port=args.port)
        from referee.serve import serve
        return serve(args.config, host=args.host, port=args.port)
    except ConfigError as error:
        print(f"referee serve: error: {error}", file=sys.stderr)
        return 2


def print_nginx_config(config_path: str | None, workers: int, port: int | None, listen: str,
                       server_name: str | None = None) -> int:
    """``referee nginx-config``: print the nginx config for ``workers`` workers of the config at ``config_path``."""
    from referee.config import load_config
    from referee.nginx_conf import nginx_conf
    from referee.workers import worker_ports
    config = load_config(config_path, port=port)
    body = f"{config.limits.http_body_bytes // 1024 or 1}k" if config.limits.http_body_bytes else "0"
    print(nginx_conf(worker_ports(config.port, workers), host=config.host, listen=listen, body=body,
                     server_name=server_name), end="")
    return 0


def bot_main(argv: Sequence[str]) -> int:
    """``referee bot``: play at a table until the bot's games are played, its seat is gone, or Ctrl-C."""
    import signal
    import threading

    from referee.logs import configure_logging
    from referee.netbot.args import parse_options
    from referee.netbot.loop import run

    options = parse_options(argv)
    configure_logging(options.log_level)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    return run(options, stop)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["arena"]:
        try:
            module, function, rest = arena_for(argv[1:])
        except ValueError as error:
            print(f"referee arena: error: {error}", file=sys.stderr)
            return 2
        run: int = getattr(importlib.import_module(module), function)(rest)
        return run
    if argv[:1] == ["bot"]:
        return bot_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve_main(args)
    if args.command == "nginx-config":
        return print_nginx_config(args.config, args.workers, args.port, args.listen, args.server_name)
    if args.command == "tables":
        from referee.tables_report import tables_main
        return tables_main(args.config, args.json)
    from referee.fairness.verify import verify_main
    return verify_main([args.source])


if __name__ == "__main__":
    sys.exit(main())
