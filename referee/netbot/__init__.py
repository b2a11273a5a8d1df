"""Bots over the network: an outside program that holds a seat at a real table through the
public protocol alone (docs/protocol.md), as ``referee bot --table URL --level strong``.

It imports no part of the server: only the bots (``referee.games.liars_dice.bots``, which read seat views),
the structured logs and the message catalogue. ``args`` reads the command line, ``tokens``
keeps each table's seat token, ``feed`` turns successive seat views into the public events a
bot observes, ``seat`` decides what to send for each ``state``, ``link`` is the Socket.IO
connection, and ``loop`` drives them (reconnecting with backoff) until the bot's games are
played, its seat is gone, or Ctrl-C.
"""
