"""Parameters that once overflowed or recursed get a 4xx naming the problem, not a 500: a duration
past what dates can hold, a page number of 10^30, a regex of 2,000 nested groups (Python's parser
recursed past its limit); and a task whose cron can never fire is refused when it is created."""
from __future__ import annotations

import html

import httpx
import pytest

NESTED = "(" * 2000 + "a" + ")" * 2000


def explorer(srv, **params) -> httpx.Response:
    return httpx.get(srv.api + "/dashboard/traces", params=params, headers=srv.headers(), timeout=60)


@pytest.mark.parametrize("params,message", [
    ({"last": "99999999999w"}, "last: invalid duration '99999999999w': at most 36500d (100 years)"),
    ({"last": "999999999d"}, "last: invalid duration '999999999d': at most 36500d (100 years)"),
    ({"page": str(10**30)}, "page: '100000000000000000000000' is not a page number from 1 to 1,000,000"),
    ({"page": "9" * 5000}, "is not a page number from 1 to 1,000,000"),
    ({"input": "regex:" + NESTED}, "needs a regex of at most 500 characters"),
])
def test_explorer_parameters_are_a_400_naming_them(shared_server, params, message):
    resp = explorer(shared_server, **params)
    assert resp.status_code == 400, resp.status_code
    assert message in html.unescape(resp.text)


def task(**changes) -> dict:
    return {"name": "bad", "window": {"mode": "backfill", "last": "3h"}, "sampling": {"ratio": 1.0, "max_items": 10},
            **changes}


@pytest.mark.parametrize("path", ["/api/tasks", "/api/tasks/preview"])
@pytest.mark.parametrize("doc,message", [
    (task(window={"mode": "backfill", "last": "99999999999w"}),
     "window.backfill.last: value error, invalid duration '99999999999w': at most 36500d (100 years)"),
    (task(window={"mode": "rolling", "every": "day", "start": "today+99999999999w"}), "at most 36500d"),
    (task(filters=[{"field": "input", "op": "regex", "value": NESTED}]),
     "filters[0]: field 'input' with 'regex' needs a regex of at most 500 characters"),
    (task(window={"mode": "rolling", "cron": "0 0 31 2 *", "start": "2026-01-01"}),
     "window.rolling: value error, cron '0 0 31 2 *' has no fire time after"),
    (task(window={"mode": "rolling", "every": "hour", "start": "2020-01-01", "end": "2020-02-01"}),
     "every hour has no fire time after"),
])
def test_task_documents_are_a_422_naming_the_problem(shared_server, path, doc, message):
    resp = httpx.post(shared_server.api + path, json=doc, headers=shared_server.headers(), timeout=60)
    assert resp.status_code == 422, resp.text
    assert message in resp.json()["detail"]
    assert shared_server.get("/api/tasks/bad").status_code == 404  # nothing was created


def test_a_cron_that_fires_is_still_created(shared_server):
    doc = task(name="leap-day", window={"mode": "rolling", "cron": "0 0 29 2 *", "start": "2026-01-01"})
    resp = httpx.post(shared_server.api + "/api/tasks", json=doc, headers=shared_server.headers(), timeout=60)
    assert resp.status_code == 201, resp.text
    assert resp.json()["task"]["next_run_time"].split("T")[0].endswith("-02-29")
