"""The PostgreSQL store under gevent: a query waits as a greenlet switch, so a slow one stops nobody else."""
from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.support.server import REPO

SCRIPT = textwrap.dedent("""
    import sys
    from gevent import monkey
    monkey.patch_all()
    import gevent, psycopg, psycopg.waiting
    from referee.store.base import NewEntry
    from referee.store.pg_pool import Pool
    from referee.store.postgres import PostgresStore

    assert psycopg.waiting.wait.__name__ != "wait_c", psycopg.waiting.wait
    url = sys.argv[1]
    store = PostgresStore(Pool(url, 2))
    done = []

    def slow():
        with psycopg.connect(url) as conn:
            conn.execute("SELECT pg_sleep(2)")
        done.append("slow")

    def appends():
        for seq in range(5):
            store.append("t1", [NewEntry("bid", {"n": seq})], seq)
        done.append("appends")

    gevent.joinall([gevent.spawn(slow), gevent.spawn(appends)], raise_error=True)
    print(done, store.head("t1"))
""")


def test_a_slow_query_in_one_greenlet_does_not_hold_up_appends_in_another(postgres):
    url = postgres.new_database()
    run = subprocess.run([sys.executable, "-c", SCRIPT, url], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["['appends',", "'slow']", "5"]
