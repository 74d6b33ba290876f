"""REST endpoints for evaluation tasks, their runs and human annotations.

Previews and runs take one of the task service's query slots (503 with Retry-After when all are
busy) and end at their time budget (422). A preview is async: its query runs in a worker thread
and is interrupted when the client disconnects or the request is cancelled.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import anyio.to_thread
from fastapi import APIRouter, Body, HTTPException, Query, Request, Response
from pydantic import BaseModel

from sampler import annotation_configs, annotations
from sampler.query_budget import Query as UserQuery
from sampler.query_budget import QueryBusy, QueryCancelled, QueryTimeout
from scheduler import ledger
from scheduler.ledger import TaskExists, TaskNotFound
from scheduler.presets import PresetError
from scheduler.service import TaskService
from scheduler.task import TaskError, task_from_request
from infra.access import DEFAULT_PROJECT, audit
from tracepatrol.api.cursor import Cursor
from tracepatrol.api.guard import principal_of
from tracepatrol.scope import OtherProject, in_project, owned_trace

TASK_EXAMPLE = {
    "name": "complaint-triage",
    "window": {"mode": "backfill", "last": "3h"},
    "filters": [{"field": "status", "op": "eq", "value": "error"}],
    "sampling": {"ratio": 1.0, "max_items": 100},
    "evaluators": ["tool_selection", "parameters"],
}


T = TypeVar("T")
_DISCONNECT_POLL_S = 0.1


def _service(request: Request) -> TaskService:
    return request.app.state.tasks


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """Query limits as HTTP answers that say what happened."""
    try:
        yield
    except QueryBusy as exc:
        raise HTTPException(503, str(exc), headers={"Retry-After": "1"}) from None
    except QueryTimeout as exc:
        raise HTTPException(422, f"{exc}; narrow the window or the filters") from None
    except QueryCancelled as exc:
        raise HTTPException(503, str(exc)) from None


async def while_connected(request: Request, query: UserQuery, fn: Callable[[], T]) -> T:
    """`fn()` in a worker thread; its query is cancelled if the client leaves or the request is cancelled."""
    work = asyncio.ensure_future(anyio.to_thread.run_sync(fn))
    try:
        while not (await asyncio.wait({work}, timeout=_DISCONNECT_POLL_S))[0]:
            if await request.is_disconnected():
                query.cancel("the client disconnected")
        return work.result()
    finally:
        if not work.done():
            query.cancel("the request was cancelled")


async def preview(request: Request, doc: dict[str, Any]) -> dict[str, Any]:
    """What a run of the task `doc` would select now (the API's and the dashboard form's preview)."""
    runner = _service(request).runner
    with bounded(), runner.queries.take(wait=False) as query:  # refused before any work when busy
        spec = own_spec(request, await anyio.to_thread.run_sync(_spec, doc))  # a new regex is compiled by DuckDB
        sel = await while_connected(request, query, lambda: runner.preview(spec, query))
    return {"window": sel.window.model_dump(), "candidates": sel.candidates, "sampled_out": sel.sampled_out,
            "capped": sel.capped, "watermark": sel.watermark,
            "selected": [p._asdict() for p in sel.selected]}


def _spec(doc: dict[str, Any]):
    try:
        return task_from_request(doc)
    except (TaskError, PresetError) as exc:
        raise HTTPException(422, str(exc)) from None


def own_spec(request: Request, spec):
    """`spec` in the project of the request's key (403 for a task of another project)."""
    try:
        return in_project(spec, principal_of(request.scope))
    except OtherProject as exc:
        raise HTTPException(403, str(exc)) from None


def audited(request: Request, action: str, task_id: str, project: str, detail: str | None = None) -> None:
    """An audit-log entry for a change to a task, signed by the request's key (or session)."""
    cur = request.app.state.db.cursor()
    try:
        audit.record(cur, principal_of(request.scope) or "anonymous", action, task_id, project, detail)
    finally:
        cur.close()


