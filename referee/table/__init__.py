"""One table's life: seats, games, rounds, timers; the only writer of a table's event log.

The package's modules are imported by name (``referee.table.table.Table``,
``referee.table.errors.TableError``): this file loads nothing, so a rules family can use the
table's lower floors (its errors, its ``against``, its batch) without loading the table itself.
"""
