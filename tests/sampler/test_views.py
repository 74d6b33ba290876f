"""Saved views: a search kept under a name, replaced in place, listed by name, deleted; bad names
and oversized queries refused with a message naming the problem."""
from __future__ import annotations

import duckdb
import pytest

from infra.schema import installed_version
from sampler.views import SCHEMA_VERSION, ViewError, delete, get, list_views, save


@pytest.fixture
def con():
    c = duckdb.connect()
    yield c
    c.close()


def test_save_replace_list_delete(con):
    first = save(con, "failed, last 3 h 西安", [("status", "error"), ("last", "3h")], author="ana")
    assert installed_version(con, "views") == SCHEMA_VERSION
    again = save(con, "failed, last 3 h 西安", [("status", "error"), ("last", "24h")])
    assert again.query == [("status", "error"), ("last", "24h")] and again.created_at == first.created_at
    save(con, "Alpha", [])
    assert [v.name for v in list_views(con)] == ["Alpha", "failed, last 3 h 西安"]
    assert get(con, "nope") is None
    assert delete(con, "Alpha") and not delete(con, "Alpha")
    assert [v.name for v in list_views(con)] == ["failed, last 3 h 西安"]


@pytest.mark.parametrize(("name", "query", "message"), [
    ("", [], "must be 1 to 64 characters"),
    ("a/b", [], "without / \\\\ or control characters"),
    ("x" * 65, [], "must be 1 to 64 characters"),
    ("ok", [("k", "v")] * 201, "at most 200 parameters"),
    ("ok", [("k", "v" * 5000)], "at most 200 and 4096 characters"),
])
def test_bad_views_are_refused(con, name, query, message):
    with pytest.raises(ViewError, match=message):
        save(con, name, query)