def task_of(request: Request, task_id: str) -> dict[str, Any]:
    """A task of the request's project; another project's answers 404 as an unknown one does."""
    service, who = _service(request), principal_of(request.scope)
    try:
        row = service.ledger.get_task(task_id)
        if who is not None and not who.sees(row.spec.project):
            raise TaskNotFound(f"no task {task_id!r}")
    except TaskNotFound as exc:
        raise HTTPException(404, str(exc)) from None
    return task_docs(request, [row])[0]


def task_docs(request: Request, rows: list[ledger.TaskRow]) -> list[dict[str, Any]]:
    """Tasks as the API shows them: with their creator (one audit query for all of them: a
    listing of hundreds of tasks must not cost a statement per task while runs hold the store)
    and their next scheduled run."""
    service, cur = _service(request), request.app.state.db.cursor()
    try:
        created_by = audit.actors(cur, "task.created", [row.task_id for row in rows])
    finally:
        cur.close()
    return [{**row.as_dict(), "created_by": created_by.get(row.task_id), "next_run_time": service.next_run_time(row.task_id)}
            for row in rows]


def _import(request: Request, name: str, data: bytes, fmt: str) -> int:
    cur = request.app.state.db.cursor()
    try:
        with request.app.state.tasks.runner.queries.tracked(cur):
            return annotations.import_data(cur, name, data, fmt)
    finally:
        cur.close()


