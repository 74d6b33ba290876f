"""What one request may read: a key of one project reads through a cursor on which every trace,
span, tool call, annotation, queue, task, run, item and result table is that project's alone (each owner's `scope`
shadows its tables with temporary views of the same names), so every read composed on it, the
dashboard's roll-ups, the explorer, reports and the API alike, is scoped without knowing it.
Admin keys (every project) read the tables as they are. The by-id routes check ownership too
(`owned_*`), answering 404 as for an id that does not exist."""
from __future__ import annotations

import duckdb

from collector import store
from evaluators import results as evaluations
from infra.access import Principal
from sampler import annotation_queues, annotations, views
from scheduler import ledger
from scheduler.task import TaskSpec


class OtherProject(PermissionError):
    """A key of one project asked for a task of another (403: it exists or not, it is not theirs)."""


def scope_cursor(cur: duckdb.DuckDBPyConnection, who: Principal | None) -> duckdb.DuckDBPyConnection:
    """`cur`, seeing only `who`'s project (as it is for a key of every project)."""
    if who is not None and who.project is not None:
        trace_ids = store.scope(cur, who.project)
        annotations.scope(cur, trace_ids)
        task_ids = ledger.scope(cur, who.project)
        evaluations.scope(cur, task_ids)
        annotation_queues.scope(cur, task_ids, trace_ids)
        views.scope(cur, who.project)
    return cur


def owned_trace(cur, who: Principal, trace_id: str) -> bool:
    project = store.project_of(cur, trace_id)
    return project is not None and who.sees(project)


def owned_task(cur, who: Principal, task_id: str) -> bool:
    project = ledger.project_of_task(cur, task_id)
    return project is not None and who.sees(project)


def owned_run(cur, who: Principal, run_id: str) -> bool:
    project = ledger.project_of_run(cur, run_id)
    return project is not None and who.sees(project)


def in_project(spec: TaskSpec, who: Principal | None) -> TaskSpec:
    """A task made or previewed with a key of one project samples that project: a task that names
    no project takes the key's, one that names another is refused."""
    if who is None or who.project is None:
        return spec
    if "project" in spec.model_fields_set and spec.project != who.project:
        raise OtherProject(f"{who.describe()} cannot make or preview tasks of project {spec.project!r}")
    return spec.model_copy(update={"project": who.project})
