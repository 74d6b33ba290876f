"""Deterministic selection: which traces of a window a policy picks, in one DuckDB query.

Only the task's project's traces are candidates (the store's relation is scoped before any
filter applies), so no filter can reach another project's traces. A trace is in the sample when
`sample_hash(salt, trace_id) < ratio`; the cap keeps the lowest hashes. The hash is md5 (stable across DuckDB versions and reproducible in Python), so a rerun
or a preview picks the same ids, and a lower ratio picks a subset of a higher one.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Literal, NamedTuple

import duckdb
from pydantic import BaseModel, ConfigDict, field_validator

from collector import store
from infra.access import DEFAULT_PROJECT
from infra.timeutil import naive_utc
from sampler.annotations import current_statuses
from sampler.filters import Params, compile_filters, reads_annotations
from sampler.policy import SamplingPolicy

_TWO_64 = 2.0**64
# md5_number reads the digest little-endian, so its low 64 bits are the digest's first 8 bytes
# (as `sample_hash` reads them); twice as fast as parsing the hex of md5().
_HASH_SQL = "(md5_number({salt} || ':' || t.trace_id) & 18446744073709551615)::UBIGINT"


def sample_hash(salt: str, trace_id: str) -> float:
    """Where a trace falls in [0, 1] for this salt: md5(salt:trace_id)'s first 8 bytes, little-endian, / 2^64."""
    digest = hashlib.md5(f"{salt}:{trace_id}".encode()).digest()
    return int.from_bytes(digest[:8], "little") / _TWO_64


def default_salt(task_name: str) -> str:
    """Each task samples independently (renaming a task changes its sample).

    Short on purpose: with salt, ':' and a 32-hex trace id under 56 bytes, md5 hashes one block
    instead of two, which is a third of a month-long backfill's time.
    """
    return "t-" + hashlib.md5(task_name.encode()).hexdigest()[:16]


class TimeRange(BaseModel):
    """The window a run reads, as the store's naive-UTC timestamps.

    `start_time` (backfill): start <= start_time < end.
    `completed_at` (rolling): start < completed_at <= end, so the previous run's watermark as
    `start` never re-reads the trace that set it. `start` None means unbounded.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    column: Literal["start_time", "completed_at"]
    start: dt.datetime | None = None
    end: dt.datetime

    @field_validator("start", "end")
    @classmethod
    def _utc(cls, v: dt.datetime | None) -> dt.datetime | None:
        return naive_utc(v)


class Picked(NamedTuple):
    trace_id: str
    version: int
    hash: float


@dataclass(frozen=True)
class Selection:
    """What a run picked and why the rest was not: candidates = sampled_out + capped + selected."""

    window: TimeRange
    candidates: int
    sampled_out: int
    capped: int
    selected: list[Picked]
    watermark: dt.datetime | None  # latest completed_at among candidates (rolling runs resume after it)


def _window_sql(window: TimeRange, p: Params) -> str:
    if window.column == "start_time":
        lower, upper = "t.start_time >= {}", "t.start_time < {}"
    else:
        lower, upper = "t.completed_at > {}", "t.completed_at <= {}"
    parts = [upper.format(p.ref(window.end))]
    if window.start is not None:
        parts.insert(0, lower.format(p.ref(window.start)))
    return " AND ".join(parts)


def select(con: duckdb.DuckDBPyConnection, policy: SamplingPolicy, salt: str, window: TimeRange,
           project: str = DEFAULT_PROJECT) -> Selection:
    """Pick `project`'s traces for one run; read-only unless the annotations table has to be created.

    The query reads the relations bound below by their names (DuckDB finds them in this frame).
    """
    trajectories = store.trajectories(con, project)
    annotation_status = current_statuses(con) if reads_annotations(policy) else None  # read by the filters
    where, p = compile_filters(policy)
    window_sql = _window_sql(window, p)
    in_sample = "TRUE" if policy.sampling.ratio >= 1.0 else f"h::DOUBLE / {_TWO_64!r} < {p.ref(policy.sampling.ratio)}"
    candidates, in_sample_count, watermark, picked = con.execute(
        f"""
        WITH c AS (
            SELECT t.trace_id, t.version, t.completed_at, {_HASH_SQL.format(salt=p.ref(salt))} AS h
            FROM trajectories t
            WHERE {window_sql} AND {where}
        ), s AS (SELECT *, {in_sample} AS picked FROM c)
        SELECT count(*), count(*) FILTER (WHERE picked), max(completed_at),
               min_by((trace_id, version, h), (h, trace_id), {p.ref(policy.sampling.max_items)}) FILTER (WHERE picked)
        FROM s
        """,
        p,
    ).fetchone()
    selected = [Picked(tid, version, h / _TWO_64) for tid, version, h in (picked or [])]
    return Selection(
        window=window,
        candidates=candidates,
        sampled_out=candidates - in_sample_count,
        capped=in_sample_count - len(selected),
        selected=selected,
        watermark=watermark,
    )
