"""The ``referee`` command: serve tables, verify an audit export, run a bot arena.

>>> build_parser().parse_args(["serve", "--port", "8000"]).port
8000
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``serve``, ``verify`` and ``arena``."""
    parser = argparse.ArgumentParser(prog="referee", description="Tavern Jack: an impartial Liar's Dice referee.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="serve tables over HTTP and Socket.IO")
    serve.add_argument("--config", help="a TOML file (see config.example.toml)")
    serve.add_argument("--host", help="address to listen on (overrides the config)")
    serve.add_argument("--port", type=int, help="port to listen on (overrides the config)")
    verify = commands.add_parser("verify", help="verify an audit export (a file or an http(s) URL)")
    verify.add_argument("source", metavar="FILE_OR_URL")
    commands.add_parser("arena", help="play bots against each other (see `referee arena --help`)", add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["arena"]:
        from referee.arena import arena_main
        return arena_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        from referee.serve import serve
        return serve(args.config, host=args.host, port=args.port)
    from referee.fairness.verify import verify_main
    return verify_main([args.source])


if __name__ == "__main__":
    sys.exit(main())
