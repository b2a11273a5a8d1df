"""One table's life: seats, games, rounds, timers; the only writer of a table's event log."""
from .dealing import Dealer, Dealt, Drawn
from .errors import BadRequest, TableError
from .registry import Tables
from .replay import TableBroken
from .scheduler import ManualScheduler, Scheduler, TimerScheduler
from .state import SeatInfo, TableState, fold
from .table import Table

__all__ = ["BadRequest", "Dealer", "Dealt", "Drawn", "ManualScheduler", "Scheduler", "SeatInfo", "TableError",
           "TableState", "Tables", "Table", "TableBroken", "TimerScheduler", "fold"]
