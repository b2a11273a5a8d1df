"""Game-master mode: a human referee who does not play, chat, stakes, whisper relay and roleplay cheating.

Pure modules (no table, no web): ``settings``, ``text``, ``stakes``, ``scoreboard``,
``whisper``, ``attempts``, ``state``, ``fold``, ``relay``, ``views``. Nothing here imports
``referee.table``: the table folds these entries into its state, and the referee's commands
(``referee.table.desk``) and the table's own game-master steps (``referee.table.settle``)
live on the table's side.
"""
