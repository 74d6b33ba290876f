"""Scheduled runs and people's queries take slots of separate pools: 300 rolling tasks due the same
minute never make an explorer load busy. Apart from the timing tests (it measures no speed: most of
its time is spent waiting for the minute to turn), on a store of 50,000 traces.

The explorer is loaded while the burst is queued, not until all 300 have run: the 300th run changes
nothing the first forty loads did not see, and reading 50,000 traces 300 times kept a core of the
shared suite busy for five minutes."""
from __future__ import annotations

import datetime as dt
import time
from urllib.parse import urlencode

import httpx
import pytest

from tests.reliability.hostile_store import seed, server_on

CLIENT = httpx.Client(limits=httpx.Limits(max_connections=64))


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    return seed(tmp_path_factory.mktemp("slots") / "seed.duckdb", 50_000, 256)


BURST = 300  # rolling tasks due at the same minute
LOADS = 40  # explorer loads from the minute they are due (each reads what a run reads: a backlog remains)


def rolling_doc(i: int) -> dict:
    """A task due every minute whose run reads every seeded trace (a scan of its whole input)."""
    start = (dt.date.today() - dt.timedelta(days=1)).isoformat()
    return {"name": f"rolling-{i:03d}", "window": {"mode": "rolling", "cron": "* * * * *", "start": start},
            "filters": [{"field": "input", "op": "contains", "value": "zzz"}], "sampling": {"ratio": 1.0, "max_items": 1}}


def scheduled(srv) -> int:
    """How many tasks a scheduled run has started for (none known while the listing times out)."""
    try:
        tasks = srv.get("/api/tasks").json()
    except httpx.TimeoutException:
        return 0
    return sum(t["last_scheduled_for"] is not None for t in tasks)


@pytest.mark.timeout(600)  # up to a minute and a half waiting for the minute to turn, then forty loads
def test_scheduled_runs_leave_people_their_query_slots(seeded, tmp_path):
    """300 rolling tasks due the same minute queue for the scheduled-run slots; explorer loads meanwhile
    are never refused as busy (sharing one pool, 20-30 % of them were)."""
    srv = server_on(seeded, tmp_path).start()
    try:
        if dt.datetime.now().second > 30:  # all created before the same minute turns
            time.sleep(61 - dt.datetime.now().second)
        for i in range(BURST):
            assert CLIENT.post(srv.api + "/api/tasks", json=rolling_doc(i), headers=srv.headers(),
                               timeout=30).status_code == 201
        time.sleep(60.5 - dt.datetime.now().second)  # the minute turns: every task is due
        explorer = srv.api + "/dashboard/traces?" + urlencode({"last": "24h", "input": "contains:zzz"})
        loads = busy = started = 0
        while loads < LOADS or started < 4:  # from the minute the runs are due, until both their slots have turned
            for _ in range(10):
                page = CLIENT.get(explorer, headers=srv.headers(), timeout=30)
                assert page.status_code == 200
                loads, busy = loads + 1, busy + ("slots are busy" in page.text)
            started = scheduled(srv)
    finally:
        srv.stop()
    print(f"\n{BURST} scheduled runs due at once, {started} started by the last load: "
          f"{busy} of {loads} explorer loads refused as busy meanwhile")
    assert busy == 0
