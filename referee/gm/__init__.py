"""Game-master mode: a human referee who does not play, chat, stakes, whisper relay and roleplay cheating.

Pure modules (no table, no web): ``settings``, ``text``, ``stakes``, ``scoreboard``,
``whisper``, ``attempts``, ``state``, ``fold``, ``relay``, ``views``. The service ``desk``
drives a ``referee.table.Table`` with them.
"""
