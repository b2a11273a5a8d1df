"""Bots over the network: an outside program that holds a seat at a real table through the
public protocol alone (docs/protocol.md), as ``referee bot --table URL --level strong``, at a
table of either family.

It imports no part of the server: only its families' parts (below), the bots (``referee.games.liars_dice.bots.registry`` and
``referee.games.poker_bluff.bots.registry``, which read seat views), the clients' state merge
(``referee.state_parts``) and the structured logs; its lines for people are its own (``words``).
``args`` reads the command line, ``tokens`` keeps each table's seat token, ``seat`` decides what
to send for each ``state``, ``link`` is the Socket.IO connection, and ``loop`` drives them
(reconnecting with backoff) until the bot's games are played, its seat is gone, or Ctrl-C. What
differs between families is named by ``families``: one small module in each family's folder
(``referee.games.liars_dice.netbot`` with this package's ``feed``, ``referee.games.poker_bluff.netbot``),
registered by the name a table's ``state`` gives.
"""
