"""At a real table: only people give seeds, and every deal says whose seeds went in and why
the others are missing; the table's own log verifies."""
import pytest

from referee.fairness.export import build_export
from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer

from .logbook import SIGNER

SEED_WAIT_S = 1.5


def table_with(people=("Anna", "Ben"), bots=1):
    """A table of people and bots with a game started; every person is connected."""
    events, scheduler = EventLog(":memory:"), ManualScheduler()
    table = Tables(events, FairDealer(SIGNER), scheduler, seed_wait_s=SEED_WAIT_S).create({})
    for number, name in enumerate(people):
        table.join(name, f"digest-{number}")
        table.set_connected(number, True)
    for _ in range(bots):
        table.seat_bot("easy")
    return table, events, scheduler


def export_of(table, events):
    entries = [{"seq": e.seq, "kind": e.kind, "at": e.at, "public": e.public, "secret": e.secret,
                "secret_digest": e.secret_digest, "prev_hash": e.prev_hash, "hash": e.hash}
               for e in events.entries(table.id)]
    return build_export(SIGNER, table.id, entries)


def test_the_manifest_names_the_people_and_never_a_bot():
    table, _, _ = table_with()
    table.start_game()
    assert table.current.fairness.opening_public["seed_seats"] == [0, 1]


def test_a_round_dealt_with_every_persons_seed_names_none_missing():
    table, events, _ = table_with()
    table.start_game()
    table.play.contribute_seed(0, 1, "aa" * 32)
    table.play.contribute_seed(1, 1, "bb" * 32)
    dealt = table.current.fairness.deal_public
    assert dealt["seeds"] == {"0": "aa" * 32, "1": "bb" * 32} and dealt["seeds_missing"] == {}
    assert verify_export(export_of(table, events)).ok


def test_a_person_whose_seed_does_not_come_is_named_late_and_one_not_connected_is_named_so():
    table, events, scheduler = table_with(people=("Anna", "Ben", "Cleo"))
    table.set_connected(2, False)
    table.start_game()
    table.play.contribute_seed(0, 1, "aa" * 32)
    scheduler.advance(SEED_WAIT_S)
    dealt = table.current.fairness.deal_public
    assert dealt["seeds"] == {"0": "aa" * 32} and dealt["seeds_missing"] == {"1": "late", "2": "not_connected"}
    report = verify_export(export_of(table, events))
    assert report.ok, [str(c) for c in report.failures]
    notes = [str(c) for c in report.checks if "note:" in c.message]
    assert [n.split(":")[2].strip() for n in notes] == ["no seed from seat 1 (late)", "no seed from seat 2 (not_connected)"]


def test_the_table_refuses_a_bots_seed_and_logs_nothing():
    table, events, _ = table_with()
    table.start_game()
    before = table.version
    with pytest.raises(TableError) as refused:
        table.play.contribute_seed(2, 1, "cc" * 32)
    assert refused.value.code == "seed/unexpected"
    assert table.version == before and not any(e.kind == kinds.SEED_CONTRIBUTED for e in events.entries(table.id))