class AnnotationIn(BaseModel):
    """A status (`flagged`), and/or a defined label's value (`name`: correctness, `value`: wrong)."""

    status: str | None = None
    label: str | None = None
    note: str | None = None
    author: str | None = None
    name: str | None = None
    value: str | None = None


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["tasks"])

    @router.post("/api/tasks", status_code=201)
    def create_task(request: Request, doc: dict[str, Any] = Body(..., examples=[TASK_EXAMPLE, {"preset": "daily-patrol", "set": ["sampling.ratio=0.1"]}])) -> dict[str, Any]:
        """A task document, or `{"preset": NAME, "set": ["key=value", …]}`. A backfill task runs at once."""
        spec = own_spec(request, _spec(doc))
        try:
            with bounded():
                task, run = _service(request).create(spec)
        except TaskExists as exc:
            raise HTTPException(409, str(exc)) from None
        except TaskError as exc:  # an evaluator this server cannot run
            raise HTTPException(422, str(exc)) from None
        audited(request, "task.created", task.task_id, spec.project, "through the API")
        return {"task": task_of(request, task.task_id), "run": run}

    @router.get("/api/tasks")
    def list_tasks(request: Request) -> list[dict[str, Any]]:
        who = principal_of(request.scope)
        return task_docs(request, _service(request).ledger.list_tasks(None if who is None else who.project))

    @router.post("/api/tasks/preview")
    async def preview_task(request: Request, doc: dict[str, Any] = Body(..., examples=[TASK_EXAMPLE])) -> dict[str, Any]:
        """What a run of this task would select now; nothing is saved."""
        return await preview(request, doc)

    @router.get("/api/tasks/{task_id}")
    def get_task(request: Request, task_id: str) -> dict[str, Any]:
        return task_of(request, task_id)

    @router.delete("/api/tasks/{task_id}", status_code=204)
    def delete_task(request: Request, task_id: str) -> Response:
        project = task_of(request, task_id)["spec"].get("project", DEFAULT_PROJECT)
        _service(request).delete(task_id)
        audited(request, "task.deleted", task_id, project)
        return Response(status_code=204)

    @router.post("/api/tasks/{task_id}/run")
    def run_task(request: Request, task_id: str) -> dict[str, Any]:
        project = task_of(request, task_id)["spec"].get("project", DEFAULT_PROJECT)
        with bounded():
            run = _service(request).runner.run_now(task_id, "manual", wait=False)
        audited(request, "task.run", task_id, project, f"run {run['run_id']}")
        return run

    @router.post("/api/tasks/{task_id}/pause")
    def pause_task(request: Request, task_id: str) -> dict[str, Any]:
        task_of(request, task_id)
        _service(request).pause(task_id)
        task = task_of(request, task_id)
        audited(request, "task.paused", task_id, task["spec"].get("project", DEFAULT_PROJECT))
        return task

    @router.post("/api/tasks/{task_id}/resume")
    def resume_task(request: Request, task_id: str) -> dict[str, Any]:
        task_of(request, task_id)
        _service(request).resume(task_id)
        task = task_of(request, task_id)
        audited(request, "task.resumed", task_id, task["spec"].get("project", DEFAULT_PROJECT))
        return task

    @router.get("/api/tasks/{task_id}/runs")
    def task_runs(request: Request, task_id: str) -> list[dict[str, Any]]:
        task_of(request, task_id)
        return _service(request).ledger.runs(task_id)

    @router.get("/api/runs/{run_id}")
    def get_run(cur: Cursor, run_id: str) -> dict[str, Any]:
        run = ledger.run(cur, run_id)  # the request's cursor: another project's run is not there
        if run is None:
            raise HTTPException(404, f"no run {run_id!r}")
        return run

    @router.post("/api/traces/{trace_id}/annotations", status_code=201, tags=["annotations"])
    def annotate(request: Request, cur: Cursor, trace_id: str, body: AnnotationIn) -> dict[str, Any]:
        """Record a human-annotation status (the `annotation` filter reads the latest one) and/or a
        defined label's value; every annotation is kept. A key made with `keys create` signs it
        with its name (`author` is for the shared api_key and servers without keys)."""
        who, trace_id = principal_of(request.scope), trace_id.lower()
        if who is not None and who.project is not None and not owned_trace(cur, who, trace_id):
            raise HTTPException(404, f"no trace {trace_id!r}")
        author = who.name if who is not None and who.key_id is not None else body.author
        try:
            return vars(annotations.annotate(cur, trace_id, body.status, body.label, body.note, author,
                                             body.name, body.value))
        except annotations.AnnotationError as exc:
            raise HTTPException(422, str(exc)) from None

    @router.get("/api/traces/{trace_id}/annotations", tags=["annotations"])
    def current_annotation(cur: Cursor, trace_id: str) -> dict[str, Any]:
        found = annotations.current(cur, trace_id.lower())
        if found is None:
            raise HTTPException(404, f"trace {trace_id!r} has no annotation")
        return vars(found)

    @router.get("/api/traces/{trace_id}/annotations/history", tags=["annotations"])
    def annotation_history(cur: Cursor, trace_id: str) -> list[dict[str, Any]]:
        """Every annotation of the trace, newest first."""
        return [vars(a) for a in annotations.history(cur, trace_id.lower())]

    @router.get("/api/annotation-configs", tags=["annotations"])
    def label_configs(cur: Cursor) -> list[dict[str, Any]]:
        return [c.model_dump(exclude_none=True) for c in annotation_configs.all_configs(cur)]

    @router.post("/api/annotation-configs", status_code=201, tags=["annotations"])
    def define_label(cur: Cursor, doc: dict[str, Any] = Body(..., examples=[
            {"name": "correctness", "kind": "categorical", "values": ["right", "partly", "wrong"]}])) -> dict[str, Any]:
        """Define a label once: categorical (values), score (min, max) or text."""
        try:
            return annotation_configs.define(cur, doc).model_dump(exclude_none=True)
        except annotation_configs.ConfigError as exc:
            raise HTTPException(422, str(exc)) from None

    @router.get("/api/annotations/export", tags=["annotations"], response_class=Response)
    def export_annotations(cur: Cursor) -> Response:
        """Every annotation as CSV (the import's columns and created_at): a file the import takes back."""
        return Response(annotations.export_csv(cur), media_type="text/csv; charset=utf-8")

    @router.post("/api/annotations/import", tags=["annotations"])
    async def import_annotations(request: Request, format: str = Query(..., pattern="^(csv|jsonl)$"),
                                 name: str = "upload") -> dict[str, int]:
        """Bulk import: the body is CSV (trace_id,status[,label,note,author] or trace_id,name,value[,note,author])
        or JSONL; all rows or none."""
        data = await request.body()
        try:  # parsing and storing up to the import limit is work for a thread, not the event loop
            return {"imported": await anyio.to_thread.run_sync(_import, request, name, data, format)}
        except annotations.AnnotationError as exc:
            raise HTTPException(422, str(exc)) from None

    return router
