"""Annotation queues: a fixed list of traces for reviewers to walk, one label set for all of them.

A queue is made from a task (e.g. "every failed item of this task", "a 10 % sample of its items"):
the caller picks the traces (the task's runs and results are not the sampler's to read) and this
module keeps them in order with the labels to give. This module owns the `annotation_queues` and
`queue_items` tables (schema version 1). Whether an item is done for a reviewer is told by the
annotations (`sampler.annotations.latest_values`), not kept here: a label given on the trace page
counts too.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import orjson
import pyarrow as pa

from infra.schema import ensure_schema, installed_version, sql_list, stored_table
from infra.timeutil import utcnow

SCHEMA_VERSION = 1
COMPONENT = "annotation_queues"
NAME = re.compile(r"[a-z0-9][a-z0-9_.\-]{0,63}")
MAX_ITEMS = 5000

_DDL = """
CREATE TABLE IF NOT EXISTS annotation_queues (
    name VARCHAR PRIMARY KEY, task_id VARCHAR, rule VARCHAR NOT NULL, labels JSON NOT NULL,
    author VARCHAR, created_at TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS queue_items (
    queue VARCHAR NOT NULL, position INTEGER NOT NULL, trace_id VARCHAR NOT NULL,
    PRIMARY KEY (queue, position)
);
"""


class QueueError(ValueError):
    """A bad queue name, an existing one, an empty or oversized list; the message says which."""


@dataclass(frozen=True)
class Queue:
    name: str
    task_id: str | None
    rule: str  # how its traces were picked, in words ("every failed item of run …")
    labels: list[str]  # the annotation configs reviewers give each trace
    author: str | None
    created_at: dt.datetime
    size: int


def ensure_table(con: duckdb.DuckDBPyConnection) -> None:
    if installed_version(con, COMPONENT) != SCHEMA_VERSION:
        ensure_schema(con, COMPONENT, SCHEMA_VERSION, _DDL)


def scope(con: duckdb.DuckDBPyConnection, task_ids: Sequence[str], trace_ids: str) -> None:
    """Make this cursor see a project's queues only (those made from its tasks) and their items of
    its traces (the query `trace_ids` gives them), through temporary views named like the tables.
    Queues made through it are written to the tables themselves."""
    ensure_table(con)
    con.execute(f"""
        CREATE OR REPLACE TEMP VIEW annotation_queues AS SELECT q.* FROM {stored_table(con, 'annotation_queues')} q
            WHERE q.task_id IN ({sql_list(task_ids)});
        CREATE OR REPLACE TEMP VIEW queue_items AS SELECT i.* FROM {stored_table(con, 'queue_items')} i
            WHERE i.trace_id IN ({trace_ids}) AND i.queue IN (SELECT name FROM annotation_queues);""")


def create(con: duckdb.DuckDBPyConnection, name: str, trace_ids: list[str], labels: list[str], rule: str,
           task_id: str | None = None, author: str | None = None) -> Queue:
    """A new queue of these traces (in this order, each once) to be given these labels."""
    if not NAME.fullmatch(name or ""):
        raise QueueError(f"queue name {name[:80]!r} must be lower-case letters, digits, '_', '.' or '-' (up to 64)")
    ids = list(dict.fromkeys(trace_ids))
    if not ids:
        raise QueueError(f"{rule}: no trace to review")
    if len(ids) > MAX_ITEMS:
        raise QueueError(f"{rule}: {len(ids):,} traces; a queue holds at most {MAX_ITEMS:,}")
    if not labels:
        raise QueueError("a queue needs at least one label to give")
    ensure_table(con)
    queues, queue_items = stored_table(con, "annotation_queues"), stored_table(con, "queue_items")
    if con.execute(f"SELECT 1 FROM {queues} WHERE name = ?", [name]).fetchone():  # any project's
        raise QueueError(f"a queue named {name!r} exists already")
    items = pa.table({"queue": pa.array([name] * len(ids)), "position": pa.array(range(len(ids)), pa.int32()),
                      "trace_id": pa.array(ids)})
    con.execute("BEGIN")
    try:
        con.execute(f"INSERT INTO {queues} VALUES (?, ?, ?, ?, ?, ?)",
                    [name, task_id, rule, orjson.dumps(labels).decode(), author, utcnow()])
        con.register("_queue_items_in", items)
        con.execute(f"INSERT INTO {queue_items} BY NAME SELECT * FROM _queue_items_in")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    finally:
        con.unregister("_queue_items_in")
    found = get(con, name)
    assert found is not None
    return found


_QUEUE = """SELECT q.name, q.task_id, q.rule, q.labels, q.author, q.created_at,
                   (SELECT count(*) FROM queue_items i WHERE i.queue = q.name) AS size
            FROM annotation_queues q"""


def _queue(row: tuple) -> Queue:
    return Queue(row[0], row[1], row[2], orjson.loads(row[3]), row[4], row[5], row[6])


def get(con: duckdb.DuckDBPyConnection, name: str) -> Queue | None:
    ensure_table(con)
    row = con.execute(_QUEUE + " WHERE q.name = ?", [name]).fetchone()
    return _queue(row) if row else None


def all_queues(con: duckdb.DuckDBPyConnection) -> list[Queue]:
    """Every queue, newest first."""
    ensure_table(con)
    return [_queue(r) for r in con.execute(_QUEUE + " ORDER BY q.created_at DESC, q.name").fetchall()]


def items(con: duckdb.DuckDBPyConnection, name: str) -> list[str]:
    """The queue's traces in order."""
    ensure_table(con)
    return [t for (t,) in con.execute("SELECT trace_id FROM queue_items WHERE queue = ? ORDER BY position",
                                      [name]).fetchall()]
